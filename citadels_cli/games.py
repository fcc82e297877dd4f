"""The commands about one game: `game` (watch random bots play one game), `replay` (print a saved game record),
`fuzz` (long random-playout invariant run) and `play` (a person against bots, in the terminal)."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator

from citadels_env.core import Action, Game, GameConfig, Rng
from citadels_env.core.knowledge import PlayerView
from citadels_env.core.record import load, save
from citadels_env.core.state import ALL as ALL_SEATS  # the seen-by mask of a public event
from citadels_env.core.state import DRAFT
from citadels_env.text import (
    char_name,
    decision_header,
    describe_action,
    describe_decision,
    describe_event,
    district_label,
    district_name,
    personal_note,
    plural,
    score_table,
)


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
    """Random games cycling over every table size, preset, rank-9 choice and ruling, with every invariant checked at
    every step, on --workers processes; each failing game is printed with its seed and configuration."""
    from .fuzz import run

    games, decisions, seconds, failures = run(args.games, args.seed, getattr(args, "workers", 1),
                                              deep=args.deep, progress=not getattr(args, "no_progress", False))
    for f in failures:
        print(f"game {f.index} (seed {f.seed}): {f.config} -> {f.error}", file=sys.stderr)
    print(f"{plural(games, 'game')}, {plural(decisions, 'decision')}, {seconds:.1f} s, "
          f"{plural(len(failures), 'violation')}")
    return 1 if failures else 0


# -- replay views: (round started by this line or 0, text) pairs, for cmd_replay and its --step ------------------
Lines = Iterator[tuple[int, str]]


def public_lines(game: Game) -> Lines:
    """The public events of a record, as any spectator saw them."""
    for m, e in game.events:
        line = describe_event(e) if m == ALL_SEATS else None
        if line:
            yield (e.round if e.kind == "round" else 0), line


def seat_lines(record: Game, seat: int) -> Lines:
    """The game as `seat` saw it, step by step: the events it saw (and what they meant for it), and at each of its
    decisions its gold, characters and hand, the question, every choice offered and the one it took (`->`).

    Everything printed comes from `Game.view(seat)` of the replayed game, the action `seat` took itself, and the
    events whose seen-by mask holds `seat`: what another seat cannot know never reaches the text."""
    game = Game(record.config, record.seed)
    shown = 0
    for action in [*record.actions, None]:
        view = game.view(seat)
        for e in view.events[shown:]:
            line = describe_event(e)
            if line:
                yield (e.round if e.kind == "round" else 0), line
            note = personal_note(e, seat, view.my_characters)
            if note:
                yield 0, f"  >> {note}"
        shown = len(view.events)
        if action is None:
            return
        if game.current_player == seat:
            yield from ((0, line) for line in _seat_decision(view, action))
        game.apply(action)


def _seat_decision(view: PlayerView, action: Action) -> list[str]:
    me = view.players[view.seat]
    chars = ", ".join(char_name(c) for c in view.my_characters) or "none yet"
    hand = ", ".join(district_label(d) for d in view.hand) or "empty"
    lines = [f"  P{view.seat} (you): {me.gold} gold | characters: {chars} | hand: {hand}",
             f"  [{decision_header(view.decision_kind)}] {describe_decision(view)}"]
    for a in view.legal_actions:
        lines.append(f"  {'->' if a == action else '  '} {describe_action(a, view)}")
    return lines


def full_lines(record: Game) -> Lines:
    """Everything of a finished game: every event (private ones marked with who saw them), each seat's hand at the
    start of each round, each seat's characters and the characters discarded face down once the draft is over, and
    every decision with the choice made."""
    game = Game(record.config, record.seed)
    n = game.num_players
    shown, dealt = 0, 0  # events printed; the last round whose characters were printed
    for action in [*record.actions, None]:
        for m, e in game.events[shown:]:
            line = describe_event(e)
            if line:
                seen = "" if m == ALL_SEATS else f"  [seen by {', '.join(f'P{s}' for s in range(n) if m >> s & 1)}]"
                yield (e.round if e.kind == "round" else 0), line + seen
            if e.kind == "round" and e.round == game.round:
                yield from ((0, f"  hand of P{p.seat}: {', '.join(map(district_name, sorted(p.hand))) or '-'}")
                            for p in game.players)
            if e.kind == "called" and dealt != game.round and game.phase != DRAFT:
                dealt = game.round
                chars = "; ".join(f"P{p.seat}: {', '.join(map(char_name, p.chars))}" for p in game.players)
                yield 0, f"  characters: {chars}"
                yield 0, f"  discarded face down: {', '.join(map(char_name, game.facedown)) or '-'}"
        shown = len(game.events)
        if action is None:
            return
        yield 0, _full_decision(game, action)
        game.apply(action)


def _full_decision(game: Game, action: Action) -> str:
    kind = game.decision_kind
    header = f"the {char_name(game.turn.char)}'s turn" if kind == "turn" and game.turn else decision_header(kind)
    text = f"  P{game.current_player} [{header}]: {describe_action(action, game)}"
    if kind in ("draft_keep", "draft_discard"):
        text += f" (from {', '.join(char_name(a.arg) for a in game.legal_actions())})"
    return text


def _pause(prompt: str) -> bool:
    """--step: wait for Enter; False when the reader stops ('q' or the end of the input)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    answer = sys.stdin.readline() if sys.stdin is not None else ""
    return bool(answer) and answer.strip().lower() not in ("q", "quit")


def cmd_replay(args: argparse.Namespace) -> int:
    """Print a record: its public events (default), the game as one seat saw it (--seat N: its hand, gold, the
    choices it was offered and took, the events it could see), or everything, hidden cards included (--full, a
    finished game only). With --step, wait for Enter at each new round ('q' stops)."""
    game = load(args.file)
    seat, full = getattr(args, "seat", None), getattr(args, "full", False)
    n = game.num_players
    if seat is not None and full:
        raise ValueError("--seat and --full: give one of them (--full already shows every seat)")
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"--seat {seat}: the record has {n} players (0..{n - 1})")
    if full and not game.is_over:
        raise ValueError("--full shows every hidden card: only for a finished game, and this record ends before "
                         "the end of the game (use --seat N)")
    print(f"{plural(n, 'player')}, seed {game.seed}, {plural(len(game.actions), 'decision')}"
          + (f", as P{seat} saw it" if seat is not None else ", everything shown" if full else ""))
    lines = seat_lines(game, seat) if seat is not None else full_lines(game) if full else public_lines(game)
    for new_round, line in lines:
        if args.step and new_round > 1 and not _pause("-- Enter: next round, q: stop -- "):
            return 0
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
    from agents.human import HumanAgent, HumanQuit, InputClosed

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
            human.show_events((e for m, e in game.events if m & bit), game.players[args.seat].chars)

    try:
        match = play_game(seats, config, seed, on_decision=keep)
    except HumanQuit as exc:
        if isinstance(exc, InputClosed):  # one line on stderr, exit 1 (the unfinished record is still saved)
            print(f"citadels play: {exc}", file=sys.stderr)
        else:
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
