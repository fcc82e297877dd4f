"""The PettingZoo AEC environment: PettingZoo's own API, seed and render tests, masks equal to the core's legal
sets, no hidden information in observations, rewards, illegal moves."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from citadels_env import citadels_v0
from citadels_env.core import PRESET_NAMES, IllegalActionError, Rng
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE, encode_observation, legal_mask, to_core, to_flat


@pytest.mark.parametrize("players", range(2, 9))
def test_pettingzoo_api(players):
    api_test(citadels_v0.env(players=players), num_cycles=400)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_api_presets(preset):
    api_test(citadels_v0.env(players=6, preset=preset, use_rank9=True), num_cycles=300)


@pytest.mark.parametrize("players", (2, 4, 8))
def test_pettingzoo_seed(players):
    seed_test(lambda **kw: citadels_v0.env(players=players, **kw), num_cycles=300)


def test_pettingzoo_render(capsys):
    render_test(lambda render_mode=None: citadels_v0.env(players=3, render_mode=render_mode))


def test_other_entry_points():
    import citadels_env
    from citadels_env import raw_env

    assert citadels_env.env(players=3).metadata["name"] == "citadels_v0"
    assert isinstance(raw_env(players=2), citadels_v0.raw_env)


def test_spaces_are_fixed_across_player_counts_and_calls():
    e4, e8 = citadels_v0.raw_env(players=4), citadels_v0.raw_env(players=8)
    assert e4.observation_space("player_0") is e4.observation_space("player_0")
    assert e4.observation_space("player_1").spaces["observation"].shape == (OBS_SIZE,)
    assert e8.observation_space("player_7") == e4.observation_space("player_0")
    assert e4.action_space("player_0").n == e8.action_space("player_5").n == NUM_ACTIONS


def play_random(env, seed):
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    return env


@pytest.mark.parametrize("seed", range(6))
def test_mask_equals_the_core_legal_set_at_every_step(seed):
    env = citadels_v0.raw_env(players=2 + seed, preset=PRESET_NAMES[seed])
    env.reset(seed=seed)
    rng = random.Random(seed)
    g = env.game
    while not g.is_over:
        seat = g.current_player
        agent = env.agent_selection
        assert agent == f"player_{seat}"
        mask = env.observe(agent)["action_mask"]
        legal = {to_flat(a, seat, g.num_players) for a in g.legal_actions()}
        assert set(np.flatnonzero(mask)) == legal
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        a = rng.choice(sorted(legal))
        assert to_core(a, seat, g.num_players) in g.legal_actions()
        env.step(a)


@pytest.mark.parametrize("seed", range(8))
def test_observations_do_not_change_when_hidden_state_is_resampled(seed):
    """Other hands, others' characters, face-down discards, token faces and the deck order are re-sampled by
    determinize(); every seat's observation must stay identical."""
    env = citadels_v0.raw_env(players=3 + seed % 6, preset=PRESET_NAMES[seed % 7], use_rank9=True)
    env.reset(seed=seed)
    rng = random.Random(seed)
    g = env.game
    step = 0
    while not g.is_over:
        if step % 4 == 0:
            for seat in range(g.num_players):
                d = g.determinize(seat, Rng(step))
                assert np.array_equal(encode_observation(d, seat), encode_observation(g, seat))
                assert np.array_equal(legal_mask(d, seat), legal_mask(g, seat))
        seat = g.current_player
        env.step(rng.choice(np.flatnonzero(legal_mask(g, seat))))
        step += 1


@pytest.mark.parametrize("scheme", ["win", "rank", "score"])
def test_rewards_are_zero_sum_and_only_at_the_end(scheme):
    env = citadels_v0.env(players=5, reward=scheme)
    env.reset(seed=3)
    rng = random.Random(3)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if not term:
            assert reward == 0.0
        env.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"])))
    assert abs(sum(total.values())) < 1e-9
    result = env.unwrapped.game.result()
    winner = f"player_{result.winner}"
    assert total[winner] == max(total.values())
    if scheme == "win":
        assert total[winner] == 1.0


def test_illegal_action_default_terminates_with_minus_one():
    env = citadels_v0.env(players=4)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1


@pytest.mark.parametrize("players", [2, 4])
def test_every_masked_out_action_is_illegal_for_the_wrapper(players):
    """The wrapper decides legality through the core: every action the mask forbids, including player targets beyond
    the table, must end the game with -1 for the mover (mask and core agree, checked on fresh copies)."""
    for action in range(NUM_ACTIONS):
        env = citadels_v0.env(players=players)
        env.reset(seed=3)
        for _ in range(7):  # into the draft, where player and character choices mix
            obs, *_ = env.last()
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        env.step(action)
        assert all(env.terminations.values()) == (mask[action] == 0), action
        if mask[action] == 0:
            assert env.rewards[agent] == -1 and sum(env.rewards.values()) == -1
            assert env.agent_selection in env.agents
            env.step(None)  # the dead steps proceed as in PettingZoo's classic environments


def test_attributes_before_reset_and_dead_steps():
    env = citadels_v0.env(players=3)
    with pytest.raises(AttributeError):
        _ = env.agent_selection
    with pytest.raises(AttributeError):
        _ = env.rewards
    env.reset(seed=0)
    assert env.num_agents == 3 and env.agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(ValueError, match="out of range"):
        env.step(NUM_ACTIONS)  # outside the action space: an error, not an assertion (`python -O` strips those)
    with pytest.raises(TypeError, match="None"):
        env.step(None)  # None only for a finished agent


def test_illegal_action_strict_raises_and_keeps_the_game():
    env = citadels_v0.env(players=4, strict=True)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.unwrapped.game.clone()
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.unwrapped.game == before


def test_state_holds_hidden_information_the_observation_does_not():
    from citadels_env.encoding import encode_state

    env = citadels_v0.raw_env(players=4)
    env.reset(seed=2)
    s = env.state()
    assert s.shape == env.state_space.shape and s.dtype == np.float32
    g = env.game.clone()  # give seat 1 a different card from the deck
    j = next(i for i, c in enumerate(g.deck) if c != g.players[1].hand[0])
    g.players[1].hand[0], g.deck[j] = g.deck[j], g.players[1].hand[0]
    assert not np.array_equal(encode_state(g), s)
    assert np.array_equal(encode_observation(g, 0), encode_observation(env.game, 0))


def test_bad_options_raise_clear_errors():
    from citadels_env.core import ConfigError

    with pytest.raises(ConfigError, match="Emperor"):
        citadels_v0.env(players=2, characters=("assassin", "thief", "magician", "emperor", "bishop", "merchant",
                                               "architect", "warlord"))
    with pytest.raises(ValueError, match="reward"):
        citadels_v0.env(reward="money")


def test_full_random_games_for_every_player_count():
    for n in range(2, 9):
        env = play_random(citadels_v0.env(players=n), n)
        assert env.unwrapped.game.is_over


def test_order_enforcement_and_warnings_of_the_classic_wrapper():
    """What PettingZoo's OrderEnforcingWrapper and TerminateIllegalWrapper do, done with PettingZoo's public API."""
    env = citadels_v0.env(players=3)
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.state, env.render, env.agent_iter):
        with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before"):
            call()
    env.reset(seed=0)
    agents = iter(env.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.warns(UserWarning, match="Illegal move"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    while env.agents:
        env.step(None)
    with pytest.warns(UserWarning, match="after all agents are terminated"):
        env.step(None)


def test_the_environment_uses_only_public_pettingzoo_names():
    """Private PettingZoo modules (pettingzoo.utils.env, env_logger...) change without notice between releases."""
    import ast
    import inspect

    import citadels_env.aec

    public = {"pettingzoo", "pettingzoo.utils", "pettingzoo.utils.wrappers"}
    tree = ast.parse(inspect.getsource(citadels_env.aec))
    used = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    used |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {m for m in used if m.startswith("pettingzoo")} <= public
