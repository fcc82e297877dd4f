"""Blackmailer (rank 2): RULES.md §5.6, §4.2.3, §4.6, §4.7, §10 Q8, Q10."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

BM_SET = ("assassin", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord")


def bm_game(flower="merchant", blank="warlord", chars=BM_SET, assignment=None):
    """Seat 0 is the Blackmailer; `flower` gets the flower threat, `blank` the other one."""
    g = new_game(4, chars)
    deal(g, assignment or {0: ["blackmailer"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    assert g.turn.char == "blackmailer"
    act(g, "ability:threaten", f"character:{flower}", f"character:{blank}", "gather:gold", "end_turn")
    return g


def test_threat_targets_two_distinct_characters_not_rank_one_nor_herself():
    """§5.6, Q8: two different characters, not rank 1, not the Blackmailer; the first one gets the flower."""
    g = new_game(4, BM_SET)
    deal(g, {0: ["blackmailer"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    assert "ability:threaten" in legal(g)  # before gathering (§4.6)
    act(g, "ability:threaten")
    assert g.decision_kind == "threat"
    assert legal(g) == ["character:magician", "character:king", "character:bishop", "character:merchant",
                        "character:architect", "character:warlord"]
    act(g, "character:warlord")
    assert legal(g) == ["character:magician", "character:king", "character:bishop", "character:merchant",
                        "character:architect"]
    act(g, "character:king")
    assert g.flower == "warlord"
    assert g.threats == ("king", "warlord")  # public, in rank order: which carries the flower is hidden
    assert "ability:threaten" not in legal(g)


def test_cannot_threaten_the_killed_character():
    """§5.6: the killed character cannot be threatened."""
    g = new_game(4, BM_SET)
    deal(g, {0: ["assassin"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    act(g, "ability:threaten")
    assert "character:king" not in legal(g)
    assert len(legal(g)) == 5


def test_cannot_threaten_the_bewitched_character():
    """§5.6: the bewitched character cannot be threatened."""
    g = new_game(4, ("witch", *BM_SET[1:]))
    deal(g, {0: ["witch"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    act(g, "gather:gold", "character:king")
    act(g, "ability:threaten")
    assert "character:king" not in legal(g)
    assert "character:witch" not in legal(g)
    assert len(legal(g)) == 5


def test_three_players_no_threat_on_her_own_other_character():
    """Q8: the Blackmailer may not threaten her own characters."""
    g = new_game(3, (*BM_SET, "tax_collector"))
    deal(g, {0: ["blackmailer", "warlord"], 1: ["king", "bishop"], 2: ["merchant", "architect"]})
    act(g, "ability:threaten")
    assert "character:warlord" not in legal(g)
    assert "character:tax_collector" in legal(g)


def test_threatened_player_must_gather_then_settle_before_anything_else():
    """§4.2.3, §4.6, §4.7: a threatened player first gathers (no ability, build or Laboratory before), then must
    decide on the bribe before building or using abilities."""
    g = bm_game()
    to_turn(g, "merchant")
    setup(g, 1, gold=5, hand=["tavern"], city=["market", "laboratory"])
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")
    assert g.decision_kind == "bribe" and g.current_player == 1
    assert legal(g) == ["yes", "no"]


def test_bribe_is_half_the_gold_rounded_down_after_gathering():
    """§5.6: bribe = floor(gold / 2) after gathering, paid to the Blackmailer; the threat is removed unrevealed."""
    g = bm_game()
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    setup(g, 1, gold=5, hand=["tavern"], city=["market"])
    act(g, "gather:gold", "yes")  # 7 gold -> bribe 3
    assert g.players[1].gold == 4
    assert g.players[0].gold == 3
    assert "merchant" not in g.threats_open
    assert not any(e[0] == "threat_revealed" for e in g.public_log())
    assert g.decision_kind == "turn" and g.current_player == 1
    assert {"ability:income", "ability:merchant_gold", "build:tavern"} <= set(legal(g))


def test_bribe_with_one_gold_is_zero():
    """§5.6: with 1 gold the bribe is 0 gold."""
    g = bm_game()
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    setup(g, 1, gold=1)
    act(g, "gather:cards")
    act(g, legal(g)[0], "yes")
    assert g.players[1].gold == 1
    assert g.players[0].gold == 0
    assert g.decision_kind == "turn"


def test_bribe_with_zero_gold_is_allowed():
    """Q10: a threatened player with 0 gold may bribe with 0."""
    g = bm_game()
    to_turn(g, "merchant")
    setup(g, 1, gold=0)
    act(g, "gather:cards")
    act(g, legal(g)[0])
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[1].gold == 0
    assert "merchant" not in g.threats_open


def test_refused_bribe_revealed_flower_takes_all_gold():
    """§5.6: no bribe -> the Blackmailer may reveal; the flower takes all of the player's gold."""
    g = bm_game()
    to_turn(g, "merchant")
    setup(g, 0, gold=1)
    setup(g, 1, gold=5)
    act(g, "gather:gold", "no")
    assert g.decision_kind == "reveal_threat" and g.current_player == 0
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[1].gold == 0
    assert g.players[0].gold == 8
    assert ("threat_revealed", 1, "merchant", True) in g.public_log()
    assert g.decision_kind == "turn" and g.current_player == 1


def test_refused_bribe_revealed_blank_does_nothing():
    """§5.6: revealing the threat without the flower takes nothing."""
    g = bm_game()
    to_turn(g, "warlord")
    setup(g, 0, gold=1)
    setup(g, 3, gold=5)
    act(g, "gather:gold", "no", "yes")
    assert g.players[3].gold == 7
    assert g.players[0].gold == 1
    assert ("threat_revealed", 3, "warlord", False) in g.public_log()
    assert g.decision_kind == "turn" and g.current_player == 3


def test_refused_bribe_not_revealed_does_nothing():
    """§5.6: the Blackmailer may leave the token unrevealed: nothing happens, even on the flower."""
    g = bm_game()
    to_turn(g, "merchant")
    setup(g, 1, gold=5)
    bm_gold = g.players[0].gold
    act(g, "gather:gold", "no", "no")
    assert g.players[1].gold == 7
    assert g.players[0].gold == bm_gold
    assert g.threats_open == ("warlord",)


def test_threat_on_a_character_nobody_holds_does_nothing():
    """§5.6: a threatened character not in play: nothing; the tokens are removed at the end of the round."""
    g = bm_game(flower="architect", blank="bishop")
    finish_round(g)
    assert not any(e[0] in ("bribed", "refused_bribe") for e in g.public_log())
    assert g.threats == () and g.threats_open == ()


def test_threat_and_warrant_on_the_same_character():
    """§5.3, §5.6: a character may carry both a warrant and a threat; the threat is settled before building."""
    chars = ("magistrate", *BM_SET[1:])
    g = new_game(4, chars)
    deal(g, {0: ["magistrate"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:king", "character:bishop", "character:merchant", "gather:gold",
        "end_turn")
    act(g, "ability:threaten", "character:king", "character:warlord", "gather:gold", "end_turn")
    to_turn(g, "king")
    setup(g, 2, gold=6, hand=["castle"])
    act(g, "gather:gold")
    assert g.decision_kind == "bribe"
    act(g, "yes")  # 8 -> 4
    assert g.players[2].gold == 4
    act(g, "build:castle")
    assert g.decision_kind == "confiscate" and g.current_player == 0
    act(g, "yes")
    assert g.players[0].city == ["castle"]
    assert g.players[2].gold == 4


def test_face_up_discards_may_be_threatened():
    """Q8: face-up discarded characters are legal (useless) threat targets."""
    g = new_game(4, BM_SET)
    deal(g, {0: ["blackmailer"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]}, faceup=["bishop", "architect"])
    act(g, "ability:threaten")
    assert "character:bishop" in legal(g) and "character:architect" in legal(g)
