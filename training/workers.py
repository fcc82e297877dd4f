"""Parallel sampling for training/ppo.py (`workers: N`): N samplers, processes or Ray actors (`ray: true`), collect
the next rollout while the learner trains on the last one.

Why overlap rather than only more samplers: the PPO update costs more than the rollout it trains on (on 2 cores, about
1.2 s against 0.8 s for 10,000 steps of configs/ppo.yaml), so faster rollouts alone cannot double the rate; running
them during the update can.

The schedule is fixed, independent of timing: rollout k+1 is collected with the weights the learner had before it
trained on rollout k (one update stale; rollouts 0 and 1 both use the initial weights), and with the snapshot pool of
that moment. PPO stays sound: its ratio is taken against the behaviour policy's log-probabilities recorded at
collection, and its clipping bounds how far one update moves from them. A sampler reseeds its random streams for every
rollout from (seed, update, sampler index) and plays games `seed * 1_000_003 + update * num_games + k` for its share of
k (the `num_games` games are split among the samplers: the update's batch does not depend on the worker count, and
game seeds never repeat across samplers or updates). So a run is reproducible bit for bit for a given seed and worker
count, and a sampler holds no state a checkpoint must keep: the checkpoint holds the next rollout's weights and
snapshots (`Trainer.behaviour`), and a resumed run collects that rollout again as the uninterrupted run did.

The request for rollout k+1 goes out before rollout k is received: its weights (the learner's before it trains on
rollout k) are fixed once the update on rollout k-1 is done. A sampler reads it the moment it has sent rollout k, so it
does not idle while the learner receives, unpacks and joins rollout k and sends the next request: where the update is
fast (a GPU) the samplers set the pace, and that gap came back every rollout. The schedule, and so every
trained weight, is the same as when the request went out after the rollout came in. Whether a further rollout is
needed is not known until this one's steps are counted, so the request is sent when the last rollout's size says so;
a rollout asked for in vain at the end of a run is stopped with its sampler.

Samplers ignore Ctrl-C and are stopped by the learner (`Pipeline.close`, in train()'s finally); they are daemons and
leave when the learner's end of their pipe closes, so no process outlives the run.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import pickle
import queue
import signal
import threading
import time
import traceback
from collections import deque
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

import numpy as np
import torch

from agents.policy import PolicyNet
from training.opponents import OpponentPool
from training.sampling import Rollout, Sampler, SparseRows, merge

if TYPE_CHECKING:
    from training.ppo import Config, Trainer

Weights = dict[str, np.ndarray]
Snapshots = list[tuple[int, Weights | None]]  # (serial, weights, or None when the samplers hold it already)
NICE = 10
"""samplers' niceness: the update is the critical path, so where the learner and the samplers share a core it goes to
the learner (on 2 cores, 2 samplers un-niced slowed each update by a third; nothing changes where there are spare
cores)"""
SEED_TAG = 0x5A3
"""first word of the samplers' seed sequences, apart from the learner's `default_rng(seed)`"""


def _numpy(state_dict: dict[str, torch.Tensor]) -> Weights:
    """Weights as numpy arrays: they pickle as plain bytes (a tensor would go through torch's shared-memory
    reductions) and Ray passes them without copies."""
    return {k: v.detach().cpu().numpy() for k, v in state_dict.items()}


class SamplerWorker:
    """One sampler, in a process of its own or a Ray actor: a copy of the network, the snapshot networks, its own
    opponent pool, and its share of each rollout's games."""

    def __init__(self, cfg: Config, spec: dict[str, Any], index: int, workers: int) -> None:
        torch.set_num_threads(1)
        os.nice(NICE)
        self.cfg, self.index = cfg, index
        self.games = range(index * cfg.num_games // workers, (index + 1) * cfg.num_games // workers)
        self.spec = spec
        self.net = self._net(None)
        self.sampler = Sampler(cfg, self.net, np.random.default_rng(), torch.Generator(), OpponentPool(cfg.opponents, cfg.opponents_at))
        self.snapshots: dict[int, PolicyNet] = {}
        self.done_at: float | None = None  # when the last rollout was finished

    def _net(self, weights: Weights | None) -> PolicyNet:
        net = PolicyNet(**self.spec)
        if weights is not None:
            net.load_state_dict({k: torch.tensor(v) for k, v in weights.items()})
        net.eval()
        net.requires_grad_(False)
        return net

    def ready(self) -> bool:
        """Answered once the actor is built, so that a sampler that cannot start fails the run at its start."""
        return True

    def collect(self, update: int, weights: Weights, snapshots: Snapshots) -> Rollout:
        """This sampler's games of rollout `update`, played with `weights` and the snapshots (in pool order); its
        `idle_s` is how long the sampler waited for this request after finishing its last rollout."""
        idle = 0.0 if self.done_at is None else time.perf_counter() - self.done_at
        self.net.load_state_dict({k: torch.tensor(v) for k, v in weights.items()})
        self.snapshots = {s: self.snapshots[s] if w is None else self._net(w) for s, w in snapshots}
        self.sampler.snapshot_nets[:] = list(self.snapshots.values())
        streams = np.random.SeedSequence([SEED_TAG, self.cfg.seed % 2**63, update, self.index]).spawn(2)
        self.sampler.rng = np.random.default_rng(streams[0])
        self.sampler.generator.manual_seed(int(streams[1].generate_state(1, np.uint64)[0] >> 1))
        ro = self.sampler.collect(update, self.games)
        if ro.obs:  # the bytes the learner receives and unpickles, a cost no number of samplers shares
            ro.obs = [SparseRows(ro.obs)]
        ro.idle_s = idle
        self.done_at = time.perf_counter()
        return ro


class Failure:
    """A sampler's exception, sent back as its traceback text so that the learner raises it."""

    def __init__(self, text: str) -> None:
        self.text = text


def _serve(conn: Connection, cfg: Config, spec: dict[str, Any], index: int, workers: int) -> None:
    """A sampler process: "ready" (or the Failure of building its sampler), then a Rollout (or a Failure) for each
    request until None or the learner is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the learner's to handle: it stops the samplers
    try:
        worker = SamplerWorker(cfg, spec, index, workers)
    except Exception:  # the learner raises it and stops the samplers
        with contextlib.suppress(OSError):
            conn.send(Failure(traceback.format_exc()))
        return
    try:
        conn.send("ready")
    except OSError:
        return
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            result: Rollout | Failure = worker.collect(*request)
        except Exception:
            result = Failure(traceback.format_exc())
        try:
            conn.send(result)
        except OSError:
            return


class ProcessSamplers:
    """`workers` sampler processes (spawned: no torch state forked). A request goes to all of them pickled once, and
    up to two may be outstanding (the module docstring). Each sampler has a sending thread, so that the learner never
    blocks on a sampler still busy with the rollout before, and a receiving thread, so that a rollout's transfer
    overlaps the update; answers come back in request order."""

    def __init__(self, cfg: Config, spec: dict[str, Any], workers: int) -> None:
        ctx = mp.get_context("spawn")
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        self.outbox: list[queue.SimpleQueue[bytes | None]] = []
        self.inbox: list[queue.SimpleQueue[Any]] = []
        self.threads: list[threading.Thread] = []
        self.outstanding = 1  # requests submitted and not yet gathered; first, each sampler's "ready" (or Failure)
        try:
            for i in range(workers):
                mine, theirs = ctx.Pipe()
                proc = ctx.Process(target=_serve, args=(theirs, cfg, spec, i, workers), name=f"ppo-sampler-{i}",
                                   daemon=True)
                proc.start()
                theirs.close()
                self.conns.append(mine)
                self.procs.append(proc)
                self.outbox.append(queue.SimpleQueue())
                self.inbox.append(queue.SimpleQueue())
                for target in (self._send, self._receive):
                    self.threads.append(threading.Thread(target=target, args=(i,), daemon=True))
                    self.threads[-1].start()
            self.gather()  # every sampler ready (its imports, opponent pool and network built), or its error raised
        except BaseException:
            self.close()
            raise

    def submit(self, *request: Any) -> None:
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        for box in self.outbox:
            box.put(data)
        self.outstanding += 1

    def _send(self, i: int) -> None:
        """Sampler i's requests, in order; a sampler that is gone is reported by its receiving thread."""
        while (data := self.outbox[i].get()) is not None:
            try:
                self.conns[i].send_bytes(data)
            except OSError:
                return

    def _receive(self, i: int) -> None:
        while True:
            try:
                self.inbox[i].put(self.conns[i].recv())
            except (EOFError, OSError) as exc:
                self.inbox[i].put(Failure(f"sampler {i} stopped ({exc!r}, exit code {self.procs[i].exitcode})"))
                return

    def gather(self) -> list[Rollout]:
        """The answers to the oldest outstanding request."""
        results = [box.get() for box in self.inbox]
        self.outstanding -= 1
        for i, r in enumerate(results):
            if isinstance(r, Failure):
                raise RuntimeError(f"sampler {i} failed:\n{r.text}")
        return results

    def close(self) -> None:
        """Stop every sampler: at once when a rollout is in flight (an exception, Ctrl-C, or one asked for in vain at
        the end of a run), else by asking."""
        busy = self.outstanding > 0
        for box in self.outbox:
            if not busy:
                box.put(pickle.dumps(None))
            box.put(None)  # the sending thread ends after it
        for proc in self.procs:
            if not busy:
                proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
            proc.join()
        for conn in self.conns:  # a sending thread still blocked on a sampler that is gone fails and ends
            conn.close()
        for t in self.threads:
            t.join()


class RaySamplers:
    """The same samplers as Ray actors of one CPU each, on the cluster at `address` (None: a local Ray, shut down at
    the end). Each request's weights are put in the object store once; a sampler's exception comes back from
    `ray.get` with its remote traceback."""

    def __init__(self, cfg: Config, spec: dict[str, Any], workers: int, address: str | None) -> None:
        import ray

        from agents.evaluate_ray import connect

        self.started = connect(address)  # no dashboard, no worker logs copied to this terminal
        self.actors: list[Any] = []
        self.futures: deque[list[Any]] = deque()  # per outstanding request, oldest first (an actor runs them in order)
        try:
            actor = ray.remote(num_cpus=1, max_restarts=0)(SamplerWorker)
            self.actors = [actor.remote(cfg, spec, i, workers) for i in range(workers)]
            ray.get([a.ready.remote() for a in self.actors])  # built, or the error of the one that failed
        except BaseException:
            self.close()
            raise

    def submit(self, update: int, weights: Weights, snapshots: Snapshots) -> None:
        import ray

        w, s = ray.put(weights), ray.put(snapshots)
        self.futures.append([a.collect.remote(update, w, s) for a in self.actors])

    @property
    def outstanding(self) -> int:
        """Requests submitted and not yet gathered."""
        return len(self.futures)

    def gather(self) -> list[Rollout]:
        import ray

        return list(ray.get(self.futures.popleft()))

    def close(self) -> None:
        import ray

        for a in self.actors:
            ray.kill(a)
        self.actors = []
        if self.started:
            ray.shutdown()


class Pipeline:
    """The learner's side of the schedule in the module docstring: `next()` sends the samplers the current weights for
    rollout `trainer.update + 1`, then returns rollout `trainer.update`, which the learner trains on next."""

    def __init__(self, trainer: Trainer) -> None:
        cfg = trainer.cfg
        self.trainer = trainer
        spec = trainer.net.spec()
        self.samplers: ProcessSamplers | RaySamplers = (
            RaySamplers(cfg, spec, cfg.workers, cfg.address) if cfg.ray else ProcessSamplers(cfg, spec, cfg.workers))
        self.last_steps = 0  # env steps of the last rollout: whether the run will want another one after this
        self.serials: list[tuple[dict[str, torch.Tensor], int]] = []  # snapshot -> its number, sent once
        self.count = 0
        self.held: set[int] = set()  # the snapshots the samplers hold

    def behaviour(self, update: int) -> dict[str, Any]:
        t = self.trainer
        return {"update": update, "state_dict": {k: v.detach().clone() for k, v in t.net.state_dict().items()},
                "snapshots": list(t.snapshots)}

    def next(self) -> Rollout:
        t = self.trainer
        if not self.samplers.outstanding:  # the first rollout of a run, or of a resumed one (collected again as it was)
            b = t.behaviour
            self._submit(b if b is not None and b["update"] == t.update else self.behaviour(t.update))
        following = self.behaviour(t.update + 1)  # the weights before this update: one update stale
        if t.env_steps + self.last_steps < t.cfg.total_steps:
            self._submit(following)  # queued now, so that each sampler starts it the moment it has sent this one
        ro = merge(self.samplers.gather())
        self.last_steps = ro.env_steps
        t.behaviour = following
        if not self.samplers.outstanding and t.env_steps + ro.env_steps < t.cfg.total_steps:
            self._submit(following)  # the last rollout's size said no more were needed, and it was wrong
        return ro

    def _submit(self, behaviour: dict[str, Any]) -> None:
        snapshots: Snapshots = []
        for sd in behaviour["snapshots"]:
            serial = next((n for d, n in self.serials if d is sd), None)
            if serial is None:
                serial, self.count = self.count, self.count + 1
                self.serials.append((sd, serial))
            snapshots.append((serial, None if serial in self.held else _numpy(sd)))
        self.held = {n for n, _ in snapshots}  # a sampler keeps only the snapshots of its last request
        self.serials = [(d, n) for d, n in self.serials if n in self.held]
        self.samplers.submit(behaviour["update"], _numpy(behaviour["state_dict"]), snapshots)

    def close(self) -> None:
        self.samplers.close()
