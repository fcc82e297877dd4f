"""Navigator (rank 7): RULES.md §5.20, §4.4, §4.6, §3.7 and ruling Q14."""

from helpers import act, deal, legal, new_game, setup, to_turn

NAVIGATOR_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "warlord")


def navigator_game(hand=(), city=()):
    g = new_game(4, NAVIGATOR_SET)
    deal(g, {0: ["navigator"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, hand=list(hand), city=list(city))
    to_turn(g, "navigator")
    setup(g, 0, gold=0)
    return g


def test_four_extra_gold():
    """§5.20: gain 4 extra gold, usable before gathering."""
    g = navigator_game()
    act(g, "ability:navigator_gold")
    assert g.players[0].gold == 4
    act(g, "gather:gold")
    assert g.players[0].gold == 6


def test_four_extra_cards():
    """§5.20: draw 4 extra cards (the top four of the deck)."""
    g = navigator_game()
    setup(g, 0, hand=[])
    top4 = g.deck[-4:][::-1]
    act(g, "ability:navigator_cards")
    assert g.players[0].hand == top4
    assert g.players[0].gold == 0


def test_gold_or_cards_not_both():
    """§5.20: either 4 gold or 4 cards: one ability use per turn."""
    g = navigator_game()
    act(g, "ability:navigator_cards")
    assert "ability:navigator_gold" not in legal(g)
    assert "ability:navigator_cards" not in legal(g)
    g = navigator_game()
    act(g, "ability:navigator_gold")
    assert "ability:navigator_gold" not in legal(g)
    assert "ability:navigator_cards" not in legal(g)


def test_extra_regardless_of_gathering():
    """§5.20: the extra resources are independent of what was gathered (gathered cards, then 4 gold)."""
    g = navigator_game()
    setup(g, 0, hand=[])
    act(g, "gather:cards")
    act(g, legal(g)[0])
    act(g, "ability:navigator_gold")
    assert g.players[0].gold == 4
    assert len(g.players[0].hand) == 1


def test_cannot_build_anything():
    """§5.20: the Navigator cannot build, not even districts exempt from the limit (Stables)."""
    g = navigator_game(hand=["temple", "stables", "castle"])
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    assert not [a for a in legal(g) if a.startswith("build:")]
    assert "end_turn" in legal(g)


def test_cannot_build_with_framework_or_thieves_den():
    """§5.20 engine note: no build of any kind (Framework, Necropolis, Thieves' Den)."""
    g = navigator_game(hand=["thieves_den", "necropolis", "palace", "temple", "manor"], city=["framework", "market"])
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    assert not [a for a in legal(g) if a.startswith("build:")]


def test_fewer_than_four_cards_in_the_deck():
    """Q14: with 2 cards left the Navigator draws both."""
    g = navigator_game()
    setup(g, 0, hand=[])
    g.players[1].hand.extend(g.deck[2:])
    g.players[1].hand_seen.extend([2] * (len(g.deck) - 2))
    del g.deck[2:]
    left = g.deck[::-1]
    act(g, "ability:navigator_cards")
    assert g.players[0].hand == left
    assert g.deck == []


def test_two_players_other_character_can_build():
    """§3.7: with 2 players the ban applies only to the Navigator's turn; the Warlord's turn builds normally."""
    g = new_game(2, NAVIGATOR_SET)
    deal(g, {0: ["navigator", "warlord"], 1: ["king", "bishop"]})
    setup(g, 0, hand=["castle"])
    to_turn(g, "navigator")
    act(g, "ability:navigator_gold", "gather:gold")
    assert "build:castle" not in legal(g)
    act(g, "end_turn")
    to_turn(g, "warlord")
    act(g, "gather:gold")
    assert "build:castle" in legal(g)
    act(g, "build:castle")
    assert g.players[0].city == ["castle"]
