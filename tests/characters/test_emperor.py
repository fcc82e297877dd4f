"""Emperor (rank 4): RULES.md §5.11, §4.5, §4.6, §4.9, §8.1, §10 Q4, Q29."""

import pytest
from helpers import act, deal, legal, new_game, setup, to_turn

from citadels_env.core import ConfigError, Game, GameConfig

EMP_SET = ("assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord")


def emperor_game(assignment=None):
    g = new_game(4, EMP_SET)
    deal(g, assignment or {0: ["thief"], 1: ["bishop"], 2: ["emperor"], 3: ["warlord"]})
    return g


def test_emperor_does_not_take_the_crown_himself():
    """§5.11: unlike the King, revealing the Emperor does not move the crown."""
    g = emperor_game()
    to_turn(g, "emperor")
    assert g.crown == 0


def test_must_give_the_crown_before_ending_the_turn():
    """§5.11, Q29: the Emperor must move the crown; the turn cannot end before he does."""
    g = emperor_game()
    to_turn(g, "emperor")
    setup(g, 1, hand=[])  # only gold to take: no resource choice
    assert "ability:emperor" in legal(g)  # before gathering too (§4.6)
    act(g, "gather:gold")
    assert "end_turn" not in legal(g)
    assert "ability:emperor" in legal(g)
    act(g, "ability:emperor", "player:1")
    assert "end_turn" in legal(g)
    assert "ability:emperor" not in legal(g)


def test_recipient_is_neither_the_emperor_nor_the_current_holder():
    """Q4: the crown goes to another player, not the Emperor and not its current holder."""
    g = emperor_game()
    to_turn(g, "emperor")
    act(g, "ability:emperor")
    assert g.decision_kind == "emperor_player"
    assert legal(g) == ["player:3", "player:1"]


def test_emperor_holding_the_crown_gives_it_to_any_other_player():
    """§5.11, Q4: if the Emperor holds the crown, any other player may receive it."""
    g = emperor_game()
    g.crown = 2
    to_turn(g, "emperor")
    act(g, "ability:emperor")
    assert legal(g) == ["player:3", "player:0", "player:1"]
    act(g, "player:0")
    assert g.crown == 0


def test_take_one_gold_from_the_new_holder():
    """§5.11: take 1 gold from the new crown holder's stash (the Emperor's choice)."""
    g = emperor_game()
    to_turn(g, "emperor")
    setup(g, 1, gold=3, hand=["temple"])
    setup(g, 2, gold=0)
    act(g, "ability:emperor", "player:1")
    assert g.crown == 1
    assert g.decision_kind == "emperor_resource" and g.current_player == 2
    assert legal(g) == ["resource:gold", "resource:card"]
    act(g, "resource:gold")
    assert g.players[1].gold == 2
    assert g.players[2].gold == 1
    assert g.players[1].hand == ["temple"]


def test_take_one_random_card_from_the_new_holder():
    """§5.11: or take 1 random card from his hand."""
    g = emperor_game()
    to_turn(g, "emperor")
    setup(g, 1, gold=3, hand=["temple", "castle"])
    setup(g, 2, hand=["manor"])
    act(g, "ability:emperor", "player:1", "resource:card")
    assert len(g.players[1].hand) == 1
    taken = [c for c in g.players[2].hand if c != "manor"]
    assert len(taken) == 1 and taken[0] in ("temple", "castle")
    assert sorted(g.players[1].hand + taken) == ["castle", "temple"]
    assert g.players[1].gold == 3


def test_only_one_kind_available_is_taken_automatically():
    """§5.11: if the new holder has only gold or only cards, that is what the Emperor takes."""
    g = emperor_game()
    to_turn(g, "emperor")
    setup(g, 1, gold=0, hand=["temple"])
    setup(g, 2, hand=[])
    act(g, "ability:emperor", "player:1")
    assert g.decision_kind == "turn"
    assert g.players[2].hand == ["temple"]
    assert g.players[1].hand == []


def test_new_holder_with_nothing_gives_nothing():
    """§5.11: if the new holder has no cards and no gold, the Emperor gets nothing."""
    g = emperor_game()
    to_turn(g, "emperor")
    setup(g, 3, gold=0, hand=[])
    setup(g, 2, gold=5, hand=[])
    act(g, "ability:emperor", "player:3")
    assert g.crown == 3
    assert g.decision_kind == "turn"
    assert g.players[2].gold == 5 and g.players[2].hand == []


def test_income_one_gold_per_noble_district():
    """§5.11, §4.5: 1 gold per noble district."""
    g = emperor_game()
    to_turn(g, "emperor")
    setup(g, 2, gold=0, city=["manor", "castle", "palace", "tavern"])
    act(g, "ability:income")
    assert g.players[2].gold == 3


def test_killed_emperor_holder_gives_the_crown_at_end_of_round():
    """§5.11, §4.9: the killed Emperor's holder moves the crown at the end of the round (not to himself nor its
    holder) and takes no resource."""
    g = emperor_game({0: ["assassin"], 1: ["bishop"], 2: ["emperor"], 3: ["warlord"]})
    act(g, "ability:kill", "character:emperor", "gather:gold", "end_turn")
    to_turn(g, "warlord")
    act(g, "gather:gold", "end_turn")
    assert g.decision_kind == "emperor_heir" and g.current_player == 2
    assert legal(g) == ["player:1", "player:3"]
    golds = [p.gold for p in g.players]
    hands = [list(p.hand) for p in g.players]
    act(g, "player:3")
    assert g.crown == 3
    assert [p.gold for p in g.players] == golds
    assert [p.hand for p in g.players] == hands
    assert g.round == 2 and g.current_player == 3


def test_emperor_not_allowed_with_two_players():
    """§5.11, §8.1: the Emperor may not be used in a 2-player game (presets replace it by the King)."""
    with pytest.raises(ConfigError):
        new_game(2, EMP_SET)
    g = Game(GameConfig(players=2, preset="cunning_agents"))
    assert "emperor" not in g.cfg.characters
    assert "king" in g.cfg.characters


def test_emperor_is_never_a_face_up_discard():
    """§3.4, §5.11: an Emperor drawn as a face-up discard is replaced and shuffled back."""
    for seed in range(60):
        g = new_game(4, EMP_SET, seed=seed)
        assert len(g.faceup) == 2
        assert "emperor" not in g.faceup
