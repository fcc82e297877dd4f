"""The built-in agents, as data: `AGENTS` (id, factory, one-line description) and `LOADERS` (checkpoint file suffix ->
loader). `agents.registry` reads them at import; this module knows nothing of the registry. Factories import their
module on first use so `import agents` stays cheap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Agent
from .random_agent import RandomAgent


def _heuristic(**options: Any) -> Agent:
    from .heuristic import HeuristicAgent

    return HeuristicAgent(**options)


def _heuristic_strong(**options: Any) -> Agent:
    from .heuristic import StrongHeuristicAgent

    return StrongHeuristicAgent(**options)


def _ismcts(**options: Any) -> Agent:
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent(**options)


def _guided_ismcts(**options: Any) -> Agent:
    from .guided import GuidedISMCTSAgent

    return GuidedISMCTSAgent(**options)


def _human(**options: Any) -> Agent:
    from .human import HumanAgent

    return HumanAgent(**options)


def _llm(**options: Any) -> Agent:
    from .llm import LLMAgent

    return LLMAgent(**options)


def _policy_file(path: str, **options: Any) -> Agent:
    from .policy import PolicyAgent

    return PolicyAgent.from_checkpoint(path, **options)


def _sb3_file(path: str, **options: Any) -> Agent:
    from .sb3_agent import SB3PolicyAgent

    return SB3PolicyAgent.from_file(path, **options)


def _shipped(name: str, greedy: bool, options: dict[str, Any]) -> Agent:
    """A policy of agents/zoo/ by name; `greedy` is its default way of playing (the option `greedy=` overrides)."""
    from .policy import PolicyAgent, shipped

    path = shipped(name)
    if not path.exists():
        raise ValueError(f"the shipped policy {path} is missing from this installation")
    options.setdefault("greedy", greedy)
    agent = PolicyAgent.from_checkpoint(path, **options)
    agent.name = name
    return agent


def _zoo(name: str, greedy: bool) -> Callable[..., Agent]:
    """The factory of the shipped policy `name`, playing greedily by default or not."""
    return lambda **options: _shipped(name, greedy, options)


# Greedy by default: measured that way (sampling costs `ppo` several points; a clone plays its teacher's best guess).
# `ppo-v1` samples, as it was measured and pinned.
_shipped_ppo, _shipped_ppo_v7, _shipped_ppo_v6 = _zoo("ppo", True), _zoo("ppo-v7", True), _zoo("ppo-v6", True)
_shipped_ppo_v5 = _zoo("ppo-v5", True)
_shipped_ppo_v4, _shipped_ppo_v3 = _zoo("ppo-v4", True), _zoo("ppo-v3", True)
_shipped_ppo_v2, _shipped_ppo_v1 = _zoo("ppo-v2", True), _zoo("ppo-v1", False)
_shipped_dagger, _shipped_ppo_4p, _shipped_ppo_4p_v1 = _zoo("dagger", True), _zoo("ppo-4p", True), _zoo("ppo-4p-v1", True)
_shipped_ppo_4p_robust, _shipped_ppo_4p_soup = _zoo("ppo-4p-robust", True), _zoo("ppo-4p-soup", True)
_shipped_ppo_candidate, _shipped_ppo_expert = _zoo("ppo-candidate", True), _zoo("ppo-expert", True)
# The league's main samples by default: sampling is how it was trained to resist exploitation, and how it was measured.
_league = _zoo("league", False)


LOADERS: dict[str, Callable[..., Agent]] = {".pt": _policy_file, ".zip": _sb3_file}

AGENTS: tuple[tuple[str, Callable[..., Agent], str], ...] = (
    ("ppo", _shipped_ppo, "the shipped policy: the latest version that met its bars, now ppo-v7 (agents/zoo/"
     "ppo-v7.pt; agents/policy.py ALIASES); greedy unless greedy=false"),
    ("ppo-v7", _shipped_ppo_v7, "the seventh shipped ppo (agents/zoo/ppo-v7.pt; docs/TRAINING.md, \"ppo-expert "
     "against its own readers\"): ppo-expert whose 4-player network then trained against two of its own best "
     "responses, kept near itself (configs/reader_expert_4p.yaml, pull 3.0), ppo-candidate's network at the other "
     "sizes; a 2 M-step best response wins 30.8 % against three of it; greedy unless greedy=false"),
    ("ppo-v6", _shipped_ppo_v6, "the sixth shipped ppo (agents/zoo/ppo-v6.pt; configs/ppo_v6_stage7.yaml): PPO from "
     "ppo-v5 over every table size and preset, 2, 6 and 7 players weighted, against heuristic and heuristic-strong "
     "half and half, one opponent kind per table; greedy unless greedy=false"),
    ("ppo-v5", _shipped_ppo_v5, "the fifth shipped ppo (agents/zoo/ppo-v5.pt; configs/ppo_v5_stage6.yaml): PPO from "
     "ppo-v4 over every table size and preset, 6 and 7 players weighted, against the rule-based bots, one opponent "
     "kind per table; greedy unless greedy=false"),
    ("ppo-v4", _shipped_ppo_v4, "the fourth shipped ppo (agents/zoo/ppo-v4.pt; configs/ppo_v4_stage4.yaml, "
     "ppo_v4_stage5.yaml): PPO from ppo-v3 over every table size and preset against the rule-based bots, the last "
     "stage with one opponent kind per table; greedy unless greedy=false"),
    ("ppo-v3", _shipped_ppo_v3, "the third shipped ppo (agents/zoo/ppo-v3.pt; configs/ppo_bots.yaml, "
     "ppo_v3_stage2.yaml, ppo_v3_stage3.yaml): PPO from ppo-v2 over every table size and preset against the "
     "rule-based bots; greedy unless greedy=false"),
    ("ppo-v2", _shipped_ppo_v2, "the second shipped ppo (agents/zoo/ppo-v2.pt, configs/ppo_ship.yaml): PPO from dagger "
     "over every table size and preset; greedy unless greedy=false"),
    ("ppo-v1", _shipped_ppo_v1, "the first shipped ppo (agents/zoo/ppo-v1.pt, configs/ppo_v1.yaml): 4-player "
     "self-play PPO after imitation; samples unless greedy=true"),
    ("dagger", _shipped_dagger, "heuristic-strong imitated with DAgger over every table size and preset "
     "(agents/zoo/dagger.pt, training/imitate.py); greedy unless greedy=false"),
    ("ppo-4p", _shipped_ppo_4p, "the 4-player policy, version 2: PPO from ppo-4p-v1 at 4 players against heuristic "
     "and heuristic-strong (agents/zoo/ppo-4p.pt, configs/ppo_4p_v2.yaml); the first default prior of ppo+ismcts; greedy "
     "unless greedy=false"),
    ("ppo-4p-v1", _shipped_ppo_4p_v1, "the first ppo-4p: PPO from dagger at 4 players against heuristic and "
     "heuristic-strong (agents/zoo/ppo-4p-v1.pt, configs/ppo_4p.yaml); greedy unless greedy=false"),
    ("ppo-4p-robust", _shipped_ppo_4p_robust, "work in progress, a 4-player network, not the shipped ppo: PPO from "
     "ppo-v6 at 4 players against heuristic, heuristic-strong and ppo-v6's 2 M-step best response (a reader) "
     "(agents/zoo/ppo-4p-robust.pt, configs/ppo_4p_robust.yaml); a 2 M-step best response wins 30.4 % against three "
     "of it (ppo-v6: 65.0 %), but it is weaker than ppo-v6 against heuristic; greedy unless greedy=false"),
    ("ppo-4p-soup", _shipped_ppo_4p_soup, "work in progress, a 4-player network, not the shipped ppo: the weight "
     "average (training/average.py) of six networks trained against readers, round one's four training seeds and "
     "two of round two (agents/zoo/ppo-4p-soup.pt; docs/TRAINING.md, \"Several readers at once, and a weight "
     "average\"); a 2 M-step best response wins 32.1 % against three of it, and it plays heuristic and "
     "heuristic-strong as ppo-v6 does; greedy unless greedy=false"),
    ("ppo-candidate", _shipped_ppo_candidate, "work in progress, the candidate for the next ppo, not the shipped "
     "ppo: one file of two networks (training/by_size.py), the weight average of eight 4-player runs that tell "
     "tables of rule bots from others at 4 players and that average brought to every size elsewhere "
     "(agents/zoo/ppo-candidate.pt; docs/TRAINING.md, \"One bot, a network for each table size\"); meets the 14 "
     "rule-bot rows, a 2 M-step best response wins 31.1 % against three of it, highest in the round robin of the "
     "shipped bots, but 35.4 % against three ismcts:iters=100 (the bar: 37.5 %); greedy unless greedy=false"),
    ("ppo-expert", _shipped_ppo_expert, "work in progress, not the shipped ppo: ppo-candidate whose 4-player network "
     "learned the moves of the search it guides (expert iteration, configs/expert_candidate_4p.yaml, 3,120 games; "
     "agents/zoo/ppo-expert.pt; docs/TRAINING.md, \"From the candidate, at scale\"), one file of two networks; a "
     "rebuild of the recipe whose first network met the issue-24 bars it was measured against; it wins 39.9 % against "
     "three ismcts:iters=100, but a 2 M-step best response wins 35.8 % against three of it (the bar: 33 %); greedy "
     "unless greedy=false"),
    ("league", _league, "work in progress, not the shipped ppo: the main of the first league run after 3 generations "
     "(agents/zoo/league.pt; training/league.py, configs/league.yaml): PPO from ppo-v6 against itself, a population "
     "and exploiters; a 2 M-step best response wins 26.9 % against three of it (ppo-v6: 65.0 %), but it is weaker "
     "than ppo-v6 against the rule bots; samples unless greedy=true"),
    ("random", RandomAgent, "uniformly random legal action"),
    ("heuristic", _heuristic, "rule-based: builds by value, simple targets (agents/heuristic/); option noise= "
     "(the share of decisions answered at random, default 0)"),
    ("heuristic-strong", _heuristic_strong, "rule-based: reads the draft, targets by expected gain, races and "
     "blocks (agents/heuristic/); option noise= as heuristic's"),
    ("ismcts", _ismcts, "information-set Monte-Carlo tree search over determinized games; options iters=, "
     "time=, c=, rollout= (agents/ismcts.py)"),
    ("ppo+ismcts", _guided_ismcts, "ismcts whose root answers are weighted by a trained policy's prior and whose "
     "leaves are scored by its value head; options net= (default ppo-v5), value=net|model, cut=round|leaf, top=, "
     "mass=, skip=, c_prior=, root=fading|puct|halving, inner=ucb|prior, widen=, searched=, draft_mass=, "
     "rollout=heuristic|random|net|net-all, unseen=tree|prior and every ismcts option; 200 iterations by default "
     "(agents/guided.py)"),
    ("human", _human, "a person at the terminal (agents/human.py)"),
    ("llm", _llm, "a chat model picks each move (a Python callable, or url=,model= of an OpenAI-compatible "
     "endpoint; key from api_key_env=, default OPENAI_API_KEY); falls back to fallback= (agents/llm.py)"),
)
