"""Basilica (unique, cost 4): RULES.md §2.4, §6 (Basilica), §7.2."""

from helpers import deal, finish_round, new_game, setup

from citadels_env.core.scoring import score_player


def test_one_point_per_odd_cost_district():
    """§7.2: +1 for each district of the city with an odd cost, base or unique (Quarry 5 counts; the Basilica, 4,
    does not)."""
    g = new_game(4)
    setup(g, 0, city=["basilica", "temple", "manor", "castle", "tavern", "quarry"])
    b = score_player(g, 0)
    assert b["basilica"] == 4
    assert b["districts"] == 4 + 1 + 3 + 4 + 1 + 5
    assert b["total"] == 18 + 4


def test_no_odd_district_gives_zero():
    """§7.2: only odd costs score."""
    g = new_game(4)
    setup(g, 0, city=["basilica", "castle", "church"])
    assert score_player(g, 0)["basilica"] == 0


def test_beautified_districts_use_their_current_cost():
    """§5.26, §6 Basilica: the Artist's +1 changes the parity (Castle 4 -> 5 odd, Temple 1 -> 2 even)."""
    g = new_game(4)
    setup(g, 0, city=["basilica", "castle", "temple"], beautified=["castle", "temple"])
    b = score_player(g, 0)
    assert b["basilica"] == 1
    assert b["districts"] == 4 + 5 + 2


def test_beautified_basilica_counts_itself():
    """§6 Basilica: the Basilica is a district of the city; beautified it costs 5 (odd)."""
    g = new_game(4)
    setup(g, 0, city=["basilica"], beautified=["basilica"])
    assert score_player(g, 0)["basilica"] == 1


def test_identical_districts_with_the_quarry_one_beautified():
    """§6 Basilica with the Quarry: of two Manors, only the beautified one costs 4 (even)."""
    g = new_game(4)
    setup(g, 0, city=["basilica", "quarry", "manor", "manor"], beautified=["manor"])
    assert score_player(g, 0)["basilica"] == 2  # Quarry 5, the plain Manor 3


def test_identical_districts_with_the_quarry_both_beautified():
    """§6 Basilica with the Quarry: two beautified Manors both cost 4 (even); only the Quarry (5) is odd."""
    g = new_game(4)
    setup(g, 0, city=["basilica", "quarry", "manor", "manor"], beautified=["manor", "manor"])
    b = score_player(g, 0)
    assert b["districts"] == 4 + 5 + 4 + 4
    assert b["basilica"] == 1


def test_scored_at_the_end_of_a_game():
    """§7.2: the Basilica's bonus appears in the final breakdown; a player without one has no entry."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["basilica", "temple", "manor", "castle", "tavern", "watchtower", "market"])
    g.first_completer = 0
    finish_round(g)
    assert g.is_over
    r = g.result()
    assert r.breakdowns[0]["basilica"] == 4
    assert r.breakdowns[0]["all_types"] == 3
    assert r.breakdowns[0]["total"] == (4 + 1 + 3 + 4 + 1 + 1 + 2) + 3 + 4 + 4  # districts, all types, first, bonus
    assert "basilica" not in r.breakdowns[1]
