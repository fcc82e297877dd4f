"""A round robin of mixed 4-player tables: every set of four bots out of the field plays the same number of games,
seats rotated, and one OpenSkill rating per bot is fitted over all of them.

    python benchmarks/round_robin.py [BOT ...] [--games-per-table 4] [--seed 910000] [--workers 2]
                                     [--orders 100] [--bootstrap 200] [--out docs/results/round_robin]
    python benchmarks/round_robin.py --rerate docs/results/round_robin/round_robin.json [--orders 100] [--out DIR]

The strength tables (benchmarks/strength.py) put a bot against three copies of one opponent. A round robin asks the
other question a user has: at a table of mixed bots, which one wins? The field defaults to every shipped bot and
the search bot at 100 iterations (issue 24's shipping test: the new `ppo` must have the highest rating of the bots
without search). For each of the C(N, 4) sets of four, `--games-per-table` games are played (a multiple of 4: each
bot sits once in each seat), game k of set i dealt with seed `seed + i * games_per_table + k`.

OpenSkill (Plackett-Luce) rates games one after another, so one pass over the games gives a rating that depends on
the order they are fed in, and a round robin's games have no natural order: on the 1,980 games of
docs/results/round_robin_soup the top two bots swap places between orders. The reported rating is therefore the
mean, over `--orders R` random orders of the same games (seeded by `--seed`), of each bot's final mu and sigma, with
the share of orders in which each bot ends highest. The one pass over the games interleaved table by table (game 0
of every table, then game 1...), this script's rating before, is kept in the JSON as `fixed_order`, and is what
`--orders 0` reports. The report gives each bot's rating (mu, sigma and the ordinal mu - 3 sigma), its win rate
over all its games with the 95 % Wilson interval (parity 25 %), its mean rank and its milliseconds per decision.
`--bootstrap B` resamples the games B times with replacement and rates each resample: the share of resamples in
which each bot rates highest, overall and among the bots without search, says how settled the order at the top is
(a resample of the games is in a random order too). Writes `round_robin.json` (every game, the ratings, the
command) and `round_robin.png` (the ratings with mu +- 2 sigma) into `--out`. `--rerate JSON` rates the games of an
earlier run's JSON again, without playing any (its field, seed and games are the file's).
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


def rate_over_orders(field: list[str], games: list[GameOutcome], orders: int, seed: int) -> dict[str, dict[str, float]]:
    """Each bot's mean final mu and sigma over `orders` random orders of `games`, and the share of orders in which
    it ends with the highest mu (ties to the first in `field`)."""
    rng = np.random.default_rng(seed)
    mu = dict.fromkeys(field, 0.0)
    sigma = dict.fromkeys(field, 0.0)
    top = dict.fromkeys(field, 0)
    for _ in range(orders):
        _, stats = summarise(field, PLAYERS, [games[i] for i in rng.permutation(len(games))])
        for s in stats:
            mu[s.name] += s.mu / orders
            sigma[s.name] += s.sigma / orders
        top[max(stats, key=lambda s: s.mu).name] += 1
    return {b: {"mu": mu[b], "sigma": sigma[b], "top": top[b] / orders} for b in field}


def rate(field: list[str], games: list[GameOutcome], orders: int, seed: int
         ) -> tuple[list[Stats], dict[str, dict[str, float]], dict[str, dict[str, float]] | None]:
    """The bots' statistics, with mu, sigma and the ordinal the means over `orders` random orders of the games
    (`orders` 0: the one pass in the games' own order); also that one pass's ratings, and the means with the share
    of orders each bot tops (None for `orders` 0)."""
    _, stats = summarise(field, PLAYERS, games)
    fixed = {s.name: {"mu": s.mu, "sigma": s.sigma} for s in stats}
    if not orders:
        return stats, fixed, None
    over = rate_over_orders(field, games, orders, seed)
    for s in stats:
        s.mu, s.sigma = over[s.name]["mu"], over[s.name]["sigma"]
        s.ordinal = s.mu - 3 * s.sigma
    return stats, fixed, over


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
    parser.add_argument("--games-per-table", type=int, help="games per set of four, a multiple of 4 (default 4)")
    parser.add_argument("--seed", type=int, help="first seed (default 910000, held out from training)")
    parser.add_argument("--workers", type=int, default=2, help="processes per table (0 = every core)")
    parser.add_argument("--orders", type=int, default=100,
                        help="random orders of the games the rating is averaged over (0: one pass, interleaved)")
    parser.add_argument("--bootstrap", type=int, default=200, help="resamples for the top shares (0: none)")
    parser.add_argument("--rerate", type=Path, metavar="JSON",
                        help="rate the games of an earlier run's round_robin.json again instead of playing")
    parser.add_argument("--out", type=Path, help="where the JSON and the plot go (default: docs/results/round_robin, "
                                                 "or with --rerate the earlier JSON's folder)")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    if args.rerate is not None:
        if args.bots:
            parser.error("--rerate takes its field from the file: give no BOT")
        given = [name for name, value in (("--games-per-table", args.games_per_table), ("--seed", args.seed))
                 if value is not None]
        if given:
            parser.error(f"--rerate takes the games from the file: give no {' or '.join(given)}")
        try:
            earlier = json.loads(args.rerate.read_text())
            args.bots, args.seed = list(earlier["field"]), int(earlier["seed"])
            args.games_per_table = int(earlier["games_per_table"])
            args.earlier = earlier
            args.games = [GameOutcome(**g) for g in earlier["results"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            parser.error(f"--rerate {args.rerate}: not a round_robin.json this script wrote ({exc})")
    args.bots = args.bots or list(FIELD)
    args.seed = 910_000 if args.seed is None else args.seed
    args.games_per_table = 4 if args.games_per_table is None else args.games_per_table
    if args.out is None:
        args.out = args.rerate.parent if args.rerate is not None else Path("docs/results/round_robin")
    if len(args.bots) < PLAYERS:
        parser.error(f"the field needs at least {PLAYERS} bots, got {len(args.bots)}")
    if len(set(args.bots)) != len(args.bots):
        parser.error(f"a bot appears twice in the field: {' '.join(args.bots)}")
    if args.games_per_table < PLAYERS or args.games_per_table % PLAYERS:
        parser.error(f"--games-per-table must be a positive multiple of {PLAYERS}, got {args.games_per_table}")
    if args.workers < 0 or args.bootstrap < 0 or args.orders < 0:
        parser.error("--workers, --orders and --bootstrap must be 0 or more")
    for bot in [] if args.rerate else args.bots:
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
        if args.rerate is None:
            games = play(args.bots, args.games_per_table, args.seed, args.workers, not args.no_progress)
        else:
            games = args.games
        stats, fixed, over = rate(args.bots, games, args.orders, args.seed)
        shares = top_shares(args.bots, games, args.bootstrap, args.seed) if args.bootstrap else None
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        raise SystemExit(130) from None
    print(table_text(stats, shares))
    if over:
        tops = ", ".join(f"{b} {v['top']:.0%}" for b, v in sorted(over.items(), key=lambda kv: -kv[1]["top"])
                         if v["top"])
        print(f"mu and sigma: means over {args.orders} random orders of the games; highest in: {tops}")
        first = max(fixed, key=lambda b: fixed[b]["mu"])
        print(f"one pass in the interleaved order: {first} highest, mu {fixed[first]['mu']:.2f}")
    args.out.mkdir(parents=True, exist_ok=True)
    result = {
        "command": "python benchmarks/round_robin.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "field": args.bots, "tables": len(tables(args.bots)), "games_per_table": args.games_per_table,
        "games": len(games), "seed": args.seed, "orders": args.orders, "bootstrap": args.bootstrap,
        "machine": machine(),
        "started": started.isoformat(timespec="seconds"), "wall_s": round(time.perf_counter() - t0, 1),
        "stats": [asdict(s) for s in stats], "fixed_order": fixed, "over_orders": over, "top_shares": shares,
        "results": [asdict(g) for g in games],
    }
    if args.rerate is not None:  # the games were played by the earlier command, on its machine
        result["rerated_from"] = {k: args.earlier.get(k) for k in ("command", "machine", "started", "wall_s")}
    (args.out / "round_robin.json").write_text(json.dumps(result, indent=1))
    plot(stats, args.out / "round_robin.png")
    print(f"wrote {args.out / 'round_robin.json'} and {args.out / 'round_robin.png'}")
    return result


if __name__ == "__main__":
    main()
