"""Spy (rank 2): RULES.md §5.5, §10 Q14, Q36."""

from helpers import act, deal, legal, new_game, setup

SPY_SET = ("assassin", "spy", "magician", "king", "bishop", "merchant", "architect", "warlord")


def spy_game():
    g = new_game(4, SPY_SET)
    deal(g, {0: ["spy"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    assert g.turn.char == "spy" and g.current_player == 0
    return g


def test_choose_another_player_with_cards_then_a_type():
    """§5.5: choose another player (one with cards), then name one of the five types, before looking."""
    g = spy_game()
    setup(g, 0, hand=["castle"])
    setup(g, 1, hand=[])
    setup(g, 2, hand=["temple"])
    setup(g, 3, hand=["manor"])
    assert "ability:spy" in legal(g)  # before gathering (§4.6)
    act(g, "ability:spy")
    assert g.decision_kind == "spy_player"
    assert legal(g) == ["player:2", "player:3"]
    act(g, "player:3")
    assert g.decision_kind == "spy_type"
    assert legal(g) == ["type:noble", "type:religious", "type:trade", "type:military", "type:unique"]


def test_take_one_gold_and_draw_one_card_per_matching_card():
    """§5.5: m matching cards: take m gold from his stash and draw m cards from the top of the deck."""
    g = spy_game()
    setup(g, 0, gold=1, hand=[])
    setup(g, 2, gold=5, hand=["castle", "temple", "manor"])
    top = g.deck[-2:]
    act(g, "ability:spy", "player:2", "type:noble")
    assert g.players[2].gold == 3
    assert g.players[0].gold == 3
    assert sorted(g.players[0].hand) == sorted(top)
    assert g.players[2].hand == ["castle", "temple", "manor"]  # his hand is only looked at
    assert "ability:spy" not in legal(g)  # once per turn


def test_more_matching_cards_than_gold_takes_all_gold_and_still_draws_m():
    """§5.5: gold moved = min(m, his gold); cards drawn = m."""
    g = spy_game()
    setup(g, 0, gold=0, hand=[])
    setup(g, 3, gold=1, hand=["tavern", "market", "docks"])
    act(g, "ability:spy", "player:3", "type:trade")
    assert g.players[3].gold == 0
    assert g.players[0].gold == 1
    assert len(g.players[0].hand) == 3


def test_no_matching_card_gives_nothing():
    """§5.5: with no card of the named type the Spy gains nothing."""
    g = spy_game()
    setup(g, 0, gold=0, hand=[])
    setup(g, 1, gold=4, hand=["castle", "temple"])
    act(g, "ability:spy", "player:1", "type:military")
    assert g.players[1].gold == 4
    assert g.players[0].gold == 0
    assert g.players[0].hand == []


def test_unique_cards_in_hand_count_for_the_unique_type():
    """§5.5, §6: Haunted Quarter, School of Magic, Secret Vault in hand are of type unique."""
    g = spy_game()
    setup(g, 0, gold=0, hand=[])
    setup(g, 1, gold=9, hand=["haunted_quarter", "secret_vault", "school_of_magic", "castle"])
    act(g, "ability:spy", "player:1", "type:unique")
    assert g.players[1].gold == 6
    assert g.players[0].gold == 3
    assert len(g.players[0].hand) == 3


def test_the_spy_sees_the_hand_privately():
    """§5.5, Q36: the Spy looks at the hand: private knowledge of the Spy only."""
    g = spy_game()
    setup(g, 2, hand=["temple", "castle"])
    act(g, "ability:spy", "player:2", "type:trade")
    assert all(m & 1 for m in g.players[2].hand_seen)
    assert not any(m & (1 << 1) for m in g.players[2].hand_seen)
    assert (1, ("looked", 0, 2, ("castle", "temple"))) in g.events
    assert not any(e[0] == "looked" for e in g.public_log())


def test_not_offered_when_no_other_player_has_cards():
    """§5.5: an ability that would do nothing is not offered (no hand to look at)."""
    g = spy_game()
    setup(g, 0, hand=["castle"])
    for s in (1, 2, 3):
        setup(g, s, hand=[])
    assert "ability:spy" not in legal(g)


def test_cards_drawn_are_limited_by_the_deck():
    """Q14: if the deck runs out the Spy draws what is left."""
    g = spy_game()
    setup(g, 0, gold=0, hand=[])
    setup(g, 1, gold=0, hand=["castle", "manor", "palace"])
    kept = g.deck[-1:]
    for c in g.deck[:-1]:
        g.players[3].city.append(c)  # park the rest of the deck in a city
    del g.deck[:-1]
    act(g, "ability:spy", "player:1", "type:noble")
    assert g.players[0].hand == kept
    assert g.deck == []
    assert g.players[0].gold == 0
