"""Bishop (rank 5): RULES.md §5.13, §4.5, §3.7 and rulings Q3, Q21, Q22."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
DIPLOMAT_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat")
MARSHAL_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal")


def first_game():
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 0, city=["watchtower"])
    setup(g, 1, city=["temple", "castle"])
    setup(g, 2, city=["manor"])
    return g


def test_income_one_gold_per_religious_district():
    """§5.13: 1 gold for each religious district (noble, trade districts give nothing)."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 1, city=["temple", "church", "cathedral", "castle", "market"])
    to_turn(g, "bishop")
    setup(g, 1, gold=0)
    act(g, "ability:income")
    assert g.players[1].gold == 3
    assert "ability:income" not in legal(g)  # once per turn


def test_income_counts_a_religious_district_built_this_turn():
    """§4.5 (RU p.10): the Bishop may build a religious district first and then collect gold including for it."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 1, city=["temple"], hand=["church"])
    to_turn(g, "bishop")
    setup(g, 1, gold=0)
    act(g, "gather:gold", "build:church")
    assert g.players[1].gold == 0
    act(g, "ability:income")
    assert g.players[1].gold == 2


def test_no_income_offered_without_religious_district():
    """§5.13: with no religious district the income would give nothing (the engine does not offer it)."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 1, city=["castle"])
    to_turn(g, "bishop")
    assert "ability:income" not in legal(g)


def test_warlord_cannot_target_the_bishop_later_in_the_round():
    """§5.13, Q3: after the Bishop's turn, the rank-8 Warlord cannot use his ability on the Bishop's districts
    for the rest of the round (the Bishop did not even use his income)."""
    g = first_game()
    to_turn(g, "bishop")
    act(g, "gather:gold", "end_turn")
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert g.decision_kind == "warlord_player"
    assert legal(g) == ["player:0", "player:2"]


def test_killed_bishop_gives_no_protection():
    """§5.13: if the Bishop is killed, rank-8 characters can use their ability on his districts."""
    g = first_game()
    to_turn(g, "assassin")
    act(g, "ability:kill", "character:bishop")
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert legal(g) == ["player:0", "player:1", "player:2"]
    act(g, "player:1", "district:castle")
    assert g.players[1].city == ["temple"]
    assert g.players[0].gold == 7


def test_bishop_not_in_play_gives_no_protection():
    """§5.13: protection only if the Bishop was revealed and played (here he is discarded)."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["merchant"], 2: ["king"], 3: ["assassin"]})
    setup(g, 1, city=["temple", "castle"])
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert "player:1" in legal(g)


def test_protection_ends_with_the_round():
    """Q3: the protection lasts for the rest of the round only; next round (no Bishop) the districts are open."""
    g = first_game()
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert "player:1" not in legal(g)
    finish_round(g)
    deal(g, {0: ["warlord"], 1: ["merchant"], 2: ["king"], 3: ["assassin"]})
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert "player:1" in legal(g)


def test_diplomat_cannot_take_a_protected_bishops_district():
    """§5.13: the protection also blocks the Diplomat taking a Bishop's district."""
    g = new_game(4, DIPLOMAT_SET)
    deal(g, {0: ["diplomat"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 0, city=["watchtower"])
    setup(g, 1, city=["castle"])
    setup(g, 2, city=["manor"])
    to_turn(g, "diplomat")
    setup(g, 0, gold=10)
    act(g, "ability:diplomat")
    assert legal(g) == ["player:2"]


def test_marshal_cannot_seize_a_protected_bishops_district():
    """§5.13: the protection also blocks the Marshal seizing a Bishop's district."""
    g = new_game(4, MARSHAL_SET)
    deal(g, {0: ["marshal"], 1: ["bishop"], 2: ["king"], 3: ["assassin"]})
    setup(g, 1, city=["temple"])
    setup(g, 2, city=["manor"])
    to_turn(g, "marshal")
    setup(g, 0, gold=10)
    act(g, "ability:marshal")
    assert legal(g) == ["player:2"]


def test_armory_ignores_the_bishops_protection():
    """Q21: the Armory is not a rank-8 ability, so after the Bishop's turn it can still destroy his district."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["architect"]})
    setup(g, 1, city=["temple", "castle"])
    setup(g, 3, city=["armory"])
    to_turn(g, "architect")
    assert g.protected_seat == 1
    act(g, "gather:gold", "ability:armory")
    assert legal(g) == ["player:1"]
    act(g, "player:1", "district:castle")
    assert g.players[1].city == ["temple"]
    assert g.players[3].city == []


def test_witch_as_bishop_protects_her_districts_not_the_bewitched_ones():
    """§5.13, §5.2: if the Bishop is bewitched, the Witch's districts are protected and the bewitched Bishop's
    are not; the Witch gains the income for her own religious districts."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["bishop"], 2: ["warlord"], 3: ["king"]})
    setup(g, 0, city=["temple", "manor"])
    setup(g, 1, city=["church", "cathedral", "castle"])
    setup(g, 3, city=["market"])
    to_turn(g, "witch")
    act(g, "gather:gold", "character:bishop")
    to_turn(g, "bishop")
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")  # the bewitched player only gathers
    assert g.turn.seat == 0 and g.turn.char == "bishop"
    gold = g.players[0].gold
    act(g, "ability:income")
    assert g.players[0].gold == gold + 1  # her single temple, not the Bishop's two religious districts
    act(g, "end_turn")
    to_turn(g, "warlord")
    setup(g, 2, gold=10)
    act(g, "ability:warlord")
    assert legal(g) == ["player:1", "player:3"]


def test_two_players_bishop_and_warlord_protects_own_districts():
    """Q22, §3.7: with 2 players, if the same player holds the Bishop and the Warlord, the protection also
    covers his own districts in the Warlord's turn."""
    g = new_game(2)
    deal(g, {0: ["bishop", "warlord"], 1: ["king", "merchant"]})
    setup(g, 0, city=["temple", "castle"])
    setup(g, 1, city=["manor"])
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert legal(g) == ["player:1"]


def test_two_players_opponent_bishop_protects_against_warlord():
    """§5.13, §3.7: with 2 players the opponent's Bishop protects his city from the Warlord player."""
    g = new_game(2)
    deal(g, {0: ["architect", "warlord"], 1: ["bishop", "merchant"]})
    setup(g, 0, city=["temple"])
    setup(g, 1, city=["manor"])
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert legal(g) == ["player:0"]


def test_magistrate_may_confiscate_from_a_protected_bishop():
    """Q21: the Bishop's protection does not stop the Magistrate (not a rank-8 ability)."""
    g = new_game(4, ("magistrate", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"))
    deal(g, {0: ["magistrate"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 1, hand=["castle"])
    to_turn(g, "magistrate")
    act(g, "ability:warrants", "character:bishop", "character:king", "character:warlord")
    to_turn(g, "bishop")
    act(g, "gather:gold")
    setup(g, 1, gold=4)
    act(g, "build:castle")
    assert g.decision_kind == "confiscate"
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["castle"]
    assert g.players[1].city == []
    assert g.players[1].gold == 4
