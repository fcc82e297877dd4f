"""benchmarks/strength.py: the rows, the targets of issue 12, and the JSON and PNG it writes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
strength = load_benchmark("strength")


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


def test_each_bot_and_each_version_of_ppo_writes_to_a_folder_of_its_own(tmp_path, monkeypatch):
    """Measuring a candidate, or the next version of `ppo`, must not overwrite the shipped version's table."""
    from agents.policy import ALIASES

    assert strength.default_out("ppo", False) == Path(f"docs/results/strength_{ALIASES['ppo']}")  # its version's
    assert strength.default_out("ppo-expert", True) == Path("docs/results/strength")  # held_out-BOT.json inside
    assert strength.default_out("runs/x/final.pt:greedy=true", False) == Path(
        "docs/results/strength_runs_x_final.pt_greedy_true")  # training.config.filed_as, as exploit.py names
    monkeypatch.chdir(tmp_path)
    strength.main(["--bot", "heuristic", "--baselines", "random", "--players", "2", "--games", "2", "--workers", "1"])
    assert (tmp_path / "docs/results/strength_heuristic/strength.json").exists()
    assert not (tmp_path / "docs/results/strength").exists()


def test_the_held_out_tables_mark_their_training_opponents():
    ids = {x for t in strength.HELD_OUT_TABLES for x in t}
    assert {"ismcts:iters=100", "ismcts"} <= ids
    assert sorted(x for x in ids if strength.trained_against(x)) == ["heuristic-strong", "ppo-v3"]
    assert any(not any(map(strength.trained_against, t)) and len(t) == 3 for t in strength.HELD_OUT_TABLES)
    assert not strength.trained_against("ismcts:iters=300") and strength.trained_against("heuristic:foo=1")


def _opponent_ids(config: dict) -> set[str]:
    """The ids a config seats against the learner: its pools (`opponents`, `opponents_at`) and a league's `fixed`."""
    pools = [config.get("opponents") or {}, *(config.get("opponents_at") or {}).values(), config.get("fixed") or []]
    return {k.partition(":")[0] for pool in pools if isinstance(pool, (dict, list)) for k in pool if "/" not in k}


def test_every_fixed_opponent_of_a_config_counts_as_a_training_opponent():
    """A superset of every shipped bot's opponents: whatever id a config's pool names (runs' own checkpoints, given
    by path, are never shipped) is marked (T), so no table calls an opponent held out that some run trained with."""
    import yaml

    named = set().union(*(_opponent_ids(yaml.safe_load(f.read_text()) or {})
                          for f in (ROOT / "configs").glob("*.yaml")))
    assert {"ppo-v3", "ppo-candidate", "ppo-expert", "ppo-v6"} <= named  # version 7's and the league's
    assert named - {"self", "snapshot"} <= strength.TRAINING_OPPONENTS
    assert not strength.trained_against("ppo-4p") and not strength.trained_against("ppo-4p-v1")


def test_an_alias_is_written_with_the_file_it_stands_for():
    from agents.policy import ALIASES

    assert strength.stands_for("ppo") == ALIASES["ppo"] and strength.stands_for("ppo:greedy=true") == ALIASES["ppo"]
    assert strength.stands_for("ppo-v6") is None and strength.stands_for("heuristic") is None


@pytest.fixture
def torch_untouched(monkeypatch):
    """The held-out runs below leave torch's and BLAS's threads (global to the test process) as they are; the calls
    are counted."""
    calls = []
    monkeypatch.setattr(strength, "single_threaded", lambda: calls.append(1))
    return calls


def test_held_out_puts_torch_on_one_thread(monkeypatch):
    """`--held-out` plays in its own process with `--workers 1`: it calls the one place that puts torch and numpy's
    BLAS on one thread (agents/evaluate.py), which, with torch not imported yet, tells the environment."""
    from agents.evaluate import single_threaded

    assert strength.single_threaded is single_threaded
    monkeypatch.delitem(sys.modules, "torch", raising=False)  # not imported yet: the environment decides
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        monkeypatch.setenv(var, "8")
    strength.single_threaded()
    assert os.environ["OMP_NUM_THREADS"] == os.environ["MKL_NUM_THREADS"] == "1"


def test_a_small_held_out_run_rotates_the_seat_and_writes_json_and_png(tmp_path, capsys, torch_untouched):
    rows = strength.main(["--held-out", "--bot", "heuristic", "--table", "random", "--table", "random", "heuristic",
                          "heuristic-strong", "--players", "3", "5", "--games", "6", "--workers", "1",
                          "--out", str(tmp_path)])
    # the 3-id table does not fit 3 players: skipped; it fills 5 seats in turn
    assert [(r.table, r.players, r.games) for r in rows] == [
        (["random"], 3, 6), (["random"], 5, 10), (["random", "heuristic", "heuristic-strong"], 5, 10)]
    assert rows[2].opponents == ["random", "heuristic", "heuristic-strong", "random"] and rows[2].held_out_seats == 0
    for r in rows:
        assert r.parity == pytest.approx(1 / r.players) and r.seat_games == [r.games // r.players] * r.players
        assert r.ci_low <= r.win_rate <= r.ci_high and r.wins == round(r.win_rate * r.games)
    data = json.loads((tmp_path / "held_out-heuristic.json").read_text())
    assert data["bot"] == "heuristic" and len(data["rows"]) == 3
    assert (tmp_path / "held_out-heuristic.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = capsys.readouterr()
    assert "| 5 | `random` (T) + `heuristic` (T) + `heuristic-strong` (T) | 0 of 4 |" in out.out
    assert "skipped: 3 ids" in out.err
    assert not (tmp_path / "strength.json").exists()
    assert torch_untouched == [1]  # one thread, set once before the games


@pytest.mark.usefixtures("torch_untouched")
def test_held_out_defaults_to_four_players_and_checks_its_options(tmp_path):
    for bad in (["--table", "random"], ["--held-out", "--table", "random", "--table-games", "4", "4"]):
        with pytest.raises(SystemExit):
            strength.main(bad)
    a, b = strength.main(["--held-out", "--bot", "heuristic", "--table", "ismcts:iters=2", "--table", "random",
                          "--table-games", "4", "8", "--workers", "1", "--out", str(tmp_path)])
    assert (a.players, a.games, b.games) == (4, 4, 8)
    assert a.opponents == ["ismcts:iters=2"] * 3 and a.held_out_seats == 3 and a.opponents_ms > 0
