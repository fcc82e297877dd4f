"""The single-agent Gymnasium wrapper."""

import random

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import citadels_env.gym_env  # noqa: F401  (registers citadels_env/Citadels-v0)
from citadels_env.gym_env import CitadelsEnv


def test_gymnasium_check_env():
    check_env(CitadelsEnv(players=4), skip_render_check=True)


def test_registered_and_plays_to_the_end_with_masks():
    env = gym.make("citadels_env/Citadels-v0", players=3, seat="random")
    rng = np.random.default_rng(0)
    for episode in range(3):
        _, info = env.reset(seed=episode)
        done = False
        while not done:
            mask = env.unwrapped.action_masks()
            assert mask.any() and np.array_equal(mask, info["action_mask"].astype(bool))
            _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert reward in (1.0, -0.5) and "result" in info


def test_opponents_are_called_with_observation_and_mask():
    calls = []

    def first_legal(observation, mask):
        calls.append(observation.shape)
        return int(np.flatnonzero(mask)[0])

    env = CitadelsEnv(players=4, opponents=first_legal, seat=2)
    env.reset(seed=1)
    assert env.game.current_player == 2
    assert calls


def test_agents_from_the_registry_play_the_other_seats():
    import agents

    class Counting(agents.Agent):
        def __init__(self):
            self.seats, self.decisions = set(), 0

        def reset(self, seat, config, seed=None):
            self.seats.add(seat)

        def act(self, decision):
            self.decisions += 1
            return decision.legal[-1]

    counting = Counting()
    env = CitadelsEnv(players=4, opponents=[agents.make("random", seed=1), counting, agents.make("random")], seat=0)
    _, info = env.reset(seed=4)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert counting.seats == {2} and counting.decisions > 10


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        CitadelsEnv(players=4, seat=7)
    with pytest.raises(ValueError, match="opponents"):
        CitadelsEnv(players=4, opponents=[lambda o, m: 0])


def test_illegal_action_ends_the_episode_or_raises_when_strict():
    from citadels_env.core import IllegalActionError

    env = CitadelsEnv(players=4)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated and info["illegal_action"]
    strict = CitadelsEnv(players=4, strict=True)
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_stable_baselines3_check_env():
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    sb3_check_env(CitadelsEnv(players=4), warn=True)


def test_pettingzoo_registry():
    import pettingzoo

    import citadels_env.aec  # noqa: F401  (registers citadels_env/citadels-v0)

    if not hasattr(pettingzoo, "make"):
        pytest.skip("this PettingZoo has no registry")
    env = pettingzoo.make("aec", "citadels_env/citadels-v0", players=5)
    env.reset(seed=1)
    assert env.unwrapped.game.num_players == 5 and env.metadata["name"] == "citadels_v0"


def test_game_opponents_need_no_agents_package():
    """The opponent protocol: `decide(game, seat) -> Action`, with an optional `reset(seat, config, seed)`."""
    from citadels_env.gym_env import GameOpponent

    class Uniform:  # no reset
        def __init__(self):
            self.seats, self.rng = set(), random.Random(0)

        def decide(self, game, seat):
            self.seats.add(seat)
            return self.rng.choice(game.legal_actions())

    class Resetting(Uniform):
        def __init__(self):
            super().__init__()
            self.resets = []

        def reset(self, seat, config, seed=None):
            self.resets.append((seat, config.players, isinstance(seed, int)))

    uniform, resetting = Uniform(), Resetting()
    assert isinstance(uniform, GameOpponent) and not isinstance(lambda o, m: 0, GameOpponent)
    env = CitadelsEnv(players=3, opponents=[uniform, resetting], seat=0)
    _, info = env.reset(seed=2)
    assert resetting.resets == [(2, 3, True)]
    rng = np.random.default_rng(0)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert uniform.seats == {1} and resetting.seats == {2}


def test_every_agent_is_a_game_opponent():
    import agents
    from citadels_env.gym_env import GameOpponent

    assert isinstance(agents.make("random"), GameOpponent)
    assert isinstance(agents.make("heuristic"), GameOpponent)
