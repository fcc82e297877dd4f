"""Speed of the rules core: random legal play (decisions/s, games/s) for 2, 4 and 8 players, and clone() time.

    python benchmarks/core_speed.py [--seconds 5]

Each decision = legal_actions() + a uniform random choice + apply(). Single process, single core.
Run-to-run variation on a shared 2-core machine can reach 15 %: compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import random
import time

from citadels_env.core import Game, GameConfig


def random_play(players: int, seconds: float) -> tuple[int, int, float]:
    decisions = games = 0
    uniform = random.Random(0).random
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(GameConfig(players=players), seed=games)
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[int(uniform() * len(acts))])  # uniform choice; random() is cheaper than randrange()
            decisions += 1
        games += 1
    return decisions, games, time.perf_counter() - start


def mid_game(players: int = 4, seed: int = 1) -> Game:
    g = Game(GameConfig(players=players), seed)
    pick = random.Random(seed)
    while g.round < 4:
        acts = g.legal_actions()
        g.apply(acts[pick.randrange(len(acts))])
    return g


def clone_time(repeat: int = 20000) -> float:
    g = mid_game()
    start = time.perf_counter()
    for _ in range(repeat):
        g.clone()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per player count")
    args = parser.parse_args()
    print(f"{'players':>7} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15}")
    for n in (2, 4, 8):
        d, games, dt = random_play(n, args.seconds)
        print(f"{n:>7} {d / dt:>12,.0f} {games / dt:>9,.1f} {d / games:>15,.0f}")
    print(f"clone() of a mid-game 4-player state: {clone_time() * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
