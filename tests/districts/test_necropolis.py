"""Necropolis (unique, cost 5): RULES.md §2.4, §6 (Necropolis), §5.3, §5.27, §10 Q9, Q16, Q21."""

from helpers import MAGISTRATE_SET, TAX_SET, act, deal, legal, merchant_turn, new_game, setup, to_turn


def test_built_by_destroying_a_district_of_your_city():
    """§2.4: build the Necropolis by destroying 1 district of your city instead of paying (to the deck bottom)."""
    g = merchant_turn(["manor", "tavern"], ["necropolis"], 0)
    assert "build:necropolis" in legal(g)
    act(g, "build:necropolis")
    assert g.decision_kind == "necropolis_sacrifice"
    assert legal(g) == ["district:manor", "district:tavern"]
    act(g, "district:tavern")
    assert g.players[0].city == ["manor", "necropolis"]
    assert g.players[0].gold == 0
    assert g.deck[0] == "tavern"


def test_may_also_be_paid_in_gold():
    """§6 Necropolis, ruling: it may be built by normal payment too."""
    g = merchant_turn(["manor"], ["necropolis"], 5)
    act(g, "build:necropolis")
    assert g.decision_kind == "payment"
    assert legal(g) == ["pay:gold", "pay:necropolis"]
    act(g, "pay:gold")
    assert g.players[0].city == ["manor", "necropolis"]
    assert g.players[0].gold == 0


def test_needs_a_district_to_destroy():
    """§2.4: with an empty city there is nothing to destroy: gold only (automatic), or not buildable."""
    g = merchant_turn([], ["necropolis"], 4)
    assert "build:necropolis" not in legal(g)
    g = merchant_turn([], ["necropolis"], 5)
    act(g, "build:necropolis")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["necropolis"]
    assert g.players[0].gold == 0


def test_counts_toward_the_limit_and_is_taxed():
    """§6 Necropolis [derived]: the build counts toward the limit and is taxed."""
    g = merchant_turn(["manor"], ["necropolis", "temple"], 2, TAX_SET)
    pot = g.tax_pot
    act(g, "build:necropolis", "district:manor")
    assert g.players[0].gold == 1
    assert g.tax_pot == pot + 1
    assert "build:temple" not in legal(g)


def test_sacrificing_a_beautified_district_returns_its_gold_to_the_bank():
    """§6 Necropolis, Q16: Artist rules apply: the gold on the destroyed district goes to the bank."""
    g = merchant_turn(["castle"], ["necropolis"], 0)
    g.players[0].beautified = ["castle"]
    act(g, "build:necropolis")
    assert legal(g) == ["beautified_district:castle"]
    act(g, "beautified_district:castle")
    assert g.players[0].city == ["necropolis"]
    assert g.players[0].beautified == []
    assert g.players[0].gold == 0


def test_museum_sacrificed_sends_its_cards_to_the_bottom():
    """§6 Necropolis: Museum rules apply: its cards go to the bottom of the deck."""
    g = merchant_turn(["museum"], ["necropolis"], 0)
    g.players[0].museum = ["palace"]
    act(g, "build:necropolis", "district:museum")
    assert g.players[0].museum == []
    assert sorted(g.deck[:2]) == ["museum", "palace"]


def test_magistrate_cannot_confiscate_it_when_built_by_destruction():
    """§6 Necropolis, §5.3, Q9: not paid, so not confiscatable; the next paid district may be confiscated."""
    g = new_game(4, MAGISTRATE_SET)
    deal(g, {0: ["architect"], 1: ["magistrate"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:architect", "character:king", "character:warlord")
    act(g, "gather:gold", "end_turn")
    setup(g, 0, city=["manor"], hand=["necropolis", "temple"])
    to_turn(g, "architect")
    act(g, "gather:gold")
    setup(g, 0, gold=1)
    act(g, "build:necropolis", "district:manor")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["necropolis"]
    act(g, "build:temple")
    assert g.decision_kind == "confiscate"
    assert legal(g) == ["yes", "no"]
