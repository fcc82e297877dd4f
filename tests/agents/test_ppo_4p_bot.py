"""The shipped `ppo-4p` policy (the first default prior of `ppo+ismcts`): PPO at 4 players from its version 1 (`ppo-4p-v1`,
PPO from `dagger`), greedy by default, and it still plays every table size and preset."""

from pathlib import Path

import pytest
import yaml

import agents
from agents.policy import load_checkpoint, shipped
from citadels_env.core import PRESET_NAMES, GameConfig

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name,version,config,start,steps", [
    ("ppo-4p", 2, "ppo_4p_v2", "agents/zoo/ppo-4p.pt", 12_000_000),  # v1's file, before it was renamed -v1
    ("ppo-4p-v1", 1, "ppo_4p", "agents/zoo/dagger.pt", 1_500_000)])
def test_each_version_is_the_recipe_of_its_config(name, version, config, start, steps):
    data = load_checkpoint(shipped(name))
    assert data["name"] == "ppo-4p" and data.get("version") == version
    assert data["trained_by"] == f"citadels train --config configs/{config}.yaml"
    assert data["config"]["init_from"] == start and data["env_steps"] >= steps
    assert "optimizer" not in data  # shipped with training/ship.py


@pytest.mark.parametrize("players", range(2, 9))
def test_it_plays_whole_games_at_every_table_size(players):
    bot = agents.make("ppo-4p")
    assert bot.greedy and bot.name == "ppo-4p"
    preset = PRESET_NAMES[players % len(PRESET_NAMES)]
    config = GameConfig(players=players, preset=preset, crown_seat=None, use_rank9=players in (3, 8))
    lineup = [bot] + [agents.make("random") for _ in range(players - 1)]
    assert agents.play_game(lineup, seed=players, config=config).result is not None


def test_the_robust_4p_network_is_round_one_of_training_against_a_reader():
    """`ppo-4p-robust` (docs/TRAINING.md, "Training against a reader"): 3 M steps from `ppo-v6` at 4 players, with
    `ppo-v6`'s best response at 30 % of the tables (the path `benchmarks/exploit.py ppo-v6` leaves it at)."""
    data = load_checkpoint(shipped("ppo-4p-robust"))
    assert data["name"] == "ppo-4p-robust" and data.get("version") == 1
    assert data["trained_by"] == "citadels train --config configs/ppo_4p_robust.yaml"
    cfg = data["config"]  # recorded when `ppo` was version 6: its file and its best response's run went by `ppo`
    assert cfg["init_from"] == "agents/zoo/ppo.pt" and cfg["tables"] == [4] and cfg["seed"] == 6
    assert cfg["opponents"] == {"heuristic": 0.35, "heuristic-strong": 0.35,
                                "runs/exploit/ppo-own/checkpoints/final.pt:greedy=true": 0.3}
    assert data["env_steps"] >= 3_000_000 and "optimizer" not in data
    now = yaml.safe_load((ROOT / "configs/ppo_4p_robust.yaml").read_text())  # the same files by their lasting names
    assert now["init_from"] == "agents/zoo/ppo-v6.pt"
    assert "runs/exploit/ppo-v6-own/checkpoints/final.pt:greedy=true" in now["opponents"]


def test_the_soup_is_the_weight_average_of_six_reader_trained_networks():
    """`ppo-4p-soup` (docs/TRAINING.md, "Several readers at once, and a weight average"): training/average.py over round
    one's four training seeds and two networks of round two, with the record of what it averaged."""
    data = load_checkpoint(shipped("ppo-4p-soup"))
    assert data["name"] == "ppo-4p-soup" and data.get("version") == 1
    assert data["trained_by"].startswith("python -m training.average OUT ") and len(data["averaged"]) == 6
    assert data["trained_by"].split()[4:] == data["averaged"]
    assert data["model"] == load_checkpoint(shipped("ppo-4p-robust"))["model"] and "optimizer" not in data


def test_the_candidate_plays_the_average_of_eight_at_4_players_and_its_step_to_every_size_elsewhere():
    """`ppo-candidate` (docs/TRAINING.md, "One bot, a network for each table size"): training/by_size.py over the
    all-sizes run and, at 4 players, the weight average of the eight 4-player runs, each with its own record."""
    data = load_checkpoint(shipped("ppo-candidate"))
    assert data["name"] == "ppo-candidate" and data.get("version") == 1 and "optimizer" not in data
    assert data["trained_by"].startswith("python -m training.by_size OUT ")
    assert data["by_size_sources"] == {"main": "runs/eight_all_sizes/checkpoints/final.pt",
                                       4: "runs/tables_apart/eight.pt"}
    assert data["config"]["init_from"] == "runs/tables_apart/eight.pt" and data["env_steps"] >= 6_000_000
    assert sorted(data["by_size"]) == [4] and len(data["by_size"][4]["record"]["averaged"]) == 8
    bot = agents.make("ppo-candidate")
    bot.reset(0, GameConfig(players=4))
    assert bot.net is bot.sized[4] and bot.net is not bot.main
    bot.reset(0, GameConfig(players=7))
    assert bot.net is bot.main


def test_the_expert_bot_is_the_candidate_with_its_4_player_network_fitted_to_the_search_it_guides():
    """`ppo-expert` (docs/TRAINING.md, "From the candidate, at scale"): `ppo-candidate`'s file with the network
    of its 4-player tables replaced by expert iteration's fit (configs/expert_candidate_4p.yaml, 3,120 games);
    every other size plays the candidate's main network, weight for weight."""
    import torch

    data, candidate = load_checkpoint(shipped("ppo-expert")), load_checkpoint(shipped("ppo-candidate"))
    assert (data["name"], data["version"]) == ("ppo-expert", 1) and "optimizer" not in data
    assert data["by_size_sources"] == {"main": "agents/zoo/ppo-candidate.pt",
                                       4: "runs/expert_candidate_4p/checkpoints/final.pt"}
    assert data["state_dict"].keys() == candidate["state_dict"].keys()
    assert all(torch.equal(data["state_dict"][k], v) for k, v in candidate["state_dict"].items())
    four, before = data["by_size"][4], candidate["by_size"][4]
    assert not all(torch.equal(four["state_dict"][k], v) for k, v in before["state_dict"].items())
    record = four["record"]
    assert record["config"]["init_from"] == "agents/zoo/ppo-candidate.pt" and record["config"]["exp_name"] == \
        "expert_candidate_4p"
    assert record["expert"]["samples"] == 119_945 and record["expert"]["agreement"] > 0.8  # docs/TRAINING.md's fit
    bot = agents.make("ppo-expert")
    bot.reset(0, GameConfig(players=4))
    assert bot.net is bot.sized[4] and bot.greedy
    bot.reset(0, GameConfig(players=5))
    assert bot.net is bot.main


@pytest.mark.parametrize("bot,default", [
    ("ppo", True), ("ppo-expert", True), ("ppo-v7", True), ("ppo-v6", True), ("ppo-v5", True), ("ppo-v4", True),
    ("ppo-v3", True), ("ppo-v2", True), ("ppo-4p", True), ("ppo-4p-v1", True), ("ppo-4p-robust", True),
    ("ppo-4p-soup", True), ("ppo-candidate", True), ("dagger", True), ("ppo-v1", False)])
def test_each_shipped_policy_has_its_default_and_the_option_overrides_it(bot, default):
    assert agents.make(bot).greedy is default
    assert agents.make(f"{bot}:greedy={str(not default).lower()}").greedy is (not default)
