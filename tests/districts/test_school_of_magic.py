"""School of Magic (unique, cost 6): RULES.md §2.4, §4.5, §5.14, §5.18, §6 (School of Magic), §7.5."""

from helpers import act, deal, legal, new_game, setup, to_turn

from citadels_env.core.scoring import score_player

ABBOT_SET = ("assassin", "thief", "magician", "king", "abbot", "merchant", "architect", "warlord")
TRADER_SET = ("assassin", "thief", "magician", "king", "bishop", "trader", "architect", "warlord")


def test_counts_as_noble_for_the_kings_income():
    """§4.5: for abilities that gain resources for districts, it counts as the type of the owner's choice."""
    g = new_game(4)
    deal(g, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]})
    setup(g, 0, city=["school_of_magic", "manor"])
    to_turn(g, "king")
    setup(g, 0, gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 2


def test_income_offered_with_only_the_school():
    """§4.5: the School alone is a district of the income type (1 gold)."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["school_of_magic"])
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    assert "ability:income" in legal(g)
    act(g, "ability:income")
    assert g.players[0].gold == 1


def test_type_is_chosen_at_each_use():
    """§4.5 [derived]: with 2 players, the same School counts as noble for the King and military for the Warlord."""
    g = new_game(2)
    deal(g, {0: ["king", "warlord"], 1: ["thief", "merchant"]})
    setup(g, 0, city=["school_of_magic", "manor", "prison"])
    to_turn(g, "king")
    setup(g, 0, gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 2
    act(g, "gather:cards")
    act(g, legal(g)[0], "end_turn")
    to_turn(g, "warlord")
    setup(g, 0, gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 2


def test_abbot_takes_gold_or_a_card_for_it():
    """§6 School of Magic (RU p.14), §5.14: the Abbot gets 1 gold or 1 card for the School."""
    g = new_game(4, ABBOT_SET)
    deal(g, {0: ["abbot"], 1: ["king"], 2: ["merchant"], 3: ["warlord"]})
    setup(g, 0, city=["school_of_magic", "temple"], hand=[])
    to_turn(g, "abbot")
    setup(g, 0, gold=0)
    act(g, "ability:income")
    assert g.decision_kind == "abbot_income"
    assert legal(g) == ["amount:0", "amount:1", "amount:2"]
    act(g, "amount:1")
    assert g.players[0].gold == 1
    assert len(g.players[0].hand) == 1


def test_never_another_type_for_scoring():
    """§6, §7.5 (RU p.5, Alice): no religious district: no all-types bonus, the School stays unique."""
    g = new_game(4)
    setup(g, 0, city=["docks", "trading_post", "barracks", "manor", "prison", "school_of_magic", "dragon_gate"])
    g.first_completer = 1
    b = score_player(g, 0)
    assert b["all_types"] == 0
    assert b["total"] == 29
    setup(g, 0, city=["school_of_magic", "manor", "temple", "tavern"])  # no military
    assert score_player(g, 0)["all_types"] == 0


def test_not_a_trade_district_for_the_traders_exemption():
    """§5.18: the School does not count as a trade district for the Trader's build-limit exemption."""
    g = new_game(4, TRADER_SET)
    deal(g, {0: ["trader"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, hand=["school_of_magic", "manor", "tavern"])
    to_turn(g, "trader")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "build:school_of_magic")
    assert "build:manor" not in legal(g)
    assert "build:tavern" in legal(g)
