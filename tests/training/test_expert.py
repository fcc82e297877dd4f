"""training/expert.py (expert iteration: the guided search teaches its prior) and `search_policy` of `ppo+ismcts`."""

import numpy as np
import pytest
import torch

import agents
from agents.base import Decision
from agents.policy import PolicyNet, load_checkpoint, load_policy, save_checkpoint
from citadels_env.core import Game, GameConfig
from citadels_env.encoding import NUM_ACTIONS
from training import expert
from training.config import ConfigError


@pytest.fixture
def small_net(tmp_path):
    """A small untrained policy as the first guide, so the tests stay fast."""
    torch.manual_seed(0)
    path = tmp_path / "guide.pt"
    save_checkpoint(path, PolicyNet(32, 2), config={"reward": "win"})
    return path


def tiny(tmp_path, net, **overrides) -> expert.ExpertConfig:
    base = dict(out_dir=str(tmp_path), exp_name="ex", init_from=str(net), teacher="iters=12", games=3, rounds=1,
                epochs=1, workers=1, threads=1, eval_games=0, progress=False, tables=[3])
    base.update(overrides)
    cfg = expert.ExpertConfig(**base)
    cfg.validate()
    return cfg


def test_search_policy_returns_the_played_answer_and_visit_shares():
    bot = agents.make("ppo+ismcts:iters=30", seed=4)
    game = Game(GameConfig(players=4), seed=9)
    searched = 0
    while not game.is_over and searched < 8:
        decision = Decision(game)
        action, shares = bot.search_policy(decision)
        assert action in decision.legal and set(shares) <= set(decision.legal)
        assert abs(sum(shares.values()) - 1.0) < 1e-9
        if len(shares) > 1:
            searched += 1
            assert shares[action] == max(shares.values())  # the most visited answer is the one played
        game.apply(action)
    assert searched > 0


def test_the_targets_are_the_teachers_visit_shares_in_its_own_seat(tmp_path, small_net):
    cfg = tiny(tmp_path, small_net)
    data = expert.play_chunk({"cfg": cfg, "seeds": [21, 22], "net": str(small_net)})
    rows = len(data["rets"])
    assert rows > 20 and data["obs"].shape[0] == data["masks"].shape[0] == data["targets"].shape[0] == rows
    targets = data["targets"].astype(np.float32)
    assert np.allclose(targets.sum(1), 1.0, atol=1e-2)
    masks = np.unpackbits(data["masks"], axis=1, count=NUM_ACTIONS).astype(bool)
    assert not (targets[~masks] > 0).any()  # no share on an illegal answer
    assert (masks.sum(1) > 1).all()  # forced decisions are skipped
    assert set(np.unique(data["rets"]).tolist()) <= {1.0, np.float32(-1 / 2)}  # "win" at 3 players
    again = expert.play_chunk({"cfg": cfg, "seeds": [21, 22], "net": str(small_net)})
    assert all(np.array_equal(data[k], again[k]) for k in data)  # the same seeds give the same data


def test_a_round_learns_the_targets_saves_an_agent_and_resumes_from_saved_chunks(tmp_path, small_net):
    cfg = tiny(tmp_path, small_net, games=4, epochs=150, learning_rate=1e-3, teacher="iters=100", target="visits")
    final = expert.train(cfg)
    log = load_checkpoint(final)["expert"]
    assert log["samples"] > 20
    data = expert.collect(cfg, 0, small_net, tmp_path / "ex" / "data")  # every chunk saved: nothing replayed
    before, _ = load_policy(small_net)
    after, _ = load_policy(final)
    obs = torch.from_numpy(data["obs"].astype(np.float32))
    mask = torch.from_numpy(np.unpackbits(data["masks"], axis=1, count=NUM_ACTIONS).astype(bool))
    target = torch.from_numpy(data["targets"].astype(np.float32))

    @torch.no_grad()
    def kl(net):  # KL(search shares || network policy)
        logp = torch.log_softmax(net.logits(obs, mask), -1)
        terms = torch.where(target > 0, target * (torch.log(target.clamp_min(1e-9)) - logp), torch.zeros_like(logp))
        return float(terms.sum(-1).mean())

    assert kl(after) < 0.5 * kl(before)  # the network moved towards the search's shares
    cfg = tiny(tmp_path, small_net, games=4, epochs=300, learning_rate=1e-3, teacher="iters=100", target="move",
               exp_name="ex_move")
    moved, _ = load_policy(expert.train(cfg))
    choice = target.argmax(1).numpy()
    agree = [float((net.logits(obs, mask).argmax(1).numpy() == choice).mean()) for net in (before, moved)]
    assert agree[1] > max(0.9, agree[0])  # target "move": the network learns the answers the search played
    bot = agents.make(f"{final}:greedy=true", seed=1)
    game = Game(GameConfig(players=5), seed=3)
    while not game.is_over:  # the result plays any table
        game.apply(bot.act(Decision(game)))


def test_prior_coef_keeps_the_fit_near_the_network_it_started_from(tmp_path, small_net):
    cfg = tiny(tmp_path, small_net, games=4, epochs=60, learning_rate=1e-3, teacher="iters=30")
    data = expert.collect(cfg, 0, small_net, tmp_path / "data")
    start, _ = load_policy(small_net)
    obs = torch.from_numpy(data["obs"].astype(np.float32))
    mask = torch.from_numpy(np.unpackbits(data["masks"], axis=1, count=NUM_ACTIONS).astype(bool))

    @torch.no_grad()
    def drift(net):  # KL(start || net) over the labelled decisions
        p, q = (torch.log_softmax(n.logits(obs, mask), -1) for n in (start, net))
        return float(torch.where(mask, p.exp() * (p - q), torch.zeros_like(p)).sum(-1).mean())

    fitted = []
    for coef in (0.0, 10.0):
        net, _ = load_policy(small_net)
        torch.manual_seed(0)
        cfg.prior_coef = coef
        expert.fit(net, torch.optim.Adam(net.parameters(), lr=cfg.learning_rate), data, cfg,
                   np.random.default_rng(0))
        fitted.append(net)
    assert drift(fitted[1]) < 0.5 * drift(fitted[0])
    with pytest.raises(ConfigError, match="prior_coef"):
        tiny(tmp_path, small_net, prior_coef=-1.0)


def _fake_data(rows: int, spread: int) -> dict[str, np.ndarray]:
    """Decisions of four legal answers; the first `spread` rows' shares spread over two, the others on one answer."""
    rng = np.random.default_rng(1)
    legal = np.zeros((rows, NUM_ACTIONS), bool)
    targets = np.zeros((rows, NUM_ACTIONS), np.float16)
    for i in range(rows):
        answers = rng.choice(NUM_ACTIONS, size=4, replace=False)
        legal[i, answers] = True
        targets[i, answers[:2] if i < spread else answers[:1]] = 0.5 if i < spread else 1.0
    return {"obs": rng.random((rows, PolicyNet(32, 2).input_size)).astype(np.float16),
            "masks": np.packbits(legal, axis=1), "targets": targets, "rets": np.zeros(rows, np.float32)}


def test_labels_searched_learns_the_policy_only_where_the_search_spread_its_visits(tmp_path, small_net):
    cfg = tiny(tmp_path, small_net, epochs=2, learning_rate=1e-2, vf_coef=0.0, labels="searched")
    start, _ = load_policy(small_net)
    head = start.policy.weight.detach().clone()

    def fitted(data, labels):
        net, _ = load_policy(small_net)
        cfg.labels = labels
        stats = expert.fit(net, torch.optim.Adam(net.parameters(), lr=cfg.learning_rate), data, cfg,
                           np.random.default_rng(0))
        return net, stats

    one_answer = _fake_data(64, spread=0)  # every label an answer given without a search: nothing to learn
    net, stats = fitted(one_answer, "searched")
    assert torch.equal(net.policy.weight, head) and stats["policy_samples"] == 0
    net, stats = fitted(one_answer, "all")
    assert not torch.equal(net.policy.weight, head) and stats["policy_samples"] == 64
    _, stats = fitted(_fake_data(64, spread=24), "searched")
    assert stats["policy_samples"] == 24 and stats["samples"] == 64
    with pytest.raises(ConfigError, match="labels"):
        tiny(tmp_path, small_net, labels="some")


def test_a_stopped_round_plays_only_the_missing_chunks(tmp_path, small_net, monkeypatch):
    cfg = tiny(tmp_path, small_net, games=expert.CHUNK + 2)
    data_dir = tmp_path / "data"
    played = []
    real = expert.play_chunk
    monkeypatch.setattr(expert, "play_chunk", lambda job: played.append(job["seeds"]) or real(job))
    first = expert.collect(cfg, 0, small_net, data_dir)
    assert len(played) == 2
    (data_dir / "round0_00001.npz").unlink()  # as if stopped before the last chunk was saved
    second = expert.collect(cfg, 0, small_net, data_dir)
    assert len(played) == 3 and played[2] == played[1]
    assert all(np.array_equal(first[k], second[k]) for k in first)


@pytest.mark.parametrize("field,value,match", [
    ("teacher", "iters=10,net=ppo", "net"),
    ("teacher", "top=0", "top"),
    ("teacher", "iters", "key=value"),
    ("opponents", {"self": 1.0}, "self"),
    ("init_from", "missing.pt", "existing checkpoint"),
    ("tables", [9], "9"),
    ("target", "value", "move or visits"),
])
def test_bad_settings_are_refused_before_any_game(tmp_path, small_net, field, value, match):
    with pytest.raises((ConfigError, ValueError), match=match):
        tiny(tmp_path, small_net, **{field: value})
    assert not (tmp_path / "ex").exists()
