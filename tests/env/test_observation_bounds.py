"""Every observation and state entry stays inside its declared Box, even far outside normal play (issue 13)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from citadels_env import citadels_v0
from citadels_env.core.cards import DISTRICT_IDS
from citadels_env.encoding import OBS_HIGH, ObservationEncoder, encode_observation
from citadels_env.gym_env import CitadelsEnv

ALL_SEATS = 0xFF  # hand_seen: every seat knows the card


def _extreme(game, players: int) -> None:
    """Numbers and lists far beyond anything a real game reaches."""
    game.round = 10**4
    game.tax_pot = 10**6
    for p in game.players[:players]:
        p.gold = 10**6
        p.hand = ["castle"] * 2000 + list(DISTRICT_IDS)
        p.hand_seen = [ALL_SEATS] * len(p.hand)
        p.city = ["manor"] * 500 + ["monument"]
        p.museum = ["temple"] * 5000


def _fresh_encoder(raw) -> None:
    """Forget what the encoder read (the crafted state changed behind its back)."""
    raw.encoder = ObservationEncoder(raw.game)
    raw._obs = raw._others = None


@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("make", [citadels_v0.raw_env, citadels_v0.env], ids=["raw", "wrapped"])
def test_aec_observations_and_state_stay_in_their_spaces_at_the_extremes(make, players):
    env = make(players=players)
    env.reset(seed=players)
    raw = env.unwrapped
    rng = random.Random(0)
    for _ in range(rng.randrange(5, 60)):  # somewhere inside the game, not only at its start
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    _extreme(raw.game, players)
    _fresh_encoder(raw)
    for agent in env.agents:
        obs = env.observe(agent)
        assert env.observation_space(agent).contains(obs), agent
        assert obs["observation"].max() == OBS_HIGH  # clipped, not merely small
        assert np.array_equal(obs["observation"], encode_observation(raw.game, raw._seat_of[agent]))
    state = env.state()
    assert raw.state_space.contains(state) and state.max() == OBS_HIGH


def test_the_incremental_encoder_clips_after_the_state_grows_during_play():
    env = citadels_v0.raw_env(players=4, max_rounds=None)  # no truncation after the round jump
    env.reset(seed=9)
    rng = random.Random(1)
    for step in range(400):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        game = env.game
        if step == 50:  # the same encoder sees the numbers grow, no fresh start
            for p in game.players:
                p.gold += 10**5
            game.round += 10**4
        obs = env.observe(env.agent_selection)
        assert env.observation_space(env.agent_selection).contains(obs)
        assert np.array_equal(obs["observation"], encode_observation(game, env._seat))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("players", [2, 8])
def test_gym_observations_stay_in_their_space_at_the_extremes(players):
    env = CitadelsEnv(players=players)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    _extreme(env.game, players)
    env.aec.encoder = env._encoder = ObservationEncoder(env.game)
    obs, _ = env._obs()
    assert env.observation_space.contains(obs) and obs.max() == OBS_HIGH


def test_a_long_random_game_with_a_large_completion_size_stays_in_the_box():
    """The reported case: 8 players, a city of 20 to end the game: random play piles up gold far past 1,000."""
    env = citadels_v0.raw_env(players=8, completion_size=20, max_rounds=None)
    env.reset(seed=0)
    rng = random.Random(0)
    space = env.observation_space("player_0")
    richest = 0
    for step in range(30_000):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        obs = env.observe(agent)
        if step % 50 == 0:
            assert space.contains(obs)
        richest = max(richest, max(p.gold for p in env.game.players))
        if richest > 1200:
            assert space.contains(obs)
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert richest > 1000  # the game did reach the numbers that used to leave the Box
