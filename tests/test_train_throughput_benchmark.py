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


def test_a_short_run_writes_its_figures_with_the_machine_and_a_plot(monkeypatch, tmp_path, capsys):
    import json
    import sys

    monkeypatch.chdir(ROOT)
    argv = ["train_throughput.py", "--opponents", "self=1", "--workers", "0", "1", "--updates", "2", "--num-games", "4",
            "--minibatch-size", "64", "--update-epochs", "1", "--sb3-steps", "0", "--json", str(tmp_path / "r.json"),
            "--plot", str(tmp_path / "r.png")]
    monkeypatch.setattr(sys, "argv", argv)
    train_throughput.main()
    out = capsys.readouterr().out
    assert "4 games a rollout, minibatch 64, 1 epoch(s)" in out and "update on cpu, workers 1" in out
    assert "each sampler" in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["machine"]["cores"] and data["machine"]["date"]
    assert [r["workers"] for r in data["rows"]] == [0, 1]
    assert all(r["steps"] > 0 and r["later"] > 0 and r["update_s"] > 0 for r in data["rows"])
    assert data["rows"][0]["sampler_idle"] is None and data["rows"][1]["sampler_idle"] >= 0
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("args", "why"), [(["--device", "gpu"], "--device gpu"),
                                           (["--workers", "8", "--num-games", "4"], "--num-games must be"),
                                           (["--minibatch-size", "0"], "--minibatch-size must be > 0"),
                                           (["--update-epochs", "0"], "--update-epochs must be > 0")])
def test_bad_options_are_refused_before_any_work(monkeypatch, capsys, args, why):
    import sys

    monkeypatch.setattr(sys, "argv", ["train_throughput.py", *args])
    monkeypatch.setattr(train_throughput, "ppo_rate", lambda *a, **k: pytest.fail("work started"))
    with pytest.raises(SystemExit) as exit_:
        train_throughput.main()
    assert exit_.value.code == 2 and why in capsys.readouterr().err
