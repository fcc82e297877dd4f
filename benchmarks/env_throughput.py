"""Environment throughput: random legal play through the AEC API (the action mask is built and read every step) on
citadels_v0 (4 players) and on PettingZoo's connect_four_v3 and texas_holdem_no_limit_v6, in one invocation.

    python benchmarks/env_throughput.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def run(make_env, seconds: float) -> tuple[int, int, float]:
    env = make_env()
    rng = np.random.default_rng(0)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episodes)
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            env.step(action)
            steps += 1
        episodes += 1
    return steps, episodes, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    from pettingzoo.classic import connect_four_v3, texas_holdem_no_limit_v6

    from citadels_env import citadels_v0

    envs = {
        f"citadels_v0 ({args.players} players)": lambda: citadels_v0.env(players=args.players),
        "connect_four_v3": connect_four_v3.env,
        "texas_holdem_no_limit_v6": texas_holdem_no_limit_v6.env,
    }
    rates = {}
    print(f"{'environment':<32} {'steps/s':>10} {'episodes/s':>11}")
    for name, make in envs.items():
        steps, episodes, dt = run(make, args.seconds)
        rates[name] = steps / dt
        print(f"{name:<32} {steps / dt:>10,.0f} {episodes / dt:>11,.1f}")
    ours = rates[next(iter(envs))]
    for name in list(envs)[1:]:
        print(f"citadels_v0 / {name}: {ours / rates[name]:.2f}x")


if __name__ == "__main__":
    main()
