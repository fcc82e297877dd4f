"""`info_text=True`: each info of the agent to act names its legal actions, aligned with the mask (issue 14)."""

from __future__ import annotations

import random

import numpy as np

from citadels_env import citadels_v0
from citadels_env.core import Game
from citadels_env.encoding import to_core
from citadels_env.gym_env import CitadelsEnv
from citadels_env.text import describe_action


def test_aec_infos_name_the_legal_actions_in_mask_order():
    env = citadels_v0.env(players=4, info_text=True)
    env.reset(seed=0)
    rng = random.Random(0)
    checked = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            assert "legal_actions" not in info
            env.step(None)
            continue
        ids = [i for i, _ in info["legal_actions"]]
        assert ids == np.flatnonzero(obs["action_mask"]).tolist()
        game: Game = env.unwrapped.game
        seat = env.unwrapped._seat_of[agent]
        for i, text in info["legal_actions"]:
            assert isinstance(text, str) and text
            assert text == describe_action(to_core(i, seat, 4), game)
        assert all(env.infos[a] == {} for a in env.agents if a != agent)  # only the agent to act has a list
        checked += 1
        env.step(rng.choice(ids))
    assert checked > 50


def test_aec_infos_are_empty_by_default():
    env = citadels_v0.env(players=3)
    env.reset(seed=1)
    for _ in range(30):
        obs, _, _, _, info = env.last()
        assert info == {}
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_info_text_does_not_change_the_game():
    def play(info_text: bool) -> list:
        env = citadels_v0.raw_env(players=3, info_text=info_text)
        env.reset(seed=7)
        rng = random.Random(7)
        for _ in range(200):
            if env.terminations[env.agent_selection]:
                break
            env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
        return [env.game.to_dict() if hasattr(env.game, "to_dict") else env.game.clone()]

    assert play(True) == play(False)


def test_gym_info_names_the_learners_legal_actions():
    env = CitadelsEnv(players=3, seat=1, info_text=True)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        ids = [i for i, _ in info["legal_actions"]]
        assert ids == np.flatnonzero(info["action_mask"]).tolist() == np.flatnonzero(env.action_masks()).tolist()
        assert all(isinstance(t, str) and t for _, t in info["legal_actions"])
        _, _, terminated, truncated, info = env.step(int(rng.choice(ids)))
        if terminated or truncated:
            break
    assert "legal_actions" not in CitadelsEnv(players=3).reset(seed=0)[1]


def test_observe_text_holds_only_what_the_agent_may_know():
    """Issue 14: the text view per agent, leak-free the same way as the vectors: re-dealing everything a seat cannot
    see (Game.determinize) changes nothing in its text, while another seat's text does change at least once."""
    for players in (3, 6):
        env = citadels_v0.env(players=players, info_text=True)
        env.reset(seed=players)
        raw = env.unwrapped
        rng = random.Random(players)
        same = differs = 0
        for step, agent in enumerate(env.agent_iter()):
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            assert info["board"] == env.observe_text(agent)
            if step % 7 == 0:
                texts = {a: env.observe_text(a) for a in env.agents}
                for a in env.agents:
                    seat = raw._seat_of[a]
                    text = texts[a]
                    real = raw.game
                    raw.game = real.determinize(seat, rng.getrandbits(32))
                    try:
                        assert raw.observe_text(a) == text
                        same += 1
                        differs += any(raw.observe_text(b) != texts[b] for b in env.agents if b != a)
                    finally:
                        raw.game = real
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert same > 20 and differs > 0


def test_gym_info_board_is_the_learners_view():
    env = CitadelsEnv(players=4, seat=1, info_text=True)
    _, info = env.reset(seed=3)
    assert info["board"] == env.observe_text()
    assert "P1" in info["board"]
