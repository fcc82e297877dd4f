"""Scholar (rank 7): RULES.md §5.21, §4.4, §3.7 and ruling Q13."""

from collections import Counter

from helpers import act, deal, legal, new_game, setup, to_turn

SCHOLAR_SET = ("assassin", "thief", "magician", "king", "bishop", "merchant", "scholar", "warlord")


def scholar_game(hand=()):
    g = new_game(4, SCHOLAR_SET)
    deal(g, {0: ["scholar"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, hand=list(hand))
    to_turn(g, "scholar")
    return g


def shrink_deck(g, keep):
    """Move all but the `keep` bottom cards of the deck into seat 1's hand (cards stay conserved)."""
    moved = g.deck[keep:]
    del g.deck[keep:]
    g.players[1].hand.extend(moved)
    g.players[1].hand_seen.extend([2] * len(moved))


def test_draw_seven_keep_one_shuffle_the_rest_back():
    """§5.21: draw 7, keep 1 in hand, the other 6 go back into the deck."""
    g = scholar_game(hand=[])
    for c in ("temple", "church", "manor", "castle", "tavern", "market", "prison"):
        g.deck.remove(c)
        g.deck.append(c)
    before = Counter(g.deck)
    act(g, "ability:scholar")
    assert g.decision_kind == "scholar_keep"
    assert sorted(legal(g)) == sorted(f"card:{c}" for c in
                                      ("temple", "church", "manor", "castle", "tavern", "market", "prison"))
    act(g, "card:castle")
    assert g.players[0].hand == ["castle"]
    before["castle"] -= 1
    assert Counter(g.deck) == +before
    assert "ability:scholar" not in legal(g)  # once per turn


def test_the_whole_deck_is_shuffled():
    """§5.21: the whole deck is shuffled (cards put at the bottom lose their position)."""
    g = scholar_game(hand=[])
    top7 = g.deck[-7:]
    rest = g.deck[:-7]
    act(g, "ability:scholar")
    kept = legal(g)[0]
    act(g, kept)
    assert len(g.deck) == len(rest) + 6
    assert g.deck[:len(rest)] != rest  # the untouched part of the deck was shuffled as well
    assert Counter(g.deck) == Counter(rest) + Counter(top7) - Counter([kept.split(":")[1]])


def test_usable_before_gathering_and_independent_of_it():
    """§4.6: the ability may be used before gathering; gathering still follows."""
    g = scholar_game(hand=[])
    act(g, "ability:scholar")
    act(g, legal(g)[0])
    assert len(g.players[0].hand) == 1
    gold = g.players[0].gold
    act(g, "gather:gold")
    assert g.players[0].gold == gold + 2


def test_build_limit_two():
    """§5.21: the Scholar may build up to 2 districts this turn."""
    g = scholar_game(hand=["temple", "tavern", "watchtower"])
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    act(g, "build:temple", "build:tavern")
    assert not [a for a in legal(g) if a.startswith("build:")]
    assert g.players[0].city == ["temple", "tavern"]


def test_fewer_than_seven_cards_draw_them_all():
    """Q13: with fewer than 7 cards left, draw them all, keep 1, shuffle the rest back."""
    g = scholar_game(hand=[])
    shrink_deck(g, 3)
    three = list(g.deck)
    act(g, "ability:scholar")
    assert sorted(legal(g)) == sorted(f"card:{c}" for c in dict.fromkeys(three))
    keep = three[0]
    act(g, f"card:{keep}")
    assert g.players[0].hand == [keep]
    rest = list(three)
    rest.remove(keep)
    assert sorted(g.deck) == sorted(rest)


def test_single_card_left_is_kept():
    """Q13: with one card left it is simply kept."""
    g = scholar_game(hand=[])
    shrink_deck(g, 1)
    last = g.deck[0]
    act(g, "ability:scholar")
    assert g.decision_kind == "turn"
    assert g.players[0].hand == [last]
    assert g.deck == []


def test_two_players_limit_two_only_in_scholars_turn():
    """§3.7: with 2 players the limit of 2 applies only to the Scholar's turn."""
    g = new_game(2, SCHOLAR_SET)
    deal(g, {0: ["scholar", "warlord"], 1: ["king", "bishop"]})
    to_turn(g, "scholar")
    act(g, "gather:gold", "end_turn")
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, hand=["temple", "tavern"], gold=20)
    act(g, "build:temple")
    assert "build:tavern" not in legal(g)
    assert "ability:scholar" not in legal(g)
