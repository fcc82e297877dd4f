"""Laboratory (unique, cost 5): RULES.md §2.4, §0.4, §3.7, §4.7, §6 (Laboratory), §5.2."""

from helpers import act, deal, legal, new_game, setup, to_turn

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def merchant_turn(city, hand, gold=0):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=hand)
    to_turn(g, "merchant")
    setup(g, 0, gold=gold)
    return g


def test_discard_a_card_to_gain_two_gold():
    """§2.4: discard 1 card from hand to gain 2 gold; the card goes face down to the bottom of the deck (§6)."""
    g = merchant_turn(["laboratory"], ["castle", "temple"])
    act(g, "gather:gold", "ability:laboratory")
    assert g.decision_kind == "laboratory"
    assert legal(g) == ["card:castle", "card:temple"]
    act(g, "card:temple")
    assert g.players[0].hand == ["castle"]
    assert g.players[0].gold == 2 + 2
    assert g.deck[0] == "temple"


def test_once_per_turn():
    """§2.4, §4.7: once per turn."""
    g = merchant_turn(["laboratory"], ["castle", "temple"])
    act(g, "ability:laboratory", "card:castle")
    assert "ability:laboratory" not in legal(g)
    act(g, "gather:gold")
    assert "ability:laboratory" not in legal(g)
    assert g.players[0].gold == 4


def test_usable_before_gathering():
    """§4.7: 1/TURN district effects may be used at any moment of the owner's turn."""
    g = merchant_turn(["laboratory"], ["castle"])
    assert not g.turn.gathered
    assert "ability:laboratory" in legal(g)
    act(g, "ability:laboratory", "card:castle")
    assert g.players[0].gold == 2
    assert legal(g)[:2] == ["gather:gold", "gather:cards"]


def test_not_offered_with_an_empty_hand():
    """characters.py docstring: an effect that would do nothing is not offered (no card to discard)."""
    g = merchant_turn(["laboratory"], [])
    assert "ability:laboratory" not in legal(g)


def test_once_in_each_of_the_two_turns_with_two_players():
    """§3.7 [derived]: with 2-3 players a 1/TURN effect may be used in each of the player's two turns."""
    g = new_game(2)
    deal(g, {0: ["king", "merchant"], 1: ["thief", "warlord"]})
    setup(g, 0, city=["laboratory"], hand=["castle", "temple", "manor"])
    to_turn(g, "king")
    act(g, "ability:laboratory", "card:castle", "gather:gold", "end_turn")
    to_turn(g, "merchant")
    assert "ability:laboratory" in legal(g)
    act(g, "ability:laboratory", "card:temple")
    assert g.players[0].hand == ["manor"]


def test_not_usable_by_a_bewitched_owner_nor_by_the_witch():
    """§4.7, §5.2: a bewitched player only gathers; the Witch cannot use the bewitched player's districts."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["merchant"], 1: ["witch"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["laboratory"], hand=["castle"])
    setup(g, 1, hand=["temple"])
    act(g, "gather:gold", "character:merchant")
    to_turn(g, "merchant")
    assert g.current_player == 0
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")
    assert g.turn.seat == 1
    assert "ability:laboratory" not in legal(g)
    assert g.players[0].hand == ["castle"]
