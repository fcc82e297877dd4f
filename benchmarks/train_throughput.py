"""Training throughput: environment steps per second of training/ppo.py (rollout + update, the figure the
issue's 4,000 steps/s target is about), one line per opponent pool, and of sb3-contrib's MaskablePPO on the Gymnasium
wrapper for comparison. The default pools are pure self-play and 100 % fixed network opponents (`ppo=1`: the shipped
policy in every other seat, decided in batches by training/opponents.py; target 5,000 steps/s).

    python benchmarks/train_throughput.py [--updates 4] [--opponents self=1 ppo=1] [--threads 1] [--sb3-steps 4096]
"""

from __future__ import annotations

import argparse
import time


def ppo_rate(updates: int, opponents: str, threads: int) -> tuple[float, float, float]:
    from training import ppo

    cfg, _ = ppo.parse_args(["--config", "configs/ppo.yaml", "--opponents", opponents, "--threads", str(threads),
                             "--progress", "false"])
    trainer = ppo.Trainer(cfg)
    steps = 0
    t_roll = t_upd = 0.0
    for _ in range(updates):
        t0 = time.perf_counter()
        ro = trainer.collect()
        t1 = time.perf_counter()
        trainer.train_on(ro)
        t2 = time.perf_counter()
        trainer.update += 1
        steps += ro.env_steps
        t_roll += t1 - t0
        t_upd += t2 - t1
    return steps / (t_roll + t_upd), steps / t_roll, steps


def sb3_rate(steps: int) -> float:
    from sb3_contrib import MaskablePPO

    from citadels_env.gym_env import CitadelsEnv

    model = MaskablePPO("MlpPolicy", CitadelsEnv(players=4), n_steps=1024, batch_size=256, n_epochs=3,
                        policy_kwargs={"net_arch": [128, 128]}, device="cpu", seed=0)
    t = time.perf_counter()
    model.learn(total_timesteps=steps)
    return steps / (time.perf_counter() - t)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--updates", type=int, default=4)
    parser.add_argument("--opponents", nargs="+", default=["self=1", "ppo=1"],
                        help="opponent pools, one line each (weights as on the command line of training/ppo.py)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--sb3-steps", type=int, default=4096, help="0 to skip the MaskablePPO comparison")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    for opponents in args.opponents:
        rate, rollout_rate, steps = ppo_rate(args.updates, opponents, args.threads)
        print(f"training/ppo.py (configs/ppo.yaml, opponents {opponents}, {args.threads} thread(s)): "
              f"{rate:,.0f} env steps/s overall, {rollout_rate:,.0f} in rollouts ({steps:,} steps)")
    if args.sb3_steps:
        print(f"sb3-contrib MaskablePPO on citadels_env/Citadels-v0 (4 players, 128x128): "
              f"{sb3_rate(args.sb3_steps):,.0f} learner steps/s")


if __name__ == "__main__":
    main()
