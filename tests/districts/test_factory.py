"""Factory (unique, cost 5): RULES.md §2.4, §6 (Factory), §5.15, Q12."""

from helpers import act, deal, legal, merchant_turn, new_game, setup, to_turn

from citadels_env.core.scoring import score_player


def test_other_unique_district_costs_one_gold_less():
    """§6 Factory: 1 gold less to build another unique district (Keep 3 for 2 gold)."""
    g = merchant_turn(["factory"], ["keep"], 2)
    assert "build:keep" in legal(g)
    act(g, "build:keep")
    assert g.players[0].city == ["factory", "keep"]
    assert g.players[0].gold == 0


def test_discount_is_exactly_one():
    """§6 Factory: with 1 gold the Keep (3) is still too expensive."""
    g = merchant_turn(["factory"], ["keep"], 1)
    assert "build:keep" not in legal(g)


def test_base_districts_are_not_discounted():
    """§6 Factory: only unique districts (a Castle 4 needs 4 gold)."""
    g = merchant_turn(["factory"], ["castle"], 3)
    assert "build:castle" not in legal(g)
    setup(g, 0, gold=4)
    act(g, "build:castle")
    assert g.players[0].gold == 0


def test_not_for_the_factory_itself():
    """§6 Factory: "any other unique district": a second Factory (Quarry) costs the full 5."""
    g = merchant_turn(["factory", "quarry"], ["factory"], 4)
    assert "build:factory" not in legal(g)
    setup(g, 0, gold=5)
    act(g, "build:factory")
    assert g.players[0].city == ["factory", "quarry", "factory"]
    assert g.players[0].gold == 0


def test_thieves_den_costs_five_in_cards_and_gold():
    """§6 Factory: applies to the Thieves' Den (5 to pay in cards and/or gold)."""
    cards = ["temple", "church", "tavern", "market", "watchtower"]
    g = merchant_turn(["factory"], ["thieves_den", *cards[:4]], 0)
    assert "build:thieves_den" not in legal(g)  # 4 cards are not enough

    g = merchant_turn(["factory"], ["thieves_den", *cards], 0)
    act(g, "build:thieves_den")
    assert g.decision_kind == "thieves_den_cards"
    act(g, *(f"card:{c}" for c in cards))
    assert g.players[0].city == ["factory", "thieves_den"]
    assert g.players[0].hand == []
    assert g.decision_kind == "turn"


def test_cardinal_shortfall_uses_the_discounted_price():
    """§6 Factory with the Cardinal (§5.15, Q12): Library 6 -> 5; with 3 gold the shortfall is 2 (2 cards)."""
    g = new_game(4, ("assassin", "thief", "magician", "king", "cardinal", "merchant", "architect", "warlord"))
    deal(g, {0: ["cardinal"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["factory"], hand=["library", "tavern", "temple", "manor"])
    to_turn(g, "cardinal")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    setup(g, 1, gold=5, hand=[])
    act(g, "build:library")
    assert g.decision_kind == "cardinal_player"
    act(g, "player:1", "card:tavern", "card:temple")
    assert g.players[0].city == ["factory", "library"]
    assert g.players[0].gold == 0
    assert g.players[0].hand == ["manor"]
    assert g.players[1].gold == 3
    assert sorted(g.players[1].hand) == ["tavern", "temple"]


def test_cost_for_scoring_is_unchanged():
    """§6 Factory: the discount is on the gold paid, not on the district's cost for scoring."""
    g = new_game(4)
    setup(g, 0, city=["factory", "keep"])
    assert score_player(g, 0)["districts"] == 5 + 3
