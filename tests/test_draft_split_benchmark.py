"""benchmarks/draft_split.py: the split bot asks its draft agent exactly the draft decisions and its turns agent the
rest; a tiny run measures, trains its exploiter and writes the JSON; bad options stop with one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

from agents import Agent, play_game
from agents.policy import is_draft

ROOT = Path(__file__).resolve().parents[1]
draft_split = load_benchmark("draft_split")


class Recorder(Agent):
    """Answers with the first legal action and remembers the kinds of decision it was asked."""

    def __init__(self) -> None:
        self.kinds: list[str] = []

    def act(self, decision):
        self.kinds.append(decision.kind)
        return decision.legal[0]


def test_the_split_bot_drafts_with_one_agent_and_plays_the_rest_with_the_other():
    bot = draft_split.SplitAgent("random", "random", seed=3)
    bot.draft, bot.turns = Recorder(), Recorder()
    play_game([bot, Recorder(), Recorder(), Recorder()], seed=11)
    assert bot.draft.kinds and all(is_draft(k) for k in bot.draft.kinds)
    assert bot.turns.kinds and not any(is_draft(k) for k in bot.turns.kinds)


@pytest.mark.slow
def test_a_tiny_run_measures_trains_its_exploiter_and_writes_the_json(tmp_path, capsys):
    out = tmp_path / "split.json"
    result = draft_split.main(["--draft", "ppo", "--turns", "heuristic", "--baselines", "random", "--games", "8",
                               "--exploit-steps", "600", "--run-dir", str(tmp_path / "runs"), "--out", str(out),
                               "--no-progress"])
    assert json.loads(out.read_text()) == json.loads(json.dumps(result))
    r = result["against"]["random"]
    assert r["games"] == 8 and r["low"] <= r["win_rate"] <= r["high"]
    ex = result["exploiter"]
    assert ex["steps"] == 600 and ex["games"] == 8 and Path(ex["checkpoint"]).is_file()
    assert str(tmp_path / "runs") in ex["checkpoint"]  # the run goes where --run-dir says
    printed = capsys.readouterr().out
    assert "vs three random" in printed and "exploiter (600 steps" in printed


@pytest.mark.parametrize("argv, says", [
    (["--draft", "no-such-bot", "--turns", "ppo"], "--draft"),
    (["--draft", "ppo", "--turns", "ppo", "--games", "6"], "--games"),
    (["--draft", "ppo", "--turns", "ppo", "--exploit-from", "no/such.pt"], "--exploit-from"),
])
def test_a_bad_option_is_one_line_and_exit_2(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        draft_split.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and says in err and len(err.strip().splitlines()) == 1
