"""Abbot (rank 5): RULES.md §5.14, §4.5, §3.7 and ruling Q32."""

from helpers import act, deal, legal, new_game, setup, to_turn

ABBOT_SET = ("assassin", "thief", "magician", "king", "abbot", "merchant", "architect", "warlord")


def abbot_game(city=("temple", "church", "monastery"), hand=None):
    g = new_game(4, ABBOT_SET)
    deal(g, {0: ["abbot"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=list(city), hand=hand)
    to_turn(g, "abbot")
    return g


def test_income_split_between_gold_and_cards():
    """§5.14: for each religious district, 1 gold or 1 card; the split is announced before gaining."""
    g = abbot_game()
    setup(g, 0, gold=0, hand=[])
    top = g.deck[-1]
    act(g, "ability:income")
    assert g.decision_kind == "abbot_income"
    assert legal(g) == ["amount:0", "amount:1", "amount:2", "amount:3"]
    act(g, "amount:2")
    assert g.players[0].gold == 2
    assert g.players[0].hand == [top]
    assert "ability:income" not in legal(g)


def test_income_all_cards():
    """§5.14: 0 gold and 3 cards with 3 religious districts."""
    g = abbot_game()
    setup(g, 0, gold=0, hand=[])
    top3 = g.deck[-3:][::-1]
    deck_size = len(g.deck)
    act(g, "ability:income", "amount:0")
    assert g.players[0].gold == 0
    assert g.players[0].hand == top3
    assert len(g.deck) == deck_size - 3


def test_income_all_gold():
    """§5.14: 3 gold and 0 cards with 3 religious districts."""
    g = abbot_game()
    setup(g, 0, gold=0, hand=[])
    act(g, "ability:income", "amount:3")
    assert g.players[0].gold == 3
    assert g.players[0].hand == []


def test_school_of_magic_gives_one_gold_or_one_card():
    """§6 School of Magic (RU p.14): the Abbot gets either 1 card or 1 gold for the School of Magic."""
    g = abbot_game(city=("temple", "school_of_magic", "castle"))
    setup(g, 0, gold=0, hand=[])
    act(g, "ability:income")
    assert legal(g) == ["amount:0", "amount:1", "amount:2"]
    act(g, "amount:1")
    assert g.players[0].gold == 1
    assert len(g.players[0].hand) == 1


def test_richest_player_gives_one_gold():
    """§5.14: if the Abbot is not the richest, the player with the most gold gives him 1 gold."""
    g = abbot_game()
    for seat, gold in ((0, 2), (1, 5), (2, 7), (3, 3)):
        setup(g, seat, gold=gold)
    act(g, "ability:abbot_richest")
    assert [p.gold for p in g.players] == [3, 5, 6, 3]
    assert "ability:abbot_richest" not in legal(g)  # once per turn


def test_richest_tie_abbot_chooses_the_giver():
    """§5.14: if several players tie for the most gold, the Abbot chooses which of them gives the gold."""
    g = abbot_game()
    for seat, gold in ((0, 1), (1, 6), (2, 4), (3, 6)):
        setup(g, seat, gold=gold)
    act(g, "ability:abbot_richest")
    assert g.decision_kind == "abbot_richest"
    assert legal(g) == ["player:1", "player:3"]
    act(g, "player:3")
    assert [p.gold for p in g.players] == [2, 6, 4, 5]


def test_no_gold_if_abbot_is_among_the_richest():
    """§5.14: if the Abbot is one of the richest players (tie), he gets no gold."""
    g = abbot_game()
    for seat, gold in ((0, 6), (1, 6), (2, 4), (3, 1)):
        setup(g, seat, gold=gold)
    assert "ability:abbot_richest" not in legal(g)
    act(g, "gather:cards")
    act(g, legal(g)[0])
    assert "ability:abbot_richest" not in legal(g)


def test_no_gold_if_abbot_is_the_richest():
    """§5.14: the richest Abbot gets nothing."""
    g = abbot_game()
    for seat, gold in ((0, 9), (1, 6), (2, 4), (3, 1)):
        setup(g, seat, gold=gold)
    assert "ability:abbot_richest" not in legal(g)


def test_richest_condition_evaluated_when_used():
    """Q32: "not the richest" is evaluated when the Abbot uses that ability: richest after gathering, he is
    no longer eligible; poorer again after building, he is."""
    g = abbot_game(hand=["castle"])
    for seat, gold in ((0, 3), (1, 4), (2, 0), (3, 0)):
        setup(g, seat, gold=gold)
    assert "ability:abbot_richest" in legal(g)
    act(g, "gather:gold")  # 5 gold: richest now
    assert "ability:abbot_richest" not in legal(g)
    act(g, "build:castle")  # 1 gold left
    assert "ability:abbot_richest" in legal(g)
    act(g, "ability:abbot_richest")
    assert g.players[0].gold == 2
    assert g.players[1].gold == 3


def test_richest_compares_stashes_only():
    """§5.14: "richest" compares stashes; the Artist's gold on districts and the tax pot are not counted."""
    g = abbot_game()
    for seat, gold in ((0, 3), (1, 4), (2, 0), (3, 0)):
        setup(g, seat, gold=gold)
    setup(g, 0, beautified=["temple", "church"])
    act(g, "ability:abbot_richest")
    assert g.players[0].gold == 4
    assert g.players[1].gold == 3


def test_two_players_abbot_abilities_only_in_abbots_turn():
    """§3.7: with 2 players the Abbot's abilities apply only during the Abbot's turn, not his other character's."""
    g = new_game(2, ABBOT_SET)
    deal(g, {0: ["abbot", "warlord"], 1: ["king", "merchant"]})
    setup(g, 0, city=["temple", "church"])
    to_turn(g, "abbot")
    setup(g, 0, gold=0)
    setup(g, 1, gold=5)
    assert "ability:abbot_richest" in legal(g)
    act(g, "ability:abbot_richest")
    assert g.players[0].gold == 1 and g.players[1].gold == 4
    to_turn(g, "warlord")
    setup(g, 0, gold=0)
    setup(g, 1, gold=5)
    assert "ability:abbot_richest" not in legal(g)
    assert "ability:income" not in legal(g)  # no military district; religious ones do not count for the Warlord
