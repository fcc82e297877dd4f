"""Training throughput: environment steps per second of training/ppo.py (rollout + update, the figure the
issue's 4,000 steps/s target is about), one line per opponent pool and worker count, and of sb3-contrib's MaskablePPO on
the Gymnasium wrapper for comparison. The default pools are pure self-play and 100 % fixed network opponents (`ppo=1`:
the shipped policy in every other seat, decided in batches by training/opponents.py; target 5,000 steps/s).

    python benchmarks/train_throughput.py [--updates 4] [--opponents self=1 ppo=1] [--threads 1] [--sb3-steps 4096]
                                          [--workers 0 1 2] [--repeat 3] [--rllib 0 2 [--rllib-envs 32] ...]

`--workers 0 1 2` measures each worker count (0: rollouts in the learner's process, between updates; N: N sampler
processes collecting during the update, training/workers.py), and `--repeat` runs the whole list again, so that on a
shared machine the settings are measured interleaved rather than one after the other; each line says how many cores
the machine's other processes kept busy meanwhile. "Overall" covers every update, the first rollout included (with
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
    steps: int
    startup: float  # seconds to start the samplers


def ppo_rate(updates: int, opponents: str, threads: int, workers: int = 0) -> Rate:
    from training import ppo

    cfg, _ = ppo.parse_args(["--config", "configs/ppo.yaml", "--opponents", opponents, "--threads", str(threads),
                             "--progress", "false", "--workers", str(workers), "--total-steps", "1e12"])
    trainer = ppo.Trainer(cfg)
    pipeline = None
    steps: list[int] = []
    rolls: list[float] = []
    upds: list[float] = []
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
            rolls.append(t1 - t0)
            upds.append(t2 - t1)
    finally:
        if pipeline is not None:
            pipeline.close()
    total, first = sum(rolls) + sum(upds), rolls[0] + upds[0]
    later = (sum(steps) - steps[0]) / (total - first) if updates > 1 else float("nan")
    rollout_sps, rollout_wait = (None, sum(rolls)) if workers else (sum(steps) / sum(rolls), None)
    return Rate(sum(steps) / total, later, rollout_sps, rollout_wait, sum(steps), startup)


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
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    for _ in range(args.repeat):
        for opponents in args.opponents:
            for workers in args.workers:
                clock = cpu_clock()
                r = ppo_rate(args.updates, opponents, args.threads, workers)
                others = busy_cores_since(clock)
                where = (f"{r.rollout_sps:,.0f} in rollouts" if not workers else
                         f"the learner waited {r.rollout_wait:.1f} s for rollouts, samplers started in "
                         f"{r.startup:.1f} s")
                print(f"training/ppo.py (configs/ppo.yaml, opponents {opponents}, {args.threads} thread(s), "
                      f"workers {workers}): {r.overall:,.0f} env steps/s overall ({r.later:,.0f} from the second "
                      f"update on), {where} ({r.steps:,} steps; other processes busy on {others:.1f} of "
                      f"{os.cpu_count()} cores meanwhile)", flush=True)
            for runners in args.rllib:
                clock = cpu_clock()
                r = rllib_rate(args.rllib_steps, opponents, runners, args.rllib_envs, args.rllib_batch, args.threads)
                others = busy_cores_since(clock)
                print(f"RLlib PPO (training/rllib.py, opponents {opponents}, {args.threads} thread(s), {runners} env "
                      f"runner(s) x {args.rllib_envs} games, batch {args.rllib_batch:,}): {r.overall:,.0f} env steps/s "
                      f"overall ({r.later:,.0f} from the second update on; Ray's start and the build "
                      f"{r.startup:.1f} s) ({r.steps:,} steps; other processes busy on {others:.1f} of "
                      f"{os.cpu_count()} cores meanwhile)", flush=True)
    if args.sb3_steps:
        print(f"sb3-contrib MaskablePPO on citadels_env/Citadels-v0 (4 players, 128x128): "
              f"{sb3_rate(args.sb3_steps):,.0f} learner steps/s")


if __name__ == "__main__":
    main()
