"""Registers the built-in agents. Each new agent module adds its line here."""

from __future__ import annotations

from .random_agent import RandomAgent
from .registry import register

register("random", RandomAgent, "uniformly random legal action")
