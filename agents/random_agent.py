"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random

from citadels_env.core import Action, GameConfig

from .base import Agent, Decision


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        if seed is not None:
            self.rng.seed(seed)

    def act(self, decision: Decision) -> Action:
        return decision.legal[self.rng.randrange(len(decision.legal))]
