"""Theater (unique, cost 6): RULES.md §2.4, §3.8, §6 (Theater), §7.3, §10 Q7, Q36."""

from helpers import act, deal, finish_round, legal, new_game, pass_turn, setup, to_turn

from citadels_env.core.scoring import tiebreak_rank


def theater_game(n=4, assignment=None, seed=0):
    g = new_game(n, seed=seed)
    setup(g, 0, city=["theater"])
    deal(g, assignment or {0: ["merchant"], 1: ["bishop"], 2: ["warlord"], 3: ["king"]})
    return g


def test_offered_to_the_owner_at_the_end_of_selection():
    """§3.8, §6 Theater: after the selection phase, before rank 1 is called, the owner may swap or pass."""
    g = theater_game()
    assert g.decision_kind == "theater"
    assert g.current_player == 0
    assert g.phase == "draft"
    assert legal(g) == ["pass", "player:1", "player:2", "player:3"]


def test_swap_characters_with_four_players():
    """§6 Theater: exchange the chosen character with an opponent's; the new holders play those characters."""
    g = theater_game()
    act(g, "player:2")
    assert g.players[0].chars == ["warlord"]
    assert g.players[2].chars == ["merchant"]
    assert g.holder["warlord"] == 0 and g.holder["merchant"] == 2
    assert g.phase == "action"
    to_turn(g, "merchant")
    assert g.current_player == 2
    to_turn(g, "warlord")
    assert g.current_player == 0


def test_swap_is_seen_only_by_the_two_players():
    """§6 Theater, Q36: the exchanged cards are known to the two players involved only."""
    g = theater_game()
    act(g, "player:2")
    swaps = [(m, e) for m, e in g.events if e[0] == "theater_swap"]
    assert swaps == [((1 << 0) | (1 << 2), ("theater_swap", 0, 2, "merchant", "warlord"))]


def test_pass_keeps_the_characters():
    """§6 Theater: the swap is optional."""
    g = theater_game()
    act(g, "pass")
    assert g.players[0].chars == ["merchant"]
    assert g.players[2].chars == ["warlord"]
    assert g.phase == "action"


def test_two_players_choose_which_to_give_and_take_one_at_random():
    """§6 Theater (2-3 players): the owner chooses which of his characters to give and takes one of the
    opponent's at random."""
    taken = set()
    for seed in range(12):
        g = theater_game(2, {0: ["king", "merchant"], 1: ["thief", "warlord"]}, seed=seed)
        act(g, "player:1")
        assert g.decision_kind == "theater_give"
        assert legal(g) == ["character:king", "character:merchant"]
        act(g, "character:king")
        mine, theirs = g.players[0].chars, g.players[1].chars
        assert "merchant" in mine and "king" in theirs
        got = next(c for c in mine if c != "merchant")
        assert got in ("thief", "warlord")
        assert sorted(theirs) == sorted(["king", *({"thief", "warlord"} - {got})])
        taken.add(got)
    assert taken == {"thief", "warlord"}


def test_swapped_characters_are_used_by_the_tiebreak():
    """§6 Theater, Q7: the characters held after the swap are the players' characters for the tie-break."""
    g = theater_game()
    assert tiebreak_rank(g, 0) == 6
    act(g, "player:2")
    assert tiebreak_rank(g, 0) == 8
    assert tiebreak_rank(g, 2) == 6


def test_offered_again_in_the_next_round():
    """§2.4: at the end of each selection phase."""
    g = theater_game()
    act(g, "pass")
    finish_round(g)
    assert g.round == 2
    for _ in range(20):
        if g.decision_kind == "theater":
            break
        pass_turn(g)
    assert g.decision_kind == "theater"
    assert g.current_player == 0
