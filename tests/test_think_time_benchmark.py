"""benchmarks/think_time.py: every bot timed on the same decisions, and the JSON and PNG it writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
think_time = load_benchmark("think_time")


def test_every_bot_is_timed_on_the_same_decisions(tmp_path, capsys):
    bots = ["ismcts:iters=5", "ppo+ismcts:iters=5"]
    assert think_time.main(["--bots", *bots, "--players", "3", "--games", "1", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "think_time.json").read_text())
    rows = data["rows"]
    assert [r["bot"] for r in rows] == bots
    assert rows[0]["decisions"] == rows[1]["decisions"] > 0  # the same searched decisions for both
    assert rows[0]["ratio_to_first"] == pytest.approx(1.0)
    for r in rows:
        assert 0 < r["median_ms"] <= r["p95_ms"] and r["mean_ms"] > 0
    assert (tmp_path / "think_time.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| `ppo+ismcts:iters=5` |" in capsys.readouterr().out
    assert rows[0]["unsearched"] is None and 0 <= rows[1]["unsearched"] < rows[1]["decisions"]


def test_counts_the_decisions_a_guided_bot_answers_from_its_prior_alone(tmp_path):
    """`mass` small enough keeps one answer at every decision: all of them answered without a search."""
    bots = ["ppo+ismcts:iters=5,mass=0.01", "ppo+ismcts:iters=5"]
    assert think_time.main(["--bots", *bots, "--players", "3", "--games", "1", "--out", str(tmp_path)]) == 0
    rows = json.loads((tmp_path / "think_time.json").read_text())["rows"]
    assert rows[0]["unsearched"] == rows[0]["decisions"] > rows[1]["unsearched"]


@pytest.mark.parametrize("argv, message", [(["--players", "9"], "--players"), (["--games", "0"], "--games"),
                                           (["--bots", "no-such-bot"], "--bots no-such-bot")])
def test_bad_options_are_refused_before_any_game(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        think_time.main(argv)
    assert exc.value.code == 2 and message in capsys.readouterr().err
