"""Imperial Treasury (unique, cost 5): RULES.md §2.4, §6 (Imperial Treasury), §7.2, §1.2 (stash)."""

from helpers import deal, finish_round, new_game, setup

from citadels_env.core.scoring import score_player

SIX = ["manor", "castle", "temple", "church", "tavern", "market"]


def test_one_point_per_gold_in_stash():
    """§7.2: +1 per gold in the owner's stash."""
    g = new_game(4)
    setup(g, 0, gold=7, city=["imperial_treasury"])
    b = score_player(g, 0)
    assert b["imperial_treasury"] == 7
    assert b["total"] == 5 + 7


def test_empty_stash_scores_nothing():
    """§7.2: 0 gold, 0 points."""
    g = new_game(4)
    setup(g, 0, gold=0, city=["imperial_treasury"])
    assert score_player(g, 0)["imperial_treasury"] == 0


def test_artist_gold_and_tax_pot_are_not_in_the_stash():
    """§6 Imperial Treasury, §5.26, §5.27: the Artist's gold on a district and the tax pot are not counted."""
    g = new_game(4)
    setup(g, 0, gold=3, city=["imperial_treasury", "manor"], beautified=["imperial_treasury", "manor"])
    g.tax_pot = 5
    b = score_player(g, 0)
    assert b["imperial_treasury"] == 3
    assert b["districts"] == 6 + 4  # the beautified gold counts only as +1 cost


def test_other_players_gold_does_not_count():
    """§7.2: only the owner's stash; players without the Treasury have no entry."""
    g = new_game(4)
    setup(g, 0, gold=2, city=["imperial_treasury"])
    setup(g, 1, gold=9, city=["manor"])
    assert score_player(g, 0)["imperial_treasury"] == 2
    assert "imperial_treasury" not in score_player(g, 1)


def test_scored_with_the_final_stash():
    """§7.2: the gold held when the game ends (after the last round's gathering) is scored."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, gold=4, city=["imperial_treasury", *SIX])
    g.first_completer = 0
    finish_round(g)
    assert g.players[0].gold == 6  # gathered 2 gold in the Merchant's passive turn
    b = g.result().breakdowns[0]
    assert b["imperial_treasury"] == 6
    assert b["total"] == (5 + 3 + 4 + 1 + 2 + 1 + 2) + 4 + 6
