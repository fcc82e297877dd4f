"""How often a search's sample of the hidden state gives the other seats their true characters, with and without
`ppo+ismcts`'s reading of the draft (`beliefs=k`).

    python benchmarks/draft_reading.py [--table heuristic-strong ismcts:iters=100 heuristic ppo-v7] [--players 4]
                                       [--games 20] [--seed 5000] [--share 0.15] [--draws 8] [--ks 1 2 3 4 8 16]
                                       [--out docs/results/draft_reading]

The core's `determinize` replays the draft with every pick the seat did not see drawn uniformly among the consistent
ones; `ppo+ismcts:beliefs=k` draws k such samples and keeps one by the odds the strong heuristic's reading of the
draft gives its characters (agents/guided.py, `draft_odds`, `read_sample`). This script plays `--games` games at
`--table` (game g dealt with seed `seed + g`: seeds no evaluation of this project names), and at a random `--share`
of the decisions draws `--draws` kept samples for each k of `--ks` (k = 1: the core's sample) and counts, over every
other seat's characters in them, the share that seat really holds. Prints the table and writes `draft_reading.json`
and `draft_reading.png` into `--out`. Everything the reading and the sampler see is the deciding seat's (`Decision`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tqdm import tqdm

import agents
from agents.base import Decision
from agents.guided import draft_odds, read_sample
from citadels_env.core import Game, GameConfig


def measure(table: list[str], players: int, games: int, seed: int, share: float, draws: int,
            ks: list[int]) -> dict[int, tuple[int, int]]:
    """k -> (sampled characters the seat really holds, sampled characters), over every other seat's characters."""
    rng = random.Random(seed)
    hits = {k: [0, 0] for k in ks}
    for g in tqdm(range(games), desc="games", unit="game", file=sys.stderr):
        game = Game(GameConfig(players=players), seed + g)
        bots = [agents.make(table[(g + s) % len(table)], seed=seed + g * players + s) for s in range(players)]
        for s, bot in enumerate(bots):
            bot.reset(s, game.config, seed=seed + g * players + s)
        while not game.is_over:
            decision = Decision(game)
            seat = decision.seat
            if rng.random() < share:
                odds = draft_odds(decision)
                truth = {(c, p.seat) for p in game.players if p.seat != seat for c in p.chars}
                for k in ks:
                    for _ in range(draws):
                        sample = read_sample(decision, odds, k, rng)
                        for p in sample.players:
                            if p.seat != seat:
                                for c in p.chars:
                                    hits[k][0] += (c, p.seat) in truth
                                    hits[k][1] += 1
            game.apply(bots[seat].act(decision))
    return {k: (h, n) for k, (h, n) in hits.items()}


def plot(rows: dict[int, tuple[int, int]], path: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ks = sorted(rows)
    fig, ax = plt.subplots(figsize=(5, 3.2))
    ax.plot(ks, [rows[k][0] / max(rows[k][1], 1) for k in ks], marker="o")
    ax.set_xscale("log", base=2)
    ax.set_xticks(ks, [str(k) for k in ks])
    ax.set_xlabel("beliefs=k: samples drawn per kept one (1: the core's)")
    ax.set_ylabel("other seats' characters right")
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", nargs="+", default=["heuristic-strong", "ismcts:iters=100", "heuristic", "ppo-v7"])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--share", type=float, default=0.15, help="share of the decisions sampled at")
    ap.add_argument("--draws", type=int, default=8, help="kept samples per decision and k")
    ap.add_argument("--ks", type=int, nargs="+", default=[1, 2, 3, 4, 8, 16])
    ap.add_argument("--out", type=Path, default=Path("docs/results/draft_reading"))
    args = ap.parse_args(argv)
    if not 2 <= args.players <= 8:
        ap.error(f"--players must be 2-8, got {args.players}")
    if args.games < 1 or args.draws < 1 or not 0 < args.share <= 1 or any(k < 1 for k in args.ks):
        ap.error("--games, --draws and every --ks must be positive, --share in (0, 1]")
    try:
        for spec in dict.fromkeys(args.table):
            agents.make(spec).close()
    except ValueError as exc:
        ap.error(f"--table: {exc}")
    rows = measure(args.table, args.players, args.games, args.seed, args.share, args.draws, sorted(set(args.ks)))
    print("| k | sampled | right | share right |")
    print("|---|---|---|---|")
    for k, (h, n) in rows.items():
        print(f"| {k} | {n} | {h} | {h / max(n, 1):.1%} |")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "draft_reading.json").write_text(json.dumps(
        {"args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
         "rows": {str(k): {"sampled": n, "right": h} for k, (h, n) in rows.items()}}, indent=1))
    print(f"wrote {args.out / 'draft_reading.json'} and {plot(rows, args.out / 'draft_reading.png')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
