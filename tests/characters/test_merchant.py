"""Merchant (rank 6): RULES.md §5.16, §4.5, §4.6 and §3.7."""

from helpers import act, deal, legal, new_game, setup, to_turn


def merchant_game(city=(), hand=None):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=list(city), hand=hand)
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    return g


def test_income_one_gold_per_trade_district():
    """§5.16: 1 gold for each trade district (other types give nothing)."""
    g = merchant_game(city=["tavern", "market", "docks", "castle", "temple"])
    act(g, "ability:income")
    assert g.players[0].gold == 3
    assert "ability:income" not in legal(g)


def test_extra_gold_regardless_of_gathering_cards():
    """§5.16, §4.6: 1 extra gold whatever was gathered, even before gathering."""
    g = merchant_game()
    assert "ability:merchant_gold" in legal(g)
    act(g, "ability:merchant_gold")
    assert g.players[0].gold == 1
    act(g, "gather:cards")
    if g.decision_kind == "keep_card":
        act(g, legal(g)[0])
    assert g.players[0].gold == 1
    assert "ability:merchant_gold" not in legal(g)  # once per turn


def test_gather_gold_plus_income_plus_extra():
    """§5.16: gathering 2 gold, 2 trade districts and the extra gold make 5 gold."""
    g = merchant_game(city=["tavern", "harbor"])
    act(g, "gather:gold", "ability:income", "ability:merchant_gold")
    assert g.players[0].gold == 5
    assert "ability:income" not in legal(g) and "ability:merchant_gold" not in legal(g)


def test_no_income_without_trade_district_but_extra_gold_offered():
    """§5.16: with no trade district the income gives nothing (not offered); the extra gold still is."""
    g = merchant_game(city=["castle", "temple"])
    assert "ability:income" not in legal(g)
    assert "ability:merchant_gold" in legal(g)


def test_school_of_magic_counts_as_trade_for_income():
    """§4.5: the School of Magic counts as a trade district for the Merchant's income."""
    g = merchant_game(city=["tavern", "school_of_magic"])
    act(g, "ability:income")
    assert g.players[0].gold == 2


def test_income_counts_trade_district_built_this_turn():
    """§4.5: income counts the districts in the city at the moment of use."""
    g = merchant_game(city=["tavern"], hand=["market"])
    setup(g, 0, gold=2)
    act(g, "gather:cards")
    if g.decision_kind == "keep_card":
        act(g, legal(g)[0])
    act(g, "build:market", "ability:income")
    assert g.players[0].gold == 2


def test_build_limit_is_one_even_for_trade_districts():
    """§4.4: the Merchant has the default limit of 1 (the trade exemption is the Trader's)."""
    g = merchant_game(hand=["tavern", "market"])
    setup(g, 0, gold=10)
    act(g, "gather:gold", "build:tavern")
    assert "build:market" not in legal(g)


def test_two_players_extra_gold_only_in_merchants_turn():
    """§3.7: with 2 players the Merchant's abilities apply only in the Merchant's turn."""
    g = new_game(2)
    deal(g, {0: ["merchant", "warlord"], 1: ["king", "bishop"]})
    setup(g, 0, city=["tavern"])
    to_turn(g, "merchant")
    assert "ability:merchant_gold" in legal(g) and "ability:income" in legal(g)
    to_turn(g, "warlord")
    assert "ability:merchant_gold" not in legal(g)
    assert "ability:income" not in legal(g)
