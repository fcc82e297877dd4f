"""Seer (rank 3): RULES.md §5.9, §4.4, §3.7."""

from helpers import act, deal, legal, new_game, setup, to_turn

SEER_SET = ("assassin", "thief", "seer", "king", "bishop", "merchant", "architect", "warlord")


def seer_game():
    g = new_game(4, SEER_SET)
    deal(g, {0: ["seer"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    assert g.turn.char == "seer" and g.current_player == 0
    return g


def test_take_one_card_from_each_other_player_then_give_one_back_to_each():
    """§5.9: take 1 card from each other player's hand, then give 1 card to each player taken from."""
    g = seer_game()
    setup(g, 0, hand=["castle"])
    setup(g, 1, hand=["temple"])
    setup(g, 2, hand=["tavern"])
    setup(g, 3, hand=["prison"])
    assert "ability:seer" in legal(g)  # before gathering (§4.6)
    act(g, "ability:seer")
    assert sorted(g.players[0].hand) == ["castle", "prison", "tavern", "temple"]
    assert [g.players[s].hand for s in (1, 2, 3)] == [[], [], []]
    assert g.decision_kind == "seer_give" and g.current_player == 0
    assert g.decision_data == (1, 2, 3)
    assert legal(g) == ["card:castle", "card:temple", "card:tavern", "card:prison"]
    act(g, "card:castle")  # to seat 1: any card, even one of the Seer's own
    assert g.decision_data == (2, 3)
    act(g, "card:prison", "card:tavern")  # to seats 2 and 3
    assert g.decision_kind == "turn"
    assert g.players[1].hand == ["castle"]
    assert g.players[2].hand == ["prison"]
    assert g.players[3].hand == ["tavern"]
    assert g.players[0].hand == ["temple"]
    assert "ability:seer" not in legal(g)  # once per turn


def test_players_without_cards_give_and_get_nothing():
    """§5.9: a player with no cards in hand loses nothing and receives nothing."""
    g = seer_game()
    setup(g, 0, hand=[])
    setup(g, 1, hand=[])
    setup(g, 2, hand=["manor"])
    setup(g, 3, hand=[])
    act(g, "ability:seer")
    assert g.decision_data == (2,)
    assert g.players[0].hand == ["manor"]
    act(g, "card:manor")  # giving back the card taken
    assert g.players[2].hand == ["manor"]
    assert g.players[1].hand == [] and g.players[3].hand == []
    assert g.players[0].hand == []


def test_the_card_taken_is_one_of_the_victim_cards_and_counts_are_kept():
    """§5.9: one card of each hand is taken (at random); after giving back, every hand has its former size."""
    g = seer_game()
    setup(g, 0, hand=["castle", "palace"])
    setup(g, 1, hand=["temple", "church", "monastery"])
    setup(g, 2, hand=["tavern", "market"])
    setup(g, 3, hand=["prison"])
    act(g, "ability:seer")
    assert len(g.players[1].hand) == 2 and len(g.players[2].hand) == 1 and g.players[3].hand == []
    taken = [c for c in g.players[0].hand if c not in ("castle", "palace")]
    assert len(taken) == 3
    assert sum(c in ("temple", "church", "monastery") for c in taken) == 1
    assert sum(c in ("tavern", "market") for c in taken) == 1
    assert "prison" in taken
    act(g, "card:castle", "card:palace", "card:prison")
    assert [len(p.hand) for p in g.players] == [2, 3, 2, 1]


def test_seer_may_build_two_districts():
    """§5.9, §4.4: the Seer's build limit is 2."""
    g = seer_game()
    setup(g, 0, hand=["temple", "tavern", "watchtower"])
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "build:temple", "build:tavern")
    assert not any(a.startswith("build:") for a in legal(g))
    assert g.players[0].city == ["temple", "tavern"]


def test_three_players_limit_two_only_in_the_seer_turn():
    """§3.7: the Seer's higher limit does not apply in the other character's turn."""
    g = new_game(3, (*SEER_SET, "tax_collector"))
    deal(g, {0: ["seer", "bishop"], 1: ["thief", "king"], 2: ["merchant", "warlord"]})
    to_turn(g, "bishop")
    setup(g, 0, hand=["temple", "tavern", "watchtower"])
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "build:temple")
    assert not any(a.startswith("build:") for a in legal(g))


def test_not_offered_when_no_other_player_has_cards():
    """§5.9: with no card to take the ability is not offered."""
    g = seer_game()
    setup(g, 0, hand=["castle"])
    for s in (1, 2, 3):
        setup(g, s, hand=[])
    assert "ability:seer" not in legal(g)
