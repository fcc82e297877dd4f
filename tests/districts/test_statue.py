"""Statue (unique, cost 3): RULES.md §2.4, §4.9, §6 (Statue), §7.2, §10 Q26."""

from helpers import act, deal, finish_round, new_game, setup

from citadels_env.core.scoring import score_player

SIX = ["manor", "castle", "temple", "church", "tavern", "market"]


def test_five_points_with_the_crown():
    """§7.2: +5 if the owner holds the crown at the end of the game."""
    g = new_game(4)
    setup(g, 0, city=["statue"])
    g.crown = 0
    b = score_player(g, 0)
    assert b["statue"] == 5
    assert b["total"] == 3 + 5


def test_nothing_without_the_crown():
    """§7.2: no crown, no bonus."""
    g = new_game(4)
    setup(g, 0, city=["statue"])
    g.crown = 2
    assert score_player(g, 0)["statue"] == 0


def test_crown_taken_by_the_king_in_the_last_round_counts():
    """§7.2: the owner who started the last round with the crown loses it to the King before the end."""
    g = new_game(4)  # seat 0 starts with the crown
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["statue", *SIX])
    g.first_completer = 0
    finish_round(g)
    assert g.crown == 2
    assert g.result().breakdowns[0]["statue"] == 0


def test_killed_kings_heir_takes_the_crown_before_scoring():
    """Q26, §4.9: the killed King's holder takes the crown at the end of the last round, before scoring."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 0, city=["statue", *SIX])
    g.first_completer = 0
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    finish_round(g)
    assert g.is_over
    assert g.crown == 2
    assert g.result().breakdowns[0]["statue"] == 0


def test_statue_owner_holding_the_killed_king_scores():
    """Q26: the Statue's owner, as the killed King's heir, gets the crown at the end of the round: +5."""
    g = new_game(4, crown_seat=1)
    deal(g, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["assassin"]})
    setup(g, 0, city=["statue", *SIX])
    g.first_completer = 0
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    finish_round(g)
    assert g.crown == 0
    b = g.result().breakdowns[0]
    assert b["statue"] == 5
    assert b["total"] == (3 + 3 + 4 + 1 + 2 + 1 + 2) + 4 + 5
