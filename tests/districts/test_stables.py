"""Stables (unique, cost 2): RULES.md §2.4, §4.4, §5.3, §5.20, §5.27, §6 (Stables)."""

from helpers import act, deal, legal, new_game, setup, to_turn

TAX_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "tax_collector")
MAGISTRATE_SET = ("magistrate", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
NAVIGATOR_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "warlord")


def turn_of(char, hand, gold, characters=None):
    g = new_game(4) if characters is None else new_game(4, characters)
    deal(g, {0: [char], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, hand=hand)
    to_turn(g, char)
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_does_not_count_toward_the_limit():
    """§2.4, §4.4: building the Stables does not count toward the build limit (1 + Stables)."""
    g = turn_of("merchant", ["stables", "castle", "temple"], 10)
    act(g, "build:stables")
    assert "build:castle" in legal(g)
    act(g, "build:castle")
    assert "build:temple" not in legal(g)
    assert g.players[0].city == ["stables", "castle"]


def test_may_be_built_after_reaching_the_limit():
    """§2.4: the limit reached, the Stables may still be built."""
    g = turn_of("merchant", ["castle", "stables"], 10)
    act(g, "build:castle")
    assert "build:stables" in legal(g)
    act(g, "build:stables")
    assert g.players[0].city == ["castle", "stables"]
    assert g.players[0].gold == 4


def test_navigator_cannot_build_it():
    """§5.20, §6 Stables: the Navigator builds nothing, not even the Stables."""
    g = turn_of("navigator", ["stables"], 10, NAVIGATOR_SET)
    assert "build:stables" not in legal(g)


def test_is_taxed():
    """§5.27, §6 Stables: every build is taxed, the Stables too."""
    g = turn_of("merchant", ["stables"], 3, TAX_SET)
    pot = g.tax_pot
    act(g, "build:stables")
    assert g.players[0].gold == 0
    assert g.tax_pot == pot + 1


def test_confiscated_stables_still_leaves_the_build():
    """§6 Stables (RU p.14), §4.4: even if the Magistrate confiscates the Stables, another district may be built."""
    g = new_game(4, MAGISTRATE_SET)
    deal(g, {0: ["merchant"], 1: ["magistrate"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:merchant", "character:king", "character:warlord")
    act(g, "gather:gold", "end_turn")
    setup(g, 0, hand=["stables", "castle"])
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=6)
    act(g, "build:stables")
    assert g.decision_kind == "confiscate"
    act(g, "yes")
    assert g.players[1].city == ["stables"]
    assert g.players[0].gold == 6
    assert "build:castle" in legal(g)
    act(g, "build:castle")
    assert g.players[0].city == ["castle"]
