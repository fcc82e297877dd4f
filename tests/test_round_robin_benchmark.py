"""benchmarks/round_robin.py: every set of four plays its games with the seats rotated, one rating per bot over all
of them (averaged over random orders of the games), the bootstrap's top shares, the JSON and the plot, a re-rating
of a saved run; bad options stop with one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
round_robin = load_benchmark("round_robin")

FIELD = ["random", "heuristic", "heuristic-strong", "dagger", "ismcts:iters=5"]


def test_a_small_round_robin_rates_every_bot_over_every_table(tmp_path, capsys):
    out = tmp_path / "rr"
    result = round_robin.main([*FIELD, "--games-per-table", "4", "--seed", "123", "--workers", "1",
                               "--bootstrap", "20", "--out", str(out), "--no-progress"])
    assert result["tables"] == 5 and result["games"] == 20
    games = result["results"]
    assert len({g["seed"] for g in games}) == 20  # every game dealt anew
    assert {tuple(sorted(g["seats"])) for g in games} == set(combinations(range(5), 4))  # every set of four
    played = Counter(i for g in games for i in g["seats"])
    assert all(played[i] == 16 for i in range(5))
    by_seat = Counter((g["seats"][s], s) for g in games for s in range(4))
    assert all(by_seat[i, s] == 4 for i in range(5) for s in range(4))  # each bot once in each seat of its tables
    assert [g["index"] for g in games[:5]] == [0] * 5  # interleaved: game 0 of every table first
    stats = {s["name"]: s for s in result["stats"]}
    assert set(stats) == set(FIELD) and all(s["games"] == 16 for s in stats.values())
    assert sum(s["wins"] for s in stats.values()) == 20
    assert min(stats, key=lambda b: stats[b]["mu"]) == "random"
    shares = result["top_shares"]
    assert sum(shares["overall"].values()) == pytest.approx(1.0)
    assert set(shares["without_search"]) == set(FIELD) - {"ismcts:iters=5"}
    assert json.loads((out / "round_robin.json").read_text())["field"] == FIELD
    assert (out / "round_robin.png").stat().st_size > 0
    text = capsys.readouterr().out
    assert "ordinal" in text and "search" in text
    assert "means over 100 random orders" in text and "one pass in the interleaved order" in text
    over = result["over_orders"]
    assert sum(v["top"] for v in over.values()) == pytest.approx(1.0)
    assert all(stats[b]["mu"] == pytest.approx(over[b]["mu"]) for b in FIELD)
    assert set(result["fixed_order"]) == set(FIELD)


def test_the_rating_is_averaged_over_orders_and_a_saved_run_rates_again(tmp_path):
    out = tmp_path / "rr"
    first = round_robin.main([*FIELD, "--games-per-table", "4", "--seed", "7", "--workers", "1", "--orders", "20",
                              "--bootstrap", "0", "--out", str(out), "--no-progress"])
    again = round_robin.main(["--rerate", str(out / "round_robin.json"), "--orders", "20", "--bootstrap", "0",
                              "--out", str(tmp_path / "again"), "--no-progress"])
    assert again["results"] == first["results"] and again["field"] == FIELD and again["seed"] == 7
    assert [s["mu"] for s in again["stats"]] == [s["mu"] for s in first["stats"]]  # same games, same orders
    assert again["rerated_from"]["command"] == first["command"]
    one_pass = round_robin.main(["--rerate", str(out / "round_robin.json"), "--orders", "0", "--bootstrap", "0",
                                 "--out", str(tmp_path / "one"), "--no-progress"])
    assert one_pass["over_orders"] is None
    assert {s["name"]: s["mu"] for s in one_pass["stats"]} == {b: v["mu"] for b, v in first["fixed_order"].items()}
    # the mean over orders is not the one pass: the order of the games moves an online rating
    assert any(abs(s["mu"] - first["fixed_order"][s["name"]]["mu"]) > 1e-6 for s in first["stats"])


def test_a_bot_with_search_is_told_apart():
    assert round_robin.searches("ismcts:iters=100") and round_robin.searches("ppo+ismcts")
    assert not round_robin.searches("ppo") and not round_robin.searches("runs/ismcts_run/final.pt:greedy=true")


@pytest.mark.parametrize("args,said", [
    (["random", "heuristic", "dagger"], "at least 4 bots"),
    (["random", "heuristic", "dagger", "random"], "appears twice"),
    ([*FIELD, "--games-per-table", "6"], "multiple of 4"),
    ([*FIELD[:3], "nosuchbot"], "unknown agent 'nosuchbot'"),
    ([*FIELD[:3], "missing.pt"], "no checkpoint file"),
    ([*FIELD, "--orders", "-1"], "must be 0 or more"),
    (["--rerate", "missing/round_robin.json"], "not a round_robin.json this script wrote"),
    (["heuristic", "--rerate", "docs/results/round_robin/round_robin.json"], "give no BOT"),
    (["--rerate", "docs/results/round_robin/round_robin.json", "--seed", "5"], "give no --seed"),
    (["--rerate", "docs/results/round_robin/round_robin.json", "--games-per-table", "8", "--seed", "5"],
     "give no --games-per-table or --seed"),
])
def test_bad_options_stop_with_one_line_and_exit_2(args, said):
    proc = subprocess.run([sys.executable, "benchmarks/round_robin.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2 and said in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
