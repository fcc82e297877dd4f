"""Capitol (unique, cost 5): RULES.md §2.4, §6 (Capitol, Haunted Quarter), §7.2, §10 Q31."""

from helpers import deal, finish_round, new_game, setup

from citadels_env.core.scoring import best_breakdown, score_player


def test_three_districts_of_one_type_score_3():
    """§7.2: +3 with at least 3 districts of the same type."""
    g = new_game(4)
    setup(g, 0, city=["capitol", "manor", "castle", "palace"])
    b = score_player(g, 0)
    assert b["capitol"] == 3
    assert b["total"] == 5 + 3 + 4 + 5 + 3


def test_two_of_each_type_score_nothing():
    """§7.2: 2 nobles, 2 religious and 1 unique: no type reaches 3."""
    g = new_game(4)
    setup(g, 0, city=["capitol", "manor", "castle", "temple", "church"])
    assert score_player(g, 0)["capitol"] == 0


def test_bonus_is_once_only():
    """§6 Capitol: one-time effect, at most 3 points (here two types with 3 districts and one with 4)."""
    g = new_game(4)
    setup(g, 0, city=["capitol", "manor", "castle", "palace", "temple", "church", "monastery", "cathedral"])
    assert score_player(g, 0)["capitol"] == 3


def test_unique_is_a_type():
    """§6 Capitol: "type" includes unique; the Capitol itself counts among 3 unique districts."""
    g = new_game(4)
    setup(g, 0, city=["capitol", "keep", "statue", "manor"])
    assert score_player(g, 0)["capitol"] == 3
    setup(g, 0, city=["capitol", "keep", "manor"])
    assert score_player(g, 0)["capitol"] == 0


def test_haunted_quarter_type_counts():
    """§6 Capitol / Haunted Quarter, Q31: the Haunted Quarter counted as noble makes the third noble district."""
    g = new_game(4)
    setup(g, 0, city=["capitol", "haunted_quarter", "manor", "castle", "temple"])
    assert score_player(g, 0, "unique")["capitol"] == 0
    assert score_player(g, 0, "noble")["capitol"] == 3
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] == "noble"
    assert b["capitol"] == 3


def test_school_of_magic_is_not_another_type_for_scoring():
    """§4.5, §6 School of Magic: it changes type only for resource abilities, never for the Capitol."""
    g = new_game(4)
    setup(g, 0, city=["capitol", "school_of_magic", "manor", "castle"])
    assert score_player(g, 0)["capitol"] == 0


def test_scored_at_the_end_of_a_game():
    """§7.2: the Capitol's bonus is part of the final breakdown."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["capitol", "tavern", "market", "docks", "manor", "temple", "watchtower"])
    g.first_completer = 0
    finish_round(g)
    b = g.result().breakdowns[0]
    assert b["capitol"] == 3
    assert b["total"] == (5 + 1 + 2 + 3 + 3 + 1 + 1) + 3 + 4 + 3
