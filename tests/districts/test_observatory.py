"""Observatory (unique, cost 4): RULES.md §2.4, §4.3, §6 (Observatory, Library), §10 Q14."""

from helpers import act, deal, legal, new_game, setup, to_turn


def merchant_turn(city):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=[])
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    return g


def test_draws_three_keeps_one():
    """§4.3: draw 3 cards instead of 2, keep 1, the other 2 go to the bottom of the deck."""
    g = merchant_turn(["observatory"])
    top3 = list(reversed(g.deck[-3:]))  # in drawing order
    size = len(g.deck)
    act(g, "gather:cards")
    assert g.decision_kind == "keep_card"
    assert g.decision_data == tuple(top3)
    assert sorted(legal(g)) == sorted(f"card:{c}" for c in set(top3))
    act(g, f"card:{top3[1]}")
    assert g.players[0].hand == [top3[1]]
    assert sorted(g.deck[:2]) == sorted([top3[0], top3[2]])
    assert len(g.deck) == size - 1


def test_without_observatory_two_are_drawn():
    """§4.3 (control): the default draw is 2 cards."""
    g = merchant_turn(["manor"])
    act(g, "gather:cards")
    assert len(g.decision_data) == 2


def test_with_library_keeps_all_three():
    """§4.3, §6 Library: Observatory + Library: draw 3 and keep all 3."""
    g = merchant_turn(["observatory", "library"])
    top3 = g.deck[-3:]
    act(g, "gather:cards")
    assert g.decision_kind == "turn"
    assert sorted(g.players[0].hand) == sorted(top3)


def test_gold_gathering_is_unchanged():
    """§6 Observatory: gathering only, and only the cards option."""
    g = merchant_turn(["observatory"])
    act(g, "gather:gold")
    assert g.players[0].gold == 2
    assert g.players[0].hand == []


def test_short_deck_draws_what_is_left():
    """Q14: with 2 cards left the Observatory draws 2 (keep 1, the other to the bottom)."""
    g = merchant_turn(["observatory"])
    del g.deck[:-2]
    two = list(reversed(g.deck))
    act(g, "gather:cards")
    assert g.decision_data == tuple(two)
    act(g, f"card:{two[0]}")
    assert g.players[0].hand == [two[0]]
    assert g.deck == [two[1]]
