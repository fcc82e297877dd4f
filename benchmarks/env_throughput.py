"""Environment throughput: random legal play through the AEC API (the observation and the action mask are built and
read every step) on citadels_v0 (4 players) and on PettingZoo's connect_four_v3 and texas_holdem_no_limit_v6, in
one invocation.

    python benchmarks/env_throughput.py [--seconds 3] [--repeats 3] [--players 4]

Every environment runs the same driver: `env.last()`, the legal ids from the mask (`mask.nonzero()`), one picked with
Python's `random`, `env.step()`. The driver is kept lean so that the figures measure the environments; its own cost
per step (the same for all) is printed too. Each environment runs `--repeats` times, interleaved, and the median is
reported, which makes the ratios robust to the machine's drift.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np


def run(make_env, seconds: float) -> tuple[int, int, float]:
    """Random legal play for about `seconds`: (steps, episodes, elapsed seconds)."""
    env = make_env()
    rand = random.Random(0).random
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episodes)
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                action = None
            else:
                legal = obs["action_mask"].nonzero()[0]
                action = int(legal[int(rand() * len(legal))])
            env.step(action)
            steps += 1
        episodes += 1
    return steps, episodes, time.perf_counter() - start


def driver_cost(n: int = 200_000) -> float:
    """Microseconds per step of the driver alone (reading a mask and picking an id), for reference."""
    from citadels_env.encoding import NUM_ACTIONS

    rand = random.Random(0).random
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[[3, 40, 41, 97, 200]] = 1
    obs = {"action_mask": mask}
    start = time.perf_counter()
    for _ in range(n):
        legal = obs["action_mask"].nonzero()[0]
        int(legal[int(rand() * len(legal))])
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per environment and repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    import warnings

    from pettingzoo.classic import connect_four_v3, texas_holdem_no_limit_v6

    from citadels_env import citadels_v0

    warnings.filterwarnings("ignore", message=".*precision lowered.*")  # texas_holdem's Box bounds
    ours = f"citadels_v0 ({args.players} players)"
    envs = {
        ours: lambda: citadels_v0.env(players=args.players),
        "connect_four_v3": connect_four_v3.env,
        "texas_holdem_no_limit_v6": texas_holdem_no_limit_v6.env,
    }
    rates: dict[str, list[float]] = {name: [] for name in envs}
    episode_rates: dict[str, list[float]] = {name: [] for name in envs}
    for r in range(args.repeats):
        for name, make in envs.items():
            steps, episodes, dt = run(make, args.seconds)
            rates[name].append(steps / dt)
            episode_rates[name].append(episodes / dt)
        print(f"repeat {r + 1}/{args.repeats}: " + ", ".join(f"{n} {v[-1]:,.0f}" for n, v in rates.items()),
              flush=True)
    median = {name: statistics.median(v) for name, v in rates.items()}
    print(f"\n{'environment':<32} {'steps/s':>10} {'us/step':>8} {'episodes/s':>11}   (medians of {args.repeats})")
    for name in envs:
        print(f"{name:<32} {median[name]:>10,.0f} {1e6 / median[name]:>8.1f} "
              f"{statistics.median(episode_rates[name]):>11,.1f}")
    print(f"driver alone: {driver_cost():.1f} us/step (included in every figure above)")
    for name in list(envs)[1:]:
        print(f"citadels_v0 / {name}: {median[ours] / median[name]:.2f}x")


if __name__ == "__main__":
    main()
