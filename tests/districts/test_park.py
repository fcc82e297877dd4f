"""Park (unique, cost 6): RULES.md §2.4, §4.8, §6 (Park), §5.1, §5.2, §3.7, §10 Q14."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def merchant_turn(city, hand):
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=hand)
    to_turn(g, "merchant")
    return g


def test_draws_two_with_an_empty_hand_at_the_end_of_the_turn():
    """§2.4, §4.8: no card in hand at the end of the turn: draw 2 cards (from the top of the deck)."""
    g = merchant_turn(["park"], [])
    act(g, "gather:gold")
    assert g.players[0].hand == []  # not during the turn
    top2 = g.deck[-2:]
    act(g, "end_turn")
    assert sorted(g.players[0].hand) == sorted(top2)


def test_nothing_with_cards_in_hand():
    """§2.4: only with an empty hand."""
    g = merchant_turn(["park"], ["castle"])
    act(g, "gather:gold", "end_turn")
    assert g.players[0].hand == ["castle"]


def test_hand_emptied_by_building_triggers_it():
    """§4.8: the hand is checked at the end of the turn, after building the last card."""
    g = merchant_turn(["park"], ["temple"])
    act(g, "gather:gold", "build:temple", "end_turn")
    assert len(g.players[0].hand) == 2


def test_short_deck():
    """Q14: draw as many as available (1 card left, then none)."""
    g = merchant_turn(["park"], [])
    del g.deck[:-1]
    last = g.deck[-1]
    act(g, "gather:gold", "end_turn")
    assert g.players[0].hand == [last]
    g = merchant_turn(["park"], [])
    g.deck.clear()
    act(g, "gather:gold", "end_turn")
    assert g.players[0].hand == []


def test_not_for_a_killed_owner():
    """§6 Park, §5.1: a killed character has no turn, so no end-of-turn effect."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["assassin"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["park"], hand=[])
    act(g, "ability:kill", "character:merchant", "gather:gold", "end_turn")
    finish_round(g)
    assert g.players[0].hand == []


def test_witch_gets_it_only_when_her_turn_resumes():
    """§6 Park (RU p.14): if the owner is the Witch and her turn is not resumed, the Park does not apply; when it
    resumes, it applies at the end of part 2 (§5.2). The bewitched owner of a Park gets nothing (only gathers)."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["park"], hand=[])
    act(g, "gather:gold", "character:magician")  # nobody holds the Magician: no part 2
    assert g.players[0].hand == []
    finish_round(g)
    assert g.players[0].hand == []

    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["park"], hand=[])
    setup(g, 1, city=["park"], hand=[])
    act(g, "gather:gold", "character:merchant")
    assert g.players[0].hand == []
    to_turn(g, "merchant")
    act(g, "gather:gold")  # the bewitched Merchant's turn ends here
    assert g.players[1].hand == []
    assert g.turn.seat == 0 and "end_turn" in legal(g)
    act(g, "end_turn")
    assert len(g.players[0].hand) == 2


def test_each_of_the_two_turns_with_two_players():
    """§3.7 [derived]: with 2-3 players end-of-turn effects are checked at the end of each of the player's turns."""
    g = new_game(2)
    deal(g, {0: ["king", "merchant"], 1: ["thief", "warlord"]})
    setup(g, 0, city=["park"], hand=["temple"])
    to_turn(g, "king")
    act(g, "gather:gold", "build:temple", "end_turn")
    assert len(g.players[0].hand) == 2
    setup(g, 0, hand=[])
    to_turn(g, "merchant")
    act(g, "gather:gold", "end_turn")
    assert len(g.players[0].hand) == 2
