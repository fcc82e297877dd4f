"""The network's value head as a search's leaf evaluation (agents/leaf_value.py) and `ppo+ismcts:value=net`."""

import random

import numpy as np
import pytest
import torch

import agents
from agents.base import Decision
from agents.history import HistoryTracker, history_features
from agents.leaf_value import LeafValue
from agents.match import play_game
from agents.policy import PolicyNet, load_policy, shipped
from citadels_env.core import Game, GameConfig
from citadels_env.encoding import OBS_SIZE, encode_observation


def _positions(players: int, count: int, seed: int) -> list[Game]:
    """Games stopped at random points (any phase, any seat deciding)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        game = Game(GameConfig(players=players), seed=seed + k)
        for _ in range(rng.randrange(1, 150)):
            if game.is_over:
                break
            acts = game.legal_actions()
            game.apply(acts[rng.randrange(len(acts))])
        if not game.is_over:
            out.append(game)
    return out


@pytest.mark.parametrize("players", [2, 4, 7])
def test_numpy_value_equals_the_torch_value_head(players):
    net, _ = load_policy(shipped("ppo-v6"))  # a network that reads the observation alone, as this compares
    leaf = LeafValue(net)
    for game in _positions(players, 6, seed=100 * players):
        obs = np.stack([encode_observation(game, s) for s in range(players)])
        with torch.no_grad():
            expected = net.value(net.trunk(torch.from_numpy(obs))).squeeze(-1).numpy()
        assert np.allclose(leaf.raw(obs), expected, atol=1e-4)


def test_values_are_win_chances_that_sum_to_one():
    net, _ = load_policy(shipped("ppo"))
    leaf = LeafValue(net)
    for game in _positions(5, 8, seed=3):
        values = leaf(game)
        assert len(values) == 5
        assert all(0.0 < v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)


def test_a_seat_ahead_is_valued_higher():
    """A seat given a large lead in gold and a nearly complete city is valued above the others."""
    net, _ = load_policy(shipped("ppo"))
    leaf = LeafValue(net)
    game = _positions(4, 1, seed=21)[0]
    before = leaf(game)[2]
    rich = game.players[2]
    rich.gold += 20
    assert leaf(game)[2] > before


def test_refuses_networks_whose_value_reads_other_inputs():
    with pytest.raises(ValueError, match="centralised critic"):
        LeafValue(PolicyNet(hidden=16, layers=1, critic_size=32))
    with pytest.raises(ValueError, match="belief"):
        LeafValue(PolicyNet(hidden=16, layers=1, beliefs=True))


@pytest.mark.parametrize("players", [3, 4])
def test_a_network_reading_history_gets_each_seats_history_at_the_leaf(players):
    """The numpy value of a history network equals the torch value head on each seat's whole input (observation, then
    its history features from its own view), at positions with kills, thefts and rounds behind them."""
    torch.manual_seed(players)
    net = PolicyNet(hidden=32, layers=2, history=True)
    leaf = LeafValue(net)
    for game in _positions(players, 6, seed=50 * players):
        inputs = np.stack([np.concatenate([encode_observation(game, s), history_features(game.view(s))])
                           for s in range(players)])
        assert inputs[:, OBS_SIZE:].any() or game.round == 1
        with torch.no_grad():
            raw = net.value(net.trunk(torch.from_numpy(inputs))).squeeze(-1).numpy()
        expected = np.clip(raw, 1e-3, 1.0) / np.clip(raw, 1e-3, 1.0).sum()
        assert np.allclose(leaf(game), expected, atol=1e-4)


def test_the_history_at_a_sampled_leaf_is_the_real_games():
    """A search scores samples, not the real game: the history a sample keeps (public events only) is the real
    game's for every seat, whatever the sample replaced."""
    for game in _positions(4, 8, seed=77):
        real = HistoryTracker()
        real.update(game)
        for seat in range(4):
            sample = game.determinize(seat, seat + 11)
            tracker = HistoryTracker()
            tracker.update(sample)
            assert np.array_equal(tracker.counts, real.counts)


def test_search_guided_by_a_network_that_reads_history_plays_legal_games():
    """`ppo-candidate` reads history features at 4 players: its value head scores the cut positions there."""
    bot = agents.make("ppo+ismcts:net=ppo-candidate,iters=12", seed=5)
    others = [agents.make("heuristic") for _ in range(3)]
    assert play_game([bot, *others], GameConfig(players=4), seed=12) is not None


@pytest.mark.parametrize("cut", ["round", "leaf"])
def test_search_with_the_net_value_plays_legal_games(cut):
    bot = agents.make(f"ppo+ismcts:net=ppo,value=net,cut={cut},iters=15", seed=4)
    others = [agents.make("heuristic") for _ in range(2)]
    assert play_game([bot, *others], GameConfig(players=3), seed=9) is not None  # an illegal answer would raise


@pytest.mark.parametrize("option, message", [("value=critic", "value must be"), ("cut=never", "cut must be")])
def test_bad_options_are_refused_by_name(option, message):
    with pytest.raises(ValueError, match=message):
        agents.make(f"ppo+ismcts:net=ppo,{option}")


@pytest.mark.parametrize("spec, scored", [("horizon=0", False), ("horizon=1", True), ("cut=leaf,horizon=0", True)])
def test_the_value_head_scores_exactly_the_cut_positions(spec, scored):
    """Rollouts to the end (`horizon=0`) never ask the value head; cut ones (at the round, or at the leaf) do."""
    bot = agents.make(f"ppo+ismcts:net=ppo,iters=8,{spec}", seed=7)
    calls = []
    leaf = bot._leaf_score
    bot._leaf_score = lambda game: calls.append(game.round) or leaf(game)
    game = Game(GameConfig(players=4), seed=8)
    decision = Decision(game)
    while len(decision.legal) < 2:
        game.apply(decision.legal[0])
        decision = Decision(game)
    bot.act(decision)
    assert bool(calls) is scored


def test_a_temperature_tempers_the_values_and_keeps_their_order():
    """`temp` raises the clipped values to 1/temp before normalising: a hotter head is less sure of the leader, the
    order of the seats is kept, temp=1 is the plain head, and a temperature that is not positive is refused."""
    net, _ = load_policy(shipped("ppo-v6"))
    plain, hot, cold = LeafValue(net), LeafValue(net, temp=3.0), LeafValue(net, temp=0.5)
    for game in _positions(4, 6, seed=8):
        p, h, c = np.array(plain(game)), np.array(hot(game)), np.array(cold(game))
        assert h.sum() == pytest.approx(1.0) and c.sum() == pytest.approx(1.0)
        assert h.max() <= p.max() + 1e-9 <= c.max() + 2e-9
        assert list(np.argsort(h)) == list(np.argsort(p)) == list(np.argsort(c))
        raw = np.clip(plain.raw(np.stack([encode_observation(game, s) for s in range(4)])), 1e-3, 1.0)
        assert np.allclose(h, raw ** (1 / 3) / (raw ** (1 / 3)).sum(), atol=1e-6)
    for bad in (0.0, -1.0):
        with pytest.raises(ValueError, match="temperature"):
            LeafValue(net, temp=bad)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_leaf_reads_the_reference_observations_of_every_seat(players):
    """`clipped` encodes every seat with one incremental encoder; the values equal the torch head on the reference
    encoder's observations, on real positions and on samples of them (the leaves a search scores)."""
    net, _ = load_policy(shipped("ppo-v6"))
    leaf = LeafValue(net)
    for game in _positions(players, 5, seed=300 + players):
        for g in (game, game.determinize(players - 1, 7)):
            obs = np.stack([encode_observation(g, s) for s in range(players)])
            with torch.no_grad():
                raw = net.value(net.trunk(torch.from_numpy(obs))).squeeze(-1).numpy()
            assert np.allclose(leaf.clipped(g), np.clip(raw, 1e-3, 1.0), atol=1e-4)
