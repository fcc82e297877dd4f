"""Assassin (rank 1): RULES.md §5.1, §4.1, §4.9, §10 Q27, §3.7."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

ASSASSIN_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
PATRICIAN_SET = ("assassin", "thief", "magician", "patrician", "bishop", "merchant", "architect", "warlord")


def turns_played(g):
    """(seat, character) of every turn ended so far, in order."""
    return [(e[1], e[2]) for _, e in g.events if e[0] == "end_turn"]


def test_kill_targets_every_other_character_of_the_set():
    """§5.1, Q27: any other character of the game's set may be named (unchosen ones too), never the Assassin."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["thief"], 3: ["warlord"]})
    assert g.current_player == 0 and g.turn.char == "assassin"
    assert "ability:kill" in legal(g)  # usable before gathering (§4.6)
    act(g, "ability:kill")
    assert g.decision_kind == "kill"
    assert legal(g) == ["character:thief", "character:magician", "character:king", "character:bishop",
                        "character:merchant", "character:architect", "character:warlord"]


def test_kill_is_once_per_turn_and_named_publicly():
    """§0.3 once per turn; §5.1 the killed character is named publicly."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["thief"], 3: ["warlord"]})
    act(g, "ability:kill", "character:warlord")
    assert g.killed == "warlord"
    assert ("killed", "warlord") in g.public_log()
    assert "ability:kill" not in legal(g)
    act(g, "gather:gold")
    assert "ability:kill" not in legal(g)
    assert "end_turn" in legal(g)


def test_killed_character_skips_its_whole_turn():
    """§4.1, §5.1: the killed character is called but stays silent: no gathering, no ability, no turn."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["merchant"], 2: ["thief"], 3: ["warlord"]})
    setup(g, 1, gold=3, hand=["castle"], city=["market", "tavern"])
    act(g, "ability:kill", "character:merchant", "gather:gold", "end_turn")
    finish_round(g)
    assert ("called", "merchant", None) in g.public_log()
    assert (1, "merchant") not in turns_played(g)
    assert turns_played(g) == [(0, "assassin"), (2, "thief"), (3, "warlord")]
    assert g.players[1].gold == 3
    assert g.players[1].hand == ["castle"]
    assert g.players[1].city == ["market", "tavern"]
    assert "merchant" not in g.revealed  # the card stays hidden


def test_killed_character_gets_no_end_of_turn_district_effects():
    """§5.1, §4.8: a killed character has no turn, so the Poor House (0 gold) and the Park (empty hand) do nothing."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["bishop"], 2: ["thief"], 3: ["warlord"]})
    setup(g, 1, gold=0, hand=[], city=["poor_house", "park"])
    act(g, "ability:kill", "character:bishop", "gather:gold", "end_turn")
    finish_round(g)
    assert g.players[1].gold == 0
    assert g.players[1].hand == []


def test_killed_character_cannot_be_robbed():
    """§5.1, §5.4: the Thief cannot name the killed character."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["thief"], 3: ["warlord"]})
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    assert g.turn.char == "thief"
    act(g, "ability:rob")
    assert "character:king" not in legal(g)
    assert "character:warlord" in legal(g)


def test_killed_bishop_gives_no_protection():
    """§5.1: a killed Bishop's districts are not protected from the rank-8 character."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["bishop"], 2: ["thief"], 3: ["warlord"]})
    setup(g, 1, city=["temple", "manor"])
    act(g, "ability:kill", "character:bishop", "gather:gold", "end_turn")
    to_turn(g, "warlord")
    assert g.protected_seat is None
    g.players[3].gold = 5
    act(g, "ability:warlord")
    assert "player:1" in legal(g)
    act(g, "player:1", "district:manor")
    assert g.players[1].city == ["temple"]
    assert g.players[3].gold == 3


def test_killed_king_takes_the_crown_at_end_of_round():
    """§5.1, §5.10, §4.9: the killed King's holder reveals it at the end of the round and takes the crown as heir."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    assert g.crown == 0
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    to_turn(g, "warlord")
    assert g.crown == 0  # not during the round
    finish_round(g)
    assert g.crown == 2
    assert ("heir", "king", 2) in g.public_log()
    assert g.round == 2 and g.decision_kind == "draft_keep" and g.current_player == 2


def test_killed_patrician_takes_the_crown_at_end_of_round():
    """§5.1, §5.12, §4.9: a killed Patrician is also heir to the crown."""
    g = new_game(4, PATRICIAN_SET)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["warlord"], 3: ["patrician"]})
    act(g, "ability:kill", "character:patrician", "gather:gold", "end_turn")
    finish_round(g)
    assert g.crown == 3


def test_killing_a_character_nobody_holds_changes_nothing():
    """Q27: naming an unchosen character is legal but has no effect: every held character plays."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["thief"], 3: ["warlord"]})
    act(g, "ability:kill", "character:architect", "gather:gold", "end_turn")
    finish_round(g)
    assert turns_played(g) == [(0, "assassin"), (2, "thief"), (1, "king"), (3, "warlord")]
    assert g.crown == 1


def test_three_players_other_character_of_the_killed_holder_plays():
    """§5.1, §3.7: with 2-3 players the holder of the killed character still plays his other character."""
    g = new_game(3, ASSASSIN_SET + ("tax_collector",))
    deal(g, {0: ["assassin", "warlord"], 1: ["thief", "bishop"], 2: ["king", "merchant"]})
    act(g, "ability:kill", "character:king", "gather:gold", "end_turn")
    finish_round(g)
    assert turns_played(g) == [(0, "assassin"), (1, "thief"), (1, "bishop"), (2, "merchant"), (0, "warlord")]
    assert g.players[2].gold == 2 + 2
    assert g.crown == 2  # heir of the killed King


def test_face_up_discards_may_be_named():
    """Q27: a face-up discarded character may be named (legal, no effect)."""
    g = new_game(4, ASSASSIN_SET)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["thief"], 3: ["warlord"]}, faceup=["merchant", "bishop"])
    act(g, "ability:kill")
    assert "character:merchant" in legal(g) and "character:bishop" in legal(g)
    act(g, "character:merchant", "gather:gold", "end_turn")
    finish_round(g)
    assert turns_played(g) == [(0, "assassin"), (2, "thief"), (1, "king"), (3, "warlord")]
