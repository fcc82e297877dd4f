"""Queen (rank 9): RULES.md §5.25, §4.9, §3.1 and rulings Q17, Q26."""

import pytest
from helpers import act, deal, finish_round, legal, new_game, to_turn

from citadels_env.core import ConfigError

QUEEN_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "queen")
WITCH_QUEEN_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "queen")


def queen_game(queen_seat, king_seat, characters=QUEEN_SET, king="king"):
    g = new_game(5, characters)
    rest = [characters[0], "thief", "bishop", "warlord"]
    chars = {queen_seat: ["queen"]}
    if king_seat is not None:
        chars[king_seat] = [king]
    for s in range(5):
        if s not in chars:
            chars[s] = [rest.pop(0)]
    deal(g, chars)
    return g


@pytest.mark.parametrize("king_seat", [1, 4])
def test_gain_three_next_to_the_rank4_revealer(king_seat):
    """§5.25: a Queen sitting immediately left or right of the player who revealed the rank-4 character gains 3
    gold (seat 4 and seat 0 are neighbours around the table)."""
    g = queen_game(0, king_seat)
    to_turn(g, "queen")
    gold = g.players[0].gold
    act(g, "ability:queen")
    assert g.players[0].gold == gold + 3
    assert "ability:queen" not in legal(g)  # once per round


@pytest.mark.parametrize("king_seat", [2, 3])
def test_nothing_if_not_adjacent(king_seat):
    """§5.25: not next to the rank-4 revealer: no gold."""
    g = queen_game(0, king_seat)
    to_turn(g, "queen")
    assert "ability:queen" not in legal(g)


def test_nothing_if_rank4_not_in_play():
    """§5.25: nobody revealed a rank-4 character this round: no gold."""
    g = queen_game(0, None)
    to_turn(g, "queen")
    assert "ability:queen" not in legal(g)


def test_killed_rank4_neighbour_pays_at_end_of_round():
    """§5.25, §4.9, Q26: the rank-4 neighbour was killed: no gold in the Queen's turn, 3 gold at the end of
    the round when he reveals his card."""
    g = queen_game(0, 1)
    to_turn(g, "assassin")
    act(g, "ability:kill", "character:king")
    to_turn(g, "queen")
    assert "ability:queen" not in legal(g)
    act(g, "gather:gold")
    gold = g.players[0].gold
    act(g, "end_turn")
    assert g.round == 2 and g.phase == "draft"
    assert g.players[0].gold == gold + 3
    assert g.crown == 1  # the killed King took the crown as heir


def test_killed_rank4_not_adjacent_gives_nothing():
    """§5.25: the delayed gain also requires the killed rank-4 holder to sit next to the Queen."""
    g = queen_game(0, 2)
    to_turn(g, "assassin")
    act(g, "ability:kill", "character:king")
    to_turn(g, "queen")
    act(g, "gather:gold")
    gold = g.players[0].gold
    act(g, "end_turn")
    assert g.round == 2
    assert g.players[0].gold == gold


def test_killed_queen_gets_nothing():
    """§5.25: the Queen must be in play (not killed) to gain the gold."""
    g = queen_game(0, 1)
    to_turn(g, "assassin")
    act(g, "ability:kill", "character:queen")
    gold = g.players[0].gold
    finish_round(g)
    assert g.round == 2
    assert g.players[0].gold == gold


def test_bewitched_rank4_counts_as_revealed_by_its_holder():
    """Q17: a bewitched King counts as revealed by its holder: the Queen next to him gains 3 gold."""
    g = queen_game(0, 1, WITCH_QUEEN_SET)
    to_turn(g, "witch")
    act(g, "gather:gold", "character:king")
    to_turn(g, "queen")
    gold = g.players[0].gold
    act(g, "ability:queen")
    assert g.players[0].gold == gold + 3


def test_witch_playing_the_queen_uses_her_own_seat():
    """Q17: the Witch playing as Queen measures adjacency from her own seat."""
    g = new_game(5, WITCH_QUEEN_SET)
    deal(g, {0: ["thief"], 1: ["king"], 2: ["witch"], 3: ["bishop"], 4: ["queen"]})
    to_turn(g, "witch")
    act(g, "gather:gold", "character:queen")
    to_turn(g, "queen")
    assert g.turn.seat == 4
    act(g, "gather:gold")  # the bewitched Queen only gathers (and is not next to the King anyway)
    assert g.turn.seat == 2 and g.turn.char == "queen"
    gold, queen_gold = g.players[2].gold, g.players[4].gold
    act(g, "ability:queen")
    assert g.players[2].gold == gold + 3
    assert g.players[4].gold == queen_gold


def test_queen_forbidden_with_fewer_than_five_players():
    """§3.1, §8.1: the Queen may not be used with fewer than 5 players."""
    with pytest.raises(ConfigError):
        new_game(4, QUEEN_SET)


def test_patrician_counts_as_rank4():
    """§5.25: any rank-4 character (here the Patrician) revealed by a neighbour gives the Queen 3 gold."""
    chars = ("assassin", "thief", "magician", "patrician", "bishop", "merchant", "architect", "warlord", "queen")
    g = queen_game(0, 1, chars, king="patrician")
    to_turn(g, "queen")
    gold = g.players[0].gold
    act(g, "ability:queen")
    assert g.players[0].gold == gold + 3
