"""Library (unique, cost 6): RULES.md §2.4, §4.3, §6 (Library, Observatory), §10 Q14."""

from helpers import act, deal, legal, new_game, setup, to_turn


def merchant_turn(city):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=[])
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    return g


def test_keeps_both_drawn_cards():
    """§4.3: Library: drawing cards when gathering, keep all the drawn cards (no choice asked)."""
    g = merchant_turn(["library"])
    top2 = g.deck[-2:]
    act(g, "gather:cards")
    assert g.decision_kind == "turn"
    assert sorted(g.players[0].hand) == sorted(top2)
    assert g.players[0].gold == 0


def test_without_library_one_card_is_kept():
    """§4.3 (control): without the Library, keep 1 of 2, the other to the bottom of the deck."""
    g = merchant_turn(["manor"])
    top2 = g.deck[-2:]
    act(g, "gather:cards")
    assert g.decision_kind == "keep_card"
    act(g, f"card:{top2[0]}")
    assert g.players[0].hand == [top2[0]]
    assert g.deck[0] == top2[1]


def test_with_observatory_keeps_three():
    """§4.3, §6 Library: with the Observatory, draw 3 and keep all 3."""
    g = merchant_turn(["library", "observatory"])
    top3 = g.deck[-3:]
    size = len(g.deck)
    act(g, "gather:cards")
    assert g.decision_kind == "turn"
    assert sorted(g.players[0].hand) == sorted(top3)
    assert len(g.deck) == size - 3


def test_gold_gathering_is_unchanged():
    """§6 Library: gathering only, and only the cards option."""
    g = merchant_turn(["library"])
    act(g, "gather:gold")
    assert g.players[0].gold == 2
    assert g.players[0].hand == []


def test_other_card_draws_are_unchanged():
    """§6 Library: gathering only: the Architect's 2 extra cards are just 2 cards."""
    g = new_game(4)
    deal(g, {0: ["architect"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["library"], hand=[])
    to_turn(g, "architect")
    act(g, "ability:architect_cards")
    assert len(g.players[0].hand) == 2


def test_short_deck_keeps_what_was_drawn():
    """Q14: with 1 card left, the Library owner draws and keeps it."""
    g = merchant_turn(["library"])
    last = g.deck[-1]
    del g.deck[:-1]
    act(g, "gather:cards")
    assert g.players[0].hand == [last]
    assert g.deck == []
    assert "end_turn" in legal(g)
