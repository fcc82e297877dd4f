"""The `citadels` command: `play` (a person against bots, in the terminal), `eval` (agents against each
other over many games: win rates, ratings, plot), `game` (watch random bots play one game), `replay`
(print a saved game record), `fuzz` (long random-playout invariant run), `agents` (the registered ids)."""

from __future__ import annotations

import argparse
import random
import sys

from .core import PRESET_NAMES, Game, GameConfig, Rng
from .core.game import ALL as ALL_SEATS  # the seen-by mask of a public event
from .core.record import load, save
from .text import describe_event, score_table


def _config(args: argparse.Namespace) -> GameConfig:
    return GameConfig(players=args.players, preset=args.preset, use_rank9=args.rank9)


def cmd_game(args: argparse.Namespace) -> int:
    """Random legal bots play one game; every public event is printed, then the score breakdown."""
    game = Game(_config(args), args.seed)
    pick = random.Random(args.seed)
    printed = 0
    while True:
        for _, e in game.events[printed:]:
            line = describe_event(e) if _ == ALL_SEATS else None
            if line and not args.quiet:
                print(line)
        printed = len(game.events)
        if game.is_over:
            break
        game.apply(pick.choice(game.legal_actions()))
    result = game.result()
    print(f"\n{len(game.actions)} decisions, {game.round} rounds\n")
    print(score_table(game, result))
    if args.save:
        save(game, args.save)
        print(f"\nrecord saved to {args.save}")
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random games over random configurations with every invariant checked at every step."""
    from .core.invariants import playout, random_config

    try:
        from tqdm import trange
    except ImportError:  # tqdm is a dev extra
        trange = range
    failures = 0
    for i in trange(args.games):
        seed = args.seed + i
        config = random_config(random.Random(seed))
        try:
            playout(config, seed, deep=args.deep)
        except Exception as exc:  # report every failing seed, then fail
            failures += 1
            print(f"seed {seed}: {config} -> {exc!r}", file=sys.stderr)
    print(f"{args.games} games, {failures} failures")
    return 1 if failures else 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Print the public events of a record; with --step, wait for Enter at each new round ('q' stops)."""
    game = load(args.file)
    print(f"{game.num_players} players, seed {game.seed}, {len(game.actions)} decisions")
    for m, e in game.events:
        if args.step and e[0] == "round" and e[1] > 1:
            sys.stdout.write("-- Enter: next round, q: stop -- ")
            sys.stdout.flush()
            answer = sys.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit"):
                return 0
        line = describe_event(e) if m == ALL_SEATS else None
        if line:
            print(line)
    if game.result() is not None:
        print()
        print(score_table(game, game.result()))
    else:
        print("\n(the record ends before the end of the game)")
    return 0


def _opponents(ids: list[str], count: int) -> list[str]:
    if len(ids) > count:
        raise SystemExit(f"citadels play: {len(ids)} opponents for {count} other seats")
    return [ids[i % len(ids)] for i in range(count)]


def cmd_play(args: argparse.Namespace) -> int:
    """A person plays one game in the terminal against agents by id."""
    from agents import make, play_game
    from agents.human import HumanAgent, HumanQuit

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    n = args.players
    if not 0 <= args.seat < n:
        raise SystemExit(f"citadels play: --seat {args.seat} is not a seat of a {n}-player game (0..{n - 1})")
    opponents = iter(_opponents(args.opponents, n - 1))
    human = HumanAgent()
    try:
        config = _config(args)
        config.resolve(Rng(seed))
        seats = [human if s == args.seat else make(next(opponents), seed=seed + s) for s in range(n)]
    except ValueError as exc:  # a ConfigError, an unknown agent id or bad agent options
        raise SystemExit(f"citadels play: {exc}") from None
    print(f"Citadels, {n} players, seed {seed} (replay this deal with --seed {seed})")
    for s, agent in enumerate(seats):
        print(f"  P{s}: " + ("you" if agent is human else agent.name))
    playing = []  # the game being played, kept to save an unfinished record
    bit = 1 << args.seat

    def keep(game, seat, action) -> None:
        if not playing:
            playing.append(game)
        if seat != args.seat:  # the bots' moves as they come (the human agent prints the rest)
            human.show_events(e for m, e in game.events if m & bit)

    try:
        match = play_game(seats, config, seed, on_decision=keep)
    except HumanQuit as exc:
        print(f"\n{exc}. Game abandoned.")
        if args.save and playing:
            save(playing[0], args.save)
            print(f"unfinished record saved to {args.save}")
        return 1
    game = match.game
    human.show_events(e for m, e in game.events if m & bit)
    result = match.result
    print()
    print(score_table(game, result))
    place = result.ranking.index(args.seat) + 1
    print("\nYou win!" if place == 1 else f"\nYou finish #{place} of {n}.")
    path = args.save or f"citadels-{seed}.json"
    if not args.no_save:
        save(game, path)
        print(f"record saved to {path} (citadels replay {path})")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """Agents by id play many games with rotated seats; prints the table, writes results.json and
    winrates.png."""
    from pathlib import Path

    from agents.evaluate import EvaluationError, evaluate

    try:
        report = evaluate(args.agents, games=args.games, players=args.players, preset=args.preset,
                          use_rank9=args.rank9, seed=args.seed, workers=args.workers,
                          progress=not args.no_progress)
    except (EvaluationError, ValueError) as exc:
        print(f"citadels eval: {exc}", file=sys.stderr)
        return 1
    print(report.table(markdown=args.markdown))
    if args.out:
        out = Path(args.out)
        report.to_json(out / "results.json")
        report.plot(out / "winrates.png")
        print(f"\nwrote {out / 'results.json'} and {out / 'winrates.png'}")
    return 0


def cmd_agents(args: argparse.Namespace) -> int:
    from agents import available

    for name, doc in available().items():
        print(f"{name:18} {doc}")
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    if args.algo == "sb3":
        from training import sb3

        sb3.main(["--config", args.config, *args.overrides])
    else:
        from training import ppo

        ppo.main(["--config", args.config, *args.overrides])
    return 0


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
    p.add_argument("--players", type=int, default=4, choices=range(2, 9), metavar="N",
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


if __name__ == "__main__":
    sys.exit(main())
