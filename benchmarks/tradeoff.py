"""Several bots on two tables at once: a scatter of their win rates against one opponent (x) and another (y).

    python benchmarks/tradeoff.py --point LABEL X.json[,X2.json] Y.json[,Y2.json] [--point ...]
        [--x-target 0.45] [--y-target 0.375] [--entry 0] [--out DIR]

Each `--point` is one bot: its `citadels eval ... --out DIR` results (DIR/results.json) at the x table and at the y
table, several files of one table joined with commas (a 1,000-game set played as 400 and 600). Every point of an
axis is counted on the same deals: the deals (seeds) that all points played at that table, so a bot that played more
deals is not read on other ones; the files must seat the compared bot (lineup entry `--entry`) against the same
opponents on the same config, as benchmarks/paired.py requires. Prints a table (win rate, 95 % Wilson interval and
deals per axis) and writes `tradeoff.png` (each point with both intervals, the targets as dashed lines) and
`tradeoff.json` into `--out`.

Why: issue 24's networks trade the rule-bot rows against the search row (docs/TRAINING.md); a table of pairs of
figures hides the shape of that trade, which one picture shows.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling script paired.py, run as a file

from paired import Side, load_side

from agents.eval_report import wilson_interval
from training.config import OneLineParser


def _files(arg: str) -> list[Path]:
    return [Path(p) for p in arg.split(",") if p]


def axis(sides: list[Side], entry: int) -> tuple[list[int], int, str]:
    """Each side's wins over the deals all sides played, their number, and the opponents (ValueError if they
    differ)."""
    first = sides[0]
    others = first.lineup[:entry] + first.lineup[entry + 1:]
    for side in sides[1:]:
        if side.lineup[:entry] + side.lineup[entry + 1:] != others or side.config != first.config:
            raise ValueError(f"{side.files[0]}: other opponents or another game config than {first.files[0]}")
    common = set(first.won)
    for side in sides[1:]:
        common &= set(side.won)
    if not common:
        raise ValueError(f"the files of one axis share no deal (seed): {', '.join(s.files[0] for s in sides)}")
    for seed in common:
        if len({side.seat[seed] for side in sides}) > 1:
            raise ValueError(f"the deal of seed {seed} seats the bots in different seats: not the same tables")
    wins = [sum(side.won[s] for s in common) for side in sides]
    named = f"{len(others)} × {others[0]}" if len(set(others)) == 1 else ", ".join(others)
    return wins, len(common), named


def measure(points: list[tuple[str, list[Path], list[Path]]], entry: int) -> dict[str, Any]:
    """The figures of every point on both axes (module docstring)."""
    result: dict[str, Any] = {"points": [{"label": label} for label, _, _ in points]}
    for name, index in (("x", 1), ("y", 2)):
        sides = [load_side(p[index], entry) for p in points]
        wins, n, others = axis(sides, entry)
        result[f"{name}_others"] = others
        result[f"{name}_deals"] = n
        for point, side, w in zip(result["points"], sides, wins, strict=True):
            low, high = wilson_interval(w, n)
            point[name] = {"bot": side.lineup[entry], "wins": w, "games": n, "rate": w / n, "low": low, "high": high,
                           "files": list(side.files)}
    return result


def report(r: dict[str, Any]) -> str:
    lines = [f"x: against {r['x_others']} ({r['x_deals']} deals); y: against {r['y_others']} ({r['y_deals']} deals)",
             "| bot | x: win rate [95 %] | y: win rate [95 %] |", "|---|---|---|"]
    for p in r["points"]:
        x, y = p["x"], p["y"]
        lines.append(f"| {p['label']} | {x['rate']:.1%} [{x['low']:.1%}, {x['high']:.1%}] "
                     f"| {y['rate']:.1%} [{y['low']:.1%}, {y['high']:.1%}] |")
    return "\n".join(lines)


def plot(r: dict[str, Any], path: Path, x_target: float | None, y_target: float | None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 6))
    for p in r["points"]:
        x, y = p["x"], p["y"]
        ax.errorbar(100 * x["rate"], 100 * y["rate"],
                    xerr=[[100 * (x["rate"] - x["low"])], [100 * (x["high"] - x["rate"])]],
                    yerr=[[100 * (y["rate"] - y["low"])], [100 * (y["high"] - y["rate"])]],
                    fmt="o", capsize=3, alpha=0.8)
        ax.annotate(p["label"], (100 * x["rate"], 100 * y["rate"]), textcoords="offset points", xytext=(6, 4),
                    fontsize=8)
    if x_target is not None:
        ax.axvline(100 * x_target, ls="--", color="grey", lw=1)
    if y_target is not None:
        ax.axhline(100 * y_target, ls="--", color="grey", lw=1)
    ax.set_xlabel(f"win rate against {r['x_others']} (%, {r['x_deals']} deals)")
    ax.set_ylabel(f"win rate against {r['y_others']} (%, {r['y_deals']} deals)")
    ax.set_title("one seat, 95 % Wilson intervals; dashed: the targets given")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = OneLineParser(prog="tradeoff.py", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--point", nargs=3, action="append", required=True, metavar=("LABEL", "X", "Y"),
                        help="a bot's label and its results files at the x and y tables (commas join files)")
    parser.add_argument("--x-target", type=float, help="a target win rate on x (a dashed line), 0 to 1")
    parser.add_argument("--y-target", type=float, help="a target win rate on y (a dashed line), 0 to 1")
    parser.add_argument("--entry", type=int, default=0, help="the lineup entry plotted (default 0)")
    parser.add_argument("--out", type=Path, help="write tradeoff.png and tradeoff.json into this folder")
    args = parser.parse_args(argv)
    points = [(label, _files(x), _files(y)) for label, x, y in args.point]
    for _, xs, ys in points:
        for path in (*xs, *ys):
            if not path.is_file():
                parser.error(f"{'not a file' if path.exists() else 'no such file'}: {path}")
    for name, target in (("--x-target", args.x_target), ("--y-target", args.y_target)):
        if target is not None and not 0.0 <= target <= 1.0:
            parser.error(f"{name} must be a win rate from 0 to 1, got {target}")
    try:
        result = measure(points, args.entry)
    except (ValueError, KeyError, TypeError) as exc:
        msg = str(exc) if isinstance(exc, ValueError) else f"not a results file of `citadels eval` ({exc!r})"
        parser.exit(1, f"tradeoff.py: error: {msg}\n")
    print(report(result))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "tradeoff.json").write_text(json.dumps(result, indent=2))
        plot(result, args.out / "tradeoff.png", args.x_target, args.y_target)
        print(f"wrote {args.out / 'tradeoff.json'} and {args.out / 'tradeoff.png'}")
    return result


if __name__ == "__main__":
    main()
