"""Patrician (rank 4): RULES.md §5.12, §4.5, §4.9, §3.4, §10 Q14, Q29."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

PAT_SET = ("assassin", "thief", "magician", "patrician", "bishop", "merchant", "architect", "warlord")


def patrician_game(assignment=None, chars=PAT_SET):
    g = new_game(4, chars)
    deal(g, assignment or {0: ["thief"], 1: ["bishop"], 2: ["patrician"], 3: ["warlord"]})
    return g


def test_patrician_takes_the_crown_when_revealed():
    """§5.12, Q29: the Patrician must take the crown: done automatically on reveal."""
    g = patrician_game()
    assert g.crown == 0
    to_turn(g, "patrician")
    assert g.crown == 2
    finish_round(g)
    assert g.crown == 2
    assert g.decision_kind == "draft_keep" and g.current_player == 2


def test_income_one_card_per_noble_district():
    """§5.12, §4.5: draw 1 card from the top of the deck per noble district (no gold)."""
    g = patrician_game()
    to_turn(g, "patrician")
    setup(g, 2, gold=0, hand=[], city=["manor", "palace", "temple"])
    top = g.deck[-2:]
    assert "ability:income" in legal(g)  # before gathering (§4.6)
    act(g, "ability:income")
    assert sorted(g.players[2].hand) == sorted(top)
    assert g.players[2].gold == 0
    assert "ability:income" not in legal(g)  # once per turn


def test_income_not_offered_without_noble_district():
    """§4.5: income that would give nothing is not offered."""
    g = patrician_game()
    to_turn(g, "patrician")
    setup(g, 2, city=["temple"])
    assert "ability:income" not in legal(g)


def test_school_of_magic_counts_as_noble_for_cards():
    """§4.5, §6: the School of Magic counts as noble for the Patrician's income."""
    g = patrician_game()
    to_turn(g, "patrician")
    setup(g, 2, hand=[], city=["school_of_magic"])
    act(g, "ability:income")
    assert len(g.players[2].hand) == 1


def test_income_limited_by_the_deck():
    """Q14: with fewer cards in the deck than noble districts, draw what is left."""
    g = patrician_game()
    to_turn(g, "patrician")
    setup(g, 2, hand=[], city=["manor", "castle", "palace"])
    last = g.deck[0]
    for c in g.deck[1:]:
        g.players[3].city.append(c)  # park the rest of the deck in a city
    del g.deck[1:]
    act(g, "ability:income")
    assert g.players[2].hand == [last]
    assert g.deck == []


def test_killed_patrician_is_heir_at_end_of_round():
    """§5.12, §4.9: a killed Patrician skips his turn but takes the crown at the end of the round."""
    g = patrician_game({0: ["assassin"], 1: ["bishop"], 2: ["patrician"], 3: ["warlord"]})
    act(g, "ability:kill", "character:patrician", "gather:gold", "end_turn")
    to_turn(g, "warlord")
    assert g.crown == 0
    finish_round(g)
    assert g.crown == 2
    assert ("heir", "patrician", 2) in g.public_log()


def test_bewitched_patrician_still_gets_the_crown():
    """§5.12, §5.2: a bewitched Patrician's holder gets the crown; the Witch draws for HER nobles."""
    g = patrician_game({0: ["witch"], 1: ["bishop"], 2: ["patrician"], 3: ["warlord"]}, ("witch", *PAT_SET[1:]))
    act(g, "gather:gold", "character:patrician")
    to_turn(g, "patrician")
    assert g.crown == 2
    act(g, "gather:gold")
    assert g.turn.seat == 0
    setup(g, 0, hand=[], city=["manor", "castle"])
    setup(g, 2, city=["palace"])
    act(g, "ability:income")
    assert len(g.players[0].hand) == 2
    act(g, "end_turn")
    finish_round(g)
    assert g.crown == 2


def test_patrician_is_never_a_face_up_discard():
    """§3.4, §5.12: a Patrician drawn as a face-up discard is replaced and shuffled back."""
    for seed in range(60):
        g = new_game(4, PAT_SET, seed=seed)
        assert len(g.faceup) == 2
        assert "patrician" not in g.faceup
