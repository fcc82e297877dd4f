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

import multiprocessing
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from citadels_env.core import Action, GameConfig, Rng
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS
from citadels_env.core.record import config_to_dict

from .base import Agent, Decision
from .eval_report import EvalReport, GameOutcome, Stats, summarise, wilson_interval  # noqa: F401 (re-exported)
from .match import play_game
from .process_pool import finishing, orphan_guard
from .registry import available, make, parse

ChunkRunner = Callable[[list, GameConfig, int, list[list[int]]], Iterable[list["GameOutcome"]]]


class EvaluationError(RuntimeError):
    """A game of an evaluation failed; the message names the game, its seed and the agent at fault."""


class AgentError(RuntimeError):
    """An agent raised while choosing an action."""


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
    while forking (no window before this runs); it is ignored, then unblocked. A killed parent ends it too
    (`orphan_guard`)."""
    orphan_guard()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    single_threaded()
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


def single_threaded() -> None:
    """Torch and numpy's BLAS on one thread, in a forked worker or in a script that plays games one decision at a time
    in its own process (benchmarks/targeting.py, benchmarks/plays_like.py). A child forked from a process that has run
    torch's OpenMP thread pool (a training run evaluating its checkpoints) hangs at its first parallel operation;
    with one thread there is none, and one decision at a time gains nothing from more (two such scripts on the 2
    cores here, each on every core, spun against each other: a game of targeting.py took 25-33 s instead of 3).
    numpy's OpenBLAS, loaded before any worker forks, keeps its thread per core whatever the environment says later:
    a product of a `ppo+ismcts` leaf's kind (4 x 1500 by 1500 x 256, float32; agents/leaf_value.py) took 1.76 ms
    instead of 0.21 with both of the 2 cores busy (AMD EPYC sandbox, 2026-12-02), and in a timing beside a two-worker
    evaluation the search thought 4.9 x as long as `ismcts`; `threadpoolctl` sets the loaded library to one thread."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(1, user_api="blas")
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
            with finishing(pool):  # a failed game or Ctrl-C stops the other workers now and leaves none behind
                for chunk in pool.imap_unordered(_play_chunk, chunks):
                    collect(chunk)
    finally:
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - start
    results = [outcomes[k] for k in range(games)]
    entries, agents = summarise(names, players, results)
    return EvalReport(lineup=names, players=players, games=games, seed=seed, config=config_to_dict(config),
                      workers=workers, wall_s=round(wall, 4), entries=entries, agents=agents, results=results)
