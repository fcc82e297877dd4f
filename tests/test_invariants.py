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


def _move_from_deck(g, seat, kind):
    """Put a card of `kind` from the deck into seat's city (cards stay conserved)."""
    g.deck.remove(kind)
    g.players[seat].city.append(kind)


@pytest.mark.parametrize("corruption, message", [
    (lambda g: g.players[0].city.append(g.deck[0]), "not conserved"),
    (lambda g: setattr(g.players[1], "gold", -1), "negative gold"),
    (lambda g: g.players[0].beautified.append("tavern"), "beautified"),
    (lambda g: [_move_from_deck(g, 2, "tavern") for _ in range(2)], "illegal duplicate"),
])
def test_check_state_catches_each_broken_invariant(corruption, message):
    """check_state is what fuzz relies on: each invariant it claims must actually fire on a state that breaks it."""
    from citadels_env.core import Game
    from citadels_env.core.invariants import InvariantError
    g = Game(GameConfig(players=4), seed=5)
    check_state(g)
    corruption(g)
    with pytest.raises(InvariantError, match=message):
        check_state(g)


def test_check_state_allows_a_permitted_duplicate_but_never_a_unique_twice():
    from citadels_env.core import Game
    from citadels_env.core.invariants import InvariantError
    g = Game(GameConfig(players=4, unique_districts=("quarry", "library", "keep", "map_room", "park",
                                                     "framework", "stables", "poor_house", "school_of_magic",
                                                     "wishing_well", "thieves_den", "haunted_quarter", "statue",
                                                     "gold_mine")), seed=5)
    for _ in range(2):
        _move_from_deck(g, 0, "tavern")
    check_state(g, duplicates_ok={0: {"tavern"}})
    _move_from_deck(g, 1, "library")
    g.players[1].city.append(g.players[1].city[-1])
    g.deck.pop()  # keep the count: the second Library stands in for a deck card
    with pytest.raises(InvariantError, match="twice"):
        check_state(g, duplicates_ok={0: {"tavern"}, 1: {"library"}})
