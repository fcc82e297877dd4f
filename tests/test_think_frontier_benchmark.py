"""benchmarks/think_frontier.py: win rate against the ratio of think times, read from `citadels eval` results."""

from __future__ import annotations

import json

import pytest
from benchmark_scripts import load_benchmark

from agents.eval_report import FORMAT

think_frontier = load_benchmark("think_frontier")


def _results(path, wins, games, own, others, lineup=("a", "b", "b")):
    """A results file whose entry 0 won `wins` of `games`; `own` and `others` are (think_s, decisions) per entry."""
    entries = [{"name": lineup[0], "games": games, "wins": wins, "think_s": own[0], "decisions": own[1]}]
    entries += [{"name": name, "games": games, "wins": 0, "think_s": s, "decisions": n}
                for name, (s, n) in zip(lineup[1:], others)]
    path.write_text(json.dumps({"format": FORMAT, "lineup": list(lineup), "entries": entries}))
    return path


def test_joins_files_and_times_each_side_in_the_same_games(tmp_path, capsys):
    one = _results(tmp_path / "one.json", 10, 20, (2.0, 100), [(3.0, 100), (1.0, 100)])
    two = _results(tmp_path / "two.json", 5, 20, (4.0, 100), [(2.0, 50), (2.0, 50)])
    slow = _results(tmp_path / "slow.json", 12, 20, (9.0, 100), [(3.0, 100), (3.0, 100)])
    argv = ["--point", "joined", f"{one},{two}", "--point", "slow", str(slow), "--out", str(tmp_path / "out")]
    assert think_frontier.main(argv) == 0
    data = json.loads((tmp_path / "out" / "think_frontier.json").read_text())
    joined, slower = data["points"]
    assert (joined["wins"], joined["games"]) == (15, 40) and joined["win_rate"] == pytest.approx(0.375)
    assert joined["ms"] == pytest.approx(30.0) and joined["opponents_ms"] == pytest.approx(8000 / 300)
    assert joined["ratio"] == pytest.approx(30.0 / (8000 / 300))
    assert slower["ratio"] == pytest.approx(3.0) and slower["ci_low"] < 0.6 < slower["ci_high"]
    assert (tmp_path / "out" / "think_frontier.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| joined | 40 | 15 | 37.5% |" in capsys.readouterr().out


def test_refuses_files_that_are_not_one_configuration(tmp_path, capsys):
    one = _results(tmp_path / "one.json", 1, 2, (1.0, 10), [(1.0, 10), (1.0, 10)])
    other = _results(tmp_path / "other.json", 1, 2, (1.0, 10), [(1.0, 10), (1.0, 10)], lineup=("c", "b", "b"))
    (tmp_path / "bad.json").write_text("{not json")
    for files, message in [(f"{one},{other}", "another lineup"), (str(tmp_path / "bad.json"), "not a readable JSON"),
                           (str(tmp_path / "none.json"), "not a readable JSON")]:
        with pytest.raises(SystemExit) as exc:
            think_frontier.main(["--point", "p", files, "--out", str(tmp_path / "out")])
        assert exc.value.code == 2 and message in capsys.readouterr().err
    with pytest.raises(SystemExit):
        think_frontier.main(["--point", "p", str(one), "--entry", "5", "--out", str(tmp_path / "out")])
    assert "--entry 5" in capsys.readouterr().err
