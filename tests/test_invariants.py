"""OpenSpiel-style random playouts: invariants checked at every step of thousands of games over every player count,
8/9 characters, random card selections and every preset (see citadels_env.core.invariants)."""

import random

import pytest

from citadels_env.core import PRESET_NAMES, GameConfig, Rng
from citadels_env.core.invariants import MAX_DECISIONS, check_state, playout, random_config

QUICK_GAMES = 2000
DEEP_GAMES = 64


@pytest.mark.parametrize("chunk", range(6))
def test_random_playouts(chunk):
    """Legal set non-empty, cards conserved, gold >= 0, no illegal duplicate, the game ends (bounded)."""
    per = QUICK_GAMES // 6
    lengths = []
    for seed in range(chunk * per, (chunk + 1) * per):
        g = playout(random_config(random.Random(seed)), seed)
        assert g.is_over and g.result() is not None
        lengths.append(len(g.actions))
    assert max(lengths) < MAX_DECISIONS


@pytest.mark.parametrize("chunk", range(4))
def test_deep_playouts(chunk):
    """Also at every step: every legal action is accepted, clone() equals and then diverges, views survive
    determinization; and the game record replays to the identical final state."""
    per = DEEP_GAMES // 4
    for seed in range(10_000 + chunk * per, 10_000 + (chunk + 1) * per):
        playout(random_config(random.Random(seed)), seed, deep=True)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_and_player_count(players, preset):
    for rank9 in (False, True):
        playout(GameConfig(players=players, preset=preset, use_rank9=rank9), seed=players * 100 + rank9)


def test_random_config_covers_eight_and_nine_characters_and_every_player_count():
    configs = [random_config(random.Random(s)).resolve(Rng(0)) for s in range(300)]
    assert {len(c.characters) for c in configs} == {8, 9}
    assert {c.players for c in configs} == set(range(2, 9))


def test_check_state_detects_a_lost_card():
    g = playout(GameConfig(players=4), seed=3)
    g.deck.pop()
    with pytest.raises(AssertionError, match="not conserved"):
        check_state(g)
