"""`from citadels_env import citadels_v0; env = citadels_v0.env(players=4)`, as PettingZoo's environments are named."""

from .aec import env, raw_env

__all__ = ["env", "raw_env"]
