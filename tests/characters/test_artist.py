"""Artist (rank 9): RULES.md §5.26, §7.2, §3.7 and rulings Q16, Q24."""

from helpers import FIRST_GAME, act, deal, legal, new_game, setup, to_turn

from citadels_env.core.scoring import score_player

ARTIST_SET = (*FIRST_GAME, "artist")


def artist_game(city=(), gold=5):
    g = new_game(4, ARTIST_SET)
    deal(g, {0: ["artist"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=list(city))
    to_turn(g, "artist")
    setup(g, 0, gold=gold)
    return g


def test_beautify_one_district():
    """§5.26: place 1 gold from the stash on a district; it costs 1 more and scores 1 more."""
    g = artist_game(city=["castle", "temple"])
    before = score_player(g, 0)["districts"]
    act(g, "ability:artist")
    assert g.decision_kind == "artist"
    assert legal(g) == ["district:castle", "district:temple"]
    act(g, "district:castle")
    assert g.decision_kind == "artist"
    assert legal(g) == ["district:temple", "done"]
    act(g, "done")
    assert g.players[0].beautified == ["castle"]
    assert g.players[0].gold == 4
    assert score_player(g, 0)["districts"] == before + 1
    assert "ability:artist" not in legal(g)  # once per turn


def test_beautify_two_distinct_districts_at_once():
    """§5.26, Q24: up to 2 distinct districts, 1 gold each, in one use of the ability."""
    g = artist_game(city=["castle", "temple", "market"])
    act(g, "ability:artist", "district:castle", "district:market")
    assert g.decision_kind == "turn"
    assert sorted(g.players[0].beautified) == ["castle", "market"]
    assert g.players[0].gold == 3
    assert score_player(g, 0)["districts"] == 4 + 1 + 2 + 2
    assert "ability:artist" not in legal(g)


def test_one_gold_allows_a_single_beautification():
    """§5.26: each beautification costs 1 gold from the stash; with 1 gold only one is possible."""
    g = artist_game(city=["castle", "temple"], gold=1)
    act(g, "ability:artist", "district:temple")
    assert g.decision_kind == "turn"
    assert g.players[0].beautified == ["temple"]
    assert g.players[0].gold == 0


def test_no_gold_no_beautification():
    """§5.26: with an empty stash the Artist cannot beautify (not offered)."""
    g = artist_game(city=["castle"], gold=0)
    assert "ability:artist" not in legal(g)


def test_a_district_carries_only_one_gold():
    """§5.26: each district can be beautified only once, also across rounds."""
    g = artist_game(city=["castle", "temple"])
    setup(g, 0, beautified=["castle"])
    act(g, "ability:artist")
    assert legal(g) == ["district:temple"]
    act(g, "district:temple")
    assert g.decision_kind == "turn"
    g = artist_game(city=["castle"])
    setup(g, 0, beautified=["castle"])
    assert "ability:artist" not in legal(g)


def test_beautified_gold_is_not_in_the_stash_and_stays():
    """§1.2, §5.26: the gold on a district leaves the stash and stays on the card in later rounds."""
    g = artist_game(city=["castle"], gold=1)
    act(g, "ability:artist", "district:castle")
    assert g.players[0].gold == 0
    act(g, "gather:gold", "end_turn")
    assert g.round == 2
    assert g.players[0].beautified == ["castle"]
    assert g.players[0].gold == 2


def test_beautified_district_scores_one_more_at_game_end():
    """§7.2: scoring uses the current cost (+1 for a beautified district)."""
    g = artist_game(city=["castle", "manor", "palace", "temple", "church", "tavern"], gold=5)
    setup(g, 0, hand=["market"])
    act(g, "ability:artist", "district:palace", "district:temple", "gather:gold", "build:market", "end_turn")
    assert g.is_over
    breakdown = g.result().breakdowns[0]
    assert breakdown["districts"] == 4 + 3 + 5 + 1 + 2 + 1 + 2 + 2


def test_three_players_ability_only_in_artists_turn():
    """§3.7: with 3 players the Artist's ability is used in the Artist's turn only."""
    g = new_game(3, ARTIST_SET)
    deal(g, {0: ["warlord", "artist"], 1: ["king", "bishop"], 2: ["merchant", "thief"]})
    setup(g, 0, city=["castle"])
    to_turn(g, "warlord")
    setup(g, 0, gold=5)
    assert "ability:artist" not in legal(g)
    to_turn(g, "artist")
    assert "ability:artist" in legal(g)
