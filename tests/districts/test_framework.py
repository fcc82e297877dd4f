"""Framework (unique, cost 3): RULES.md §2.4, §6 (Framework), §5.3, §5.27, Q9."""

from helpers import MAGISTRATE_SET, TAX_SET, act, deal, legal, merchant_turn, new_game, setup, to_turn


def test_destroy_the_framework_instead_of_paying():
    """§2.4: build a district by destroying the Framework (to the bottom of the deck) instead of paying."""
    g = merchant_turn(["framework", "manor"], ["castle"], 4)
    act(g, "build:castle")
    assert g.decision_kind == "payment"
    assert legal(g) == ["pay:gold", "pay:framework"]
    act(g, "pay:framework")
    assert g.players[0].city == ["manor", "castle"]
    assert g.players[0].gold == 4
    assert g.deck[0] == "framework"
    assert len(g.players[0].city) == 2  # net district count unchanged


def test_allows_building_without_gold():
    """§2.4: with no gold the Framework is the only way to pay; the forced choice is automatic."""
    g = merchant_turn(["framework"], ["palace"], 0)
    assert "build:palace" in legal(g)
    act(g, "build:palace")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["palace"]


def test_not_usable_for_the_framework_itself():
    """§2.4: the Framework pays for another district: a second Framework (Quarry) must be paid in gold."""
    g = merchant_turn(["framework", "quarry"], ["framework"], 2)
    assert "build:framework" not in legal(g)


def test_counts_toward_the_build_limit():
    """§6 Framework: the district built counts toward the build limit [derived]."""
    g = merchant_turn(["framework"], ["castle", "temple"], 5)
    act(g, "build:castle", "pay:framework")
    assert "build:temple" not in legal(g)


def test_district_built_with_it_is_taxed():
    """§5.27, §6 Framework: tax is due even for a district built without paying its cost."""
    g = merchant_turn(["framework"], ["palace"], 2, TAX_SET)
    pot = g.tax_pot
    act(g, "build:palace")
    assert g.players[0].gold == 1
    assert g.tax_pot == pot + 1


def test_magistrate_cannot_confiscate_it_but_may_take_the_next_paid_district():
    """§6 Framework, §5.3, Q9: a district built by destroying the Framework is not paid; the next paid one is the
    first paid build and may be confiscated."""
    g = new_game(4, MAGISTRATE_SET)
    deal(g, {0: ["architect"], 1: ["magistrate"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:architect", "character:king", "character:warlord")
    act(g, "gather:gold", "end_turn")
    setup(g, 0, city=["framework"], hand=["castle", "temple"])
    to_turn(g, "architect")
    act(g, "gather:gold")
    setup(g, 0, gold=5)
    act(g, "build:castle", "pay:framework")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["castle"]
    act(g, "build:temple")
    assert g.decision_kind == "confiscate"
    assert g.current_player == 1
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[1].city == ["temple"]
    assert g.players[0].gold == 5  # the gold paid is returned
