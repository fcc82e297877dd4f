"""The card catalogue (RULES.md §2): 27 characters, 17 base district kinds (54 cards), 30 unique districts.

Cards are identified by short string ids ("assassin", "castle", "thieves_den"). Strings keep game states readable,
hashable and cheap to copy; the environment maps them to integers at its boundary.
"""

from __future__ import annotations

from dataclasses import dataclass

NOBLE, RELIGIOUS, TRADE, MILITARY, UNIQUE = "noble", "religious", "trade", "military", "unique"
DISTRICT_TYPES: tuple[str, ...] = (NOBLE, RELIGIOUS, TRADE, MILITARY, UNIQUE)


# -- card ids as names: code says `MONUMENT`, never the string (a typo is then a NameError, not a silent miss) --
# characters, by rank
ASSASSIN = "assassin"
WITCH = "witch"
MAGISTRATE = "magistrate"
THIEF = "thief"
SPY = "spy"
BLACKMAILER = "blackmailer"
MAGICIAN = "magician"
WIZARD = "wizard"
SEER = "seer"
KING = "king"
EMPEROR = "emperor"
PATRICIAN = "patrician"
BISHOP = "bishop"
ABBOT = "abbot"
CARDINAL = "cardinal"
MERCHANT = "merchant"
ALCHEMIST = "alchemist"
TRADER = "trader"
ARCHITECT = "architect"
NAVIGATOR = "navigator"
SCHOLAR = "scholar"
WARLORD = "warlord"
DIPLOMAT = "diplomat"
MARSHAL = "marshal"
QUEEN = "queen"
ARTIST = "artist"
TAX_COLLECTOR = "tax_collector"
# base districts
MANOR = "manor"
CASTLE = "castle"
PALACE = "palace"
TEMPLE = "temple"
CHURCH = "church"
MONASTERY = "monastery"
CATHEDRAL = "cathedral"
TAVERN = "tavern"
MARKET = "market"
TRADING_POST = "trading_post"
DOCKS = "docks"
HARBOR = "harbor"
TOWN_HALL = "town_hall"
WATCHTOWER = "watchtower"
PRISON = "prison"
BARRACKS = "barracks"
FORTRESS = "fortress"
# unique districts
ARMORY = "armory"
BASILICA = "basilica"
CAPITOL = "capitol"
DRAGON_GATE = "dragon_gate"
FACTORY = "factory"
FRAMEWORK = "framework"
GOLD_MINE = "gold_mine"
GREAT_WALL = "great_wall"
HAUNTED_QUARTER = "haunted_quarter"
IMPERIAL_TREASURY = "imperial_treasury"
IVORY_TOWER = "ivory_tower"
KEEP = "keep"
LABORATORY = "laboratory"
LIBRARY = "library"
MAP_ROOM = "map_room"
MONUMENT = "monument"
MUSEUM = "museum"
NECROPOLIS = "necropolis"
OBSERVATORY = "observatory"
PARK = "park"
POOR_HOUSE = "poor_house"
QUARRY = "quarry"
SCHOOL_OF_MAGIC = "school_of_magic"
SECRET_VAULT = "secret_vault"
SMITHY = "smithy"
STABLES = "stables"
STATUE = "statue"
THEATER = "theater"
THIEVES_DEN = "thieves_den"
WISHING_WELL = "wishing_well"


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
    Character(ASSASSIN, "Assassin", 1, None, "classic"),
    Character(WITCH, "Witch", 1, None, "dark_city"),
    Character(MAGISTRATE, "Magistrate", 1, None, "new"),
    Character(THIEF, "Thief", 2, None, "classic"),
    Character(SPY, "Spy", 2, None, "new"),
    Character(BLACKMAILER, "Blackmailer", 2, None, "new"),
    Character(MAGICIAN, "Magician", 3, None, "classic"),
    Character(WIZARD, "Wizard", 3, None, "dark_city"),
    Character(SEER, "Seer", 3, None, "new"),
    Character(KING, "King", 4, NOBLE, "classic"),
    Character(EMPEROR, "Emperor", 4, NOBLE, "dark_city"),
    Character(PATRICIAN, "Patrician", 4, NOBLE, "new"),
    Character(BISHOP, "Bishop", 5, RELIGIOUS, "classic"),
    Character(ABBOT, "Abbot", 5, RELIGIOUS, "dark_city"),
    Character(CARDINAL, "Cardinal", 5, RELIGIOUS, "new"),
    Character(MERCHANT, "Merchant", 6, TRADE, "classic"),
    Character(ALCHEMIST, "Alchemist", 6, None, "dark_city"),
    Character(TRADER, "Trader", 6, TRADE, "new"),
    Character(ARCHITECT, "Architect", 7, None, "classic"),
    Character(NAVIGATOR, "Navigator", 7, None, "dark_city"),
    Character(SCHOLAR, "Scholar", 7, None, "new"),
    Character(WARLORD, "Warlord", 8, MILITARY, "classic"),
    Character(DIPLOMAT, "Diplomat", 8, MILITARY, "dark_city"),
    Character(MARSHAL, "Marshal", 8, MILITARY, "new"),
    Character(QUEEN, "Queen", 9, None, "dark_city"),
    Character(ARTIST, "Artist", 9, None, "dark_city"),
    Character(TAX_COLLECTOR, "Tax Collector", 9, None, "new"),
)

BASE_DISTRICT_LIST: tuple[District, ...] = (
    District(MANOR, "Manor", NOBLE, 3, 5),
    District(CASTLE, "Castle", NOBLE, 4, 4),
    District(PALACE, "Palace", NOBLE, 5, 3),
    District(TEMPLE, "Temple", RELIGIOUS, 1, 3),
    District(CHURCH, "Church", RELIGIOUS, 2, 3),
    District(MONASTERY, "Monastery", RELIGIOUS, 3, 3),
    District(CATHEDRAL, "Cathedral", RELIGIOUS, 5, 2),
    District(TAVERN, "Tavern", TRADE, 1, 5),
    District(MARKET, "Market", TRADE, 2, 4),
    District(TRADING_POST, "Trading Post", TRADE, 2, 3),
    District(DOCKS, "Docks", TRADE, 3, 3),
    District(HARBOR, "Harbor", TRADE, 4, 3),
    District(TOWN_HALL, "Town Hall", TRADE, 5, 2),
    District(WATCHTOWER, "Watchtower", MILITARY, 1, 3),
    District(PRISON, "Prison", MILITARY, 2, 3),
    District(BARRACKS, "Barracks", MILITARY, 3, 3),
    District(FORTRESS, "Fortress", MILITARY, 5, 2),
)

UNIQUE_DISTRICT_LIST: tuple[District, ...] = (
    District(ARMORY, "Armory", UNIQUE, 3, 1, "dark_city"),
    District(BASILICA, "Basilica", UNIQUE, 4, 1, "new"),
    District(CAPITOL, "Capitol", UNIQUE, 5, 1, "new"),
    District(DRAGON_GATE, "Dragon Gate", UNIQUE, 6, 1, "classic"),
    District(FACTORY, "Factory", UNIQUE, 5, 1, "dark_city"),
    District(FRAMEWORK, "Framework", UNIQUE, 3, 1, "new"),
    District(GOLD_MINE, "Gold Mine", UNIQUE, 6, 1, "new"),
    District(GREAT_WALL, "Great Wall", UNIQUE, 6, 1, "classic"),
    District(HAUNTED_QUARTER, "Haunted Quarter", UNIQUE, 2, 1, "classic"),
    District(IMPERIAL_TREASURY, "Imperial Treasury", UNIQUE, 5, 1, "dark_city"),
    District(IVORY_TOWER, "Ivory Tower", UNIQUE, 5, 1, "new"),
    District(KEEP, "Keep", UNIQUE, 3, 1, "classic"),
    District(LABORATORY, "Laboratory", UNIQUE, 5, 1, "classic"),
    District(LIBRARY, "Library", UNIQUE, 6, 1, "classic"),
    District(MAP_ROOM, "Map Room", UNIQUE, 5, 1, "dark_city"),
    District(MONUMENT, "Monument", UNIQUE, 4, 1, "new"),
    District(MUSEUM, "Museum", UNIQUE, 4, 1, "dark_city"),
    District(NECROPOLIS, "Necropolis", UNIQUE, 5, 1, "new"),
    District(OBSERVATORY, "Observatory", UNIQUE, 4, 1, "classic"),
    District(PARK, "Park", UNIQUE, 6, 1, "dark_city"),
    District(POOR_HOUSE, "Poor House", UNIQUE, 4, 1, "dark_city"),
    District(QUARRY, "Quarry", UNIQUE, 5, 1, "dark_city"),
    District(SCHOOL_OF_MAGIC, "School of Magic", UNIQUE, 6, 1, "classic"),
    # Printed cost unknown and irrelevant: it can never be built (Q30). 0 keeps every cost an int.
    District(SECRET_VAULT, "Secret Vault", UNIQUE, 0, 1, "new", buildable=False),
    District(SMITHY, "Smithy", UNIQUE, 5, 1, "classic"),
    District(STABLES, "Stables", UNIQUE, 2, 1, "new"),
    District(STATUE, "Statue", UNIQUE, 3, 1, "new"),
    District(THEATER, "Theater", UNIQUE, 6, 1, "new"),
    District(THIEVES_DEN, "Thieves' Den", UNIQUE, 6, 1, "new"),
    District(WISHING_WELL, "Wishing Well", UNIQUE, 5, 1, "dark_city"),
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
