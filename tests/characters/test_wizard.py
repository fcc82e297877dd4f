"""Wizard (rank 3): RULES.md §5.8, §4.4, §3.7, §5.27, §10 Q11, Q36."""

from helpers import act, deal, legal, new_game, setup, to_turn

WIZ_SET = ("assassin", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord")


def wizard_game(chars=WIZ_SET):
    g = new_game(4, chars)
    deal(g, {0: ["wizard"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    assert g.turn.char == "wizard" and g.current_player == 0
    return g


def test_look_at_another_hand_and_choose_a_card():
    """§5.8, Q36: choose another player with cards, look at his hand (privately), choose one card of it."""
    g = wizard_game()
    setup(g, 0, hand=["castle"])
    setup(g, 1, hand=[])
    setup(g, 2, hand=["temple", "manor"])
    setup(g, 3, hand=["tavern"])
    act(g, "ability:wizard")
    assert g.decision_kind == "wizard_player"
    assert legal(g) == ["player:2", "player:3"]
    act(g, "player:2")
    assert g.decision_kind == "wizard_card"
    assert legal(g) == ["card:temple", "card:manor"]
    assert (1, ("looked", 0, 2, ("manor", "temple"))) in g.events
    assert not any(e[0] == "looked" for e in g.public_log())


def test_take_into_hand_any_time_but_build_only_after_gathering():
    """Q11: before gathering only the take-into-hand option is offered."""
    g = wizard_game()
    setup(g, 0, gold=10, hand=[])
    setup(g, 2, hand=["temple", "manor"])
    assert "ability:wizard" in legal(g)
    act(g, "ability:wizard", "player:2", "card:manor")
    assert g.decision_kind == "wizard_use"
    assert legal(g) == ["wizard:hand"]
    act(g, "wizard:hand")
    assert g.players[0].hand == ["manor"]
    assert g.players[2].hand == ["temple"]
    assert g.players[0].gold == 10
    assert "ability:wizard" not in legal(g)  # once per turn


def test_immediate_build_is_paid_and_does_not_count_toward_the_limit():
    """§5.8: build the chosen card at once, paying its cost; it does not count, so another district may be built."""
    g = wizard_game()
    setup(g, 0, hand=["temple"])
    setup(g, 2, hand=["manor"])
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "ability:wizard", "player:2", "card:manor")
    assert legal(g) == ["wizard:hand", "wizard:build"]
    act(g, "wizard:build")
    assert g.players[0].city == ["manor"]
    assert g.players[0].gold == 1
    assert g.players[2].hand == []
    assert g.turn.builds == 0
    act(g, "build:temple")
    assert g.players[0].city == ["manor", "temple"]
    assert g.players[0].gold == 0


def test_immediate_build_after_the_normal_build():
    """§5.8: the immediate build is outside the limit, also when the normal build was made first."""
    g = wizard_game()
    setup(g, 0, hand=["temple", "tavern"])
    setup(g, 2, hand=["manor"])
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "build:temple")
    assert "build:tavern" not in legal(g)
    act(g, "ability:wizard", "player:2", "card:manor", "wizard:build")
    assert g.players[0].city == ["temple", "manor"]
    assert g.players[0].gold == 6


def test_immediate_build_requires_gold_no_free_payment():
    """§5.8 "paying its cost": not offered without enough gold, and the Framework cannot pay for it."""
    g = wizard_game()
    setup(g, 0, hand=[], city=["framework"])
    setup(g, 2, hand=["palace"])
    act(g, "gather:gold")
    setup(g, 0, gold=4)
    act(g, "ability:wizard", "player:2", "card:palace")
    assert legal(g) == ["wizard:hand"]


def test_immediate_build_obeys_the_building_rules():
    """§5.8: the Secret Vault can never be built; the Monument not into a city of 5 or more."""
    g = wizard_game()
    setup(g, 0, hand=[], city=["temple", "church", "tavern", "market", "watchtower"])
    setup(g, 2, hand=["secret_vault", "monument"])
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "ability:wizard", "player:2", "card:secret_vault")
    assert legal(g) == ["wizard:hand"]
    g2 = wizard_game()
    setup(g2, 0, hand=[], city=["temple", "church", "tavern", "market", "watchtower"])
    setup(g2, 2, hand=["monument"])
    act(g2, "gather:gold")
    setup(g2, 0, gold=10)
    act(g2, "ability:wizard", "player:2", "card:monument")
    assert legal(g2) == ["wizard:hand"]


def test_immediate_build_is_taxed_and_gets_the_factory_discount():
    """§5.8, §5.27, §6 Factory: the immediate build pays 1 less for a unique district with the Factory, and the
    tax."""
    g = wizard_game((*WIZ_SET, "tax_collector"))
    setup(g, 0, hand=[], city=["factory"])
    setup(g, 2, hand=["keep"])
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "ability:wizard", "player:2", "card:keep", "wizard:build")
    assert g.players[0].city == ["factory", "keep"]
    assert g.players[0].gold == 0  # 3 - (3 - 1) - 1 tax
    assert g.tax_pot == 1


def test_wizard_may_build_identical_districts_this_turn():
    """§5.8, §4.4: this turn the Wizard may build districts already in his city, normally and with the ability."""
    g = wizard_game()
    setup(g, 0, hand=["manor"], city=["manor", "temple"])
    setup(g, 2, hand=["temple"])
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    assert "build:manor" in legal(g)
    act(g, "build:manor")
    act(g, "ability:wizard", "player:2", "card:temple")
    assert legal(g) == ["wizard:hand", "wizard:build"]
    act(g, "wizard:build")
    assert sorted(g.players[0].city) == ["manor", "manor", "temple", "temple"]


def test_three_players_duplicate_permission_only_in_the_wizard_turn():
    """§3.7: the Wizard's permission to duplicate applies only during the Wizard's turn, not the other character's."""
    g = new_game(3, (*WIZ_SET, "tax_collector"))
    deal(g, {0: ["wizard", "architect"], 1: ["thief", "king"], 2: ["bishop", "warlord"]})
    to_turn(g, "wizard")
    setup(g, 0, hand=["manor", "castle"], city=["manor"])
    act(g, "gather:gold")
    assert "build:manor" in legal(g)
    act(g, "end_turn")
    to_turn(g, "architect")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    assert "build:manor" not in legal(g)
    assert "build:castle" in legal(g)


def test_not_offered_when_no_other_player_has_cards():
    """§5.8: with no other hand to look at the ability is not offered."""
    g = wizard_game()
    setup(g, 0, hand=["castle"])
    for s in (1, 2, 3):
        setup(g, s, hand=[])
    assert "ability:wizard" not in legal(g)
