"""The shipped `dagger` policy: one network for every table size and preset, greedy by default."""

import pytest

import agents
from agents.policy import load_checkpoint, shipped
from citadels_env.core import PRESET_NAMES, GameConfig


def test_it_is_an_all_tables_imitation_checkpoint():
    data = load_checkpoint(shipped("dagger"))
    cfg = data["config"]
    assert cfg["teacher"] == "heuristic-strong" and sorted(cfg["tables"]) == list(range(2, 9))
    assert data["rounds"] >= 2  # DAgger rounds after the first


@pytest.mark.parametrize("players", range(2, 9))
def test_it_plays_whole_games_at_every_table_size(players):
    bot = agents.make("dagger")
    assert bot.greedy and bot.name == "dagger"
    preset = PRESET_NAMES[players % len(PRESET_NAMES)]
    config = GameConfig(players=players, preset=preset, crown_seat=None)
    lineup = [bot] + [agents.make("random") for _ in range(players - 1)]
    assert agents.play_game(lineup, seed=players, config=config).result is not None


def test_greedy_can_be_turned_off():
    assert not agents.make("dagger:greedy=false").greedy
