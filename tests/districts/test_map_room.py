"""Map Room (unique, cost 5): RULES.md §2.4, §6 (Map Room, Museum, Secret Vault), §7.2."""

from helpers import deal, finish_round, new_game, setup

from citadels_env.core.scoring import score_player

SIX = ["manor", "castle", "temple", "church", "tavern", "market"]


def test_one_point_per_card_in_hand():
    """§7.2: +1 per card in the owner's hand."""
    g = new_game(4)
    setup(g, 0, city=["map_room"], hand=["castle", "temple", "palace"])
    b = score_player(g, 0)
    assert b["map_room"] == 3
    assert b["total"] == 5 + 3


def test_empty_hand_scores_nothing():
    """§7.2: 0 cards, 0 points."""
    g = new_game(4)
    setup(g, 0, city=["map_room"], hand=[])
    assert score_player(g, 0)["map_room"] == 0


def test_secret_vault_counts_as_a_card_and_scores_its_own_bonus():
    """§6 Map Room [derived]: a Secret Vault in hand is a card (+1) and scores its own +3."""
    g = new_game(4)
    setup(g, 0, city=["map_room"], hand=["secret_vault", "temple"])
    b = score_player(g, 0)
    assert b["map_room"] == 2
    assert b["secret_vault"] == 3
    assert b["total"] == 5 + 2 + 3


def test_museum_cards_are_not_in_hand():
    """§6 Museum: cards under the Museum are not in hand (no Map Room point)."""
    g = new_game(4)
    setup(g, 0, city=["map_room", "museum"], hand=["temple"])
    g.players[0].museum = ["castle", "palace"]
    b = score_player(g, 0)
    assert b["map_room"] == 1
    assert b["museum"] == 2


def test_scored_with_the_final_hand():
    """§7.2: the hand held when the game ends counts."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["map_room", *SIX], hand=["palace", "fortress"])
    g.first_completer = 0
    finish_round(g)
    b = g.result().breakdowns[0]
    assert b["map_room"] == 2
    assert b["total"] == (5 + 3 + 4 + 1 + 2 + 1 + 2) + 4 + 2
