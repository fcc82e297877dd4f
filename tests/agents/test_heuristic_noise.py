"""The rule bots' `noise` option: a share of decisions answered at random, reproducible by seed, and nothing drawn
(the very same games) without it."""

from __future__ import annotations

import pytest

import agents
from agents.match import play_game


def _play(specs: list[str], seed: int) -> list:
    """The moves of one game (agents/match.py's loop, which reseeds every seat from the deal's seed)."""
    moves: list = []
    play_game([agents.make(s) for s in specs], seed=seed, on_decision=lambda game, seat, action: moves.append(action))
    return moves


@pytest.mark.parametrize("bot", ["heuristic", "heuristic-strong"])
def test_noise_zero_plays_the_bot_itself_and_noise_changes_its_play(bot):
    plain = _play([bot, "heuristic", "heuristic", "heuristic"], 3)
    assert _play([f"{bot}:noise=0", "heuristic", "heuristic", "heuristic"], 3) == plain
    noisy = _play([f"{bot}:noise=0.5", "heuristic", "heuristic", "heuristic"], 3)
    assert noisy != plain
    assert _play([f"{bot}:noise=0.5", "heuristic", "heuristic", "heuristic"], 3) == noisy  # the seed decides


def test_noise_one_answers_every_choice_at_random_and_is_weaker():
    wins = {0.0: 0, 1.0: 0}
    for noise in wins:
        for seed in range(500, 540):
            bots = [agents.make(f"heuristic:noise={noise}"), agents.make("heuristic")]
            wins[noise] += play_game(bots, seed=seed).winner == 0
    assert wins[1.0] < wins[0.0] - 8  # uniform answers lose far more often than the rules do


@pytest.mark.parametrize("noise", [-0.1, 1.5, "nan", "lots"])
def test_a_noise_that_is_not_a_number_from_zero_to_one_is_refused_naming_it(noise):
    with pytest.raises(ValueError, match="noise"):
        agents.make(f"heuristic:noise={noise}")
