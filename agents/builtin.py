"""Registers the built-in agents. Factories import their module on first use so `import agents` stays cheap."""

from __future__ import annotations

from typing import Any

from .base import Agent
from .random_agent import RandomAgent
from .registry import register, register_loader


def _heuristic(**options: Any) -> Agent:
    from .heuristic import HeuristicAgent

    return HeuristicAgent(**options)


def _heuristic_strong(**options: Any) -> Agent:
    from .heuristic import StrongHeuristicAgent

    return StrongHeuristicAgent(**options)


def _ismcts(**options: Any) -> Agent:
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent(**options)


def _human(**options: Any) -> Agent:
    from .human import HumanAgent

    return HumanAgent(**options)


def _policy_file(path: str, **options: Any) -> Agent:
    from .policy import PolicyAgent

    return PolicyAgent.from_checkpoint(path, **options)


def _sb3_file(path: str, **options: Any) -> Agent:
    from .sb3_agent import SB3Agent

    return SB3Agent.from_file(path, **options)


def _shipped_ppo(**options: Any) -> Agent:
    from .policy import PolicyAgent, shipped

    path = shipped("ppo")
    if not path.exists():
        raise ValueError(f"the shipped policy {path} is missing from this installation")
    agent = PolicyAgent.from_checkpoint(path, **options)
    agent.name = "ppo"
    return agent


register_loader(".pt", _policy_file)
register_loader(".zip", _sb3_file)
register("ppo", _shipped_ppo, "the trained self-play PPO policy shipped in agents/zoo/ppo.pt; options greedy=")
register("random", RandomAgent, "uniformly random legal action")
register("heuristic", _heuristic, "rule-based: builds by value, simple targets (agents/heuristic.py)")
register("heuristic-strong", _heuristic_strong, "rule-based: reads the draft, targets by expected gain, races and "
         "blocks (agents/heuristic.py)")
register("ismcts", _ismcts, "information-set Monte-Carlo tree search over determinized games; options iters=, "
         "time=, c=, rollout= (agents/ismcts.py)")
register("human", _human, "a person at the terminal (agents/human.py)")
