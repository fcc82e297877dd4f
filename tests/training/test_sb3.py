"""training/sb3.py end to end on a tiny budget; the saved model plays as an agent and its spec is checked."""

import json

import pytest

import agents
from agents.policy import SpecMismatchError
from training import sb3


def test_maskable_ppo_trains_saves_and_plays_as_an_agent(tmp_path):
    cfg = sb3.SB3Config(out_dir=str(tmp_path), players=3, total_steps=512, num_envs=2, n_steps=128, batch_size=64,
                        n_epochs=1, hidden=32, opponents={"self": 0.4, "snapshot": 0.3, "random": 0.3},
                        snapshot_every=256, eval_games=6, eval_opponents=["random"], progress=False)
    path = sb3.train(cfg)
    assert path.exists() and json.loads((tmp_path / "sb3" / "eval.json").read_text())["random"]["games"] == 6
    bot = agents.make(str(path))
    assert agents.play_game([bot, agents.make("random"), agents.make("random")], seed=2).result is not None
    side = path.with_name(path.name + ".spec.json")
    side.write_text(json.dumps({"spec_version": "v0-0000000000"}))
    with pytest.raises(SpecMismatchError):
        agents.make(str(path))
