"""Museum (unique, cost 4): RULES.md §2.4, §4.7, §6 (Museum), §5.22, §5.23, §7.2, §10 Q16."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

from citadels_env.core.scoring import score_player

DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")
SIX = ["manor", "castle", "temple", "church", "tavern", "market"]


def merchant_turn(city, hand):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=hand)
    to_turn(g, "merchant")
    return g


def test_place_a_card_under_the_museum_once_per_turn():
    """§2.4: once per turn, place 1 card from hand face down under the Museum."""
    g = merchant_turn(["museum"], ["castle", "temple"])
    act(g, "gather:gold", "ability:museum")
    assert g.decision_kind == "museum"
    assert legal(g) == ["card:castle", "card:temple"]
    act(g, "card:temple")
    assert g.players[0].museum == ["temple"]
    assert g.players[0].hand == ["castle"]
    assert "ability:museum" not in legal(g)


def test_not_offered_with_an_empty_hand():
    """characters.py docstring: an effect that would do nothing is not offered."""
    g = merchant_turn(["museum"], [])
    assert "ability:museum" not in legal(g)


def test_one_point_per_card_under_it():
    """§7.2: +1 per card under the Museum (the cards are not in hand: no Map Room point)."""
    g = new_game(4)
    setup(g, 0, city=["museum", "map_room"], hand=[])
    g.players[0].museum = ["castle", "temple", "palace"]
    b = score_player(g, 0)
    assert b["museum"] == 3
    assert b["map_room"] == 0
    assert b["districts"] == 4 + 5


def test_cards_go_to_the_bottom_of_the_deck_when_it_is_destroyed():
    """§6 Museum (RU p.14): if the Museum is destroyed, the cards under it go to the bottom of the deck."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 1, city=["museum"])
    g.players[1].museum = ["castle", "palace"]
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "ability:warlord", "player:1", "district:museum")
    assert g.players[1].city == [] and g.players[1].museum == []
    assert g.deck[0] == "museum"
    assert sorted(g.deck[1:3]) == ["castle", "palace"]
    assert g.players[0].gold == 0


def test_cards_move_with_it_in_a_diplomat_exchange():
    """§6 Museum (RU p.14): if the Museum moves to another city, its cards move with it."""
    g = new_game(4, DIPLOMAT_SET)
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["castle"])
    setup(g, 1, city=["museum"])
    g.players[1].museum = ["palace", "temple"]
    to_turn(g, "diplomat")
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    act(g, "ability:diplomat", "player:1", "district:museum", "district:castle")
    assert g.players[0].city == ["museum"]
    assert g.players[0].museum == ["palace", "temple"]
    assert g.players[1].museum == []
    assert score_player(g, 0)["museum"] == 2


def test_scored_at_the_end_of_a_game():
    """§7.2: cards placed during the game score at the end."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["museum", *SIX], hand=["palace"])
    g.first_completer = 0
    to_turn(g, "merchant")
    act(g, "ability:museum", "card:palace", "gather:gold", "end_turn")
    finish_round(g)
    b = g.result().breakdowns[0]
    assert b["museum"] == 1
    assert b["total"] == (4 + 3 + 4 + 1 + 2 + 1 + 2) + 4 + 1
