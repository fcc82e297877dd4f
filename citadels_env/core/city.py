"""What a city is and allows, as pure functions of its districts (RULES.md §2.4, §4.3-4.5, §5.22-5.24, §6).

These are the rule facts that bots, the encoder and the text renderer need as much as the rules do, so they take plain
data (a city is a sequence of district ids) and never a game: the core calls them, and so does everything above it.
A fact written here is written nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    COST,
    DISTRICTS,
    FACTORY,
    GOLD_MINE,
    GREAT_WALL,
    LIBRARY,
    MONUMENT,
    OBSERVATORY,
    QUARRY,
    SCHOOL_OF_MAGIC,
    TYPE,
    UNIQUE,
)

#: Districts that can never be built (the Secret Vault: §2.4, Q30).
UNBUILDABLE = frozenset(d.id for d in DISTRICTS.values() if not d.buildable)
#: The Monument enters only a city of fewer districts than this (§6 Monument).
MONUMENT_MAX_CITY = 5


def city_size(city: Sequence[str]) -> int:
    """Districts toward completion: the Monument counts as two (§2.4, §7.4)."""
    return len(city) + (MONUMENT in city)


def count_type(city: Sequence[str], district_type: str) -> int:
    """Districts of a type for a resource ability; the School of Magic counts as that type (§4.5)."""
    n = 0
    for k in city:  # a plain loop: on the turn menu's path (income), where a generator costs more
        if TYPE[k] == district_type:
            n += 1
    if district_type != UNIQUE and SCHOOL_OF_MAGIC in city:
        n += 1
    return n


def gold_gathered(city: Sequence[str]) -> int:
    """Gold taken by the gather-gold action: 2, plus 1 with the Gold Mine (§4.3)."""
    return 2 + (GOLD_MINE in city)


def cards_drawn(city: Sequence[str]) -> int:
    """Cards drawn by the gather-cards action: 2, or 3 with the Observatory (§4.3)."""
    return 3 if OBSERVATORY in city else 2


def keeps_all_drawn(city: Sequence[str]) -> bool:
    """Whether the gather-cards action keeps every card drawn (the Library) instead of one (§4.3)."""
    return LIBRARY in city


def may_enter(city: Sequence[str], kind: str, wizard: bool = False) -> bool:
    """Whether `kind` may enter this city at all: never the Secret Vault, no second copy of a district (unless the
    Quarry or the Wizard allows it), the Monument only into a city of fewer than 5 districts (§4.4, §6)."""
    if kind in UNBUILDABLE:
        return False
    if kind in city and QUARRY not in city and not wizard:
        return False
    return not (kind == MONUMENT and len(city) >= MONUMENT_MAX_CITY)


def gold_price(city: Sequence[str], kind: str) -> int:
    """Gold to build `kind` into this city: its cost, 1 less for another unique district with the Factory (§6)."""
    price = COST[kind]
    if TYPE[kind] == UNIQUE and kind != FACTORY and FACTORY in city:
        price -= 1
    return price


def wall_surcharge(city: Sequence[str], kind: str, wall_protects_itself: bool) -> int:
    """Great Wall (Q20): 1 more to pay for a rank-8 ability against the owner's other districts (and the Wall itself
    under the `great_wall_protects_itself` ruling)."""
    return int(GREAT_WALL in city and (kind != GREAT_WALL or wall_protects_itself))


def destroy_price(city: Sequence[str], kind: str, beautified: bool, wall_protects_itself: bool) -> int:
    """What the Warlord pays to destroy `kind` of this city: its cost (1 more when beautified) minus 1, plus the
    Great Wall's surcharge (§5.22, Q16, Q20)."""
    return COST[kind] + beautified - 1 + wall_surcharge(city, kind, wall_protects_itself)


def seize_price(city: Sequence[str], kind: str, beautified: bool, wall_protects_itself: bool) -> int:
    """What the Marshal pays the owner to seize `kind`: its full cost, plus the Great Wall's surcharge (§5.24)."""
    return COST[kind] + beautified + wall_surcharge(city, kind, wall_protects_itself)
