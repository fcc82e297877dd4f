"""The `citadels` command."""

import io
import json
import re
from pathlib import Path

import pytest

from citadels_cli.main import main


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
    assert re.search(r"^5 games, \d+ decisions, \d+\.\d s, 0 violations$", capsys.readouterr().out, re.M)


def test_eval_writes_results_and_plot(tmp_path, capsys):
    out = tmp_path / "eval"
    assert main(["eval", "random", "random", "--games", "4", "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "win rate" in text and "95% CI" in text and "parity win rate 50.0%" in text
    data = json.loads((out / "results.json").read_text())
    assert data["games"] == 4 and data["players"] == 2 and data["lineup"] == ["random", "random"]
    assert (out / "winrates.png").read_bytes()[:4] == b"\x89PNG"


def test_eval_fills_the_lineup_and_reports_bad_ids(tmp_path, capsys):
    assert main(["eval", "random", "random:seed=1", "--players", "3", "--games", "3", "--no-progress",
                 "--markdown"]) == 0
    text = capsys.readouterr().out
    assert "| random:seed=1 | 6 |" in text and "Per lineup entry" in text
    assert main(["eval", "random", "no-such-agent", "--games", "2", "--no-progress"]) == 1
    assert "unknown agent 'no-such-agent'" in capsys.readouterr().err


def test_play_a_whole_game_with_scripted_input_then_replay_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("9\n" + "1\n" * 3000))
    assert main(["play", "--players", "2", "--opponents", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 3" in out and "P0: you" in out and "P1: random" in out
    assert "P0 (you)" in out and "  1. " in out and "'9' is not a choice" in out
    assert "total" in out and "Game over" in out and ("You win!" in out or "You finish #2 of 2." in out)
    record = json.loads((tmp_path / "citadels-3.json").read_text())
    assert record["seed"] == 3 and record["config"]["players"] == 2 and "result" in record
    # the same seed and the same answers give the same game
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "--players", "2", "--opponents", "random", "--seed", "3", "--save", "again.json"]) == 0
    assert json.loads((tmp_path / "again.json").read_text())["actions"] == record["actions"]
    capsys.readouterr()
    assert main(["replay", "citadels-3.json"]) == 0
    replayed = capsys.readouterr().out
    assert "Game over" in replayed and "total" in replayed
    monkeypatch.setattr("sys.stdin", io.StringIO("\nq\n"))
    assert main(["replay", "--step", "citadels-3.json"]) == 0
    stepped = capsys.readouterr().out
    assert "== Round 2" in stepped and "== Round 3" not in stepped


def test_play_quit_and_seat_choice(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nq\n"))
    assert main(["play", "--players", "3", "--seat", "2", "--opponents", "random", "--seed", "1",
                 "--save", "partial.json"]) == 1
    out = capsys.readouterr().out
    assert "P2: you" in out and "P2 (you)" in out and "you quit the game" in out
    assert main(["replay", "partial.json"]) == 0
    assert "ends before the end of the game" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--players", "2", "--seat", "5", "--opponents", "random"])
    capsys.readouterr()
    assert main(["play", "--players", "2", "--opponents", "nobody"]) == 1  # a runtime error: one line, exit 1
    assert "unknown agent 'nobody'" in capsys.readouterr().err


def test_agents_lists_the_registry(capsys):
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "human" in out


def test_train_runs_a_config_with_overrides(tmp_path):
    config = Path(__file__).parents[1] / "configs" / "smoke.yaml"
    assert main(["train", "--config", str(config), "--out-dir", str(tmp_path), "--total-steps", "400",
                 "--progress", "false", "--eval-opponents", "[]", "--threads", "1"]) == 0
    assert (tmp_path / "smoke" / "checkpoints" / "final.pt").exists()


def test_runs_as_a_module():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "citadels_cli", "agents"], capture_output=True, text=True, check=True)
    assert "heuristic-strong" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "citadels_cli", "nothing"], capture_output=True, text=True)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr
