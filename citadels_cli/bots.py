"""The commands about agents: `eval` (agents against each other over many games: win rates, ratings, plot), `agents`
(the registered ids) and `train` (a policy, from a training config). Agents and training load on first use, so the
game commands need neither (training needs the `train` extra)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def cmd_eval(args: argparse.Namespace) -> int:
    """Agents by id play many games with rotated seats; prints the table, writes results.json and
    winrates.png. A failed game (EvaluationError) or a bad agent id reaches main()'s one-line handler."""
    options = {"players": args.players, "preset": args.preset, "use_rank9": args.rank9, "seed": args.seed,
               "progress": not args.no_progress}
    if args.ray:  # the same games, dealt by the same seeds, as Ray tasks
        from agents.evaluate_ray import evaluate_ray

        report = evaluate_ray(args.agents, games=args.games, address=args.address, **options)
    else:
        from agents.evaluate import check_agents, evaluate

        check_agents(args.agents)  # a bad id or agent option fails here in one line, before the first game
        report = evaluate(args.agents, games=args.games, workers=args.workers, **options)
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
    """Check every training option (and the --resume checkpoint) before any work starts, then train."""
    from training import config

    if args.algo == "sb3":
        from training import sb3

        cls, extra, run = sb3.SB3Config, (), sb3.main
    elif args.algo == "rllib":
        try:
            from training import rllib
        except ImportError as exc:
            raise ValueError(f"--algo rllib needs Ray RLlib ({exc}); install the rllib extra: "
                             f"pip install 'citadels-env[rllib]'") from exc

        cls, extra, run = rllib.RLlibConfig, (), rllib.main
    elif args.algo == "league":
        from training import league

        cls, extra, run = league.LeagueConfig, (), league.main
    else:
        from training import ppo

        cls, extra, run = ppo.Config, (("--resume", "checkpoint to continue from"),), ppo.main
    path = args.config or f"configs/{args.algo}.yaml"
    argv = (["--config", path] if args.config or Path(path).exists() else []) + args.overrides
    cfg, options = config.parse_config(cls, argv, f"The training options of citadels train --algo {args.algo}.",
                                       extra, prog="citadels train",
                                       hint=f"python -m training.{args.algo} --help lists them")
    if getattr(options, "resume", None):
        check_resume(options.resume, cfg)
    run(argv)
    return 0


def check_resume(path: str, cfg: Any) -> None:
    """The checkpoint to resume loads, holds a training state and fits the config's network (a ValueError naming
    the file otherwise), so that a bad --resume fails at once rather than after the run has started."""
    from agents.policy import load_checkpoint
    from training.ppo import network_spec

    try:
        data = load_checkpoint(path)
    except (ValueError, OSError):
        raise
    except Exception as exc:  # torch's own errors for a truncated or foreign file
        reason = " ".join(str(exc).split()).split(". ")[0]
        raise ValueError(f"{path}: not a readable checkpoint ({type(exc).__name__}: {reason})") from exc
    if "optimizer" not in data:
        raise ValueError(f"{path}: a policy without its training state; --resume needs a checkpoint written by "
                         f"citadels train (runs/NAME/checkpoints/update_*.pt)")
    start = load_checkpoint(cfg.init_from, cfg.one_size()) if cfg.init_from else None  # as the run took it
    expected = network_spec(cfg, None if start is None else start["model"])
    if data.get("model") != expected:
        raise ValueError(f"{path}: its network is {data.get('model')}, the config's {expected}; resume with the "
                         f"config the run was started with")
