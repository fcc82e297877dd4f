"""The recommended rulings of docs/RULES.md §10, Q19..Q36: one test (or a few) per ruling, named after it.

Each test checks the engine's default; for the rulings §10 marks configurable it also checks the option
(GameConfig(rulings=Rulings(...))). Q1..Q18 are in test_rulings_q01_q18.py.
"""

import pytest
from helpers import FIRST_GAME, act, deal, finish_round, legal, new_game, setup, to_turn
from ruling_helpers import (
    ALL,
    BLACKMAIL_SET,
    EMPEROR_SET,
    MAG_SET,
    MAG_TAX_SET,
    SEVEN,
    events_of,
    mag_game,
    public,
    with_char,
)

from citadels_env.core import ConfigError, Game, GameConfig, IllegalActionError, Rulings
from citadels_env.core.cards import DISTRICTS, RANK
from citadels_env.core.scoring import best_breakdown


# -- Q19: 2-3 players end at the end of the round ---------------------------------------------------------------------
def test_q19_two_players_game_ends_at_the_end_of_the_round():
    """Q19: with 2 players the 8th district ends the game at the end of the round, not of the turn."""
    g = new_game(2)
    assert g.cfg.completion_size == 8
    deal(g, {0: ["thief", "king"], 1: ["magician", "warlord"]})
    setup(g, 0, city=SEVEN)
    to_turn(g, "king")
    setup(g, 0, hand=["palace"])
    act(g, "gather:gold")
    setup(g, 0, gold=5)
    act(g, "build:palace")
    assert g.first_completer == 0
    act(g, "end_turn")
    assert not g.is_over
    to_turn(g, "warlord")  # the round goes on
    assert g.turn.seat == 1
    finish_round(g)
    assert g.is_over and g.round == 1


# -- Q20: the Great Wall (configurable "other") -------------------------------------------------------------------------
def warlord_vs_wall(gold, rulings=None):
    g = new_game(4, rulings=rulings or Rulings())
    deal(g, {0: ["warlord"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 1, city=["great_wall", "manor"])
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    act(g, "ability:warlord", "player:1")
    return g


def test_q20_warlord_pays_the_wall_surcharge_to_the_bank():
    """Q20: +1 for the Warlord on another district of a Great Wall city, paid to the bank."""
    g = warlord_vs_wall(3)
    assert legal(g) == ["district:manor"]  # manor: 3 - 1 + 1 = 3; the Wall itself costs 5
    gold1 = g.players[1].gold
    act(g, "district:manor")
    assert g.players[0].gold == 0 and g.players[1].gold == gold1


def test_q20_wall_does_not_protect_itself_by_default():
    """Q20 (default "other"): the Wall itself costs the Warlord 6 - 1 = 5."""
    g = warlord_vs_wall(5)
    assert legal(g) == ["district:great_wall", "district:manor"]
    act(g, "district:great_wall")
    assert g.players[0].gold == 0


def test_q20_option_wall_protects_itself():
    """Q20 (option): the Wall also protects itself: 6 - 1 + 1 = 6."""
    g = warlord_vs_wall(5, Rulings(great_wall_protects_itself=True))
    assert legal(g) == ["district:manor"]
    g = warlord_vs_wall(6, Rulings(great_wall_protects_itself=True))
    assert legal(g) == ["district:great_wall", "district:manor"]


def test_q20_diplomat_pays_the_surcharge_to_the_owner_even_without_difference():
    """Q20: the Diplomat pays +1 to the Wall's owner even when the cost difference is <= 0."""
    g = new_game(4, with_char(FIRST_GAME, "diplomat"))
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["castle"])
    setup(g, 1, city=["great_wall", "manor"])
    to_turn(g, "diplomat")
    act(g, "gather:gold")
    setup(g, 0, gold=0)
    assert "ability:diplomat" not in legal(g)
    setup(g, 0, gold=1)
    gold1 = g.players[1].gold
    act(g, "ability:diplomat", "player:1", "district:manor", "district:castle")
    assert g.players[0].gold == 0 and g.players[1].gold == gold1 + 1
    assert g.players[0].city == ["manor"] and sorted(g.players[1].city) == ["castle", "great_wall"]


def test_q20_marshal_cost_limit_ignores_the_wall_surcharge_to_owner():
    """Q20: the Marshal's "cost 3 or less" ignores the Wall; he pays 3 + 1 to the owner."""
    g = new_game(4, with_char(FIRST_GAME, "marshal"))
    deal(g, {0: ["marshal"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 1, city=["great_wall", "manor"])
    to_turn(g, "marshal")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    assert "ability:marshal" not in legal(g)
    setup(g, 0, gold=4)
    gold1 = g.players[1].gold
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["district:manor"]
    act(g, "district:manor")
    assert g.players[0].gold == 0 and g.players[1].gold == gold1 + 4


# -- Q21: Armory vs Keep, Bishop, completed cities --------------------------------------------------------------------
def armory_game(own_city):
    g = new_game(4)
    deal(g, {0: ["bishop"], 1: ["king"], 2: ["thief"], 3: ["merchant"]})
    setup(g, 0, city=["temple"])
    setup(g, 1, city=["keep"])
    setup(g, 2, city=["palace", "cathedral", "harbor", "town_hall", "docks", "fortress", "barracks"])
    setup(g, 3, city=own_city)
    to_turn(g, "merchant")
    act(g, "gather:gold", "ability:armory")
    return g


def test_q21_armory_destroys_keep_and_protected_bishop_district_not_completed_city():
    """Q21: the Armory can destroy the Keep and a protected Bishop's district, never in a completed city."""
    g = armory_game(["armory", "tavern"])
    assert g.protected_seat == 0
    assert legal(g) == ["player:0", "player:1", "player:3"]
    act(g, "player:1")
    assert legal(g) == ["district:keep"]
    act(g, "district:keep")
    assert g.players[1].city == [] and g.players[3].city == ["tavern"]
    assert sorted(g.deck[:2]) == ["armory", "keep"]


def test_q21_armory_in_own_completed_city_still_usable_elsewhere():
    """Q21: the owner's own completed city is protected too, but sacrificing the Armory stays allowed."""
    g = armory_game(["armory", *SEVEN[:6]])
    assert legal(g) == ["player:0", "player:1"]
    act(g, "player:0", "district:temple")
    assert "armory" not in g.players[3].city and g.players[0].city == []


# -- Q22: Bishop and rank 8 held by the same player -------------------------------------------------------------------
def test_q22_same_player_bishop_and_warlord_protects_his_own_districts():
    """Q22: with 2 players, the Bishop's protection also covers his own districts against his own Warlord."""
    g = new_game(2)
    deal(g, {0: ["bishop", "warlord"], 1: ["king", "merchant"]})
    setup(g, 0, city=["temple", "manor"])
    setup(g, 1, city=["tavern"])
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "ability:warlord")
    assert legal(g) == ["player:1"]


# -- Q23: the Diplomat may not give his own Keep ----------------------------------------------------------------------
def test_q23_diplomat_cannot_give_away_his_keep():
    """Q23: the Keep cannot be the object of any rank-8 ability: the Diplomat cannot give his own Keep."""
    g = new_game(4, with_char(FIRST_GAME, "diplomat"))
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["keep", "temple"])
    setup(g, 1, city=["manor"])
    to_turn(g, "diplomat")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "ability:diplomat", "player:1", "district:manor")
    assert legal(g) == ["district:temple"]


def test_q23_diplomat_cannot_take_a_keep():
    """Q23 / §5.23: nor can he take another player's Keep."""
    g = new_game(4, with_char(FIRST_GAME, "diplomat"))
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["temple"])
    setup(g, 1, city=["keep", "manor"])
    to_turn(g, "diplomat")
    act(g, "gather:gold")
    setup(g, 0, gold=10)
    act(g, "ability:diplomat", "player:1")
    assert legal(g) == ["district:manor"]


# -- Q24: the Artist beautifies once, 1 or 2 districts -----------------------------------------------------------------
def artist_turn():
    g = new_game(4, (*FIRST_GAME, "artist"))
    deal(g, {0: ["artist"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["castle", "manor", "temple"])
    to_turn(g, "artist")
    act(g, "gather:gold")
    setup(g, 0, gold=5)
    return g


def test_q24_artist_one_use_one_district():
    """Q24: one ability use; after beautifying one district and stopping, the ability is spent."""
    g = artist_turn()
    act(g, "ability:artist")
    assert legal(g) == ["district:castle", "district:manor", "district:temple"]
    act(g, "district:castle")
    assert legal(g) == ["district:manor", "district:temple", "done"]
    act(g, "done")
    assert g.players[0].beautified == ["castle"] and g.players[0].gold == 4
    assert "ability:artist" not in legal(g)


def test_q24_artist_two_distinct_districts_at_once():
    """Q24: two distinct districts in the same use, 1 gold each; no third."""
    g = artist_turn()
    act(g, "ability:artist", "district:manor", "district:temple")
    assert g.decision_kind == "turn"
    assert sorted(g.players[0].beautified) == ["manor", "temple"] and g.players[0].gold == 3
    assert "ability:artist" not in legal(g)


# -- Q25: Thieves' Den payment cards ---------------------------------------------------------------------------------
def test_q25_thieves_den_cards_go_to_the_bottom_of_the_deck():
    """Q25: cards used to pay for the Thieves' Den go face down to the bottom of the deck."""
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "king")
    setup(g, 2, hand=["thieves_den", "church", "harbor", "tavern"])
    act(g, "gather:gold")
    setup(g, 2, gold=4)
    deck_size = len(g.deck)
    act(g, "build:thieves_den", "card:church", "card:harbor", "done")
    assert g.players[2].city == ["thieves_den"] and g.players[2].hand == ["tavern"]
    assert g.players[2].gold == 0
    assert sorted(g.deck[:2]) == ["church", "harbor"] and len(g.deck) == deck_size + 2


# -- Q26: end-of-round effects before scoring -----------------------------------------------------------------------
def test_q26_killed_king_takes_the_crown_before_scoring():
    """Q26: in the last round a killed King's heir takes the crown before scoring: his Statue scores 5."""
    g = new_game(4, crown_seat=0)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["architect"]})
    setup(g, 2, city=["statue"])
    setup(g, 3, city=SEVEN[:6])
    act(g, "gather:gold", "ability:kill", "character:king", "end_turn")
    to_turn(g, "architect")
    setup(g, 3, hand=["castle"])
    act(g, "gather:gold")
    setup(g, 3, gold=4)
    act(g, "build:castle")
    assert g.crown == 0
    act(g, "end_turn")  # nobody holds rank 8: the round ends now
    assert g.is_over and g.crown == 2
    assert g.result().breakdowns[2]["statue"] == 5


def test_q26_queen_gold_for_killed_king_before_scoring():
    """Q26 / §4.9: the Queen's delayed 3 gold (killed neighbouring King) arrive before scoring (Imperial Treasury)."""
    g = new_game(5, ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "queen"))
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["queen"], 3: ["architect"], 4: ["warlord"]})
    setup(g, 2, city=["imperial_treasury"])
    setup(g, 3, city=SEVEN[:6])
    act(g, "gather:gold", "ability:kill", "character:king", "end_turn")
    to_turn(g, "architect")
    setup(g, 3, hand=["castle"])
    act(g, "gather:gold")
    setup(g, 3, gold=4)
    act(g, "build:castle", "end_turn")
    to_turn(g, "queen")
    assert "ability:queen" not in legal(g)
    act(g, "gather:gold")
    gold = g.players[2].gold
    act(g, "end_turn")  # the Queen is the last rank: the round and the game end
    assert g.is_over and g.players[2].gold == gold + 3
    assert g.result().breakdowns[2]["imperial_treasury"] == gold + 3


# -- Q27: Assassin and Thief targets ---------------------------------------------------------------------------------
def test_q27_assassin_names_any_other_character_of_the_set():
    """Q27: not himself; face-up discards and unchosen characters allowed; characters outside the set refused."""
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]}, faceup=["bishop", "merchant"])
    act(g, "ability:kill")
    assert legal(g) == ["character:thief", "character:magician", "character:king", "character:bishop",
                        "character:merchant", "character:architect", "character:warlord"]
    with pytest.raises(IllegalActionError):
        act(g, "character:witch")
    with pytest.raises(IllegalActionError):
        act(g, "character:assassin")
    act(g, "character:bishop")
    assert g.killed == "bishop"


def test_q27_thief_names_another_character_not_rank1_not_killed():
    """Q27 / §5.4: the Thief may not name himself, rank 1 or the killed character; face-up discards allowed."""
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]}, faceup=["bishop", "merchant"])
    act(g, "ability:kill", "character:magician", "gather:gold", "end_turn")
    to_turn(g, "thief")
    act(g, "ability:rob")
    assert legal(g) == ["character:king", "character:bishop", "character:merchant", "character:architect",
                        "character:warlord"]


# -- Q28: face-up discards before the face-down one ------------------------------------------------------------------
def test_q28_face_up_first_rank4_never_face_up_then_one_face_down():
    """Q28 / §3.4: face-up discards first (rank 4 replaced), then 1 face down, which may be the rank-4 card."""
    rank4_face_down = 0
    for seed in range(300):
        g = Game(GameConfig(players=4, characters=(*FIRST_GAME, "artist")), seed)
        assert len(g.faceup) == 3 and len(g.facedown) == 1
        assert all(RANK[c] != 4 for c in g.faceup)
        assert sorted([*g.faceup, *g.facedown, *g.draft_hand]) == sorted(g.cfg.characters)
        rank4_face_down += g.facedown == ["king"]
        assert public(g, "faceup") == [("faceup", tuple(g.faceup))]
    assert rank4_face_down > 0


# -- Q29: mandatory crown actions -----------------------------------------------------------------------------------
def test_q29_king_takes_the_crown_without_asking():
    """Q29: the King takes the crown automatically, even if his player does nothing."""
    g = new_game(4, crown_seat=0)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "king")
    act(g, "gather:gold", "end_turn")
    assert g.crown == 2


def test_q29_patrician_takes_the_crown_without_asking():
    """Q29: the Patrician too."""
    g = new_game(4, with_char(FIRST_GAME, "patrician"), crown_seat=0)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["patrician"], 3: ["warlord"]})
    to_turn(g, "patrician")
    act(g, "gather:gold", "end_turn")
    assert g.crown == 2


def test_q29_emperor_must_move_the_crown_before_ending_his_turn():
    """Q29: the engine requires the Emperor's choice before the turn can end."""
    g = new_game(4, EMPEROR_SET, crown_seat=0)
    deal(g, {0: ["thief"], 1: ["emperor"], 2: ["bishop"], 3: ["warlord"]})
    to_turn(g, "emperor")
    act(g, "gather:gold")
    assert "end_turn" not in legal(g) and "ability:emperor" in legal(g)
    act(g, "ability:emperor", "player:3")
    if g.decision_kind == "emperor_resource":
        act(g, "resource:gold")
    assert g.crown == 3 and "end_turn" in legal(g)


# -- Q30: the Secret Vault is never built ----------------------------------------------------------------------------
def test_q30_secret_vault_is_never_buildable():
    """Q30: the Secret Vault is stored as not buildable; no way of building offers it."""
    assert DISTRICTS["secret_vault"].buildable is False
    g = new_game(4, with_char(FIRST_GAME, "wizard"))
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["wizard"], 3: ["architect"]})
    to_turn(g, "wizard")
    setup(g, 2, hand=["secret_vault", "manor"], city=["framework"])
    setup(g, 3, hand=["secret_vault"])
    act(g, "gather:gold")
    setup(g, 2, gold=20)
    assert "build:manor" in legal(g) and "build:secret_vault" not in legal(g)
    act(g, "ability:wizard", "player:3", "card:secret_vault")
    assert legal(g) == ["wizard:hand"]
    act(g, "wizard:hand", "end_turn")
    to_turn(g, "architect")
    setup(g, 3, hand=["secret_vault", "castle"])
    act(g, "gather:gold")
    setup(g, 3, gold=20)
    assert "build:castle" in legal(g) and "build:secret_vault" not in legal(g)


# -- Q31: the Haunted Quarter's type ---------------------------------------------------------------------------------
def test_q31_haunted_quarter_one_type_maximising_the_score():
    """Q31: one type for every scoring effect, chosen to maximise the score: military gives +3 (all types) and
    leaves 1 unique for the Wishing Well (better than unique: Wishing Well 2, no all-types bonus)."""
    g = new_game(4)
    setup(g, 0, city=["castle", "temple", "tavern", "haunted_quarter", "wishing_well"])
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] == "military"
    assert b["all_types"] == 3 and b["wishing_well"] == 1
    assert b["total"] == 4 + 1 + 1 + 2 + 5 + 3 + 1


def test_q31_haunted_quarter_stays_unique_when_better():
    """Q31: without a chance of the all-types bonus, unique scores more with the Wishing Well."""
    g = new_game(4)
    setup(g, 0, city=["castle", "haunted_quarter", "wishing_well"])
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] == "unique"
    assert b["wishing_well"] == 2 and b["total"] == 4 + 2 + 5 + 2


def test_q31_haunted_quarter_as_other_type_keeps_ivory_tower():
    """Q31 / §6 Ivory Tower: counted as another type, the Haunted Quarter does not spoil the Ivory Tower."""
    g = new_game(4)
    setup(g, 0, city=["castle", "haunted_quarter", "ivory_tower"])
    b = best_breakdown(g, 0)
    assert b["haunted_quarter_type"] != "unique"
    assert b["ivory_tower"] == 5 and b["total"] == 4 + 2 + 5 + 5


# -- Q32: the Abbot's "richest" test ---------------------------------------------------------------------------------
def abbot_turn():
    g = new_game(4, BLACKMAIL_SET)
    deal(g, {0: ["assassin"], 1: ["blackmailer"], 2: ["abbot"], 3: ["warlord"]})
    to_turn(g, "abbot")
    for s, gold in enumerate((1, 3, 2, 1)):
        setup(g, s, gold=gold)
    return g


def test_q32_abbot_richest_evaluated_when_used():
    """Q32: usable while the Abbot is not the richest; the richest player gives 1 gold."""
    g = abbot_turn()
    assert "ability:abbot_richest" in legal(g)
    act(g, "ability:abbot_richest")
    assert g.players[2].gold == 3 and g.players[1].gold == 2


def test_q32_abbot_no_longer_offered_once_richest():
    """Q32: after gathering 2 gold the Abbot (4) is the richest: the ability is no longer offered."""
    g = abbot_turn()
    act(g, "gather:gold")
    assert g.players[2].gold == 4
    assert "ability:abbot_richest" not in legal(g)


# -- Q33: Magician and an empty hand ---------------------------------------------------------------------------------
def test_q33_magician_may_exchange_with_an_empty_hand():
    """Q33: the Magician may exchange with a player whose hand is empty (he gives his whole hand away)."""
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["magician"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "magician")
    setup(g, 1, hand=["manor", "temple"])
    setup(g, 2, hand=[])
    act(g, "ability:magician_swap")
    assert "player:2" in legal(g)
    act(g, "player:2")
    assert g.players[1].hand == [] and g.players[2].hand == ["manor", "temple"]


# -- Q34: the starting crown -------------------------------------------------------------------------------------------
def test_q34_crown_starts_at_seat_zero_by_default():
    """Q34: default seat 0; the crowned player picks first."""
    assert GameConfig().crown_seat == 0
    g = Game(GameConfig(players=5), 3)
    assert g.crown == 0 and g.current_player == 0 and g.decision_kind == "draft_keep"


def test_q34_crown_seat_parameter():
    """Q34: an environment parameter; the given seat starts with the crown and picks first, then clockwise."""
    g = Game(GameConfig(players=5, crown_seat=3), 3)
    assert g.crown == 3 and g.current_player == 3
    act(g, legal(g)[0])
    assert g.current_player == 4
    with pytest.raises(ConfigError, match="crown_seat"):
        Game(GameConfig(players=5, crown_seat=5), 0)


# -- Q35: tax with an empty stash ------------------------------------------------------------------------------------
def test_q35_no_tax_when_the_stash_is_empty_after_building():
    """Q35: a builder left with 0 gold pays no tax; with gold left he pays 1."""
    g = new_game(4, (*FIRST_GAME, "tax_collector"))
    deal(g, {0: ["tax_collector"], 1: ["thief"], 2: ["king"], 3: ["architect"]})
    to_turn(g, "king")
    setup(g, 2, hand=["manor"])
    act(g, "gather:gold")
    setup(g, 2, gold=3)
    act(g, "build:manor")
    assert g.players[2].gold == 0 and g.tax_pot == 0
    act(g, "end_turn")
    to_turn(g, "architect")
    setup(g, 3, hand=["manor", "temple"])
    act(g, "gather:gold")
    setup(g, 3, gold=5)
    act(g, "build:temple")
    assert g.players[3].gold == 3 and g.tax_pot == 1
    act(g, "build:manor")
    assert g.players[3].gold == 0 and g.tax_pot == 1


def test_q35_magistrate_with_no_gold_pays_no_tax_on_confiscation():
    """Q35: the Magistrate pays the tax for a confiscated district, unless he has no gold."""
    for mag_gold, pot in ((0, 0), (2, 1)):
        g = mag_game("king", chars=MAG_TAX_SET)
        to_turn(g, "king")
        setup(g, 1, hand=["castle"])
        act(g, "gather:gold")
        setup(g, 1, gold=4)
        setup(g, 0, gold=mag_gold)
        act(g, "build:castle", "yes")
        assert g.players[0].city == ["castle"]
        assert g.tax_pot == pot and g.players[0].gold == mag_gold - pot
        assert g.players[1].gold == 4


# -- Q36: the information model ------------------------------------------------------------------------------------
def test_q36_draft_is_private_face_up_discards_public():
    """Q36: face-up discards are public; picks and face-down discards never appear in any event."""
    g = Game(GameConfig(players=4), 5)
    while g.phase == "draft":
        act(g, legal(g)[0])
    assert (ALL, ("faceup", tuple(g.faceup))) in g.events
    assert [e for m, e in g.events if e[0] == "picked"] == [("picked", s) for s in range(4)]
    hidden = set(g.facedown) | {c for p in g.players for c in p.chars}
    first_call = next(i for i, (_, e) in enumerate(g.events) if e[0] == "called")
    for _, e in g.events[:first_call]:
        if e[0] != "setup":
            assert not hidden & set(e[1:]), e


def test_q36_kill_rob_and_warrant_positions_public_signed_warrant_private():
    """Q36: named Assassin/Thief targets and warrant positions are public; the signed warrant is seen only by the
    Magistrate's seat."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["thief"], 1: ["architect"], 2: ["magistrate"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:warlord", "character:king", "character:architect")
    assert (ALL, ("warrants", 2, ("king", "architect", "warlord"))) in g.events
    assert events_of(g, "signed_warrant") == [(1 << 2, ("signed_warrant", 2, "warlord"))]
    act(g, "gather:gold", "end_turn")
    act(g, "ability:rob", "character:king")
    assert (ALL, ("rob", "king")) in g.events

    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    act(g, "ability:kill", "character:thief")
    assert (ALL, ("killed", "thief")) in g.events
    act(g, "gather:gold", "end_turn")
    assert (ALL, ("called", "thief", None)) in g.events  # the killed character's holder stays hidden


def test_q36_bewitched_public_threats_public_flower_private():
    """Q36: the Witch's target and threat positions are public; the flower is seen only by the Blackmailer."""
    chars = ("witch", "blackmailer", "wizard", "king", "abbot", "merchant", "scholar", "warlord")
    g = new_game(4, chars)
    deal(g, {0: ["witch"], 1: ["scholar"], 2: ["king"], 3: ["blackmailer"]})
    act(g, "gather:gold", "character:merchant")
    assert (ALL, ("bewitched", "merchant")) in g.events
    to_turn(g, "blackmailer")
    act(g, "ability:threaten", "character:scholar", "character:king")
    assert (ALL, ("threats", 3, ("king", "scholar"))) in g.events
    assert events_of(g, "flower") == [(1 << 3, ("flower", 3, "scholar"))]


def test_q36_wizard_peek_private():
    """Q36: the hand the Wizard looks at is seen only by the Wizard."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["wizard"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "wizard")
    setup(g, 3, hand=["castle", "manor"])
    act(g, "ability:wizard", "player:3")
    assert events_of(g, "looked") == [(1 << 1, ("looked", 1, 3, ("castle", "manor")))]
    assert all(m >> 1 & 1 for m in g.players[3].hand_seen)
    assert not any(m >> 2 & 1 for m in g.players[3].hand_seen)


def test_q36_theater_swap_seen_only_by_the_two_players():
    """Q36 / §6 Theater: the swapped characters are known only to the two players involved."""
    g = new_game(4)
    setup(g, 0, city=["theater"])
    deal(g, {0: ["king"], 1: ["thief"], 2: ["warlord"], 3: ["bishop"]})
    assert g.decision_kind == "theater" and g.current_player == 0
    act(g, "player:2")
    assert g.players[0].chars == ["warlord"] and g.players[2].chars == ["king"]
    assert events_of(g, "theater_swap") == [((1 << 0) | (1 << 2), ("theater_swap", 0, 2, "king", "warlord"))]


def test_q36_spy_peek_private_result_public():
    """Q36: the hand the Spy looks at is seen only by the Spy; the named type and the gold/cards moved are public
    (stashes and hand sizes are public)."""
    g = new_game(4, with_char(FIRST_GAME, "spy"))
    deal(g, {0: ["assassin"], 1: ["spy"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "spy")
    setup(g, 3, gold=1, hand=["castle", "manor", "temple"])
    act(g, "ability:spy", "player:3", "type:noble")
    assert events_of(g, "looked") == [(1 << 1, ("looked", 1, 3, ("castle", "manor", "temple")))]
    assert (ALL, ("spied", 1, 3, "noble", 2, 1)) in g.events
    assert g.players[3].gold == 0
