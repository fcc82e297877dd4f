"""Strength of a bot at every table size: its win rate against tables of each baseline, on held-out seeds.

    python benchmarks/strength.py [--bot ppo] [--baselines heuristic heuristic-strong] [--players 2 3 4 5 6 7 8]
                                  [--games 1000] [--seed 910000] [--workers 2] [--out docs/results/strength]

Each row is `citadels eval BOT BASELINE --players N`: the bot in one seat, the baseline in all the others, seats
rotated game by game, game k dealt with seed `seed + k` (seeds from 910000 up were never used by training). The
table gives the win rate with its 95 % Wilson interval, parity (1/N), the ratio to parity and the target of issue 12
(the lower end of the interval must reach it). Writes `strength.json` and `strength.png` (win rate against table
size, one line per baseline, with the intervals, parity and the targets) into `--out`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tqdm import tqdm

from agents.evaluate import evaluate

#: Issue 12's targets: (baseline, players) -> the win rate the lower end of the interval must reach.
TARGET_FACTORS = {"heuristic": 1.8, "heuristic-strong": 1.5}
TARGET_AT = {("heuristic", 4): 0.45, ("heuristic", 2): 0.70, ("heuristic-strong", 4): 0.40}


def target(baseline: str, players: int) -> float | None:
    """The target win rate against `baseline` at `players`, or None when the issue sets none."""
    if (baseline, players) in TARGET_AT:
        return TARGET_AT[baseline, players]
    factor = TARGET_FACTORS.get(baseline)
    return None if factor is None else factor / players


@dataclass
class Row:
    baseline: str
    players: int
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    parity: float
    target: float | None
    met: bool | None
    seconds: float


def measure(bot: str, baseline: str, players: int, games: int, seed: int, workers: int) -> Row:
    start = time.perf_counter()
    games = -(-games // players) * players  # a multiple of the table size: every seat played equally often
    report = evaluate([bot, baseline], games=games, players=players, seed=seed, workers=workers, progress=False)
    s = report.entries[0]
    goal = target(baseline, players)
    return Row(baseline, players, s.games, s.wins, s.win_rate, s.ci_low, s.ci_high, 1 / players, goal,
               None if goal is None else s.ci_low >= goal, round(time.perf_counter() - start, 1))


def table(bot: str, rows: list[Row]) -> str:
    lines = [f"| players | {bot} vs all | win rate [95 % interval] | parity | × parity | target | met |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        goal = "" if r.target is None else f"{r.target:.1%}"
        met = "" if r.met is None else ("yes" if r.met else "no")
        lines.append(f"| {r.players} | `{r.baseline}` | {r.win_rate:.1%} [{r.ci_low:.1%}, {r.ci_high:.1%}] "
                     f"({r.games} games) | {r.parity:.1%} | {r.win_rate / r.parity:.2f} | {goal} | {met} |")
    return "\n".join(lines)


def plot(bot: str, rows: list[Row], path: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for baseline in dict.fromkeys(r.baseline for r in rows):
        mine = [r for r in rows if r.baseline == baseline]
        xs = [r.players for r in mine]
        ys = [r.win_rate for r in mine]
        err = [[max(0.0, r.win_rate - r.ci_low) for r in mine], [max(0.0, r.ci_high - r.win_rate) for r in mine]]
        line = ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=f"vs {baseline}")
        goals = [(r.players, r.target) for r in mine if r.target is not None]
        if goals:
            ax.scatter(*zip(*goals), marker="_", s=300, color=line[0].get_color(), label=f"target vs {baseline}")
    sizes = sorted({r.players for r in rows})
    ax.plot(sizes, [1 / n for n in sizes], "k--", linewidth=1, label="parity (1/players)")
    ax.set_xlabel("players at the table")
    ax.set_ylabel(f"win rate of {bot}")
    ax.set_title(f"{bot}: one seat against tables of each baseline (95 % intervals)")
    ax.set_xticks(sizes)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="ppo", help="agent id or checkpoint path (default: the shipped ppo, greedy); a checkpoint path "
                        "samples its moves unless written PATH:greedy=true")
    parser.add_argument("--baselines", nargs="+", default=["heuristic", "heuristic-strong"])
    parser.add_argument("--players", nargs="+", type=int, default=list(range(2, 9)))
    parser.add_argument("--games", type=int, default=1000, help="games per row (rounded up to a multiple of the size)")
    parser.add_argument("--seed", type=int, default=910_000, help="first seed (held out from training)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("docs/results/strength"))
    args = parser.parse_args(argv)
    if args.games < 1 or any(not 2 <= n <= 8 for n in args.players):
        parser.error("--games must be positive and --players between 2 and 8")
    rows = []
    jobs = [(b, n) for b in args.baselines for n in args.players]
    for baseline, n in tqdm(jobs, desc="strength", unit="row", file=sys.stderr):
        rows.append(measure(args.bot, baseline, n, args.games, args.seed, args.workers))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "strength.json").write_text(json.dumps(
        {"bot": args.bot, "games": args.games, "seed": args.seed, "rows": [asdict(r) for r in rows]}, indent=1))
    plot(args.bot, rows, args.out / "strength.png")
    print(table(args.bot, rows))
    print(f"wrote {args.out / 'strength.json'} and {args.out / 'strength.png'}")
    return rows


if __name__ == "__main__":
    main()
