"""The recommended rulings of docs/RULES.md §10, Q1..Q18: one test (or a few) per ruling, named after it.

Each test checks the engine's default; for the rulings §10 marks configurable it also checks the option
(GameConfig(rulings=Rulings(...))). Q19..Q36 are in test_rulings_q19_q36.py.
"""

from helpers import FIRST_GAME, act, deal, finish_round, legal, new_game, setup, to_turn
from ruling_helpers import (
    BLACKMAIL_SET,
    EMPEROR_SET,
    MAG_SET,
    SEVEN,
    WITCH_SET,
    mag_game,
    with_char,
)

from citadels_env.core import Game, GameConfig, Rulings


# -- Q1: first game with 3 or 8 players ------------------------------------------------------------------------------
def test_q01_first_game_rank9_defaults():
    """Q1: the first game adds the Tax Collector with 3 players and the Queen with 8; none with 4-7."""
    assert Game(GameConfig(players=3), 0).cfg.characters == (*FIRST_GAME, "tax_collector")
    assert Game(GameConfig(players=8), 0).cfg.characters == (*FIRST_GAME, "queen")
    for n in (2, 4, 5, 6, 7):
        assert Game(GameConfig(players=n), 0).cfg.characters == FIRST_GAME


def test_q01_first_game_rank9_configurable():
    """Q1 (configurable): any legal rank 9 may be chosen; the Queen stays forbidden with 3 players (§8.1, RU p.9
    footnote: replaced by the Artist by default)."""
    r = Rulings(first_game_rank9_3p="artist", first_game_rank9_8p="tax_collector")
    assert Game(GameConfig(players=3, rulings=r), 0).cfg.characters[-1] == "artist"
    assert Game(GameConfig(players=8, rulings=r), 0).cfg.characters[-1] == "tax_collector"
    # the Queen asked for with 3 players is replaced by the footnote's substitute (never played)
    g = Game(GameConfig(players=3, rulings=Rulings(first_game_rank9_3p="queen")), 0)
    assert g.cfg.characters[-1] == "artist"


# -- Q2: the Witch must bewitch ----------------------------------------------------------------------------------------
def test_q02_witch_must_gather_then_bewitch():
    """Q2: the Witch must gather first, then must name another character (no end of turn, no build, no ability)."""
    g = new_game(4, WITCH_SET)
    deal(g, {0: ["witch"], 1: ["merchant"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, gold=10, hand=["manor"])
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")
    assert g.decision_kind == "bewitch" and g.current_player == 0
    assert legal(g) == ["character:thief", "character:magician", "character:king", "character:bishop",
                        "character:merchant", "character:architect", "character:warlord"]
    act(g, "character:merchant")
    assert g.bewitched == "merchant"
    assert g.players[0].city == []  # her turn is on hold: she built nothing
    assert g.turn is None or g.turn.seat != 0


# -- Q3: the Bishop's protection lasts the rest of the round --------------------------------------------------------
def test_q03_bishop_protection_lasts_the_round():
    """Q3: after the Bishop's turn (rank 5), the rank-8 Warlord still cannot target the Bishop's districts; the
    protection ends with the round."""
    g = new_game(4)
    deal(g, {0: ["bishop"], 1: ["warlord"], 2: ["king"], 3: ["thief"]})
    setup(g, 0, city=["temple", "manor"])
    setup(g, 2, city=["tavern", "market"])
    to_turn(g, "warlord")
    setup(g, 1, gold=10)
    act(g, "gather:gold", "ability:warlord")
    assert legal(g) == ["player:2"]
    act(g, "player:2", "district:tavern", "end_turn")
    finish_round(g)
    deal(g, {0: ["merchant"], 1: ["warlord"], 2: ["king"], 3: ["thief"]})
    to_turn(g, "warlord")
    act(g, "gather:gold", "ability:warlord")
    assert legal(g) == ["player:0", "player:2"]


def test_q03_killed_bishop_gives_no_protection():
    """Q3 / §5.13: protection needs the Bishop to have played; a killed Bishop protects nothing."""
    g = new_game(4)
    deal(g, {0: ["bishop"], 1: ["warlord"], 2: ["king"], 3: ["assassin"]})
    setup(g, 0, city=["temple"])
    act(g, "gather:gold", "ability:kill", "character:bishop", "end_turn")
    to_turn(g, "warlord")
    setup(g, 1, gold=10)
    act(g, "gather:gold", "ability:warlord")
    assert legal(g) == ["player:0"]


# -- Q4 / Q5: the Emperor's crown recipient ---------------------------------------------------------------------------
def test_q04_emperor_not_to_himself_nor_to_the_holder():
    """Q4: the crown goes to a player other than the Emperor and other than its current holder."""
    g = new_game(4, EMPEROR_SET, crown_seat=0)
    deal(g, {0: ["thief"], 1: ["emperor"], 2: ["bishop"], 3: ["warlord"]})
    to_turn(g, "emperor")
    act(g, "gather:gold", "ability:emperor")
    assert g.decision_kind == "emperor_player"
    assert legal(g) == ["player:2", "player:3"]


def test_q04_emperor_holding_the_crown_gives_it_to_anyone_else():
    """Q4: if the Emperor holds the crown, he must give it to any other player."""
    g = new_game(4, EMPEROR_SET, crown_seat=1)
    deal(g, {0: ["thief"], 1: ["emperor"], 2: ["bishop"], 3: ["warlord"]})
    to_turn(g, "emperor")
    act(g, "gather:gold", "ability:emperor")
    assert legal(g) == ["player:2", "player:3", "player:0"]


def test_q05_witch_as_emperor_not_herself_nor_holder_but_bewitched_player():
    """Q5: the Witch playing the Emperor gives the crown neither to herself nor to its holder; the bewitched
    player may receive it."""
    g = new_game(4, with_char(WITCH_SET, "emperor"), crown_seat=2)
    deal(g, {0: ["witch"], 1: ["emperor"], 2: ["thief"], 3: ["warlord"]})
    act(g, "gather:gold", "character:emperor")
    to_turn(g, "emperor")
    assert g.turn.seat == 1 and g.turn.mode == "bewitched"
    act(g, "gather:gold")  # the bewitched player only gathers
    assert g.turn.seat == 0 and g.turn.mode == "witch_resumed"
    assert "end_turn" not in legal(g)  # Q29: the crown must move first
    act(g, "ability:emperor")
    assert legal(g) == ["player:1", "player:3"]
    act(g, "player:1")
    assert g.crown == 1


# -- Q6: the Warlord and his own completed city (configurable) -------------------------------------------------------
def _warlord_in_completed_city(rulings=None):
    g = new_game(4, rulings=rulings or Rulings())
    deal(g, {0: ["warlord"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=SEVEN)
    setup(g, 1, city=["castle"])
    setup(g, 2, city=["palace", "cathedral", "harbor", "town_hall", "docks", "fortress", "barracks"])
    to_turn(g, "warlord")
    setup(g, 0, gold=10)
    act(g, "gather:gold", "ability:warlord")
    return g


def test_q06_warlord_cannot_destroy_in_his_own_completed_city():
    """Q6 (default): a completed city is protected whoever owns it, the Warlord's own included."""
    assert legal(_warlord_in_completed_city()) == ["player:1"]


def test_q06_option_warlord_may_destroy_in_his_own_completed_city():
    """Q6 (option on): the Warlord may target his own completed city; other completed cities stay protected."""
    g = _warlord_in_completed_city(Rulings(warlord_own_completed_city=True))
    assert legal(g) == ["player:0", "player:1"]


# -- Q7: the tie-break ------------------------------------------------------------------------------------------------
def _tie_game(tiebreak):
    """Seats 1 and 2 tie on points; seat 1 held the (killed) Warlord, seat 2 revealed the King."""
    g = new_game(4, rulings=Rulings(tiebreak=tiebreak))
    deal(g, {0: ["assassin"], 1: ["warlord"], 2: ["king"], 3: ["architect"]})
    rich = ["palace", "castle", "cathedral", "town_hall", "fortress", "harbor"]
    setup(g, 1, city=rich)
    setup(g, 2, city=rich)
    setup(g, 3, city=["temple", "tavern", "watchtower", "church", "market", "prison"])
    act(g, "gather:gold", "ability:kill", "character:warlord", "end_turn")
    to_turn(g, "architect")
    setup(g, 3, gold=3, hand=["manor"])
    act(g, "gather:gold", "build:manor", "end_turn")
    finish_round(g)
    assert g.is_over
    return g.result()


def test_q07_tiebreak_highest_rank_held_even_if_killed():
    """Q7 (default "held"): the tied player who held the higher rank in the last round wins, killed or not."""
    r = _tie_game("held")
    assert r.scores[1] == r.scores[2] == 28
    assert r.tiebreak_ranks[1] == 8 and r.tiebreak_ranks[2] == 4
    assert r.winner == 1 and r.ranking[:2] == (1, 2)


def test_q07_option_tiebreak_revealed_only():
    """Q7 (option "revealed"): only revealed characters count, so the killed Warlord's player loses the tie."""
    r = _tie_game("revealed")
    assert r.scores[1] == r.scores[2] == 28
    assert r.tiebreak_ranks[1] == 0 and r.tiebreak_ranks[2] == 4
    assert r.winner == 2 and r.ranking[:2] == (2, 1)


# -- Q8: where warrants and threats may go ---------------------------------------------------------------------------
def test_q08_warrants_any_other_character_face_up_discards_included():
    """Q8: warrants go on any characters of the game except the Magistrate, face-up discards included."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["architect"], 2: ["king"], 3: ["warlord"]}, faceup=["thief", "cardinal"])
    act(g, "ability:warrants")
    assert legal(g) == ["character:thief", "character:wizard", "character:king", "character:cardinal",
                        "character:alchemist", "character:architect", "character:warlord"]


def test_q08_warrants_not_on_the_placers_other_character():
    """Q8: with 2 players the Magistrate's second character cannot receive a warrant."""
    g = new_game(2, MAG_SET)
    deal(g, {0: ["magistrate", "warlord"], 1: ["king", "architect"]})
    act(g, "ability:warrants")
    assert "character:warlord" not in legal(g) and "character:magistrate" not in legal(g)
    assert len(legal(g)) == 6


def test_q08_threats_exclude_rank1_killed_own_but_allow_face_up_discards():
    """Q8: threats go on distinct other characters, not rank 1, not the killed one; face-up discards allowed."""
    g = new_game(4, BLACKMAIL_SET)
    deal(g, {0: ["assassin"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]}, faceup=["abbot", "scholar"])
    act(g, "ability:kill", "character:merchant", "gather:gold", "end_turn")
    to_turn(g, "blackmailer")
    act(g, "ability:threaten")
    assert legal(g) == ["character:wizard", "character:king", "character:abbot", "character:scholar",
                        "character:warlord"]
    act(g, "character:king")
    assert legal(g) == ["character:wizard", "character:abbot", "character:scholar", "character:warlord"]


def test_q08_threats_exclude_the_bewitched_character():
    """Q8: the bewitched character cannot be threatened."""
    chars = ("witch", "blackmailer", "wizard", "king", "abbot", "merchant", "scholar", "warlord")
    g = new_game(4, chars)
    deal(g, {0: ["witch"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    act(g, "gather:gold", "character:king")
    to_turn(g, "blackmailer")
    act(g, "ability:threaten")
    assert "character:king" not in legal(g)
    assert legal(g) == ["character:wizard", "character:abbot", "character:merchant", "character:scholar",
                        "character:warlord"]


# -- Q9: Magistrate edge cases -----------------------------------------------------------------------------------------
def test_q09a_no_monument_confiscation_when_magistrate_has_five_districts():
    """Q9(a): the Magistrate cannot confiscate a Monument when his city has 5 or more districts."""
    g = mag_game("king", mag_city=["manor", "temple", "tavern", "prison", "market"])
    to_turn(g, "king")
    setup(g, 1, hand=["monument"])
    act(g, "gather:gold")
    setup(g, 1, gold=4)
    act(g, "build:monument")
    assert g.decision_kind == "confiscate" and g.current_player == 0
    assert legal(g) == ["no"]
    act(g, "no")
    assert "monument" in g.players[1].city


def test_q09a_monument_confiscation_with_four_districts():
    """Q9(a) counter-case: with 4 districts the Magistrate may confiscate the Monument."""
    g = mag_game("king", mag_city=["manor", "temple", "tavern", "prison"])
    to_turn(g, "king")
    setup(g, 1, hand=["monument"])
    act(g, "gather:gold")
    setup(g, 1, gold=4)
    act(g, "build:monument")
    assert legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city[-1] == "monument" and g.players[1].gold == 4


def test_q09b_thieves_den_paid_entirely_in_cards_is_eligible_refund_nothing():
    """Q9(b): a Thieves' Den paid only with cards is a paid build: it can be confiscated; nothing is refunded."""
    g = mag_game("king")
    to_turn(g, "king")
    payment = ["manor", "temple", "tavern", "prison", "market", "church"]
    setup(g, 1, hand=["thieves_den", *payment])
    act(g, "gather:gold")
    setup(g, 1, gold=0)
    act(g, "build:thieves_den")
    assert g.decision_kind == "thieves_den_cards"
    act(g, *(f"card:{c}" for c in payment))
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["thieves_den"]
    assert g.players[1].gold == 0 and g.players[1].hand == [] and g.players[1].city == []
    assert sorted(g.deck[:6]) == sorted(payment)  # the cards stay at the bottom of the deck (Q25)


def test_q09b_wizard_immediate_build_is_eligible():
    """Q9(b): the Wizard's immediate build is a paid build and can be confiscated (gold refunded)."""
    g = mag_game("wizard")
    to_turn(g, "wizard")
    setup(g, 2, hand=["castle"])
    act(g, "gather:gold")
    setup(g, 1, gold=10)
    act(g, "ability:wizard", "player:2", "card:castle", "wizard:build")
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["castle"] and g.players[1].gold == 10


def test_q09b_cardinal_funded_build_is_eligible():
    """Q9(b): a build funded by the Cardinal's exchange is a paid build and can be confiscated."""
    g = mag_game("cardinal")
    to_turn(g, "cardinal")
    setup(g, 1, hand=["castle", "temple", "tavern", "market"])
    act(g, "gather:gold")
    setup(g, 1, gold=1)
    setup(g, 2, gold=5)
    setup(g, 3, gold=0)
    act(g, "build:castle")
    assert g.decision_kind == "cardinal_player"
    act(g, "player:2", "card:temple", "card:tavern", "card:market")
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]
    act(g, "yes")
    assert g.players[0].city == ["castle"]
    assert g.players[2].gold == 2
    assert g.players[1].gold == 4  # 1 + 3 taken - 4 paid + 4 refunded


def test_q09c_declining_the_first_paid_build_forfeits_the_turn():
    """Q9(c): only the first paid district can be confiscated: after a "no", later builds are not offered."""
    g = mag_game("architect")
    to_turn(g, "architect")
    setup(g, 1, hand=["castle", "manor"])
    act(g, "gather:gold")
    setup(g, 1, gold=10)
    act(g, "build:castle")
    assert g.decision_kind == "confiscate"
    act(g, "no", "build:manor")
    assert g.decision_kind == "turn" and g.current_player == 1
    assert g.players[1].city == ["castle", "manor"] and g.players[0].city == []


def test_q09c_framework_build_is_not_paid_next_paid_build_is_eligible():
    """Q9 / §6 Framework: a district built by destroying the Framework is not paid; the next paid one is eligible."""
    g = mag_game("architect")
    to_turn(g, "architect")
    setup(g, 1, hand=["castle", "manor"], city=["framework"])
    act(g, "gather:gold")
    setup(g, 1, gold=10)
    act(g, "build:castle")
    assert g.decision_kind == "payment"
    act(g, "pay:framework")
    assert g.decision_kind == "turn" and g.players[1].city == ["castle"]
    act(g, "build:manor")
    assert g.decision_kind == "confiscate" and legal(g) == ["yes", "no"]


def test_q09d_alchemist_target_gets_no_double_refund():
    """Q9(d): a confiscated Alchemist is refunded at once and gets no second refund at the end of the turn."""
    g = mag_game("alchemist")
    to_turn(g, "alchemist")
    setup(g, 1, hand=["castle"])
    act(g, "gather:gold")
    setup(g, 1, gold=10)
    act(g, "build:castle", "yes")
    assert g.players[1].gold == 10
    act(g, "end_turn")
    assert g.players[1].gold == 10


def test_q09e_confiscation_may_complete_the_magistrates_city():
    """Q9(e) / Q15: the confiscated district may complete the Magistrate's city: he is the first to complete."""
    g = mag_game("king", mag_city=["manor", "temple", "tavern", "prison", "market", "church"])
    to_turn(g, "king")
    setup(g, 1, hand=["castle"])
    act(g, "gather:gold")
    setup(g, 1, gold=4)
    act(g, "build:castle", "yes")
    assert len(g.players[0].city) == 7
    assert g.first_completer == 0


# -- Q10: bribing with 0 gold -----------------------------------------------------------------------------------------
def test_q10_threatened_player_with_no_gold_may_bribe_for_zero():
    """Q10: the bribe is floor(gold / 2), always allowed, also with 0 gold; it removes the threat."""
    g = new_game(4, BLACKMAIL_SET)
    deal(g, {0: ["assassin"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "blackmailer")
    act(g, "ability:threaten", "character:king", "character:warlord", "gather:gold", "end_turn")
    to_turn(g, "king")
    setup(g, 2, gold=0)
    act(g, "gather:cards")
    act(g, legal(g)[0])  # keep one of the drawn cards
    assert g.decision_kind == "bribe" and g.current_player == 2
    assert legal(g) == ["yes", "no"]
    bm_gold = g.players[1].gold
    act(g, "yes")
    assert g.players[2].gold == 0 and g.players[1].gold == bm_gold
    assert "king" not in g.threats_open
    assert g.decision_kind == "turn" and "end_turn" in legal(g)


# -- Q11: the Wizard's immediate build needs gathered resources -------------------------------------------------------
def test_q11_wizard_build_option_only_after_gathering():
    """Q11: before gathering the Wizard may only take the card into his hand; after gathering he may build it."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["wizard"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "wizard")
    setup(g, 1, gold=10)
    setup(g, 2, hand=["castle", "manor"])
    act(g, "ability:wizard", "player:2", "card:castle")
    assert legal(g) == ["wizard:hand"]

    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["wizard"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "wizard")
    setup(g, 2, hand=["castle", "manor"])
    act(g, "gather:gold")
    setup(g, 1, gold=10)
    act(g, "ability:wizard", "player:2", "card:castle")
    assert legal(g) == ["wizard:hand", "wizard:build"]
    act(g, "wizard:build")
    assert g.players[1].city == ["castle"] and g.players[1].gold == 6


# -- Q12: the Cardinal ------------------------------------------------------------------------------------------------
def cardinal_turn(hand, gold, others_gold):
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["cardinal"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "cardinal")
    setup(g, 1, hand=hand)
    act(g, "gather:gold")
    setup(g, 1, gold=gold)
    for s, gold_s in zip((0, 2, 3), others_gold):
        setup(g, s, gold=gold_s)
    return g


def test_q12_cardinal_takes_exactly_the_shortfall_from_a_player_who_has_it():
    """Q12: only players holding at least the shortfall may be chosen; exactly the shortfall is taken, one card
    given per gold, cards chosen by the Cardinal."""
    g = cardinal_turn(["castle", "temple", "tavern", "market", "church"], gold=1, others_gold=(2, 3, 7))
    act(g, "build:castle")
    assert g.decision_kind == "cardinal_player"
    assert legal(g) == ["player:2", "player:3"]
    act(g, "player:3")
    assert g.decision_kind == "cardinal_cards"
    act(g, "card:temple", "card:market", "card:church")
    assert g.players[3].gold == 4
    assert g.players[1].gold == 0 and g.players[1].city == ["castle"] and g.players[1].hand == ["tavern"]
    assert sorted(g.players[3].hand[-3:]) == ["church", "market", "temple"]


def test_q12_cardinal_needs_enough_other_cards():
    """Q12: without as many other cards as the shortfall, the Cardinal cannot build the district."""
    g = cardinal_turn(["castle", "temple", "tavern"], gold=1, others_gold=(9, 9, 9))
    assert "build:castle" not in legal(g)


def test_q12_cardinal_needs_a_player_with_the_shortfall():
    """Q12: if no other player holds the shortfall, the Cardinal cannot build the district."""
    g = cardinal_turn(["castle", "temple", "tavern", "market"], gold=1, others_gold=(2, 2, 1))
    assert "build:castle" not in legal(g)


# -- Q13: the Scholar with fewer than 7 cards -------------------------------------------------------------------------
def test_q13_scholar_draws_what_is_left():
    """Q13: with fewer than 7 cards in the deck the Scholar draws them all, keeps 1, shuffles the rest back."""
    g = new_game(4, BLACKMAIL_SET)
    deal(g, {0: ["assassin"], 1: ["blackmailer"], 2: ["scholar"], 3: ["warlord"]})
    to_turn(g, "scholar")
    act(g, "gather:gold")
    left = g.deck[-3:]
    g.players[3].hand += g.deck[:-3]  # move the rest of the deck out of the way
    del g.deck[:-3]
    hand = list(g.players[2].hand)
    act(g, "ability:scholar")
    assert g.decision_kind == "scholar_keep"
    assert sorted(a.split(":")[1] for a in legal(g)) == sorted(set(left))
    act(g, f"card:{left[0]}")
    assert g.players[2].hand == [*hand, left[0]]
    rest = list(left)
    rest.remove(left[0])
    assert sorted(g.deck) == sorted(rest)


# -- Q14: empty deck ------------------------------------------------------------------------------------------------
def test_q14_gathering_cards_from_an_empty_deck_is_allowed_and_gains_nothing():
    """Q14: with an empty deck the "cards" option is still offered and gains nothing; the turn goes on."""
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    to_turn(g, "king")
    g.players[3].hand += g.deck
    g.deck.clear()
    hand = list(g.players[2].hand)
    assert "gather:cards" in legal(g)
    act(g, "gather:cards")
    assert g.decision_kind == "turn" and g.turn.gathered
    assert g.players[2].hand == hand
    assert "end_turn" in legal(g)


# -- Q15: completion by other means; falling back below the threshold ----------------------------------------------------
def test_q15_seizure_completes_the_marshals_city():
    """Q15: completion is checked after every city change: a Marshal's seizure can complete his city."""
    g = new_game(4, with_char(FIRST_GAME, "marshal"))
    deal(g, {0: ["marshal"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=SEVEN[:6])
    setup(g, 1, city=["barracks"])
    to_turn(g, "marshal")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "ability:marshal", "player:1", "district:barracks")
    assert g.first_completer == 0
    act(g, "end_turn")
    finish_round(g)
    assert g.is_over and g.result().breakdowns[0]["completion"] == 4


def test_q15_first_completer_falling_back_gets_no_bonus_and_nobody_gets_four():
    """Q15: the end is irrevocable; +4 stays reserved to the recorded first completer, who gets nothing if his city
    is no longer completed at the end; another completed city gets +2."""
    g = new_game(4, with_char(FIRST_GAME, "diplomat"))
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 0, city=["monument", "castle", "church", "tavern", "market"])  # 5 cards, counts as 6
    setup(g, 1, city=["temple", "harbor", "prison", "watchtower", "palace", "cathedral"])
    to_turn(g, "diplomat")
    setup(g, 0, hand=["manor"])
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "build:manor")
    assert g.first_completer == 0
    act(g, "ability:diplomat", "player:1", "district:temple", "district:monument")
    assert g.city_size(0) == 6 and g.city_size(1) == 7
    act(g, "end_turn")
    finish_round(g)
    assert g.is_over
    b = g.result().breakdowns
    assert b[0]["completion"] == 0
    assert b[1]["completion"] == 2
    assert all(x["completion"] != 4 for x in b)


# -- Q16: the Artist's gold on a destroyed or moved district ---------------------------------------------------------
def test_q16_artist_gold_on_destroyed_district_returns_to_the_bank():
    """Q16: a destroyed beautified district loses its gold (to the bank); the Warlord pays cost + 1 - 1."""
    g = new_game(4)
    deal(g, {0: ["warlord"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 1, city=["manor", "temple"], beautified=["manor"])
    to_turn(g, "warlord")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    gold1 = g.players[1].gold
    act(g, "ability:warlord", "player:1")
    assert "beautified_district:manor" in legal(g)
    act(g, "beautified_district:manor")
    assert g.players[0].gold == 0
    assert g.players[1].city == ["temple"] and g.players[1].beautified == []
    assert g.players[1].gold == gold1


def test_q16_artist_gold_stays_on_a_moved_district():
    """Q16: a beautified district seized by the Marshal keeps its gold (cost 2 + 1 = 3, still eligible)."""
    g = new_game(4, with_char(FIRST_GAME, "marshal"))
    deal(g, {0: ["marshal"], 1: ["king"], 2: ["merchant"], 3: ["thief"]})
    setup(g, 1, city=["market", "manor"], beautified=["market"])
    to_turn(g, "marshal")
    act(g, "gather:gold")
    setup(g, 0, gold=3)
    act(g, "ability:marshal", "player:1")
    assert legal(g) == ["beautified_district:market", "district:manor"]
    act(g, "beautified_district:market")
    assert g.players[0].city == ["market"] and g.players[0].beautified == ["market"]
    assert g.players[1].beautified == []
    assert g.players[0].gold == 0


# -- Q17: the Queen and the Witch ---------------------------------------------------------------------------------------
QUEEN_SET = (*WITCH_SET, "queen")


def test_q17_bewitched_rank4_counts_as_revealed_by_its_holder():
    """Q17: a bewitched King counts as revealed by its holder: the Queen next to that holder gains 3 gold."""
    g = new_game(5, QUEEN_SET)
    deal(g, {0: ["witch"], 1: ["thief"], 2: ["king"], 3: ["queen"], 4: ["warlord"]})
    act(g, "gather:gold", "character:king")
    to_turn(g, "queen")
    assert g.turn.seat == 3
    act(g, "gather:gold")
    gold = g.players[3].gold
    assert "ability:queen" in legal(g)
    act(g, "ability:queen")
    assert g.players[3].gold == gold + 3


def test_q17_witch_playing_the_queen_uses_her_own_seat():
    """Q17: the Witch playing the Queen measures adjacency from her own seat, not the bewitched player's."""
    for king_seat, expected in ((1, True), (2, False)):
        g = new_game(5, QUEEN_SET)
        rest = [s for s in (1, 2, 4) if s != king_seat]
        deal(g, {0: ["witch"], 3: ["queen"], king_seat: ["king"], rest[0]: ["thief"], rest[1]: ["warlord"]})
        act(g, "gather:gold", "character:queen")
        to_turn(g, "queen")
        act(g, "gather:gold")  # the bewitched Queen's player only gathers
        assert g.turn.seat == 0 and g.turn.mode == "witch_resumed"
        assert ("ability:queen" in legal(g)) is expected


# -- Q18: the Tax Collector and the Witch ----------------------------------------------------------------------------
def test_q18_witch_as_tax_collector_collects_and_is_exempt():
    """Q18: the Witch playing the Tax Collector collects the pot and pays no tax during her resumed turn."""
    g = new_game(4, (*WITCH_SET, "tax_collector"))
    deal(g, {0: ["witch"], 1: ["tax_collector"], 2: ["king"], 3: ["warlord"]})
    act(g, "gather:gold", "character:tax_collector")
    to_turn(g, "tax_collector")
    act(g, "gather:gold")
    assert g.turn.seat == 0 and g.turn.mode == "witch_resumed"
    g.tax_pot = 3
    setup(g, 0, gold=5, hand=["manor"])
    act(g, "ability:tax_collector")
    assert g.players[0].gold == 8 and g.tax_pot == 0
    act(g, "build:manor")
    assert g.players[0].gold == 5 and g.tax_pot == 0


def test_q18_other_players_pay_tax():
    """Q18 / §5.27 counter-case: a player other than the Tax Collector pays 1 gold of tax per district built."""
    g = new_game(4, (*WITCH_SET, "tax_collector"))
    deal(g, {0: ["witch"], 1: ["tax_collector"], 2: ["king"], 3: ["warlord"]})
    act(g, "gather:gold", "character:tax_collector")
    to_turn(g, "king")
    act(g, "gather:gold")
    setup(g, 2, gold=5, hand=["manor"])
    act(g, "build:manor")
    assert g.players[2].gold == 1 and g.tax_pot == 1
