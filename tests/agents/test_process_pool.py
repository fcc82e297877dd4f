"""Pools stop in bounded time, even when `Pool.terminate` hangs (cpython issues 78178 and 96995; agents/process_pool.py)."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

import agents.evaluate as evaluate_module
from agents import Agent, process_pool, register
from agents.evaluate import EvaluationError, evaluate
from agents.process_pool import finishing, stop_pool


class Crashing(Agent):
    name = "crashing"

    def act(self, decision):
        raise KeyError("boom")


register("pool-test-crashing", Crashing)


def _square(x: int) -> int:
    return x * x


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise RuntimeError("three")
    time.sleep(0.05)
    return x


def _kill_workers_then_terminate(pool) -> None:
    """Make `pool.terminate` hang as CPython's does: the workers are killed first (as by the kernel's OOM killer), one of
    them holding the lock of the task queue, which `terminate` then waits for forever."""
    real = pool.terminate

    def terminate():
        for worker in list(pool._pool):
            worker.kill()
            worker.join()
        real()

    pool.terminate = terminate


def _stuck_stoppers() -> int:
    return sum(t.name == "pool-stop" and t.is_alive() for t in threading.enumerate())


def test_finishing_closes_and_joins_a_pool_whose_block_ends_normally():
    pool = multiprocessing.get_context("fork").Pool(2)
    workers = list(pool._pool)
    with finishing(pool) as p:
        assert sorted(p.imap_unordered(_square, range(6))) == [0, 1, 4, 9, 16, 25]
    assert not any(w.is_alive() for w in workers)


def test_finishing_stops_the_pool_and_lets_the_error_through():
    pool = multiprocessing.get_context("fork").Pool(2)
    workers = list(pool._pool)
    with pytest.raises(RuntimeError, match="three"), finishing(pool):
        list(pool.imap(_fail_on_three, range(20)))
    for w in workers:
        w.join(5)
    assert not any(w.is_alive() for w in workers)


def test_a_terminate_that_hangs_is_given_up_and_the_workers_are_killed():
    pool = multiprocessing.get_context("fork").Pool(2)
    _kill_workers_then_terminate(pool)
    stuck = _stuck_stoppers()
    start = time.perf_counter()
    stop_pool(pool, timeout=0.5)
    assert time.perf_counter() - start < 10
    assert _stuck_stoppers() == stuck + 1  # terminate did hang: the bound is what ended the stop
    assert not any(w.is_alive() for w in pool._pool)


def test_an_evaluation_whose_pool_will_not_terminate_still_fails_in_bounded_time(monkeypatch):
    """A game's failure in a worker reaches the caller even when `terminate` hangs, and no worker is left."""
    pools = []
    real_start = evaluate_module._start_pool

    def start_pool(*args, **kwargs):
        pool = real_start(*args, **kwargs)
        _kill_workers_then_terminate(pool)
        pools.append(pool)
        return pool

    monkeypatch.setattr(evaluate_module, "_start_pool", start_pool)
    monkeypatch.setattr(process_pool, "STOP_TIMEOUT_S", 0.5)
    begin = time.perf_counter()
    with pytest.raises(EvaluationError, match=r"'pool-test-crashing'.*KeyError: 'boom'"):
        evaluate(["random", "pool-test-crashing"], games=4, workers=2, chunk_size=1, progress=False)
    assert time.perf_counter() - begin < 60
    (pool,) = pools
    assert not any(w.is_alive() for w in pool._pool)
