"""Warlord (rank 8): RULES.md §5.22, §4.5, §6 (Great Wall, Keep, Museum), §7.1, §3.7 and rulings Q6, Q15, Q16,
Q20."""

from helpers import act, deal, legal, new_game, setup, to_turn

from citadels_env.core import Rulings

SEVEN = ["temple", "church", "manor", "tavern", "market", "watchtower", "prison"]


def warlord_game(city1=(), city0=(), gold=10, players=4, **config):
    g = new_game(players, **config)
    if players == 2:
        deal(g, {0: ["warlord", "architect"], 1: ["merchant", "king"]})
    else:
        deal(g, {0: ["warlord"], 1: ["merchant"], 2: ["king"], 3: ["thief"]})
    setup(g, 0, city=list(city0))
    setup(g, 1, city=list(city1))
    to_turn(g, "warlord")
    setup(g, 0, gold=gold)
    return g


def test_income_one_gold_per_military_district():
    """§5.22: 1 gold for each military district."""
    g = warlord_game(city0=["watchtower", "prison", "barracks", "castle"], gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 3
    assert "ability:income" not in legal(g)


def test_destroy_costs_one_less_than_the_cost():
    """§5.22: destroying a Market (cost 2) costs 1 gold, paid to the bank; the district goes to the bottom of
    the deck face down."""
    g = warlord_game(city1=["market", "castle"], gold=5)
    other = g.players[1].gold
    act(g, "ability:warlord")
    assert legal(g) == ["player:1"]
    act(g, "player:1")
    assert legal(g) == ["district:market", "district:castle"]
    act(g, "district:market")
    assert g.players[0].gold == 4
    assert g.players[1].gold == other
    assert g.players[1].city == ["castle"]
    assert g.deck[0] == "market"
    assert "ability:warlord" not in legal(g)  # once per turn


def test_cost_one_district_destroyed_for_free():
    """§5.22: a district costing 1 is destroyed for free (even with no gold)."""
    g = warlord_game(city1=["temple", "castle"], gold=0)
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:temple"]  # the Castle would cost 3
    act(g, "district:temple")
    assert g.players[0].gold == 0
    assert g.players[1].city == ["castle"]


def test_unaffordable_target_not_offered():
    """§5.22: a 5-cost district needs 4 gold."""
    g = warlord_game(city1=["palace"], gold=3)
    assert "ability:warlord" not in legal(g)
    setup(g, 0, gold=4)
    act(g, "ability:warlord", "player:1", "district:palace")
    assert g.players[0].gold == 0


def test_own_district_may_be_destroyed():
    """§5.22: the Warlord may destroy a district of his own (not completed) city."""
    g = warlord_game(city0=["manor"], gold=2)
    act(g, "ability:warlord")
    assert legal(g) == ["player:0"]
    act(g, "player:0", "district:manor")
    assert g.players[0].city == []
    assert g.players[0].gold == 0


def test_great_wall_adds_one_for_other_districts_not_itself():
    """§6 Great Wall, Q20: +1 on the owner's other districts; the Wall itself costs its cost - 1 (5)."""
    g = warlord_game(city1=["great_wall", "castle", "market"], gold=3)
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:market"]  # Castle would cost 4, the Wall 5
    g = warlord_game(city1=["great_wall", "castle", "market"], gold=5)
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:great_wall", "district:castle", "district:market"]
    act(g, "district:castle")
    assert g.players[0].gold == 1
    g = warlord_game(city1=["great_wall", "castle"], gold=5)
    act(g, "ability:warlord", "player:1", "district:great_wall")
    assert g.players[0].gold == 0
    assert g.players[1].city == ["castle"]


def test_great_wall_protects_itself_with_the_ruling_option():
    """Q20 (configurable): with great_wall_protects_itself the Wall costs 6 to destroy."""
    g = warlord_game(city1=["great_wall"], gold=5, rulings=Rulings(great_wall_protects_itself=True))
    assert "ability:warlord" not in legal(g)
    setup(g, 0, gold=6)
    act(g, "ability:warlord", "player:1", "district:great_wall")
    assert g.players[0].gold == 0


def test_keep_is_immune():
    """§6 Keep: the rank-8 character cannot use its ability on the Keep."""
    g = warlord_game(city1=["keep", "castle"], gold=10)
    act(g, "ability:warlord", "player:1")
    assert legal(g) == ["district:castle"]


def test_completed_city_is_immune():
    """§5.22: no district of a completed city (7 districts with 4 players) can be destroyed."""
    g = warlord_game(city1=SEVEN, gold=10)
    assert "ability:warlord" not in legal(g)
    setup(g, 1, city=SEVEN[:6])
    act(g, "ability:warlord")
    assert legal(g) == ["player:1"]


def test_monument_counts_two_for_the_completed_city():
    """§7.1: the Monument counts as 2 toward completion: 6 districts with a Monument are immune."""
    g = warlord_game(city1=[*SEVEN[:5], "monument"], gold=10)
    assert "ability:warlord" not in legal(g)


def test_own_completed_city_is_immune_by_default():
    """Q6 (default): the Warlord cannot destroy in his own completed city either."""
    g = warlord_game(city0=SEVEN, gold=10)
    assert "ability:warlord" not in legal(g)


def test_own_completed_city_with_the_ruling_option():
    """Q6 (configurable): with warlord_own_completed_city the Warlord may destroy in his own completed city,
    still not in another completed city."""
    g = warlord_game(city0=SEVEN, city1=SEVEN, gold=10, rulings=Rulings(warlord_own_completed_city=True))
    setup(g, 1, city=["castle", "manor", "palace", "docks", "harbor", "town_hall", "fortress"])
    act(g, "ability:warlord")
    assert legal(g) == ["player:0"]
    act(g, "player:0", "district:manor")
    assert len(g.players[0].city) == 6
    assert g.players[0].gold == 8


def test_beautified_district_costs_one_more_and_its_gold_returns_to_the_bank():
    """§5.26, Q16: a beautified Castle costs 4 to destroy; the Artist's gold goes to the bank."""
    g = warlord_game(city1=["castle", "market"], gold=4)
    setup(g, 1, beautified=["castle"])
    gold1 = g.players[1].gold
    act(g, "ability:warlord", "player:1")
    assert sorted(legal(g)) == ["beautified_district:castle", "district:market"]
    act(g, "beautified_district:castle")
    assert g.players[0].gold == 0
    assert g.players[1].city == ["market"]
    assert g.players[1].beautified == []
    assert g.players[1].gold == gold1
    assert g.deck[0] == "castle"


def test_beautified_district_unaffordable_at_printed_price():
    """§5.26: with 3 gold the beautified Castle (price 4) is out of reach."""
    g = warlord_game(city1=["castle"], gold=3)
    setup(g, 1, beautified=["castle"])
    assert "ability:warlord" not in legal(g)


def test_museum_cards_go_to_the_bottom_of_the_deck():
    """§6 Museum (RU p.14): if the Museum is destroyed, the cards under it go to the bottom of the deck."""
    g = warlord_game(city1=["museum"], gold=3)
    g.players[1].museum = ["temple", "manor"]
    g.deck.remove("temple")
    g.deck.remove("manor")
    size, cards = len(g.deck), g.district_card_count()
    act(g, "ability:warlord", "player:1", "district:museum")
    assert g.players[1].museum == []
    assert len(g.deck) == size + 3
    assert sorted(g.deck[:3]) == ["manor", "museum", "temple"]
    assert g.district_card_count() == cards


def test_rulebook_example():
    """§5.22 (RU p.5): the robbed Warlord (0 gold) gathers 2 gold, pays 1 to destroy a Market, takes 2 gold for
    Prison + School of Magic, pays 3 for the Barracks; no income for the new Barracks; limit reached."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["thief"], 2: ["king"], 3: ["merchant"]})
    setup(g, 0, city=["prison", "school_of_magic"], hand=["barracks", "watchtower"])
    setup(g, 3, city=["market", "manor"])
    to_turn(g, "thief")
    act(g, "ability:rob", "character:warlord")
    to_turn(g, "warlord")
    assert g.players[0].gold == 0
    act(g, "gather:gold")
    assert g.players[0].gold == 2
    act(g, "ability:warlord", "player:3", "district:market")
    assert g.players[0].gold == 1
    assert g.players[3].city == ["manor"]
    act(g, "ability:income")
    assert g.players[0].gold == 3
    act(g, "build:barracks")
    assert g.players[0].gold == 0
    assert g.players[0].city == ["prison", "school_of_magic", "barracks"]
    setup(g, 0, gold=5)
    assert legal(g) == ["end_turn"]  # no second income, no second build, no second destruction


def test_two_players_seven_districts_not_yet_completed():
    """§3.5, §7.1: with 2 players a city completes at 8, so a 7-district city can still be attacked."""
    g = warlord_game(city1=SEVEN, gold=10, players=2)
    act(g, "ability:warlord")
    assert legal(g) == ["player:1"]
    g = warlord_game(city1=[*SEVEN, "castle"], gold=10, players=2)
    assert "ability:warlord" not in legal(g)


def test_end_is_irrevocable_when_the_completer_loses_a_district():
    """Q6 option + Q15: the Warlord completes his city, then destroys one of its districts: the game still ends
    after the round, and nobody gets the +4 (his city is no longer completed)."""
    g = warlord_game(city0=SEVEN[:6], gold=10, rulings=Rulings(warlord_own_completed_city=True))
    setup(g, 0, hand=["castle"])
    act(g, "gather:gold", "build:castle")
    assert g.first_completer == 0
    act(g, "ability:warlord", "player:0", "district:manor", "end_turn")
    assert g.is_over
    assert len(g.players[0].city) == 6
    assert [b["completion"] for b in g.result().breakdowns] == [0, 0, 0, 0]
