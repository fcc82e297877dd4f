"""Poor House (unique, cost 4): RULES.md §2.4, §4.8, §6 (Poor House), §5.2, §5.17."""

from helpers import act, deal, finish_round, new_game, setup, to_turn

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
ALCHEMIST_SET = ("assassin", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord")


def merchant_turn(city, hand=()):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=list(hand))
    to_turn(g, "merchant")
    return g


def test_gain_one_gold_with_an_empty_stash_at_the_end_of_the_turn():
    """§2.4, §4.8: no gold at the end of the turn: gain 1."""
    g = merchant_turn(["poor_house"])
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    act(g, "end_turn")
    assert g.players[0].gold == 1


def test_nothing_with_gold_left():
    """§2.4: only with 0 gold."""
    g = merchant_turn(["poor_house"])
    act(g, "gather:gold")
    setup(g, 0, gold=1)
    act(g, "end_turn")
    assert g.players[0].gold == 1


def test_checked_after_building():
    """§4.8: the stash is checked at the end of the turn (after spending the last gold on a district)."""
    g = merchant_turn(["poor_house"], ["castle"])
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "build:castle")
    assert g.players[0].gold == 0
    act(g, "end_turn")
    assert g.players[0].gold == 1


def test_applies_before_the_alchemist_refund():
    """§6 Poor House (RU p.14), §4.8: with 0 gold the Poor House pays 1, then the Alchemist gets his 4 back."""
    g = new_game(4, ALCHEMIST_SET)
    deal(g, {0: ["alchemist"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["poor_house"], hand=["castle"])
    to_turn(g, "alchemist")
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "build:castle", "end_turn")
    assert g.players[0].gold == 1 + 4


def test_not_for_a_killed_owner():
    """§5.1, §4.8: a killed character has no turn."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["assassin"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, gold=0, city=["poor_house"])
    act(g, "ability:kill", "character:merchant", "gather:gold", "end_turn")
    finish_round(g)
    assert g.players[0].gold == 0


def test_witch_gets_it_only_when_her_turn_resumes():
    """§6 Poor House (RU p.14): not for a Witch whose turn is not resumed; at the end of part 2 when it is (§5.2);
    never for the bewitched owner."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["poor_house"])
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    act(g, "character:magician")  # nobody holds the Magician
    assert g.players[0].gold == 0
    finish_round(g)
    assert g.players[0].gold == 0

    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["poor_house"])
    setup(g, 1, gold=0, city=["poor_house"])
    act(g, "gather:gold", "character:merchant")
    to_turn(g, "merchant")
    act(g, "gather:cards")
    act(g, "card:" + g.decision_data[0])  # the bewitched Merchant's turn ends with 0 gold
    assert g.turn.seat == 0
    setup(g, 0, gold=0)
    act(g, "end_turn")
    assert g.players[0].gold == 1
    assert g.players[1].gold == 0
