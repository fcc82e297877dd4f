"""Where training/ppo.py's update runs (`device`), and how a rollout becomes the update's input tensors.

With `device: cuda` the update trains a copy of the network on the GPU, and the CPU network, which plays the
in-process rollouts, makes the snapshots and is saved in the checkpoints, takes its weights after every update:
rollouts decide one small batch at a time, which the CPU does best, while with many samplers the update is the
critical path, which the GPU shortens (docs/TRAINING.md, "On 16 cores and a GPU").
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence

import numpy as np
import torch

from agents.policy import PolicyNet
from training.sampling import SparseRows


def device_problem(device: str) -> str | None:
    """Why `device` cannot hold the update here, or None where it can."""
    if device == "cpu":
        return None
    if not re.fullmatch(r"cuda(:\d+)?", device):
        return f"{device!r} is not a device name"
    if not torch.cuda.is_available():
        return "torch sees no CUDA GPU on this machine"
    index = int(device.partition(":")[2] or 0)
    count = torch.cuda.device_count()
    return None if index < count else f"this machine has {count} GPU(s)"


def learner_for(net: PolicyNet, device: torch.device) -> PolicyNet:
    """The network the update trains: `net` itself on the CPU, else a copy of it on `device`."""
    return net if device.type == "cpu" else copy.deepcopy(net).to(device)


class UpdateInputs:
    """The rollout's per-step arrays joined into one tensor each, in buffers kept from update to update (pinned where
    a GPU reads them). A fresh array of a rollout's observations (8 KB a step) cost more than the GPU update itself,
    since the operating system zeroes each new page: 0.48 s for 200 MB on the 2-core sandbox."""

    def __init__(self, device: torch.device) -> None:
        self.device = device
        self.buffers: dict[str, torch.Tensor] = {}
        #: Rows that came as non-zeros (sampler processes) are scattered on the device itself, from a few MB of
        #: positions and values, rather than made dense in memory and copied over (about ten times the bytes at
        #: 3.5 % non-zero).
        self.scatter_on_device = device.type != "cpu"

    def buffer(self, name: str, rows: int, shape: tuple[int, ...], dtype: np.dtype) -> torch.Tensor:
        """`rows` rows of the buffer kept for `name` (grown, with a quarter more room, when too small)."""
        kind = torch.from_numpy(np.empty(0, dtype)).dtype
        buf = self.buffers.get(name)
        if buf is None or buf.shape[0] < rows or buf.shape[1:] != shape or buf.dtype != kind:
            buf = torch.empty((rows + rows // 4, *shape), dtype=kind, pin_memory=self.device.type == "cuda")
            self.buffers[name] = buf  # (a quarter more: room for the next rollout, which varies in length)
        return buf[:rows]

    def stacked(self, name: str, parts: Sequence[np.ndarray | SparseRows]) -> torch.Tensor:
        """`parts` (dense rows, or a sampler's `SparseRows`) joined in order, on the device; the tensor is valid
        until the next call for `name`."""
        rows, shape, dtype = sum(len(p) for p in parts), parts[0].shape[1:], parts[0].dtype
        if self.scatter_on_device and all(isinstance(p, SparseRows) for p in parts):
            return self.scattered(name, parts, rows)  # type: ignore[arg-type]
        out = self.buffer(name, rows, shape, dtype)
        rows_out = out.numpy()
        if any(isinstance(p, SparseRows) for p in parts):
            start = 0
            for p in parts:
                if isinstance(p, SparseRows):
                    p.write(rows_out[start:start + len(p)])
                else:
                    rows_out[start:start + len(p)] = p
                start += len(p)
        else:
            np.concatenate(parts, out=rows_out)
        return out if self.device.type == "cpu" else out.to(self.device)

    def scattered(self, name: str, parts: Sequence[SparseRows], rows: int) -> torch.Tensor:
        """`parts` joined as a fresh tensor on the device: zeros, then each part's non-zeros put in place. Positions
        and values are joined in kept buffers and copied over as they came (each part's positions count from its
        own first row); the device adds each part's offset. Fresh arrays of them in the learner's memory would be
        zeroed page by page, as the dense rows were (the class docstring)."""
        width = int(np.prod(parts[0].shape[1:]))
        counts = [len(p.values) for p in parts]
        index_kind = np.result_type(*(p.index.dtype for p in parts))
        index = self.buffer(name + ".index", sum(counts), (), index_kind)
        values = self.buffer(name + ".values", sum(counts), (), parts[0].values.dtype)
        np.concatenate([p.index for p in parts], out=index.numpy())
        np.concatenate([p.values for p in parts], out=values.numpy())
        starts = torch.tensor(np.cumsum([0, *(len(p) for p in parts[:-1])]) * width, device=self.device)
        offsets = torch.repeat_interleave(starts, torch.tensor(counts, device=self.device), output_size=sum(counts))
        out = torch.zeros((rows, *parts[0].shape[1:]), dtype=values.dtype, device=self.device)
        out.view(-1)[index.to(self.device).long() + offsets] = values.to(self.device)
        return out
