"""Dragon Gate (unique, cost 6): RULES.md §2.4, §6 (Dragon Gate, all END-GAME districts), §7.2, §7.5."""

from helpers import act, deal, finish_round, new_game, setup, to_turn

from citadels_env.core.scoring import score_player

SEVEN = ["manor", "castle", "temple", "church", "tavern", "market", "watchtower"]


def test_two_extra_points_on_top_of_its_cost():
    """§7.2: the Dragon Gate scores its cost 6 plus 2 extra points."""
    g = new_game(4)
    setup(g, 0, city=["dragon_gate", "manor"])
    b = score_player(g, 0)
    assert b == {"districts": 9, "all_types": 0, "completion": 0, "dragon_gate": 2, "total": 11}


def test_rulebook_scoring_example_alice():
    """§7.5 (RU p.5): Alice's completed city (not first) scores 25 + 2 + 2 = 29."""
    g = new_game(4)
    setup(g, 0, city=["docks", "trading_post", "barracks", "manor", "prison", "school_of_magic", "dragon_gate"])
    g.first_completer = 1
    assert score_player(g, 0) == {"districts": 25, "all_types": 0, "completion": 2, "dragon_gate": 2,
                                  "total": 29}


def test_scored_at_the_end_of_a_game():
    """§7.2: the bonus is in the final breakdown of its owner only."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=[*SEVEN[:6], "dragon_gate"])
    g.first_completer = 0
    finish_round(g)
    r = g.result()
    assert r.breakdowns[0]["dragon_gate"] == 2
    assert r.breakdowns[0]["total"] == (3 + 4 + 1 + 2 + 1 + 2 + 6) + 4 + 2
    assert "dragon_gate" not in r.breakdowns[1]


def test_destroyed_before_the_end_scores_nothing():
    """§6 all END-GAME districts: the city at game end counts; a Dragon Gate destroyed earlier gives no bonus."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=SEVEN)
    setup(g, 2, city=["dragon_gate", "tavern"])
    g.first_completer = 0
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 3, gold=5)
    act(g, "ability:warlord", "player:2", "district:dragon_gate", "end_turn")
    finish_round(g)
    b = g.result().breakdowns[2]
    assert "dragon_gate" not in b
    assert b["districts"] == 1
