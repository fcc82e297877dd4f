"""Architect (rank 7): RULES.md §5.19, §4.4, §4.6, §3.7 and ruling Q14."""

from helpers import act, deal, legal, new_game, setup, to_turn


def architect_game(hand=(), city=()):
    g = new_game(4)
    deal(g, {0: ["architect"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, hand=list(hand), city=list(city))
    to_turn(g, "architect")
    return g


def test_two_extra_cards_from_the_top_of_the_deck():
    """§5.19: draw 2 extra cards (the top two), usable before gathering."""
    g = architect_game()
    setup(g, 0, hand=[])
    top2 = g.deck[-2:][::-1]
    size = len(g.deck)
    act(g, "ability:architect_cards")
    assert g.players[0].hand == top2
    assert len(g.deck) == size - 2
    assert "ability:architect_cards" not in legal(g)  # once per turn


def test_extra_cards_regardless_of_gathering_cards():
    """§5.19: the 2 cards come in addition to whatever was gathered (here cards too)."""
    g = architect_game()
    setup(g, 0, hand=[])
    act(g, "gather:cards")
    act(g, legal(g)[0])
    act(g, "ability:architect_cards")
    assert len(g.players[0].hand) == 3


def test_build_limit_three():
    """§5.19: up to 3 districts this turn, not a 4th."""
    g = architect_game(hand=["temple", "tavern", "watchtower", "market"])
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    act(g, "build:temple", "build:tavern", "build:watchtower")
    assert not [a for a in legal(g) if a.startswith("build:")]
    assert g.players[0].city == ["temple", "tavern", "watchtower"]
    assert g.players[0].hand == ["market"]


def test_stables_outside_the_limit_of_three():
    """§4.4: the Stables does not count toward the Architect's limit (4 districts in one turn)."""
    g = architect_game(hand=["temple", "tavern", "watchtower", "stables"])
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    act(g, "build:temple", "build:tavern", "build:watchtower", "build:stables")
    assert len(g.players[0].city) == 4


def test_build_cards_drawn_this_turn():
    """§5.19: cards drawn by the ability may be built in the same turn."""
    g = architect_game(hand=[])
    for c in ("temple", "castle"):  # the top of the deck: castle, then temple
        g.deck.remove(c)
        g.deck.append(c)
    act(g, "ability:architect_cards")
    assert g.players[0].hand == ["castle", "temple"]
    act(g, "gather:gold")
    setup(g, 0, gold=5)
    act(g, "build:castle", "build:temple")
    assert g.players[0].city == ["castle", "temple"]
    assert g.players[0].gold == 0


def test_fewer_than_two_cards_in_the_deck():
    """Q14: if the deck runs short, the Architect draws what is left."""
    g = architect_game()
    setup(g, 0, hand=[])
    g.players[1].hand.extend(g.deck[1:])
    g.players[1].hand_seen.extend([2] * (len(g.deck) - 1))
    del g.deck[1:]
    last = g.deck[0]
    act(g, "ability:architect_cards")
    assert g.players[0].hand == [last]
    assert g.deck == []


def test_two_players_limit_only_in_architects_turn():
    """§3.7 (the rulebook's example): a card kept in the Architect's turn may be built in the Warlord's turn,
    but the limit of 3 does not apply in the Warlord's turn."""
    g = new_game(2)
    deal(g, {0: ["architect", "warlord"], 1: ["king", "bishop"]})
    setup(g, 0, hand=["temple"])
    to_turn(g, "architect")
    act(g, "gather:gold")
    setup(g, 0, hand=["temple", "tavern", "market", "watchtower"], gold=20)
    act(g, "build:temple", "end_turn")
    to_turn(g, "warlord")
    act(g, "gather:gold", "build:tavern")
    assert not [a for a in legal(g) if a.startswith("build:")]
    assert "ability:architect_cards" not in legal(g)
    assert g.players[0].city == ["temple", "tavern"]
