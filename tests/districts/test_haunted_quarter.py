"""Haunted Quarter (unique, cost 2): RULES.md §2.4, §6 (Haunted Quarter, Ivory Tower, Wishing Well, Capitol),
§7.2, §7.5, §10 Q31."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

from citadels_env.core.scoring import best_breakdown, score_player


def test_rulebook_scoring_example_kirill():
    """§7.5 (RU p.5): the Haunted Quarter counts as military for the all-types bonus: 21 + 3 + 4 = 28."""
    g = new_game(4)
    setup(g, 0, city=["castle", "tavern", "trading_post", "monastery", "cathedral", "observatory",
                      "haunted_quarter"])
    g.first_completer = 0
    b = best_breakdown(g, 0)
    assert b == {"districts": 21, "all_types": 3, "completion": 4, "total": 28, "haunted_quarter_type": "military"}


def test_is_unique_unless_the_owner_chooses_another_type():
    """§6: scored as unique it fills the unique slot; as military it fills the military slot."""
    g = new_game(4)
    setup(g, 0, city=["haunted_quarter", "manor", "temple", "tavern", "watchtower"])
    assert score_player(g, 0, "unique")["all_types"] == 3
    assert score_player(g, 0, "military")["all_types"] == 0
    assert best_breakdown(g, 0)["haunted_quarter_type"] == "unique"


def test_wishing_well_prefers_it_unique():
    """§6 Wishing Well / Haunted Quarter, Q31: all five types present anyway, so unique scores 1 more."""
    g = new_game(4)
    setup(g, 0, city=["haunted_quarter", "wishing_well", "manor", "temple", "tavern", "watchtower"])
    assert score_player(g, 0, "noble")["wishing_well"] == 1
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] == "unique"
    assert b["wishing_well"] == 2
    assert b["all_types"] == 3


def test_ivory_tower_prefers_another_type():
    """§6 Ivory Tower / Haunted Quarter: counted as another type, it does not spoil the Ivory Tower's 5 points."""
    g = new_game(4)
    setup(g, 0, city=["haunted_quarter", "ivory_tower", "manor"])
    assert score_player(g, 0, "unique")["ivory_tower"] == 0
    b = best_breakdown(g, 0)
    assert b["ivory_tower"] == 5
    assert b["haunted_quarter_type"] != "unique"


def test_one_type_is_used_by_every_scoring_effect():
    """Q31, §6: one choice for all effects: counted as military for the all-types bonus, it is no longer unique for
    the Wishing Well (3 + 1 beats 0 + 2; the mixed 3 + 2 is not allowed)."""
    g = new_game(4)
    setup(g, 0, city=["haunted_quarter", "wishing_well", "manor", "temple", "tavern"])
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] == "military"
    assert (b["all_types"], b["wishing_well"]) == (3, 1)
    assert b["total"] == (2 + 5 + 3 + 1 + 1) + 3 + 1
    u = score_player(g, 0, "unique")
    assert (u["all_types"], u["wishing_well"]) == (0, 2)


def test_capitol_and_wishing_well_both_take_it_as_unique():
    """§6 Capitol / Wishing Well, Q31: as unique it makes 3 unique districts (Capitol +3) and Wishing Well +3,
    better than noble (Capitol +3 from nobles, Wishing Well +2)."""
    g = new_game(4)
    setup(g, 0, city=["haunted_quarter", "capitol", "wishing_well", "manor", "castle"])
    nb = score_player(g, 0, "noble")
    assert (nb["capitol"], nb["wishing_well"]) == (3, 2)
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] == "unique"
    assert (b["capitol"], b["wishing_well"]) == (3, 3)


def test_is_a_unique_district_during_the_game():
    """§6 Haunted Quarter: during the game it is unique: no military income for the Warlord."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["merchant"]})
    setup(g, 0, city=["haunted_quarter"])
    to_turn(g, "warlord")
    assert "ability:income" not in legal(g)
    setup(g, 0, city=["haunted_quarter", "watchtower"])
    gold = g.players[0].gold
    act(g, "ability:income")
    assert g.players[0].gold == gold + 1


def test_the_chosen_type_is_reported_in_the_final_breakdown():
    """Q31: the engine chooses the score-maximising type and reports it; absent without a Haunted Quarter."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["haunted_quarter", "castle", "tavern", "monastery", "cathedral", "observatory", "market"])
    g.first_completer = 0
    finish_round(g)
    r = g.result()
    assert r.breakdowns[0]["haunted_quarter_type"] == "military"
    assert r.breakdowns[0]["all_types"] == 3
    assert "haunted_quarter_type" not in r.breakdowns[1]
