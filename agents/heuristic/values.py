"""The numbers behind the heuristic bots' judgement, with no game or view attached: the district and
character tables (types, unique-district extras, kill and rob priorities, the base deck) and the value of
a character computed from plain numbers (`char_value`, `income_count`).

This is the bottom of the package: `table` reads a seat's view with these tables, and the rollout policy
uses `char_value` directly on a full game, so nothing here may depend on either."""

from __future__ import annotations

from citadels_env.core.cards import CHARACTERS, COST, DISTRICTS
from citadels_env.core.city import city_size, count_type

TYPES = ("noble", "religious", "trade", "military", "unique")

#: Characters whose income is in gold (the others with an income type draw cards, or let the Abbot choose).
GOLD_INCOME = frozenset({"king", "emperor", "bishop", "merchant", "trader", "warlord", "diplomat", "marshal"})
RANK8 = ("warlord", "diplomat", "marshal")

#: Points a unique district is worth beyond its cost, for an average city (dynamic parts are added in
#: `Table.district_value`). Economy districts are worth more early; scoring ones the same at any time.
UNIQUE_EXTRA: dict[str, float] = {
    "armory": 1.0, "basilica": 0.5, "capitol": 0.5, "dragon_gate": 2.0, "factory": 0.5, "framework": 0.5,
    "gold_mine": 1.0, "great_wall": 0.5, "haunted_quarter": 1.5, "imperial_treasury": 1.5, "ivory_tower": 0.0,
    "keep": 0.5, "laboratory": 1.0, "library": 1.5, "map_room": 1.5, "monument": 0.5, "museum": 1.0,
    "necropolis": 0.0, "observatory": 0.5, "park": 0.5, "poor_house": 0.0, "quarry": 0.0,
    "school_of_magic": 1.0, "secret_vault": 0.0, "smithy": 1.0, "stables": 1.5, "statue": 1.0, "theater": 0.0,
    "thieves_den": 0.0, "wishing_well": 0.5,
}
#: Unique districts whose worth is their economy over the rest of the game.
ECONOMY = frozenset({"gold_mine", "laboratory", "library", "observatory", "smithy", "school_of_magic",
                     "factory", "park", "poor_house", "quarry", "framework", "stables"})

#: How attractive each character is to kill or rob when nothing better is known: the characters that usually
#: gain most (builders, income, the crown) first.
KILL_PRIORITY: dict[str, float] = {
    "architect": 3.0, "merchant": 2.6, "king": 2.4, "warlord": 2.3, "alchemist": 2.2, "navigator": 2.0,
    "trader": 2.2, "scholar": 1.8, "bishop": 2.0, "emperor": 2.0, "patrician": 1.8, "abbot": 1.6,
    "cardinal": 1.6, "magician": 1.5, "wizard": 1.7, "seer": 1.4, "diplomat": 1.8, "marshal": 1.8,
    "thief": 1.5, "spy": 1.3, "blackmailer": 1.4, "queen": 1.2, "artist": 1.0, "tax_collector": 1.4,
    "witch": 0.0, "magistrate": 0.0, "assassin": 0.0,
}
ROB_PRIORITY: dict[str, float] = {
    "merchant": 3.0, "architect": 2.8, "king": 2.4, "alchemist": 2.6, "trader": 2.6, "navigator": 2.3,
    "bishop": 2.2, "emperor": 2.2, "abbot": 2.0, "patrician": 1.8, "cardinal": 1.8, "scholar": 2.0,
    "warlord": 2.0, "diplomat": 1.8, "marshal": 1.8, "magician": 1.6, "wizard": 1.6, "seer": 1.6, "spy": 1.2,
    "blackmailer": 1.2, "queen": 1.8, "artist": 1.5, "tax_collector": 1.8,
}

# Base district composition, for guessing what is in unknown hands (the Spy) and in the deck.
BASE_COUNTS: dict[str, int] = {d.id: d.copies for d in DISTRICTS.values()}


# ============================================================================================================
# The value of a character for a seat (draft)
# ============================================================================================================
def income_count(city: tuple[str, ...], char: str) -> int:
    """Districts paying the character's income (the School of Magic counts as any type)."""
    t = CHARACTERS[char].income_type
    if t is None:
        return 0
    return count_type(city, t)


def char_value(char: str, city, gold: int, hand_size: int, cheap: list[int], n: int, richest: int,
               most_cards: int, tax_pot: int, size: int) -> float:
    """`character_value` from plain numbers (shared with the rollout policy): `cheap` = costs of the
    districts the seat could build, ascending; `richest` / `most_cards` = the best stash and hand among the
    other seats."""
    inc = income_count(city, char)
    builds_possible = sum(1 for c in _prefix_sums(cheap) if c <= gold + 2)
    left = max(0, size - city_size(city))
    v = 0.0
    if char in GOLD_INCOME:
        v += inc
    elif char in ("patrician", "cardinal"):
        v += 0.8 * inc
    elif char == "abbot":
        v += inc
    flat = FLAT_VALUE.get(char)
    if flat is not None:
        v += flat
    elif char == "thief":
        v += 0.4 * richest + 0.6
    elif char == "blackmailer":
        v += 0.3 * richest + 0.8
    elif char == "magician":
        v += 1.0 + (min(most_cards, 5) * 0.6 if not cheap else 0.0)
    elif char == "seer":
        v += 1.6 + (0.8 if builds_possible >= 2 else 0.0)
    elif char == "bishop":
        v += 0.8 + (1.0 if left <= 2 else 0.0) + 0.05 * sum(COST[k] for k in city)
    elif char == "alchemist":
        v += 0.8 * min(gold, cheap[0]) if cheap and cheap[0] <= gold + 2 else 0.4
    elif char == "architect":
        extra = max(0, min(builds_possible, 3) - 1)
        v += 1.6 + 1.8 * extra + (1.0 if left <= 3 and extra else 0.0)
    elif char == "navigator":
        v += 2.8 - (1.5 if builds_possible else 0.0)
    elif char == "scholar":
        v += 1.4 + (0.9 if builds_possible >= 2 else 0.0)
    elif char == "marshal":
        v += 1.3 if gold >= 2 else 0.6
    elif char == "queen":
        v += 3.0 * min(1.0, 2 / max(1, n - 1))
    elif char == "artist":
        v += 0.8 * min(2, gold, len(city))
    elif char == "tax_collector":
        v += tax_pot + 0.3 * (n - 1)
    if hand_size == 0 and char in CARD_CHARS:
        v += 0.8  # cards are needed
    if gold <= 1 and char in ("merchant", "navigator", "thief", "king", "emperor"):
        v += 0.4
    return v


#: The ability part of `char_value` for the characters whose ability is worth about the same to any seat
#: (the others depend on the seat's gold, hand, city or the table, and are computed there).
FLAT_VALUE: dict[str, float] = {
    "assassin": 2.2, "witch": 2.3, "magistrate": 1.8, "spy": 1.6, "wizard": 2.2, "king": 1.6, "emperor": 1.2,
    "patrician": 1.6, "abbot": 0.8, "cardinal": 1.0, "merchant": 1.2, "trader": 0.8, "warlord": 1.4,
    "diplomat": 1.0,
}

CARD_CHARS = frozenset({"architect", "patrician", "cardinal", "navigator", "scholar", "seer", "wizard"})


def _prefix_sums(costs: list[int]) -> list[int]:
    """Running totals: the gold needed to build the first 1, 2, 3... of these districts."""
    out, total = [], 0
    for c in costs:
        total += c
        out.append(total)
    return out
