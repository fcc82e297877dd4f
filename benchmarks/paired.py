"""Two bots on the same deals: the difference of their win rates, game by game.

    python benchmarks/paired.py --a A/results.json [MORE.json ...] --b B/results.json [MORE.json ...]
        [--entry 0] [--out FILE]

Each side is one or more `citadels eval ... --out DIR` results (DIR/results.json; several files join, for example a
1,000-game set played as 400 and 600). The compared bot is lineup entry `--entry` (default 0, the bot named first);
the other entries must be the same agents on both sides. Games pair by their seed, and a pair must seat the compared
bot in the same seat; only the deals both sides played are compared, and the report says how many each side had.

Why: one network's interval over 400 games is about ±4.8 points and over 1,000 about ±3, so two separate intervals
cannot show a 2- or 3-point difference. On the same deals and seats the luck of the deal is shared, and the interval
of the per-game difference is narrower (tests/test_paired_benchmark.py). Choosing between candidates by separate
figures on different deals is also how a lucky deal set passes for a better network; this refuses files that did
not play the same tables.

Prints: the deals compared, each side's wins and win rate, how many deals only A won and only B won, the difference
B - A with its 95 % interval (normal, from the per-game differences), and the exact two-sided sign-test p-value on
the deals exactly one side won (McNemar's test).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.eval_report import EvalReport, read_results
from training.config import OneLineParser, write_json


@dataclass(frozen=True)
class Side:
    """One side's games: for each deal seed, the compared bot's seat and whether it won."""

    files: tuple[str, ...]
    lineup: tuple[str, ...]
    config: str  # the game config, as JSON, so that two sides compare exactly
    seat: dict[int, int]
    won: dict[int, bool]


def load_side(paths: list[Path], entry: int) -> Side:
    """Join `citadels eval` results files into one side; ValueError names the file and what was wrong."""
    lineup: tuple[str, ...] | None = None
    config = ""
    seat: dict[int, int] = {}
    won: dict[int, bool] = {}
    for path in paths:
        report = EvalReport.from_dict(read_results(path))
        these = tuple(report.lineup)
        if not 0 <= entry < len(these):
            raise ValueError(f"{path}: --entry {entry} is not in its lineup of {len(these)}")
        this_config = json.dumps(report.config, sort_keys=True)
        if lineup is None:
            lineup, config = these, this_config
        elif these != lineup or this_config != config:
            raise ValueError(f"{path}: another lineup or game config than {paths[0]}, so not one side")
        for game in report.results:
            if game.seed in seat:
                raise ValueError(f"{path}: the deal of seed {game.seed} is in this side twice")
            seat[game.seed] = game.seats.index(entry)
            won[game.seed] = game.winner == seat[game.seed]
    assert lineup is not None
    return Side(tuple(str(p) for p in paths), lineup, config, seat, won)


def compare(a: Side, b: Side, entry: int) -> dict[str, Any]:
    """The paired figures of B against A over the deals both played (module docstring)."""
    others_a = a.lineup[:entry] + a.lineup[entry + 1:]
    others_b = b.lineup[:entry] + b.lineup[entry + 1:]
    if others_a != others_b:
        raise ValueError(f"the other seats differ: {list(others_a)} against {list(others_b)}")
    if a.config != b.config:
        raise ValueError("the two sides played different game configs")
    common = sorted(set(a.won) & set(b.won))
    if not common:
        raise ValueError("the two sides share no deal (seed)")
    moved = [s for s in common if a.seat[s] != b.seat[s]]
    if moved:
        raise ValueError(f"the deal of seed {moved[0]} seats the bot at {a.seat[moved[0]]} on one side and "
                         f"{b.seat[moved[0]]} on the other: not the same tables")
    n = len(common)
    diffs = [int(b.won[s]) - int(a.won[s]) for s in common]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    only_a, only_b = diffs.count(-1), diffs.count(1)
    return {"a": a.lineup[entry], "b": b.lineup[entry], "others": list(others_a), "deals": n,
            "deals_a": len(a.won), "deals_b": len(b.won),
            "wins_a": sum(a.won[s] for s in common), "wins_b": sum(b.won[s] for s in common),
            "only_a": only_a, "only_b": only_b, "diff": mean, "diff_low": mean - half, "diff_high": mean + half,
            "p_value": sign_test(only_a, only_b), "files_a": list(a.files), "files_b": list(b.files)}


def sign_test(k: int, m: int) -> float:
    """Exact two-sided binomial p-value of k against m successes at even odds (1.0 when both are 0)."""
    n = k + m
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(k, m) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def report(r: dict[str, Any]) -> str:
    n = r["deals"]
    return "\n".join([
        f"{n} deals both played (A had {r['deals_a']}, B {r['deals_b']}); other seats: {', '.join(r['others'])}",
        f"A {r['a']}: {r['wins_a']} wins, {r['wins_a'] / n:.1%}",
        f"B {r['b']}: {r['wins_b']} wins, {r['wins_b'] / n:.1%}",
        f"won by A only: {r['only_a']}, by B only: {r['only_b']}",
        f"B - A: {r['diff']:+.1%} [{r['diff_low']:+.1%}, {r['diff_high']:+.1%}] (95 %), "
        f"sign test p = {r['p_value']:.3f}",
    ])


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = OneLineParser(prog="paired.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", nargs="+", type=Path, required=True, metavar="FILE", help="side A's results files")
    parser.add_argument("--b", nargs="+", type=Path, required=True, metavar="FILE", help="side B's results files")
    parser.add_argument("--entry", type=int, default=0, help="the lineup entry compared (default 0)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    for path in (*args.a, *args.b):
        if not path.is_file():
            parser.error(f"{'not a file' if path.exists() else 'no such file'}: {path}")
    try:
        result = compare(load_side(args.a, args.entry), load_side(args.b, args.entry), args.entry)
    except (ValueError, KeyError, TypeError) as exc:
        msg = str(exc) if isinstance(exc, ValueError) else f"not a results file of `citadels eval` ({exc!r})"
        print(f"paired.py: error: {msg}", file=sys.stderr)
        raise SystemExit(1) from None
    print(report(result))
    write_json(args.out, result)
    return result


if __name__ == "__main__":
    main()
