"""benchmarks/paired.py: two bots' win rates compared deal by deal; files that did not play the same tables are
refused with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

from citadels_cli.main import main as citadels

ROOT = Path(__file__).resolve().parents[1]
paired = load_benchmark("paired")


def _eval(out: Path, bot: str, games: int, seed: int) -> Path:
    assert citadels(["eval", bot, "heuristic", "--players", "3", "--games", str(games), "--seed", str(seed),
                     "--out", str(out), "--no-progress"]) == 0
    return out / "results.json"


def _fake(path: Path, won: list[bool], lineup: list[str] | None = None, first_seed: int = 100,
          players: int = 2, config: dict | None = None) -> Path:
    """A results file whose entry 0 sits at seat k % players in game k and wins where `won` says."""
    games = []
    for k, w in enumerate(won):
        seat = k % players
        seats = [(s - seat) % players for s in range(players)]  # seats[s]: the entry at seat s; entry 0 at `seat`
        other = (seat + 1) % players
        rest = [s for s in range(players) if s not in (seat, other)]
        games.append({"index": k, "seed": first_seed + k, "seats": seats,
                      "ranking": ([seat, other] if w else [other, seat]) + rest, "scores": [0] * players,
                      "decisions": [0] * players, "think_s": [0.0] * players})
    path.write_text(json.dumps({"format": "citadels-eval/1", "lineup": lineup or ["x", "y"], "players": players,
                                "games": len(won), "seed": first_seed, "config": config or {"players": players},
                                "workers": 1, "wall_s": 0.0, "entries": [], "agents": [], "results": games}))
    return path


def test_a_bot_against_itself_on_the_same_deals_differs_by_nothing(tmp_path, capsys):
    a = _eval(tmp_path / "a", "heuristic-strong", 6, 40)
    b = _eval(tmp_path / "b", "heuristic-strong", 6, 40)
    r = paired.main(["--a", str(a), "--b", str(b), "--out", str(tmp_path / "p.json")])
    assert r["deals"] == 6 and r["wins_a"] == r["wins_b"] and r["only_a"] == r["only_b"] == 0
    assert r["diff"] == r["diff_low"] == r["diff_high"] == 0 and r["p_value"] == 1.0
    assert json.loads((tmp_path / "p.json").read_text())["others"] == ["heuristic", "heuristic"]
    assert "B - A: +0.0%" in capsys.readouterr().out


def test_two_files_of_one_side_join_into_the_deals_of_one_longer_run(tmp_path):
    whole = _eval(tmp_path / "whole", "heuristic-strong", 6, 40)
    first = _eval(tmp_path / "first", "random", 3, 40)
    rest = _eval(tmp_path / "rest", "random", 3, 43)
    r = paired.main(["--a", str(whole), "--b", str(first), str(rest)])
    assert r["deals"] == 6 and r["deals_b"] == 6
    part = paired.main(["--a", str(whole), "--b", str(first)])
    assert part["deals"] == 3 and part["deals_a"] == 6 and part["deals_b"] == 3


def test_the_paired_interval_and_the_sign_test():
    a = paired.Side(("a",), ("x", "y"), "{}", {s: 0 for s in range(10)}, {s: s < 2 for s in range(10)})
    b = paired.Side(("b",), ("z", "y"), "{}", {s: 0 for s in range(10)}, {s: s < 8 for s in range(10)})
    r = paired.compare(a, b, 0)
    assert (r["wins_a"], r["wins_b"], r["only_a"], r["only_b"]) == (2, 8, 0, 6)
    assert r["diff"] == pytest.approx(0.6)
    half = 1.96 * (sum((d - 0.6) ** 2 for d in [0] * 4 + [1] * 6) / 9 / 10) ** 0.5
    assert (r["diff_low"], r["diff_high"]) == (pytest.approx(0.6 - half), pytest.approx(0.6 + half))
    assert r["p_value"] == pytest.approx(2 / 64)  # six of six discordant deals one way: 2 * 0.5 ** 6
    assert paired.sign_test(3, 3) == 1.0 and paired.sign_test(0, 0) == 1.0
    assert paired.sign_test(1, 4) == pytest.approx(2 * (1 + 5) / 32)


def test_pairing_narrows_the_interval_when_the_deals_decide_much(tmp_path):
    # Two bots that win the same 40 of 100 deals, and B five more: the unpaired interval of B - A would be about
    # ±13.5 points; the paired one is much narrower, and still holds the true +5.
    won_a = [k % 5 < 2 for k in range(100)]
    won_b = [w or k % 20 == 2 for k, w in enumerate(won_a)]
    r = paired.main(["--a", str(_fake(tmp_path / "a.json", won_a)), "--b", str(_fake(tmp_path / "b.json", won_b))])
    assert r["diff"] == pytest.approx(0.05) and r["diff_high"] - r["diff_low"] < 0.1
    assert r["diff_low"] > 0 and r["only_a"] == 0 and r["only_b"] == 5


@pytest.mark.parametrize("change,said", [
    ({"lineup": ["x", "w"]}, "the other seats differ"),
    ({"first_seed": 500}, "share no deal"),
    ({"config": {"players": 2, "preset": "custom"}}, "different game configs"),
])
def test_files_that_did_not_play_the_same_tables_are_refused(tmp_path, change, said):
    a = _fake(tmp_path / "a.json", [True, False, True, False])
    b = _fake(tmp_path / "b.json", [True, True, False, False], **change)
    with pytest.raises(ValueError, match=said):
        paired.compare(paired.load_side([a], 0), paired.load_side([b], 0), 0)


def test_a_bot_in_another_seat_of_the_same_deal_is_refused(tmp_path):
    a = _fake(tmp_path / "a.json", [True, False])
    data = json.loads(a.read_text())
    data["results"][1]["seats"] = data["results"][1]["seats"][::-1]
    b = tmp_path / "b.json"
    b.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="seed 101 seats the bot at 1 on one side and 0 on the other"):
        paired.compare(paired.load_side([a], 0), paired.load_side([b], 0), 0)


def test_one_deal_twice_in_one_side_is_refused(tmp_path):
    a = _fake(tmp_path / "a.json", [True, False])
    with pytest.raises(ValueError, match="seed 100 is in this side twice"):
        paired.load_side([a, a], 0)


@pytest.mark.parametrize("args,code,said", [
    (["--a", "nosuch.json", "--b", "nosuch.json"], 2, "no such file: nosuch.json"),
    (["--a", "pyproject.toml", "--b", "pyproject.toml"], 1, "not a readable JSON file"),
    (["--a", "tests/data", "--b", "x"], 2, "not a file: tests/data"),
    (["--b", "x.json"], 2, "--a"),
])
def test_bad_input_stops_with_one_line(args, code, said):
    proc = subprocess.run([sys.executable, "benchmarks/paired.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == code and said in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
