"""benchmarks/draft_reading.py: how often a search's samples give the other seats their true characters, by k."""

from __future__ import annotations

import json

import pytest
from benchmark_scripts import load_benchmark

draft_reading = load_benchmark("draft_reading")


def test_counts_every_k_and_writes_json_and_png(tmp_path, capsys):
    argv = ["--table", "heuristic", "random", "--players", "4", "--games", "2", "--share", "0.3", "--draws", "2",
            "--ks", "1", "4", "--out", str(tmp_path)]
    assert draft_reading.main(argv) == 0
    rows = json.loads((tmp_path / "draft_reading.json").read_text())["rows"]
    assert set(rows) == {"1", "4"}
    for r in rows.values():
        assert r["sampled"] > 0 and 0 < r["right"] <= r["sampled"]
    assert rows["1"]["sampled"] == rows["4"]["sampled"]  # the same decisions, the same number of draws
    assert (tmp_path / "draft_reading.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| 4 |" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [(["--players", "9"], "--players"), (["--games", "0"], "--games"),
                                           (["--ks", "0"], "--ks"), (["--share", "0"], "--share"),
                                           (["--table", "no-such-bot"], "--table")])
def test_bad_options_are_refused_before_any_game(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        draft_reading.main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
