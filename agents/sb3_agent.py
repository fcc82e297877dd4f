"""Stable-Baselines3 models as agents: a MaskablePPO saved by training/sb3.py, loaded from its .zip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from citadels_env.core import Action
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE, SPEC_VERSION

from .base import Agent, Decision
from .policy import SpecMismatchError


def spec_file(path: str | Path) -> Path:
    """The side file that records the observation/action spec a model was trained on."""
    return Path(str(path) + ".spec.json")


class SB3Agent(Agent):
    """Plays a MaskablePPO model (anything with `predict(obs, action_masks=..., deterministic=...)`)."""

    name = "sb3"

    def __init__(self, model: Any, deterministic: bool = False, seed: int | None = None) -> None:
        self.model = model
        self.deterministic = deterministic
        if seed is not None:
            model.set_random_seed(seed)

    @classmethod
    def from_file(cls, path: str | Path, deterministic: bool = False, seed: int | None = None) -> SB3Agent:
        from sb3_contrib import MaskablePPO

        side = spec_file(path)
        if side.exists():
            spec = json.loads(side.read_text()).get("spec_version")
            if spec != SPEC_VERSION:
                raise SpecMismatchError(f"{path}: trained for observation/action spec {spec!r}, but this "
                                        f"installation uses {SPEC_VERSION!r}")
        model = MaskablePPO.load(str(path), device="cpu")
        if model.observation_space.shape != (OBS_SIZE,) or model.action_space.n != NUM_ACTIONS:
            raise SpecMismatchError(f"{path}: spaces {model.observation_space} / {model.action_space} do not match "
                                    f"this installation's Box({OBS_SIZE},) / Discrete({NUM_ACTIONS})")
        agent = cls(model, deterministic=deterministic, seed=seed)
        agent.name = Path(path).stem
        return agent

    def act(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        action, _ = self.model.predict(decision.observation, action_masks=decision.action_mask.astype(bool),
                                       deterministic=self.deterministic)
        return decision.to_action(int(np.asarray(action).item()))
