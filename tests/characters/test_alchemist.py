"""Alchemist (rank 6): RULES.md §5.17, §4.8, §6 (Poor House, Smithy), §3.7 and ruling Q9(d)."""

from helpers import act, deal, new_game, setup, to_turn

ALCHEMIST_SET = ("assassin", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord")
TAX_SET = (*ALCHEMIST_SET, "tax_collector")
MAGISTRATE_SET = ("magistrate", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord")


def alchemist_game(characters=ALCHEMIST_SET, city=(), hand=(), gold=0, extra=None):
    g = new_game(4, characters)
    chars = {0: ["alchemist"], 1: ["king"], 2: ["warlord"], 3: ["thief"]}
    if extra:
        chars.update(extra)
    deal(g, chars)
    setup(g, 0, city=list(city), hand=list(hand))
    to_turn(g, "alchemist")
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_gold_paid_for_a_district_refunded_at_end_of_turn():
    """§5.17: at the end of the turn the Alchemist gets back the gold spent building; not before."""
    g = alchemist_game(hand=["castle"], gold=6)
    act(g, "build:castle")
    assert g.players[0].gold == 2  # the refund happens at the end of the turn
    act(g, "end_turn")
    assert g.players[0].gold == 6
    assert g.players[0].city == ["castle"]


def test_no_refund_without_building():
    """§5.17: nothing is returned if nothing was paid for districts."""
    g = alchemist_game(gold=3)
    act(g, "end_turn")
    assert g.players[0].gold == 3


def test_refund_sums_every_district_of_the_turn():
    """§5.17: all the gold spent on building this turn (Stables outside the limit + a Castle)."""
    g = alchemist_game(hand=["stables", "castle"], gold=6)
    act(g, "build:stables", "build:castle")
    assert g.players[0].gold == 0
    act(g, "end_turn")
    assert g.players[0].gold == 6


def test_tax_is_not_refunded():
    """§5.17, §5.27: tax paid to the Tax Collector is not returned."""
    g = alchemist_game(TAX_SET, hand=["castle"], gold=6)
    act(g, "build:castle")
    assert g.players[0].gold == 1
    assert g.tax_pot == 1
    act(g, "end_turn")
    assert g.players[0].gold == 5
    assert g.tax_pot == 1


def test_smithy_payment_is_not_refunded():
    """§5.17, §6 Smithy: the 2 gold paid for the Smithy are not returned."""
    g = alchemist_game(city=["smithy"], hand=["castle"], gold=6)
    act(g, "ability:smithy")
    assert g.players[0].gold == 4
    act(g, "build:castle", "end_turn")
    assert g.players[0].gold == 4


def test_poor_house_applies_before_the_refund():
    """§4.8, §6 Poor House (RU p.14): with 0 gold at the end of the turn the Poor House gives 1 gold before the
    Alchemist's refund."""
    g = alchemist_game(city=["poor_house"], hand=["castle"], gold=4)
    act(g, "build:castle")
    assert g.players[0].gold == 0
    act(g, "end_turn")
    assert g.players[0].gold == 5


def test_refund_is_the_gold_actually_paid_after_factory_discount():
    """§5.17: the refund is the gold actually paid (the Factory made the Library cost 5)."""
    g = alchemist_game(city=["factory"], hand=["library"], gold=5)
    act(g, "build:library")
    assert g.players[0].gold == 0
    act(g, "end_turn")
    assert g.players[0].gold == 5


def test_thieves_den_only_gold_part_refunded():
    """§5.17: only the gold part of a Thieves' Den payment is refunded (cards are not)."""
    g = alchemist_game(hand=["thieves_den", "temple", "manor", "tavern"], gold=5)
    act(g, "build:thieves_den")
    assert g.decision_kind == "thieves_den_cards"
    act(g, "card:temple", "card:manor", "done")
    assert g.players[0].gold == 1
    assert g.players[0].hand == ["tavern"]
    act(g, "end_turn")
    assert g.players[0].gold == 5
    assert g.players[0].hand == ["tavern"]


def test_framework_build_refunds_nothing():
    """§5.17: a district built by destroying the Framework costs no gold, so nothing is refunded."""
    g = alchemist_game(city=["framework"], hand=["palace"], gold=6)
    act(g, "build:palace")
    assert g.decision_kind == "payment"
    act(g, "pay:framework")
    assert g.players[0].city == ["palace"]
    act(g, "end_turn")
    assert g.players[0].gold == 6


def test_confiscated_district_not_refunded_twice():
    """Q9(d): a confiscated Alchemist's gold is returned at once and not again at the end of the turn."""
    g = new_game(4, MAGISTRATE_SET)
    deal(g, {0: ["alchemist"], 1: ["magistrate"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, hand=["castle"])
    to_turn(g, "magistrate")
    act(g, "ability:warrants", "character:alchemist", "character:king", "character:warlord")
    to_turn(g, "alchemist")
    act(g, "gather:gold")
    setup(g, 0, gold=6)
    act(g, "build:castle")
    assert g.decision_kind == "confiscate" and g.current_player == 1
    act(g, "yes")
    assert g.players[1].city == ["castle"]
    assert g.players[0].gold == 6
    act(g, "end_turn")
    assert g.players[0].gold == 6


def test_no_refund_for_a_build_in_the_other_characters_turn():
    """§3.7: with 2 players the refund applies only to the Alchemist's turn, not to the Warlord's."""
    g = new_game(2, ALCHEMIST_SET)
    deal(g, {0: ["alchemist", "warlord"], 1: ["king", "bishop"]})
    setup(g, 0, hand=["castle", "manor"])
    to_turn(g, "alchemist")
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "build:castle", "end_turn")
    assert g.players[0].gold == 4
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "build:manor", "end_turn")
    assert g.players[0].gold == 0
