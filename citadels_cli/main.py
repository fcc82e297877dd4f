"""The `citadels` command: `play` (a person against bots, in the terminal), `eval` (agents against each
other over many games: win rates, ratings, plot), `game` (watch random bots play one game), `replay`
(print a saved game record), `fuzz` (long random-playout invariant run), `agents` (the registered ids)."""

from __future__ import annotations

import argparse

from citadels_env.core import PRESET_NAMES
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS

from .bots import cmd_agents, cmd_eval, cmd_train
from .games import cmd_fuzz, cmd_game, cmd_play, cmd_replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="citadels", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("game", help="watch random bots play one game, turn by turn")
    g.add_argument("--players", type=int, default=4)
    g.add_argument("--preset", choices=PRESET_NAMES, default=None)
    g.add_argument("--rank9", action="store_true", help="add the preset's rank-9 character (4-7 players)")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--quiet", action="store_true", help="print only the final scores")
    g.add_argument("--save", metavar="FILE", help="save the game record (JSON)")
    g.set_defaults(fn=cmd_game)
    f = sub.add_parser("fuzz", help="random playouts with invariants checked at every step")
    f.add_argument("--games", type=int, default=1000)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--deep", action="store_true", help="also check clone, determinize and every legal action")
    f.set_defaults(fn=cmd_fuzz)
    r = sub.add_parser("replay", help="print the public events and scores of a saved game record")
    r.add_argument("file")
    r.add_argument("--step", action="store_true", help="wait for Enter at each new round")
    r.set_defaults(fn=cmd_replay)
    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play one game in the terminal: the board from your seat, numbered "
                                   "choices.")
    p.add_argument("--players", type=int, default=4, choices=range(MIN_PLAYERS, MAX_PLAYERS + 1), metavar="N",
                   help="2 to 8 (default 4)")
    p.add_argument("--preset", choices=PRESET_NAMES, default=None)
    p.add_argument("--rank9", action="store_true", help="add the preset's rank-9 character (4-7 players)")
    p.add_argument("--seed", type=int, default=None, help="the deal (default: random, printed)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 = the first crown (default 0)")
    p.add_argument("--opponents", nargs="+", default=["heuristic"], metavar="AGENT",
                   help="agent ids for the other seats, repeated as needed (default: heuristic)")
    p.add_argument("--save", metavar="FILE", help="game record path (default citadels-SEED.json)")
    p.add_argument("--no-save", action="store_true", help="do not save the game record")
    p.set_defaults(fn=cmd_play)
    e = sub.add_parser("eval", help="evaluate agents against each other over many games",
                       description="Agents by id (`citadels agents`) play --games games, seats rotated; "
                                   "fewer ids than --players: the first id against the others repeated.")
    e.add_argument("agents", nargs="+", metavar="AGENT")
    e.add_argument("--games", type=int, default=100)
    e.add_argument("--players", type=int, default=None, help="default: one seat per AGENT (4 for one AGENT)")
    e.add_argument("--preset", choices=PRESET_NAMES, default=None)
    e.add_argument("--rank9", action="store_true", help="add the preset's rank-9 character (4-7 players)")
    e.add_argument("--seed", type=int, default=0, help="game k is dealt with seed SEED+k")
    e.add_argument("--workers", type=int, default=1, help="processes (0 = every core)")
    e.add_argument("--out", metavar="DIR", help="write DIR/results.json and DIR/winrates.png")
    e.add_argument("--markdown", action="store_true", help="print the tables as markdown")
    e.add_argument("--no-progress", action="store_true", help="no progress bar")
    e.set_defaults(fn=cmd_eval)
    t = sub.add_parser("train", help="train a policy (self-play PPO, or MaskablePPO with --algo sb3)",
                       description="Train from a config (configs/*.yaml); any further --field value pairs override "
                                   "it (python -m training.ppo --help lists them), e.g. --total-steps 100000.")
    t.add_argument("--config", default="configs/ppo.yaml", help="YAML config (default configs/ppo.yaml)")
    t.add_argument("--algo", choices=("ppo", "sb3"), default="ppo")
    t.set_defaults(fn=cmd_train)
    a = sub.add_parser("agents", help="list the registered agent ids")
    a.set_defaults(fn=cmd_agents)
    args, extra = parser.parse_known_args(argv)
    if args.command == "train":
        args.overrides = extra  # --field value pairs for the training config
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args.fn(args)
