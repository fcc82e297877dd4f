"""`citadels replay --seat N` (the game as one seat saw it) and `--full` (everything of a finished game)."""

import argparse
import io
import random
import re

import pytest

from citadels_cli.games import cmd_replay, full_lines, seat_lines
from citadels_env.core import CHARACTERS, DISTRICTS, Game, GameConfig
from citadels_env.core.record import save


def _random_game(config: GameConfig, seed: int, upto: int | None = None) -> Game:
    game, rng = Game(config, seed), random.Random(seed)
    while not game.is_over and (upto is None or len(game.actions) < upto):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _replay(path, capsys, seat=None, full=False, step=False) -> str:
    assert cmd_replay(argparse.Namespace(file=str(path), step=step, seat=seat, full=full)) == 0
    return capsys.readouterr().out


def _known_districts(game: Game, seat: int) -> set[str]:
    """Every district kind `seat` could see at some step: its hand, the known cards of other hands, cities,
    its Museum, the cards on offer to it, the districts named by the events it saw."""
    g = Game(game.config, game.seed)
    known: set[str] = set()
    for action in [*game.actions, None]:
        v = g.view(seat)
        known.update(v.hand, v.my_museum)
        for p in v.players:
            known.update(p.city, p.known_hand)
        data = v.decision_data
        for item in data if isinstance(data, (tuple, list)) else (data,):
            if isinstance(item, str) and item in DISTRICTS:
                known.add(item)
        for e in v.events:
            for field in e[1:]:
                for item in field if isinstance(field, tuple) else (field,):
                    if isinstance(item, str) and item in DISTRICTS:
                        known.add(item)
        for a in v.legal_actions:
            if isinstance(a.arg, str) and a.arg in DISTRICTS:
                known.add(a.arg)
        if action is not None:
            g.apply(action)
    return known


def _hidden_districts(game: Game, seat: int) -> tuple[set[str], set[str]]:
    """District kinds `seat` never saw: those held by another seat at some step, and those of the deck."""
    g = Game(game.config, game.seed)
    deck: set[str] = set(g.deck)
    hands: set[str] = set()
    for action in game.actions:
        for p in g.players:
            if p.seat != seat:
                hands.update(p.hand)
        g.apply(action)
    known = _known_districts(game, seat)
    return hands - known, deck - known


@pytest.mark.parametrize("players,seed", [(3, 11), (5, 4), (7, 2)])
def test_seat_replay_never_names_a_district_the_seat_never_saw(players, seed, tmp_path, capsys):
    config = GameConfig(players=players, preset="illustrious_emissaries", use_rank9=players > 3)
    game = _random_game(config, seed, upto=80)  # early on, other hands still hold cards the seat never saw
    path = tmp_path / "g.json"
    save(game, path)
    for seat in (0, players - 1):
        out = _replay(path, capsys, seat=seat)
        in_hands, in_deck = _hidden_districts(game, seat)
        assert in_hands, "the check would be empty"
        hidden = {DISTRICTS[k].name for k in in_hands | in_deck} - {"Keep"}  # "Keep the King"
        leaked = sorted(name for name in hidden if re.search(rf"\b{re.escape(name)}\b", out))
        assert not leaked, f"P{seat} output names {leaked}"
        assert f"P{seat} (you):" in out and "->" in out  # its status and the choices it took


def test_seat_replay_never_links_another_seat_to_a_character_it_kept_hidden(tmp_path):
    """A killed character's holder stays unknown (rank 4 aside): no line may pair that seat with that character."""
    checked = 0
    for seed in range(40):
        game = _random_game(GameConfig(players=5, preset="vicious_nobles", use_rank9=True), seed)
        g = Game(game.config, game.seed)
        secrets: list[tuple[int, int, str]] = []  # (round, holder, character) never revealed to anyone
        for action in game.actions:
            g.apply(action)
            if g.killed and g.killed in g.holder:
                holder = g.holder[g.killed]
                if CHARACTERS[g.killed].rank != 4 and (g.round, holder, g.killed) not in secrets:
                    secrets.append((g.round, holder, g.killed))
        for seat in range(5):
            lines = list(seat_lines(game, seat))
            rounds: dict[int, list[str]] = {}
            current = 0
            for new_round, text in lines:
                current = new_round or current
                rounds.setdefault(current, []).append(text)
            for rnd, holder, char in secrets:
                if holder == seat:
                    continue
                name = CHARACTERS[char].name
                for text in rounds.get(rnd, []):
                    assert not (f"P{holder}" in text and name in text), (seat, rnd, text)
                checked += 1
        if checked > 20:
            return
    assert checked > 0


def test_full_replay_shows_hands_characters_and_face_down_discards(tmp_path, capsys):
    game = _random_game(GameConfig(players=4), 3)
    path = tmp_path / "g.json"
    save(game, path)
    out = _replay(path, capsys, full=True)
    assert "everything shown" in out and "discarded face down: " in out and "characters: P0: " in out
    first = Game(game.config, game.seed)
    for p in first.players:  # every seat's hand, hidden from the others during play
        assert f"hand of P{p.seat}: {', '.join(DISTRICTS[k].name for k in sorted(p.hand))}" in out
    assert "[Draft: keep a character]" in out and "(from " in out
    assert "total" in out  # the scores
    assert len(list(full_lines(game))) > len(game.actions)  # every decision, and the events


def test_seat_and_full_reject_bad_requests(tmp_path, capsys):
    finished = tmp_path / "done.json"
    save(_random_game(GameConfig(players=3), 1), finished)
    with pytest.raises(ValueError, match=r"^--seat 3: the record has 3 players \(0\.\.2\)$"):
        cmd_replay(argparse.Namespace(file=str(finished), step=False, seat=3, full=False))
    with pytest.raises(ValueError, match=r"--seat -1: the record has 3 players"):
        cmd_replay(argparse.Namespace(file=str(finished), step=False, seat=-1, full=False))
    partial = tmp_path / "partial.json"
    save(_random_game(GameConfig(players=3), 1, upto=40), partial)
    with pytest.raises(ValueError, match="only for a finished game"):
        cmd_replay(argparse.Namespace(file=str(partial), step=False, seat=None, full=True))
    assert "ends before the end of the game" in _replay(partial, capsys, seat=1)  # --seat is fine unfinished
    capsys.readouterr()


def test_step_pauses_at_each_round_in_every_view(tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.json"
    save(_random_game(GameConfig(players=4), 5), path)
    for kwargs in ({"seat": 2}, {"full": True}, {}):
        monkeypatch.setattr("sys.stdin", io.StringIO("\nq\n"))
        out = _replay(path, capsys, step=True, **kwargs)
        assert "== Round 2" in out and "== Round 3" not in out and out.count("-- Enter: next round") == 2
