"""Strength of a bot at every table size: its win rate against tables of each baseline, on held-out seeds.

    python benchmarks/strength.py [--bot ppo] [--baselines heuristic heuristic-strong] [--players 2 3 4 5 6 7 8]
                                  [--games 1000] [--seed 910000] [--workers 2] [--out DIR]

Each row is `citadels eval BOT BASELINE --players N`: the bot in one seat, the baseline in all the others, seats
rotated game by game, game k dealt with seed `seed + k` (seeds from 910000 up were never used by training). The
table gives the win rate with its 95 % Wilson interval, parity (1/N), the ratio to parity and the target of issue 12
(the lower end of the interval must reach it). Writes `strength.json` and `strength.png` (win rate against table
size, one line per baseline, with the intervals, parity and the targets) into `--out`: by default
docs/results/strength_BOT, BOT the id with an alias resolved (`ppo` -> `strength_ppo-v7` while `ppo` names version 7:
`training.config.filed_as`), so that a figure stays with the network it measured when `ppo` moves on and measuring a
candidate never overwrites the shipped bot's.

    python benchmarks/strength.py --held-out [--bot ppo] [--table ID [ID ...] ...] [--players 4] [--games 200]
                                  [--table-games N ...] [--seed 910000] [--workers 2] [--out docs/results/strength]

`--held-out` measures the bot against tables of opponents no shipped bot trained against, or mostly so
(docs/TRAINING.md, "Who each shipped bot trained against"): by default three `ismcts:iters=100`, three `ismcts` (300
iterations), and three mixed tables, one seat each of `ismcts:iters=100`, `heuristic-strong` and `ppo-v3`, the same
with `heuristic-strong` replaced by `ppo-4p`, and the same again with `ppo-v3` replaced by `ppo-4p-v1` (the only
default mixed table with no training opponent, since version 7 trained against `ppo-v3`). Each row counts its
held-out seats and the tables mark the others (T). Each `--table` lists the ids that fill the other seats in turn
(`citadels eval BOT ID ...`); a table whose ids outnumber the other seats is skipped at that size. The bot's seat
rotates game by game as in every row, parity is 1/N, and each row gives its wall time and the milliseconds per
decision of the bot and of its opponents. Default 4 players and 200 games a row; `--table-games` gives each table its
own count (fewer where search is slow). Writes `held_out-BOT.json` and `held_out-BOT.png` into `--out` (default
docs/results/strength), BOT named as above.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tqdm import tqdm

from agents.evaluate import evaluate, resolve_lineup, single_threaded
from agents.policy import ALIASES
from training.config import filed_as

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


#: The tables of `--held-out`: the ids filling the other seats in turn.
HELD_OUT_TABLES: tuple[tuple[str, ...], ...] = (
    ("ismcts:iters=100",),
    ("ismcts",),
    ("ismcts:iters=100", "heuristic-strong", "ppo-v3"),
    ("ismcts:iters=100", "ppo-4p", "ppo-v3"),
    ("ismcts:iters=100", "ppo-4p", "ppo-4p-v1"),
)
#: The agents that sat at some shipped bot's training table (docs/TRAINING.md, "Who each shipped bot trained
#: against"): the rule bots of the opponent pools (`random` in ppo-v1's only), the networks that played themselves
#: there as "self", snapshots or DAgger student (ppo-v1, ppo-v2, dagger), and the fixed network opponents of version
#: 7's chain (ppo-v3 to ppo-v6 and ppo-4p-soup sampling or greedy, ppo-candidate, ppo-expert); and, as a superset of
#: every config's opponents, ppo-v7 (configs/expert_v7_4p.yaml's tables, whose fits are not shipped). Every other id,
#: `ismcts` in any configuration, `ppo-4p` and `ppo-4p-v1` included, is held out.
TRAINING_OPPONENTS = frozenset({"random", "heuristic", "heuristic-strong", "ppo-v1", "ppo-v2", "dagger", "ppo-v3",
                                "ppo-v4", "ppo-v5", "ppo-v6", "ppo-4p-soup", "ppo-candidate", "ppo-expert", "ppo-v7"})


def stands_for(agent_id: str) -> str | None:
    """The shipped id an alias names (`ppo` -> `ALIASES["ppo"]`, with or without options), None for any other id
    (an alias inside another bot's options, as in `ppo+ismcts:net=ppo`, is not followed): recorded in the JSON."""
    return ALIASES.get(agent_id.partition(":")[0])


def trained_against(agent_id: str) -> bool:
    """Whether some shipped bot trained against `agent_id` (its options do not matter; a checkpoint path: no)."""
    return agent_id.partition(":")[0] in TRAINING_OPPONENTS


@dataclass
class HeldOutRow:
    """One row of `--held-out`: the bot in one seat against `table`'s ids at `players`."""

    table: list[str]  # the ids filling the other seats in turn
    opponents: list[str]  # the other seats, lineup entries 1..N-1
    held_out_seats: int  # how many of them no shipped bot trained against
    players: int
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    parity: float
    seat_games: list[int]  # the bot's games at each seat: equal when the seats rotated fully
    bot_ms: float  # the bot's milliseconds per decision
    opponents_ms: float  # the other seats' milliseconds per decision
    seconds: float


def measure_held_out(bot: str, table: tuple[str, ...] | list[str], players: int, games: int, seed: int,
                     workers: int) -> HeldOutRow | None:
    """The bot in one seat, `table`'s ids in the others in turn (`evaluate([bot, *table])`); None when `table` has
    more ids than the other seats."""
    if len(table) > players - 1:
        return None
    start = time.perf_counter()
    games = -(-games // players) * players
    lineup = [str(x) for x in resolve_lineup([bot, *table], players)]
    report = evaluate([bot, *table], games=games, players=players, seed=seed, workers=workers, progress=False)
    s, others = report.entries[0], report.entries[1:]
    decisions = sum(o.decisions for o in others)
    return HeldOutRow(list(table), lineup[1:], sum(not trained_against(o) for o in lineup[1:]), players, s.games,
                      s.wins, s.win_rate, s.ci_low, s.ci_high, 1 / players, list(s.seat_games),
                      round(s.ms_per_decision, 3),
                      round(1000 * sum(o.think_s for o in others) / decisions if decisions else 0.0, 3),
                      round(time.perf_counter() - start, 1))


def table_label(ids: list[str]) -> str:
    """The ids in backticks joined by " + ", each training opponent marked (T)."""
    return " + ".join(f"`{x}`" + (" (T)" if trained_against(x) else "") for x in ids)


def held_out_table(bot: str, rows: list[HeldOutRow]) -> str:
    lines = [f"| players | {bot} vs (other seats in turn) | held-out seats | win rate [95 % interval] | parity | "
             "× parity | ms/decision bot / others | seconds |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r.players} | {table_label(r.table)} | {r.held_out_seats} of {r.players - 1} | "
                     f"{r.win_rate:.1%} [{r.ci_low:.1%}, {r.ci_high:.1%}] ({r.games} games) | {r.parity:.1%} | "
                     f"{r.win_rate / r.parity:.2f} | {r.bot_ms:.1f} / {r.opponents_ms:.1f} | {r.seconds:.0f} |")
    lines += ["", "(T): an opponent some shipped bot trained against; every other opponent is held out."]
    return "\n".join(lines)


def plot_held_out(bot: str, rows: list[HeldOutRow], path: Path) -> Path:
    """Bars: the bot's win rate at each table (grouped by players), 95 % intervals, parity dashed per bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tables = list(dict.fromkeys(" + ".join(r.table) for r in rows))
    sizes = sorted({r.players for r in rows})
    width = 0.8 / len(sizes)
    fig, ax = plt.subplots(figsize=(max(6.0, 2.0 * len(tables) + 1), 4.5))
    for j, n in enumerate(sizes):
        mine = [r for r in rows if r.players == n]
        xs = [tables.index(" + ".join(r.table)) + (j - (len(sizes) - 1) / 2) * width for r in mine]
        err = [[max(0.0, r.win_rate - r.ci_low) for r in mine], [max(0.0, r.ci_high - r.win_rate) for r in mine]]
        ax.bar(xs, [r.win_rate for r in mine], width * 0.9, yerr=err, capsize=3, label=f"{n} players")
        ax.hlines([r.parity for r in mine], [x - width / 2 for x in xs], [x + width / 2 for x in xs], colors="k",
                  linestyles="--", linewidth=1)
    ticks = ["\n+ ".join(x + (" (T)" if trained_against(x) else "") for x in t.split(" + ")) for t in tables]
    ax.set_xticks(range(len(tables)), ticks, fontsize=7)
    ax.set_ylabel(f"win rate of {bot}")
    ax.set_title(f"{bot}: one seat against held-out tables (95 % intervals; dashes: parity 1/players)", fontsize=9)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def held_out(bot: str, tables: list[tuple[str, ...]], players: list[int], games: list[int], seed: int, workers: int,
             out: Path) -> list[HeldOutRow]:
    """Every table at every size, `games[i]` games a row for table i (skipping the sizes too small for a table, with a
    note); writes the JSON and PNG."""
    single_threaded()  # `--workers 1` plays here one decision at a time: threads only spin against other jobs
    rows = []
    jobs = [(t, n, g) for t, g in zip(tables, games) for n in players]
    for t, n, g in tqdm(jobs, desc="held out", unit="row", file=sys.stderr):
        row = measure_held_out(bot, t, n, g, seed, workers)
        if row is None:
            print(f"skipped: {len(t)} ids ({' + '.join(t)}) do not fit the {n - 1} other seats at {n} players",
                  file=sys.stderr)
        else:
            rows.append(row)
    out.mkdir(parents=True, exist_ok=True)
    stem = "held_out-" + filed_as(bot)
    (out / f"{stem}.json").write_text(json.dumps(
        {"bot": bot, "stands_for": stands_for(bot), "games": games, "seed": seed, "players": players,
         "tables": [list(t) for t in tables],
         "rows": [asdict(r) for r in rows]}, indent=1))
    if rows:
        plot_held_out(bot, rows, out / f"{stem}.png")
    print(held_out_table(bot, rows))
    print(f"wrote {out / (stem + '.json')}" + (f" and {out / (stem + '.png')}" if rows else ""))
    return rows


def default_out(bot: str, held_out: bool) -> Path:
    """docs/results/strength for `--held-out` (its files carry the bot's name), else docs/results/strength_BOT, the
    id with an alias resolved made a folder name: no run overwrites another bot's or another version's table."""
    if held_out:
        return Path("docs/results/strength")
    return Path("docs/results") / ("strength_" + filed_as(bot))


def main(argv: list[str] | None = None) -> list[Row] | list[HeldOutRow]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="ppo", help="agent id or checkpoint path (default: the shipped ppo, greedy); a checkpoint path "
                        "samples its moves unless written PATH:greedy=true")
    parser.add_argument("--baselines", nargs="+", default=["heuristic", "heuristic-strong"])
    parser.add_argument("--players", nargs="+", type=int, default=None,
                        help="table sizes (default 2 to 8; with --held-out, 4)")
    parser.add_argument("--games", type=int, default=None, help="games per row, rounded up to a multiple of the size "
                        "(default 1000; with --held-out, 200)")
    parser.add_argument("--seed", type=int, default=910_000, help="first seed (held out from training)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="where the files go (default: docs/results/strength "
                        "with --held-out, whose files are named by the bot; else docs/results/strength_BOT, an alias "
                        "resolved)")
    parser.add_argument("--held-out", action="store_true", help="against opponents no shipped bot trained against "
                        "(module docstring) instead of the baselines")
    parser.add_argument("--table", nargs="+", action="append", metavar="ID", help="with --held-out: one table, the "
                        "ids filling the other seats in turn (repeat for several; default: the five held-out tables)")
    parser.add_argument("--table-games", nargs="+", type=int, metavar="N", help="with --held-out: games a row for "
                        "each table in order, instead of --games (fewer where search is slow)")
    args = parser.parse_args(argv)
    if (args.table or args.table_games) and not args.held_out:
        parser.error("--table and --table-games go with --held-out")
    if args.players is None:
        args.players = [4] if args.held_out else list(range(2, 9))
    if args.games is None:
        args.games = 200 if args.held_out else 1000
    if args.games < 1 or any(not 2 <= n <= 8 for n in args.players):
        parser.error("--games must be positive and --players between 2 and 8")
    if args.out is None:
        args.out = default_out(args.bot, args.held_out)
    if args.held_out:
        tables = [tuple(t) for t in args.table] if args.table else list(HELD_OUT_TABLES)
        games = args.table_games or [args.games] * len(tables)
        if len(games) != len(tables) or min(games) < 1:
            parser.error(f"--table-games: one positive count for each of the {len(tables)} tables")
        return held_out(args.bot, tables, args.players, games, args.seed, args.workers, args.out)
    rows = []
    jobs = [(b, n) for b in args.baselines for n in args.players]
    for baseline, n in tqdm(jobs, desc="strength", unit="row", file=sys.stderr):
        rows.append(measure(args.bot, baseline, n, args.games, args.seed, args.workers))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "strength.json").write_text(json.dumps(
        {"bot": args.bot, "stands_for": stands_for(args.bot), "games": args.games, "seed": args.seed,
         "rows": [asdict(r) for r in rows]}, indent=1))
    plot(args.bot, rows, args.out / "strength.png")
    print(table(args.bot, rows))
    print(f"wrote {args.out / 'strength.json'} and {args.out / 'strength.png'}")
    return rows


if __name__ == "__main__":
    main()
