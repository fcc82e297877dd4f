"""Quarry (unique, cost 5): RULES.md §2.4, §4.4, §6 (Quarry), §5.3, §5.23, §5.24."""

from helpers import act, deal, legal, new_game, setup, to_turn

from citadels_env.core.scoring import score_player

MAGISTRATE_SET = ("magistrate", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
MARSHAL_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal")
DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")


def turn_of(char, city, hand, gold=10):
    g = new_game(4)
    deal(g, {0: [char], 1: ["bishop"], 2: ["king"], 3: ["warlord" if char != "warlord" else "thief"]})
    setup(g, 0, city=city, hand=hand)
    to_turn(g, char)
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_identical_district_may_be_built():
    """§2.4: with the Quarry, a district already in the city may be built again."""
    g = turn_of("merchant", ["quarry", "manor"], ["manor"])
    assert "build:manor" in legal(g)
    act(g, "build:manor")
    assert g.players[0].city == ["quarry", "manor", "manor"]
    assert g.players[0].gold == 7


def test_without_quarry_no_duplicate():
    """§4.4: a city may not contain two identical districts."""
    g = turn_of("merchant", ["manor"], ["manor"])
    assert "build:manor" not in legal(g)


def test_any_number_of_identical_districts():
    """§6 Quarry (BG/HU): any number of identical districts (the Architect builds two more Manors)."""
    g = turn_of("architect", ["quarry", "manor"], ["manor", "manor"])
    act(g, "build:manor")
    assert "build:manor" in legal(g)
    act(g, "build:manor")
    assert g.players[0].city == ["quarry", "manor", "manor", "manor"]
    assert score_player(g, 0)["districts"] == 5 + 3 * 3


def test_magistrate_cannot_confiscate_a_duplicate_even_with_a_quarry():
    """§5.3, §6 Quarry: not through the Magistrate's ability: a district already in his city is not confiscated."""
    g = new_game(4, MAGISTRATE_SET)
    deal(g, {0: ["merchant"], 1: ["magistrate"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:merchant", "character:king", "character:warlord")
    act(g, "gather:gold", "end_turn")
    setup(g, 1, city=["quarry", "castle"])
    setup(g, 0, hand=["castle"])
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "build:castle")
    assert g.decision_kind == "confiscate"
    assert legal(g) == ["no"]
    act(g, "no")
    assert g.players[0].city == ["castle"]


def test_marshal_cannot_seize_a_duplicate_even_with_a_quarry():
    """§5.24, §6 Quarry: the Marshal cannot take a district he already has."""
    g = new_game(4, MARSHAL_SET)
    deal(g, {0: ["marshal"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["quarry", "manor"])
    setup(g, 1, city=["manor", "tavern"])
    to_turn(g, "marshal")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:tavern"]


def test_diplomat_cannot_take_a_duplicate_even_with_a_quarry():
    """§5.23, §6 Quarry: the Diplomat cannot take a district he already has, nor give one the other player has."""
    g = new_game(4, DIPLOMAT_SET)
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["quarry", "manor", "temple"])
    setup(g, 1, city=["quarry", "manor", "castle"])
    to_turn(g, "diplomat")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "ability:diplomat", "player:1")
    assert legal(g) == ["district:castle"]
    act(g, "district:castle")
    assert legal(g) == ["district:temple"]
