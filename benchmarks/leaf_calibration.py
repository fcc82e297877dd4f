"""How well a network's value head, read as `ppo+ismcts`'s leaf value, tells who wins: log-loss by temperature.

    python benchmarks/leaf_calibration.py [--nets ppo-v7 ppo-candidate] [--table heuristic-strong ppo-v7 ...]
                                          [--players 4] [--games 200] [--seed 770000]
                                          [--temps 0.5 1 2 3 4 5] [--out docs/results/leaf_calibration]

`ppo+ismcts` rolls out to the start of the next round and scores that position with the value head, each seat from
its own observation, normalised to sum to one (agents/leaf_value.py); the search then averages those scores over its
determinizations, which is right only for calibrated chances. This script plays `games` games at `--table` (its
bots rotated over the seats, game k dealt with seed `seed + k`: seeds no evaluation of this project names), keeps the
position at the start of every round after the first (the kind of position a leaf is), and scores each net's leaf
value there against the game's real winner (`model`: `ismcts`'s fitted win model, for comparison): mean log-loss (a
uniform guess scores ln of the players), the share of positions where the favourite won, and the favourite's mean
share, at each temperature of `--temps` (`ppo+ismcts:value_temp=`). Prints the table and the best temperature per
net, and writes `leaf_calibration.json` and `leaf_calibration.png` (log-loss against temperature) into `--out`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np
from tqdm import tqdm

import agents
from agents.base import Decision
from agents.guided import load_guide
from agents.ismcts import evaluate
from agents.leaf_value import LeafValue
from agents.policy import PolicyAgent
from citadels_env.core import Game, GameConfig


def positions(table: list[str], players: int, games: int, seed: int) -> list[tuple[Game, int]]:
    """(position at the start of a round after the first, the game's winner) for every round of every game."""
    out = []
    for k in tqdm(range(games), desc="games", unit="game", file=sys.stderr):
        bots = [agents.make(table[(k + s) % len(table)], seed=seed + k * players + s) for s in range(players)]
        game = Game(GameConfig(players=players), seed=seed + k)
        for s, bot in enumerate(bots):
            bot.reset(s, game.config, seed=seed + k * players + s)
        kept, seen_round = [], game.round
        while not game.is_over:
            if game.round != seen_round:
                seen_round = game.round
                kept.append(game.clone())
            decision = Decision(game)
            game.apply(bots[decision.seat].act(decision))
        out += [(g, game.result().winner) for g in kept]
    return out


def leaf_values(guide: PolicyAgent | None, players: int, found: list[tuple[Game, int]]) -> np.ndarray:
    """The raw (clipped, unnormalised) leaf values of `guide` at each position: rows of seats. `model` (no guide) is
    `ismcts`'s fitted win model (its chances, already normalised: temperature 1 is the model as `ismcts` reads it)."""
    if guide is None:
        return np.array([evaluate(g) for g, _ in found])
    leaf = LeafValue(guide.play_size(players))
    return np.array([leaf.clipped(g) for g, _ in found])


def score(raw: np.ndarray, winners: np.ndarray, temp: float) -> dict:
    """Log-loss, favourite's win share and favourite's mean share of the values tempered at `temp`."""
    p = raw ** (1.0 / temp)
    p /= p.sum(axis=1, keepdims=True)
    rows = np.arange(len(winners))
    return {"temp": temp, "log_loss": float(-np.log(p[rows, winners]).mean()),
            "favourite_won": float((p.argmax(axis=1) == winners).mean()), "favourite_share": float(p.max(1).mean())}


def plot(results: dict[str, list[dict]], players: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    for net_id, rows in results.items():
        ax.plot([r["temp"] for r in rows], [r["log_loss"] for r in rows], marker="o", label=net_id)
    ax.axhline(math.log(players), color="grey", linestyle="--", label=f"uniform guess (ln {players})")
    ax.set_xscale("log")
    ax.set_xlabel("value temperature (ppo+ismcts:value_temp=)")
    ax.set_ylabel("log-loss on the winner")
    ax.set_title(f"Leaf values at round starts, {players} players")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nets", nargs="+", default=["ppo-v7", "ppo-candidate", "ppo-4p-soup", "ppo-v5", "model"])
    parser.add_argument("--table", nargs="+", default=["heuristic-strong", "ppo-v7", "ppo-candidate", "heuristic"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=770000)
    parser.add_argument("--temps", type=float, nargs="+", default=[0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6])
    parser.add_argument("--out", default="docs/results/leaf_calibration")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 8:
        parser.error(f"--players must be from 2 to 8, got {args.players}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if any(not t > 0 for t in args.temps):
        parser.error(f"--temps must all be positive, got {args.temps}")
    guides: dict[str, PolicyAgent | None] = {}
    for net_id in args.nets:  # every id checked (and loaded) before any game is played
        try:
            guides[net_id] = None if net_id == "model" else load_guide(net_id)
        except (ValueError, OSError) as exc:
            parser.error(f"--nets {net_id}: {exc}")
    for spec in args.table:
        try:
            agents.make(spec)
        except (ValueError, KeyError) as exc:
            parser.error(f"--table {spec}: {exc}")
    found = positions(args.table, args.players, args.games, args.seed)
    winners = np.array([w for _, w in found])
    results = {}
    for net_id in args.nets:
        raw = leaf_values(guides[net_id], args.players, found)
        results[net_id] = [score(raw, winners, t) for t in args.temps]
    print(f"{len(found)} positions from {args.games} games at {args.players} players, table {' '.join(args.table)}; "
          f"uniform guess {math.log(args.players):.3f}")
    print("| net | " + " | ".join(f"T={t:g}" for t in args.temps) + " | best T | favourite won |")
    print("|---|" + "---|" * (len(args.temps) + 2))
    for net_id, rows in results.items():
        best = min(rows, key=lambda r: r["log_loss"])
        print(f"| `{net_id}` | " + " | ".join(f"{r['log_loss']:.3f}" for r in rows)
              + f" | {best['temp']:g} | {best['favourite_won']:.1%} |")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "leaf_calibration.json").write_text(json.dumps(
        {"players": args.players, "games": args.games, "seed": args.seed, "table": args.table,
         "positions": len(found), "results": results}, indent=1) + "\n")
    plot(results, args.players, out / "leaf_calibration.png")
    print(f"wrote {out / 'leaf_calibration.json'} and {out / 'leaf_calibration.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
