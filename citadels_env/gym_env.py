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

`action_masks()` serves sb3-contrib's MaskablePPO. The reward is the learner's final reward (scheme `reward=`, see
citadels_env.rewards.final_rewards). An illegal action ends the episode with reward -1 (strict=True raises
IllegalActionError instead).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import gymnasium as gym
import numpy as np

from .aec import raw_env
from .core import Action, Game, IllegalActionError
from .encoding import legal_mask, to_core
from .rewards import final_rewards

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
                 render_mode: str | None = None, strict: bool = False, **options: Any) -> None:
        self.aec = raw_env(render_mode=render_mode, strict=True, **options)
        self.strict = strict
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
        return legal_mask(self.game, self.seat).astype(bool)

    def _play_others(self) -> None:
        g = self.game
        while not g.is_over and g.current_player != self.seat:
            s = g.current_player
            k = (s - self.seat - 1) % self.players
            opponent = self.opponents[k]
            if self._on_game[k]:
                g.apply(opponent.decide(g, s))
            else:
                g.apply(to_core(int(opponent(self._encoder(s), legal_mask(g, s))), s, self.players))

    def _obs(self) -> tuple[np.ndarray, dict]:
        mask = legal_mask(self.game, self.seat)
        return self._encoder(self.seat), {"action_mask": mask, "seat": self.seat}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(self.players))
        self.aec.reset(seed=int(self.np_random.integers(2**62)))
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
        try:
            core_action = to_core(int(action), self.seat, self.players)
        except IllegalActionError:
            if self.strict:
                raise
            core_action = None
        if not self.strict and core_action not in g.legal_actions():  # classic: the offender loses, episode over
            obs, info = self._obs()
            info["illegal_action"] = True
            return obs, -1.0, True, False, info
        g.apply(core_action)
        self._play_others()
        obs, info = self._obs()
        if g.is_over:
            reward = final_rewards(g, self.aec.reward_scheme)[self.seat]
            info["result"] = g.result().to_dict()
            return obs, reward, True, False, info
        return obs, 0.0, False, False, info

    def render(self):
        self.aec.render_seat = self.seat
        return self.aec.render()


gym.register(id="citadels_env/Citadels-v0", entry_point="citadels_env.gym_env:CitadelsEnv")
