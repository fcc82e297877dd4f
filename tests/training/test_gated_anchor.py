"""Anchors gated by who sits at the table (`anchor_opponents`): the rollout flags each learner transition by its
table, the anchor pulls at the flagged tables only and `rest_anchor` at the others (training/anchor.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from agents.policy import load_policy, masked_log_probs, save_checkpoint
from training import ppo
from training.anchor import Anchor
from training.sampling import SELF, Rollout, merge


def tiny(tmp_path, **overrides) -> ppo.Config:
    base = dict(out_dir=str(tmp_path), exp_name="tiny", players=3, total_steps=900, num_games=4, hidden=32,
                minibatch_size=128, update_epochs=2, opponents={"random": 1.0}, snapshot_every=1, eval_every=0,
                eval_games=6, eval_opponents=[], checkpoint_every=1, progress=False, threads=1)
    base.update(overrides)
    return ppo.Config(**base)


def _two_starts(tmp_path):
    """Network A (a short run) and B (A moved far away), as checkpoint paths."""
    a = ppo.train(tiny(tmp_path / "a", eval_opponents=[], total_steps=300, seed=1))
    b, _ = load_policy(a)
    with torch.no_grad():
        for w in b.parameters():
            w.add_(0.5 * torch.randn(w.shape, generator=torch.Generator().manual_seed(3)))
    save_checkpoint(tmp_path / "b.pt", b)
    return str(a), str(tmp_path / "b.pt")


def _gated(tmp_path, a, b, **overrides):
    run = dict(num_games=16, init_from=a, seed=4, opponents={"random": 0.5, "heuristic": 0.5},
               opponents_per="seat", anchor=a, anchor_coef=1.0, anchor_opponents=["random"], rest_anchor=b,
               rest_anchor_coef=1.0)
    run.update(overrides)
    return tiny(tmp_path, **run)


def test_a_table_is_flagged_when_every_other_seat_is_an_anchor_opponent(tmp_path):
    a, b = _two_starts(tmp_path)
    trainer = ppo.Trainer(_gated(tmp_path / "t", a, b))
    seen = set()
    for seed in range(60):
        table = trainer.new_table(seed)
        others = [c.name for c in table.controllers if c != SELF]
        assert table.anchored == all(name == "random" for name in others)
        seen.add(table.anchored)
    assert seen == {True, False}  # (both kinds of table were drawn)
    ro = trainer.collect()
    assert len(ro.anchored) == len(ro.actions) and 0 < sum(ro.anchored) < len(ro.anchored)
    assert {k: (v.scope, v.gated) for k, v in trainer.anchors.items()} == {
        "anchor": ("all", True), "rest_anchor": ("all", False)}


def _kls(trainer: ppo.Trainer) -> dict[str, float]:
    """Each anchor's KL over one rollout of `trainer`, before any update."""
    ro = trainer.collect()
    obs = torch.from_numpy(np.concatenate(ro.obs))
    masks = torch.from_numpy(np.concatenate(ro.masks))
    flagged = torch.tensor(ro.anchored)
    with torch.no_grad():
        logp = masked_log_probs(trainer.net(obs, masks, None)[0])
        return {name: float(a.kl(logp, obs, masks, flagged)) for name, a in trainer.anchors.items()}


def test_each_gated_anchor_pulls_at_its_own_tables_only(tmp_path):
    a, b = _two_starts(tmp_path)
    kls = _kls(ppo.Trainer(_gated(tmp_path / "both", a, b)))
    assert kls["anchor"] < 1e-5  # the policy starts as A: no pull where A anchors
    assert kls["rest_anchor"] > 0.05  # and B is far from it at the other tables
    swapped = _kls(ppo.Trainer(_gated(tmp_path / "swapped", a, b, anchor=b, rest_anchor=a)))
    assert swapped["anchor"] > 0.05 and swapped["rest_anchor"] < 1e-5
    only_random = _kls(ppo.Trainer(_gated(tmp_path / "random", a, b, opponents={"random": 1.0})))
    assert only_random["rest_anchor"] == 0.0 and only_random["anchor"] < 1e-5  # every table is A's


def test_a_gated_anchor_covers_the_flagged_rows_or_the_others():
    obs = torch.zeros(4, 10)
    flagged = torch.tensor([True, False, True, False])
    assert Anchor(None, 1.0, gated=True).rows(obs, flagged).tolist() == [True, False, True, False]
    assert Anchor(None, 1.0, gated=False).rows(obs, flagged).tolist() == [False, True, False, True]
    assert Anchor(None, 1.0).rows(obs, flagged).tolist() == [True] * 4
    with pytest.raises(ValueError, match="flag"):
        Anchor(None, 1.0, gated=True).rows(obs)


def test_the_flags_travel_with_merged_rollouts():
    parts = []
    for flags in ([True, False], [False]):
        ro = Rollout(actions=[0] * len(flags), anchored=list(flags))
        ro.advantages = ro.returns = np.zeros(len(flags), dtype=np.float32)
        parts.append(ro)
    assert merge(parts).anchored == [True, False, False]


def test_anchor_opponents_must_be_opponents_of_the_run(tmp_path):
    a, b = _two_starts(tmp_path)
    _gated(tmp_path, a, b).validate()  # (a rest anchor over the same scope: the other tables)
    with pytest.raises(ValueError, match="anchor_opponents"):
        _gated(tmp_path, a, b, anchor_opponents=["heuristic-strong"]).validate()
    with pytest.raises(ValueError, match="anchor_opponents"):
        _gated(tmp_path, a, b, anchor_opponents=[]).validate()
    with pytest.raises(ValueError, match="rest_anchor"):  # without the gate, the rest of every decision is nothing
        _gated(tmp_path, a, b, anchor_opponents=None).validate()


def test_a_run_with_gated_anchors_trains_with_sampler_processes(tmp_path):
    """The samplers' flags reach the update: without them a gated anchor has no rows to read and the run fails."""
    a, b = _two_starts(tmp_path)
    ppo.train(_gated(tmp_path / "w", a, b, workers=2, total_steps=1200))
    summary = json.loads((tmp_path / "w" / "tiny" / "summary.json").read_text())
    assert summary["env_steps"] >= 1200
