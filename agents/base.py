"""The one interface every player implements: bots, trained policies and a person at the terminal.

An agent is asked to act through a `Decision`: what its seat may know now and the legal answers. Rule-based bots read
the core's `view`; learned policies read the flat `observation` / `action_mask` of the environment; search bots sample
the hidden state with `determinize`. Nothing in a `Decision` gives access to what the seat cannot know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from citadels_env.core import Action, Game, GameConfig, Rng
from citadels_env.core.knowledge import PlayerView

if TYPE_CHECKING:
    import numpy as np


class Decision:
    """A choice `seat` must make now. Expensive parts (`view`, `observation`, `action_mask`) are built on first use."""

    __slots__ = ("_game", "_mask", "_observation", "_view", "legal", "seat")

    def __init__(self, game: Game, seat: int | None = None) -> None:
        self._game = game
        self.seat = game.current_player if seat is None else seat
        if self.seat != game.current_player:
            raise ValueError(f"seat {self.seat} does not decide now (seat {game.current_player} does)")
        self.legal: tuple[Action, ...] = tuple(game.legal_actions())
        self._view: PlayerView | None = None
        self._observation = None
        self._mask = None

    @property
    def kind(self) -> str:
        """The decision kind ("turn" for the turn menu, "draft_keep", "keep_card"...: docs/CORE.md)."""
        return self._game.decision_kind

    @property
    def num_players(self) -> int:
        return self._game.num_players

    @property
    def config(self) -> GameConfig:
        return self._game.config

    @property
    def view(self) -> PlayerView:
        """Everything this seat may know, as plain data (`citadels_env.core.knowledge.PlayerView`)."""
        if self._view is None:
            self._view = self._game.view(self.seat)
        return self._view

    @property
    def observation(self) -> np.ndarray:
        """The environment's observation vector for this seat (docs/ENVIRONMENT.md)."""
        if self._observation is None:
            from citadels_env.encoding import encode_observation

            self._observation = encode_observation(self._game, self.seat)
        return self._observation

    @property
    def action_mask(self) -> np.ndarray:
        """The environment's int8 action mask for this seat."""
        if self._mask is None:
            from citadels_env.encoding import legal_mask

            self._mask = legal_mask(self._game, self.seat)
        return self._mask

    def to_action(self, flat_id: int) -> Action:
        """The core action of an environment action id (relative player targets made absolute)."""
        from citadels_env.encoding import to_core

        return to_core(int(flat_id), self.seat, self._game.num_players)

    def to_flat(self, action: Action) -> int:
        from citadels_env.encoding import to_flat

        return to_flat(action, self.seat, self._game.num_players)

    def board(self) -> str:
        """The board as this seat sees it, as text (hand, gold, cities, what is known of the round)."""
        from citadels_env.text import render_board

        return render_board(self._game, self.seat)

    def public_events(self) -> list[tuple]:
        """The events this seat saw so far (public and its own private ones), oldest first."""
        bit = 1 << self.seat
        return [e for m, e in self._game.events if m & bit]

    def determinize(self, rng: Rng | int | None = None) -> Game:
        """A full game consistent with this seat's knowledge, with everything it cannot see re-sampled: the root of a
        search. The result depends only on what the seat knows and on `rng`."""
        return self._game.determinize(self.seat, rng)


class Agent:
    """Base class of every player. Subclasses implement `act`; `reset` is called before each game. `decide(game, seat)`
    is `act` for callers that hold a core `Game` (the Gymnasium wrapper's opponent protocol)."""

    #: Registry id (`agents.make(name)`), also the name shown in tournament tables.
    name: str = "agent"

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        """A new game starts and this agent plays `seat`. Agents with per-game memory clear it here."""

    def act(self, decision: Decision) -> Action:
        """Return one of `decision.legal`."""
        raise NotImplementedError

    def decide(self, game: Game, seat: int) -> Action:
        """`act` on the decision `seat` faces now in `game`. With `reset`, this makes every agent an opponent of the
        Gymnasium wrapper (`citadels_env.gym_env.GameOpponent`), which knows nothing of agents."""
        return self.act(Decision(game, seat))

    def close(self) -> None:
        """Release resources (processes, files)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
