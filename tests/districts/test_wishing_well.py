"""Wishing Well (unique, cost 5): RULES.md §2.4, §6 (Wishing Well, Haunted Quarter), §7.2, §10 Q31."""

from helpers import deal, finish_round, new_game, setup

from citadels_env.core.scoring import best_breakdown, score_player


def test_one_point_per_unique_district_including_itself():
    """§7.2: +1 per unique district in the city, the Wishing Well included."""
    g = new_game(4)
    setup(g, 0, city=["wishing_well", "keep", "statue", "manor", "temple"])
    g.crown = 1  # no Statue bonus
    b = score_player(g, 0)
    assert b["wishing_well"] == 3
    assert b["total"] == (5 + 3 + 3 + 3 + 1) + 3


def test_alone_counts_itself():
    """§6 Wishing Well: counts itself."""
    g = new_game(4)
    setup(g, 0, city=["wishing_well", "manor"])
    assert score_player(g, 0)["wishing_well"] == 1


def test_haunted_quarter_only_if_left_unique():
    """§6 Wishing Well / Haunted Quarter, Q31: counted only while it stays unique."""
    g = new_game(4)
    setup(g, 0, city=["wishing_well", "haunted_quarter", "manor"])
    assert score_player(g, 0, "unique")["wishing_well"] == 2
    assert score_player(g, 0, "noble")["wishing_well"] == 1
    b = best_breakdown(g, 0)
    assert (b["haunted_quarter_type"], b["wishing_well"]) == ("unique", 2)


def test_secret_vault_in_hand_is_not_in_the_city():
    """§2.4: only districts of the city count (a Secret Vault in hand scores on its own)."""
    g = new_game(4)
    setup(g, 0, city=["wishing_well"], hand=["secret_vault"])
    b = score_player(g, 0)
    assert b["wishing_well"] == 1
    assert b["secret_vault"] == 3


def test_scored_at_the_end_of_a_game():
    """§7.2: the bonus is part of the final breakdown."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["wishing_well", "keep", "library", "manor", "temple", "tavern", "watchtower"])
    g.first_completer = 0
    finish_round(g)
    b = g.result().breakdowns[0]
    assert b["wishing_well"] == 3
    assert b["total"] == (5 + 3 + 6 + 3 + 1 + 1 + 1) + 3 + 4 + 3
