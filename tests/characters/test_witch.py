"""Witch (rank 1): RULES.md §5.2, §4.6-4.8, §6 (Park, Poor House), §10 Q2, Q5."""

from helpers import act, deal, finish_round, legal, new_game, setup, to_turn

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def put_on_top(g, *cards):
    """Move these cards to the top of the deck (the last one named ends on top)."""
    for c in cards:
        if c in g.deck:
            g.deck.remove(c)
        g.deck.append(c)


def turns_played(g):
    return [(e[1], e[2]) for _, e in g.events if e[0] == "end_turn"]


def witch_game(chars=WITCH_SET, assignment=None):
    g = new_game(4, chars)
    deal(g, assignment or {0: ["witch"], 1: ["merchant"], 2: ["thief"], 3: ["king"]})
    assert g.turn.char == "witch" and g.current_player == 0
    return g


def test_witch_must_gather_before_anything_else():
    """§5.2, §4.6: the Witch's first action is gathering; no build, ability or district effect before it."""
    g = witch_game()
    setup(g, 0, gold=9, hand=["manor"], city=["laboratory"])
    assert legal(g) == ["gather:gold", "gather:cards"]


def test_witch_must_bewitch_another_character_after_gathering():
    """Q2: after gathering the Witch must name another character; she cannot end her turn, build or use effects."""
    g = witch_game()
    setup(g, 0, gold=9, hand=["manor"], city=["laboratory"])
    act(g, "gather:gold")
    assert g.decision_kind == "bewitch" and g.current_player == 0
    assert legal(g) == ["character:thief", "character:magician", "character:king", "character:bishop",
                        "character:merchant", "character:architect", "character:warlord"]
    act(g, "character:merchant")
    assert g.bewitched == "merchant"
    assert ("bewitched", "merchant") in g.public_log()
    # her turn is on hold: the next rank is called, nothing was built
    assert g.turn.char == "thief" and g.turn.seat == 2
    assert g.players[0].city == ["laboratory"] and g.players[0].hand == ["manor"]
    assert g.players[0].gold == 11


def test_gathering_effects_apply_to_the_witch_part_one():
    """§5.2: the Witch may use gathering effects (Gold Mine) in part 1."""
    g = witch_game()
    setup(g, 0, gold=0, city=["gold_mine"])
    act(g, "gather:gold")
    assert g.players[0].gold == 3


def test_bewitched_player_only_gathers():
    """§5.2: the bewitched player reveals, gathers, and his turn ends: no income, no Merchant gold, no build, no
    Laboratory."""
    g = witch_game()
    act(g, "gather:gold", "character:merchant")
    setup(g, 1, gold=5, hand=["tavern"], city=["market", "docks", "laboratory"])
    to_turn(g, "merchant")
    assert g.turn.seat == 1 and g.turn.mode == "bewitched"
    assert legal(g) == ["gather:gold", "gather:cards"]
    act(g, "gather:gold")
    assert g.players[1].gold == 7
    assert g.players[1].city == ["market", "docks", "laboratory"]
    assert g.players[1].hand == ["tavern"]
    assert (1, "merchant") in turns_played(g)
    # the Witch resumes at once
    assert g.turn.seat == 0 and g.turn.char == "merchant" and g.turn.mode == "witch_resumed"


def test_witch_resumes_with_the_character_abilities_on_her_own_city_and_gold():
    """§5.2: part 2: no new gathering; income for HER districts, the Merchant's +1, build from her hand with her gold."""
    g = witch_game()
    act(g, "gather:gold", "character:merchant")
    setup(g, 1, gold=5, city=["market", "docks", "harbor"])
    to_turn(g, "merchant")
    setup(g, 0, gold=1, hand=["manor"], city=["tavern", "laboratory"])
    act(g, "gather:gold")
    assert g.turn.seat == 0 and g.turn.gathered
    menu = legal(g)
    assert "gather:gold" not in menu and "gather:cards" not in menu
    assert {"ability:income", "ability:merchant_gold", "ability:laboratory", "end_turn"} <= set(menu)
    act(g, "ability:income")
    assert g.players[0].gold == 2  # 1 trade district of hers (the bewitched player's 3 do not count)
    act(g, "ability:merchant_gold")
    assert g.players[0].gold == 3
    act(g, "build:manor")
    assert g.players[0].city == ["tavern", "laboratory", "manor"]
    assert g.players[0].gold == 0
    assert g.players[1].gold == 7  # untouched by the Witch's play


def test_witch_gets_the_character_build_limit():
    """§5.2: the Witch playing the Architect gets +2 cards and may build 3 districts."""
    g = witch_game(assignment={0: ["witch"], 1: ["architect"], 2: ["thief"], 3: ["king"]})
    act(g, "gather:gold", "character:architect")
    to_turn(g, "architect")
    act(g, "gather:gold")
    assert g.turn.seat == 0 and g.turn.limit == 3
    setup(g, 0, gold=10, hand=["temple", "tavern", "watchtower", "manor"])
    put_on_top(g, "church", "market")
    act(g, "ability:architect_cards")
    assert sorted(g.players[0].hand) == ["church", "manor", "market", "tavern", "temple", "watchtower"]
    act(g, "build:temple", "build:tavern", "build:watchtower")
    assert not any(a.startswith("build:") for a in legal(g))
    assert g.players[0].city == ["temple", "tavern", "watchtower"]
    assert g.players[0].gold == 7


def test_bewitched_king_holder_gets_the_crown_not_the_witch():
    """§5.2, §5.10: if the King is bewitched its holder takes the crown; the Witch gets King income for her nobles."""
    g = witch_game(assignment={0: ["witch"], 1: ["merchant"], 2: ["thief"], 3: ["king"]})
    g.crown = 1
    act(g, "gather:gold", "character:king")
    to_turn(g, "king")
    assert g.turn.mode == "bewitched"
    assert g.crown == 3
    act(g, "gather:gold")
    setup(g, 0, gold=0, city=["manor", "castle"])
    act(g, "ability:income")
    assert g.players[0].gold == 2
    act(g, "end_turn")
    finish_round(g)
    assert g.crown == 3


def test_bewitched_bishop_protects_the_witch_not_its_holder():
    """§5.2: the Witch playing the Bishop protects HER districts from rank 8; the bewitched Bishop's are not."""
    g = witch_game(assignment={0: ["witch"], 1: ["bishop"], 2: ["thief"], 3: ["warlord"]})
    setup(g, 0, city=["watchtower"])
    setup(g, 1, city=["temple"])
    act(g, "gather:gold", "character:bishop")
    to_turn(g, "bishop")
    act(g, "gather:gold")
    assert g.turn.seat == 0
    assert g.protected_seat == 0
    act(g, "end_turn")
    to_turn(g, "warlord")
    g.players[3].gold = 9
    act(g, "ability:warlord")
    assert legal(g) == ["player:1"]  # the Witch's Watchtower is out of reach


def test_no_part_two_when_the_named_character_is_not_held():
    """§5.2: if nobody holds the bewitched character the Witch does not continue her turn."""
    g = witch_game()
    setup(g, 0, gold=0, hand=["manor"])
    act(g, "gather:gold", "character:architect")
    finish_round(g)
    assert [t for t in turns_played(g) if t[0] == 0] == [(0, "witch")]
    assert g.players[0].city == []
    assert g.players[0].gold == 2


def test_poor_house_not_applied_when_the_witch_is_not_resumed():
    """§4.8, §6 Poor House: not applied at the end of part 1 nor when part 2 never happens."""
    g = witch_game()
    setup(g, 0, gold=0, hand=[], city=["poor_house"])
    act(g, "gather:cards")
    act(g, legal(g)[0])  # keep one of the two cards
    act(g, "character:architect")
    finish_round(g)
    assert g.players[0].gold == 0
    assert len(g.players[0].hand) == 1


def test_park_not_applied_when_the_witch_is_not_resumed():
    """§4.8, §6 Park: the Witch with an empty hand draws nothing if her turn is not resumed."""
    g = witch_game()
    setup(g, 0, gold=0, hand=[], city=["park"])
    act(g, "gather:gold", "character:architect")
    finish_round(g)
    assert g.players[0].hand == []
    assert g.players[0].gold == 2


def test_poor_house_and_park_apply_at_the_end_of_part_two():
    """§5.2, §4.8: end-of-turn effects apply to the Witch at the end of her resumed turn."""
    g = witch_game()
    setup(g, 0, gold=0, hand=[], city=["park", "poor_house"])
    act(g, "gather:gold", "character:merchant")
    assert g.players[0].hand == [] and g.players[0].gold == 2  # nothing at the end of part 1
    to_turn(g, "merchant")
    act(g, "gather:gold")
    assert g.turn.seat == 0
    g.players[0].gold = 0
    act(g, "end_turn")
    assert g.players[0].gold == 1
    assert len(g.players[0].hand) == 2


def test_bewitched_blackmailer_the_witch_places_threats_and_gets_the_bribe():
    """§5.2, §5.6: with the Blackmailer bewitched, the Witch places the threats and receives the bribes."""
    g = witch_game(("witch", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"),
                   {0: ["witch"], 1: ["blackmailer"], 2: ["king"], 3: ["warlord"]})
    act(g, "gather:gold", "character:blackmailer")
    to_turn(g, "blackmailer")
    act(g, "gather:gold")
    assert g.turn.seat == 0 and g.turn.char == "blackmailer"
    act(g, "ability:threaten", "character:king", "character:warlord", "end_turn")
    assert g.blackmailer_seat == 0
    to_turn(g, "king")
    g.players[2].gold = 4
    act(g, "gather:gold")  # 6 gold
    assert g.decision_kind == "bribe" and g.current_player == 2
    witch_gold = g.players[0].gold
    act(g, "yes")
    assert g.players[2].gold == 3
    assert g.players[0].gold == witch_gold + 3
    assert g.players[1].gold == 4  # the bewitched Blackmailer's holder gets nothing


def test_witch_playing_emperor_gives_crown_to_neither_herself_nor_its_holder():
    """Q5: the Witch as Emperor must move the crown, not to herself nor the holder; the bewitched player is allowed."""
    g = witch_game(("witch", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord"),
                   {0: ["witch"], 1: ["emperor"], 2: ["thief"], 3: ["warlord"]})
    g.crown = 2
    act(g, "gather:gold", "character:emperor")
    to_turn(g, "emperor")
    act(g, "gather:gold")
    assert g.turn.seat == 0 and g.turn.char == "emperor"
    assert g.crown == 2  # the bewitched Emperor's holder does not move the crown
    assert "end_turn" not in legal(g)
    act(g, "ability:emperor")
    assert legal(g) == ["player:1", "player:3"]
    setup(g, 1, hand=[])
    gold1 = g.players[1].gold
    act(g, "player:1")
    assert g.crown == 1
    assert g.players[1].gold == gold1 - 1  # only gold to take: taken automatically
    assert "end_turn" in legal(g)


def test_bewitched_player_may_use_gathering_effects():
    """§5.2: the bewitched player may use the district effects that trigger when gathering (Gold Mine)."""
    g = witch_game()
    act(g, "gather:gold", "character:merchant")
    setup(g, 1, gold=0, city=["gold_mine"])
    to_turn(g, "merchant")
    act(g, "gather:gold")
    assert g.players[1].gold == 3


def test_witch_playing_the_thief_robs_for_herself():
    """§5.2: the Witch playing the bewitched Thief names the victim; its gold goes to the Witch's player."""
    g = witch_game(assignment={0: ["witch"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    act(g, "gather:gold", "character:thief")
    to_turn(g, "thief")
    act(g, "gather:gold")
    assert g.turn.seat == 0 and g.turn.char == "thief"
    act(g, "ability:rob", "character:warlord", "end_turn")
    setup(g, 0, gold=0)
    setup(g, 3, gold=6)
    to_turn(g, "warlord")
    assert g.players[3].gold == 0
    assert g.players[0].gold == 6
    assert g.players[1].gold == 4  # the bewitched Thief's holder gets nothing


def test_bewitched_player_gets_no_end_of_turn_district_effects():
    """§5.2, §4.8: no Poor House nor Park for the bewitched player (only gathering effects)."""
    g = witch_game()
    act(g, "gather:gold", "character:merchant")
    setup(g, 1, gold=0, hand=[], city=["poor_house", "park"])
    to_turn(g, "merchant")
    act(g, "gather:cards")
    act(g, legal(g)[0])  # keeps 1 card, 0 gold: the Poor House would give 1
    assert g.turn.seat == 0  # the bewitched turn is over
    assert g.players[1].gold == 0
    assert len(g.players[1].hand) == 1
    g2 = witch_game()
    act(g2, "gather:gold", "character:merchant")
    setup(g2, 1, gold=0, hand=[], city=["park"])
    to_turn(g2, "merchant")
    act(g2, "gather:gold")  # empty hand: the Park would draw 2
    assert g2.turn.seat == 0
    assert g2.players[1].hand == []
