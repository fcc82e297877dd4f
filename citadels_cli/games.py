"""The commands about one game: `game` (watch random bots play one game), `replay` (print a saved game record),
`fuzz` (long random-playout invariant run) and `play` (a person against bots, in the terminal)."""

from __future__ import annotations

import argparse
import random
import sys

from citadels_env.core import Game, GameConfig, Rng
from citadels_env.core.record import load, save
from citadels_env.core.state import ALL as ALL_SEATS  # the seen-by mask of a public event
from citadels_env.text import describe_event, score_table


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
    from citadels_env.core.invariants import playout, random_config

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
