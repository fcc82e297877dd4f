"""Ivory Tower (unique, cost 5): RULES.md §2.4, §6 (Ivory Tower, Haunted Quarter), §7.2, §10 Q31."""

from helpers import deal, finish_round, new_game, setup

from citadels_env.core.scoring import best_breakdown, score_player

SIX = ["manor", "castle", "temple", "church", "tavern", "market"]


def test_five_points_when_it_is_the_only_unique_district():
    """§7.2: +5 if the Ivory Tower is the only unique district of the city."""
    g = new_game(4)
    setup(g, 0, city=["ivory_tower", "manor", "temple"])
    b = score_player(g, 0)
    assert b["ivory_tower"] == 5
    assert b["total"] == 5 + 3 + 1 + 5


def test_no_points_with_another_unique_district():
    """§7.2: any other unique district spoils it."""
    g = new_game(4)
    setup(g, 0, city=["ivory_tower", "keep", "manor"])
    assert score_player(g, 0)["ivory_tower"] == 0


def test_haunted_quarter_counted_as_another_type_does_not_spoil_it():
    """§6 Ivory Tower (RU p.14), Q31: the Haunted Quarter counted as a non-unique type leaves the Tower alone."""
    g = new_game(4)
    setup(g, 0, city=["ivory_tower", "haunted_quarter", "manor"])
    assert score_player(g, 0, "unique")["ivory_tower"] == 0
    assert score_player(g, 0, "trade")["ivory_tower"] == 5
    b = best_breakdown(g, 0)
    assert b["ivory_tower"] == 5
    assert b["haunted_quarter_type"] != "unique"


def test_secret_vault_in_hand_does_not_spoil_it():
    """§2.4 Secret Vault: never in the city, so the Tower is still the only unique district of the city."""
    g = new_game(4)
    setup(g, 0, city=["ivory_tower"], hand=["secret_vault"])
    b = score_player(g, 0)
    assert b["ivory_tower"] == 5
    assert b["secret_vault"] == 3


def test_scored_at_the_end_of_a_game():
    """§7.2: the bonus is part of the final breakdown."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["ivory_tower", *SIX])
    g.first_completer = 0
    finish_round(g)
    b = g.result().breakdowns[0]
    assert b["ivory_tower"] == 5
    assert b["total"] == (5 + 3 + 4 + 1 + 2 + 1 + 2) + 4 + 5
