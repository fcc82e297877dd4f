"""Tax Collector (rank 9): RULES.md §5.27, §4.4, §3.7 and rulings Q18, Q35."""

from helpers import FIRST_GAME, act, deal, finish_round, legal, new_game, setup, to_turn

TAX_SET = (*FIRST_GAME, "tax_collector")
MAGISTRATE_TAX_SET = ("magistrate", *FIRST_GAME[1:], "tax_collector")


def tax_game(characters=TAX_SET, chars=None):
    g = new_game(4, characters)
    deal(g, chars or {0: ["tax_collector"], 1: ["king"], 2: ["warlord"], 3: ["architect"]})
    return g


def build_as(g, char, seat, hand, gold, builds=None):
    """Reach `char`'s turn, gather gold, set the stash, build the given cards."""
    to_turn(g, char)
    act(g, "gather:gold")
    setup(g, seat, hand=list(hand), gold=gold)
    for c in builds or hand:
        act(g, f"build:{c}")


def test_builder_pays_one_gold_on_the_token():
    """§5.27: after building, another player puts 1 gold from his stash on the Tax Collector token."""
    g = tax_game()
    build_as(g, "king", 1, ["castle"], 6)
    assert g.players[1].gold == 1
    assert g.tax_pot == 1
    assert g.players[1].city == ["castle"]


def test_no_tax_if_no_gold_left_after_building():
    """§5.27, Q35: a player left with no gold after building is not taxed."""
    g = tax_game()
    build_as(g, "king", 1, ["castle"], 4)
    assert g.players[1].gold == 0
    assert g.tax_pot == 0


def test_tax_for_each_district_built():
    """§5.27: a player building several districts pays the tax for each (Architect: 3 builds)."""
    g = tax_game()
    build_as(g, "architect", 3, ["temple", "tavern", "watchtower"], 10)
    assert g.tax_pot == 3
    assert g.players[3].gold == 10 - 3 - 3


def test_tax_stops_when_the_stash_runs_out():
    """§5.27: tax is paid per build only while the builder still has gold after it."""
    g = tax_game()
    build_as(g, "architect", 3, ["temple", "tavern"], 3)  # 3-1=2, tax ->1; 1-1=0, no tax
    assert g.tax_pot == 1
    assert g.players[3].gold == 0


def test_tax_even_when_built_without_paying():
    """§5.27: the tax is due even for a district built without paying its cost (Framework)."""
    g = tax_game()
    setup(g, 1, city=["framework"])
    to_turn(g, "king")
    act(g, "gather:gold")
    setup(g, 1, hand=["palace"], gold=2)
    act(g, "build:palace")
    assert g.players[1].city == ["palace"]
    assert g.players[1].gold == 1
    assert g.tax_pot == 1


def test_stables_is_taxed():
    """§6 Stables: built outside the limit, but still taxed."""
    g = tax_game()
    build_as(g, "king", 1, ["stables", "castle"], 10)
    assert g.tax_pot == 2
    assert g.players[1].gold == 10 - 2 - 4 - 2


def test_tax_collector_not_taxed_in_his_own_turn():
    """§5.27: the Tax Collector himself is not taxed (during his own turn)."""
    g = tax_game()
    build_as(g, "tax_collector", 0, ["castle"], 6)
    assert g.players[0].gold == 2
    assert g.tax_pot == 0


def test_collects_all_the_gold_on_the_token():
    """§5.27: at any moment of his turn (before gathering too) the Tax Collector takes all the tax gold."""
    g = tax_game()
    build_as(g, "king", 1, ["castle"], 6)
    build_as(g, "architect", 3, ["temple", "tavern"], 10)
    assert g.tax_pot == 3
    to_turn(g, "tax_collector")
    gold = g.players[0].gold
    act(g, "ability:tax_collector")
    assert g.players[0].gold == gold + 3
    assert g.tax_pot == 0
    assert "ability:tax_collector" not in legal(g)


def test_nothing_to_collect_not_offered():
    """§5.27: with an empty token there is nothing to take (not offered)."""
    g = tax_game()
    to_turn(g, "tax_collector")
    assert g.tax_pot == 0
    assert "ability:tax_collector" not in legal(g)


def test_pot_persists_when_the_tax_collector_is_not_in_play():
    """§5.27, §4.9: taxes are paid even if nobody plays the Tax Collector, and the gold stays on the token."""
    g = tax_game(chars={0: ["merchant"], 1: ["king"], 2: ["warlord"], 3: ["architect"]})
    build_as(g, "king", 1, ["castle"], 6)
    finish_round(g)
    assert g.round == 2
    assert g.tax_pot == 1
    deal(g, {0: ["tax_collector"], 1: ["king"], 2: ["warlord"], 3: ["architect"]})
    build_as(g, "king", 1, ["manor"], 5)
    assert g.tax_pot == 2
    to_turn(g, "tax_collector")
    gold = g.players[0].gold
    act(g, "ability:tax_collector")
    assert g.players[0].gold == gold + 2


def test_killed_tax_collector_does_not_collect():
    """§5.1, §5.27: a killed Tax Collector does not collect and the taxes keep accumulating."""
    g = tax_game(chars={0: ["tax_collector"], 1: ["king"], 2: ["assassin"], 3: ["architect"]})
    to_turn(g, "assassin")
    act(g, "ability:kill", "character:tax_collector")
    build_as(g, "king", 1, ["castle"], 6)
    gold = g.players[0].gold
    finish_round(g)
    assert g.players[0].gold == gold
    assert g.tax_pot == 1


def test_three_players_tax_collector_pays_in_his_other_turn():
    """§3.7, §5.27 (RU p.13): with 3 players the Tax Collector's player pays tax for his other character's
    build, not for the Tax Collector's own."""
    g = new_game(3, TAX_SET)
    deal(g, {0: ["king", "tax_collector"], 1: ["warlord", "bishop"], 2: ["merchant", "architect"]})
    build_as(g, "king", 0, ["castle"], 6)
    assert g.tax_pot == 1
    assert g.players[0].gold == 1
    to_turn(g, "tax_collector")
    act(g, "ability:tax_collector")
    assert g.players[0].gold == 2
    act(g, "gather:gold")
    setup(g, 0, hand=["manor"], gold=5)
    act(g, "build:manor")
    assert g.players[0].gold == 2
    assert g.tax_pot == 0


def test_magistrate_pays_the_tax_for_a_confiscated_district():
    """§5.27: if the Magistrate confiscates a district, the Magistrate pays the tax, not the target."""
    g = tax_game(MAGISTRATE_TAX_SET, {0: ["tax_collector"], 1: ["king"], 2: ["magistrate"], 3: ["architect"]})
    to_turn(g, "magistrate")
    act(g, "ability:warrants", "character:king", "character:warlord", "character:architect")
    build_as(g, "king", 1, ["castle"], 6)
    assert g.decision_kind == "confiscate"
    setup(g, 2, gold=3)
    act(g, "yes")
    assert g.players[2].city == ["castle"]
    assert g.players[1].gold == 6
    assert g.players[2].gold == 2
    assert g.tax_pot == 1


def test_magistrate_with_no_gold_pays_no_tax():
    """Q35: a Magistrate with 0 gold after a confiscation is not taxed."""
    g = tax_game(MAGISTRATE_TAX_SET, {0: ["tax_collector"], 1: ["king"], 2: ["magistrate"], 3: ["architect"]})
    to_turn(g, "magistrate")
    act(g, "ability:warrants", "character:king", "character:warlord", "character:architect")
    build_as(g, "king", 1, ["castle"], 6)
    setup(g, 2, gold=0)
    act(g, "yes")
    assert g.players[2].gold == 0
    assert g.players[1].gold == 6
    assert g.tax_pot == 0


def test_witch_as_tax_collector_collects_and_is_exempt():
    """Q18: the Witch playing as Tax Collector collects the pot and pays no tax in her resumed turn."""
    chars = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "tax_collector")
    g = tax_game(chars, {0: ["witch"], 1: ["tax_collector"], 2: ["king"], 3: ["warlord"]})
    g.tax_pot = 3
    to_turn(g, "witch")
    act(g, "gather:gold", "character:tax_collector")
    build_as(g, "king", 2, ["castle"], 6)
    assert g.tax_pot == 4
    to_turn(g, "tax_collector")
    act(g, "gather:gold")  # the bewitched Tax Collector only gathers
    assert g.turn.seat == 0 and g.turn.char == "tax_collector"
    tc_gold = g.players[1].gold
    setup(g, 0, hand=["manor"], gold=3)
    act(g, "ability:tax_collector")
    assert g.players[0].gold == 7
    assert g.tax_pot == 0
    act(g, "build:manor")
    assert g.players[0].gold == 4
    assert g.tax_pot == 0
    assert g.players[1].gold == tc_gold
