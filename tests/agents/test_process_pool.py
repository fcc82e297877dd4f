"""Pools stop in bounded time, even when `Pool.terminate` hangs (cpython issues 78178 and 96995; agents/process_pool.py)."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
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


PARENT = """
import multiprocessing, sys, time
from agents import evaluate
from agents.process_pool import orphan_guard


def nap(_):
    time.sleep(120)


if __name__ == "__main__":
    if sys.argv[1] == "evaluate":  # the evaluation's own pool and initializer
        pool = evaluate._start_pool(multiprocessing.get_context("fork"), 2, ["random"] * 4,
                                    evaluate.GameConfig(players=4), 1)
    else:
        pool = multiprocessing.get_context(sys.argv[1]).Pool(2, initializer=orphan_guard)
    pool.map_async(nap, range(2))
    time.sleep(1.0)
    print(" ".join(str(p.pid) for p in pool._pool), flush=True)
    time.sleep(120)
"""


def _alive(pid: int) -> bool:
    """Running, not a zombie that no one has reaped yet (a container's init may never reap it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("how", ["spawn", "evaluate"])
def test_a_pools_workers_exit_soon_after_their_parent_is_killed(tmp_path, how):
    """SIGKILL to the parent runs nothing in it: without `orphan_guard` its workers would sleep on, then wait for good."""
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parent = subprocess.Popen([sys.executable, str(script), how], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": root})
    try:
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(p) for p in pids)
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in pids), "a worker outlived its killed parent"
