"""Single-agent Gymnasium view of the game: the learner plays one seat, given opponents play the others.

    import gymnasium, citadels_env.gym_env
    env = gymnasium.make("citadels_env/Citadels-v0", players=4, seat="random")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(env.unwrapped.action_masks().argmax())

Opponents: a list (one per other seat, in clockwise order from the learner, or one for all); default: uniform random
legal actions. An opponent is one of:

* a *game opponent* (`GameOpponent`): an object with `decide(game, seat) -> Action`, which returns a legal core action
  for `seat`, the seat on turn in the core `Game`. If it also has `reset(seat, config, seed)`, that is called at each
  episode start for every seat it plays, with the game's `GameConfig` and a seed drawn from the episode's seed. Every
  `agents.Agent` is one (e.g. `agents.make("heuristic")`): its `decide` asks its `act` with a `Decision`;
* a *policy*: a callable `policy(observation, action_mask) -> action id`, or an object with such an `act` method.

`action_masks()` serves sb3-contrib's MaskablePPO; `info["action_mask"]` of `reset` and `step` holds the same mask
(int8). The reward is the learner's final reward (scheme `reward=`, see citadels_env.rewards.final_rewards). An
illegal action ends the episode with reward -1 (strict=True raises IllegalActionError instead). Action ids are checked
as in the AEC environment (citadels_env.action_ids): anything but an exact integer in range raises ValueError or
TypeError and changes nothing.

Truncation: `max_rounds` (a `citadels_v0` option, default 100; None for no bound) ends a game still running after
that many rounds with `truncated=True` and reward 0 (no result to score).

After the episode ends (terminated or truncated) the mask is never all zeros: it holds only action 0, a placeholder
so that a masked policy can still sample, and `step(0)` is then a no-op (the last observation again, reward 0, the
same flags); any other id raises RuntimeError until `reset()`. So every autoreset mode of Gymnasium's vector envs
(`gymnasium.vector.AutoresetMode`) is supported: NEXT_STEP (the default: the step after the end resets the env and
ignores the action sampled from the placeholder mask), SAME_STEP (reset within the final step; the mask is the new
game's) and DISABLED (the caller resets with `reset(options={"reset_mask": ...})`; until then the mask is the
placeholder).

`info_text=True` adds `info["legal_actions"]`: (action id, text) for each legal action of the learner in increasing
id order (the order of the mask's ones), the text from citadels_env.text.describe_action; after the end it is
`[(0, PLACEHOLDER_TEXT)]`; and `info["board"]`: `observe_text()`, the learner's board as text (what its seat may
know). Off by default (it makes a step several times slower).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import gymnasium as gym
import numpy as np

from .action_ids import action_id
from .aec import legal_action_texts, raw_env
from .core import Action, Game, IllegalActionError
from .encoding import NUM_ACTIONS, legal_mask, to_core
from .rewards import final_rewards
from .text import render_board

PLACEHOLDER_TEXT = "No-op: the episode is over (reset starts the next one)"
_PLACEHOLDER_MASK = np.zeros(NUM_ACTIONS, np.int8)
_PLACEHOLDER_MASK[0] = 1
_PLACEHOLDER_MASK.flags.writeable = False

Policy = Callable[[np.ndarray, np.ndarray], int]


@runtime_checkable
class GameOpponent(Protocol):
    """An opponent that acts on the core game (every `agents.Agent` is one). Optionally it also has
    `reset(seat: int, config: GameConfig, seed: int | None) -> None`, called at each episode start for each seat it
    plays."""

    def decide(self, game: Game, seat: int) -> Action:
        """A legal action for `seat`, the seat on turn in `game`."""
        ...


class RandomPolicy:
    """Uniform over the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        legal = np.flatnonzero(action_mask)
        return int(legal[self.rng.randrange(len(legal))])


def _as_opponent(p: Any) -> Any:
    """A game opponent as is; a policy as the callable to call with (observation, mask)."""
    if isinstance(p, GameOpponent):
        return p
    if hasattr(p, "act"):
        return p.act
    if callable(p):
        return p
    raise TypeError(f"an opponent must have .decide(game, seat) (an agents.Agent does), be callable(observation, "
                    f"mask), or have .act(observation, mask); got {p!r}")


class CitadelsEnv(gym.Env):
    """The learner plays `seat` (an int, or "random" for a seat drawn each episode); `opponents` play the others (see
    the module docstring for what an opponent may be); any other keyword is a `citadels_v0` option."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi", "human"]}

    def __init__(self, opponents: Sequence[Any] | Any | None = None, seat: int | str = 0,
                 render_mode: str | None = None, strict: bool = False, info_text: bool = False,
                 **options: Any) -> None:
        self.aec = raw_env(render_mode=render_mode, strict=True, **options)
        self.strict = strict
        self.info_text = bool(info_text)
        self._max_rounds = self.aec._max_rounds
        self._ended: tuple | None = None  # once the episode ended: (obs, terminated, truncated, info)
        self.players = len(self.aec.possible_agents)
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"seat must be 'random' or a seat from 0 to {self.players - 1}, got {seat!r}")
        self.seat_option = seat
        if opponents is None:
            opponents = [RandomPolicy(i) for i in range(self.players - 1)]
        elif not isinstance(opponents, (list, tuple)):
            opponents = [opponents] * (self.players - 1)
        if len(opponents) != self.players - 1:
            raise ValueError(f"give one opponent for all or {self.players - 1} opponents, got {len(opponents)}")
        self.opponents = [_as_opponent(p) for p in opponents]
        self._on_game = [isinstance(p, GameOpponent) for p in self.opponents]  # decided once, not on every move
        space = self.aec.observation_space("player_0")
        self.observation_space = space.spaces["observation"]
        self.action_space = self.aec.action_space("player_0")
        self.render_mode = render_mode
        self.seat = 0 if seat == "random" else seat

    @property
    def game(self):
        return self.aec.game

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions; after the end, the placeholder (action 0 only), never all zeros."""
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray:
        if self._ended is not None:
            return _PLACEHOLDER_MASK.copy()
        return legal_mask(self.game, self.seat)

    def _play_others(self) -> None:
        g = self.game
        last_round = self._max_rounds
        while not g.is_over and g.current_player != self.seat and g.round <= last_round:
            s = g.current_player
            k = (s - self.seat - 1) % self.players
            opponent = self.opponents[k]
            if self._on_game[k]:
                g.apply(opponent.decide(g, s))
            else:
                g.apply(to_core(action_id(opponent(self._encoder(s), legal_mask(g, s))), s, self.players))

    def _obs(self) -> tuple[np.ndarray, dict]:
        info = {"action_mask": self._mask(), "seat": self.seat}
        if self.info_text:
            info["legal_actions"] = self.legal_action_texts()
            info["board"] = self.observe_text()
        return self._encoder(self.seat), info

    def observe_text(self) -> str:
        """What the learner's seat may know now, as text (citadels_env.text.render_board from its seat)."""
        return render_board(self.game, self.seat)

    def legal_action_texts(self) -> list[tuple[int, str]]:
        """(action id, text) for each legal action of the learner, in increasing id order (the mask's order)."""
        if self._ended is not None:
            return [(0, PLACEHOLDER_TEXT)]
        if self.game.current_player != self.seat:
            return []
        return legal_action_texts(self.game)

    def _end(self, obs: np.ndarray, reward: float, terminated: bool, truncated: bool, info: dict):
        """Record the end of the episode (for the placeholder mask and the no-op step) and return the step."""
        self._ended = (obs, terminated, truncated, info)
        info["action_mask"] = self._mask()
        if self.info_text:
            info["legal_actions"] = self.legal_action_texts()
            info["board"] = self.observe_text()
        return obs, reward, terminated, truncated, info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(self.players))
        self.aec.reset(seed=int(self.np_random.integers(2**62)))
        self._ended = None
        self._encoder = self.aec.encoder
        for i, p in enumerate(self.opponents):
            if isinstance(p, RandomPolicy):
                p.rng.seed(int(self.np_random.integers(2**62)) + i)
        for s in range(self.players):
            k = (s - self.seat - 1) % self.players
            reset = getattr(self.opponents[k], "reset", None) if s != self.seat and self._on_game[k] else None
            if reset is not None:  # a game opponent's optional reset(seat, config, seed)
                reset(s, self.aec.config, int(self.np_random.integers(2**62)))
        self._play_others()
        return self._obs()

    def step(self, action: int):
        g = self.game
        action = action_id(action)  # ValueError / TypeError before anything changes
        if self._ended is not None:
            if action != 0:
                raise RuntimeError(f"the episode is over: call reset() (only the placeholder action 0 is accepted, "
                                   f"as a no-op), got action {action}")
            obs, terminated, truncated, info = self._ended
            return obs.copy(), 0.0, terminated, truncated, dict(info)
        try:
            core_action = to_core(action, self.seat, self.players)
        except IllegalActionError:
            if self.strict:
                raise
            core_action = None
        if not self.strict and core_action not in g.legal_actions():  # classic: the offender loses, episode over
            obs, info = self._obs()
            info["illegal_action"] = True
            return self._end(obs, -1.0, True, False, info)
        g.apply(core_action)
        self._play_others()
        obs, info = self._obs()
        if g.is_over:
            reward = final_rewards(g, self.aec.reward_scheme)[self.seat]
            info["result"] = g.result().to_dict()
            return self._end(obs, reward, True, False, info)
        if g.round > self._max_rounds:
            return self._end(obs, 0.0, False, True, info)
        return obs, 0.0, False, False, info

    def render(self):
        self.aec.render_seat = self.seat
        return self.aec.render()


gym.register(id="citadels_env/Citadels-v0", entry_point="citadels_env.gym_env:CitadelsEnv")
