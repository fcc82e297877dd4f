"""The results of an evaluation (`agents.evaluate`): each game's outcome, the statistics per agent and per lineup
entry (win rates with 95 % Wilson intervals, mean scores and ranks, OpenSkill ratings, per-seat counts, time per
decision), and the report that prints them as a table, saves them as JSON and plots them as PNG.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

from citadels_env.core import GameConfig
from citadels_env.core.record import config_from_dict

FORMAT = "citadels-eval/1"


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion wins/n (z = 1.96: 95 %); (0, 1) when n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # The interval always holds p; rounding can put an end a hair past it when p is 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def read_results(path: str | Path) -> dict:
    """A `citadels eval --out` results file as plain data; ValueError names the file and what was wrong."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not a readable JSON file ({exc.__class__.__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a `citadels eval --out` results file (format {FORMAT})")
    return data


@dataclass
class GameOutcome:
    """One game: `seats[s]` is the lineup entry at seat s; scores, decisions, thinking time are per seat."""

    index: int
    seed: int
    seats: list[int]
    scores: list[int]
    ranking: list[int]  # seats, winner first
    decisions: list[int]
    think_s: list[float]

    @property
    def winner(self) -> int:
        return self.ranking[0]

    def rank_of(self, seat: int) -> int:
        """1 for the winner."""
        return self.ranking.index(seat) + 1


# -- the report ---------------------------------------------------------------------------------------------
@dataclass
class Stats:
    """Results of one lineup entry, or of one agent id over all its entries (counted in seat-games)."""

    name: str
    games: int = 0
    wins: int = 0
    win_rate: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 1.0
    mean_score: float = 0.0
    mean_rank: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    decisions: int = 0
    think_s: float = 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.think_s / self.decisions if self.decisions else 0.0


@dataclass
class EvalReport:
    """What `evaluate` returns: the lineup and settings, `agents` (per distinct id) and `entries` (per lineup
    entry) statistics, every game's outcome in `results`, the wall time. `table()`, `to_json()` / `save()`,
    `load()`, `plot()`."""

    lineup: list[str]  # agent id per lineup entry
    players: int
    games: int
    seed: int
    config: dict
    workers: int
    wall_s: float
    entries: list[Stats]
    agents: list[Stats]  # one per distinct id, in order of first appearance in the lineup
    results: list[GameOutcome] = field(repr=False, default_factory=list)

    @property
    def parity(self) -> float:
        """The win rate of an agent no better than the others: 1/players."""
        return 1 / self.players

    @property
    def games_per_s(self) -> float:
        return self.games / max(self.wall_s, 1e-9)

    def versus_parity(self, s: Stats) -> str:
        """"above" or "below" parity when the whole 95 % interval is, else "tie" (the games cannot tell)."""
        return "above" if s.ci_low > self.parity else "below" if s.ci_high < self.parity else "tie"

    def agent(self, name: str) -> Stats:
        for s in self.agents:
            if s.name == name:
                return s
        raise KeyError(name)

    # -- text --------------------------------------------------------------------------------------------
    def table(self, markdown: bool = False) -> str:
        """Per agent: games, wins, win rate [95 % interval], mean score, mean rank, OpenSkill
        mu/sigma/ordinal, milliseconds per decision; per lineup entry too when an id has several; the win rate
        by seat."""

        def rows(stats: list[Stats]) -> list[list[str]]:
            return [[s.name, str(s.games), str(s.wins), f"{s.win_rate:.1%}",
                     f"{s.ci_low:.1%}-{s.ci_high:.1%}", self.versus_parity(s), f"{s.mean_score:.2f}",
                     f"{s.mean_rank:.2f}", f"{s.mu:.2f}", f"{s.sigma:.2f}", f"{s.ordinal:.2f}",
                     f"{s.ms_per_decision:.3f}"]
                    for s in stats]

        header = ["agent", "games", "wins", "win rate", "95% CI", "vs parity", "score", "rank", "mu", "sigma",
                  "ordinal", "ms/dec"]
        cfg = self.config
        parts = [f"{self.games} games, {self.players} players, preset {cfg.get('preset') or 'first_game'}, "
                 f"seeds {self.seed}..{self.seed + self.games - 1}; {self.wall_s:.1f} s "
                 f"({self.games_per_s:.1f} games/s, {self.workers} worker(s)); "
                 f"parity win rate {self.parity:.1%}", "",
                 _format_table(header, rows(self.agents), markdown)]
        if len(self.entries) != len(self.agents):
            entry_rows = rows(self.entries)
            for i, r in enumerate(entry_rows):
                r[0] = f"#{i} {r[0]}"
            parts += ["", "Per lineup entry (ratings are per agent):",
                      _format_table(["entry"] + header[1:], entry_rows, markdown)]
        seat_rows = [[s.name] + [f"{w / g:.1%}" if g else "-" for w, g in zip(s.seat_wins, s.seat_games)]
                     for s in self.agents]
        crown = self.config.get("crown_seat")
        note = f" (P{crown} holds the crown in round 1)" if crown is not None else ""
        parts += ["", f"Win rate by seat{note}:",
                  _format_table(["agent"] + [f"P{i}" for i in range(self.players)], seat_rows, markdown)]
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.table()

    # -- files -------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": FORMAT, "lineup": self.lineup, "players": self.players, "games": self.games,
                "seed": self.seed, "config": self.config, "workers": self.workers, "wall_s": self.wall_s,
                "games_per_s": self.games_per_s, "parity": self.parity,
                "agents": [asdict(s) for s in self.agents], "entries": [asdict(s) for s in self.entries],
                "results": [asdict(r) for r in self.results]}

    @classmethod
    def from_dict(cls, d: dict) -> EvalReport:
        if d.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} report: format={d.get('format')!r}")
        return cls(lineup=list(d["lineup"]), players=d["players"], games=d["games"], seed=d["seed"],
                   config=d["config"], workers=d["workers"], wall_s=d["wall_s"],
                   entries=[Stats(**s) for s in d["entries"]], agents=[Stats(**s) for s in d["agents"]],
                   results=[GameOutcome(**r) for r in d.get("results", [])])

    def to_json(self, path: str | Path) -> Path:
        """Write the report (with every game's outcome) as JSON; returns the path."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=1))
        return path

    save = to_json

    @classmethod
    def load(cls, path: str | Path) -> EvalReport:
        return cls.from_dict(read_results(path))

    def game_config(self) -> GameConfig:
        return config_from_dict(self.config)

    def plot(self, path: str | Path) -> Path:
        """A PNG bar chart of the win rates per agent with their 95 % intervals; the parity rate dashed."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        names = [s.name for s in self.agents]
        rates = [s.win_rate for s in self.agents]
        errors = [[s.win_rate - s.ci_low for s in self.agents], [s.ci_high - s.win_rate for s in self.agents]]
        fig, ax = plt.subplots(figsize=(max(4.0, 1.4 * len(names) + 2), 4))
        xs = range(len(names))
        ax.bar(xs, rates, yerr=errors, capsize=6, color="tab:blue", alpha=0.8)
        ax.axhline(self.parity, color="black", linestyle="--", linewidth=1, label=f"parity 1/{self.players}")
        for x, s in zip(xs, self.agents):
            ax.annotate(f"{s.win_rate:.1%}", (x, s.ci_high), textcoords="offset points", xytext=(0, 4),
                        ha="center", fontsize=9)
        ax.set_xticks(list(xs), [f"{n}\n({s.games} seat-games)" for n, s in zip(names, self.agents)],
                      fontsize=8)
        ax.set_ylabel("win rate (95% Wilson interval)")
        top = max([s.ci_high for s in self.agents] + [self.parity])
        ax.set_ylim(0, min(1.12, top * 1.15 + 0.03))
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
        ax.set_yticks([t for t in ax.get_yticks() if 0 <= t <= 1.0])
        ax.set_title(f"{self.games} games, {self.players} players, seats rotated")
        ax.legend(loc="upper right", fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
        return path


def _format_table(header: list[str], rows: list[list[str]], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:"
                                                                    for i in range(len(header))) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    fmt = [lambda c, w: c.ljust(w)] + [lambda c, w: c.rjust(w)] * (len(header) - 1)
    return "\n".join("  ".join(f(c, w) for f, c, w in zip(fmt, r, widths)) for r in [header, *rows])


def summarise(lineup: list[str], players: int,
               results: list[GameOutcome]) -> tuple[list[Stats], list[Stats]]:
    from openskill.models import PlackettLuce

    names = list(dict.fromkeys(lineup))
    entries = [Stats(name, seat_games=[0] * players, seat_wins=[0] * players) for name in lineup]
    agents = {name: Stats(name, seat_games=[0] * players, seat_wins=[0] * players) for name in names}
    sums = {id(s): [0.0, 0.0] for s in [*entries, *agents.values()]}  # score, rank
    model = PlackettLuce()
    ratings = {name: (model.mu, model.sigma) for name in names}
    for g in results:
        for seat, e in enumerate(g.seats):
            rank = g.rank_of(seat)
            for s in (entries[e], agents[lineup[e]]):
                s.games += 1
                s.wins += rank == 1
                s.seat_games[seat] += 1
                s.seat_wins[seat] += rank == 1
                s.decisions += g.decisions[seat]
                s.think_s += g.think_s[seat]
                sums[id(s)][0] += g.scores[seat]
                sums[id(s)][1] += rank
        # each seat is a copy of its agent's rating; copies of one agent are averaged afterwards
        teams = [[model.rating(*ratings[lineup[e]], name=lineup[e])] for e in g.seats]
        new = model.rate(teams, ranks=[g.rank_of(seat) for seat in range(players)])
        acc: dict[str, list[float]] = {}
        for seat, e in enumerate(g.seats):
            a = acc.setdefault(lineup[e], [0.0, 0.0, 0])
            a[0] += new[seat][0].mu
            a[1] += new[seat][0].sigma
            a[2] += 1
        for name, (mu, sigma, n) in acc.items():
            ratings[name] = (mu / n, sigma / n)
    for s in [*entries, *agents.values()]:
        if s.games:
            s.win_rate = s.wins / s.games
            s.mean_score = sums[id(s)][0] / s.games
            s.mean_rank = sums[id(s)][1] / s.games
        s.ci_low, s.ci_high = wilson_interval(s.wins, s.games)
        mu, sigma = ratings[s.name]
        s.mu, s.sigma, s.ordinal = mu, sigma, mu - 3 * sigma
        s.think_s = round(s.think_s, 6)
    return entries, list(agents.values())
