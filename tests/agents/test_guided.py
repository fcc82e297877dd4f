"""`ppo+ismcts` (agents/guided.py): ISMCTS whose root answers come from a trained policy's prior."""

import pytest
import torch

import agents
from agents.base import Decision
from agents.ismcts import evaluate
from agents.leaf_value import LeafValue
from agents.match import play_game
from citadels_env.core import Game, GameConfig


@pytest.mark.parametrize("players", [2, 5])
def test_plays_legal_games_to_the_end(players):
    bot = agents.make("ppo+ismcts:iters=20", seed=1)
    others = [agents.make("heuristic") for _ in range(players - 1)]
    result = play_game([bot, *others], GameConfig(players=players), seed=7)  # an illegal answer would raise
    assert result is not None


def test_candidates_are_legal_ranked_by_the_prior_and_bounded():
    bot = agents.make("ppo+ismcts:iters=10,top=3", seed=2)
    game = Game(GameConfig(players=4), seed=11)
    for _ in range(40):  # decisions of every kind early in a game
        decision = Decision(game)
        chosen = bot.candidates(decision)
        assert 1 <= len(chosen) <= 3 and set(chosen) <= set(decision.legal)
        priors = [bot._priors[a] for a in chosen]
        assert priors == sorted(priors, reverse=True)
        assert abs(sum(bot._priors.values()) - 1.0) < 1e-4  # the prior covers exactly the legal answers
        game.apply(bot.act(decision))


@pytest.mark.parametrize("leaves", ["value=net,cut=round", "value=net,cut=leaf", "value=model"])
def test_respects_its_time_budget(leaves):
    """The search bot respects its think time (issue 12): `time=` bounds every search, whatever scores its leaves."""
    bot = agents.make(f"ppo+ismcts:time=0.05,iters=100000,top=8,mass=1.0,{leaves}", seed=3)
    game = Game(GameConfig(players=4), seed=5)
    searched = 0
    while not game.is_over and searched < 6:
        decision = Decision(game)
        action = bot.act(decision)
        if len(bot.last_candidates) > 1 and decision.seat == game.current_player:
            searched += 1
            assert bot.last_seconds < 0.05 + 0.1  # one determinization and rollout may overrun the deadline
        game.apply(action)
    assert searched > 0


def test_the_defaults_are_the_measured_ones():
    """Prior and leaf value from `ppo-v5`, 200 iterations, every answer kept (issue 12's search row, docs/AGENTS.md)."""
    bot = agents.make("ppo+ismcts", seed=1)
    ref, got = agents.make("ppo-v5").net.state_dict(), bot.guide.net.state_dict()
    assert ref.keys() == got.keys() and all(torch.equal(got[k], ref[k]) for k in ref)
    assert (bot.top, bot.mass, bot.c_prior, bot.cut, bot.iters, bot.time) == (30, 1.0, 1.0, "round", 200, None)
    assert isinstance(bot._leaf_score, LeafValue)
    assert agents.make("ppo+ismcts:time=0.1").iters is None  # a time budget alone is not capped by the default
    assert agents.make("ppo+ismcts:value=model")._leaf_score is evaluate


def test_refuses_a_guide_that_is_not_a_policy():
    with pytest.raises(ValueError, match="trained policy"):
        agents.make("ppo+ismcts:net=heuristic")
