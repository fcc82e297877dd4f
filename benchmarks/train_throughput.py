"""Training throughput: environment steps per second of training/ppo.py (rollout + update, the figure the
issue's 4,000 steps/s target is about), one line per opponent pool and worker count, and of sb3-contrib's MaskablePPO on
the Gymnasium wrapper for comparison. The default pools are pure self-play and 100 % fixed network opponents (`ppo=1`:
the shipped policy in every other seat, decided in batches by training/opponents.py; target 5,000 steps/s).

    python benchmarks/train_throughput.py [--updates 4] [--opponents self=1 ppo=1] [--threads 1] [--sb3-steps 4096]
                                          [--workers 0 1 2] [--repeat 3]

`--workers 0 1 2` measures each worker count (0: rollouts in the learner's process, between updates; N: N sampler
processes collecting during the update, training/workers.py), and `--repeat` runs the whole list again, so that on a
shared machine the settings are measured interleaved rather than one after the other; each line says how many cores
the machine's other processes kept busy meanwhile. "Overall" covers every update, the first rollout included (with
workers it has nothing to overlap with); "from the second update on" leaves the first update out, the rate of a long
run. The samplers' start (spawning, imports, opponent networks) is printed apart and counted in neither.
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
    rollouts: float  # workers 0: the rollouts' own env steps/s; workers N: seconds the learner waited for them
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
            trainer.train_on(ro)
            t2 = time.perf_counter()
            trainer.update += 1
            trainer.env_steps += ro.env_steps
            steps.append(ro.env_steps)
            rolls.append(t1 - t0)
            upds.append(t2 - t1)
    finally:
        if pipeline is not None:
            pipeline.close()
    total, first = sum(rolls) + sum(upds), rolls[0] + upds[0]
    later = (sum(steps) - steps[0]) / (total - first) if updates > 1 else float("nan")
    return Rate(sum(steps) / total, later, sum(rolls) if workers else sum(steps) / sum(rolls), sum(steps), startup)


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
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    for _ in range(args.repeat):
        for opponents in args.opponents:
            for workers in args.workers:
                clock = cpu_clock()
                r = ppo_rate(args.updates, opponents, args.threads, workers)
                others = busy_cores_since(clock)
                where = (f"{r.rollouts:,.0f} in rollouts" if not workers else
                         f"the learner waited {r.rollouts:.1f} s for rollouts, samplers started in {r.startup:.1f} s")
                print(f"training/ppo.py (configs/ppo.yaml, opponents {opponents}, {args.threads} thread(s), "
                      f"workers {workers}): {r.overall:,.0f} env steps/s overall ({r.later:,.0f} from the second "
                      f"update on), {where} ({r.steps:,} steps; other processes busy on {others:.1f} of "
                      f"{os.cpu_count()} cores meanwhile)", flush=True)
    if args.sb3_steps:
        print(f"sb3-contrib MaskablePPO on citadels_env/Citadels-v0 (4 players, 128x128): "
              f"{sb3_rate(args.sb3_steps):,.0f} learner steps/s")


if __name__ == "__main__":
    main()
