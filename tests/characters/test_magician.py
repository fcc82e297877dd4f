"""Magician (rank 3): RULES.md §5.7, §10 Q33."""

from helpers import act, deal, legal, new_game, setup

FIRST = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def put_on_top(g, *cards):
    """Move these cards to the top of the deck (the last one named ends on top)."""
    for c in cards:
        if c in g.deck:
            g.deck.remove(c)
        g.deck.append(c)


def magician_game():
    g = new_game(4, FIRST)
    deal(g, {0: ["magician"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    assert g.turn.char == "magician" and g.current_player == 0
    return g


def test_exchange_whole_hands_with_another_player():
    """§5.7: exchange all the cards of your hand with all the cards of another player's hand."""
    g = magician_game()
    setup(g, 0, hand=["castle", "temple"])
    setup(g, 2, hand=["tavern", "prison", "palace"])
    assert {"ability:magician_swap", "ability:magician_discard"} <= set(legal(g))  # before gathering (§4.6)
    act(g, "ability:magician_swap")
    assert g.decision_kind == "magician_player"
    assert legal(g) == ["player:1", "player:2", "player:3"]
    act(g, "player:2")
    assert g.players[0].hand == ["tavern", "prison", "palace"]
    assert g.players[2].hand == ["castle", "temple"]
    assert ("swapped_hands", 0, 2) in g.public_log()


def test_exchange_with_an_empty_hand_gives_mine_away():
    """Q33: the exchange is allowed with a player who has no cards: the Magician gives his whole hand."""
    g = magician_game()
    setup(g, 0, hand=["castle", "temple"])
    setup(g, 3, hand=[])
    act(g, "ability:magician_swap", "player:3")
    assert g.players[0].hand == []
    assert g.players[3].hand == ["castle", "temple"]


def test_with_an_empty_hand_simply_take_the_opponent_cards():
    """§5.7: with no cards in hand the Magician simply takes the opponent's cards (only players with cards)."""
    g = magician_game()
    setup(g, 0, hand=[])
    setup(g, 1, hand=[])
    setup(g, 2, hand=["manor"])
    setup(g, 3, hand=[])
    assert "ability:magician_discard" not in legal(g)
    act(g, "ability:magician_swap")
    assert legal(g) == ["player:2"]
    act(g, "player:2")
    assert g.players[0].hand == ["manor"]
    assert g.players[2].hand == []


def test_no_option_offered_when_every_hand_is_empty():
    """§5.7: with every hand empty neither option can do anything and neither is offered."""
    g = magician_game()
    for s in range(4):
        setup(g, s, hand=[])
    assert not any(a.startswith("ability:magician") for a in legal(g))


def test_discard_to_the_bottom_and_draw_as_many_from_the_top():
    """§5.7: put any number of cards at the bottom of the deck, then draw as many from the top."""
    g = magician_game()
    setup(g, 0, hand=["castle", "temple", "tavern"])
    put_on_top(g, "fortress", "harbor")  # harbor is the top card
    n_deck = len(g.deck)
    act(g, "ability:magician_discard")
    assert g.decision_kind == "magician_discard"
    assert legal(g) == ["card:castle", "card:temple", "card:tavern"]  # done only after at least one card
    act(g, "card:castle", "card:tavern")
    assert legal(g) == ["card:temple", "done"]
    act(g, "done")
    assert sorted(g.players[0].hand) == ["fortress", "harbor", "temple"]
    assert g.deck[:2] == ["tavern", "castle"]
    assert len(g.deck) == n_deck


def test_discarding_the_whole_hand_draws_at_once():
    """§5.7: when the last card is put back the Magician draws as many as he discarded."""
    g = magician_game()
    setup(g, 0, hand=["castle", "temple"])
    top = g.deck[-2:]
    act(g, "ability:magician_discard", "card:castle", "card:temple")
    assert g.decision_kind == "turn"
    assert sorted(g.players[0].hand) == sorted(top)


def test_cards_go_to_the_bottom_before_drawing():
    """§5.7 note: the discarded cards are put at the bottom first, then the cards are drawn from the top: with a
    1-card deck the Magician draws that card and one of his own back."""
    g = magician_game()
    setup(g, 0, hand=["castle", "temple"])
    for c in g.deck[:-1]:
        g.players[3].city.append(c)  # park the rest of the deck in a city
    del g.deck[:-1]
    last = g.deck[0]
    act(g, "ability:magician_discard", "card:castle", "card:temple")
    assert sorted(g.players[0].hand) == sorted([last, "castle"])
    assert g.deck == ["temple"]


def test_only_one_of_the_two_options_per_turn():
    """§5.7 "one of the following", §0.3: after the exchange the discard option is gone, and vice versa."""
    g = magician_game()
    setup(g, 0, hand=["castle"])
    setup(g, 1, hand=["temple"])
    act(g, "ability:magician_swap", "player:1")
    assert not any(a.startswith("ability:magician") for a in legal(g))
    g2 = magician_game()
    setup(g2, 0, hand=["castle"])
    act(g2, "ability:magician_discard", "card:castle")
    assert not any(a.startswith("ability:magician") for a in legal(g2))
