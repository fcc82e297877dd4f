"""`citadels fuzz`: random playouts with the core's invariants checked at every step, over every table size, preset,
rank-9 choice and configurable ruling, on several processes.

Game `i` of a run is fully named by `(i, seed)`: its configuration is `fuzz_config(i, seed)` and its deal and random
answers come from `seed + i`, whatever the number of workers, so a failing game reported by one run is replayed alone
with `citadels fuzz --seed S+i --games 1` when `i` is below the cycle length, or with `playout(fuzz_config(i, S), S+i)`.
The driver lives here, not in the core: the core stays a rules engine and this is a tool that runs it.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import sys
import time
from dataclasses import replace
from itertools import zip_longest
from typing import Any, NamedTuple

from citadels_env.core import PRESET_NAMES, GameConfig, Rulings
from citadels_env.core.invariants import playout, random_config
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS

#: The configurable rulings (RULES.md §10), each moved off its default once: Q6, Q20, Q7 and the two choices of Q1.
RULING_VARIANTS: tuple[Rulings, ...] = (
    Rulings(),
    Rulings(warlord_own_completed_city=True),
    Rulings(great_wall_protects_itself=True),
    Rulings(tiebreak="revealed"),
    Rulings(first_game_rank9_3p="artist"),
    Rulings(first_game_rank9_8p="tax_collector"),
)
RANDOM = "random"  # a random legal selection of characters and unique districts (`invariants.random_config`)


def _cycle() -> tuple[tuple[int, str, bool, Rulings], ...]:
    """Every (players, preset or RANDOM, use_rank9, rulings) worth playing: rank 9 is a choice only with 4-7 players
    (mandatory with 3 and 8, never with 2)."""
    by_size = []
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        combos = []
        for preset in (*PRESET_NAMES, RANDOM):
            for rank9 in ((False, True) if 4 <= n <= 7 and preset != RANDOM else (False,)):
                combos += [(n, preset, rank9, rulings) for rulings in RULING_VARIANTS]
        by_size.append(combos)
    # interleaved by table size, so that any stretch of a run (a chunk, a short run) mixes every size
    return tuple(c for row in zip_longest(*by_size) for c in row if c is not None)


CYCLE = _cycle()


def fuzz_config(i: int, seed: int = 0) -> GameConfig:
    """The configuration of game `i`: the cycle of every table size x preset x rank 9 x ruling, in order; every
    other pass draws the first crown from the seed instead of seat 0."""
    n, preset, rank9, rulings = CYCLE[i % len(CYCLE)]
    crown = None if (i // len(CYCLE)) % 2 else 0
    if preset == RANDOM:
        return replace(_random_config(n, seed + i), rulings=rulings, crown_seat=crown)
    return GameConfig(players=n, preset=preset, use_rank9=rank9, rulings=rulings, crown_seat=crown)


def _random_config(n: int, seed: int) -> GameConfig:
    """A random selection of characters and unique districts for exactly `n` players: `invariants.random_config`,
    redrawn until it gives `n` players and explicit cards (it draws the count first, then a preset half the time)."""
    for k in range(10_000):
        config = random_config(random.Random(seed * 10_000 + k))
        if config.players == n and config.characters is not None:
            return config
    raise AssertionError(f"no {n}-player configuration drawn")  # pragma: no cover - 14 draws on average


class Failure(NamedTuple):
    index: int
    seed: int
    config: str
    error: str


class ChunkResult(NamedTuple):
    games: int
    decisions: int
    failures: list[Failure]


def play_chunk(job: tuple[int, int, int, bool]) -> ChunkResult:
    """Play games start..stop-1 of a run; every failing game is reported, never raised (the run goes on)."""
    start, stop, seed, deep = job
    decisions = 0
    failures = []
    for i in range(start, stop):
        config = fuzz_config(i, seed)
        try:
            decisions += len(playout(config, seed + i, deep=deep).actions)
        except Exception as exc:  # an invariant broken, or any crash of the rules: report the game, go on
            failures.append(Failure(i, seed + i, repr(config), repr(exc)))
    return ChunkResult(stop - start, decisions, failures)


def _init_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it terminates the pool


def run(games: int, seed: int = 0, workers: int = 1, deep: bool = False, progress: bool = True,
        chunk_size: int | None = None) -> tuple[int, int, float, list[Failure]]:
    """Play `games` checked games on `workers` processes; (games, decisions, seconds, failures by game index)."""
    if games < 0:
        raise ValueError(f"--games {games}: must be 0 or more")
    if workers < 1:
        raise ValueError(f"--workers {workers}: must be 1 or more")
    if chunk_size is None:
        chunk_size = max(1, min(200, games // (workers * 8) or 1))
    jobs = [(i, min(i + chunk_size, games), seed, deep) for i in range(0, games, chunk_size)]
    try:
        from tqdm import tqdm
        bar: Any = tqdm(total=games, desc="fuzz", unit="game", disable=not progress, file=sys.stderr,
                        dynamic_ncols=True)
    except ImportError:  # pragma: no cover - tqdm is a dependency
        bar = None
    done = decisions = 0
    failures: list[Failure] = []
    start = time.perf_counter()

    def collect(r: ChunkResult) -> None:
        nonlocal done, decisions
        done += r.games
        decisions += r.decisions
        failures.extend(r.failures)
        if bar is not None:
            bar.update(r.games)
            if failures:
                bar.set_postfix_str(f"{len(failures)} violations", refresh=False)

    try:
        if workers == 1 or len(jobs) <= 1:
            for job in jobs:
                collect(play_chunk(job))
        else:
            pool = multiprocessing.get_context("spawn").Pool(min(workers, len(jobs)), initializer=_init_worker)
            try:
                for r in pool.imap_unordered(play_chunk, jobs):
                    collect(r)
                pool.close()
            except BaseException:  # Ctrl-C: stop the workers now, leave none behind
                pool.terminate()
                raise
            finally:
                pool.join()
    finally:
        if bar is not None:
            bar.close()
    return done, decisions, time.perf_counter() - start, sorted(failures)
