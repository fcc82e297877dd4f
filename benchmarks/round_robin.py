"""A round robin of mixed 4-player tables: every set of four bots out of the field plays the same number of games,
seats rotated, and one OpenSkill rating per bot is fitted over all of them.

    python benchmarks/round_robin.py [BOT ...] [--games-per-table 4] [--seed 910000] [--workers 2]
                                     [--bootstrap 200] [--out docs/results/round_robin]

The strength tables (benchmarks/strength.py) put a bot against three copies of one opponent. A round robin asks the
other question a user has: at a table of mixed bots, which one wins? The field defaults to every shipped bot and
the search bot at 100 iterations (issue 24's shipping test: the new `ppo` must have the highest rating of the bots
without search). For each of the C(N, 4) sets of four, `--games-per-table` games are played (a multiple of 4: each
bot sits once in each seat), game k of set i dealt with seed `seed + i * games_per_table + k`.

One OpenSkill (Plackett-Luce) model rates every game, the tables' games interleaved (game 0 of every table, then
game 1...) so that no table's games come all at once. The report gives each bot's rating (mu, sigma and the ordinal
mu - 3 sigma), its win rate over all its games with the 95 % Wilson interval (parity 25 %), its mean rank and its
milliseconds per decision. `--bootstrap B` resamples the games B times with replacement and rates each resample:
the share of resamples in which each bot rates highest, overall and among the bots without search, says how settled
the order at the top is. Writes `round_robin.json` (every game, the ratings, the command) and `round_robin.png`
(the ratings with mu +- 2 sigma) into `--out`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import time
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from agents.eval_report import GameOutcome, Stats, summarise
from agents.evaluate import evaluate
from training.config import ConfigError, OneLineParser, check_agent_id

PLAYERS = 4
FIELD = ["ppo", "ppo-v5", "ppo-v4", "ppo-v3", "ppo-v2", "ppo-v1", "ppo-4p", "dagger", "heuristic", "heuristic-strong",
         "ismcts:iters=100"]


def searches(bot: str) -> bool:
    """Whether `bot` searches at every decision: the registered search bots (`ismcts`, `ppo+ismcts`, with any options);
    a checkpoint (a path) plays its network alone."""
    head = bot.partition(":")[0]
    return not Path(head).suffix and "ismcts" in head


def tables(field: list[str]) -> list[tuple[str, ...]]:
    """Every set of four bots of the field, in a fixed order."""
    return list(itertools.combinations(field, PLAYERS))


def play(field: list[str], games_per_table: int, seed: int, workers: int, progress: bool) -> list[GameOutcome]:
    """Every table's games, their seats renumbered as indices into `field`, interleaved table by table."""
    from tqdm import tqdm

    by_table = []
    for i, lineup in enumerate(tqdm(tables(field), desc="tables", unit="table", disable=not progress)):
        report = evaluate(list(lineup), games=games_per_table, players=PLAYERS, seed=seed + i * games_per_table,
                          workers=workers, progress=False)
        where = [field.index(bot) for bot in lineup]
        for g in report.results:
            g.seats = [where[e] for e in g.seats]
        by_table.append(report.results)
    return [g for row in itertools.zip_longest(*by_table) for g in row if g is not None]


def top_shares(field: list[str], games: list[GameOutcome], resamples: int, seed: int) -> dict[str, dict[str, float]]:
    """Over `resamples` bootstrap resamples of the games: how often each bot has the highest mu, overall and among
    the bots without search."""
    rng = np.random.default_rng(seed)
    plain = [b for b in field if not searches(b)]
    counts = {"overall": dict.fromkeys(field, 0), "without_search": dict.fromkeys(plain, 0)}
    for _ in range(resamples):
        pick = rng.integers(len(games), size=len(games))
        _, stats = summarise(field, PLAYERS, [games[i] for i in pick])
        mu = {s.name: s.mu for s in stats}
        counts["overall"][max(field, key=mu.__getitem__)] += 1
        if plain:  # (a field of search bots only has no such share)
            counts["without_search"][max(plain, key=mu.__getitem__)] += 1
    return {k: {b: n / resamples for b, n in v.items()} for k, v in counts.items()}


def table_text(stats: list[Stats], shares: dict[str, dict[str, float]] | None) -> str:
    rows = sorted(stats, key=lambda s: -s.mu)
    head = f"{'bot':<22} {'mu':>6} {'sigma':>6} {'ordinal':>8} {'win rate [95 %]':>22} {'rank':>5} {'ms/dec':>7}"
    if shares:
        head += f" {'top':>6} {'top w/o search':>15}"
    lines = [head]
    for s in rows:
        line = (f"{s.name:<22} {s.mu:6.2f} {s.sigma:6.2f} {s.ordinal:8.2f} "
                f"{f'{s.win_rate:.1%} [{s.ci_low:.1%}, {s.ci_high:.1%}]':>22} {s.mean_rank:5.2f} "
                f"{s.ms_per_decision:7.1f}")
        if shares:
            plain = shares["without_search"].get(s.name)
            line += f" {shares['overall'][s.name]:6.0%} {'search' if plain is None else f'{plain:.0%}':>15}"
        lines.append(line)
    return "\n".join(lines)


def plot(stats: list[Stats], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted(stats, key=lambda s: s.mu)
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.5))
    for i, s in enumerate(rows):
        search = searches(s.name)
        ax.errorbar([s.mu], [i], xerr=[2 * s.sigma], fmt="s" if search else "o", capsize=3,
                    color="tab:orange" if search else "tab:blue")
    ax.set_yticks(list(range(len(rows))), [s.name for s in rows])
    ax.set_xlabel("OpenSkill mu (bars: +- 2 sigma; squares: bots that search)")
    ax.set_title(f"Round robin of mixed {PLAYERS}-player tables")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def machine() -> str:
    """The CPU model and core count, for the record of a measurement."""
    model = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.machine()}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="round_robin.py", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bots", nargs="*", metavar="BOT", help=f"the field (default: {' '.join(FIELD)})")
    parser.add_argument("--games-per-table", type=int, default=4, help="games per set of four, a multiple of 4")
    parser.add_argument("--seed", type=int, default=910_000, help="first seed (held out from training)")
    parser.add_argument("--workers", type=int, default=2, help="processes per table (0 = every core)")
    parser.add_argument("--bootstrap", type=int, default=200, help="resamples for the top shares (0: none)")
    parser.add_argument("--out", type=Path, default=Path("docs/results/round_robin"))
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    args.bots = args.bots or list(FIELD)
    if len(args.bots) < PLAYERS:
        parser.error(f"the field needs at least {PLAYERS} bots, got {len(args.bots)}")
    if len(set(args.bots)) != len(args.bots):
        parser.error(f"a bot appears twice in the field: {' '.join(args.bots)}")
    if args.games_per_table < PLAYERS or args.games_per_table % PLAYERS:
        parser.error(f"--games-per-table must be a positive multiple of {PLAYERS}, got {args.games_per_table}")
    if args.workers < 0 or args.bootstrap < 0:
        parser.error("--workers and --bootstrap must be 0 or more")
    for bot in args.bots:
        try:
            check_agent_id("BOT", bot)
        except ConfigError as exc:
            parser.error(str(exc))
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    started = datetime.now(timezone.utc)
    t0 = time.perf_counter()
    try:
        games = play(args.bots, args.games_per_table, args.seed, args.workers, not args.no_progress)
        _, stats = summarise(args.bots, PLAYERS, games)
        shares = top_shares(args.bots, games, args.bootstrap, args.seed) if args.bootstrap else None
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        raise SystemExit(130) from None
    print(table_text(stats, shares))
    args.out.mkdir(parents=True, exist_ok=True)
    result = {
        "command": "python benchmarks/round_robin.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "field": args.bots, "tables": len(tables(args.bots)), "games_per_table": args.games_per_table,
        "games": len(games), "seed": args.seed, "bootstrap": args.bootstrap,
        "machine": machine(),
        "started": started.isoformat(timespec="seconds"), "wall_s": round(time.perf_counter() - t0, 1),
        "stats": [asdict(s) for s in stats], "top_shares": shares, "results": [asdict(g) for g in games],
    }
    (args.out / "round_robin.json").write_text(json.dumps(result, indent=1))
    plot(stats, args.out / "round_robin.png")
    print(f"wrote {args.out / 'round_robin.json'} and {args.out / 'round_robin.png'}")
    return result


if __name__ == "__main__":
    main()
