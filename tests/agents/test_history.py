"""History features (agents/history.py): what they count, that they hold nothing hidden, that the incremental and
the from-scratch builders agree, and that a network widened to read them starts as the network it came from."""

from __future__ import annotations

import random

import numpy as np
import pytest
import torch

from agents.base import Decision
from agents.history import HISTORY_SCALE, HISTORY_SIZE, NC, HistoryTracker, history_features
from agents.net_inputs import GameInputs, InputSpec, decision_input, input_size
from agents.policy import PolicyNet, widened_for_history
from citadels_env.core import PRESET_NAMES, Game, GameConfig
from citadels_env.core.cards import CHARACTER_IDS
from citadels_env.core.knowledge import determinize
from citadels_env.core.limits import MAX_PLAYERS
from citadels_env.encoding import OBS_SIZE

INDEX = {c: i for i, c in enumerate(CHARACTER_IDS)}
# Every preset (the Witch, the Magistrate, the Blackmailer, the heir rule...) at 4-7 players, and the 2-, 3- and
# 8-player drafts (two characters a seat, the face-down card of the last player).
TABLES = [(n, preset) for n in (4, 5, 6, 7) for preset in PRESET_NAMES] + [(n, None) for n in (2, 3, 8)]


def random_games(count: int, seed: int = 0):
    """Random legal games over TABLES, yielding (game, rng) at every decision; the caller applies the move."""
    for k in range(count):
        n, preset = TABLES[k % len(TABLES)]
        game = Game(GameConfig(players=n, preset=preset, crown_seat=None), seed + k)
        rng = random.Random(seed + k)
        while not game.is_over:
            yield game, rng


def test_counts_every_reveal_and_every_kill_rob_and_bewitch_of_each_seat():
    """Truth kept apart from the counting: a seat's `named` counts are the kill, rob, bewitch, warrant and threat
    answers it chose (the decision's own seat); its `played` counts, per round, the characters `Game.revealed` showed
    it holding at the round's last decision, with the heir of a killed rank-4 character (revealed after that decision:
    the log's `heir` events of the round)."""
    checked = 0
    for k in range(len(TABLES)):
        n, preset = TABLES[k]
        game = Game(GameConfig(players=n, preset=preset, crown_seat=None), 7000 + k)
        rng = random.Random(k)
        named = np.zeros((MAX_PLAYERS, NC))
        revealed: dict[int, dict] = {}  # round -> Game.revealed at its last decision
        while not game.is_over:
            revealed[game.round] = dict(game.revealed)
            action = rng.choice(game.legal_actions())
            if game.decision_kind in ("kill", "rob", "bewitch", "warrant", "threat"):
                named[game.current_player, INDEX[action.arg]] += 1
            game.apply(action)
        rnd = 0
        for _, e in game.events:
            if e.kind == "round":
                rnd = e.round
            elif e.kind == "heir":
                revealed[rnd][e.character] = e.seat
        played = np.zeros((MAX_PLAYERS, NC))
        for shown in revealed.values():
            for c, s in shown.items():
                played[s, INDEX[c]] += 1
        tracker = HistoryTracker()
        tracker.update(game)
        assert np.array_equal(tracker.counts[0], played), (n, preset)
        assert np.array_equal(tracker.counts[1], named), (n, preset)
        checked += int(named.sum())
    assert checked > 50  # kills, thefts and bewitchings did happen


def test_the_features_are_the_counts_by_relative_seat():
    game = Game(GameConfig(players=5, crown_seat=None), 11)
    rng = random.Random(1)
    while game.round < 4:
        game.apply(rng.choice(game.legal_actions()))
    tracker = HistoryTracker()
    tracker.update(game)
    for seat in range(5):
        v = tracker.features(seat, 5).reshape(2, MAX_PLAYERS, NC)
        for k in range(5):
            assert np.array_equal(v[:, k] * HISTORY_SCALE, tracker.counts[:, (seat + k) % 5])
        assert not v[:, 5:].any()
    assert tracker.counts[0].sum() >= 3 * 5 * 0.5  # three rounds played: characters were revealed


def test_hidden_state_does_not_change_them():
    """A seat's features are the same in every game it cannot tell from the true one (`determinize` re-samples the
    hands, the deck, the characters it cannot place and the private events)."""
    compared = 0
    for game, rng in random_games(12, seed=300):
        if rng.random() < 0.05:
            seat = rng.randrange(game.num_players)
            want = history_features(game.view(seat))
            for _ in range(2):
                other = determinize(game, seat, rng.randrange(1 << 30))
                assert np.array_equal(history_features(other.view(seat)), want)
                tracker = HistoryTracker()
                tracker.update(other)
                assert np.array_equal(tracker.features(seat, game.num_players), want)
            compared += 1
        game.apply(rng.choice(game.legal_actions()))
    assert compared > 50


@pytest.mark.parametrize("spec", [InputSpec(), InputSpec(history=True), InputSpec(beliefs=True, history=True)])
def test_incremental_and_from_scratch_inputs_agree_at_every_decision(spec):
    """`GameInputs` (training: incremental, called at a few decisions only) and `decision_input` (a playing agent:
    from the decision's view) build the same vector."""
    compared = 0
    inputs: dict[int, GameInputs] = {}
    for game, rng in random_games(6 if spec.beliefs else 14, seed=900):
        if id(game) not in inputs:
            inputs[id(game)] = GameInputs(game)
        gi = inputs[id(game)]
        if rng.random() < (0.2 if spec.beliefs else 0.5):
            seat = game.current_player
            got = gi(spec, seat)
            assert got.shape == (input_size(spec.beliefs, spec.history),)
            assert np.array_equal(got, decision_input(spec, Decision(game)))
            compared += 1
        game.apply(rng.choice(game.legal_actions()))
    assert compared > 200


def test_a_network_widened_to_read_history_starts_as_the_network_it_came_from():
    torch.manual_seed(0)
    old = PolicyNet(hidden=32, layers=2)
    new = PolicyNet(hidden=32, layers=2, history=True)
    new.load_state_dict(widened_for_history(old.state_dict(), new))
    obs = torch.rand(16, OBS_SIZE)
    history = torch.rand(16, HISTORY_SIZE) * 3
    mask = torch.rand(16, old.policy.out_features) < 0.3
    mask[:, 0] = True
    with torch.no_grad():  # the same sums to float32 rounding (a wider matrix product may add in another order)
        wide, narrow = new(torch.cat([obs, history], 1), mask), old(obs, mask)
    for x, y in zip(wide, narrow):
        assert torch.equal(torch.isinf(x), torch.isinf(y))
        assert torch.allclose(x[~torch.isinf(x)], y[~torch.isinf(y)], rtol=0, atol=1e-5)
    assert (wide[1] != 0).all()  # (not a network that ignores its input)
    assert new.spec() == {"hidden": 32, "layers": 2, "critic_size": None, "history": True}
    with pytest.raises(ValueError, match="reads no history"):
        widened_for_history(old.state_dict(), old)
    with pytest.raises(ValueError, match="history features"):
        widened_for_history(new.state_dict(), new)  # already wide
