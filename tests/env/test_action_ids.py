"""Only exact integers in range are action ids, in the AEC environment (raw and wrapped) and in the Gymnasium wrapper:
anything else raises a clear error and changes nothing (issue 13)."""

from __future__ import annotations

import numpy as np
import pytest

from citadels_env import citadels_v0
from citadels_env.action_ids import action_id
from citadels_env.encoding import NUM_ACTIONS
from citadels_env.gym_env import CitadelsEnv

OUT_OF_RANGE = [-1, -215, NUM_ACTIONS, 292, 10**30, np.int64(-215), np.int32(NUM_ACTIONS), np.array(-1)]
NOT_INTEGERS = [77.7, 77.0, "77", b"77", True, False, np.bool_(True), None, np.float32(77), np.array(77.0),
                np.array([77]), np.array([[77]]), [77], (77,), 1 + 0j]


@pytest.mark.parametrize("value", [0, 77, NUM_ACTIONS - 1, np.int8(77), np.int64(77), np.uint16(77), np.array(77),
                                   np.array(77, dtype=np.uint8)])
def test_exact_integers_in_range_are_accepted(value):
    got = action_id(value)
    assert got == int(value) and type(got) is int


@pytest.mark.parametrize("value", OUT_OF_RANGE, ids=repr)
def test_out_of_range_integers_raise_value_error_naming_the_range(value):
    with pytest.raises(ValueError, match=rf"{int(value)}.*0 to {NUM_ACTIONS - 1}"):
        action_id(value)


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
def test_anything_but_an_integer_raises_type_error(value):
    with pytest.raises(TypeError, match=rf"0 to {NUM_ACTIONS - 1}"):
        action_id(value)


def _legal_id(mask) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("make", [citadels_v0.raw_env, citadels_v0.env], ids=["raw", "wrapped"])
@pytest.mark.parametrize("value", OUT_OF_RANGE + [v for v in NOT_INTEGERS if v is not None], ids=repr)
def test_aec_refuses_bad_ids_and_changes_nothing(make, value):
    env = make(players=4)
    env.reset(seed=3)
    raw = env.unwrapped
    before = raw.game.clone()
    agent = env.agent_selection
    with pytest.raises((ValueError, TypeError), match=f"0 to {NUM_ACTIONS - 1}"):
        env.step(value)
    assert raw.game == before and env.agent_selection == agent
    assert not any(raw.terminations.values()) and not any(raw.truncations.values())
    assert all(r == 0 for r in raw._cumulative_rewards.values())
    env.step(_legal_id(env.observe(agent)["action_mask"]))  # the game goes on


@pytest.mark.parametrize("make", [citadels_v0.raw_env, citadels_v0.env], ids=["raw", "wrapped"])
def test_aec_accepts_numpy_integers_and_0d_arrays(make):
    env = make(players=3)
    env.reset(seed=5)
    for wrap in (np.int64, np.uint16, np.array):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(wrap(_legal_id(mask)))
    sampled = env.action_space(env.agent_selection).sample(env.observe(env.agent_selection)["action_mask"])
    env.step(sampled)  # what Discrete.sample() hands back


def test_negative_id_no_longer_plays_an_action_counted_from_the_end():
    env = citadels_v0.raw_env(players=4)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask[NUM_ACTIONS - 215]  # -215 used to play this legal action (a character choice in the draft)
    with pytest.raises(ValueError, match="-215"):
        env.step(-215)


def test_wrapped_env_keeps_the_classic_penalty_for_an_illegal_but_valid_id():
    env = citadels_v0.env(players=4)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="Illegal move"):
        env.step(illegal)
    assert env.unwrapped._cumulative_rewards[agent] == -1 and all(env.unwrapped.terminations.values())


@pytest.mark.parametrize("value", OUT_OF_RANGE + NOT_INTEGERS, ids=repr)
@pytest.mark.parametrize("strict", [False, True])
def test_gym_refuses_bad_ids_and_changes_nothing(value, strict):
    env = CitadelsEnv(players=4, strict=strict)
    _, info = env.reset(seed=2)
    before = env.game.clone()
    with pytest.raises((ValueError, TypeError), match=f"0 to {NUM_ACTIONS - 1}"):
        env.step(value)
    assert env.game == before
    _, reward, terminated, truncated, _ = env.step(np.array(_legal_id(info["action_mask"])))
    assert (reward, terminated, truncated) == (0.0, False, False)


def test_gym_accepts_sampled_ids():
    env = CitadelsEnv(players=3)
    env.reset(seed=4)
    for _ in range(20):
        action = env.action_space.sample(env.action_masks().astype(np.int8))
        assert isinstance(action, np.integer)
        _, _, terminated, truncated, _ = env.step(action)
        assert not (terminated or truncated)


def test_a_policy_opponent_returning_a_bad_id_gets_a_clear_error():
    env = CitadelsEnv(players=2, opponents=lambda obs, mask: -1.5)
    with pytest.raises(TypeError, match=r"-1\.5"):
        for seed in range(5):  # the opponent plays first in some of these games
            env.reset(seed=seed)
            env.step(_legal_id(env.action_masks()))
