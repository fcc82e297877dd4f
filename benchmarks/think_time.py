"""Think time of search bots, measured on the same decisions: milliseconds per move with a choice in it.

    python benchmarks/think_time.py [--bots ismcts ppo+ismcts] [--players 4] [--games 10] [--seed 910000]
                                    [--out docs/results/think_time]

Issue 12 asks for a search bot guided by the network "within the same think time as today's `ismcts`". Timings from
two evaluation runs depend on what else the machine was doing, so this script times every bot on the same positions,
one after the other: it plays `games` games of `heuristic-strong` at every seat (game k dealt with seed `seed + k`),
and at each decision of seat 0 with more than one legal answer asks each bot to act on it (its answer is discarded;
the game goes on with `heuristic-strong`'s). Prints the mean, median and 95th percentile per bot and the ratio of the
means to the first bot's, and writes `think_time.json` and `think_time.png` (the distributions) into `--out`. For a
guided bot (`ppo+ismcts`) it also counts the decisions answered from the prior alone, without a search (one answer
kept by `top`/`mass`): the sharper its prior, the more of them, and the lower its mean against its median.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

import agents
from agents.base import Decision
from citadels_env.core import Game, GameConfig


def measure(bots: list[str], players: int, games: int,
            seed: int) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Seconds per decision with more than one legal answer for each bot, on the same decisions, and for each guided
    bot the number of those decisions it answered without a search."""
    made = {spec: agents.make(spec, seed=seed) for spec in bots}
    driver = agents.make("heuristic-strong", seed=seed)
    times: dict[str, list[float]] = {spec: [] for spec in bots}
    skipped = {spec: 0 for spec, bot in made.items() if hasattr(bot, "last_candidates")}
    for k in tqdm(range(games), desc="think time", unit="game", file=sys.stderr):
        game = Game(GameConfig(players=players), seed=seed + k)
        for bot in made.values():
            bot.reset(0, game.config, seed=seed + k)
        while not game.is_over:
            decision = Decision(game)
            if decision.seat == 0 and len(decision.legal) > 1:
                for spec, bot in made.items():
                    start = time.perf_counter()
                    bot.act(decision)
                    times[spec].append(time.perf_counter() - start)
                    if spec in skipped and len(bot.last_candidates) == 1:
                        skipped[spec] += 1
            game.apply(driver.act(Decision(game)))
    return times, skipped


def summary(times: dict[str, list[float]], unsearched: dict[str, int]) -> list[dict]:
    first = statistics.fmean(next(iter(times.values())))
    rows = []
    for spec, ts in times.items():
        ms = sorted(t * 1000 for t in ts)
        rows.append({"bot": spec, "decisions": len(ms), "mean_ms": statistics.fmean(ms),
                     "median_ms": statistics.median(ms), "p95_ms": ms[min(len(ms) - 1, int(0.95 * len(ms)))],
                     "ratio_to_first": statistics.fmean(ms) / (first * 1000),
                     "unsearched": unsearched.get(spec)})
    return rows


def plot(times: dict[str, list[float]], path: Path, players: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.boxplot([[t * 1000 for t in ts] for ts in times.values()], orientation="horizontal", showfliers=False,
               tick_labels=list(times), showmeans=True)
    ax.set_xlabel("milliseconds per decision with more than one legal answer (the same for every bot)")
    ax.set_title(f"Think time at {players} players")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=["ismcts", "ppo+ismcts"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=910000)
    parser.add_argument("--out", default="docs/results/think_time")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 8:
        parser.error(f"--players must be from 2 to 8, got {args.players}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    for spec in args.bots:  # every bot id checked before any game is played
        try:
            agents.make(spec)
        except (ValueError, KeyError) as exc:
            parser.error(f"--bots {spec}: {exc}")
    times, unsearched = measure(args.bots, args.players, args.games, args.seed)
    rows = summary(times, unsearched)
    print(f"| bot | decisions | mean ms | median ms | p95 ms | mean / {args.bots[0]} | answered without a search |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        skip = "" if r["unsearched"] is None else f"{r['unsearched']} ({r['unsearched'] / r['decisions']:.0%})"
        print(f"| `{r['bot']}` | {r['decisions']} | {r['mean_ms']:.1f} | {r['median_ms']:.1f} | {r['p95_ms']:.1f} "
              f"| {r['ratio_to_first']:.2f} | {skip} |")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "think_time.json").write_text(json.dumps({"players": args.players, "games": args.games,
                                                     "seed": args.seed, "rows": rows}, indent=1) + "\n")
    plot(times, out / "think_time.png", args.players)
    print(f"wrote {out / 'think_time.json'} and {out / 'think_time.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
