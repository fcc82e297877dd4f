"""Keep (unique, cost 3): RULES.md §2.4, §5.22-§5.24, §6 (Keep), §10 Q21, Q23."""

from helpers import act, deal, legal, new_game, setup, to_turn

MARSHAL_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal")
DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")
WARLORD_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def rank8_turn(char, chars, owner_city, own_city=(), gold=10):
    g = new_game(4, chars)
    deal(g, {0: [char], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=list(own_city))
    setup(g, 1, city=owner_city)
    to_turn(g, char)
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_warlord_cannot_destroy_the_keep():
    """§2.4: the rank 8 character cannot use its ability on the Keep."""
    g = rank8_turn("warlord", WARLORD_SET, ["keep", "manor"])
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:manor"]


def test_warlord_not_offered_when_only_the_keep_is_in_reach():
    """§2.4, characters.py docstring: an ability with no target is not offered; the Keep is no target."""
    g = rank8_turn("warlord", WARLORD_SET, ["keep"])
    assert "ability:warlord" not in legal(g)


def test_beautified_keep_is_still_immune():
    """§2.4, §5.26: beautifying does not remove the Keep's immunity."""
    g = new_game(4, WARLORD_SET)
    deal(g, {0: ["warlord"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 1, city=["keep"], beautified=["keep"])
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    assert "ability:warlord" not in legal(g)


def test_marshal_cannot_seize_the_keep():
    """§5.24, §6 Keep: the Keep (cost 3) cannot be seized."""
    g = rank8_turn("marshal", MARSHAL_SET, ["keep", "manor"])
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:manor"]


def test_diplomat_can_neither_take_nor_give_a_keep():
    """§6 Keep, Q23: immune to the Diplomat in both directions (he may not give his own Keep away)."""
    g = rank8_turn("diplomat", DIPLOMAT_SET, ["keep", "manor"], own_city=["keep", "castle"])
    act(g, "ability:diplomat", "player:1")
    assert legal(g) == ["district:manor"]
    act(g, "district:manor")
    assert legal(g) == ["district:castle"]


def test_armory_can_destroy_the_keep():
    """§6 Keep, Q21: the Armory is not a rank-8 ability."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    setup(g, 0, city=["armory"])
    setup(g, 1, city=["keep"])
    to_turn(g, "merchant")
    act(g, "ability:armory", "player:1", "district:keep")
    assert g.players[1].city == []
    assert g.deck[0] == "keep"


def test_necropolis_can_sacrifice_the_keep():
    """§6 Keep, Q21: the owner may destroy his own Keep to build the Necropolis."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    setup(g, 0, city=["keep"], hand=["necropolis"])
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    act(g, "build:necropolis")
    assert g.decision_kind == "necropolis_sacrifice"
    assert legal(g) == ["district:keep"]
    act(g, "district:keep")
    assert g.players[0].city == ["necropolis"]
