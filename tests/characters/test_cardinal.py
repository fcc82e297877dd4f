"""Cardinal (rank 5): RULES.md §5.15, §4.5, §3.7 and ruling Q12."""

from helpers import act, deal, legal, new_game, setup, to_turn

CARDINAL_SET = ("assassin", "thief", "magician", "king", "cardinal", "merchant", "architect", "warlord")


def cardinal_game(hand, gold, others=(0, 0, 0), city=()):
    g = new_game(4, CARDINAL_SET)
    deal(g, {0: ["cardinal"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=list(city), hand=list(hand))
    to_turn(g, "cardinal")
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    for seat, gold_ in zip((1, 2, 3), others):
        setup(g, seat, gold=gold_)
    return g


def test_income_one_card_per_religious_district():
    """§5.15: draw 1 card from the deck for each religious district in the city."""
    g = new_game(4, CARDINAL_SET)
    deal(g, {0: ["cardinal"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=["temple", "church", "castle"], hand=[])
    to_turn(g, "cardinal")
    top2 = g.deck[-2:][::-1]
    gold = g.players[0].gold
    act(g, "ability:income")
    assert g.players[0].hand == top2
    assert g.players[0].gold == gold
    assert "ability:income" not in legal(g)


def test_school_of_magic_counts_as_religious_for_income():
    """§4.5: the School of Magic counts as the type of the owner's choice for income."""
    g = new_game(4, CARDINAL_SET)
    deal(g, {0: ["cardinal"], 1: ["king"], 2: ["warlord"], 3: ["thief"]})
    setup(g, 0, city=["temple", "school_of_magic"], hand=[])
    to_turn(g, "cardinal")
    act(g, "ability:income")
    assert len(g.players[0].hand) == 2


def test_shortfall_taken_from_another_player_for_cards():
    """§5.15, Q12: lacking gold, the Cardinal takes exactly the shortfall from one player holding at least that
    much, gives him 1 card per gold (cards of the Cardinal's choice) and builds at once."""
    g = cardinal_game(["castle", "temple", "manor", "tavern", "watchtower"], gold=1, others=(2, 3, 5))
    act(g, "build:castle")
    assert g.decision_kind == "cardinal_player"
    assert legal(g) == ["player:2", "player:3"]  # seat 1 has only 2 gold, less than the shortfall of 3
    act(g, "player:2")
    assert g.decision_kind == "cardinal_cards"
    act(g, "card:temple", "card:manor", "card:tavern")
    assert g.players[0].city == ["castle"]
    assert g.players[0].gold == 0
    assert g.players[0].hand == ["watchtower"]
    assert g.players[2].gold == 0
    assert g.players[2].hand[-3:] == ["temple", "manor", "tavern"]
    assert [g.players[s].gold for s in (1, 3)] == [2, 5]


def test_takes_exactly_the_shortfall_from_a_rich_player():
    """§5.15: the Cardinal cannot take more gold than the shortfall, even from a rich player."""
    g = cardinal_game(["palace", "temple", "manor"], gold=4, others=(10, 0, 0))
    act(g, "build:palace", "player:1", "card:manor")
    assert g.players[0].city == ["palace"]
    assert g.players[0].gold == 0
    assert g.players[1].gold == 9
    assert g.players[0].hand == ["temple"]


def test_not_offered_without_enough_other_cards():
    """Q12: the Cardinal needs at least as many other cards in hand as the shortfall."""
    g = cardinal_game(["castle", "temple", "manor"], gold=1, others=(10, 10, 10))
    assert "build:castle" not in legal(g)  # shortfall 3, only 2 other cards
    assert "build:manor" in legal(g)  # shortfall 2, and 2 other cards


def test_not_offered_when_no_player_has_the_shortfall():
    """Q12: the exchange needs a player who holds at least the shortfall."""
    g = cardinal_game(["castle", "temple", "manor", "tavern"], gold=1, others=(2, 2, 1))
    assert "build:castle" not in legal(g)
    setup(g, 3, gold=3)
    assert "build:castle" in legal(g)


def test_not_used_when_the_cardinal_can_pay():
    """§5.15: the exchange is only for a lack of gold; with enough gold the district is simply paid."""
    g = cardinal_game(["castle", "temple", "manor", "tavern"], gold=4, others=(5, 5, 5))
    act(g, "build:castle")
    assert g.decision_kind == "turn"
    assert g.players[0].gold == 0
    assert len(g.players[0].hand) == 3
    assert [p.gold for p in g.players[1:]] == [5, 5, 5]


def test_factory_discount_reduces_the_shortfall():
    """§5.15: shortfall = cost after the Factory discount minus the Cardinal's stash."""
    g = cardinal_game(["library", "temple", "manor", "tavern"], gold=2, others=(3, 0, 0), city=["factory"])
    act(g, "build:library", "player:1", "card:temple", "card:manor", "card:tavern")
    assert "library" in g.players[0].city
    assert g.players[0].gold == 0
    assert g.players[1].gold == 0
    assert g.players[1].hand[-3:] == ["temple", "manor", "tavern"]


def test_once_per_turn():
    """Q12: the exchange is usable for one district per turn (here: Stables, then no second exchange)."""
    g = cardinal_game(["stables", "castle", "temple", "manor", "tavern", "market", "docks"], gold=0,
                      others=(10, 0, 0))
    act(g, "build:stables", "player:1", "card:temple", "card:manor")
    assert g.players[0].city == ["stables"]
    assert g.players[1].gold == 8
    assert "build:castle" not in legal(g)  # limit not used (Stables), but the exchange is spent
    setup(g, 0, gold=4)
    assert "build:castle" in legal(g)


def test_not_available_to_another_character():
    """§3.7: with 2 players the exchange belongs to the Cardinal's turn only."""
    g = new_game(2, CARDINAL_SET)
    deal(g, {0: ["cardinal", "warlord"], 1: ["king", "merchant"]})
    setup(g, 0, hand=["castle", "temple", "manor", "tavern"])
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=1)
    setup(g, 1, gold=10)
    assert "build:castle" not in legal(g)
