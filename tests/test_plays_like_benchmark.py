"""benchmarks/plays_like.py: which of two networks a bot plays like, per part of the play; bad options stop with one
line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
plays_like = load_benchmark("plays_like")


def test_a_network_plays_like_itself_and_not_like_another(tmp_path, capsys):
    out = tmp_path / "p.json"
    results = plays_like.main(["ppo:greedy=true", "--like", "ppo", "dagger", "--others", "random", "heuristic",
                               "--games", "2", "--seed", "3", "--out", str(out)])
    assert [r["others"] for r in results] == ["random", "heuristic"]
    for r in results:
        assert set(r["parts"]) == {"draft", "turns"}
        for part in r["parts"].values():
            assert part["decisions"] > 0
            assert part["kl:ppo"] == pytest.approx(0.0, abs=1e-6) and part["agree:ppo"] == 1.0
            assert part["kl:dagger"] > 0.01 and part["agree:dagger"] < 1.0
    assert json.loads(out.read_text())[0]["like"] == ["ppo", "dagger"]
    assert "KL to dagger" in capsys.readouterr().out


@pytest.mark.parametrize("args,said", [(["ppo", "--like", "ppo", "nosuchbot"], "unknown agent"),
                                       (["heuristic", "--like", "ppo", "dagger", "--games", "1"], "networks"),
                                       (["ppo", "--like", "ppo", "dagger", "--players", "9"], "2 to 8")])
def test_bad_options_stop_with_one_line_and_exit_2(args, said):
    proc = subprocess.run([sys.executable, "benchmarks/plays_like.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2 and said in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
