"""Evaluation spread over a Ray cluster: the games of agents/evaluate.py's `evaluate`, played as Ray tasks.

    from agents.evaluate_ray import evaluate_ray
    report = evaluate_ray(["ppo", "heuristic"], games=4000, address="auto")

The command line is `citadels eval AGENT ... --ray [--address HOST:PORT]`. Game k is still dealt with seed `seed + k`
and every agent is reset with the game's seed, so each chunk's outcomes are the same whichever node plays it; the
outcomes are put back in game order before the statistics, hence the report equals the local pool's (all but the
timings). Each task makes its agents, plays its chunk and closes them, so agent ids (and checkpoint paths every node
can read) are what travels; Agent instances are pickled to the tasks by Ray.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from citadels_env.core import GameConfig

from .base import Agent
from .evaluate import (
    ChunkRunner,
    EvalReport,
    EvaluationError,
    GameOutcome,
    check_agents,
    evaluate,
    play_chunk,
)


def _play_remote(lineup: list[str | Agent], config: GameConfig, seed: int,
                 indices: list[int]) -> tuple[str, Any]:
    """A Ray task: ("ok", outcomes), or ("error", message) for a failed game, so that the caller raises the
    EvaluationError with the evaluator's own one-line message rather than a remote traceback."""
    try:
        return "ok", play_chunk(lineup, config, seed, indices)
    except EvaluationError as exc:
        return "error", str(exc)


def ray_runner(num_cpus_per_task: float = 1.0) -> ChunkRunner:
    """A chunk runner for `evaluate(runner=...)`: one Ray task per chunk, the outcomes yielded as tasks finish."""
    import ray

    task = ray.remote(num_cpus=num_cpus_per_task, max_retries=0)(_play_remote)

    def run(lineup: list[str | Agent], config: GameConfig, seed: int,
            chunks: list[list[int]]) -> Iterator[list[GameOutcome]]:
        lineup_ref, config_ref = ray.put(lineup), ray.put(config)  # stored once, resolved in each task
        pending = [task.remote(lineup_ref, config_ref, seed, chunk) for chunk in chunks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                status, value = ray.get(done[0])
                if status == "error":
                    raise EvaluationError(value)
                yield value
        finally:
            for ref in pending:  # a failed game or Ctrl-C: cancel the rest, leave no task running
                ray.cancel(ref, force=True)

    return run


def address_problem(address: str) -> str | None:
    """What is wrong with a Ray address (None when it has the form of one: auto, HOST:PORT, ray://HOST:PORT)."""
    if address in ("auto", "local"):
        return None
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host.strip() or not port.isdigit() or not 0 < int(port) < 65536:
        return f"Ray address {address!r}: expected auto, HOST:PORT or ray://HOST:PORT"
    return None


def connect(address: str | None) -> bool:
    """Join the Ray cluster at `address` ("auto", HOST:PORT, ray://HOST:PORT), or start a Ray of this process's own
    (None; a Ray already running on the machine is left alone). Nothing to do when this process joined one already.
    Returns whether it started or joined one here (the caller shuts it down). A HOST:PORT nobody answers at is a
    ConnectionError within seconds (Ray itself would retry for minutes)."""
    import socket

    import ray

    if ray.is_initialized():
        return False
    if address is not None and address not in ("auto", "local"):
        problem = address_problem(address)
        if problem:
            raise ValueError(problem)
        host, _, port = address.removeprefix("ray://").rpartition(":")
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
        except OSError as exc:
            raise ConnectionError(f"no Ray cluster answers at {address} ({exc.strerror or exc}); start one with "
                                  f"`ray start --head` and give the address it prints") from None
    ray.init(address=address or "local", include_dashboard=False, configure_logging=False,
             log_to_driver=False)  # "local": a Ray of its own, even where another runs on this machine
    return True


def cluster_cpus() -> int:
    """The CPUs of the Ray cluster this process is connected to (at least 1)."""
    import ray

    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def evaluate_ray(agent_ids: Sequence[str | Agent], games: int, address: str | None = None,
                 **options: Any) -> EvalReport:
    """`evaluate(agent_ids, games, **options)` with the games played as Ray tasks on the cluster at `address`
    ("auto", HOST:PORT), the one this process already joined, or a Ray of its own started (and shut down) for the
    call.
    `workers` in the report is the cluster's CPU count, which sizes the chunks."""
    import ray

    if "workers" in options or "runner" in options or "mp_context" in options:
        raise ValueError("evaluate_ray: the cluster's CPUs are the workers; give no workers, runner or mp_context")
    check_agents(agent_ids)  # a bad id or checkpoint fails here in one line, before Ray starts
    started = connect(address)
    try:
        return evaluate(agent_ids, games, workers=cluster_cpus(), runner=ray_runner(), **options)
    finally:
        if started:
            ray.shutdown()
