"""Gold Mine (unique, cost 6): RULES.md §2.4, §4.3, §6 (Gold Mine), §5.2, §5.6."""

from helpers import act, deal, legal, new_game, setup, to_turn

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
BLACKMAILER_SET = ("assassin", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord")


def merchant_turn(city):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city)
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    return g


def test_gathering_gold_gives_one_more():
    """§4.3: Gold Mine: taking gold when gathering gives 3 instead of 2."""
    g = merchant_turn(["gold_mine"])
    act(g, "gather:gold")
    assert g.players[0].gold == 3


def test_without_gold_mine_gathering_gives_two():
    """§4.3: the default gold gathering (control)."""
    g = merchant_turn(["manor"])
    act(g, "gather:gold")
    assert g.players[0].gold == 2


def test_no_extra_gold_when_drawing_cards():
    """§2.4: only if the player chooses gold."""
    g = merchant_turn(["gold_mine"])
    hand = len(g.players[0].hand)
    act(g, "gather:cards")
    act(g, legal(g)[0])
    assert g.players[0].gold == 0
    assert len(g.players[0].hand) == hand + 1


def test_other_gold_gains_are_not_increased():
    """§6 Gold Mine: only the gather-resources gold option (income and the Merchant's +1 stay 1 each)."""
    g = merchant_turn(["gold_mine", "market"])
    act(g, "ability:income")
    assert g.players[0].gold == 1
    act(g, "ability:merchant_gold")
    assert g.players[0].gold == 2


def test_works_for_the_witch_and_the_bewitched_player():
    """§5.2, §6 Gold Mine: gathering effects apply to the Witch's part 1 and to the bewitched player."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, gold=0, city=["gold_mine"])
    setup(g, 1, gold=0, city=["gold_mine"])
    act(g, "gather:gold")
    assert g.players[0].gold == 3
    act(g, "character:merchant")
    to_turn(g, "merchant")
    assert g.current_player == 1
    act(g, "gather:gold")
    assert g.players[1].gold == 3
    assert g.turn.seat == 0  # the bewitched turn ended; the Witch resumes without gathering again
    assert "gather:gold" not in legal(g)


def test_works_for_a_threatened_player():
    """§5.6, §6 Gold Mine: a threatened player gathers with the Gold Mine before settling the threat."""
    g = new_game(4, BLACKMAILER_SET)
    deal(g, {0: ["merchant"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:threaten", "character:merchant", "character:king", "gather:gold", "end_turn")
    setup(g, 0, city=["gold_mine"])
    to_turn(g, "merchant")
    setup(g, 0, gold=0)
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")
    assert g.players[0].gold == 3
    assert g.decision_kind == "bribe"
