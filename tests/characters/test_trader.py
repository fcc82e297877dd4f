"""Trader (rank 6): RULES.md §5.18, §4.4, §4.5 and §3.7."""

from helpers import act, deal, legal, new_game, setup, to_turn

TRADER_SET = ("assassin", "thief", "magician", "king", "bishop", "trader", "architect", "warlord")


def trader_game(city=(), hand=(), gold=20):
    g = new_game(4, TRADER_SET)
    deal(g, {0: ["trader"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=list(city), hand=list(hand))
    to_turn(g, "trader")
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_income_one_gold_per_trade_district():
    """§5.18: 1 gold for each trade district in the city."""
    g = trader_game(city=["tavern", "market", "castle"], gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 2
    assert "ability:income" not in legal(g)


def test_school_of_magic_counts_as_trade_for_income():
    """§4.5: for the income the School of Magic counts as a trade district."""
    g = trader_game(city=["tavern", "school_of_magic"], gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 2


def test_any_number_of_trade_districts():
    """§5.18: trade districts do not count toward the limit: 4 trade districts and 1 noble in one turn."""
    g = trader_game(hand=["tavern", "market", "docks", "harbor", "castle"])
    act(g, "build:tavern", "build:market", "build:castle", "build:docks", "build:harbor")
    assert g.players[0].city == ["tavern", "market", "castle", "docks", "harbor"]
    assert g.players[0].gold == 20 - 1 - 2 - 4 - 3 - 4


def test_only_one_non_trade_district():
    """§5.18: with a limit of 1, only one non-trade district, but trade districts remain buildable."""
    g = trader_game(hand=["castle", "manor", "tavern"])
    act(g, "build:castle")
    assert "build:manor" not in legal(g)
    assert "build:tavern" in legal(g)
    act(g, "build:tavern")
    assert g.players[0].city == ["castle", "tavern"]


def test_school_of_magic_not_exempt_from_the_limit():
    """§5.18 engine note: the School of Magic is not a trade district for the limit exemption."""
    g = trader_game(hand=["school_of_magic", "castle", "market"])
    act(g, "build:school_of_magic")
    assert "build:castle" not in legal(g)
    assert "build:market" in legal(g)


def test_school_of_magic_not_buildable_after_the_noble():
    """§5.18 engine note: after a non-trade build, the School of Magic is blocked by the limit."""
    g = trader_game(hand=["castle", "school_of_magic"])
    act(g, "build:castle")
    assert "build:school_of_magic" not in legal(g)


def test_trade_duplicates_still_forbidden():
    """§4.4: the exemption is about the limit only; a second Market is still a duplicate."""
    g = trader_game(city=["market"], hand=["market", "tavern"])
    assert "build:market" not in legal(g)
    assert "build:tavern" in legal(g)


def test_two_players_exemption_only_in_traders_turn():
    """§3.7: with 2 players the Trader's exemption does not apply in the player's other turn."""
    g = new_game(2, TRADER_SET)
    deal(g, {0: ["trader", "warlord"], 1: ["king", "bishop"]})
    setup(g, 0, hand=["tavern", "market", "docks", "harbor"])
    to_turn(g, "trader")
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    act(g, "build:tavern", "build:market", "end_turn")
    to_turn(g, "warlord")
    act(g, "gather:gold", "build:docks")
    assert "build:harbor" not in legal(g)
    assert g.players[0].city == ["tavern", "market", "docks"]
