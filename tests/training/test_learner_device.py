"""training/ppo.py's `device`: the update on a GPU copy of the network, whose weights the CPU network (rollouts,
snapshots, checkpoints) takes after each update. Where no GPU is at hand, the copy is made on the CPU: every step of
the GPU path but the device itself, and then the run must be exactly the run without a copy."""

from __future__ import annotations

import copy

import numpy as np
import pytest
import torch

import agents
from agents.policy import load_checkpoint
from training import ppo
from training.sampling import SparseRows


def tiny(tmp_path, **overrides) -> ppo.Config:
    base = dict(out_dir=str(tmp_path), exp_name="tiny", players=3, total_steps=900, num_games=4, hidden=32,
                minibatch_size=128, update_epochs=2, opponents={"self": 0.6, "snapshot": 0.2, "random": 0.2},
                snapshot_every=1, eval_every=0, eval_games=0, eval_opponents=[], checkpoint_every=1,
                progress=False, threads=1)
    base.update(overrides)
    return ppo.Config(**base)


@pytest.fixture
def copied_learner(monkeypatch):
    """The learner a separate module even on the CPU, as on a GPU."""
    made: list[tuple[torch.nn.Module, torch.nn.Module]] = []

    def copy_of(net, device):
        learner = copy.deepcopy(net).to(device)
        made.append((net, learner))
        return learner

    monkeypatch.setattr(ppo, "learner_for", copy_of)
    return made


def _same_weights(a: str, b: str) -> None:
    x, y = load_checkpoint(a), load_checkpoint(b)
    assert x["update"] == y["update"] >= 2
    for k in x["state_dict"]:
        assert torch.equal(x["state_dict"][k], y["state_dict"][k]), k


def test_a_learner_copy_trains_exactly_like_the_network_itself(tmp_path, copied_learner):
    kw = dict(total_steps=1500, bc_games=2, bc_epochs=1)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(ppo, "learner_for", lambda net, device: net)
        plain = ppo.train(tiny(tmp_path / "plain", **kw))
    copied = ppo.train(tiny(tmp_path / "copied", **kw))
    assert copied_learner and all(net is not learner for net, learner in copied_learner)
    _same_weights(plain, copied)


def test_a_learner_copy_resumes_and_samples_in_workers_like_the_network_itself(tmp_path, copied_learner):
    kw = dict(total_steps=1500, workers=2)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(ppo, "learner_for", lambda net, device: net)
        plain = ppo.train(tiny(tmp_path / "plain", **kw))
    first = sorted((tmp_path / "plain" / "tiny" / "checkpoints").glob("update_00001.pt"))[0]
    resumed = ppo.train(tiny(tmp_path / "copied", **kw), resume=str(first))
    assert copied_learner
    _same_weights(plain, resumed)


def test_the_cpu_network_takes_the_learners_weights_after_each_update(tmp_path, copied_learner):
    trainer = ppo.Trainer(tiny(tmp_path))
    before = {k: v.clone() for k, v in trainer.net.state_dict().items()}
    trainer.learn(trainer.collect())
    learned = trainer.learner.state_dict()
    assert any(not torch.equal(before[k], v) for k, v in trainer.net.state_dict().items())
    assert all(torch.equal(learned[k], v) for k, v in trainer.net.state_dict().items())


@pytest.mark.parametrize(("device", "why"), [("gpu", "not a device name"), ("cuda:x", "not a device name"),
                                             ("cuda:99", "GPU")])
def test_a_device_that_cannot_hold_the_update_is_refused_before_any_work(tmp_path, device, why):
    with pytest.raises(ppo.config.ConfigError, match=f"device: .*{why}"):
        tiny(tmp_path, device=device).validate()
    tiny(tmp_path, device="cpu").validate()


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_training_with_the_update_on_a_gpu_plays_and_resumes(tmp_path):
    final = ppo.train(tiny(tmp_path / "a", device="cuda", total_steps=1500, workers=2))
    data = load_checkpoint(final)
    assert all(v.device.type == "cpu" for v in data["state_dict"].values())
    start = ppo.Trainer(tiny(tmp_path / "s", device="cuda")).net.state_dict()
    assert any(not torch.equal(start[k], v) for k, v in data["state_dict"].items())
    bot = agents.make(str(final))
    assert bot is not None
    first = sorted((tmp_path / "a" / "tiny" / "checkpoints").glob("update_00001.pt"))[0]
    resumed = ppo.train(tiny(tmp_path / "b", device="cuda", total_steps=1500, workers=2), resume=str(first))
    assert load_checkpoint(resumed)["update"] == data["update"]
    inputs = ppo.Trainer(tiny(tmp_path / "s", device="cuda")).inputs  # the samplers' rows, scattered on the GPU
    rows = [np.eye(5, 7, k, dtype=np.float32) * (k + 1) for k in range(3)]
    joined = inputs.stacked("obs", [SparseRows([r]) for r in rows])
    assert joined.device.type == "cuda" and np.array_equal(joined.cpu().numpy(), np.concatenate(rows))


def test_observations_sent_as_their_non_zeros_join_into_the_dense_rows(tmp_path):
    """What a sampler process sends (`SparseRows`) and what the learner joins (`UpdateInputs.stacked`, in a buffer it
    keeps and grows) give the rows the rollout had, mixed with dense parts, over updates of different sizes."""
    rng = np.random.default_rng(3)
    trainer = ppo.Trainer(tiny(tmp_path))

    def part(rows: int) -> np.ndarray:
        return (rng.random((rows, 9)) * (rng.random((rows, 9)) < 0.1)).astype(np.float32)

    for sizes in ([5, 7, 1], [40, 2], [3]):  # the second grows the buffer, the third reuses it
        dense = [part(n) for n in sizes]
        sparse = SparseRows(dense[:2]) if len(dense) > 1 else SparseRows(dense)
        assert len(sparse) == sum(sizes[:2]) if len(dense) > 1 else sizes[0]
        parts = [sparse, *dense[2:]] if len(dense) > 1 else [sparse]
        assert np.array_equal(trainer.inputs.stacked("obs", parts).numpy(), np.concatenate(dense))
        assert np.array_equal(trainer.inputs.stacked("obs", dense).numpy(), np.concatenate(dense))
    assert SparseRows([np.zeros((4, 3), np.float32)]).values.size == 0
    # On a GPU, rows that came as non-zeros only are scattered there; the same code, on the CPU here:
    trainer.inputs.scatter_on_device = True
    dense = [part(n) for n in (6, 11, 3)]
    joined = trainer.inputs.stacked("obs", [SparseRows([d]) for d in dense])
    assert joined.dtype == torch.float32 and np.array_equal(joined.numpy(), np.concatenate(dense))
    assert np.array_equal(trainer.inputs.stacked("obs", dense).numpy(), np.concatenate(dense))  # dense: the buffer


def test_non_zeros_taken_part_by_part_are_those_of_the_joined_rows(tmp_path):
    """A sampler takes its rollout's non-zeros part by part (never joining the dense rows): the positions and values
    are exactly those of the joined rows, -0.0 counted as zero and NaN kept, as numpy's own test of truth counts them;
    the learner's scatter from its kept buffers puts them back."""
    rng = np.random.default_rng(5)
    parts = [(rng.random((n, 6)) * (rng.random((n, 6)) < 0.3)).astype(np.float32) for n in (4, 1, 3, 7)]
    parts[1][:] = 0.0
    parts[2][0, 1], parts[2][1, 2] = -0.0, np.nan
    joined = np.concatenate(parts)
    sparse = SparseRows(parts)
    assert sparse.shape == joined.shape and sparse.index.dtype == np.int32
    assert np.array_equal(sparse.index, np.flatnonzero(joined))
    assert np.array_equal(sparse.values, joined.reshape(-1)[np.flatnonzero(joined)], equal_nan=True)
    inputs = ppo.Trainer(tiny(tmp_path)).inputs
    inputs.scatter_on_device = True
    for chunks in ([sparse], [SparseRows(parts[:2]), SparseRows(parts[2:])], [SparseRows([p]) for p in parts]):
        back = inputs.stacked("obs", chunks).numpy()
        assert np.array_equal(back, joined, equal_nan=True)
        assert not np.signbit(back[4 + 1 + 0, 1])  # the -0.0 comes back as 0.0: it was not sent
