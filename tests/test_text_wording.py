"""Terminal wording as a person reads it: plain-words headers for every decision kind, counts that agree with their
noun, the tax pot only with the Tax Collector, and a player told when something happens to their character."""

import io
import random
import re
import sys

import pytest

from agents import Decision, make, play_game
from agents.human import HumanAgent, HumanQuit, InputClosed
from citadels_env.core import DECISIONS, Game, GameConfig
from citadels_env.core.events import Bewitched, Drew, GatherCards, Killed, Rob, Robbed, ScholarDrew
from citadels_env.text import (
    DECISION_HEADERS,
    decision_header,
    describe_action,
    describe_decision,
    describe_event,
    personal_note,
    plural,
    render_board,
)


def _play_until(config: GameConfig, kind: str, seeds: range = range(200)) -> Game:
    for seed in seeds:
        game, rng = Game(config, seed), random.Random(seed)
        while not game.is_over and game.decision_kind != kind:
            game.apply(rng.choice(game.legal_actions()))
        if game.decision_kind == kind:
            return game
    raise AssertionError(f"no {kind} decision in {len(seeds)} games")


def test_every_decision_kind_has_a_plain_words_header():
    """Fails as soon as a decision kind is registered in the core without a header here."""
    missing = sorted(set(DECISIONS) - set(DECISION_HEADERS))
    assert not missing, f"decision kinds without a header in citadels_env.text.DECISION_HEADERS: {missing}"
    assert "turn" in DECISION_HEADERS
    for kind in [*DECISIONS, "turn"]:
        header = decision_header(kind)
        assert header and "_" not in header and header[0].isupper(), (kind, header)
        assert "_" not in kind or kind not in header, (kind, header)  # never an internal id like draft_keep


def test_the_board_names_the_decision_in_words_not_its_id():
    game = Game(GameConfig(players=4), 1)
    assert game.decision_kind == "draft_keep"
    board = render_board(game, 0)
    assert "draft_keep" not in board and "Draft: keep a character" in board
    assert "phase draft" not in board and "choosing characters" in board


def test_plural_agrees_with_the_count():
    assert plural(1, "card") == "1 card" and plural(0, "card") == "0 cards" and plural(3, "card") == "3 cards"
    assert plural(1, "match", "matches") == "1 match" and plural(2, "match", "matches") == "2 matches"
    assert describe_event(Drew(0, 1)) == "P0 draws 1 card"
    assert describe_event(Drew(0, 2)) == "P0 draws 2 cards"
    assert describe_event(GatherCards(1, 1)) == "P1 draws 1 card to choose from"
    assert describe_event(ScholarDrew(2, 7)).endswith("draws 7 cards and keeps one")


def test_no_count_reads_1_cards_anywhere_in_a_played_game():
    bad = re.compile(r"(?<![\d.])1 (cards|districts|players|decisions|matches)\b|card\(s\)|district\(s\)")
    for seed in range(6):
        out = io.StringIO()
        play_game([HumanAgent(io.StringIO("1\n" * 3000), out), make("random"), make("random")],
                  GameConfig(players=3, preset="illustrious_emissaries"), seed=seed)
        text = out.getvalue()
        assert not bad.search(text), bad.search(text).group(0)


def test_a_hand_of_one_card_reads_1_card_on_the_board():
    game = Game(GameConfig(players=2), 0)
    game.players[1].hand[:] = game.players[1].hand[:1]
    game.players[1].hand_seen[:] = game.players[1].hand_seen[:1]
    board = render_board(game, 0)
    assert "hand: 1 card" in board and "1 cards" not in board


def test_the_tax_pot_shows_only_with_the_tax_collector():
    with_tc = Game(GameConfig(players=3), 0)  # the first game with 3 players adds the Tax Collector (Q1)
    assert "tax_collector" in with_tc.cfg.characters
    assert "tax pot 0" in render_board(with_tc, 0)
    without = Game(GameConfig(players=4), 0)
    assert "tax_collector" not in without.cfg.characters
    assert "tax pot" not in render_board(without, 0) and "tax pot" not in render_board(without)


def test_a_player_is_told_when_their_character_is_killed_robbed_or_bewitched():
    assert personal_note(Killed("king"), 2, ("king",)) == "Your King is killed: you lose that turn."
    assert personal_note(Killed("king"), 2, ("bishop",)) is None  # not theirs: nothing personal
    assert "bewitched" in personal_note(Bewitched("merchant"), 0, ("merchant",))
    assert "robbed" in personal_note(Rob("merchant"), 0, ("merchant",))
    assert personal_note(Robbed(1, 0, 5), 0) == "You are robbed: P1 takes your 5 gold."
    assert personal_note(Robbed(1, 0, 5), 2) is None


def _holder_when_killed(game: Game) -> tuple[str, int | None] | None:
    """Replay a finished game to its first kill: (the character named, the seat holding it then, or None)."""
    g = Game(game.config, game.seed)
    for action in game.actions:
        g.apply(action)
        killed = [e for _, e in g.events if e.kind == "killed"]
        if killed:
            return killed[0].character, g.holder.get(killed[0].character)
    return None


def test_the_human_sees_the_kill_of_their_character_when_it_happens():
    """A whole game in the terminal: the seat whose character the Assassin names reads it on the very next line;
    the other seats read only the public line."""
    for seed in range(60):
        outs = [io.StringIO() for _ in range(3)]
        seats = [HumanAgent(io.StringIO("1\n" * 3000), out) for out in outs]
        match = play_game(seats, GameConfig(players=3), seed=seed)
        found = _holder_when_killed(match.game)
        if found is None or found[1] is None:  # no kill, or the named character was not in play
            continue
        char, holder = found
        name = char.replace("_", " ").title()
        for s in range(3):
            text = outs[s].getvalue()
            public = f"the Assassin kills the {name}"
            assert public in text
            first = text.index(public)
            if s == holder:
                assert text[first:].split("\n")[1] == f"  >> Your {name} is killed: you lose that turn."
            else:
                assert f"Your {name} is killed" not in text
        return
    raise AssertionError("no killed character in play in 60 games")


def test_the_human_header_and_the_decision_wording():
    game = _play_until(GameConfig(players=4), "kill")
    out = io.StringIO()
    human = HumanAgent(io.StringIO("1\n"), out)
    human.reset(game.current_player, game.config)
    human.act(Decision(game))
    text = out.getvalue()
    assert "[Assassin: choose a victim] Assassin: name the character to kill." in text
    assert "(kill)" not in text and "kill:" not in text
    assert describe_decision(game) == "Assassin: name the character to kill."
    assert describe_action(game.legal_actions()[0], game).startswith("Kill the ")


def test_closed_input_raises_a_clear_error_at_the_prompt():
    game = _play_until(GameConfig(players=3), "draft_keep")
    for stream in (io.StringIO(""), None):
        human = HumanAgent(stream, io.StringIO())
        if stream is None:  # no standard input at all (`citadels play <&-` leaves sys.stdin None)
            human._input = None
            saved, sys.stdin = sys.stdin, None
        try:
            with pytest.raises(InputClosed, match=r"^standard input closed: cannot read your choice$") as err:
                human.act(Decision(game))
        finally:
            if stream is None:
                sys.stdin = saved
        assert isinstance(err.value, EOFError) and isinstance(err.value, HumanQuit)
    closed = io.StringIO("1\n")
    closed.close()
    with pytest.raises(InputClosed):
        HumanAgent(closed, io.StringIO()).act(Decision(game))


def test_play_with_closed_input_exits_1_with_one_line(tmp_path, monkeypatch, capsys):
    from citadels_cli.main import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--players", "2", "--seat", "1", "--opponents", "random", "--seed", "3",
                 "--save", "p.json"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["citadels play: standard input closed: cannot read your choice"]
    assert (tmp_path / "p.json").exists()  # the unfinished record is kept (P0 played first)
