"""`citadels eval --ray`: the games as Ray tasks give the local pool's results, game for game."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

pytest.importorskip("ray")
import ray

from agents.evaluate import EvaluationError, evaluate
from agents.evaluate_ray import evaluate_ray
from citadels_cli.main import main


def _comparable(report) -> dict:
    """The report without its timings (wall time, thinking time) and the worker count."""
    def stats(rows):
        return [{k: v for k, v in dataclasses.asdict(s).items() if k != "think_s"} for s in rows]

    return {"results": [{k: v for k, v in dataclasses.asdict(g).items() if k != "think_s"} for g in report.results],
            "agents": stats(report.agents), "entries": stats(report.entries), "lineup": report.lineup,
            "games": report.games, "seed": report.seed, "config": report.config}


@pytest.fixture(scope="module")
def local_ray():
    ray.init(address="local", num_cpus=2, include_dashboard=False, configure_logging=False,
             log_to_driver=False)  # a Ray of its own, even where a test beside it runs one
    yield
    ray.shutdown()


@pytest.mark.slow
def test_ray_evaluation_equals_the_local_pool(local_ray):
    lineup = ["heuristic", "random", "heuristic-strong"]
    local = evaluate(lineup, games=24, players=4, seed=7, workers=1, progress=False)
    remote = evaluate_ray(lineup, games=24, players=4, seed=7, progress=False, chunk_size=5)
    assert _comparable(remote) == _comparable(local)
    assert [g.index for g in remote.results] == list(range(24))
    assert len({tuple(g.scores) for g in remote.results}) > 1  # real games, not one repeated


@pytest.mark.slow
def test_a_failed_game_on_ray_is_the_evaluators_one_line_error(local_ray):
    from agents.base import Agent

    class Broken(Agent):
        name = "broken"

        def act(self, decision):
            raise RuntimeError("boom")

    with pytest.raises(EvaluationError, match=r"game \d+ \(seed \d+; .*broken.*boom"):
        evaluate_ray([Broken(), "random"], games=4, players=4, seed=0, progress=False)


@pytest.mark.slow
def test_cli_eval_ray_prints_the_same_table_as_the_local_pool(local_ray, capsys, tmp_path):
    assert main(["eval", "heuristic", "random", "--games", "8", "--seed", "3", "--no-progress", "--ray",
                 "--out", str(tmp_path / "ray")]) == 0
    assert main(["eval", "heuristic", "random", "--games", "8", "--seed", "3", "--no-progress",
                 "--out", str(tmp_path / "local")]) == 0
    from agents.evaluate import EvalReport

    assert _comparable(EvalReport.load(tmp_path / "ray" / "results.json")) == \
        _comparable(EvalReport.load(tmp_path / "local" / "results.json"))


def test_address_without_ray_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["eval", "random", "--games", "4", "--address", "auto"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--address: only with --ray" in err and "Traceback" not in err


def test_a_malformed_address_is_a_usage_error_and_an_unreachable_one_a_quick_runtime_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["eval", "random", "--games", "4", "--ray", "--address", "host:port"])
    assert exc.value.code == 2 and "--address: Ray address 'host:port'" in capsys.readouterr().err
    # a fresh process (this one may have joined a Ray already, which evaluate_ray would use)
    done = subprocess.run([sys.executable, "-m", "citadels_cli", "eval", "random", "--games", "4", "--ray",
                           "--address", "127.0.0.1:1", "--no-progress"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("citadels: no Ray cluster answers at 127.0.0.1:1") and done.stderr.count("\n") == 1


def test_an_unknown_agent_fails_in_one_line_before_any_game(capsys):
    assert main(["eval", "nosuch", "--games", "4", "--ray", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("citadels: cannot make agent 'nosuch'") and err.count("\n") == 1
