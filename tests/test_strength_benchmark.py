"""benchmarks/strength.py: the rows, the targets of issue 12, and the JSON and PNG it writes."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
strength = importlib.util.module_from_spec(spec)
sys.modules["strength"] = strength  # dataclasses look their module up there
spec.loader.exec_module(strength)


@pytest.mark.parametrize(("baseline", "players", "goal"), [
    ("heuristic", 4, 0.45), ("heuristic", 2, 0.70), ("heuristic", 3, 0.6), ("heuristic", 8, 0.225),
    ("heuristic-strong", 4, 0.40), ("heuristic-strong", 2, 0.75), ("heuristic-strong", 6, 0.25),
    ("random", 4, None)])
def test_targets_are_the_issues(baseline, players, goal):
    assert strength.target(baseline, players) == (None if goal is None else pytest.approx(goal))


def test_a_small_run_writes_the_table_json_and_png(tmp_path, capsys):
    rows = strength.main(["--bot", "heuristic", "--baselines", "random", "--players", "2", "3", "--games", "6",
                          "--workers", "1", "--out", str(tmp_path)])
    assert [(r.baseline, r.players, r.games) for r in rows] == [("random", 2, 6), ("random", 3, 6)]
    assert strength.measure("heuristic", "random", 4, 6, 0, 1).games == 8  # rounded up to whole seat rotations
    for r in rows:
        assert r.ci_low <= r.win_rate <= r.ci_high and r.wins == round(r.win_rate * r.games)
    data = json.loads((tmp_path / "strength.json").read_text())
    assert data["bot"] == "heuristic" and len(data["rows"]) == 2
    assert (tmp_path / "strength.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = capsys.readouterr().out
    assert "| 2 | `random` |" in out and "| 3 | `random` |" in out
