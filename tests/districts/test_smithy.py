"""Smithy (unique, cost 5): RULES.md §2.4, §4.7, §5.17, §6 (Smithy), §10 Q14."""

from helpers import act, deal, legal, new_game, setup, to_turn

ALCHEMIST_SET = ("assassin", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord")


def merchant_turn(city, gold):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=[])
    to_turn(g, "merchant")
    setup(g, 0, gold=gold)
    return g


def test_pay_two_gold_to_draw_three_cards():
    """§2.4: once per turn, pay 2 gold to draw 3 cards (from the top of the deck)."""
    g = merchant_turn(["smithy"], 3)
    top3 = g.deck[-3:]
    act(g, "ability:smithy")
    assert g.players[0].gold == 1
    assert sorted(g.players[0].hand) == sorted(top3)
    assert legal(g)[:2] == ["gather:gold", "gather:cards"]  # used before gathering (§4.7)


def test_once_per_turn():
    """§2.4: once per turn."""
    g = merchant_turn(["smithy"], 5)
    act(g, "ability:smithy", "gather:gold")
    assert "ability:smithy" not in legal(g)
    assert g.players[0].gold == 5
    assert len(g.players[0].hand) == 3


def test_needs_two_gold():
    """§2.4: with 1 gold the cost cannot be paid: not offered."""
    g = merchant_turn(["smithy"], 1)
    assert "ability:smithy" not in legal(g)


def test_short_deck():
    """Q14: draw what is left (2 cards); with an empty deck the Smithy is not offered."""
    g = merchant_turn(["smithy"], 2)
    del g.deck[:-2]
    two = g.deck[:]
    act(g, "ability:smithy")
    assert sorted(g.players[0].hand) == sorted(two)
    assert g.players[0].gold == 0
    g = merchant_turn(["smithy"], 2)
    g.deck.clear()
    assert "ability:smithy" not in legal(g)


def test_alchemist_does_not_refund_it():
    """§5.17, §6 Smithy: the 2 gold go to the bank and are not refunded by the Alchemist."""
    g = new_game(4, ALCHEMIST_SET)
    deal(g, {0: ["alchemist"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["smithy"], hand=[])
    to_turn(g, "alchemist")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "ability:smithy", "end_turn")
    assert g.players[0].gold == 1
