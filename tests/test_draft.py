"""The selection phase (RULES.md §3.4-3.6) for every player count, and the character-set configuration (§3.1, §8).

The draft is driven through its public decisions ("draft_keep" / "draft_discard"); each test records who chose,
what kind of choice, and how many cards were on offer (len(legal_actions())).
"""

import random
from collections import Counter

import pytest
from helpers import FIRST_GAME

from citadels_env.core import ConfigError, Game, GameConfig, Rulings
from citadels_env.core.cards import RANK, UNIQUE_DISTRICT_IDS

RANK4 = ("king", "emperor", "patrician")


def chars_for(n: int, k: int, rank4: str = "king") -> tuple[str, ...]:
    """A legal character set of k characters for n players, with the given rank-4 character."""
    base = tuple(rank4 if RANK[c] == 4 else c for c in FIRST_GAME)
    if k == 8:
        return base
    return (*base, "queen" if n >= 5 else "artist" if n == 4 else "tax_collector")


#: (players, characters) -> (face-up discards, cards seen by each chooser in order, face-down cards at the end)
#: §3.4 table: with n players and k cards after the discards, the i-th chooser sees k - i + 1 cards; the last one
#: always sees 2 (with 7p/8c and 8p/9c: 1 passed card + the initial face-down card).
TABLE = {
    (4, 8): (2, [5, 4, 3, 2], 2),
    (4, 9): (3, [5, 4, 3, 2], 2),
    (5, 8): (1, [6, 5, 4, 3, 2], 2),
    (5, 9): (2, [6, 5, 4, 3, 2], 2),
    (6, 8): (0, [7, 6, 5, 4, 3, 2], 2),
    (6, 9): (1, [7, 6, 5, 4, 3, 2], 2),
    (7, 8): (0, [7, 6, 5, 4, 3, 2, 2], 1),
    (7, 9): (0, [8, 7, 6, 5, 4, 3, 2], 2),
    (8, 9): (0, [8, 7, 6, 5, 4, 3, 2, 2], 1),
}
ALL_COUNTS = [(2, 8), (3, 9), *TABLE]


def run_draft(g: Game, rnd: random.Random) -> list[tuple[str, int, int]]:
    """Play the draft with random choices; returns (decision kind, seat, number of cards offered) per decision."""
    log = []
    while g.decision_kind in ("draft_keep", "draft_discard"):
        acts = g.legal_actions()
        assert all(a.verb == "character" for a in acts)
        log.append((g.decision_kind, g.current_player, len(acts)))
        g.apply(rnd.choice(acts))
    return log


def check_conservation(g: Game, per_player: int) -> None:
    """Every character of the game is held, face up or face down, exactly once."""
    held = [c for p in g.players for c in p.chars]
    assert all(len(p.chars) == per_player for p in g.players)
    assert Counter([*held, *g.faceup, *g.facedown]) == Counter(g.cfg.characters)
    assert {c: s for p in g.players for s, c in ((p.seat, c) for c in p.chars)} == g.holder


# -- 4 to 8 players -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "k"), list(TABLE))
def test_draft_four_to_eight_players(n, k):
    """§3.4: face-up discards of the table, 1 face-down card at the start, the crowned player chooses first then
    clockwise (seat + 1), each chooser sees one card fewer, the last one sees 2, everyone ends with 1 character."""
    up, sizes, down_end = TABLE[(n, k)]
    rnd = random.Random(n * 10 + k)
    for seed in range(2 * n):
        crown = seed % n
        g = Game(GameConfig(players=n, characters=chars_for(n, k), crown_seat=crown), seed)
        assert g.phase == "draft" and g.crown == crown
        assert len(g.faceup) == up and len(g.facedown) == 1
        assert all(RANK[c] != 4 for c in g.faceup)
        log = run_draft(g, rnd)
        assert log == [("draft_keep", (crown + i) % n, size) for i, size in enumerate(sizes)]
        assert len(g.faceup) == up and len(g.facedown) == down_end
        check_conservation(g, 1)
        assert g.phase == "action"


@pytest.mark.parametrize(("n", "k"), [(7, 8), (8, 9)])
def test_last_player_takes_the_initial_face_down_card(n, k):
    """§3.4.7: with 7 players / 8 characters and 8 / 9, the last player chooses between the one card passed to him
    and the card discarded face down at the start; the other one is discarded face down."""
    for seed in range(20):
        g = Game(GameConfig(players=n, characters=chars_for(n, k), crown_seat=seed % n), seed)
        initial = list(g.facedown)
        rnd = random.Random(seed)
        last = (g.crown + n - 1) % n
        while g.current_player != last:
            g.apply(rnd.choice(g.legal_actions()))
        held = {c for p in g.players for c in p.chars}
        passed = set(g.cfg.characters) - held - set(initial)
        assert len(passed) == 1
        offered = {a.arg for a in g.legal_actions()}
        assert offered == passed | set(initial)
        assert ("took_facedown", last) in [e for _, e in g.events]
        keep = sorted(offered)[seed % 2]
        g.apply(next(a for a in g.legal_actions() if a.arg == keep))
        assert g.players[last].chars == [keep]
        assert g.facedown == sorted(offered - {keep})
        check_conservation(g, 1)


def test_seven_players_nine_characters_no_special_rule():
    """§3.4 table: 7 players with 9 characters need no special rule (8 cards, the last player sees 2)."""
    g = Game(GameConfig(players=7, characters=chars_for(7, 9)), 3)
    log = run_draft(g, random.Random(3))
    assert [size for _, _, size in log] == [8, 7, 6, 5, 4, 3, 2]
    assert not [e for _, e in g.events if e[0] == "took_facedown"]


# -- the rank-4 face-up rule --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rank4", RANK4)
@pytest.mark.parametrize(("n", "k"), [(4, 8), (4, 9), (5, 8), (5, 9), (6, 9)])
def test_rank4_never_discarded_face_up(n, k, rank4):
    """§3.4.3: a rank-4 character drawn face up is replaced and shuffled back: never face up, over many seeds; it
    may still end up face down (Q28) or be dealt."""
    chars = chars_for(n, k, rank4)
    where = Counter()
    for seed in range(150):
        g = Game(GameConfig(players=n, characters=chars), seed)
        assert rank4 not in g.faceup
        up = TABLE[(n, k)][0]
        assert len(g.faceup) == up and len(set(g.faceup)) == up
        assert len(g.facedown) == 1 and g.facedown[0] not in g.faceup
        where["facedown" if rank4 in g.facedown else "hand"] += 1
    assert where["facedown"] > 0 and where["hand"] > 0


def test_face_up_discards_are_public():
    """§3.4.2: the face-up discards are announced to everybody."""
    g = Game(GameConfig(players=4, characters=chars_for(4, 9)), 11)
    assert (255, ("faceup", tuple(g.faceup))) in g.events


# -- 2 and 3 players ----------------------------------------------------------------------------------------------------
def test_two_player_procedure():
    """§3.5: 1 random face-down discard; A keeps 1 of 7; B keeps 1 of 6 and discards 1 of 5; A keeps 1 of 4 and
    discards 1 of 3; B keeps 1 of 2, the last card is discarded face down. No face-up discard."""
    for seed in range(12):
        crown = seed % 2
        g = Game(GameConfig(players=2, crown_seat=crown), seed)
        a, b = crown, 1 - crown
        assert g.faceup == [] and len(g.facedown) == 1
        rnd = random.Random(seed)
        discarded = []
        log = []
        while g.decision_kind in ("draft_keep", "draft_discard"):
            acts = g.legal_actions()
            log.append((g.decision_kind, g.current_player, len(acts)))
            choice = rnd.choice(acts)
            if g.decision_kind == "draft_discard":
                discarded.append(choice.arg)
            g.apply(choice)
        assert log == [("draft_keep", a, 7), ("draft_keep", b, 6), ("draft_discard", b, 5), ("draft_keep", a, 4),
                       ("draft_discard", a, 3), ("draft_keep", b, 2)]
        assert g.faceup == [] and len(g.facedown) == 4
        assert set(discarded) <= set(g.facedown)
        check_conservation(g, 2)


def test_three_player_procedure():
    """§3.6: 1 random face-down discard; A keeps 1 of 8, B 1 of 7, C 1 of 6; 1 of the 5 left is discarded at
    random; A keeps 1 of 4, B 1 of 3, C 1 of 2; the last card is discarded face down."""
    for seed in range(12):
        crown = seed % 3
        g = Game(GameConfig(players=3, crown_seat=crown), seed)
        a, b, c = crown, (crown + 1) % 3, (crown + 2) % 3
        assert g.faceup == [] and len(g.facedown) == 1
        log = run_draft(g, random.Random(seed))
        assert log == [("draft_keep", a, 8), ("draft_keep", b, 7), ("draft_keep", c, 6), ("draft_keep", a, 4),
                       ("draft_keep", b, 3), ("draft_keep", c, 2)]
        assert g.faceup == [] and len(g.facedown) == 3
        check_conservation(g, 2)


@pytest.mark.parametrize(("n", "k"), ALL_COUNTS)
def test_every_round_redrafts_from_the_full_set(n, k):
    """§4.1: all characters are returned at the end of the round; the next round's draft starts from the full set,
    the crowned player choosing first."""
    chars = chars_for(n, k) if n >= 4 else None
    g = Game(GameConfig(players=n, characters=chars), 1)
    rnd = random.Random(1)
    run_draft(g, rnd)
    while not (g.round == 2 and g.phase == "draft") and not g.is_over:
        acts = g.legal_actions()
        g.apply(next((a for a in acts if str(a) in ("gather:gold", "end_turn", "no", "pass")), acts[0]))
    assert g.round == 2 and g.phase == "draft"
    assert all(p.chars == [] for p in g.players)
    assert Counter([*g.faceup, *g.facedown, *g.draft_hand]) == Counter(g.cfg.characters)
    assert g.current_player == g.crown
    run_draft(g, rnd)
    check_conservation(g, 2 if n <= 3 else 1)


# -- configuration: §3.1 / §8.1 restrictions -----------------------------------------------------------------------------
def cfg_error(match, **kw):
    with pytest.raises(ConfigError, match=match):
        Game(GameConfig(**kw), 0)


def test_config_player_count():
    """§1: 2 to 8 players."""
    for n in (0, 1, 9):
        cfg_error("players must be an integer from 2 to 8", players=n)


def test_config_exactly_one_character_per_rank_1_to_8():
    """§3.1: exactly one character of each rank 1-8."""
    cfg_error("exactly one character of rank 8", players=4, characters=FIRST_GAME[:7])
    cfg_error("exactly one character of rank 1", players=4, characters=("witch", *FIRST_GAME))
    cfg_error("exactly one character of rank 4",
              players=4, characters=("assassin", "thief", "magician", "king", "emperor", "merchant", "architect",
                                     "warlord"))


def test_config_at_most_one_rank9():
    """§3.1: one rank-9 character at most."""
    cfg_error("at most one character of rank 9", players=5, characters=(*FIRST_GAME, "queen", "artist"))


def test_config_rank9_not_with_two_players():
    """§3.1, §3.5: the 2-player deck is ranks 1-8."""
    cfg_error("rank 9 is not used with 2 players", players=2, characters=(*FIRST_GAME, "artist"))


def test_config_rank9_mandatory_with_three_and_eight_players():
    """§3.1: rank 9 is mandatory with 3 and 8 players."""
    cfg_error("rank-9 character is mandatory with 3 players", players=3, characters=FIRST_GAME)
    cfg_error("rank-9 character is mandatory with 8 players", players=8, characters=FIRST_GAME)


def test_config_rank9_optional_with_four_to_seven_players():
    """§3.1: rank 9 optional with 4-7 players (Queen only from 5)."""
    for n in (4, 5, 6, 7):
        assert Game(GameConfig(players=n, characters=FIRST_GAME), 0).cfg.characters == FIRST_GAME
        assert Game(GameConfig(players=n, characters=(*FIRST_GAME, "tax_collector")), 0).cfg.has_rank9


def test_config_emperor_not_with_two_players():
    """§3.1, §8.1: the Emperor may not be used with 2 players."""
    cfg_error("Emperor may not be used with 2 players", players=2, characters=chars_for(2, 8, "emperor"))
    assert Game(GameConfig(players=3, characters=(*chars_for(3, 8, "emperor"), "artist")), 0)


def test_config_queen_not_with_fewer_than_five_players():
    """§3.1, §8.1: the Queen may not be used with fewer than 5 players."""
    for n in (3, 4):
        cfg_error("Queen may not be used with fewer than 5 players", players=n, characters=(*FIRST_GAME, "queen"))
    assert Game(GameConfig(players=5, characters=(*FIRST_GAME, "queen")), 0).cfg.characters[-1] == "queen"


def test_config_unknown_names():
    """Unknown characters, presets and unique districts are refused by name."""
    cfg_error("unknown character 'jester'", players=4, characters=(*FIRST_GAME[:7], "jester"))
    cfg_error("unknown preset 'nope'", players=4, preset="nope")
    cfg_error("either characters or preset", players=4, characters=FIRST_GAME, preset="cunning_agents")
    uniques = list(UNIQUE_DISTRICT_IDS[:13])
    cfg_error("unknown unique district 'castle'", players=4, unique_districts=(*uniques, "castle"))


def test_config_unique_districts_distinct():
    """§2.4: one copy of each unique district exists."""
    uniques = list(UNIQUE_DISTRICT_IDS[:13])
    cfg_error("distinct", players=4, unique_districts=(*uniques, uniques[0]))


def test_config_fourteen_unique_districts():
    """§3.1 / §8.1: a game uses 14 unique districts (with the 54 base districts: a 68-card deck)."""
    for size in (13, 15):
        cfg_error("14 unique districts", players=4, unique_districts=tuple(UNIQUE_DISTRICT_IDS[:size]))
    g = Game(GameConfig(players=4, unique_districts="random"), 9)
    assert len(g.cfg.unique_districts) == 14 and len(set(g.cfg.unique_districts)) == 14
    assert g.district_card_count() == 68


def test_config_other_parameters():
    """Q34 crown seat and Q7 tie-break option are validated."""
    cfg_error("crown_seat", players=4, crown_seat=4)
    cfg_error("crown_seat", players=4, crown_seat=-1)
    cfg_error("tiebreak", players=4, rulings=Rulings(tiebreak="chosen"))
    cfg_error("completion_size", players=4, completion_size=0)


# -- presets (§8.2) and their footnote substitutions ---------------------------------------------------------------------
#: RULES.md §8.2, ranks 1-8 then the rank-9 character in parentheses.
PRESET_CHARS = {
    "ambitious_aristocrats": ("magistrate", "thief", "wizard", "patrician", "bishop", "trader", "architect",
                              "marshal", "queen"),
    "cunning_agents": ("witch", "blackmailer", "magician", "emperor", "abbot", "alchemist", "architect", "warlord",
                       "tax_collector"),
    "illustrious_emissaries": ("witch", "spy", "seer", "emperor", "bishop", "merchant", "scholar", "diplomat",
                               "artist"),
    "devious_dignitaries": ("magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator",
                            "marshal", "queen"),
    "tenacious_delegates": ("assassin", "spy", "seer", "king", "cardinal", "trader", "scholar", "diplomat", "artist"),
    "vicious_nobles": ("assassin", "thief", "magician", "patrician", "cardinal", "merchant", "navigator", "warlord",
                       "tax_collector"),
}
PRESET_UNIQUES = {
    "first_game": ("dragon_gate", "factory", "haunted_quarter", "imperial_treasury", "keep", "laboratory", "library",
                   "map_room", "quarry", "school_of_magic", "smithy", "statue", "thieves_den", "wishing_well"),
    "ambitious_aristocrats": ("capitol", "factory", "framework", "great_wall", "haunted_quarter", "keep",
                              "necropolis", "park", "poor_house", "quarry", "school_of_magic", "stables", "statue",
                              "thieves_den"),
    "cunning_agents": ("armory", "basilica", "dragon_gate", "gold_mine", "keep", "monument", "museum", "necropolis",
                       "park", "poor_house", "quarry", "secret_vault", "smithy", "theater"),
    "illustrious_emissaries": ("factory", "framework", "great_wall", "haunted_quarter", "ivory_tower", "keep",
                               "library", "museum", "observatory", "park", "poor_house", "quarry", "school_of_magic",
                               "smithy"),
    "devious_dignitaries": ("dragon_gate", "factory", "framework", "haunted_quarter", "laboratory", "necropolis",
                            "park", "poor_house", "secret_vault", "smithy", "stables", "theater", "thieves_den",
                            "wishing_well"),
    "tenacious_delegates": ("basilica", "capitol", "haunted_quarter", "imperial_treasury", "laboratory", "library",
                            "map_room", "observatory", "school_of_magic", "secret_vault", "smithy", "stables",
                            "statue", "wishing_well"),
    "vicious_nobles": ("armory", "basilica", "dragon_gate", "gold_mine", "imperial_treasury", "ivory_tower",
                       "laboratory", "map_room", "monument", "museum", "school_of_magic", "statue", "thieves_den",
                       "wishing_well"),
}


def expected_preset(preset: str, n: int, use_rank9: bool) -> tuple[str, ...]:
    """§8.2 with the RU p.9 footnotes (Emperor -> King with 2 players; Queen -> Artist with 3-4) and Q1."""
    if preset == "first_game":
        chars = list(FIRST_GAME)
        rank9 = {3: "tax_collector", 8: "queen"}.get(n)
    else:
        chars = list(PRESET_CHARS[preset][:8])
        rank9 = PRESET_CHARS[preset][8]
    if n == 2:
        chars = ["king" if c == "emperor" else c for c in chars]
    if rank9 and (n in (3, 8) or (4 <= n <= 7 and use_rank9)):
        chars.append("artist" if rank9 == "queen" and n < 5 else rank9)
    return tuple(chars)


@pytest.mark.parametrize("preset", list(PRESET_UNIQUES))
def test_presets_resolve_with_footnote_substitutions(preset):
    """§8.2: every preset for 2-8 players, with and without the optional rank 9, resolves to its characters (in
    rank order) and its 14 unique districts."""
    for n in range(2, 9):
        for use_rank9 in (False, True):
            cfg = Game(GameConfig(players=n, preset=preset, use_rank9=use_rank9), 0).cfg
            assert cfg.characters == expected_preset(preset, n, use_rank9), (n, use_rank9)
            assert sorted(cfg.unique_districts) == sorted(PRESET_UNIQUES[preset])


def test_preset_footnote_examples():
    """RU p.9 footnotes, spelled out: Emperor -> King with 2 players; Queen -> Artist with 3 and 4 players."""
    assert Game(GameConfig(players=2, preset="cunning_agents"), 0).cfg.characters == (
        "witch", "blackmailer", "magician", "king", "abbot", "alchemist", "architect", "warlord")
    assert Game(GameConfig(players=3, preset="ambitious_aristocrats"), 0).cfg.characters[-1] == "artist"
    assert Game(GameConfig(players=4, preset="devious_dignitaries", use_rank9=True), 0).cfg.characters[-1] == "artist"
    assert Game(GameConfig(players=5, preset="devious_dignitaries", use_rank9=True), 0).cfg.characters[-1] == "queen"
    assert Game(GameConfig(players=8, preset="ambitious_aristocrats"), 0).cfg.characters[-1] == "queen"
    assert len(Game(GameConfig(players=6, preset="ambitious_aristocrats"), 0).cfg.characters) == 8


def test_preset_substitutes_are_configurable():
    """§8.1: the footnotes allow the Patrician for the Emperor and the Tax Collector for the Queen."""
    cfg = Game(GameConfig(players=2, preset="illustrious_emissaries", emperor_substitute="patrician"), 0).cfg
    assert "patrician" in cfg.characters and "emperor" not in cfg.characters
    cfg = Game(GameConfig(players=3, preset="devious_dignitaries", queen_substitute="tax_collector"), 0).cfg
    assert cfg.characters[-1] == "tax_collector"


def test_first_game_rank9_q1():
    """Q1: the first game adds the Tax Collector with 3 players and the Queen with 8 (configurable)."""
    assert Game(GameConfig(players=3), 0).cfg.characters == (*FIRST_GAME, "tax_collector")
    assert Game(GameConfig(players=8), 0).cfg.characters == (*FIRST_GAME, "queen")
    r = Rulings(first_game_rank9_3p="artist", first_game_rank9_8p="artist")
    assert Game(GameConfig(players=3, rulings=r), 0).cfg.characters[-1] == "artist"
    assert Game(GameConfig(players=8, rulings=r), 0).cfg.characters[-1] == "artist"


def test_explicit_characters_sorted_by_rank():
    """The resolved character set is in rank order whatever order it was given in."""
    cfg = Game(GameConfig(players=5, characters=("queen", *reversed(FIRST_GAME))), 0).cfg
    assert cfg.characters == (*FIRST_GAME, "queen")


# -- completion size ------------------------------------------------------------------------------------------------------
def test_completion_size_defaults():
    """§7.1: 7 districts complete a city with 4-8 players, 8 with 2-3; configurable (§9)."""
    for n in range(2, 9):
        assert Game(GameConfig(players=n), 0).cfg.completion_size == (8 if n <= 3 else 7)
    assert Game(GameConfig(players=4, completion_size=8), 0).cfg.completion_size == 8
    assert Game(GameConfig(players=2, completion_size=6), 0).cfg.completion_size == 6
