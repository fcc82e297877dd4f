"""training/leaf_fit.py: a value head refitted on a table's round starts against who won."""

import numpy as np
import pytest
import torch

import agents
from agents.guided import GuidedISMCTSAgent
from agents.leaf_value import LeafValue
from agents.policy import PolicyNet, load_checkpoint, load_policy, save_checkpoint
from citadels_env.core import Game, GameConfig
from training import leaf_fit
from training.config import ConfigError


@pytest.fixture
def small_net(tmp_path):
    torch.manual_seed(0)
    path = tmp_path / "start.pt"
    save_checkpoint(path, PolicyNet(32, 2, history=True), config={"reward": "win"})
    return path


def tiny(tmp_path, net, **overrides) -> leaf_fit.LeafFitConfig:
    base = dict(out_dir=str(tmp_path), exp_name="lf", init_from=str(net), table=["heuristic", "heuristic-strong"],
                games=4, holdout=0.5, ridge=[1.0, 1e4], workers=1, progress=False)
    base.update(overrides)
    cfg = leaf_fit.LeafFitConfig(**base)
    cfg.validate()
    return cfg


def test_rows_are_every_seat_at_every_round_start_after_the_first(tmp_path, small_net):
    cfg = tiny(tmp_path, small_net, games=1)
    seed = leaf_fit.SEED_BASE + cfg.seed * 1_000_000
    part = leaf_fit.play_chunk({"cfg": cfg, "seeds": [seed]})
    # the same game replayed: its round starts after the first, read as the leaf reads them
    bots = [agents.make(cfg.table[s % 2], seed=seed * 16 + s) for s in range(4)]
    game = Game(GameConfig(players=4), seed=seed)
    for s, bot in enumerate(bots):
        bot.reset(s, game.config, seed=seed * 16 + s)
    leaf = LeafValue(load_policy(small_net, 4)[0])
    starts, seen = [], game.round
    from agents.base import Decision

    while not game.is_over:
        if game.round != seen:
            seen = game.round
            starts.append(leaf.inputs(game))
        d = Decision(game)
        game.apply(bots[d.seat].act(d))
    assert len(starts) >= 2
    assert part["obs"].shape == (4 * len(starts), leaf.first.shape[0])
    np.testing.assert_allclose(part["obs"].astype(np.float32), np.concatenate(starts), rtol=1e-3, atol=1e-3)
    won = part["won"].reshape(-1, 4)
    assert (won.sum(axis=1) == 1).all() and (won.argmax(axis=1) == game.result().winner).all()
    assert (part["game"] == seed).all()


def test_the_refit_keeps_trunk_and_policy_and_beats_the_start_on_held_out_games(tmp_path, small_net):
    cfg = tiny(tmp_path, small_net)
    path = leaf_fit.run(cfg)
    start, _ = load_policy(small_net)
    refit, meta = load_policy(path)
    for key, value in start.state_dict().items():
        if not key.startswith("value."):
            assert torch.equal(value, refit.state_dict()[key]), key
    assert not torch.equal(start.value.weight, refit.value.weight)
    report = meta["leaf_fit"]
    assert report["games"] == 4 and report["held_out_games"] == 2
    # an untrained head is no judge: some penalty on the held-out games scores better than it
    assert min(r["log_loss"] for r in report["held_out"][1:]) < report["held_out"][0]["log_loss"]
    assert (tmp_path / "lf" / "leaf_fit.png").stat().st_size > 0
    # the file is a judge the search takes
    bot = GuidedISMCTSAgent(net=str(small_net), value_net=str(path), iters=5, seed=1)
    assert bot._leaf_score(Game(GameConfig(players=4), seed=3)) is not None


def test_saved_chunks_are_reused_and_more_games_add_to_them(tmp_path, small_net, monkeypatch):
    cfg = tiny(tmp_path, small_net, games=leaf_fit.CHUNK)
    first = leaf_fit.collect(cfg, tmp_path / "data")
    played = []
    real = leaf_fit.play_chunk
    monkeypatch.setattr(leaf_fit, "play_chunk", lambda job: played.append(job["seeds"]) or real(job))
    again = leaf_fit.collect(cfg, tmp_path / "data")
    assert played == [] and np.array_equal(first["won"], again["won"])
    cfg.games = leaf_fit.CHUNK + 2
    more = leaf_fit.collect(cfg, tmp_path / "data")
    base = leaf_fit.SEED_BASE + cfg.seed * 1_000_000
    assert played == [[base + leaf_fit.CHUNK, base + leaf_fit.CHUNK + 1]]  # only the new games
    assert len(np.unique(more["game"])) == leaf_fit.CHUNK + 2
    np.testing.assert_array_equal(more["won"][:len(first["won"])], first["won"])


def test_ridge_change_with_a_huge_penalty_moves_only_the_bias():
    rng = np.random.default_rng(0)
    h = rng.normal(size=(200, 5))
    dw, db = leaf_fit.ridge_change(h, h @ np.arange(5.0) + 2.0, 1e12)
    assert np.abs(dw).max() < 1e-6
    dw, db = leaf_fit.ridge_change(h, h @ np.arange(5.0) + 2.0, 1e-9)
    np.testing.assert_allclose(dw, np.arange(5.0), atol=1e-6)
    assert abs(db - 2.0) < 1e-6


@pytest.mark.parametrize("overrides, field", [
    ({"table": ["ismcts:iters=50"]}, "table"),
    ({"table": ["no-such-bot"]}, "table"),
    ({"table": []}, "table"),
    ({"holdout": 1.0}, "holdout"),
    ({"ridge": [0.0]}, "ridge"),
    ({"init_from": "missing.pt"}, "init_from"),
    ({"games": 0}, "games"),
])
def test_bad_configs_are_refused_before_any_game(tmp_path, small_net, overrides, field):
    with pytest.raises(ConfigError) as err:
        tiny(tmp_path, small_net, **overrides)
    assert err.value.field == field
    assert not (tmp_path / "lf").exists()


def test_a_network_with_a_centralised_critic_is_refused(tmp_path):
    path = tmp_path / "critic.pt"
    save_checkpoint(path, PolicyNet(16, 1, critic_size=40), config={})
    with pytest.raises(ConfigError, match=r"init_from.*centralised critic"):
        tiny(tmp_path, path)
    assert load_checkpoint(path)["model"]["critic_size"] == 40
