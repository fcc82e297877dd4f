"""Players for citadels-env: random, rule-based, search and trained bots, and a human seat, all behind one `Agent`
interface and a registry by string id.

    import agents
    bot = agents.make("random", seed=0)
    result = agents.play_game([agents.make("random") for _ in range(4)], seed=1)
"""

from .base import Agent, Decision
from .match import IllegalAgentAction, MatchResult, play_game
from .registry import available, make, parse, register, register_loader

__all__ = ["Agent", "Decision", "IllegalAgentAction", "MatchResult", "available", "make", "parse", "play_game",
           "register", "register_loader"]
