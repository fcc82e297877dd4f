"""Stopping a `multiprocessing.Pool` in bounded time.

CPython's `Pool.terminate` (which `with Pool(...)` also calls on leaving) can hang for good joining the pool's own
handler threads when workers are stopped mid-task (cpython issues 78178 and 96995); it hung a CI run of this project
once, in an evaluation whose game had failed. `finishing(pool)` closes and joins the pool when its block ends normally
and, when it raises (a failed task, Ctrl-C), stops it with `stop_pool`, which gives `terminate` a few seconds in a
daemon thread and then kills the workers that are still alive itself.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: seconds `stop_pool` lets `Pool.terminate` take before it kills the workers itself
STOP_TIMEOUT_S = 10.0


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
