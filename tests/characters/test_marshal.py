"""Marshal (rank 8): RULES.md §5.24, §4.5, §5.27, §6 (Great Wall, Keep, Quarry), §7.1, §3.7 and rulings Q15, Q20."""

from helpers import act, deal, legal, new_game, setup, to_turn

MARSHAL_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal")
SEVEN = ["temple", "church", "manor", "tavern", "market", "watchtower", "prison"]


def marshal_game(city0=(), city1=(), gold=10, players=4, characters=MARSHAL_SET, hand0=None):
    g = new_game(players, characters)
    if players == 2:
        deal(g, {0: ["marshal", "architect"], 1: ["merchant", "king"]})
    else:
        deal(g, {0: ["marshal"], 1: ["merchant"], 2: ["king"], 3: ["thief"]})
    setup(g, 0, city=list(city0), hand=hand0)
    setup(g, 1, city=list(city1))
    to_turn(g, "marshal")
    setup(g, 0, gold=gold)
    setup(g, 1, gold=0)
    return g


def test_income_one_gold_per_military_district():
    """§5.24: 1 gold for each military district."""
    g = marshal_game(city0=["prison", "barracks", "temple"], gold=0)
    act(g, "ability:income")
    assert g.players[0].gold == 2


def test_seize_paying_the_cost_to_the_owner():
    """§5.24: take a district costing 3 or less from another city, paying its owner its cost."""
    g = marshal_game(city1=["manor", "castle", "temple"], gold=5)
    act(g, "ability:marshal")
    assert legal(g) == ["player:1"]
    act(g, "player:1")
    assert legal(g) == ["district:manor", "district:temple"]  # the Castle costs 4
    act(g, "district:manor")
    assert g.players[0].city == ["manor"]
    assert g.players[1].city == ["castle", "temple"]
    assert g.players[0].gold == 2
    assert g.players[1].gold == 3
    assert "ability:marshal" not in legal(g)  # once per turn


def test_cost_must_be_affordable():
    """§5.24: the Marshal pays the cost from his stash."""
    g = marshal_game(city1=["manor"], gold=2)
    assert "ability:marshal" not in legal(g)


def test_beautified_three_cost_district_is_not_eligible():
    """§5.24, §5.26: eligibility uses the current cost: a beautified Manor costs 4."""
    g = marshal_game(city1=["manor", "market"], gold=10)
    setup(g, 1, beautified=["manor", "market"])
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["beautified_district:market"]
    act(g, "beautified_district:market")
    assert g.players[0].gold == 7  # 2 + 1
    assert g.players[1].gold == 3
    assert g.players[0].beautified == ["market"]  # the Artist's gold stays on it (Q16)
    assert g.players[1].beautified == ["manor"]


def test_great_wall_adds_one_paid_to_the_owner_without_changing_eligibility():
    """Q20: the owner's Great Wall adds 1 to the price (paid to him); a 3-cost district stays eligible."""
    g = marshal_game(city1=["great_wall", "manor"], gold=3)
    assert "ability:marshal" not in legal(g)  # 3 + 1
    g = marshal_game(city1=["great_wall", "manor"], gold=4)
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:manor"]
    act(g, "district:manor")
    assert g.players[0].gold == 0
    assert g.players[1].gold == 4


def test_no_duplicate_even_with_quarry():
    """§5.24, §6 Quarry: the Marshal cannot take a district he already has, even with a Quarry."""
    g = marshal_game(city0=["quarry", "manor"], city1=["manor", "temple"], gold=10)
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:temple"]


def test_keep_is_immune():
    """§6 Keep: the Marshal cannot seize the Keep (cost 3)."""
    g = marshal_game(city1=["keep", "temple"], gold=10)
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:temple"]


def test_completed_city_is_immune_and_own_city_not_a_target():
    """§5.24: no district of a completed city; the Marshal takes from another player only."""
    g = marshal_game(city0=["temple"], city1=SEVEN, gold=10)
    assert "ability:marshal" not in legal(g)
    setup(g, 1, city=SEVEN[:6])
    act(g, "ability:marshal")
    assert legal(g) == ["player:1"]


def test_no_tax_and_no_build_limit_used():
    """§5.27 (RU p.13): seizing is not building: no tax, and the Marshal may still build one district."""
    g = marshal_game(city1=["manor"], gold=10, characters=(*MARSHAL_SET, "tax_collector"), hand0=["castle"])
    pot = g.tax_pot
    act(g, "ability:marshal", "player:1", "district:manor")
    assert g.tax_pot == pot
    assert g.players[0].gold == 7
    act(g, "gather:gold", "build:castle")
    assert g.players[0].city == ["manor", "castle"]
    assert g.tax_pot == pot + 1


def test_seized_district_may_complete_the_city():
    """§5.24, Q15: the seized district may complete the Marshal's city (first to complete)."""
    g = marshal_game(city0=SEVEN[:6], city1=["barracks"], gold=3)
    assert g.first_completer is None
    act(g, "ability:marshal", "player:1", "district:barracks")
    assert g.first_completer == 0


def test_two_players_seven_districts_not_yet_completed():
    """§3.5, §7.1: with 2 players a 7-district city is not completed, so the Marshal may seize from it."""
    g = marshal_game(city1=SEVEN, gold=10, players=2)
    act(g, "ability:marshal")
    assert legal(g) == ["player:1"]
    g = marshal_game(city1=[*SEVEN, "barracks"], gold=10, players=2)
    assert "ability:marshal" not in legal(g)


def test_seizure_is_not_confiscated_by_the_magistrate():
    """§5.24: seizing is not building: the Magistrate cannot confiscate it; the first paid build can be."""
    g = new_game(4, ("magistrate", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal"))
    deal(g, {0: ["marshal"], 1: ["merchant"], 2: ["king"], 3: ["magistrate"]})
    setup(g, 0, hand=["castle"])
    setup(g, 1, city=["manor"])
    to_turn(g, "magistrate")
    act(g, "ability:warrants", "character:marshal", "character:king", "character:merchant")
    to_turn(g, "marshal")
    setup(g, 0, gold=10)
    act(g, "ability:marshal", "player:1", "district:manor")
    assert g.decision_kind == "turn"
    assert g.players[0].city == ["manor"]
    act(g, "gather:gold", "build:castle")
    assert g.decision_kind == "confiscate" and g.current_player == 3
