"""What the AEC environment hands out is the caller's: the observation and mask arrays of a step are new arrays that
no later step, observation of another seat or reset writes into (the encoder builds them over shared buffers and
writes per-observer entries through a view, so this is worth a test), and they stay writable plain numpy arrays."""

import random

import numpy as np

from citadels_env import citadels_v0
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE, encode_observation


def test_observations_and_masks_handed_out_are_never_written_later():
    env = citadels_v0.env(players=4)
    rng = random.Random(0)
    kept = []  # (the arrays handed out, copies taken at once)
    for episode in range(3):
        env.reset(seed=episode)
        for step, agent in enumerate(env.agent_iter()):
            obs, _, term, trunc, _ = env.last()
            kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
            if step % 9 == 0:  # another seat's observation in between
                other = env.observe(env.agents[(env.agents.index(agent) + 1) % len(env.agents)])
                kept.append((other, other["observation"].copy(), other["action_mask"].copy()))
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
    for obs, observation, mask in kept:
        assert np.array_equal(obs["observation"], observation) and np.array_equal(obs["action_mask"], mask)


def test_returned_arrays_are_writable_and_shaped_as_declared():
    env = citadels_v0.raw_env(players=3)
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)
    observation, mask = obs["observation"], obs["action_mask"]
    assert observation.dtype == np.float32 and observation.shape == (OBS_SIZE,) and observation.flags.writeable
    assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,) and mask.flags.writeable
    expected = encode_observation(env.game, env._seat)
    observation[:] = 0  # the caller may write into its arrays: the environment's next observation is unaffected
    mask[:] = 0
    env._obs = None  # forget the cached observation of this state: build it again
    again = env.observe(env.agent_selection)
    assert np.array_equal(again["observation"], expected) and again["action_mask"].any()
