"""The `citadels` command."""

import json

from citadels_env.cli import main


def test_game_prints_events_and_scores_and_saves_a_record(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["game", "--players", "3", "--seed", "5", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "== Round 1" in out and "total" in out and "Game over" in out
    record = json.loads(path.read_text())
    assert record["seed"] == 5 and record["result"]["winner"] in range(3)
    assert main(["replay", str(path)]) == 0
    assert "Game over" in capsys.readouterr().out


def test_fuzz_runs_and_reports(capsys):
    assert main(["fuzz", "--games", "5", "--seed", "100", "--deep"]) == 0
    assert "5 games, 0 failures" in capsys.readouterr().out
