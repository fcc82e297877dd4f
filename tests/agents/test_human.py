"""The human seat (scripted input) and the plain-words descriptions of decisions, actions and events."""

import io
import random

import pytest

from agents import Decision, make, play_game
from agents.human import HumanAgent, HumanQuit
from citadels_env.core import Action, Game, GameConfig
from citadels_env.core.invariants import random_config
from citadels_env.text import describe_action, describe_decision, describe_event


def test_scripted_human_plays_a_whole_game_against_random():
    answers = "x\n0\n99\n\n?\nh\n" + "1\n" * 3000  # bad answers are asked again, '?' shows the board again
    inp, out = io.StringIO(answers), io.StringIO()
    human = HumanAgent(inp, out)
    match = play_game([human, make("random")], GameConfig(players=2), seed=3)
    assert match.game.is_over
    text = out.getvalue()
    assert "You play P0 in a 2-player game." in text
    assert "P0 (you)" in text and "Round 1" in text  # the board from its seat
    assert "Choose a character to keep" in text and "  1. Keep the " in text  # the decision, numbered list
    assert text.count("'x' is not a choice") == 1 and "'0' is not a choice" in text and "'99' is not" in text
    assert text.count("Choose a character to keep from the cards passed to you.") >= 2
    assert "Answer with the number" in text  # 'h'
    assert "Take 2 gold" in text or "Draw 2 cards" in text
    assert "P1 chooses a character" in text  # the other seat's public events
    assert "is called" in text
    # every prompt consumed one line: nothing read beyond the answers given
    assert inp.tell() < len(answers)


def test_the_human_game_is_the_same_as_playing_the_chosen_actions():
    inp, out = io.StringIO("2\n" * 3000), io.StringIO()
    match = play_game([make("random"), HumanAgent(inp, out)], GameConfig(players=2), seed=8)
    # replaying: seat 1 always took the 2nd legal action (or the only one)
    game = Game(GameConfig(players=2), 8)
    bot = make("random")
    bot.reset(0, game.config, 8 * 1009)
    while not game.is_over:
        d = Decision(game)
        action = bot.act(d) if d.seat == 0 else d.legal[min(1, len(d.legal) - 1)]
        game.apply(action)
    assert game.actions == match.game.actions


def test_quit_and_end_of_input_raise_human_quit():
    assert issubclass(HumanQuit, KeyboardInterrupt)
    for answers in ("q\n", "nonsense\n", ""):
        with pytest.raises(HumanQuit):
            play_game([HumanAgent(io.StringIO(answers), io.StringIO()), make("random")], seed=1,
                      config=GameConfig(players=2))


def test_an_action_may_be_typed_as_verb_arg():
    game = Game(GameConfig(players=3), 2)
    d = Decision(game)
    human = HumanAgent(io.StringIO(f"{d.legal[-1]}\n"), io.StringIO())
    human.reset(d.seat, game.config)
    assert human.act(d) == d.legal[-1]


def test_single_choices_are_answered_without_asking():
    game = Game(GameConfig(players=2), 3)
    while len(game.legal_actions()) != 1:
        game.apply(game.legal_actions()[0])
    out = io.StringIO()
    human = HumanAgent(io.StringIO(""), out)  # no input at all
    assert human.act(Decision(game)) == game.legal_actions()[0]
    assert "only one choice" in out.getvalue()


def test_descriptions_in_plain_words():
    game = Game(GameConfig(players=4), 0)
    assert describe_action(Action("gather", "gold"), game) == "Take 2 gold"
    assert describe_action(Action("build", "castle"), game) == "Build Castle (noble, 4 gold)"
    assert describe_action(Action("end_turn")) == "End your turn"
    assert describe_action(Action("character", "thief")) == "Choose the Thief (rank 2)"
    assert describe_action(Action("character", "king"), game).startswith("Keep the King (rank 4)")
    assert describe_action(Action("player", 2), game).startswith("Choose P2 (2 gold, 4 cards, 0 districts")
    # a kill decision
    rng = random.Random(0)
    for seed in range(50):
        game = Game(GameConfig(players=4), seed)
        while not game.is_over and game.decision_kind != "kill":
            game.apply(rng.choice(game.legal_actions()))
        if game.decision_kind == "kill":
            break
    assert describe_decision(game) == "Assassin: name the character to kill."
    assert describe_action(Action("character", "thief"), game) == "Kill the Thief (rank 2)"
    assert describe_action(Action("character", "thief"), Decision(game)) == "Kill the Thief (rank 2)"


def test_every_decision_and_action_of_random_games_has_a_description():
    kinds = set()
    for seed in range(12):
        config = random_config(random.Random(seed))
        game = Game(config, seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            kinds.add(game.decision_kind)
            assert describe_decision(game)
            for action in legal:
                text = describe_action(action, game)
                assert text and text != str(action), (game.decision_kind, action)
            if rng.random() < 0.05:  # the view-based wording is the same as the game-based one
                view = game.view(game.current_player)
                assert [describe_action(a, view) for a in legal] == [describe_action(a, game) for a in legal]
            game.apply(rng.choice(legal))
        for _, e in game.events:
            describe_event(e)
    assert len(kinds) > 15
