"""Thieves' Den (unique, cost 6): RULES.md §2.4, §6 (Thieves' Den, Factory), §5.3, §10 Q9 (b), Q25."""

from helpers import act, deal, legal, new_game, setup, to_turn

MAGISTRATE_SET = ("magistrate", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
CARDS = ["temple", "church", "tavern", "market", "watchtower", "prison"]


def merchant_turn(hand, gold):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, hand=hand)
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_paid_partly_with_cards():
    """§2.4: pay part of the cost with cards from hand, 1 card = 1 gold; the cards go to the bottom of the deck
    (Q25); the rest in gold."""
    g = merchant_turn(["thieves_den", *CARDS[:4]], 3)
    act(g, "build:thieves_den")
    assert g.decision_kind == "thieves_den_cards"
    assert legal(g) == [f"card:{c}" for c in CARDS[:4]]  # no "done" before enough cards are given
    act(g, "card:temple", "card:church")
    assert "done" not in legal(g)  # 3 gold cannot pay the remaining 4
    act(g, "card:tavern")
    assert "done" in legal(g)
    act(g, "done")
    assert g.players[0].city == ["thieves_den"]
    assert g.players[0].gold == 0
    assert g.players[0].hand == ["market"]
    assert g.deck[:3] == ["tavern", "church", "temple"]


def test_paid_entirely_with_cards():
    """§2.4, §6: any split is allowed, all six in cards included (then built at once)."""
    g = merchant_turn(["thieves_den", *CARDS], 0)
    assert "build:thieves_den" in legal(g)
    act(g, "build:thieves_den")
    for c in CARDS[:5]:
        assert "done" not in legal(g)
        act(g, f"card:{c}")
    act(g, "card:prison")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["thieves_den"]
    assert g.players[0].hand == []
    assert sorted(g.deck[:6]) == sorted(CARDS)


def test_needs_six_in_gold_and_other_cards():
    """§2.4: gold plus the other cards in hand must reach 6."""
    g = merchant_turn(["thieves_den", *CARDS[:3]], 2)
    assert "build:thieves_den" not in legal(g)
    setup(g, 0, gold=3)
    assert "build:thieves_den" in legal(g)


def test_gold_or_cards_when_gold_suffices():
    """§2.4: with 6 gold, the player chooses to pay in gold or partly in cards."""
    g = merchant_turn(["thieves_den", "temple"], 6)
    act(g, "build:thieves_den")
    assert g.decision_kind == "payment"
    assert legal(g) == ["pay:gold", "pay:thieves_den"]
    act(g, "pay:thieves_den", "card:temple", "done")
    assert g.players[0].gold == 1
    assert g.players[0].city == ["thieves_den"]


def test_factory_lowers_the_payment_to_five():
    """§6 Factory: with the Factory, 5 to pay in cards and/or gold."""
    g = merchant_turn(["thieves_den", *CARDS[:2]], 3)
    setup(g, 0, city=["factory"])
    act(g, "build:thieves_den", "card:temple", "card:church", "done")
    assert g.players[0].gold == 0
    assert g.players[0].city == ["factory", "thieves_den"]


def magistrate_targets_merchant():
    g = new_game(4, MAGISTRATE_SET)
    deal(g, {0: ["merchant"], 1: ["magistrate"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:merchant", "character:king", "character:warlord")
    act(g, "gather:gold", "end_turn")
    return g


def test_confiscated_returns_only_the_gold():
    """§6 Thieves' Den, §5.3: if confiscated, the owner gets back only the gold spent, not the cards."""
    g = magistrate_targets_merchant()
    setup(g, 0, hand=["thieves_den", "temple", "church"])
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "build:thieves_den", "card:temple", "card:church", "done")
    assert g.players[0].gold == 0
    assert g.decision_kind == "confiscate"
    act(g, "yes")
    assert g.players[1].city == ["thieves_den"]
    assert g.players[0].city == []
    assert g.players[0].gold == 4
    assert g.players[0].hand == []
    assert g.deck[:2] == ["church", "temple"]


def test_paid_entirely_with_cards_is_still_a_paid_build():
    """Q9 (b): the Thieves' Den paid entirely with cards is a paid build: confiscatable, nothing refunded."""
    g = magistrate_targets_merchant()
    setup(g, 0, hand=["thieves_den", *CARDS])
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    act(g, "build:thieves_den", *(f"card:{c}" for c in CARDS))
    assert g.decision_kind == "confiscate"
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[1].city == ["thieves_den"]
    assert g.players[0].gold == 0
