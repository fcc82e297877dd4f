"""The Gymnasium wrapper never exposes an all-zero action mask, under every autoreset mode of Gymnasium's vector envs
(issue 14)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import citadels_env.gym_env  # noqa: F401  (registers citadels_env/Citadels-v0)
from citadels_env.gym_env import PLACEHOLDER_TEXT, CitadelsEnv

N_ENVS = 3


def _make(i: int):
    # Short games (a small city, two rounds at most) so that a few hundred steps see many episode ends.
    return lambda: gym.make("citadels_env/Citadels-v0", players=2 + i, completion_size=2, max_rounds=2,
                            seat="random")


def _sample(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    assert masks.shape[0] == N_ENVS
    assert masks.any(axis=1).all(), "an all-zero mask: a masked policy has nothing to sample"
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED])
def test_masked_random_policy_never_sees_an_all_zero_mask(mode):
    envs = SyncVectorEnv([_make(i) for i in range(N_ENVS)], autoreset_mode=mode)
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=0)
    assert np.array_equal(infos["action_mask"].astype(bool), np.stack(envs.call("action_masks")))
    ends = 0
    for _ in range(300):
        masks = np.stack(envs.call("action_masks"))
        _, _, terminated, truncated, infos = envs.step(_sample(rng, masks))
        assert infos["action_mask"].any(axis=1).all()
        done = terminated | truncated
        ends += int(done.sum())
        if mode == AutoresetMode.DISABLED and done.any():
            masks = np.stack(envs.call("action_masks"))  # a policy may ask before the caller resets
            assert masks[done].sum(axis=1).tolist() == [1] * int(done.sum()) and masks[done, 0].all()
            _, infos = envs.reset(options={"reset_mask": done})
    assert ends >= 5  # the episodes did end, many times
    envs.close()


def test_after_the_end_the_placeholder_is_a_no_op_and_other_ids_are_refused():
    env = CitadelsEnv(players=2, completion_size=1, info_text=True)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(1)
    while True:
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break
    mask = env.action_masks()
    assert mask.dtype == bool and mask.sum() == 1 and mask[0]
    assert np.array_equal(info["action_mask"], mask.astype(np.int8))
    assert info["legal_actions"] == [(0, PLACEHOLDER_TEXT)]
    again = env.step(0)
    assert np.array_equal(again[0], obs) and again[1:4] == (0.0, terminated, truncated)
    before = env.game.clone()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(1)
    assert env.game == before
    _, info = env.reset(seed=1)
    assert env.action_masks().sum() >= 1 and info["legal_actions"][0][1] != PLACEHOLDER_TEXT


def test_an_illegal_action_also_leaves_the_placeholder_mask():
    env = CitadelsEnv(players=3)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated and info["action_mask"].tolist().count(1) == 1 and info["action_mask"][0]
