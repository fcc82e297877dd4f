"""Magistrate (rank 1): RULES.md §5.3, §4.4, §5.27, §6 (Framework, Necropolis, Stables, Thieves' Den), §10 Q8,
Q9, Q35."""

from helpers import act, deal, legal, new_game, setup, to_turn

MAG_SET = ("magistrate", "thief", "wizard", "king", "bishop", "alchemist", "architect", "warlord")
MAG_TAX_SET = (*MAG_SET, "tax_collector")


def mag_game(warrants=("architect", "king", "warlord"), chars=MAG_SET, assignment=None):
    """Seat 0 is the Magistrate; warrants[0] gets the signed warrant. Default target: the Architect at seat 1."""
    g = new_game(4, chars)
    deal(g, assignment or {0: ["magistrate"], 1: ["architect"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", *(f"character:{c}" for c in warrants), "gather:gold", "end_turn")
    return g


def test_warrants_go_on_three_distinct_other_characters():
    """§5.3, Q8: 3 different characters, never the Magistrate; usable before gathering; the first is signed."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["architect"], 2: ["king"], 3: ["warlord"]})
    assert "ability:warrants" in legal(g)
    act(g, "ability:warrants")
    assert g.decision_kind == "warrant"
    assert legal(g) == ["character:thief", "character:wizard", "character:king", "character:bishop",
                        "character:alchemist", "character:architect", "character:warlord"]
    act(g, "character:warlord")
    assert "character:warlord" not in legal(g) and len(legal(g)) == 6
    act(g, "character:bishop")
    assert "character:bishop" not in legal(g) and len(legal(g)) == 5
    act(g, "character:thief")
    assert g.signed == "warlord"
    assert g.warrants == ("thief", "bishop", "warlord")  # public, in rank order: which one is signed is hidden
    assert "ability:warrants" not in legal(g)


def test_three_players_no_warrant_on_the_magistrate_other_character():
    """Q8: warrants may not go on the placer's own characters (his second character with 3 players)."""
    g = new_game(3, MAG_TAX_SET)
    deal(g, {0: ["magistrate", "warlord"], 1: ["thief", "king"], 2: ["architect", "bishop"]})
    act(g, "ability:warrants")
    assert "character:warlord" not in legal(g)
    assert "character:magistrate" not in legal(g)
    assert "character:tax_collector" in legal(g)


def test_confiscate_first_paid_build_of_signed_target():
    """§5.3: the target's first paid district goes to the Magistrate's city; the target gets his gold back."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 1, gold=4, hand=["castle", "temple"])
    setup(g, 0, gold=1, city=["tavern"])
    act(g, "gather:gold", "build:castle")
    assert g.decision_kind == "confiscate" and g.current_player == 0
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["tavern", "castle"]
    assert g.players[1].city == []
    assert g.players[1].gold == 6  # 4 + 2 gathered, the 4 paid are refunded
    assert g.players[0].gold == 1  # the Magistrate pays nothing
    assert ("confiscated", 0, 1, "castle") in g.public_log()
    assert g.current_player == 1 and g.decision_kind == "turn"


def test_confiscated_district_counts_toward_the_target_limit():
    """§4.4, §5.3: the confiscated district uses up the target's build limit (1 for the King)."""
    g = mag_game(("king", "architect", "warlord"))
    to_turn(g, "king")
    setup(g, 2, gold=10, hand=["castle", "temple"])
    act(g, "gather:gold", "build:castle", "yes")
    assert g.players[0].city == ["castle"]
    assert "build:temple" not in legal(g)
    assert g.turn.builds == 1


def test_magistrate_pays_the_tax_for_a_confiscated_district():
    """§5.27, §5.3: with a Tax Collector in the game the Magistrate, not the target, pays the tax."""
    g = new_game(4, MAG_TAX_SET)
    deal(g, {0: ["magistrate"], 1: ["architect"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:architect", "character:king", "character:warlord", "gather:gold",
        "end_turn")
    to_turn(g, "architect")
    setup(g, 0, gold=3)
    setup(g, 1, gold=2, hand=["temple", "tavern"])
    act(g, "gather:gold", "build:temple", "yes")
    assert g.players[0].gold == 2
    assert g.players[1].gold == 4
    assert g.tax_pot == 1
    act(g, "build:tavern")  # a later build by the target is taxed normally
    assert g.players[1].gold == 2
    assert g.tax_pot == 2


def test_magistrate_with_no_gold_pays_no_tax():
    """Q35: a Magistrate with 0 gold after a confiscation pays no tax."""
    g = new_game(4, MAG_TAX_SET)
    deal(g, {0: ["magistrate"], 1: ["architect"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:architect", "character:king", "character:warlord", "gather:gold",
        "end_turn")
    to_turn(g, "architect")
    setup(g, 0, gold=0)
    setup(g, 1, gold=2, hand=["temple"])
    act(g, "gather:gold", "build:temple", "yes")
    assert g.players[0].city == ["temple"]
    assert g.players[0].gold == 0 and g.tax_pot == 0


def test_unsigned_warrant_only_offers_no():
    """§5.3: an unsigned warrant has no effect; the Magistrate is asked (hiding which is signed) but may only decline."""
    g = mag_game(("king", "architect", "warlord"))
    to_turn(g, "architect")
    setup(g, 1, gold=4, hand=["castle"])
    act(g, "gather:gold", "build:castle")
    assert g.decision_kind == "confiscate" and g.current_player == 0
    assert legal(g) == ["no"]
    act(g, "no")
    assert g.players[1].city == ["castle"]
    assert g.players[1].gold == 2
    assert g.players[0].city == []


def test_character_without_warrant_is_not_interrupted():
    """§5.3: building by a character with no warrant asks nothing of the Magistrate."""
    g = mag_game(("king", "architect", "warlord"), assignment={0: ["magistrate"], 1: ["bishop"], 2: ["king"],
                                                               3: ["warlord"]})
    to_turn(g, "bishop")
    setup(g, 1, gold=4, hand=["castle"])
    act(g, "gather:gold", "build:castle")
    assert g.decision_kind == "turn" and g.current_player == 1
    assert g.players[1].city == ["castle"]
    assert g.players[1].gold == 2


def test_cannot_confiscate_a_district_already_in_the_magistrate_city():
    """§5.3: no confiscation of a name already in the Magistrate's city, even with a Quarry."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 0, city=["castle", "quarry"])
    setup(g, 1, gold=4, hand=["castle"])
    act(g, "gather:gold", "build:castle")
    assert legal(g) == ["no"]
    act(g, "no")
    assert g.players[1].city == ["castle"]


def test_declining_the_first_paid_build_forfeits_the_turn():
    """§5.3: only the FIRST paid district may be confiscated; after a refusal later builds are not offered."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 1, gold=10, hand=["castle", "temple", "tavern"])
    act(g, "gather:gold", "build:castle", "no", "build:temple")
    assert g.decision_kind == "turn" and g.current_player == 1
    assert g.players[1].city == ["castle", "temple"]
    assert g.players[0].city == []


def test_framework_build_is_not_paid_next_paid_build_is_eligible():
    """§6 Framework, §5.3: a district built by destroying the Framework cannot be confiscated; the next paid one can."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 1, gold=10, hand=["palace", "temple"], city=["framework"])
    act(g, "gather:gold", "build:palace")
    assert g.decision_kind == "payment"
    act(g, "pay:framework")
    assert g.decision_kind == "turn"
    assert g.players[1].city == ["palace"]
    assert g.players[1].gold == 12
    act(g, "build:temple")
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["temple"]
    assert g.players[1].gold == 12


def test_necropolis_built_by_destruction_is_not_paid_next_paid_build_is_eligible():
    """§6 Necropolis, §5.3: a Necropolis built by destroying a district cannot be confiscated; the next paid one can."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 1, gold=10, hand=["necropolis", "manor"], city=["watchtower"])
    act(g, "gather:gold", "build:necropolis", "pay:necropolis", "district:watchtower")
    assert g.decision_kind == "turn"
    assert g.players[1].city == ["necropolis"]
    act(g, "build:manor")
    assert g.decision_kind == "confiscate"
    act(g, "yes")
    assert g.players[0].city == ["manor"]
    assert g.players[1].gold == 12


def test_confiscated_stables_does_not_use_the_limit():
    """§6 Stables: even if the Stables is confiscated the target may still build another district."""
    g = mag_game(("king", "architect", "warlord"))
    to_turn(g, "king")
    setup(g, 2, gold=10, hand=["stables", "temple"])
    act(g, "gather:gold", "build:stables", "yes")
    assert g.players[0].city == ["stables"]
    assert g.players[2].gold == 12
    assert "build:temple" in legal(g)
    act(g, "build:temple")
    assert g.decision_kind == "turn"  # no second confiscation
    assert g.players[2].city == ["temple"]


def test_thieves_den_refund_is_gold_only():
    """§6 Thieves' Den, Q9(b): paid partly with cards it may be confiscated; only the gold is refunded."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 1, gold=2, hand=["thieves_den", "temple", "tavern"])
    act(g, "gather:gold", "build:thieves_den")  # 4 gold: must use cards
    assert g.decision_kind == "thieves_den_cards"
    act(g, "card:temple", "card:tavern", "done")
    assert g.players[1].gold == 0
    assert g.decision_kind == "confiscate"
    act(g, "yes")
    assert g.players[0].city == ["thieves_den"]
    assert g.players[1].gold == 4
    assert g.players[1].hand == []
    assert g.deck[:2] == ["tavern", "temple"]  # the cards paid went to the bottom (Q25)


def test_confiscation_may_complete_the_magistrate_city():
    """§5.3, Q9(e), Q15: the confiscated district counts at once; it may make the Magistrate first to complete."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 0, city=["temple", "church", "tavern", "market", "watchtower", "prison"])
    setup(g, 1, gold=4, hand=["castle"])
    act(g, "gather:gold", "build:castle", "yes")
    assert g.first_completer == 0


def test_monument_cannot_be_confiscated_into_a_city_of_five():
    """Q9(a): the Monument cannot be confiscated when the Magistrate already has 5 or more districts."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 0, city=["temple", "church", "tavern", "market", "watchtower"])
    setup(g, 1, gold=4, hand=["monument"])
    act(g, "gather:gold", "build:monument")
    assert legal(g) == ["no"]


def test_wizard_immediate_build_may_be_confiscated():
    """Q9(b): the Wizard's immediate build is a paid build and can be confiscated (gold refunded)."""
    g = mag_game(("wizard", "king", "warlord"), assignment={0: ["magistrate"], 1: ["wizard"], 2: ["king"],
                                                            3: ["warlord"]})
    to_turn(g, "wizard")
    setup(g, 1, gold=3, hand=[])
    setup(g, 2, hand=["manor"])
    act(g, "gather:gold", "ability:wizard", "player:2", "card:manor", "wizard:build")
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["manor"]
    assert g.players[1].gold == 5
    assert g.players[2].hand == []


def test_alchemist_target_gets_no_double_refund():
    """Q9(d): a confiscated Alchemist is refunded at once and not again at the end of his turn."""
    g = mag_game(("alchemist", "king", "warlord"), assignment={0: ["magistrate"], 1: ["alchemist"], 2: ["king"],
                                                               3: ["warlord"]})
    to_turn(g, "alchemist")
    setup(g, 1, gold=3, hand=["castle"])
    act(g, "gather:gold", "build:castle", "yes")
    assert g.players[1].gold == 5
    act(g, "end_turn")
    assert g.players[1].gold == 5


def test_signed_warrant_on_a_character_nobody_holds_does_nothing():
    """§5.3: a warrant on a character not in play has no effect; warranted players' builds stay theirs."""
    g = mag_game(("bishop", "architect", "king"))
    to_turn(g, "king")
    setup(g, 2, gold=4, hand=["castle"])
    act(g, "gather:gold", "build:castle")
    assert legal(g) == ["no"]
    act(g, "no")
    assert g.players[2].city == ["castle"]


def test_warrants_may_go_on_face_up_discards():
    """Q8: face-up discarded characters are legal (useless) warrant targets."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["architect"], 2: ["king"], 3: ["warlord"]}, faceup=["bishop", "thief"])
    act(g, "ability:warrants")
    assert "character:bishop" in legal(g) and "character:thief" in legal(g)


def test_thieves_den_paid_entirely_with_cards_is_eligible_and_refunds_nothing():
    """Q9(b), §6 Thieves' Den: paid only with cards it is still a paid build; the refund is 0 gold."""
    g = mag_game()
    to_turn(g, "architect")
    setup(g, 1, hand=["thieves_den", "temple", "tavern", "church", "market", "manor", "prison"])
    act(g, "gather:gold")
    setup(g, 1, gold=0)
    act(g, "build:thieves_den")
    act(g, "card:temple", "card:tavern", "card:church", "card:market", "card:manor", "card:prison")
    assert g.decision_kind == "confiscate"
    act(g, "yes")
    assert g.players[0].city == ["thieves_den"]
    assert g.players[1].gold == 0
    assert g.players[1].hand == []


def test_cardinal_funded_build_is_eligible():
    """Q9(b): a build the Cardinal pays with gold obtained for cards is a paid build: it may be confiscated."""
    chars = ("magistrate", "thief", "wizard", "king", "cardinal", "alchemist", "architect", "warlord")
    g = mag_game(("cardinal", "king", "warlord"), chars, {0: ["magistrate"], 1: ["cardinal"], 2: ["king"],
                                                          3: ["warlord"]})
    to_turn(g, "cardinal")
    setup(g, 1, hand=["castle", "temple"])
    setup(g, 2, gold=5)
    act(g, "gather:gold")
    setup(g, 1, gold=3)
    act(g, "build:castle")
    assert g.decision_kind == "cardinal_player"
    act(g, "player:2", "card:temple")
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["castle"]
    assert g.players[2].gold == 4 and g.players[2].hand[-1] == "temple"
    assert g.players[1].gold == 4  # the 4 gold paid are refunded
