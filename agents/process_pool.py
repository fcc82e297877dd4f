"""Stopping a `multiprocessing.Pool` in bounded time.

CPython's `Pool.terminate` (which `with Pool(...)` also calls on leaving) can hang for good joining the pool's own
handler threads when workers are stopped mid-task (cpython issues 78178 and 96995); it hung a CI run of this project
once, in an evaluation whose game had failed. `finishing(pool)` closes and joins the pool when its block ends normally
and, when it raises (a failed task, Ctrl-C), stops it with `stop_pool`, which gives `terminate` a few seconds in a
daemon thread and then kills the workers that are still alive itself.

A pool's workers outlive a parent that is killed (SIGTERM from `kill`, `timeout` or a job scheduler, or SIGKILL):
nothing in the parent runs to stop them, and they go on with their tasks, then wait for good on a pipe no one reads.
`orphan_guard`, run first in each worker (the pool's `initializer`, or called from one), makes the worker exit within
about a second of its parent's death.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: seconds `stop_pool` lets `Pool.terminate` take before it kills the workers itself
STOP_TIMEOUT_S = 10.0
#: seconds between two looks of `orphan_guard` at the worker's parent
ORPHAN_CHECK_S = 0.5


def orphan_guard() -> None:
    """In a pool worker: a daemon thread that ends this process as soon as the process that started it is gone (the
    worker is then handed to another parent, so `os.getppid` changes)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_S)
        os._exit(1)  # no cleanup to run: the results have no one to go to

    threading.Thread(target=watch, name="orphan-guard", daemon=True).start()


def stop_pool(pool: Any, timeout: float | None = None) -> None:
    """Terminate `pool`'s workers within about `timeout` seconds (STOP_TIMEOUT_S) plus one per worker; a `terminate`
    that is stuck past that is left in its daemon thread, which dies with the process."""
    stopper = threading.Thread(target=pool.terminate, name="pool-stop", daemon=True)
    stopper.start()
    stopper.join(STOP_TIMEOUT_S if timeout is None else timeout)
    if stopper.is_alive():
        for process in list(getattr(pool, "_pool", ())):  # Pool keeps its workers there (it has no public handle)
            if process.is_alive():
                process.kill()
            process.join(1.0)


@contextmanager
def finishing(pool: Any) -> Iterator[Any]:
    """`with finishing(pool):` close and join `pool` after the block, or stop it with `stop_pool` if the block
    raises (the exception goes on)."""
    try:
        yield pool
        pool.close()
        pool.join()  # a Ctrl-C while the workers finish stops them too
    except BaseException:
        stop_pool(pool)
        raise
