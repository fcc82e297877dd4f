"""Armory (unique, cost 3): RULES.md §2.4, §4.7, §6 (Armory, Keep, Museum), §10 Q16, Q21."""

from helpers import act, deal, legal, new_game, setup, to_turn

SEVEN = ["manor", "castle", "temple", "church", "tavern", "market", "watchtower"]


def armory_game():
    """Seat 0 (Merchant) owns the Armory; seat 1 is the Bishop (plays before), seat 2 the King, seat 3 the Warlord."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    return g


def test_destroys_itself_and_the_chosen_district_for_free():
    """§2.4, §6: destroy the Armory to destroy 1 district; both go to the bottom of the deck; no gold is paid.
    §4.7: usable at any moment of the owner's turn, here before gathering."""
    g = armory_game()
    setup(g, 0, city=["armory", "manor"])
    setup(g, 2, city=["castle", "temple"])
    to_turn(g, "merchant")
    setup(g, 0, gold=1)
    assert "ability:armory" in legal(g)
    act(g, "ability:armory")
    assert g.decision_kind == "armory_player"
    assert legal(g) == ["player:0", "player:2"]  # the empty cities offer nothing; the Armory cannot target itself
    act(g, "player:2")
    assert g.decision_kind == "armory_district"
    assert legal(g) == ["district:castle", "district:temple"]
    act(g, "district:castle")
    assert g.players[0].city == ["manor"]
    assert g.players[2].city == ["temple"]
    assert g.deck[:2] == ["castle", "armory"]
    assert g.players[0].gold == 1
    assert "ability:armory" not in legal(g)
    assert legal(g)[:2] == ["gather:gold", "gather:cards"]  # the turn goes on normally


def test_can_target_the_owners_own_city():
    """§6 Armory: the Armory may target its owner's own city if it is not completed."""
    g = armory_game()
    setup(g, 0, city=["armory", "manor", "tavern"])
    to_turn(g, "merchant")
    act(g, "ability:armory")
    assert legal(g) == ["player:0"]
    act(g, "player:0")
    assert legal(g) == ["district:manor", "district:tavern"]
    act(g, "district:tavern")
    assert g.players[0].city == ["manor"]


def test_destroys_the_keep_and_a_protected_bishops_district():
    """Q21: the Keep and the districts of a protected Bishop only resist rank-8 abilities, not the Armory."""
    g = armory_game()
    setup(g, 0, city=["armory"])
    setup(g, 1, city=["church"])
    setup(g, 2, city=["keep"])
    to_turn(g, "merchant")
    assert g.protected_seat == 1  # the Bishop played this round
    act(g, "ability:armory")
    assert legal(g) == ["player:1", "player:2"]
    act(g, "player:2")
    assert legal(g) == ["district:keep"]
    act(g, "district:keep")
    assert g.players[2].city == []

    g = armory_game()
    setup(g, 0, city=["armory"])
    setup(g, 1, city=["church"])
    to_turn(g, "merchant")
    act(g, "ability:armory", "player:1", "district:church")
    assert g.players[1].city == []
    assert g.deck[0] == "church"


def test_cannot_target_a_completed_city():
    """§6 Armory [BG/HU], Q21: no district of a completed city can be destroyed; with no target left the Armory
    is not offered."""
    g = armory_game()
    setup(g, 0, city=["armory"])
    setup(g, 2, city=SEVEN)
    to_turn(g, "merchant")
    assert "ability:armory" not in legal(g)

    g = armory_game()
    setup(g, 0, city=["armory"])
    setup(g, 1, city=["fortress"])
    setup(g, 2, city=SEVEN)
    to_turn(g, "merchant")
    act(g, "ability:armory")
    assert legal(g) == ["player:1"]


def test_own_completed_city_is_not_a_target_but_the_armory_can_still_be_sacrificed():
    """Q21: the owner's completed city cannot be targeted either, but sacrificing the Armory itself is always
    allowed (here to destroy a district elsewhere, leaving the owner's city with 6 districts)."""
    g = armory_game()
    setup(g, 0, city=["armory", *SEVEN[:6]])
    setup(g, 3, city=["barracks"])
    to_turn(g, "merchant")
    assert g.is_completed(0)
    act(g, "ability:armory")
    assert legal(g) == ["player:3"]
    act(g, "player:3", "district:barracks")
    assert g.players[0].city == SEVEN[:6]
    assert g.players[3].city == []


def test_destroyed_museum_and_artist_gold():
    """§6 Armory: Museum cards go to the bottom of the deck with it; the Artist's gold returns to the bank (Q16)."""
    g = armory_game()
    setup(g, 0, city=["armory"])
    setup(g, 2, city=["museum", "manor"], beautified=["museum"])
    g.players[2].museum = ["palace", "harbor"]
    to_turn(g, "merchant")
    gold2 = g.players[2].gold
    act(g, "ability:armory", "player:2")
    assert legal(g) == ["beautified_district:museum", "district:manor"]
    act(g, "beautified_district:museum")
    p = g.players[2]
    assert p.city == ["manor"] and p.beautified == [] and p.museum == []
    assert sorted(g.deck[:3]) == ["harbor", "museum", "palace"]
    assert g.deck[3] == "armory"
    assert p.gold == gold2


def test_not_usable_by_a_bewitched_owner():
    """§4.7, §5.2: a bewitched player may only gather (no Armory)."""
    g = new_game(4, ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"))
    deal(g, {0: ["merchant"], 1: ["witch"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["armory"])
    setup(g, 2, city=["castle"])
    act(g, "gather:gold", "character:merchant")
    to_turn(g, "merchant")
    assert g.current_player == 0
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")
    assert g.players[0].city == ["armory"]  # the turn ended with the gathering
    assert g.turn.seat == 1  # the Witch resumes as the Merchant
    assert "ability:armory" not in legal(g)
