"""benchmarks/leaf_calibration.py: leaf values scored on who wins, by temperature, and the JSON and PNG it writes."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from benchmark_scripts import load_benchmark

leaf_calibration = load_benchmark("leaf_calibration")


def test_scores_every_net_at_every_temperature(tmp_path, capsys):
    argv = ["--nets", "ppo-v6", "model", "--table", "heuristic", "random", "--players", "3", "--games", "3",
            "--temps", "1", "3", "--out", str(tmp_path)]
    assert leaf_calibration.main(argv) == 0
    data = json.loads((tmp_path / "leaf_calibration.json").read_text())
    assert data["positions"] > 0 and set(data["results"]) == {"ppo-v6", "model"}
    for rows in data["results"].values():
        assert [r["temp"] for r in rows] == [1.0, 3.0]
        for r in rows:
            assert r["log_loss"] > 0 and 0 <= r["favourite_won"] <= 1 and 1 / 3 <= r["favourite_share"] <= 1
        assert rows[1]["favourite_share"] <= rows[0]["favourite_share"]  # hotter is less sure
    assert (tmp_path / "leaf_calibration.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| `ppo-v6` |" in capsys.readouterr().out


def test_the_score_is_the_log_loss_of_the_tempered_values():
    raw = np.array([[0.5, 0.25, 0.25], [0.2, 0.2, 0.6]])
    winners = np.array([0, 1])
    assert leaf_calibration.score(raw, winners, 1.0)["log_loss"] == pytest.approx(-(math.log(0.5) + math.log(0.2)) / 2)
    assert leaf_calibration.score(raw, winners, 1.0)["favourite_won"] == 0.5
    flat = leaf_calibration.score(raw, winners, 1e6)  # infinitely hot: a uniform guess
    assert flat["log_loss"] == pytest.approx(math.log(3), abs=1e-4)


@pytest.mark.parametrize("argv, message", [(["--players", "9"], "--players"), (["--games", "0"], "--games"),
                                           (["--temps", "0"], "--temps"), (["--nets", "no-such-net"], "--nets"),
                                           (["--table", "no-such-bot"], "--table no-such-bot")])
def test_bad_options_are_refused_before_any_game(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        leaf_calibration.main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
