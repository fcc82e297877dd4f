"""The commands about agents: `eval` (agents against each other over many games: win rates, ratings, plot), `agents`
(the registered ids) and `train` (a policy, from a training config). Agents and training load on first use, so the
game commands need neither (training needs the `train` extra)."""

from __future__ import annotations

import argparse
import sys


def cmd_eval(args: argparse.Namespace) -> int:
    """Agents by id play many games with rotated seats; prints the table, writes results.json and
    winrates.png."""
    from pathlib import Path

    from agents.evaluate import EvaluationError, evaluate

    try:
        report = evaluate(args.agents, games=args.games, players=args.players, preset=args.preset,
                          use_rank9=args.rank9, seed=args.seed, workers=args.workers,
                          progress=not args.no_progress)
    except (EvaluationError, ValueError) as exc:
        print(f"citadels eval: {exc}", file=sys.stderr)
        return 1
    print(report.table(markdown=args.markdown))
    if args.out:
        out = Path(args.out)
        report.to_json(out / "results.json")
        report.plot(out / "winrates.png")
        print(f"\nwrote {out / 'results.json'} and {out / 'winrates.png'}")
    return 0


def cmd_agents(args: argparse.Namespace) -> int:
    from agents import available

    for name, doc in available().items():
        print(f"{name:18} {doc}")
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    if args.algo == "sb3":
        from training import sb3

        sb3.main(["--config", args.config, *args.overrides])
    else:
        from training import ppo

        ppo.main(["--config", args.config, *args.overrides])
    return 0
