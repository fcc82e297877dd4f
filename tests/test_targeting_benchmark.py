"""benchmarks/targeting.py: picks, kills and thefts counted from the true game; bad options stop with one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
targeting = load_benchmark("targeting")


def test_counts_picks_and_named_targets(tmp_path, capsys):
    out = tmp_path / "t.json"
    r = targeting.main(["heuristic-strong", "--others", "random", "--games", "12", "--seed", "5", "--out", str(out)])
    assert r["games"] == 12 and 0.5 < r["win_rate"] <= 1.0  # the rule bot beats three random players
    assert sum(r["picks"].values()) == pytest.approx(1.0)
    assert r["its_kills"] + r["its_robs"] > 0 and r["their_kills"] + r["their_robs"] > 0
    for key in ("its_kills_held", "its_robs_held", "their_kills_on_it", "their_robs_on_it"):
        assert r[key] is None or 0.0 <= r[key] <= 1.0
    # random names a target uniformly among the legal characters: rarely the one seat's of four
    assert r["their_kills_on_it"] is None or r["their_kills_on_it"] < 0.5
    assert out.exists() and "its picks" in capsys.readouterr().out


@pytest.mark.parametrize("args,said", [(["nosuchbot"], "unknown agent"), (["ppo", "--players", "9"], "2 to 8")])
def test_bad_options_stop_with_one_line_and_exit_2(args, said):
    proc = subprocess.run([sys.executable, "benchmarks/targeting.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2 and said in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


@pytest.mark.parametrize("script,args", [
    ("targeting", ["heuristic", "--others", "random", "--games", "1"]),
    ("plays_like", ["dagger:greedy=true", "--like", "dagger", "ppo-v3", "--others", "random",
                    "--games", "1"]),
])
def test_plays_its_games_on_one_torch_thread(script, args):
    """The scripts play one decision at a time in their own process: torch on every core there only spins
    against whatever else runs (two targeting.py runs on 2 cores took 25-33 s a game instead of 3)."""
    code = (f"import sys, torch; sys.path.insert(0, 'tests'); from benchmark_scripts import load_benchmark; "
            f"torch.set_num_threads(2); load_benchmark({script!r}).main({args!r}); "
            f"print('threads', torch.get_num_threads())")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "threads 1" in proc.stdout
