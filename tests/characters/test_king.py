"""King (rank 4): RULES.md §5.10, §4.5, §4.9, §3.4, §10 Q29."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

KING_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def king_game(assignment=None, chars=KING_SET):
    g = new_game(4, chars)
    deal(g, assignment or {0: ["thief"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    return g


def test_king_takes_the_crown_when_revealed():
    """§5.10, Q29: the King must take the crown: done automatically when he is revealed, nothing to choose."""
    g = king_game()
    assert g.crown == 0
    to_turn(g, "king")
    assert g.crown == 2
    assert ("crown", 2) in g.public_log()
    assert legal(g)[:2] == ["gather:gold", "gather:cards"]


def test_king_crown_stays_with_the_holder_for_the_next_draft():
    """§5.10: the crowned player is first to choose in the next round."""
    g = king_game()
    finish_round(g)
    assert g.crown == 2
    assert g.round == 2 and g.decision_kind == "draft_keep" and g.current_player == 2


def test_income_one_gold_per_noble_district():
    """§5.10, §4.5: 1 gold per noble district in the city, once per turn."""
    g = king_game()
    to_turn(g, "king")
    setup(g, 2, gold=0, city=["manor", "palace", "temple"])
    assert "ability:income" in legal(g)  # before gathering (§4.6)
    act(g, "ability:income")
    assert g.players[2].gold == 2
    act(g, "gather:gold")
    assert "ability:income" not in legal(g)


def test_income_not_offered_without_noble_district():
    """§4.5: income that would give nothing is not offered."""
    g = king_game()
    to_turn(g, "king")
    setup(g, 2, city=["temple", "tavern"])
    assert "ability:income" not in legal(g)


def test_income_counts_districts_at_the_moment_of_use():
    """§4.5: a noble district built before using the income counts."""
    g = king_game()
    to_turn(g, "king")
    setup(g, 2, hand=["castle"], city=["manor"])
    act(g, "gather:gold")
    setup(g, 2, gold=4)
    act(g, "build:castle", "ability:income")
    assert g.players[2].gold == 2


def test_school_of_magic_counts_as_noble_for_income():
    """§4.5, §6: the School of Magic counts as the type of the resource ability."""
    g = king_game()
    to_turn(g, "king")
    setup(g, 2, gold=0, city=["school_of_magic", "manor"])
    act(g, "ability:income")
    assert g.players[2].gold == 2


def test_killed_king_is_heir_at_end_of_round():
    """§5.10, §4.9: a killed King skips his turn but takes the crown at the end of the round."""
    g = king_game({0: ["assassin"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    g.crown = 1
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    to_turn(g, "warlord")
    assert g.crown == 1
    finish_round(g)
    assert g.crown == 2


def test_bewitched_king_still_gets_the_crown():
    """§5.10, §5.2: if the King is bewitched, its holder still gets the crown."""
    g = king_game({0: ["witch"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]}, ("witch", *KING_SET[1:]))
    act(g, "gather:gold", "character:king")
    to_turn(g, "king")
    assert g.crown == 2
    act(g, "gather:gold")
    assert g.turn.seat == 0  # the Witch resumes
    act(g, "end_turn")
    finish_round(g)
    assert g.crown == 2


def test_king_is_never_a_face_up_discard():
    """§3.4, §5.10: a King drawn as a face-up discard is replaced and shuffled back."""
    seen_faceup = set()
    for seed in range(60):
        g = new_game(4, KING_SET, seed=seed)
        assert len(g.faceup) == 2
        assert "king" not in g.faceup
        seen_faceup.update(g.faceup)
    assert len(seen_faceup) == 7  # every other character is sometimes discarded face up
