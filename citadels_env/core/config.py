"""Game configuration: player count, character set, unique districts, rulings (RULES.md §3.1, §8, §9, §10).

A `GameConfig` is a frozen description; `GameConfig.resolve(rng)` turns it into the concrete card selection of one game
(random choices are drawn from the game's seed), after validating every restriction with an error naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CHARACTERS, DISTRICTS, RANK, UNIQUE_DISTRICT_IDS, characters_of_rank
from .limits import MAX_PLAYERS, MIN_PLAYERS
from .rng import Rng


class ConfigError(ValueError):
    """A configuration breaks a rule of the game; the message names the rule."""


FIRST_GAME = "first_game"
#: The ways characters are selected each round (`GameConfig.selection`).
DRAFT, DEAL = "draft", "deal"
SELECTIONS = (DRAFT, DEAL)


def rulebook_characters_per_player(players: int) -> int:
    """§3.4: two characters each with 2-3 players, one with 4-8."""
    return 2 if players <= 3 else 1

#: Presets of RU pp.8-9: (characters of ranks 1-8, optional rank 9, 14 unique districts).
PRESETS: dict[str, tuple[tuple[str, ...], str | None, tuple[str, ...]]] = {
    FIRST_GAME: (
        ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"),
        None,
        ("dragon_gate", "factory", "haunted_quarter", "imperial_treasury", "keep", "laboratory", "library",
         "map_room", "quarry", "school_of_magic", "smithy", "statue", "thieves_den", "wishing_well"),
    ),
    "ambitious_aristocrats": (
        ("magistrate", "thief", "wizard", "patrician", "bishop", "trader", "architect", "marshal"),
        "queen",
        ("capitol", "factory", "framework", "great_wall", "haunted_quarter", "keep", "necropolis", "park",
         "poor_house", "quarry", "school_of_magic", "stables", "statue", "thieves_den"),
    ),
    "cunning_agents": (
        ("witch", "blackmailer", "magician", "emperor", "abbot", "alchemist", "architect", "warlord"),
        "tax_collector",
        ("armory", "basilica", "dragon_gate", "gold_mine", "keep", "monument", "museum", "necropolis", "park",
         "poor_house", "quarry", "secret_vault", "smithy", "theater"),
    ),
    "illustrious_emissaries": (
        ("witch", "spy", "seer", "emperor", "bishop", "merchant", "scholar", "diplomat"),
        "artist",
        ("factory", "framework", "great_wall", "haunted_quarter", "ivory_tower", "keep", "library", "museum",
         "observatory", "park", "poor_house", "quarry", "school_of_magic", "smithy"),
    ),
    "devious_dignitaries": (
        ("magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator", "marshal"),
        "queen",
        ("dragon_gate", "factory", "framework", "haunted_quarter", "laboratory", "necropolis", "park", "poor_house",
         "secret_vault", "smithy", "stables", "theater", "thieves_den", "wishing_well"),
    ),
    "tenacious_delegates": (
        ("assassin", "spy", "seer", "king", "cardinal", "trader", "scholar", "diplomat"),
        "artist",
        ("basilica", "capitol", "haunted_quarter", "imperial_treasury", "laboratory", "library", "map_room",
         "observatory", "school_of_magic", "secret_vault", "smithy", "stables", "statue", "wishing_well"),
    ),
    "vicious_nobles": (
        ("assassin", "thief", "magician", "patrician", "cardinal", "merchant", "navigator", "warlord"),
        "tax_collector",
        ("armory", "basilica", "dragon_gate", "gold_mine", "imperial_treasury", "ivory_tower", "laboratory",
         "map_room", "monument", "museum", "school_of_magic", "statue", "thieves_den", "wishing_well"),
    ),
}
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
UNIQUE_DISTRICTS_PER_GAME = 14


@dataclass(frozen=True)
class Rulings:
    """Every ruling that RULES.md §10 marks configurable, with the recommended default."""

    #: Q6: may the Warlord destroy a district of his own city once it is completed? Default: no.
    warlord_own_completed_city: bool = False
    #: Q20: does the Great Wall also protect itself? Default: no ("any other district").
    great_wall_protects_itself: bool = False
    #: Q7: tie-break on the highest rank "held" after selection (default) or only "revealed" in the last round.
    tiebreak: str = "held"
    #: Q1: rank-9 character added to the first-game set with 3 players and with 8 players.
    first_game_rank9_3p: str = "tax_collector"
    first_game_rank9_8p: str = "queen"


@dataclass(frozen=True)
class GameConfig:
    """What to play. Everything left as None is filled from the preset, the player count or the seed.

    players: 2-8.
    preset: one of PRESET_NAMES (default "first_game" when no characters are given).
    characters: explicit character ids, exactly one per rank 1-8 and optionally one of rank 9.
    use_rank9: with a preset and 4-7 players, whether its rank-9 character is added (mandatory with 3 and 8).
    unique_districts: 14 explicit unique district ids, "random" (14 drawn from the 30 with the seed), or None (preset).
    completion_size: districts that complete a city; default 7, or 8 with 2-3 players (the online variant of §9 makes
        it configurable).
    crown_seat: seat of the "oldest player", who starts with the crown (Q34); None draws it from the seed.
    selection: "draft" (the rulebook's, §3.4-3.6) or "deal" (the online game's variant: each round the crown holder
        chooses one character from all of them, the rest are dealt at random, one at a time clockwise, and the
        characters left over are set aside face down; nothing is discarded face up).
    characters_per_player: with "deal", how many characters each seat gets per round (players x this must not exceed
        the characters in the game); None is the rulebook's count (2 with 2-3 players, else 1), the only one "draft"
        allows. The online game starts with the crown unowned; here the rulebook's crown holder (Q34) keeps it, so the
        first round is dealt like every other.
    emperor_substitute / queen_substitute: the preset footnotes' replacements (Emperor with 2 players, Queen with 3-4).
    """

    players: int = 4
    preset: str | None = None
    characters: tuple[str, ...] | None = None
    use_rank9: bool = False
    unique_districts: tuple[str, ...] | str | None = None
    completion_size: int | None = None
    crown_seat: int | None = 0
    emperor_substitute: str = "king"
    queen_substitute: str = "artist"
    rulings: Rulings = field(default_factory=Rulings)
    selection: str = DRAFT
    characters_per_player: int | None = None

    # -- resolution -------------------------------------------------------------------------------------------------
    def resolve(self, rng: Rng) -> ResolvedConfig:
        n = self.players
        if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(f"players must be an integer from {MIN_PLAYERS} to {MAX_PLAYERS}, got {n!r}")
        if self.characters is not None and self.preset is not None:
            raise ConfigError("give either characters or preset, not both")
        if self.characters is not None:
            chars = tuple(self.characters)
        else:
            preset = self.preset or FIRST_GAME
            if preset not in PRESETS:
                raise ConfigError(f"unknown preset {preset!r}; choose one of {', '.join(PRESET_NAMES)}")
            base, rank9, _ = PRESETS[preset]
            chars = list(base)
            if n == 2 and "emperor" in chars:  # RU p.9 footnote *
                chars[chars.index("emperor")] = self.emperor_substitute
            if preset == FIRST_GAME:  # Q1: the first-game list names no rank 9
                rank9 = {3: self.rulings.first_game_rank9_3p, 8: self.rulings.first_game_rank9_8p}.get(n)
            if rank9 is not None and (n in (3, 8) or (4 <= n <= 7 and self.use_rank9)):
                if rank9 == "queen" and n < 5:  # RU p.9 footnote †
                    rank9 = self.queen_substitute
                chars.append(rank9)
            chars = tuple(chars)
        validate_characters(chars, n)

        uniques = self.unique_districts
        if uniques is None:  # the preset's list; with explicit characters, the first game's list
            uniques = PRESETS[self.preset or FIRST_GAME][2]
        if uniques == "random":
            pool = list(UNIQUE_DISTRICT_IDS)
            rng.shuffle(pool)
            uniques = tuple(sorted(pool[:UNIQUE_DISTRICTS_PER_GAME]))
        uniques = tuple(uniques)
        validate_unique_districts(uniques)

        size = self.completion_size if self.completion_size is not None else (8 if n <= 3 else 7)
        if not isinstance(size, int) or not 1 <= size <= 20:
            raise ConfigError(f"completion_size must be an integer from 1 to 20, got {size!r}")
        crown = self.crown_seat if self.crown_seat is not None else rng.below(n)
        if not isinstance(crown, int) or not 0 <= crown < n:
            raise ConfigError(f"crown_seat must be a seat from 0 to {n - 1}, got {crown!r}")
        if self.rulings.tiebreak not in ("held", "revealed"):
            raise ConfigError(f"rulings.tiebreak must be 'held' or 'revealed' (Q7), got {self.rulings.tiebreak!r}")
        chars = tuple(sorted(chars, key=RANK.__getitem__))
        per = validate_selection(self.selection, self.characters_per_player, n, len(chars))
        return ResolvedConfig(n, chars, uniques, size, crown, self.rulings, self.selection, per)


def validate_selection(selection: str, per: int | None, players: int, characters: int) -> int:
    """The characters each seat gets per round; ConfigError when the selection mode or the count is impossible."""
    if selection not in SELECTIONS:
        raise ConfigError(f"selection must be one of {', '.join(SELECTIONS)}, got {selection!r}")
    book = rulebook_characters_per_player(players)
    if per is None:
        return book
    if type(per) is not int:
        raise ConfigError(f"characters_per_player must be an integer or null, got {per!r}")
    if selection == DRAFT and per != book:
        raise ConfigError(f"the draft gives {book} character(s) per player with {players} players; "
                          f"characters_per_player={per} needs selection='deal'")
    if not 1 <= per <= characters // players:
        raise ConfigError(f"characters_per_player must be from 1 to {characters // players} with {players} players "
                          f"and {characters} characters, got {per}")
    return per


def validate_characters(chars: tuple[str, ...], players: int) -> None:
    """Raise ConfigError naming the broken rule of §3.1 / §8.1."""
    for c in chars:
        if c not in CHARACTERS:
            raise ConfigError(f"unknown character {c!r}")
    ranks = sorted(RANK[c] for c in chars)
    for r in range(1, 9):
        if ranks.count(r) != 1:
            names = ", ".join(characters_of_rank(r))
            raise ConfigError(f"exactly one character of rank {r} is required ({names}), got {ranks.count(r)}")
    nine = ranks.count(9)
    if nine > 1:
        raise ConfigError("at most one character of rank 9 may be used")
    if players == 2 and nine:
        raise ConfigError("rank 9 is not used with 2 players (the 2-player deck is ranks 1-8)")
    if players in (3, 8) and not nine:
        raise ConfigError(f"a rank-9 character is mandatory with {players} players")
    if players == 2 and "emperor" in chars:
        raise ConfigError("the Emperor may not be used with 2 players (replace it by the King or the Patrician)")
    if players < 5 and "queen" in chars:
        raise ConfigError("the Queen may not be used with fewer than 5 players (replace it by the Artist or the "
                          "Tax Collector)")


def validate_unique_districts(uniques: tuple[str, ...]) -> None:
    for d in uniques:
        if d not in DISTRICTS or DISTRICTS[d].type != "unique":
            raise ConfigError(f"unknown unique district {d!r}")
    if len(set(uniques)) != len(uniques):
        raise ConfigError("unique districts must be distinct (one copy of each exists)")
    if len(uniques) != UNIQUE_DISTRICTS_PER_GAME:
        raise ConfigError(f"a game uses exactly {UNIQUE_DISTRICTS_PER_GAME} unique districts (§3.1), got {len(uniques)}")


@dataclass(frozen=True)
class ResolvedConfig:
    """The concrete selection of one game; shared (never copied) by every clone of that game."""

    players: int
    characters: tuple[str, ...]  # sorted by rank
    unique_districts: tuple[str, ...]
    completion_size: int
    crown_seat: int
    rulings: Rulings
    selection: str = DRAFT
    characters_per_player: int = 1

    @property
    def has_rank9(self) -> bool:
        return RANK[self.characters[-1]] == 9
