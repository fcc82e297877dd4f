"""training/league.py on a tiny scale: generations of main, exploiter and evaluation phases, PFSP weights from the
measured win rates, the state written after every phase, and a league that continues where it stopped."""

from __future__ import annotations

import json

import pytest

from training import league


def _tiny(tmp_path, generations: int) -> league.LeagueConfig:
    return league.LeagueConfig(
        exp_name="tiny", out_dir=str(tmp_path), seed=3, init_from="agents/zoo/dagger.pt", fixed=["heuristic", "random"],
        generations=generations, main_steps=600, exploiter_steps=400, eval_games=4, progress=False,
        ppo={"players": 3, "tables": [3], "num_games": 4, "minibatch_size": 64, "hidden": 32})


def test_pfsp_weights_favour_the_members_the_main_loses_to():
    cfg = league.LeagueConfig(self_play=0.2, pfsp_power=2.0)
    members = [{"id": "a", "win_rate": 0.75}, {"id": "b", "win_rate": 0.25}, {"id": "c", "win_rate": None}]
    w = league.pool_weights(cfg, members)
    assert w["self"] == 0.2 and abs(sum(w.values()) - 1) < 1e-9
    assert w["b"] == w["c"] > w["a"]  # never measured: an even match
    assert w["b"] / w["a"] == pytest.approx((0.75 / 0.25) ** 2)


def test_anchors_keep_their_weight_whatever_the_win_rates():
    cfg = league.LeagueConfig(self_play=0.2, anchors={"heuristic": 0.3}, fixed=["heuristic", "ppo"])
    members = [{"id": "heuristic", "win_rate": 0.9}, {"id": "a", "win_rate": 0.75}, {"id": "b", "win_rate": 0.25}]
    w = league.pool_weights(cfg, members)
    assert w["self"] == 0.2 and w["heuristic"] == 0.3 and abs(sum(w.values()) - 1) < 1e-9
    assert w["b"] / w["a"] == pytest.approx((0.75 / 0.25) ** 2)
    for bad in ({"dagger": 0.1}, {"heuristic": 0.9}):  # not a fixed member; with self_play, not below 1
        with pytest.raises(ValueError, match="anchors"):
            league.LeagueConfig(self_play=0.2, anchors=bad, fixed=["heuristic"]).validate()


def test_a_moving_anchor_is_the_main_each_phase_starts_from():
    cfg = league.LeagueConfig(ppo={"anchor": "main", "anchor_coef": 0.5})
    cfg.validate()
    main = cfg.stage(league.MAIN, 3, {"self": 1.0}, "runs/x/gen02_main/checkpoints/final.pt")
    assert main.anchor == "runs/x/gen02_main/checkpoints/final.pt" and main.anchor_coef == 0.5
    exploiter = cfg.stage(league.EXPLOITER, 3, {"m": 1.0}, "agents/zoo/dagger.pt")
    assert exploiter.anchor is None  # exploiters are plain best responses
    fixed = league.LeagueConfig(ppo={"anchor": "agents/zoo/ppo-v6.pt", "anchor_coef": 0.5})
    assert fixed.stage(league.MAIN, 3, {"self": 1.0}, "elsewhere.pt").anchor == "agents/zoo/ppo-v6.pt"


def test_a_config_error_names_the_field():
    cfg = league.LeagueConfig(fixed=["no-such-bot"])
    with pytest.raises(ValueError, match="fixed"):
        cfg.validate()
    with pytest.raises(ValueError, match="ppo"):
        league.LeagueConfig(ppo={"no_such_field": 1}).validate()


@pytest.mark.slow
def test_a_tiny_league_runs_its_phases_and_continues_where_it_stopped(tmp_path):
    state = league.run_league(_tiny(tmp_path, 1))
    root = tmp_path / "tiny"
    assert state["generation"] == 1 and state["phase"] == league.MAIN
    kinds = [m["kind"] for m in state["members"]]
    assert kinds == ["fixed", "fixed", "snapshot", "exploiter"]
    h = state["history"][0]
    assert set(h["weights"]) == {"self", "heuristic", "random"}
    assert 0 <= h["exploiter"]["win_rate"] <= 1 and h["exploiter"]["low"] <= h["exploiter"]["high"]
    assert set(h["main_vs"]) == {"heuristic", "random", h["exploiter"]["id"]}  # not against itself
    assert (root / "league.png").stat().st_size > 0
    first_main = state["main"]
    state2 = league.run_league(_tiny(tmp_path, 2))  # continues: generation 1 starts from generation 0's main
    assert state2["generation"] == 2 and state2["history"][0] == json.loads(json.dumps(h))
    assert state2["main"] != first_main and "gen01_main" in state2["main"]
    assert state2["history"][1]["weights"]["random"] != state2["history"][1]["weights"]["heuristic"] or \
        state["members"][0]["win_rate"] == state["members"][1]["win_rate"]
    assert [m["kind"] for m in state2["members"]].count("snapshot") == 2
