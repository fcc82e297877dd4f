"""Thief (rank 2): RULES.md §5.4, §4.2, §3.7, §10 Q27."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

THIEF_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def test_rob_targets_exclude_rank_one_and_the_thief():
    """§5.4, Q27: any character of the set of rank 2 or more except the Thief himself (unchosen ones too)."""
    g = new_game(4, THIEF_SET)
    deal(g, {0: ["thief"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    assert g.turn.char == "thief"
    assert "ability:rob" in legal(g)  # before gathering (§4.6)
    act(g, "ability:rob")
    assert g.decision_kind == "rob"
    assert legal(g) == ["character:magician", "character:king", "character:bishop", "character:merchant",
                        "character:architect", "character:warlord"]


def test_cannot_rob_the_killed_character():
    """§5.4: the killed character cannot be robbed."""
    g = new_game(4, THIEF_SET)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "ability:kill", "character:bishop", "gather:gold", "end_turn")
    act(g, "ability:rob")
    assert "character:bishop" not in legal(g)
    assert len(legal(g)) == 5


def test_cannot_rob_the_bewitched_character():
    """§5.4: the bewitched character cannot be robbed."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["thief"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "gather:gold", "character:warlord")
    assert g.turn.char == "thief"
    act(g, "ability:rob")
    assert "character:warlord" not in legal(g)
    assert "character:witch" not in legal(g)
    assert len(legal(g)) == 5


def test_gold_is_taken_on_reveal_before_gathering():
    """§4.2.1, §5.4: when the robbed character is revealed, all its player's gold goes to the Thief, before
    gathering; the robbed player then gathers normally."""
    g = new_game(4, THIEF_SET)
    deal(g, {0: ["thief"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "ability:rob", "character:bishop", "gather:gold", "end_turn")
    assert g.robbed == "bishop"
    to_turn(g, "king")
    setup(g, 2, gold=7)
    thief_gold = g.players[0].gold
    act(g, "gather:gold", "end_turn")
    assert g.turn.char == "bishop" and not g.turn.gathered
    assert g.players[2].gold == 0
    assert g.players[0].gold == thief_gold + 7
    assert ("robbed", 0, 2, 7) in g.public_log()
    act(g, "gather:gold")
    assert g.players[2].gold == 2


def test_robbing_a_character_nobody_holds_does_nothing():
    """§5.4: if the robbed character is not in play, nothing happens."""
    g = new_game(4, THIEF_SET)
    deal(g, {0: ["thief"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "ability:rob", "character:architect", "gather:gold", "end_turn")
    finish_round(g)
    assert [p.gold for p in g.players] == [4, 4, 4, 4]
    assert not any(e[0] == "robbed" for e in g.public_log())


def test_rob_once_per_turn():
    """§0.3: the Thief names one character per turn."""
    g = new_game(4, THIEF_SET)
    deal(g, {0: ["thief"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    setup(g, 0, hand=[])
    act(g, "gather:gold", "ability:rob", "character:king")
    assert legal(g) == ["end_turn"]


def test_three_players_the_whole_shared_stash_is_taken():
    """§3.7, §5.4: with 3 players one stash serves both characters: the gold gained in the holder's earlier turn is
    taken too."""
    g = new_game(3, (*THIEF_SET, "tax_collector"))
    deal(g, {0: ["thief", "warlord"], 1: ["bishop", "architect"], 2: ["king", "merchant"]})
    act(g, "ability:rob", "character:architect", "gather:gold", "end_turn")
    to_turn(g, "bishop")
    setup(g, 1, gold=3)
    act(g, "gather:gold", "end_turn")  # 5 gold
    to_turn(g, "architect")
    assert g.players[1].gold == 0
    assert g.players[0].gold == 4 + 5


def test_tax_pot_is_not_stolen_from_the_tax_collector():
    """§5.4: only the stash is taken, not the gold on the Tax Collector token."""
    g = new_game(4, (*THIEF_SET, "tax_collector"))
    deal(g, {0: ["thief"], 1: ["king"], 2: ["bishop"], 3: ["tax_collector"]})
    act(g, "ability:rob", "character:tax_collector", "gather:gold", "end_turn")
    g.tax_pot = 3
    setup(g, 3, gold=1)
    thief_gold = g.players[0].gold
    to_turn(g, "tax_collector")
    assert g.players[0].gold == thief_gold + 1
    assert g.players[3].gold == 0
    assert g.tax_pot == 3
    act(g, "ability:tax_collector")
    assert g.players[3].gold == 3


def test_face_up_discard_may_be_named():
    """Q27: naming a face-up discarded character is legal (and useless)."""
    g = new_game(4, THIEF_SET)
    deal(g, {0: ["thief"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]}, faceup=["merchant", "magician"])
    act(g, "ability:rob")
    assert "character:merchant" in legal(g) and "character:magician" in legal(g)
    act(g, "character:merchant", "gather:gold", "end_turn")
    finish_round(g)
    assert [p.gold for p in g.players] == [4, 4, 4, 4]
