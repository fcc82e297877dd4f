"""Monument (unique, cost 4): RULES.md §2.4, §6 (Monument), §7.1, §7.4, §10 Q9 (a), Q15."""

from helpers import MAGISTRATE_SET, act, deal, finish_round, legal, merchant_turn, new_game, setup, to_turn

from citadels_env.core.scoring import score_player

DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")
FIVE = ["manor", "castle", "temple", "church", "tavern"]


def test_cannot_be_built_with_five_or_more_districts():
    """§2.4, §7.4: not buildable with 5 or more districts in the city (another district is)."""
    g = merchant_turn(FIVE, ["monument", "palace"], 10)
    assert "build:monument" not in legal(g)
    assert "build:palace" in legal(g)


def test_can_be_built_with_four_districts_and_counts_as_two():
    """§2.4, §7.4: with 4 districts it may be built; the city then has 5 cards and counts 6 toward completion."""
    g = merchant_turn(FIVE[:4], ["monument"], 10)
    act(g, "build:monument")
    assert g.players[0].city == [*FIVE[:4], "monument"]
    assert g.players[0].gold == 6
    assert g.city_size(0) == 6
    assert not g.is_completed(0)
    assert g.first_completer is None


def test_completes_a_city_of_six_cards_and_scores_its_cost_once():
    """§7.1, §7.4: Monument + 5 districts = 7 toward completion: the game ends after this round; for scoring the
    Monument is one district worth its cost 4 (§6)."""
    g = merchant_turn(["monument", *FIVE[:4]], ["palace"], 10)
    act(g, "build:palace")
    assert len(g.players[0].city) == 6
    assert g.is_completed(0)
    assert g.first_completer == 0
    act(g, "end_turn")
    finish_round(g)
    assert g.is_over
    b = g.result().breakdowns[0]
    assert b["districts"] == 4 + 3 + 4 + 1 + 2 + 5
    assert b["completion"] == 4


def test_counts_once_for_other_counts():
    """§6 Monument: it counts as 2 only toward completion: the Wishing Well counts it as 1 unique district."""
    g = new_game(4)
    setup(g, 0, city=["monument", "wishing_well"])
    assert score_player(g, 0)["wishing_well"] == 2


def test_magistrate_with_five_districts_cannot_confiscate_it():
    """Q9 (a): confiscation is building in the Magistrate's city: not a Monument into 5 or more districts."""
    for mag_city, expected in ((FIVE, ["no"]), (FIVE[:4], ["yes", "no"])):
        g = new_game(4, MAGISTRATE_SET)
        deal(g, {0: ["merchant"], 1: ["magistrate"], 2: ["king"], 3: ["warlord"]})
        act(g, "ability:warrants", "character:merchant", "character:king", "character:warlord")
        act(g, "gather:gold", "end_turn")
        setup(g, 1, city=mag_city)
        setup(g, 0, city=["watchtower"], hand=["monument"])
        to_turn(g, "merchant")
        act(g, "gather:gold")
        setup(g, 0, gold=4)
        act(g, "build:monument")
        assert g.decision_kind == "confiscate"
        assert legal(g) == expected


def test_diplomat_receiving_the_monument_completes_his_city():
    """Q15: completion is checked after every city change: a Diplomat with 6 districts who takes a Monument
    (giving one district) reaches 7 and is first to complete."""
    g = new_game(4, DIPLOMAT_SET)
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["castle", "temple", "church", "tavern", "market", "watchtower"])
    setup(g, 1, city=["monument", "manor"])
    to_turn(g, "diplomat")
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    act(g, "ability:diplomat", "player:1", "district:monument", "district:castle")
    assert "monument" in g.players[0].city
    assert len(g.players[0].city) == 6
    assert g.is_completed(0)
    assert g.first_completer == 0
    assert g.players[1].city == ["manor", "castle"]
