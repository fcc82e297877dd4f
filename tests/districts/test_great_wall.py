"""Great Wall (unique, cost 6): RULES.md §2.4, §5.22-§5.24, §6 (Great Wall), §10 Q20."""

from helpers import act, deal, legal, new_game, setup, to_turn

from citadels_env.core.config import Rulings

MARSHAL_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal")
DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")


def rank8_turn(char, owner_city, gold, own_city=(), **config):
    """Seat 0 plays the rank-8 `char` with `gold` after gathering; seat 1 (the King) owns `owner_city`."""
    chars = {"warlord": ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"),
             "marshal": MARSHAL_SET, "diplomat": DIPLOMAT_SET}[char]
    g = new_game(4, chars, **config)
    deal(g, {0: [char], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=list(own_city))
    setup(g, 1, city=owner_city)
    to_turn(g, char)
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g


def test_warlord_pays_one_more_to_the_bank():
    """§5.22, Q20: destroying the Castle (4) costs 3 + 1; the surcharge goes to the bank (owner gains nothing)."""
    g = rank8_turn("warlord", ["great_wall", "castle"], 4)
    owner_gold = g.players[1].gold
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:castle"]  # the Wall itself would cost 5
    act(g, "district:castle")
    assert g.players[0].gold == 0
    assert g.players[1].gold == owner_gold
    assert g.players[1].city == ["great_wall"]


def test_warlord_without_the_surcharge_cannot_afford_it():
    """§5.22, Q20: with 3 gold the Castle is out of reach behind a Great Wall (no other target: not offered)."""
    g = rank8_turn("warlord", ["great_wall", "castle"], 3)
    assert "ability:warlord" not in legal(g)
    g = rank8_turn("warlord", ["castle"], 3)  # control: no Wall
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:castle"]


def test_the_wall_does_not_protect_itself_by_default():
    """Q20 (default): "any other district": destroying the Great Wall costs 6 - 1 = 5."""
    g = rank8_turn("warlord", ["great_wall"], 5)
    act(g, "ability:warlord", "player:1", "district:great_wall")
    assert g.players[0].gold == 0
    assert g.players[1].city == []


def test_configurable_wall_protects_itself():
    """Q20 (configurable): with great_wall_protects_itself the Wall costs 6 to destroy."""
    rulings = Rulings(great_wall_protects_itself=True)
    g = rank8_turn("warlord", ["great_wall"], 5, rulings=rulings)
    assert "ability:warlord" not in legal(g)
    g = rank8_turn("warlord", ["great_wall"], 6, rulings=rulings)
    act(g, "ability:warlord", "player:1", "district:great_wall")
    assert g.players[0].gold == 0


def test_marshal_pays_cost_plus_one_to_the_owner_and_eligibility_ignores_the_wall():
    """§5.24, Q20: a 3-cost district is still seizable; price 3 + 1, paid to the owner."""
    g = rank8_turn("marshal", ["great_wall", "barracks"], 4)
    owner_gold = g.players[1].gold
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:barracks"]
    act(g, "district:barracks")
    assert g.players[0].gold == 0
    assert g.players[1].gold == owner_gold + 4
    assert g.players[0].city == ["barracks"]
    g = rank8_turn("marshal", ["great_wall", "barracks"], 3)
    assert "ability:marshal" not in legal(g)


def test_diplomat_pays_one_even_when_the_difference_is_not_positive():
    """§5.23, Q20: taking a Manor (3) for a Castle (4): difference 0, plus 1 for the Wall, paid to the owner."""
    g = rank8_turn("diplomat", ["great_wall", "manor"], 1, own_city=["castle"])
    owner_gold = g.players[1].gold
    act(g, "ability:diplomat", "player:1", "district:manor", "district:castle")
    assert g.players[0].city == ["manor"]
    assert g.players[1].city == ["great_wall", "castle"]
    assert g.players[0].gold == 0
    assert g.players[1].gold == owner_gold + 1
    g = rank8_turn("diplomat", ["great_wall", "manor"], 0, own_city=["castle"])
    assert "ability:diplomat" not in legal(g)


def test_diplomats_own_wall_does_not_apply_to_the_district_he_gives():
    """§6 Great Wall (RU p.14): the Diplomat's own Wall does not raise the price of the district he gives away."""
    g = rank8_turn("diplomat", ["manor"], 0, own_city=["great_wall", "castle"])
    act(g, "ability:diplomat", "player:1", "district:manor")
    assert legal(g) == ["district:great_wall", "district:castle"]
    act(g, "district:castle")
    assert g.players[0].city == ["great_wall", "manor"]
    assert g.players[0].gold == 0
