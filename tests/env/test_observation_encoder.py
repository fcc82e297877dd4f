"""The environment's incremental observation builder gives exactly the reference encoding, at every step, for every
seat, over many random games of every size and preset (whatever order the seats observe in)."""

import random

import numpy as np
import pytest

from citadels_env.core import Game, GameConfig
from citadels_env.core.invariants import random_config
from citadels_env.encoding import ObservationEncoder, encode_observation


@pytest.mark.parametrize("seed", range(40))
def test_incremental_observation_equals_the_reference_at_every_step(seed):
    rng = random.Random(seed)
    config = random_config(rng) if seed % 2 else GameConfig(players=2 + seed % 7)
    g = Game(config, seed)
    enc = ObservationEncoder(g)
    step = 0
    while True:
        # Observe some seats now and then (a buffer must catch up on many changes at once), the decider always.
        seats = range(g.num_players) if step % 5 == 0 else [s for s in range(g.num_players) if rng.random() < 0.3]
        for seat in {*seats, g.current_player} - {None}:
            got = enc(seat)
            assert np.array_equal(got, encode_observation(g, seat)), (seed, step, seat, g.decision_kind)
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        step += 1


def test_returned_observations_are_independent_copies():
    g = Game(GameConfig(players=4), 1)
    enc = ObservationEncoder(g)
    first = enc(g.current_player)
    kept = first.copy()
    g.apply(g.legal_actions()[0])
    enc(0), enc(1)
    assert np.array_equal(first, kept)


@pytest.mark.parametrize("seed", range(12))
def test_an_encoder_made_mid_game_catches_up_with_everything_before_it(seed):
    """An encoder made in the middle of a round (several characters already called, some of them absent) reads the
    round's calls from the end of the log: it must find exactly this round's, and then follow the game as usual."""
    rng = random.Random(seed)
    config = random_config(rng) if seed % 2 else GameConfig(players=2 + seed % 7)
    g = Game(config, seed)
    starts = sorted(rng.sample(range(5, 150), 6))
    encoders = []
    step = 0
    while not g.is_over:
        if starts and step == starts[0]:
            starts.pop(0)
            encoders.append(ObservationEncoder(g))
        for enc in encoders:
            seat = g.current_player
            assert np.array_equal(enc(seat), encode_observation(g, seat)), (seed, step, len(encoders))
        g.apply(rng.choice(g.legal_actions()))
        step += 1
    assert encoders, "the game ended before the first encoder was made"
