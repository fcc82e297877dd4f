"""Where a policy's strength and its exploitability sit: the character draft or the turns.

    python benchmarks/draft_split.py --draft ppo --turns league:greedy=false [--games 200] [--seed 990000]
                                     [--baselines heuristic heuristic-strong] [--exploit-steps 500000]
                                     [--exploit-from agents/zoo/ppo-v6.pt] [--train-seed 7] [--out FILE]

A split bot drafts as `--draft` plays (every `draft_*` decision) and plays everything else as `--turns` plays; each is
any agent id with its options. The script measures it as the league measures its main (training/league.py):

1. in one seat against three of each `--baselines` over `--games` games (seeds from `--seed`);
2. its approximate exploitability: the league's exploiter recipe (PPO from `--exploit-from`, learning rate 2e-4,
   48 games a rollout, reward win, `--exploit-steps` env steps at 4 players against three copies of the split bot),
   then that exploiter (greedy) in one seat against three split bots over `--games` games. `--exploit-steps 0`
   skips it. The split bot is not a plain network, so its seats are decided one by one (about 500 steps/s here).

Why: comparing `--draft A --turns B` with `--draft B --turns A` and with A alone says which half of A's play the rule
bots lose to and which half an exploiter feeds on (docs/TRAINING.md, "Where ppo's strength and its exploitability
sit"). The seeds from 990000 are this project's own, never the official 910000.

Prints one line per measurement and writes them, with the recipe, as JSON to `--out` (default
runs/draft_split/<draft>+<turns>.json); the exploiter's run is in `--run-dir`/draft_split/ (default runs/).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import torch

from agents import make, register
from agents.base import Agent, Decision
from agents.policy import is_draft
from citadels_env.core import Action, GameConfig
from training import league, ppo
from training.config import ConfigError, OneLineParser, check_agent_id, evaluate_against, slug

SPLIT_ID = "draft-split"  # the id the split bot is registered under in this process (the exploiter's opponent)


class SplitAgent(Agent):
    """Drafts as one agent and plays the rest as another."""

    name = SPLIT_ID

    def __init__(self, draft: str, turns: str, seed: int | None = None) -> None:
        self.draft, self.turns = make(draft, seed=seed), make(turns, seed=None if seed is None else seed + 1)

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        self.draft.reset(seat, config, seed)
        self.turns.reset(seat, config, None if seed is None else seed + 1)

    def act(self, decision: Decision) -> Action:
        return (self.draft if is_draft(decision.kind) else self.turns).act(decision)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = OneLineParser(prog="draft_split.py", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--draft", required=True, help="agent id that plays the character draft")
    parser.add_argument("--turns", required=True, help="agent id that plays everything else")
    parser.add_argument("--baselines", nargs="+", default=["heuristic", "heuristic-strong"])
    parser.add_argument("--games", type=int, default=200, help="games of each measurement (multiple of 4)")
    parser.add_argument("--seed", type=int, default=990_000, help="first seed of the measurements")
    parser.add_argument("--exploit-steps", type=int, default=500_000, help="env steps of the exploiter (0: none)")
    parser.add_argument("--exploit-from", default="agents/zoo/ppo-v6.pt", help="checkpoint the exploiter starts from")
    parser.add_argument("--train-seed", type=int, default=7, help="seed of the exploiter's training")
    parser.add_argument("--out", type=Path, default=None, help="JSON file of the results")
    parser.add_argument("--run-dir", type=Path, default=Path("runs"), help="where the exploiter's run goes")
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bars")
    args = parser.parse_args(argv)
    try:
        for name in ("draft", "turns"):
            check_agent_id(f"--{name}", getattr(args, name))
        for spec in args.baselines:
            check_agent_id("--baselines", spec)
        if args.games < 4 or args.games % 4:
            raise ConfigError("--games", f"must be a positive multiple of 4, got {args.games}")
        if args.exploit_steps < 0:
            raise ConfigError("--exploit-steps", f"must be >= 0, got {args.exploit_steps}")
        if not Path(args.exploit_from).is_file():
            raise ConfigError("--exploit-from", f"no checkpoint file {args.exploit_from}")
    except (ConfigError, ValueError) as exc:
        parser.error(" ".join(str(exc).split()))
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(sys.argv[1:] if argv is None else list(argv))
    torch.set_num_threads(1)
    register(SPLIT_ID, lambda seed=None: SplitAgent(args.draft, args.turns, seed),
             f"drafts as {args.draft}, plays the rest as {args.turns}")
    name = f"{slug(args.draft)}+{slug(args.turns)}"
    out = args.out or Path("runs/draft_split") / f"{name}.json"
    result: dict[str, Any] = {"draft": args.draft, "turns": args.turns, "games": args.games, "seed": args.seed,
                              "against": {}}
    try:
        for baseline, r in evaluate_against(SPLIT_ID, args.baselines, 4, None, args.games, args.seed).items():
            result["against"][baseline] = r
            print(f"split ({args.draft} drafts, {args.turns} plays) vs three {baseline}: {r['win_rate']:.1%} "
                  f"[{r['low']:.1%}, {r['high']:.1%}]", flush=True)
        if args.exploit_steps:
            cfg = league.LeagueConfig(exp_name="draft_split", out_dir=str(args.run_dir), seed=args.train_seed,
                                      exploiter_steps=args.exploit_steps, progress=args.progress)
            run = cfg.stage(league.EXPLOITER, 0, {SPLIT_ID: 1.0}, args.exploit_from)
            run.exp_name = f"draft_split/{name}"
            random.seed(run.seed)
            final = ppo.train(run, None)
            r = evaluate_against(f"{final}:greedy=true", [SPLIT_ID], 4, None, args.games, args.seed)[SPLIT_ID]
            result["exploiter"] = {"steps": args.exploit_steps, "from": args.exploit_from, "lr": run.learning_rate,
                                   "checkpoint": str(final), **r}
            print(f"exploiter ({args.exploit_steps:,} steps from {args.exploit_from}) vs three split bots: "
                  f"{r['win_rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}] (parity 25 %)", flush=True)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        raise SystemExit(130) from None
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
