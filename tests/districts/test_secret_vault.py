"""Secret Vault (unique, never built): RULES.md §2.4, §4.4, §5.5, §5.8, §6 (Secret Vault, Map Room), §7.2, Q30."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

from citadels_env.core.cards import DISTRICTS
from citadels_env.core.scoring import score_player

WIZARD_SET = ("assassin", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord")
SPY_SET = ("assassin", "spy", "magician", "king", "bishop", "merchant", "architect", "warlord")
SIX = ["manor", "castle", "temple", "church", "tavern", "market"]


def test_catalogue_marks_it_not_buildable():
    """Q30: not buildable; cost irrelevant."""
    assert DISTRICTS["secret_vault"].buildable is False
    assert DISTRICTS["secret_vault"].type == "unique"


def test_cannot_be_built_even_with_gold_framework_or_quarry():
    """§2.4, §6: the Secret Vault cannot be built by any means."""
    g = new_game(4)
    deal(g, {0: ["architect"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["framework", "quarry"], hand=["secret_vault", "temple"])
    to_turn(g, "architect")
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    assert "build:secret_vault" not in legal(g)
    assert "build:temple" in legal(g)


def test_wizard_can_take_it_but_not_build_it():
    """§5.8, §6 Secret Vault: the Wizard's immediate build obeys the building rules: only into his hand."""
    g = new_game(4, WIZARD_SET)
    deal(g, {0: ["wizard"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 1, hand=["secret_vault"])
    to_turn(g, "wizard")
    act(g, "gather:gold")
    setup(g, 0, gold=20)
    act(g, "ability:wizard", "player:1", "card:secret_vault")
    assert legal(g) == ["wizard:hand"]
    act(g, "wizard:hand")
    assert "secret_vault" in g.players[0].hand
    assert "build:secret_vault" not in legal(g)


def test_three_points_from_the_hand_at_the_end():
    """§7.2: +3 if revealed from the hand at game end; nothing (no entry) when not held."""
    g = new_game(4)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=["keep", *SIX])
    setup(g, 1, hand=["secret_vault"])
    g.first_completer = 0
    finish_round(g)
    r = g.result()
    assert r.breakdowns[1]["secret_vault"] == 3
    assert r.breakdowns[1]["total"] == 3
    assert "secret_vault" not in r.breakdowns[0]


def test_in_hand_with_a_map_room():
    """§6 Map Room [derived]: the Vault is also a card in hand (+1) on top of its own +3."""
    g = new_game(4)
    setup(g, 0, city=["map_room"], hand=["secret_vault"])
    b = score_player(g, 0)
    assert (b["secret_vault"], b["map_room"]) == (3, 1)


def test_is_a_unique_card_for_the_spy():
    """§5.5, §6 Secret Vault: it counts as a unique card in the Spy's look."""
    g = new_game(4, SPY_SET)
    deal(g, {0: ["spy"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 1, gold=3, hand=["secret_vault", "manor"])
    setup(g, 0, gold=0, hand=[])
    act(g, "ability:spy", "player:1", "type:unique")
    assert g.players[0].gold == 1
    assert g.players[1].gold == 2
    assert len(g.players[0].hand) == 1
