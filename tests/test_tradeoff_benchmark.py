"""benchmarks/tradeoff.py: bots as points on two tables, each axis counted on the deals every point played there;
files that did not play the same tables are refused with one line."""

from __future__ import annotations

import json

import pytest
from benchmark_scripts import load_benchmark
from test_paired_benchmark import _fake

tradeoff = load_benchmark("tradeoff")


def test_each_axis_counts_only_the_deals_every_point_played(tmp_path, capsys):
    ax = _fake(tmp_path / "ax.json", [True, True, False, False, True, True])  # 6 deals, seeds 100-105
    ay = _fake(tmp_path / "ay.json", [True, False, False, False], lineup=["x", "z"], first_seed=200)
    bx = _fake(tmp_path / "bx.json", [False, True, True, True])  # 4 deals: x counts seeds 100-103 for both
    by1 = _fake(tmp_path / "by1.json", [True, True], lineup=["x", "z"], first_seed=200)
    by2 = _fake(tmp_path / "by2.json", [True, True], lineup=["x", "z"], first_seed=202)
    out = tmp_path / "out"
    r = tradeoff.main(["--point", "A", str(ax), str(ay), "--point", "B", str(bx), f"{by1},{by2}",
                       "--y-target", "0.5", "--out", str(out)])
    assert r["x_deals"] == 4 and r["y_deals"] == 4 and r["x_others"] == "1 × y" and r["y_others"] == "1 × z"
    a, b = r["points"]
    assert (a["label"], a["x"]["wins"], a["y"]["wins"]) == ("A", 2, 1)
    assert (b["label"], b["x"]["wins"], b["y"]["wins"]) == ("B", 3, 4)
    assert b["y"]["rate"] == 1.0 and b["y"]["low"] < 1.0 == b["y"]["high"]
    assert b["y"]["files"] == [str(by1), str(by2)]
    assert json.loads((out / "tradeoff.json").read_text()) == r
    assert (out / "tradeoff.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| B | 75.0% [" in capsys.readouterr().out


def test_tables_that_differ_are_refused_in_one_line(tmp_path, capsys):
    good = _fake(tmp_path / "good.json", [True, False])
    other = _fake(tmp_path / "other.json", [True, False], lineup=["x", "heuristic"])
    late = _fake(tmp_path / "late.json", [True, False], first_seed=900)
    moved = _fake(tmp_path / "moved.json", [True, False, True], first_seed=99)  # seed 100 with the bot in seat 1
    cases = [(other, "other opponents"), (late, "share no deal"), (moved, "different seats")]
    for bad, words in cases:
        with pytest.raises(SystemExit) as exit_:
            tradeoff.main(["--point", "A", str(good), str(good), "--point", "B", str(bad), str(good)])
        assert exit_.value.code == 1
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1 and err.startswith("tradeoff.py: error:")
    for argv, words in ((["--point", "A", str(good), str(tmp_path / "none.json")], "no such file"),
                        (["--point", "A", str(good), str(good), "--x-target", "45"], "from 0 to 1")):
        with pytest.raises(SystemExit) as exit_:
            tradeoff.main(argv)
        assert exit_.value.code == 2 and words in capsys.readouterr().err
