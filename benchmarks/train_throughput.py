"""Training throughput: environment steps per second of training/ppo.py (rollout + update, the figure the
issue's 4,000 steps/s target is about), one line per opponent pool and worker count, and of sb3-contrib's MaskablePPO on
the Gymnasium wrapper for comparison. The default pools are pure self-play and 100 % fixed network opponents (`ppo=1`:
the shipped policy in every other seat, decided in batches by training/opponents.py; target 5,000 steps/s).

    python benchmarks/train_throughput.py [--updates 4] [--opponents self=1 ppo=1] [--threads 1] [--sb3-steps 4096]
                                          [--workers 0 1 2] [--repeat 3] [--rllib 0 2 [--rllib-envs 32] ...]
                                          [--num-games 240] [--minibatch-size 4096] [--update-epochs 1]
                                          [--device cuda] [--plot curve.png] [--json F]

`--workers 0 1 2` measures each worker count (0: rollouts in the learner's process, between updates; N: N sampler
processes collecting during the update, training/workers.py), and `--repeat` runs the whole list again, so that on a
shared machine the settings are measured interleaved rather than one after the other; each line says how many cores
the machine's other processes kept busy meanwhile. `--num-games` overrides configs/ppo.yaml's games per rollout (more
samplers need more games each to batch their forward passes) and `--minibatch-size` its minibatch (`--update-epochs` its epochs), `--device cuda` runs the update on a GPU (the `device`
field of training/ppo.py), and `--plot` saves env steps/s against the worker count (from the second update on, the best
of the repeats) as a PNG. "Overall" covers every update, the first rollout included (with
workers it has nothing to overlap with); "from the second update on" leaves the first update out, the rate of a long
run. The samplers' start (spawning, imports, opponent networks) is printed apart and counted in neither.

`--rllib 0 2` adds a line per env-runner count for multi-agent PPO on Ray RLlib (training/rllib.py, the `rllib` extra)
on the same pool, with the network of configs/ppo.yaml and its minibatch size and epochs, a batch of `--rllib-batch`
env steps, `--rllib-envs` games per env runner, for `--rllib-steps` env steps: the env steps/s of `citadels train
--algo rllib` (its summary.json: wall time from the first update to the last, Ray's start not counted, printed apart).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from dataclasses import dataclass


def busy_cores_since(start: tuple[float, float, float]) -> float:
    """Cores the machine's other processes kept busy since `start` (a `cpu_clock()`): all busy CPU time (Linux
    /proc/stat) minus this process's and its reaped children's, over the wall time; nan where /proc is missing."""
    now = cpu_clock()
    return (now[1] - start[1] - (now[2] - start[2])) / max(now[0] - start[0], 1e-9)


def cpu_clock() -> tuple[float, float, float]:
    """(wall, busy CPU seconds of the whole machine, CPU seconds of this process and its reaped children)."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:9]]
        busy = (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait
    except OSError:
        busy = float("nan")
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter(), busy, me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@dataclass
class Rate:
    overall: float  # env steps/s over every update, the first rollout included
    later: float  # env steps/s from the second update on (with workers, the first rollout has nothing to overlap)
    rollout_sps: float | None  # workers 0: the rollouts' own env steps/s
    rollout_wait: float | None  # workers N: seconds the learner waited for the samplers' rollouts
    sampler_idle: float | None  # workers N: seconds each sampler waited for its requests (mean over samplers)
    update_s: float  # seconds in the updates
    steps: int
    startup: float  # seconds to start the samplers


def ppo_rate(updates: int, opponents: str, threads: int, workers: int = 0, num_games: int | None = None,
             device: str = "cpu", minibatch_size: int | None = None, update_epochs: int | None = None) -> Rate:
    from training import ppo

    argv = ["--config", "configs/ppo.yaml", "--opponents", opponents, "--threads", str(threads), "--progress", "false",
            "--workers", str(workers), "--total-steps", "1e12", "--device", device]
    argv += ["--num-games", str(num_games)] if num_games else []
    argv += ["--minibatch-size", str(minibatch_size)] if minibatch_size else []
    argv += ["--update-epochs", str(update_epochs)] if update_epochs else []
    cfg, _ = ppo.parse_args(argv)
    trainer = ppo.Trainer(cfg)
    pipeline = None
    steps: list[int] = []
    rolls: list[float] = []
    upds: list[float] = []
    idle = 0.0
    startup = 0.0
    try:
        if workers:
            from training.workers import Pipeline

            t = time.perf_counter()
            pipeline = Pipeline(trainer)
            startup = time.perf_counter() - t
        for _ in range(updates):
            t0 = time.perf_counter()
            ro = trainer.collect() if pipeline is None else pipeline.next()
            t1 = time.perf_counter()
            trainer.learn(ro)
            t2 = time.perf_counter()
            steps.append(ro.env_steps)
            idle += ro.idle_s / max(workers, 1)
            rolls.append(t1 - t0)
            upds.append(t2 - t1)
    finally:
        if pipeline is not None:
            pipeline.close()
    total, first = sum(rolls) + sum(upds), rolls[0] + upds[0]
    later = (sum(steps) - steps[0]) / (total - first) if updates > 1 else float("nan")
    rollout_sps, rollout_wait = (None, sum(rolls)) if workers else (sum(steps) / sum(rolls), None)
    return Rate(sum(steps) / total, later, rollout_sps, rollout_wait, idle if workers else None, sum(upds),
                sum(steps), startup)


@dataclass
class RLlibRate:
    overall: float  # env steps/s over every update (sampling and update), as runs/NAME/summary.json has it
    later: float  # env steps/s from the second update on
    steps: int
    startup: float  # seconds to start Ray and build the algorithm (env runners, learner)


def rllib_rate(steps: int, opponents: str, runners: int, envs: int, batch: int, threads: int) -> RLlibRate:
    """`citadels train --algo rllib` on the pool `opponents` (weights as for training/ppo.py; `self` is the shared
    policy), with configs/ppo.yaml's network, minibatch size and epochs; nothing evaluated or kept."""
    import json
    import tempfile
    from pathlib import Path

    from agents.policy import load_checkpoint
    from training import ppo, rllib
    from training.config import parse_config

    pcfg, _ = ppo.parse_args(["--config", "configs/ppo.yaml", "--progress", "false"])
    model = load_checkpoint(pcfg.init_from)["model"] if pcfg.init_from else {"hidden": pcfg.hidden,
                                                                               "layers": pcfg.layers}
    with tempfile.TemporaryDirectory() as out:
        options = {"exp_name": "bench", "out_dir": out, "players": pcfg.players, "opponents": opponents,
                   "hidden": model["hidden"], "layers": model["layers"], "total_steps": steps,
                   "num_env_runners": runners, "envs_per_env_runner": envs, "train_batch_size": batch,
                   "minibatch_size": pcfg.minibatch_size, "num_epochs": pcfg.update_epochs, "threads": threads,
                   "learning_rate": pcfg.learning_rate, "eval_games": 0, "progress": False}
        argv = [x for k, v in options.items() for x in ("--" + k.replace("_", "-"), str(v))]
        cfg, _ = parse_config(rllib.RLlibConfig, argv,
                              "RLlib PPO")  # as `citadels train --algo rllib --FIELD VALUE ...`
        t = time.perf_counter()
        rllib.train(cfg)
        total = time.perf_counter() - t
        summary = json.loads((Path(out) / "bench" / "summary.json").read_text())
    first = summary["curve"][0]
    later = ((summary["steps"] - first["steps"]) / (summary["wall_s"] - first["seconds"])
             if summary["updates"] > 1 else float("nan"))
    return RLlibRate(summary["sps"], later, summary["steps"], total - summary["wall_s"])


def sb3_rate(steps: int) -> float:
    from sb3_contrib import MaskablePPO

    from citadels_env.gym_env import CitadelsEnv

    model = MaskablePPO("MlpPolicy", CitadelsEnv(players=4), n_steps=1024, batch_size=256, n_epochs=3,
                        policy_kwargs={"net_arch": [128, 128]}, device="cpu", seed=0)
    t = time.perf_counter()
    model.learn(total_timesteps=steps)
    return steps / (time.perf_counter() - t)


def usage_problems(args: argparse.Namespace) -> list[str]:
    """What is wrong with the options, checked before any work starts."""
    from training.learner import device_problem

    problems = [f"--{name.replace('_', '-')} must be > 0" for name in ("updates", "repeat", "threads")
                if getattr(args, name) < 1]
    problems += [f"--{name.replace('_', '-')} must be > 0" for name in ("minibatch_size", "update_epochs")
                 if getattr(args, name) is not None and getattr(args, name) < 1]
    if any(w < 0 for w in args.workers):
        problems.append("--workers must be >= 0")
    if args.num_games is not None and args.num_games < max(1, *args.workers):
        problems.append(f"--num-games must be at least 1 and at least the largest worker count ({max(args.workers)})")
    problem = device_problem(args.device)
    if problem:
        problems.append(f"--device {args.device}: {problem}")
    return problems


def machine() -> dict[str, object]:
    """The CPU model, core count and date, for a figure's record."""
    import datetime
    import platform

    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import torch

    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
    return {"cpu": model, "cores": os.cpu_count(), "gpu": gpu, "date": datetime.date.today().isoformat()}


def plot(rows: list[dict[str, object]], path: str, m: dict[str, object] | None = None) -> None:
    """Env steps/s from the second update on against the worker count, one line per pool (best of the repeats),
    with the line of perfect scaling from the single-process figure; `m` is the machine (`machine()`, this one by
    default)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for opponents in dict.fromkeys(str(r["opponents"]) for r in rows):
        best: dict[int, float] = {}
        for r in rows:
            if r["opponents"] == opponents:
                w = int(r["workers"])  # type: ignore[call-overload]
                best[w] = max(best.get(w, 0.0), float(r["later"]))  # type: ignore[arg-type]
        xs = sorted(best)
        ax.plot([max(x, 1) for x in xs], [best[x] for x in xs], marker="o", label=f"opponents {opponents}")
        if 0 in best:
            top = max(max(xs), 1)
            ax.plot([1, top], [best[0], best[0] * top], linestyle=":", color="grey",
                    label="workers x the single-process figure")
    m = m or machine()
    ax.set_xlabel("sampler processes (workers; 0 drawn at 1)")
    ax.set_ylabel("env steps/s (from the second update on)")
    where = f"{m['cores']} cores" + (f", {m['gpu']}" if m.get("gpu") else "")
    ax.set_title(f"training/ppo.py throughput\n({where}, update on {rows[0]['device']}, {m['date']})", fontsize=9)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--updates", type=int, default=4)
    parser.add_argument("--opponents", nargs="+", default=["self=1", "ppo=1"],
                        help="opponent pools, one line each (weights as on the command line of training/ppo.py)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[0],
                        help="worker counts, one line each (0: rollouts in the learner's process)")
    parser.add_argument("--repeat", type=int, default=1, help="rounds over every setting, interleaved")
    parser.add_argument("--sb3-steps", type=int, default=4096, help="0 to skip the MaskablePPO comparison")
    parser.add_argument("--rllib", type=int, nargs="*", default=[], metavar="RUNNERS",
                        help="RLlib PPO (training/rllib.py) too, one line per env-runner count (0: sampling in the "
                             "driver), on the same pools")
    parser.add_argument("--rllib-envs", type=int, default=32, help="games per env runner (RLlib)")
    parser.add_argument("--rllib-batch", type=int, default=8000, help="env steps per PPO update (RLlib)")
    parser.add_argument("--rllib-steps", type=int, default=24_000, help="env steps per RLlib line")
    parser.add_argument("--num-games", type=int, default=None,
                        help="games per rollout (default: configs/ppo.yaml's), split among the workers")
    parser.add_argument("--minibatch-size", type=int, default=None,
                        help="the update's minibatch (default: configs/ppo.yaml's); grow it with --num-games to keep "
                             "the minibatches an epoch")
    parser.add_argument("--update-epochs", type=int, default=None,
                        help="the update's epochs (default: configs/ppo.yaml's); 1 makes the learner cheaper, so that "
                             "on a CPU the samplers' own pace shows, as with a GPU update")
    parser.add_argument("--device", default="cpu", help="where the update runs: cpu, cuda or cuda:N")
    parser.add_argument("--plot", default=None, metavar="PNG", help="save env steps/s against the worker count")
    parser.add_argument("--json", default=None, metavar="FILE", help="save every line's figures as JSON")
    args = parser.parse_args()
    problems = usage_problems(args)
    if problems:
        parser.error("; ".join(problems))
    import torch

    torch.set_num_threads(args.threads)
    rows: list[dict[str, object]] = []
    for _ in range(args.repeat):
        for opponents in args.opponents:
            for workers in args.workers:
                clock = cpu_clock()
                r = ppo_rate(args.updates, opponents, args.threads, workers, args.num_games, args.device,
                             args.minibatch_size, args.update_epochs)
                others = busy_cores_since(clock)
                rows.append({"opponents": opponents, "workers": workers, "device": args.device, **vars(r),
                             "others_busy_cores": others})
                where = (f"{r.rollout_sps:,.0f} in rollouts" if not workers else
                         f"the learner waited {r.rollout_wait:.1f} s for rollouts and each sampler "
                         f"{r.sampler_idle:.1f} s for requests, samplers started in "
                         f"{r.startup:.1f} s")
                games = f", {args.num_games} games a rollout" if args.num_games else ""
                games += f", minibatch {args.minibatch_size}" if args.minibatch_size else ""
                games += f", {args.update_epochs} epoch(s)" if args.update_epochs else ""
                print(f"training/ppo.py (configs/ppo.yaml{games}, opponents {opponents}, {args.threads} thread(s), "
                      f"update on {args.device}, workers {workers}): {r.overall:,.0f} env steps/s overall "
                      f"({r.later:,.0f} from the second update on), {where}, updates {r.update_s:.1f} s "
                      f"({r.steps:,} steps; other processes busy on {others:.1f} of {os.cpu_count()} cores "
                      f"meanwhile)", flush=True)
            for runners in args.rllib:
                clock = cpu_clock()
                r = rllib_rate(args.rllib_steps, opponents, runners, args.rllib_envs, args.rllib_batch, args.threads)
                others = busy_cores_since(clock)
                print(f"RLlib PPO (training/rllib.py, opponents {opponents}, {args.threads} thread(s), {runners} env "
                      f"runner(s) x {args.rllib_envs} games, batch {args.rllib_batch:,}): {r.overall:,.0f} env steps/s "
                      f"overall ({r.later:,.0f} from the second update on; Ray's start and the build "
                      f"{r.startup:.1f} s) ({r.steps:,} steps; other processes busy on {others:.1f} of "
                      f"{os.cpu_count()} cores meanwhile)", flush=True)
    if args.json:
        import json

        with open(args.json, "w") as f:
            json.dump({"machine": machine(), "rows": rows}, f, indent=1)
        print(f"wrote {args.json}")
    if args.plot and rows:
        plot(rows, args.plot)
        print(f"wrote {args.plot}")
    if args.sb3_steps:
        print(f"sb3-contrib MaskablePPO on citadels_env/Citadels-v0 (4 players, 128x128): "
              f"{sb3_rate(args.sb3_steps):,.0f} learner steps/s")


if __name__ == "__main__":
    main()
