"""Diplomat (rank 8): RULES.md §5.23, §4.5, §5.27, §6 (Great Wall, Keep, Museum), §7.1, §3.7 and rulings Q15,
Q16, Q20, Q23."""

from helpers import act, deal, legal, new_game, setup, to_turn

DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")
SEVEN = ["temple", "church", "manor", "tavern", "market", "watchtower", "prison"]


def diplomat_game(city0=(), city1=(), gold=0, players=4, characters=DIPLOMAT_SET, hand0=None):
    g = new_game(players, characters)
    if players == 2:
        deal(g, {0: ["diplomat", "architect"], 1: ["merchant", "king"]})
    else:
        deal(g, {0: ["diplomat"], 1: ["merchant"], 2: ["king"], 3: ["thief"]})
    setup(g, 0, city=list(city0), hand=hand0)
    setup(g, 1, city=list(city1))
    to_turn(g, "diplomat")
    setup(g, 0, gold=gold)
    setup(g, 1, gold=0)
    return g


def test_income_one_gold_per_military_district():
    """§5.23: 1 gold for each military district."""
    g = diplomat_game(city0=["watchtower", "fortress", "castle"])
    act(g, "ability:income")
    assert g.players[0].gold == 2


def test_exchange_paying_the_difference():
    """§5.23: receiving the more expensive district, the Diplomat pays its former owner the difference."""
    g = diplomat_game(city0=["temple"], city1=["castle"], gold=3)
    act(g, "ability:diplomat")
    assert legal(g) == ["player:1"]
    act(g, "player:1")
    assert legal(g) == ["district:castle"]
    act(g, "district:castle")
    assert legal(g) == ["district:temple"]
    act(g, "district:temple")
    assert g.players[0].city == ["castle"]
    assert g.players[1].city == ["temple"]
    assert g.players[0].gold == 0
    assert g.players[1].gold == 3
    assert "ability:diplomat" not in legal(g)  # once per turn


def test_difference_must_be_affordable():
    """§5.23: the difference is paid from the Diplomat's stash; 2 gold do not pay a difference of 3."""
    g = diplomat_game(city0=["temple"], city1=["castle"], gold=2)
    assert "ability:diplomat" not in legal(g)


def test_receiving_the_cheaper_district_nobody_pays():
    """§5.23: if the Diplomat receives the cheaper district, the former owner does not pay the difference."""
    g = diplomat_game(city0=["palace"], city1=["temple"], gold=0)
    act(g, "ability:diplomat", "player:1", "district:temple", "district:palace")
    assert g.players[0].city == ["temple"]
    assert g.players[1].city == ["palace"]
    assert g.players[0].gold == 0
    assert g.players[1].gold == 0


def test_great_wall_adds_one_to_the_owner_even_for_a_cheaper_district():
    """Q20: the other player's Great Wall adds 1, paid to him, even when the difference is <= 0."""
    g = diplomat_game(city0=["palace"], city1=["great_wall", "temple"], gold=0)
    assert "ability:diplomat" not in legal(g)  # the Temple would cost 0 + 1
    g = diplomat_game(city0=["palace"], city1=["great_wall", "temple"], gold=1)
    act(g, "ability:diplomat", "player:1")
    assert legal(g) == ["district:great_wall", "district:temple"]
    act(g, "district:temple", "district:palace")
    assert g.players[0].gold == 0
    assert g.players[1].gold == 1
    assert g.players[1].city == ["great_wall", "palace"]


def test_taking_the_great_wall_itself_has_no_surcharge():
    """Q20 (default): the Wall protects the owner's other districts only: Palace for Great Wall costs 6 - 5 = 1."""
    g = diplomat_game(city0=["palace"], city1=["great_wall"], gold=1)
    act(g, "ability:diplomat", "player:1", "district:great_wall", "district:palace")
    assert g.players[0].city == ["great_wall"]
    assert g.players[0].gold == 0
    assert g.players[1].gold == 1


def test_great_wall_surcharge_added_to_the_difference():
    """Q20: difference 3 + 1 for the owner's Great Wall = 4, paid to the owner."""
    g = diplomat_game(city0=["temple"], city1=["great_wall", "castle"], gold=4)
    act(g, "ability:diplomat", "player:1", "district:castle", "district:temple")
    assert g.players[0].gold == 0
    assert g.players[1].gold == 4


def test_own_great_wall_not_applied_to_the_given_district():
    """§6 Great Wall (RU p.14): the Diplomat's own Great Wall does not apply to the district he gives away."""
    g = diplomat_game(city0=["great_wall", "temple"], city1=["castle"], gold=3)
    act(g, "ability:diplomat", "player:1", "district:castle", "district:temple")
    assert g.players[0].gold == 0
    assert g.players[1].gold == 3


def test_cannot_take_a_duplicate_nor_give_what_the_other_has():
    """§5.23: the Diplomat cannot take a district he already has, nor give one the other player already has."""
    g = diplomat_game(city0=["castle", "temple"], city1=["castle", "manor"], gold=5)
    act(g, "ability:diplomat", "player:1")
    assert legal(g) == ["district:manor"]
    act(g, "district:manor")
    assert legal(g) == ["district:temple"]


def test_quarry_does_not_allow_a_duplicate():
    """§4.4, §6 Quarry: the Diplomat can never acquire a duplicate, even with a Quarry."""
    g = diplomat_game(city0=["quarry", "castle"], city1=["castle"], gold=5)
    assert "ability:diplomat" not in legal(g)


def test_keep_cannot_be_taken_nor_given():
    """§6 Keep, Q23: the other player's Keep cannot be taken and the Diplomat cannot give away his own Keep."""
    g = diplomat_game(city0=["keep", "temple"], city1=["keep", "manor"], gold=5)
    act(g, "ability:diplomat", "player:1")
    assert legal(g) == ["district:manor"]
    act(g, "district:manor")
    assert legal(g) == ["district:temple"]
    g = diplomat_game(city0=["keep"], city1=["manor"], gold=5)
    assert "ability:diplomat" not in legal(g)


def test_completed_city_of_the_other_player_is_illegal():
    """§5.23: no exchange with a player who has completed his city."""
    g = diplomat_game(city0=["castle"], city1=SEVEN, gold=5)
    assert "ability:diplomat" not in legal(g)


def test_own_completed_city_may_still_exchange():
    """§5.23: a Diplomat with a completed city may still exchange."""
    g = diplomat_game(city0=SEVEN, city1=["castle"], gold=5)
    act(g, "ability:diplomat", "player:1", "district:castle", "district:temple")
    assert "castle" in g.players[0].city and "temple" not in g.players[0].city
    assert g.players[1].city == ["temple"]
    assert g.players[0].gold == 2


def test_no_tax_and_no_build_limit_used():
    """§5.27 (RU p.13): an exchange is not building: no tax is paid and the build limit is untouched."""
    g = diplomat_game(city0=["temple"], city1=["castle"], gold=10, characters=(*DIPLOMAT_SET, "tax_collector"),
                      hand0=["manor"])
    pot = g.tax_pot
    act(g, "ability:diplomat", "player:1", "district:castle", "district:temple")
    assert g.tax_pot == pot
    assert g.players[0].gold == 7
    act(g, "gather:gold", "build:manor")
    assert g.players[0].city == ["castle", "manor"]
    assert g.tax_pot == pot + 1


def test_beautified_costs_count_and_the_gold_moves_with_the_district():
    """§5.26, Q16: the difference uses current costs (Artist +1); the Artist's gold moves with its district."""
    g = diplomat_game(city0=["temple", "palace"], city1=["castle"], gold=4)
    setup(g, 1, beautified=["castle"])
    setup(g, 0, beautified=["palace"])
    act(g, "ability:diplomat", "player:1", "beautified_district:castle")
    assert sorted(legal(g)) == ["beautified_district:palace", "district:temple"]
    act(g, "district:temple")
    assert g.players[0].gold == 0  # 5 - 1
    assert g.players[1].gold == 4
    assert g.players[0].beautified == ["palace", "castle"]
    assert g.players[1].beautified == []
    assert g.players[1].city == ["temple"]


def test_museum_cards_move_with_the_museum():
    """§6 Museum: the cards under an exchanged Museum move with it."""
    g = diplomat_game(city0=["castle"], city1=["museum"], gold=0)
    g.players[1].museum = ["tavern", "manor"]
    act(g, "ability:diplomat", "player:1", "district:museum", "district:castle")
    assert g.players[0].museum == ["tavern", "manor"]
    assert g.players[1].museum == []


def test_exchanging_a_monument_may_complete_the_city():
    """Q15, §7.1: completion is checked after an exchange (the Monument counts as 2)."""
    g = diplomat_game(city0=["temple", "church", "manor", "tavern", "market", "watchtower"], city1=["monument"],
                      gold=3)
    assert g.first_completer is None
    act(g, "ability:diplomat", "player:1", "district:monument", "district:temple")
    assert g.first_completer == 0
    assert g.players[0].gold == 0


def test_two_players_seven_districts_not_yet_completed():
    """§3.5, §7.1: with 2 players the opponent's 7-district city is not completed, so it can be exchanged with."""
    g = diplomat_game(city0=["castle"], city1=SEVEN, gold=5, players=2)
    act(g, "ability:diplomat")
    assert legal(g) == ["player:1"]


def test_exchange_is_not_confiscated_by_the_magistrate():
    """§5.23: an exchange is not building: the Magistrate cannot confiscate it; the first paid build can be."""
    g = new_game(4, ("magistrate", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat"))
    deal(g, {0: ["diplomat"], 1: ["merchant"], 2: ["king"], 3: ["magistrate"]})
    setup(g, 0, city=["temple"], hand=["manor"])
    setup(g, 1, city=["castle"])
    to_turn(g, "magistrate")
    act(g, "ability:warrants", "character:diplomat", "character:king", "character:merchant")
    to_turn(g, "diplomat")
    setup(g, 0, gold=10)
    act(g, "ability:diplomat", "player:1", "district:castle", "district:temple")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["castle"]
    act(g, "gather:gold", "build:manor")
    assert g.decision_kind == "confiscate" and g.current_player == 3


def test_q22_diplomat_cannot_give_away_his_own_protected_districts():
    """Q22 (2-3 players): the same player holds the Bishop and the Diplomat: the protection covers his own
    districts, so the Diplomat cannot give one of them away."""
    g = new_game(2, ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat"])
    deal(g, {0: ["bishop", "diplomat"], 1: ["king", "merchant"]})
    to_turn(g, "bishop")
    act(g, "gather:gold", "end_turn")
    to_turn(g, "diplomat")
    setup(g, 0, gold=9, city=["castle"])
    setup(g, 1, city=["manor"])
    act(g, "gather:gold")
    assert "ability:diplomat" not in legal(g)
