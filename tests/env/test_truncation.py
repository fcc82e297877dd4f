"""The `max_rounds` truncation bound of the AEC environment and the Gymnasium wrapper (issue 13)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from citadels_env import citadels_v0
from citadels_env.aec import DEFAULT_MAX_ROUNDS
from citadels_env.gym_env import CitadelsEnv


def _play_aec(env, seed: int) -> tuple[int, dict, dict]:
    """Random legal play through agent_iter: (decisions, final terminations, rewards summed per agent)."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    total = dict.fromkeys(env.possible_agents, 0.0)
    terminations = truncations = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            terminations, truncations = dict(env.terminations), dict(env.truncations)
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            decisions += 1
    return decisions, {"terminations": terminations, "truncations": truncations}, total


def test_default_bound_is_far_above_normal_games():
    env = citadels_v0.env(players=4)
    assert env.unwrapped.max_rounds == DEFAULT_MAX_ROUNDS == 100
    _, flags, total = _play_aec(env, 0)
    assert all(flags["terminations"].values()) and not any(flags["truncations"].values())
    assert env.unwrapped.game.is_over and sum(total.values()) != 0


@pytest.mark.parametrize("make", [citadels_v0.raw_env, citadels_v0.env], ids=["raw", "wrapped"])
def test_a_game_past_max_rounds_is_truncated_for_every_agent_with_zero_rewards(make):
    env = make(players=5, max_rounds=2)
    _, flags, total = _play_aec(env, 3)
    game = env.unwrapped.game
    assert not game.is_over and game.round == 3  # stopped as round 3 began
    assert all(flags["truncations"].values()) and not any(flags["terminations"].values())
    assert total == dict.fromkeys(env.possible_agents, 0.0)
    assert env.agents == []  # every agent took its dead step


def test_truncation_is_deterministic():
    runs = [_play_aec(citadels_v0.env(players=3, max_rounds=3), 11)[0] for _ in range(2)]
    assert runs[0] == runs[1] > 0


def test_long_variant_is_bounded_by_default():
    """8 players and a city of 20: random play used to run for tens of thousands of decisions."""
    env = citadels_v0.env(players=8, completion_size=20)
    decisions, flags, _ = _play_aec(env, 1)
    game = env.unwrapped.game
    assert game.round <= DEFAULT_MAX_ROUNDS + 1
    assert game.is_over or all(flags["truncations"].values())
    assert decisions < 20_000


@pytest.mark.parametrize("bad", [0, -1, 1.5, "10", True])
def test_bad_max_rounds_is_refused(bad):
    with pytest.raises(ValueError, match="max_rounds"):
        citadels_v0.raw_env(players=3, max_rounds=bad)


def test_no_bound_with_none():
    env = citadels_v0.raw_env(players=4, max_rounds=None)
    env.reset(seed=0)
    env.game.round = 10**6  # far past any bound: still not truncated
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert not any(env.truncations.values())


def test_gym_truncates_with_truncated_true_and_zero_reward():
    env = CitadelsEnv(players=4, max_rounds=2, seat=1)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(10_000):
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert env.game.round == 3 and not env.game.is_over
    assert env.action_masks().sum() == 1 and env.action_masks()[0]  # the placeholder, see test_vector_autoreset


def test_gym_max_rounds_default_and_none():
    assert CitadelsEnv(players=3).aec.max_rounds == DEFAULT_MAX_ROUNDS
    assert CitadelsEnv(players=3, max_rounds=None).aec.max_rounds is None
