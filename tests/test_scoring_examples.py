"""The rulebook's worked scoring example (RULES.md §7.5, RU p.5) and the tie-break (§7.3, §10 Q7)."""

from helpers import FIRST_GAME, act, deal, finish_round, new_game, setup, to_turn

from citadels_env.core import Rulings
from citadels_env.core.scoring import best_breakdown, score_game

KIRILL = ["castle", "tavern", "trading_post", "monastery", "cathedral", "observatory", "haunted_quarter"]
ALICE = ["docks", "trading_post", "barracks", "manor", "prison", "school_of_magic", "dragon_gate"]


def example_game():
    """§7.5: Kirill (seat 0) completed his city first, Alice (seat 1) completed hers too; 4 players."""
    g = new_game(4)
    setup(g, 0, city=KIRILL)
    setup(g, 1, city=ALICE)
    g.first_completer = 0
    return g


def test_kirill_scores_28_with_the_haunted_quarter_as_military():
    """§7.5: 4+1+2+3+5+4+2 = 21, +3 all five types (Haunted Quarter counted as military), +4 first = 28."""
    b = best_breakdown(example_game(), 0)
    assert b["districts"] == 21
    assert b["haunted_quarter_type"] == "military"
    assert b["all_types"] == 3
    assert b["completion"] == 4
    assert b["total"] == 28


def test_alice_scores_29_without_all_types_bonus():
    """§7.5: 3+2+3+3+2+6+6 = 25, no all-types bonus (no religious district; the School of Magic does not change
    type for scoring), +2 completed not first, +2 Dragon Gate = 29."""
    b = best_breakdown(example_game(), 1)
    assert b["districts"] == 25
    assert b["all_types"] == 0
    assert b["completion"] == 2
    assert b["dragon_gate"] == 2
    assert b["total"] == 29
    assert "haunted_quarter_type" not in b


def test_alice_wins_the_example():
    """§7.5: Alice (29) beats Kirill (28)."""
    r = score_game(example_game())
    assert r.scores == (28, 29, 0, 0)
    assert r.winner == 1 and r.ranking[:2] == (1, 0)


def test_example_reached_through_play():
    """§7.1, §7.5: Kirill builds his 7th district (the Observatory) as King, then Alice completes hers as Warlord
    in the same round; the round ends, the game ends, and the result is the rulebook's."""
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["merchant"], 3: ["warlord"]})
    setup(g, 1, city=KIRILL[:5] + KIRILL[6:])
    setup(g, 3, city=ALICE[:6])
    to_turn(g, "king")
    setup(g, 1, hand=["observatory"])
    act(g, "gather:gold")
    setup(g, 1, gold=4)
    act(g, "build:observatory", "end_turn")
    assert g.first_completer == 1 and not g.is_over
    to_turn(g, "warlord")
    setup(g, 3, hand=["dragon_gate"])
    act(g, "gather:gold")
    setup(g, 3, gold=6)
    act(g, "build:dragon_gate", "end_turn")
    finish_round(g)
    assert g.is_over
    r = g.result()
    assert r.scores[1] == 28 and r.scores[3] == 29
    assert r.breakdowns[1]["haunted_quarter_type"] == "military"
    assert r.breakdowns[1]["completion"] == 4 and r.breakdowns[3]["completion"] == 2
    assert r.winner == 3


# -- tie-break (§7.3, Q7) ------------------------------------------------------------------------------------------------
def tied_game(players=4, tiebreak="held"):
    """Seats 0 and 1 have the same city (Castle + Manor = 7 points); the other seats score less."""
    chars = (*FIRST_GAME, "tax_collector") if players == 3 else FIRST_GAME
    g = new_game(players, chars, rulings=Rulings(tiebreak=tiebreak))
    setup(g, 0, city=["castle", "manor"])
    setup(g, 1, city=["castle", "manor"])
    if players > 2:
        setup(g, 2, city=["temple"])
    return g


def test_tie_broken_by_highest_rank_held():
    """§7.3, Q7: among tied players, the one who held the highest rank in the last round wins."""
    g = tied_game()
    deal(g, {0: ["thief"], 1: ["architect"], 2: ["warlord"], 3: ["king"]})
    r = score_game(g)
    assert r.scores[:3] == (7, 7, 1)
    assert r.tiebreak_ranks == (2, 7, 8, 4)
    assert r.ranking == (1, 0, 2, 3)  # the Warlord's rank only matters among tied players
    assert r.winner == 1


def final_round_with_killed_warlord(tiebreak):
    """Last round: seats 0, 1 and 3 tie at 19 points; seat 3's Warlord is killed; seat 2 (Thief) completes his
    city of 1- and 2-cost districts (11 + 4 = 15 points)."""
    g = new_game(4, rulings=Rulings(tiebreak=tiebreak))
    deal(g, {0: ["assassin"], 1: ["architect"], 2: ["thief"], 3: ["warlord"]})
    for s in (0, 1, 3):
        setup(g, s, city=["palace", "castle", "harbor", "manor", "docks"])
    setup(g, 2, city=["temple", "tavern", "watchtower", "church", "market", "prison"])
    act(g, "gather:gold", "ability:kill", "character:warlord", "end_turn")
    to_turn(g, "thief")
    setup(g, 2, hand=["trading_post"])
    act(g, "gather:gold")
    setup(g, 2, gold=2)
    act(g, "build:trading_post", "end_turn")
    finish_round(g)
    assert g.is_over
    r = g.result()
    assert r.scores == (19, 19, 15, 19)
    return r


def test_tie_break_counts_a_killed_character_by_default():
    """Q7 (default "held"): a killed character still counts for the tie-break."""
    r = final_round_with_killed_warlord("held")
    assert r.tiebreak_ranks == (1, 7, 2, 8)
    assert r.ranking == (3, 1, 0, 2)


def test_tie_break_revealed_option_ignores_killed_characters():
    """Q7 (option "revealed"): only the characters revealed in the last round count; a killed one does not."""
    r = final_round_with_killed_warlord("revealed")
    assert r.tiebreak_ranks == (1, 7, 2, 0)
    assert r.ranking == (1, 0, 3, 2)


def test_tie_break_two_players_uses_the_higher_of_two_characters():
    """Q7: with 2 (or 3) players, the higher of the player's two characters counts."""
    g = tied_game(players=2)
    deal(g, {0: ["assassin", "warlord"], 1: ["king", "architect"]})
    r = score_game(g)
    assert r.scores == (7, 7)
    assert r.tiebreak_ranks == (8, 7)
    assert r.winner == 0


def test_tie_break_three_players():
    """Q7 with 3 players: the higher of the two characters of each tied player."""
    g = tied_game(players=3)
    deal(g, {0: ["thief", "architect"], 1: ["assassin", "tax_collector"], 2: ["king", "warlord"]})
    r = score_game(g)
    assert r.scores == (7, 7, 1)
    assert r.tiebreak_ranks == (7, 9, 8)
    assert r.ranking == (1, 0, 2)


def test_tie_break_uses_characters_after_the_theater_swap():
    """§6 Theater, Q7: the characters held after the Theater swap are the ones that count."""
    g = tied_game()
    setup(g, 2, city=["theater"])
    deal(g, {0: ["warlord"], 1: ["architect"], 2: ["thief"], 3: ["king"]})
    assert g.decision_kind == "theater"
    act(g, "player:0")  # seat 2 gives the Thief to seat 0 and takes the Warlord
    assert g.players[0].chars == ["thief"] and g.players[2].chars == ["warlord"]
    r = score_game(g)
    assert r.scores[0] == r.scores[1] == 7
    assert r.tiebreak_ranks[0] == 2 and r.tiebreak_ranks[1] == 7
    assert r.ranking[:2] == (1, 0)


def test_no_tie_higher_score_wins_regardless_of_rank():
    """§7.3: the tie-break only applies among players tied for points."""
    g = tied_game()
    setup(g, 1, city=["castle", "temple"])
    deal(g, {0: ["thief"], 1: ["warlord"], 2: ["assassin"], 3: ["king"]})
    r = score_game(g)
    assert r.scores[:2] == (7, 5)
    assert r.winner == 0


def test_q07_revealed_tiebreak_counts_a_killed_king_revealed_at_the_end_of_the_round():
    """§4.9: a killed King is revealed at the end of the round; with tiebreak="revealed" he counts."""
    from helpers import act, deal, finish_round, new_game, setup, to_turn

    from citadels_env.core import Rulings
    from citadels_env.core.scoring import tiebreak_rank

    g = new_game(4, rulings=Rulings(tiebreak="revealed"), completion_size=1)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["bishop"], 3: ["thief"]})
    act(g, "ability:kill", "character:king")
    to_turn(g, "bishop")
    setup(g, 2, gold=5, hand=["temple"])
    act(g, "gather:gold", "build:temple", "end_turn")
    finish_round(g)
    assert g.is_over and g.revealed.get("king") == 1
    assert tiebreak_rank(g, 1) == 4
