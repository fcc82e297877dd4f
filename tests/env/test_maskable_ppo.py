"""A short MaskablePPO (sb3-contrib) run on the Gymnasium wrapper finishes and beats a random seat."""

import math

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from citadels_env.gym_env import CitadelsEnv


def wilson_lower(wins: int, n: int, z: float = 1.96) -> float:
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


def test_maskable_ppo_learns_to_beat_a_random_player():
    torch.set_num_threads(1)
    env = CitadelsEnv(players=2, seat="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=4, learning_rate=1e-3, seed=0,
                        policy_kwargs={"net_arch": [64, 64]})
    model.learn(total_timesteps=6000)
    games, wins = 100, 0
    test_env = CitadelsEnv(players=2, seat="random")
    for g in range(games):
        obs, _ = test_env.reset(seed=10_000 + g)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=test_env.action_masks(), deterministic=True)
            obs, reward, done, _, info = test_env.step(int(action))
        assert "illegal_action" not in info
        wins += reward > 0
    assert wilson_lower(wins, games) > 0.5, f"{wins}/{games} wins against a random player"


def test_wilson_lower_bound():
    assert abs(wilson_lower(50, 100) - 0.4038) < 1e-3
    assert wilson_lower(93, 100) > 0.85
    assert np.isclose(wilson_lower(0, 10), 0.0)
