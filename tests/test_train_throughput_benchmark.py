"""benchmarks/train_throughput.py: each trainer's line comes from a real, short run (training/ppo.py one update,
RLlib two small updates) and reports consistent figures."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
train_throughput = load_benchmark("train_throughput")


@pytest.mark.slow
def test_the_ppo_line_counts_the_steps_of_its_updates(monkeypatch):
    monkeypatch.chdir(ROOT)  # (configs/ppo.yaml is read relative to the repository)
    rate = train_throughput.ppo_rate(updates=1, opponents="self=1", threads=1)
    assert rate.steps > 1000 and rate.overall > 0 and rate.rollout_sps >= rate.overall and rate.rollout_wait is None
    assert math.isnan(rate.later)  # one update: nothing "from the second update on"


@pytest.mark.slow
def test_the_rllib_line_runs_citadels_train_on_the_same_network():
    pytest.importorskip("ray.rllib")
    import ray

    rate = train_throughput.rllib_rate(steps=2048, opponents="self=1", runners=0, envs=8, batch=1024, threads=1)
    ray.shutdown()
    assert rate.steps >= 2048 and rate.overall > 0 and rate.later > 0 and rate.startup > 0
