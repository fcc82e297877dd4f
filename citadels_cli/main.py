"""The `citadels` command: `play` (a person against bots, in the terminal), `eval` (agents against each
other over many games: win rates, ratings, plot), `game` (watch random bots play one game), `replay`
(print a saved game record), `fuzz` (long random-playout invariant run), `agents` (the registered ids),
`train` (a policy), `serve` (play in the browser). Errors are one line (`--debug` shows the traceback): exit 2 for a bad option, 1 for a
runtime error, 130 for Ctrl-C."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from citadels_env.core import PRESET_NAMES, ConfigError, GameConfig, Rng
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS

from .bots import cmd_agents, cmd_eval, cmd_train
from .errors import PROG, UsageParser, guarded
from .games import cmd_fuzz, cmd_game, cmd_play, cmd_replay
from .serve import add_limit_options, check_serve, cmd_serve

PLAYERS = f"{MIN_PLAYERS} to {MAX_PLAYERS}"


def int_at_least(low: int) -> Callable[[str], int]:
    """An argparse type: an integer >= low (argparse reports the error, naming the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return parse


def players(text: str) -> int:
    """An argparse type: a player count the game supports."""
    value = int_at_least(MIN_PLAYERS)(text)
    if value > MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"must be {PLAYERS} players, got {value}")
    return value


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser and each command's subparser (for its usage errors)."""
    parser = UsageParser(prog=PROG, description=__doc__)
    parser.add_argument("--debug", action="store_true", help="show the traceback of an error")
    common = argparse.ArgumentParser(add_help=False)  # --debug after the command too
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, fn: Callable[[argparse.Namespace], int], **kwargs: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[common], **kwargs)
        p.set_defaults(fn=fn)
        return p

    g = command("game", cmd_game, help="watch random bots play one game, turn by turn")
    g.add_argument("--players", type=players, default=4, metavar="N", help=f"{PLAYERS} (default 4)")
    g.add_argument("--preset", choices=PRESET_NAMES, default=None)
    g.add_argument("--rank9", action="store_true", help="add the preset's rank-9 character (4-7 players)")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--quiet", action="store_true", help="print only the final scores")
    g.add_argument("--save", metavar="FILE", help="save the game record (JSON)")
    f = command("fuzz", cmd_fuzz, help="random playouts with invariants checked at every step")
    f.add_argument("--games", type=int_at_least(1), default=1000)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--deep", action="store_true", help="also check clone, determinize and every legal action")
    f.add_argument("--workers", type=int_at_least(1), default=1, help="processes (default 1)")
    f.add_argument("--no-progress", action="store_true", help="no progress bar")
    r = command("replay", cmd_replay, help="print the public events and scores of a saved game record")
    r.add_argument("file")
    r.add_argument("--step", action="store_true", help="wait for Enter at each new round")
    view = r.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int_at_least(0), default=None, metavar="N",
                      help="the game as seat N saw it: hand, gold, choices")
    view.add_argument("--full", action="store_true",
                      help="a finished game with everything, hands and face-down cards included")
    p = command("play", cmd_play, help="play a game in the terminal against bots",
                description="Play one game in the terminal: the board from your seat, numbered choices.")
    p.add_argument("--players", type=players, default=4, metavar="N", help=f"{PLAYERS} (default 4)")
    p.add_argument("--preset", choices=PRESET_NAMES, default=None)
    p.add_argument("--rank9", action="store_true", help="add the preset's rank-9 character (4-7 players)")
    p.add_argument("--seed", type=int, default=None, help="the deal (default: random, printed)")
    p.add_argument("--seat", type=int_at_least(0), default=0, help="your seat, 0 = the first crown (default 0)")
    p.add_argument("--opponents", nargs="+", default=["heuristic"], metavar="AGENT",
                   help="agent ids for the other seats, repeated as needed (default: heuristic)")
    p.add_argument("--save", metavar="FILE", help="game record path (default citadels-SEED.json)")
    p.add_argument("--no-save", action="store_true", help="do not save the game record")
    e = command("eval", cmd_eval, help="evaluate agents against each other over many games",
                description="Agents by id (`citadels agents`) play --games games, seats rotated; fewer ids than "
                            "--players: the first id against the others repeated.")
    e.add_argument("agents", nargs="+", metavar="AGENT")
    e.add_argument("--games", type=int_at_least(1), default=100)
    e.add_argument("--players", type=players, default=None, metavar="N",
                   help=f"{PLAYERS}; default: one seat per AGENT (4 for one AGENT)")
    e.add_argument("--preset", choices=PRESET_NAMES, default=None)
    e.add_argument("--rank9", action="store_true", help="add the preset's rank-9 character (4-7 players)")
    e.add_argument("--seed", type=int, default=0, help="game k is dealt with seed SEED+k")
    e.add_argument("--workers", type=int_at_least(0), default=1, help="processes (0 = every core)")
    e.add_argument("--out", metavar="DIR", help="write DIR/results.json and DIR/winrates.png")
    e.add_argument("--markdown", action="store_true", help="print the tables as markdown")
    e.add_argument("--no-progress", action="store_true", help="no progress bar")
    e.add_argument("--ray", action="store_true",
                   help="play the games as Ray tasks (a local Ray, or the cluster at --address); same results")
    e.add_argument("--address", default=None, metavar="ADDR",
                   help="with --ray: the Ray cluster to join (auto, or HOST:PORT as `ray start --head` printed)")
    t = command("train", cmd_train, help="train a policy (self-play PPO; MaskablePPO with --algo sb3; "
                                         "multi-agent PPO on Ray RLlib with --algo rllib)",
                description="Train from a config (configs/*.yaml); any further --field value pairs override it "
                            "(python -m training.ppo --help lists them), e.g. --total-steps 100000.")
    t.add_argument("--config", default=None,
                   help="YAML config (default configs/ALGO.yaml when there is one, else the built-in defaults)")
    t.add_argument("--algo", choices=("ppo", "sb3", "rllib", "league"), default="ppo")
    command("agents", cmd_agents, help="list the registered agent ids")
    w = command("serve", cmd_serve, help="play in the browser: a local server with rooms, bots and replays",
                description="Start the browser game (docs/WEB.md) and print its address.")
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    w.add_argument("--port", type=int, default=8000)
    w.add_argument("--records", default="citadels-records", metavar="DIR",
                   help="where finished games are saved (default ./citadels-records)")
    w.add_argument("--bot-file", action="append", default=[], metavar="PATH",
                   help="a checkpoint the lobby offers as a bot (repeatable)")
    w.add_argument("--replay", default=None, metavar="FILE", help="open this game record in the browser")
    w.add_argument("--hint-bot", default="ppo", metavar="AGENT", help="the policy behind the hint (default ppo)")
    add_limit_options(w)
    return parser, sub.choices


def check_game_options(parser: argparse.ArgumentParser, args: argparse.Namespace, n: int) -> None:
    """The game the options describe exists: the preset and --rank9 fit the player count (usage errors)."""
    try:
        resolved = GameConfig(players=n, preset=args.preset, use_rank9=args.rank9).resolve(Rng(0))
    except ConfigError as exc:
        parser.error(str(exc))
    if args.rank9 and not resolved.has_rank9:
        parser.error(f"--rank9: the {args.preset or 'first_game'} preset has no rank-9 character for {n} players; "
                     f"give 4-7 players and another --preset")


def check_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every option of the command checked before any work starts: options that do not fit together are usage
    errors (exit 2); an agent that cannot be made or a closed standard input, runtime errors (exit 1)."""
    if args.command == "game":
        check_game_options(parser, args, args.players)
    elif args.command == "eval":
        n = args.players if args.players is not None else (len(args.agents) if len(args.agents) > 1 else 4)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            parser.error(f"{n} agents: a game seats {PLAYERS} players")
        if len(args.agents) > n:
            parser.error(f"{len(args.agents)} agents for {n} seats; give --players {len(args.agents)} or fewer agents")
        check_game_options(parser, args, n)
        if args.address is not None and not args.ray:
            parser.error("argument --address: only with --ray")
        if args.address is not None:
            from agents.evaluate_ray import address_problem

            problem = address_problem(args.address)
            if problem:
                parser.error(f"argument --address: {problem}")
        if args.ray and args.workers != 1:
            parser.error("argument --workers: not with --ray (the cluster's CPUs are the workers)")
    elif args.command == "play":
        n = args.players
        if args.seat >= n:
            parser.error(f"argument --seat: {args.seat} is not a seat of a {n}-player game (0 to {n - 1})")
        if len(args.opponents) > n - 1:
            parser.error(f"argument --opponents: {len(args.opponents)} agents for {n - 1} other seats")
        if args.save and args.no_save:
            parser.error("argument --no-save: not allowed with --save")
        check_game_options(parser, args, n)
        if sys.stdin is None or sys.stdin.closed:
            raise ValueError("play reads your choices from standard input, which is closed; run it in a terminal "
                             "or pipe the answers in")
        from agents.evaluate import check_agents

        check_agents(args.opponents)
    elif args.command == "serve":
        check_serve(parser, args)


def main(argv: list[str] | None = None) -> int:
    """Run the command line `argv` (default sys.argv[1:]); returns the exit status. Usage errors raise SystemExit(2)
    as argparse does, after their one line."""
    argv = sys.argv[1:] if argv is None else list(argv)
    return guarded(lambda: _run(argv), debug="--debug" in argv)  # --debug known even if parsing is interrupted


def _run(argv: list[str]) -> int:
    parser, commands = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "train":
        args.overrides = [a for a in extra if a != "--debug"]  # --field value pairs for the training config
    elif extra:
        commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    check_options(commands[args.command], args)
    return args.fn(args)
