"""What a policy network reads, built in one place for every caller: the observation (docs/ENVIRONMENT.md), then the
belief features if the network reads them (agents/beliefs.py), then the history features if it reads them
(agents/history.py).

Two builders give the same vector (tests/agents/test_history.py compares them at random decisions of random games):
- `decision_input`, for an agent playing one decision (`PolicyAgent`): from the `Decision`'s observation and view;
- `GameInputs`, for the training loops that play many games side by side: incremental, one per game (the
  observation encoder and the history tracker keep up with the game instead of reading it from the start).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from citadels_env.core import Game
from citadels_env.encoding import OBS_SIZE, ObservationEncoder

from .base import Decision
from .beliefs import BELIEF_SIZE, belief_features
from .history import HISTORY_SIZE, HistoryTracker, history_features


class ReadsInputs(Protocol):
    """What decides a network's input: which extra features it reads (a `PolicyNet`, an `InputSpec`)."""

    @property
    def beliefs(self) -> bool: ...

    @property
    def history(self) -> bool: ...


@dataclass(frozen=True)
class InputSpec:
    """Which extra features an input holds, for a caller that builds inputs without a network at hand."""

    beliefs: bool = False
    history: bool = False


def input_size(beliefs: bool, history: bool) -> int:
    """The length of the input of a network reading these features."""
    return OBS_SIZE + (BELIEF_SIZE if beliefs else 0) + (HISTORY_SIZE if history else 0)


def decision_input(net: ReadsInputs, decision: Decision) -> np.ndarray:
    """The input of `net` for `decision`: the decision's own observation for a network without extra features, else
    a new float32 vector."""
    parts = [decision.observation]
    if net.beliefs:
        parts.append(belief_features(decision.view))
    if net.history:
        parts.append(history_features(decision.view))
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


class GameInputs:
    """The network inputs of one game's seats, kept up to date as the game goes on."""

    __slots__ = ("encoder", "game", "history")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoder = ObservationEncoder(game)
        self.history: HistoryTracker | None = None  # made on first use: most networks do not read it

    def write(self, net: ReadsInputs, seat: int, out: np.ndarray) -> np.ndarray:
        """The input of `net` for `seat` now, written into `out` (a float32 row of `net`'s input size)."""
        self.encoder(seat, out=out[:OBS_SIZE])
        at = OBS_SIZE
        if net.beliefs:
            belief_features(self.game.view(seat), out=out[at:at + BELIEF_SIZE])
            at += BELIEF_SIZE
        if net.history:
            if self.history is None:
                self.history = HistoryTracker()
            self.history.update(self.game)
            self.history.features(seat, self.game.num_players, out[at:at + HISTORY_SIZE])
        return out

    def __call__(self, net: ReadsInputs, seat: int) -> np.ndarray:
        """The input of `net` for `seat` now, as a new vector."""
        return self.write(net, seat, np.empty(input_size(net.beliefs, net.history), dtype=np.float32))
