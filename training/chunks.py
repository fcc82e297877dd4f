"""Games played in saved chunks over a process pool: the resumable data collection of training/expert.py and
training/leaf_fit.py.

Each job names the file its chunk is saved to (`job["file"]`, an `.npz` of plain arrays) and its game seeds
(`job["seeds"]`). Chunks already on disk are not played again, so a stopped run started again plays only the missing
ones; each file is written to a temporary name and moved into place, so a chunk on disk is always whole.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from agents.process_pool import finishing, orphan_guard

Chunk = dict[str, np.ndarray]


def play_saved(jobs: list[dict[str, Any]], play: Callable[[dict[str, Any]], Chunk], workers: int, progress: bool,
               desc: str = "games", compressed: bool = False) -> Chunk:
    """Play the jobs whose file is missing (`play(job)` in `workers` spawned processes, or here with one), save each
    chunk, and return every job's arrays joined in job order."""
    import multiprocessing as mp

    from tqdm import tqdm

    total = sum(len(job["seeds"]) for job in jobs)
    todo = [job for job in jobs if not job["file"].exists()]
    with tqdm(total=total, initial=total - sum(len(j["seeds"]) for j in todo), desc=desc, unit="game",
              disable=not progress, file=sys.stderr) as bar:
        def save(part: Chunk, job: dict[str, Any]) -> None:
            tmp = job["file"].with_suffix(".tmp.npz")
            (np.savez_compressed if compressed else np.savez)(tmp, **part)
            tmp.replace(job["file"])
            bar.update(len(job["seeds"]))

        if workers <= 1:
            for job in todo:
                save(play(job), job)
        elif todo:
            with finishing(mp.get_context("spawn").Pool(workers, initializer=orphan_guard)) as pool:
                for part, job in zip(pool.imap(play, todo), todo):
                    save(part, job)
    parts = [dict(np.load(job["file"])) for job in jobs]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
