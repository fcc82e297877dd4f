"""Evaluation: agents, given by id, play many games with the seats rotated; win rates with 95 % Wilson
score intervals, mean scores and ranks, OpenSkill ratings, per-seat counts, time per decision; saved as JSON,
plotted as PNG, printed as a table.

    from agents.evaluate import evaluate
    report = evaluate(["ismcts", "heuristic-strong"], games=400, players=4, workers=0)
    print(report.table())
    report.save("runs/eval/results.json"); report.plot("runs/eval/winrates.png")

The command line is `citadels eval AGENT [AGENT ...] --games N --players P --out DIR`.

**Lineup.** `agent_ids` lists one entry per seat. With fewer ids than `players`, the first id plays
against the others repeated in turn: `["ismcts", "heuristic"]` with 4 players is ismcts, heuristic,
heuristic, heuristic; `["a", "b", "c"]` with 4 players is a, b, c, b; a single id plays against itself.
`players=None` means one seat per id (4 seats for a single id). Entries may also be `Agent` instances (with
workers > 1 they are pickled to the worker processes); the evaluator closes only the agents it made.

**Seats and seeds.** In game k (0-based) entry e sits at seat (e + k) mod players, so over `players`
consecutive games every entry plays every seat once (use a multiple of `players` games: a warning says when
not). Game k is dealt with seed `seed + k`, and each agent is reset with the game's seed (`play_game`), so the
results do not depend on the number of worker processes, provided agents draw their randomness from the seed
given to `reset` (the built-in agents do). Each process makes its agents once (entry e with seed `seed + e`).

**Statistics.** Each lineup entry has its own counts; the per-agent rows aggregate the entries sharing an id,
counting seat-games (three copies of an agent over 100 games make 300 seat-games, so the parity win rate is
always 1/players). The Wilson interval treats seat-games as independent, which is exact for an agent holding
one seat. OpenSkill (Plackett-Luce) rates each game's ranking in game order; entries sharing an id are one
player: each seat is rated as a copy of that player and the copies' new ratings are averaged.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from citadels_env.core import Action, GameConfig, Rng
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS
from citadels_env.core.record import config_from_dict, config_to_dict

from .base import Agent, Decision
from .match import play_game
from .registry import available, make, parse

FORMAT = "citadels-eval/1"
ChunkRunner = Callable[[list, GameConfig, int, list[list[int]]], Iterable[list["GameOutcome"]]]


class EvaluationError(RuntimeError):
    """A game of an evaluation failed; the message names the game, its seed and the agent at fault."""


class AgentError(RuntimeError):
    """An agent raised while choosing an action."""


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


def resolve_lineup(agent_ids: Sequence[str | Agent], players: int | None = None) -> list[str | Agent]:
    """One entry per seat (see the module docstring): the ids as given, completed by the others repeated."""
    ids = list(agent_ids)
    if not ids:
        raise ValueError("evaluate: give at least one agent id")
    if players is None:
        players = len(ids) if len(ids) > 1 else 4
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"evaluate: {players} players ({MIN_PLAYERS} to {MAX_PLAYERS})")
    if len(ids) > players:
        raise ValueError(f"evaluate: {len(ids)} agent ids for {players} players")
    rest = ids[1:] or ids
    return ids + [rest[i % len(rest)] for i in range(players - len(ids))]


def seats_of_game(k: int, players: int) -> list[int]:
    """The lineup entry at each seat in game k: entry e sits at seat (e + k) mod players."""
    return [(s - k) % players for s in range(players)]


def _label(spec: str | Agent) -> str:
    return spec if isinstance(spec, str) else spec.name


# -- playing (in the worker processes, or in this one when workers=1) ---------------------------------------
class _Timed(Agent):
    """Wraps an agent: times its decisions and names it in any exception it raises."""

    def __init__(self, agent: Agent, owned: bool) -> None:
        self.agent = agent
        self.owned = owned  # made by the evaluator from an id: closed by it
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        self.seconds = 0.0
        self.decisions = 0
        self.agent.reset(seat, config, seed)

    def act(self, decision: Decision) -> Action:
        t0 = time.perf_counter()
        try:
            action = self.agent.act(decision)
        except Exception as exc:
            raise AgentError(f"agent {self.name!r} (seat {decision.seat}) raised {type(exc).__name__}: "
                             f"{exc} at a {decision.kind!r} decision") from exc
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return action

    def close(self) -> None:
        if self.owned:
            self.agent.close()


_WORKER: dict[str, Any] = {}


def _make(spec: str | Agent, seed: int) -> Agent:
    """`make(spec, seed=seed)`, or `make(spec)` for a factory that takes no seed."""
    if not isinstance(spec, str):
        return spec
    try:
        return make(spec, seed=seed)
    except ValueError as exc:
        if "bad options" not in str(exc) or "seed" not in str(exc):
            raise
        return make(spec)


def _init_worker(lineup: list[str | Agent], config: GameConfig, seed: int) -> None:
    """Remember the job; the agents are made for the first game (an exception in a Pool initializer makes the
    pool restart its workers forever; one raised in a game reaches the caller)."""
    _close_worker()
    _WORKER.update(lineup=lineup, config=config, seed=seed, agents=None)


def _init_pool_worker(lineup: list[str | Agent], config: GameConfig, seed: int) -> None:
    """A pool worker ignores Ctrl-C (the terminal sends it to the whole process group): the parent alone stops, then
    terminates the pool, so one short line is printed rather than a traceback per worker. The parent blocked SIGINT
    while forking (no window before this runs); it is ignored, then unblocked."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _single_threaded_torch()
    _init_worker(lineup, config, seed)


def _start_pool(ctx: Any, workers: int, lineup: list[str | Agent], config: GameConfig, seed: int) -> Any:
    """A pool whose workers are born with SIGINT blocked (then ignored by `_init_pool_worker`)."""
    block = hasattr(signal, "pthread_sigmask")
    if block:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return ctx.Pool(workers, initializer=_init_pool_worker, initargs=(lineup, config, seed))
    finally:
        if block:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a Ctrl-C that came meanwhile is delivered now


#: "fork" where the platform has it, whatever the process-wide default: importing some libraries (torchrl) makes that
#: "spawn", and a spawned worker would not know the agents registered in this process.
_DEFAULT_START = "fork" if "fork" in multiprocessing.get_all_start_methods() else None


def _single_threaded_torch() -> None:
    """In a forked worker: torch on one thread. A child forked from a process that has run torch's OpenMP thread pool
    (a training run evaluating its checkpoints) hangs at its first parallel operation; with one thread there is none,
    and games are played one decision at a time anyway."""
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)
    else:  # torch comes later (the first game makes a policy agent): one thread from its start. Without this, two
        # workers each ran torch on every core, and on a busy machine their OpenMP threads spun against each other
        # (a 2-player row of `benchmarks/strength.py` took 10x longer than the same games through `citadels eval`)
        for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
            os.environ[var] = "1"


def check_agents(specs: Sequence[str | Agent], seed: int = 0) -> None:
    """Make (and close) each distinct agent id once, so that an unknown id, bad options or an unreadable
    checkpoint is a ValueError naming the id before any game starts rather than an error in the middle of one."""
    for spec in dict.fromkeys(s for s in specs if isinstance(s, str)):
        try:
            agent = _make(spec, seed)
        except Exception as exc:
            reason = " ".join(str(exc).split())
            if not isinstance(exc, ValueError):  # a library's own error (torch's for a truncated file): its gist
                reason = f"{type(exc).__name__}: {reason.split('. ')[0]}"
            raise ValueError(f"cannot make agent {spec!r}: {reason}") from exc
        agent.close()


def _agents() -> list[_Timed]:
    """One agent per lineup entry, built once per process (entry e with seed `seed + e`)."""
    if _WORKER["agents"] is None:
        lineup, seed = _WORKER["lineup"], _WORKER["seed"]
        agents = []
        for e, spec in enumerate(lineup):
            try:
                agents.append(_Timed(_make(spec, seed + e), owned=isinstance(spec, str)))
            except Exception as exc:
                raise EvaluationError(f"cannot make agent {_label(spec)!r}: {type(exc).__name__}: "
                                      f"{exc}") from exc
        _WORKER["agents"] = agents
    return _WORKER["agents"]


def _close_worker() -> None:
    for agent in _WORKER.get("agents") or ():
        agent.close()
    _WORKER.clear()


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


def _play(k: int) -> GameOutcome:
    lineup, config, seed = _WORKER["lineup"], _WORKER["config"], _WORKER["seed"]
    entries = seats_of_game(k, len(lineup))
    built = _agents()
    agents = [built[e] for e in entries]
    try:
        match = play_game(agents, config, seed + k)
    except Exception as exc:
        seats = ", ".join(f"P{s}={_label(lineup[e])}" for s, e in enumerate(entries))
        raise EvaluationError(f"game {k} (seed {seed + k}; {seats}) failed: {exc}") from exc
    r = match.result
    return GameOutcome(k, seed + k, entries, list(r.scores), list(r.ranking), [a.decisions for a in agents],
                       [round(a.seconds, 6) for a in agents])


def _play_chunk(indices: list[int]) -> list[GameOutcome]:
    return [_play(k) for k in indices]


def play_chunk(lineup: list[str | Agent], config: GameConfig, seed: int, indices: list[int]) -> list[GameOutcome]:
    """Games `indices` of the evaluation (lineup, config, seed), with agents made for this call and closed after:
    what a worker of another runner (agents/evaluate_ray.py's Ray tasks) plays; the outcomes do not depend on
    which process plays which chunk."""
    _init_worker(lineup, config, seed)
    try:
        return _play_chunk(indices)
    finally:
        _close_worker()


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
        return cls.from_dict(json.loads(Path(path).read_text()))

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


def _summarise(lineup: list[str], players: int,
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


def evaluate(agent_ids: Sequence[str | Agent], games: int, players: int | None = None,
             preset: str | None = None, use_rank9: bool = False, config: GameConfig | None = None,
             seed: int = 0, workers: int = 1, progress: bool = True, chunk_size: int | None = None,
             mp_context: str | None = None, runner: ChunkRunner | None = None) -> EvalReport:
    """Play `games` games between the lineup of `agent_ids` (module docstring: lineup, seats, seeds).

    `config` (a full GameConfig) overrides `players`/`preset`/`use_rank9`. `workers`: processes (0 = every
    core, 1 = in this process); games go to them in chunks of `chunk_size` (default: about 8 chunks per
    worker, at most 64 games each) and the results are put back in game order. `mp_context`: the
    multiprocessing start method ("fork", "spawn", "forkserver"; None: "fork" where the platform has it, else its
    default; workers run torch on one thread, so forking from a process that trained is safe; agents registered in
    this process exist in forked workers only). `runner(lineup, config, seed, chunks)`, when given, plays the chunks instead of the
    local pool, yielding each chunk's outcomes in any order (agents/evaluate_ray.py: Ray tasks); `workers` then
    only sizes the chunks. `progress` shows a tqdm bar on stderr. A game that fails
    (an agent answering an illegal action, or raising) stops the evaluation with an EvaluationError naming the
    game, its seed and the agent."""
    if config is not None:
        if players is not None and players != config.players:
            raise ValueError(f"players={players} but config.players={config.players}")
        players = config.players
    lineup = resolve_lineup(agent_ids, players)
    players = len(lineup)
    if config is None:
        config = GameConfig(players=players, preset=preset, use_rank9=use_rank9)
    config.resolve(Rng(seed))  # a ConfigError here rather than in every worker
    if games < 1:
        raise ValueError(f"evaluate: games={games}")
    if games % players:
        warnings.warn(f"{games} games is not a multiple of {players} players: the seats are not played "
                      f"equally often by every lineup entry", stacklevel=2)
    instances = [s for s in lineup if isinstance(s, Agent)]
    if len({id(a) for a in instances}) != len(instances):
        raise ValueError("evaluate: one Agent instance appears in several lineup entries; give ids or copies")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"evaluate: workers={workers!r}; give 0 (every core) or a number of processes")
    if workers == 0:
        workers = os.cpu_count() or 1
    for spec in lineup:  # unknown ids fail here, not in every worker
        if isinstance(spec, str) and not Path(spec.partition(":")[0]).suffix:
            name, _ = parse(spec)
            if name not in available():
                raise ValueError(f"unknown agent {name!r}; registered: {', '.join(available())}")
    names = [_label(s) for s in lineup]
    if chunk_size is None:
        chunk_size = max(1, min(64, games // (max(workers, 1) * 8)))
    chunks = [list(range(i, min(i + chunk_size, games))) for i in range(0, games, chunk_size)]
    workers = max(1, min(workers, len(chunks)))

    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        tqdm = None
    bar = None
    if tqdm is not None:
        bar = tqdm(total=games, desc="eval", unit="game", disable=not progress, file=sys.stderr,
                   dynamic_ncols=True)
    outcomes: dict[int, GameOutcome] = {}
    wins = {name: 0 for name in names}
    seats_of = {name: names.count(name) for name in wins}

    def collect(chunk: list[GameOutcome]) -> None:
        for g in chunk:
            outcomes[g.index] = g
            wins[names[g.seats[g.winner]]] += 1
        if bar is not None:
            bar.update(len(chunk))
            if len(wins) > 1:  # win rates per seat-game so far
                rates = (f"{n}={w / (len(outcomes) * seats_of[n]):.0%}" for n, w in wins.items())
                bar.set_postfix_str(" ".join(rates), refresh=False)

    start = time.perf_counter()
    try:
        if runner is not None:
            for chunk in runner(lineup, config, seed, chunks):
                collect(chunk)
        elif workers == 1:
            _init_worker(lineup, config, seed)
            try:
                _agents()  # every agent made before the first game: a bad id or checkpoint fails now
                for chunk in chunks:
                    collect(_play_chunk(chunk))
            finally:
                _close_worker()
        else:
            pool = _start_pool(multiprocessing.get_context(mp_context or _DEFAULT_START), workers, lineup, config,
                               seed)
            try:
                for chunk in pool.imap_unordered(_play_chunk, chunks):
                    collect(chunk)
                pool.close()
            except BaseException:  # a failed game or Ctrl-C: stop the other workers now, leave none behind
                pool.terminate()
                raise
            finally:
                pool.join()
    finally:
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - start
    results = [outcomes[k] for k in range(games)]
    entries, agents = _summarise(names, players, results)
    return EvalReport(lineup=names, players=players, games=games, seed=seed, config=config_to_dict(config),
                      workers=workers, wall_s=round(wall, 4), entries=entries, agents=agents, results=results)
