"""The `citadels` command: `game` (watch bots play one game), `fuzz` (long random-playout invariant run),
`replay` (print a saved game record)."""

from __future__ import annotations

import argparse
import random
import sys

from .core import PRESET_NAMES, Game, GameConfig
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
            line = describe_event(e) if _ == 255 else None
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
    game = load(args.file)
    for m, e in game.events:
        line = describe_event(e) if m == 255 else None
        if line:
            print(line)
    if game.result() is not None:
        print()
        print(score_table(game, game.result()))
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
    r.set_defaults(fn=cmd_replay)
    args = parser.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
