"""The PettingZoo AEC environment over the rules core. The spec (actions, observation slices, rewards, options) is in
docs/ENVIRONMENT.md.

    from citadels_env import citadels_v0
    env = citadels_v0.env(players=4, preset="cunning_agents")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Action ids: only exact integers from 0 to NUM_ACTIONS - 1 are actions: Python ints (not bool), numpy integer scalars
and 0-d numpy integer arrays. Anything else (a negative or too large id, a float, a string, a bool, an array with
ndim > 0) raises ValueError (an integer out of range) or TypeError (anything else) naming the value and the valid
range, and changes nothing, in the raw and in the wrapped environment alike (see citadels_env.action_ids). A valid id
that is illegal now raises IllegalActionError in the raw environment (nothing changed); `env()` ends the game with
-1 for the mover instead (see `env`).

Truncation: a game still running when round `max_rounds` ends (default DEFAULT_MAX_ROUNDS = 100; None for no
bound) is truncated as the next round begins: `truncations[agent]` becomes True for every agent, and every reward is
0 (the game has no result to score; a learner should bootstrap from the value of the last observation). Normal games
end far earlier: in 2,100 random games (300 for each of 2-8 players, default completion size) the longest took 20
rounds (99.9th percentile 19), heuristic games at most 13; only long variants (a completion size near 20 with many
players, where random play can take hundreds of rounds and tens of thousands of decisions) reach the bound.

Text: `env.observe_text(agent)` is what that agent may know now, as text (its board: hand, characters, every gold
count and city, what was revealed, the decision it faces). With `info_text=True`, `infos[agent]` of the agent to act
holds `"legal_actions"`: a list of (action id, text) pairs, one per legal action in increasing id order (the order
of the mask's ones), the text from citadels_env.text.describe_action; and `"board"`: its `observe_text`. Every other
agent's info is `{}`. Off by default: it makes a step several times
slower. Without it every info is `{}`.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import ClassVar

import numpy as np
import pettingzoo
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import BaseWrapper

from .action_ids import action_id
from .core import Game, GameConfig, IllegalActionError, Rng, Rulings
from .core.actions import PLAYER
from .encoding import (
    ACTIONS,
    NUM_ACTIONS,
    OBS_HIGH,
    OBS_SIZE,
    STATE_SIZE,
    ObservationEncoder,
    encode_state,
    legal_mask,
    mask_of,
    to_core,
    to_flat,
)
from .rewards import REWARD_SCHEMES, final_rewards
from .text import describe_action, render_board

#: The default truncation bound, in rounds (see the module docstring for how it was chosen).
DEFAULT_MAX_ROUNDS = 100


def legal_action_texts(game: Game, legal: list | None = None) -> list[tuple[int, str]]:
    """(action id, text) for each legal action of the seat on turn in `game` (`legal`: its legal actions, if known),
    in increasing id order, the order of the mask's ones; [] when the game is over."""
    seat = game.current_player
    if seat is None:
        return []
    if legal is None:
        legal = game.legal_actions()
    n = game.num_players
    return sorted((to_flat(a, seat, n), describe_action(a, game)) for a in legal)


def env(**options) -> ClassicWrapper:
    """The environment wrapped like PettingZoo's classic environments: order enforcement, a check of the action id
    (ValueError or TypeError, see the module docstring: an error rather than PettingZoo's assertion, which `python -O`
    would strip), and an illegal move costs the mover -1 and ends the game (with strict=True it raises
    IllegalActionError instead). One fused wrapper does what TerminateIllegalWrapper, AssertOutOfBoundsWrapper and
    OrderEnforcingWrapper do, without their chain of attribute lookups on every step."""
    return ClassicWrapper(raw_env(**options))


class raw_env(AECEnv, EzPickle):
    metadata: ClassVar[dict] = {"render_modes": ["ansi", "human"], "name": "citadels_v0",
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, players: int = 4, preset: str | None = None, characters: tuple[str, ...] | None = None,
                 use_rank9: bool = False, unique_districts=None, completion_size: int | None = None,
                 crown_seat: int | None = 0, emperor_substitute: str = "king", queen_substitute: str = "artist",
                 rulings: Rulings | dict | None = None, reward: str = "win", render_mode: str | None = None,
                 render_seat: int | None = None, strict: bool = False,
                 max_rounds: int | None = DEFAULT_MAX_ROUNDS, info_text: bool = False, selection: str = "draft",
                 characters_per_player: int | None = None):
        EzPickle.__init__(self, players, preset, characters, use_rank9, unique_districts, completion_size,
                          crown_seat, emperor_substitute, queen_substitute, rulings, reward, render_mode,
                          render_seat, strict, max_rounds, info_text, selection, characters_per_player)
        super().__init__()
        if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
            raise ValueError(f"max_rounds must be a positive integer or None, got {max_rounds!r}")
        if reward not in REWARD_SCHEMES:
            raise ValueError(f"reward must be one of {REWARD_SCHEMES}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if isinstance(rulings, dict):
            rulings = Rulings(**rulings)
        self.config = GameConfig(players=players, preset=preset,
                                 characters=tuple(characters) if characters is not None else None,
                                 use_rank9=use_rank9, unique_districts=unique_districts,
                                 completion_size=completion_size, crown_seat=crown_seat,
                                 emperor_substitute=emperor_substitute, queen_substitute=queen_substitute,
                                 rulings=rulings or Rulings(), selection=selection,
                                 characters_per_player=characters_per_player)
        self.config.resolve(Rng(0))  # raise a ConfigError now rather than at reset
        self.reward_scheme = reward
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.strict = strict
        self.max_rounds = max_rounds
        self._max_rounds = max_rounds if max_rounds is not None else float("inf")  # compared on every step
        self.info_text = bool(info_text)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._players = players  # the seat count, read on every step
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(NUM_ACTIONS))
        self.state_space = spaces.Box(low=0.0, high=OBS_HIGH, shape=(STATE_SIZE,), dtype=np.float32)
        self._seeder = random.Random()
        self.game: Game | None = None
        self._live = False

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeder.seed(seed)
        self.game = Game(self.config, self._seeder.getrandbits(62))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._live = True  # no agent is terminated or truncated: the wrapper's step may go straight to _play
        self.infos = {a: {} for a in self.agents}
        self._obs: dict | None = None  # the observation of the seat on turn in this state, once built
        self._others: dict[int, dict] | None = None  # those of the other seats in this state, by seat
        self._legal: list | None = None  # the legal actions of this state, once a mask was built from them
        self.encoder = ObservationEncoder(self.game)  # the observations of the current game
        self._seat = self.game.current_player  # the seat on turn, kept for the hot path
        self.agent_selection = self.possible_agents[self._seat]
        if self.info_text:
            self.infos[self.agent_selection] = self._text_info()

    def _text_info(self) -> dict:
        return {"legal_actions": self.legal_action_texts(), "board": render_board(self.game, self._seat)}

    def observe_text(self, agent: str) -> str:
        """What `agent` may know now, as text (citadels_env.text.render_board from its seat): its hand and characters,
        every gold count, hand size and city, what was revealed this round, and the decision it faces if any. The
        view for an LLM agent or a person; it holds nothing the seat cannot know (tests/env/test_info_text.py)."""
        return render_board(self.game, self._seat_of[agent])

    def legal_action_texts(self) -> list[tuple[int, str]]:
        """(action id, text) for each legal action of the seat on turn, in increasing id order (the mask's order)."""
        if self._seat is None:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self.game.legal_actions()
        return legal_action_texts(self.game, legal)

    def observe(self, agent: str) -> dict:
        seat = self._seat_of[agent]
        if seat == self._seat:  # the usual call: the seat on turn
            obs = self._obs
            if obs is None:
                legal = self._legal
                if legal is None:
                    legal = self._legal = self.game.legal_actions()
                obs = self._obs = {"observation": self.encoder(seat),
                                   "action_mask": mask_of(legal, seat, self._players)}
            return obs
        others = self._others
        if others is None:
            others = self._others = {}
        obs = others.get(seat)
        if obs is None:
            obs = others[seat] = {"observation": self.encoder(seat), "action_mask": legal_mask(self.game, seat)}
        return obs

    def state(self) -> np.ndarray:
        """Full information (other hands, characters, face-down discards, the deck): for centralised critics only."""
        return encode_state(self.game)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._play(agent, action)

    def _play(self, agent: str, action) -> None:
        """`step` for a live agent (the wrapper calls it directly, having checked that already). A bad id raises
        (ValueError / TypeError, IllegalActionError) before anything changes."""
        game = self.game
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:  # a plain int in range skips the call
            action = action_id(action)
        move = ACTIONS[action]
        if move[0] == PLAYER:  # a relative seat: the absolute one (IllegalActionError beyond the players)
            move = to_core(action, self._seat, self._players)
        legal = self._legal
        if legal is not None and move in legal:  # the mask was built from this list: no need to check again
            game.apply_legal(move)
        else:
            game.apply(move)  # IllegalActionError (nothing changed) if not legal
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        self._obs = self._others = None
        pending = game.pending  # game.current_player, inlined: this runs at every step
        seat = self._seat = pending[-1][1] if pending else None if game.turn is None else game.turn.seat
        if seat is None:  # the game is over
            for a, r in zip(self.agents, final_rewards(game, self.reward_scheme)):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
            self._live = False
            self._accumulate_rewards()
        else:  # rewards stay zero until the end: nothing to accumulate
            self.agent_selection = self.possible_agents[seat]
            if game.round > self._max_rounds:  # truncated: no result, every reward stays 0
                self.truncations = dict.fromkeys(self.agents, True)
                self._live = False
        if self.info_text:
            self.infos[agent] = {}
            if not self.truncations[self.agent_selection] and not self.terminations[self.agent_selection]:
                self.infos[self.agent_selection] = self._text_info()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_board(self.game, self.render_seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


ILLEGAL_MOVE_WARNING = ("Illegal move made, game terminating with current player losing. obs['action_mask'] contains "
                        "a mask of all legal moves that can be chosen.")
STEP_AFTER_END_WARNING = "step() called after all agents are terminated or truncated. Should reset() first."


class ClassicWrapper(BaseWrapper):
    """PettingZoo's classic wrapping in one layer (see `env`), built on PettingZoo's public `BaseWrapper` only. The hot
    attributes are plain properties and `last` / `step` read the raw environment directly, so the API costs a few
    function calls per step instead of a chain of `__getattr__` through three wrappers.

    Order enforcement as PettingZoo's OrderEnforcingWrapper: the agent attributes raise AttributeError before
    `reset()`; `step`, `observe`, `state`, `render` and `agent_iter` raise AssertionError before it; `agent_iter`
    asserts that each agent it yields was stepped. An illegal move and a step after the game ended emit a
    `UserWarning` (PettingZoo's wrappers log the same messages)."""

    def __init__(self, env: raw_env) -> None:
        super().__init__(env)
        self._raw = env
        self._has_reset = False
        self._has_updated = False  # step() or reset() was called since agent_iter last yielded an agent
        self._illegal_reward = -1.0
        self._terminated = False  # ended by an illegal move

    def _require_reset(self, name: str):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    def _assert_reset(self, call: str) -> None:
        if not self._has_reset:
            raise AssertionError(f"reset() needs to be called before {call}.")

    agent_selection = property(lambda self: self._require_reset("agent_selection"))
    agents = property(lambda self: self._require_reset("agents"))
    rewards = property(lambda self: self._require_reset("rewards"))
    terminations = property(lambda self: self._require_reset("terminations"))
    truncations = property(lambda self: self._require_reset("truncations"))
    infos = property(lambda self: self._require_reset("infos"))
    _cumulative_rewards = property(lambda self: self._raw._cumulative_rewards)
    num_agents = property(lambda self: len(self._require_reset("agents")))

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        self._raw.reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict:
        self._assert_reset("observe")
        return self._raw.observe(agent)

    def observe_text(self, agent: str) -> str:
        self._assert_reset("observe_text")
        return self._raw.observe_text(agent)

    def state(self) -> np.ndarray:
        self._assert_reset("state")
        return self._raw.state()

    def render(self) -> str | None:
        self._assert_reset("render")
        return self._raw.render()

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        self._assert_reset("agent_iter()")
        return _AgentIterable(self, max_iter)

    def last(self, observe: bool = True):
        raw = self._raw
        agent = raw.agent_selection
        return (raw.observe(agent) if observe else None, raw._cumulative_rewards[agent], raw.terminations[agent],
                raw.truncations[agent], raw.infos[agent])

    def step(self, action) -> None:
        raw = self._raw
        if raw._live and action is not None and not raw.strict:  # the hot path: a move of the agent on turn
            self._has_updated = True
            agent = raw.agent_selection
        else:
            if not self._has_reset:
                self._assert_reset("step")
            self._has_updated = True
            if not raw.agents:
                warnings.warn(STEP_AFTER_END_WARNING, stacklevel=2)
                return
            agent = raw.agent_selection
            if raw.terminations[agent] or raw.truncations[agent]:
                if action is not None:
                    raise ValueError(f"{agent} is terminated or truncated: the only valid action is None, "
                                     f"got {action!r}")
                raw.step(action)
                return
            if raw.strict:
                raw.step(action)
                return
            if action is None:
                raise TypeError(f"{agent} is to act: step() needs an action id from 0 to {NUM_ACTIONS - 1}, not "
                                "None (None is only for a terminated or truncated agent)")
        try:
            raw._play(agent, action)  # checks the id first: ValueError / TypeError with nothing changed
        except IllegalActionError:  # the game is unchanged: end it, the offender pays
            warnings.warn(ILLEGAL_MOVE_WARNING, stacklevel=2)
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw._live = False
            raw.rewards = dict.fromkeys(raw.agents, 0.0)
            raw.rewards[agent] = self._illegal_reward
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True

    def __str__(self) -> str:
        return str(self._raw)


class _AgentIterable:
    """What `agent_iter` returns: each iteration starts a fresh `_agent_iterator`."""

    def __init__(self, env: ClassicWrapper, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        return _agent_iterator(self.env, self.max_iter)


def _agent_iterator(env: ClassicWrapper, max_iter: int) -> Iterator[str]:
    """PettingZoo's order-enforcing agent iterator, reading the raw environment directly: the agent to act until none
    is left, asserting that step() (or reset()) was called between two agents. A generator: resuming one costs less
    than a `__next__` method, and this runs at every step."""
    raw = env._raw
    while raw.agents and max_iter > 0:
        max_iter -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        yield raw.agent_selection


# PettingZoo 1.27+ has a registry: pettingzoo.make("aec", "citadels_env/citadels-v0", players=4) after importing this.
if hasattr(pettingzoo, "register"):
    pettingzoo.register("aec", "citadels_env/citadels-v0", entry_point="citadels_env.aec:env")
