"""Search bots against their opponents' think time: win rate (y) against the ratio of think times (x), one point each.

    python benchmarks/think_frontier.py --point LABEL A.json[,A2.json] [--point ...] [--entry 0]
        [--target 0.5] [--out docs/results/think_frontier] [--title TEXT]

Each `--point` is one configuration: its `citadels eval ... --out DIR` results (DIR/results.json; several files of
one configuration joined with commas, such as 400 deals played as two runs of 200). For lineup entry `--entry` it
counts wins over all the games, and the ratio of its mean think time per decision to the other entries' mean in the
same games (both read from the files' `think_s` and `decisions`: measured inside the same games, so a busy machine
slows both sides alike). Prints a table (wins, win rate with its 95 % Wilson interval, ms per decision on each side,
the ratio) and writes `think_frontier.png` (each point with its interval; the think-time bar at x = 1 and the
`--target` win rate as dashed lines) and `think_frontier.json` into `--out`.

Why: issue 24's item 6 is a bar on two axes at once (at least 50 % against three `ismcts`, at no more than their
think time); its configurations trade one axis against the other, which a list of pairs of figures hides.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from agents.eval_report import read_results, wilson_interval


def load_point(label: str, paths: list[Path], entry: int) -> dict:
    """The entry's wins and both sides' think times over `paths`; ValueError names the file and what was wrong."""
    lineup = None
    wins = games = 0
    own_s = own_n = other_s = other_n = 0.0
    for path in paths:
        data = read_results(path)
        entries = data["entries"]
        if not 0 <= entry < len(entries):
            raise ValueError(f"{path}: --entry {entry} is not in its lineup of {len(entries)}")
        if lineup is None:
            lineup = data["lineup"]
        elif data["lineup"] != lineup:
            raise ValueError(f"{path}: another lineup than {paths[0]}, so not one configuration")
        me = entries[entry]
        wins += me["wins"]
        games += me["games"]
        own_s, own_n = own_s + me["think_s"], own_n + me["decisions"]
        for k, other in enumerate(entries):
            if k != entry:
                other_s, other_n = other_s + other["think_s"], other_n + other["decisions"]
    if not own_n or not other_n:
        raise ValueError(f"{paths[0]}: no decisions recorded for entry {entry} or for its opponents")
    low, high = wilson_interval(wins, games)
    own_ms, other_ms = 1000 * own_s / own_n, 1000 * other_s / other_n
    return {"label": label, "files": [str(p) for p in paths], "bot": lineup[entry], "games": games, "wins": wins,
            "win_rate": wins / games, "ci_low": low, "ci_high": high, "ms": own_ms, "opponents_ms": other_ms,
            "ratio": own_ms / other_ms}


def plot(points: list[dict], target: float, title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7 if len(points) <= 8 else 11, 4.2))
    markers = "osD^v"  # past the ten colours of the cycle, another marker tells the points apart
    for i, p in enumerate(points):  # a legend, not labels beside the points: configurations at one time overlap
        ax.errorbar([p["ratio"]], [p["win_rate"]], yerr=[[p["win_rate"] - p["ci_low"]], [p["ci_high"] - p["win_rate"]]],
                    fmt=markers[i // 10 % len(markers)], capsize=3, label=f"{p['label']} ({p['games']} games)")
    ax.axvline(1.0, color="grey", linestyle="--", linewidth=1)
    ax.axhline(target, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("mean think time per decision / the opponents' (same games)")
    ax.set_ylabel("win rate, 95 % interval")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    if len(points) <= 8:
        ax.legend(fontsize=8)
    else:  # beside the axes, so that it hides no point
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--point", nargs=2, action="append", metavar=("LABEL", "FILES"), required=True,
                        help="a label and its results files, joined with commas")
    parser.add_argument("--entry", type=int, default=0)
    parser.add_argument("--target", type=float, default=0.5)
    parser.add_argument("--title", default="Search bots against three ismcts")
    parser.add_argument("--out", default="docs/results/think_frontier")
    args = parser.parse_args(argv)
    if not 0.0 <= args.target <= 1.0:
        parser.error(f"--target must be a win rate from 0 to 1, got {args.target}")
    points = []
    for label, files in args.point:
        try:
            points.append(load_point(label, [Path(f) for f in files.split(",")], args.entry))
        except ValueError as exc:
            parser.error(f"--point {label}: {exc}")
    print("| configuration | games | wins | win rate | 95 % interval | ms a decision | opponents' ms | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for p in points:
        print(f"| {p['label']} | {p['games']} | {p['wins']} | {p['win_rate']:.1%} | [{p['ci_low']:.1%}, "
              f"{p['ci_high']:.1%}] | {p['ms']:.1f} | {p['opponents_ms']:.1f} | {p['ratio']:.2f} |")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "think_frontier.json").write_text(json.dumps({"entry": args.entry, "target": args.target,
                                                         "points": points}, indent=1) + "\n")
    plot(points, args.target, args.title, out / "think_frontier.png")
    print(f"wrote {out / 'think_frontier.json'} and {out / 'think_frontier.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
