"""The card catalogue (RULES.md §2): 27 characters, 17 base district kinds (54 cards), 30 unique districts.

Cards are identified by short string ids ("assassin", "castle", "thieves_den"). Strings keep game states readable,
hashable and cheap to copy; the environment maps them to integers at its boundary.
"""

from __future__ import annotations

from dataclasses import dataclass

NOBLE, RELIGIOUS, TRADE, MILITARY, UNIQUE = "noble", "religious", "trade", "military", "unique"
DISTRICT_TYPES: tuple[str, ...] = (NOBLE, RELIGIOUS, TRADE, MILITARY, UNIQUE)


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    rank: int
    #: District type whose districts give this character resources (§4.5), or None.
    income_type: str | None
    edition: str


@dataclass(frozen=True)
class District:
    id: str
    name: str
    type: str
    cost: int
    copies: int
    edition: str = ""
    #: False only for the Secret Vault, which can never be built (§2.4, Q30).
    buildable: bool = True


CHARACTER_LIST: tuple[Character, ...] = (
    Character("assassin", "Assassin", 1, None, "classic"),
    Character("witch", "Witch", 1, None, "dark_city"),
    Character("magistrate", "Magistrate", 1, None, "new"),
    Character("thief", "Thief", 2, None, "classic"),
    Character("spy", "Spy", 2, None, "new"),
    Character("blackmailer", "Blackmailer", 2, None, "new"),
    Character("magician", "Magician", 3, None, "classic"),
    Character("wizard", "Wizard", 3, None, "dark_city"),
    Character("seer", "Seer", 3, None, "new"),
    Character("king", "King", 4, NOBLE, "classic"),
    Character("emperor", "Emperor", 4, NOBLE, "dark_city"),
    Character("patrician", "Patrician", 4, NOBLE, "new"),
    Character("bishop", "Bishop", 5, RELIGIOUS, "classic"),
    Character("abbot", "Abbot", 5, RELIGIOUS, "dark_city"),
    Character("cardinal", "Cardinal", 5, RELIGIOUS, "new"),
    Character("merchant", "Merchant", 6, TRADE, "classic"),
    Character("alchemist", "Alchemist", 6, None, "dark_city"),
    Character("trader", "Trader", 6, TRADE, "new"),
    Character("architect", "Architect", 7, None, "classic"),
    Character("navigator", "Navigator", 7, None, "dark_city"),
    Character("scholar", "Scholar", 7, None, "new"),
    Character("warlord", "Warlord", 8, MILITARY, "classic"),
    Character("diplomat", "Diplomat", 8, MILITARY, "dark_city"),
    Character("marshal", "Marshal", 8, MILITARY, "new"),
    Character("queen", "Queen", 9, None, "dark_city"),
    Character("artist", "Artist", 9, None, "dark_city"),
    Character("tax_collector", "Tax Collector", 9, None, "new"),
)

BASE_DISTRICT_LIST: tuple[District, ...] = (
    District("manor", "Manor", NOBLE, 3, 5),
    District("castle", "Castle", NOBLE, 4, 4),
    District("palace", "Palace", NOBLE, 5, 3),
    District("temple", "Temple", RELIGIOUS, 1, 3),
    District("church", "Church", RELIGIOUS, 2, 3),
    District("monastery", "Monastery", RELIGIOUS, 3, 3),
    District("cathedral", "Cathedral", RELIGIOUS, 5, 2),
    District("tavern", "Tavern", TRADE, 1, 5),
    District("market", "Market", TRADE, 2, 4),
    District("trading_post", "Trading Post", TRADE, 2, 3),
    District("docks", "Docks", TRADE, 3, 3),
    District("harbor", "Harbor", TRADE, 4, 3),
    District("town_hall", "Town Hall", TRADE, 5, 2),
    District("watchtower", "Watchtower", MILITARY, 1, 3),
    District("prison", "Prison", MILITARY, 2, 3),
    District("barracks", "Barracks", MILITARY, 3, 3),
    District("fortress", "Fortress", MILITARY, 5, 2),
)

UNIQUE_DISTRICT_LIST: tuple[District, ...] = (
    District("armory", "Armory", UNIQUE, 3, 1, "dark_city"),
    District("basilica", "Basilica", UNIQUE, 4, 1, "new"),
    District("capitol", "Capitol", UNIQUE, 5, 1, "new"),
    District("dragon_gate", "Dragon Gate", UNIQUE, 6, 1, "classic"),
    District("factory", "Factory", UNIQUE, 5, 1, "dark_city"),
    District("framework", "Framework", UNIQUE, 3, 1, "new"),
    District("gold_mine", "Gold Mine", UNIQUE, 6, 1, "new"),
    District("great_wall", "Great Wall", UNIQUE, 6, 1, "classic"),
    District("haunted_quarter", "Haunted Quarter", UNIQUE, 2, 1, "classic"),
    District("imperial_treasury", "Imperial Treasury", UNIQUE, 5, 1, "dark_city"),
    District("ivory_tower", "Ivory Tower", UNIQUE, 5, 1, "new"),
    District("keep", "Keep", UNIQUE, 3, 1, "classic"),
    District("laboratory", "Laboratory", UNIQUE, 5, 1, "classic"),
    District("library", "Library", UNIQUE, 6, 1, "classic"),
    District("map_room", "Map Room", UNIQUE, 5, 1, "dark_city"),
    District("monument", "Monument", UNIQUE, 4, 1, "new"),
    District("museum", "Museum", UNIQUE, 4, 1, "dark_city"),
    District("necropolis", "Necropolis", UNIQUE, 5, 1, "new"),
    District("observatory", "Observatory", UNIQUE, 4, 1, "classic"),
    District("park", "Park", UNIQUE, 6, 1, "dark_city"),
    District("poor_house", "Poor House", UNIQUE, 4, 1, "dark_city"),
    District("quarry", "Quarry", UNIQUE, 5, 1, "dark_city"),
    District("school_of_magic", "School of Magic", UNIQUE, 6, 1, "classic"),
    # Printed cost unknown and irrelevant: it can never be built (Q30). 0 keeps every cost an int.
    District("secret_vault", "Secret Vault", UNIQUE, 0, 1, "new", buildable=False),
    District("smithy", "Smithy", UNIQUE, 5, 1, "classic"),
    District("stables", "Stables", UNIQUE, 2, 1, "new"),
    District("statue", "Statue", UNIQUE, 3, 1, "new"),
    District("theater", "Theater", UNIQUE, 6, 1, "new"),
    District("thieves_den", "Thieves' Den", UNIQUE, 6, 1, "new"),
    District("wishing_well", "Wishing Well", UNIQUE, 5, 1, "dark_city"),
)

CHARACTERS: dict[str, Character] = {c.id: c for c in CHARACTER_LIST}
DISTRICTS: dict[str, District] = {d.id: d for d in BASE_DISTRICT_LIST + UNIQUE_DISTRICT_LIST}
CHARACTER_IDS: tuple[str, ...] = tuple(c.id for c in CHARACTER_LIST)
DISTRICT_IDS: tuple[str, ...] = tuple(DISTRICTS)
BASE_DISTRICT_IDS: tuple[str, ...] = tuple(d.id for d in BASE_DISTRICT_LIST)
UNIQUE_DISTRICT_IDS: tuple[str, ...] = tuple(d.id for d in UNIQUE_DISTRICT_LIST)
RANKS: tuple[int, ...] = tuple(range(1, 10))

#: Fast look-ups used on hot paths.
RANK: dict[str, int] = {c.id: c.rank for c in CHARACTER_LIST}
COST: dict[str, int] = {d.id: d.cost for d in DISTRICTS.values()}
TYPE: dict[str, str] = {d.id: d.type for d in DISTRICTS.values()}


def characters_of_rank(rank: int) -> tuple[str, ...]:
    return tuple(c.id for c in CHARACTER_LIST if c.rank == rank)


def base_deck() -> list[str]:
    """The 54 base district cards, in catalogue order."""
    return [d.id for d in BASE_DISTRICT_LIST for _ in range(d.copies)]
