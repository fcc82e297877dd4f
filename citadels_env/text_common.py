"""The small words every description shares: names of seats, characters, districts, presets, phases, score parts
and decision headings, and counts that agree with their noun, each in any language of `citadels_env.i18n`.

Kept apart from `text` so that `text_events` and `text_actions` can use them without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .card_text import character_name, district_name, type_name
from .core import CHARACTERS, DECISIONS, DISTRICTS
from .i18n import ENGLISH, Text, catalog

#: Every key of a score breakdown (`core.scoring`): the base parts, the scoring unique districts, the total, and the
#: Haunted Quarter's chosen type (a type id, not points).
SCORE_KEYS: tuple[str, ...] = (
    "districts", "all_types", "completion", "basilica", "capitol", "dragon_gate", "imperial_treasury", "ivory_tower",
    "map_room", "museum", "secret_vault", "statue", "wishing_well", "total", "haunted_quarter_type")


def char_name(c: str | None, lang: str = ENGLISH) -> str:
    """A character's name, "nobody" for None."""
    return Text(lang)("name.nobody") if c is None else character_name(c, lang)


def seat_name(s: int | None, lang: str = ENGLISH) -> str:
    """"P2", "nobody" for None."""
    t = Text(lang)
    return t("name.nobody") if s is None else t("name.seat", seat=s)


def seat_namer(names: Sequence[str] | None, lang: str = ENGLISH) -> Callable[[int | None], str]:
    """seat_name, or the players' own names when the caller has them (the browser table)."""
    t = Text(lang)
    if names is None:
        return lambda s: t("name.nobody") if s is None else t("name.seat", seat=s)
    return lambda s: t("name.nobody") if s is None else names[s]


def char_list(chars: Iterable[str], lang: str = ENGLISH) -> str:
    """Characters' names joined by commas (a list, not a sentence: the same in every language here)."""
    return ", ".join(character_name(c, lang) for c in chars)


def district_label(d: str, lang: str = ENGLISH) -> str:
    """"Castle (noble, 4)": name, type and cost."""
    k = DISTRICTS[d]
    return Text(lang)("label.district", district=district_name(d, lang), type=type_name(k.type, lang), cost=k.cost)


def char_label(c: str, lang: str = ENGLISH) -> str:
    """"the Thief (rank 2)"."""
    return Text(lang)("label.character", character=character_name(c, lang), rank=CHARACTERS[c].rank)


def plural(n: int, word: str, many: str | None = None) -> str:
    """"1 card", "3 cards": the count with the English word agreeing with it (`many` for irregular plurals). The
    catalog's `count.*` entries do this in every language; this stays for English-only callers."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def preset_name(p: str, lang: str = ENGLISH) -> str:
    """A preset's name as the rulebook gives it ("Cunning Agents")."""
    return Text(lang)(f"preset.{p}")


def phase_name(phase: str, lang: str = ENGLISH) -> str:
    """A phase in words ("choosing characters"); an unknown phase as its id."""
    t = Text(lang)
    return t(f"phase.{phase}") if t.has(f"phase.{phase}") else phase


def score_part_name(key: str, lang: str = ENGLISH) -> str:
    """A score breakdown's part as a heading ("Districts", "Basilica")."""
    return Text(lang)(f"score.{key}")


#: The heading of each kind of decision in English, as a player would name it (every kind of `DECISIONS`, and the
#: turn menu), read from the catalog; tests/test_text_wording.py fails when a kind is registered without one.
DECISION_HEADERS: dict[str, str] = {kind: str(catalog(ENGLISH)[f"decision.{kind}"]) for kind in ["turn", *DECISIONS]
                                    if f"decision.{kind}" in catalog(ENGLISH)}


def decision_header(kind: str | None, lang: str = ENGLISH) -> str:
    """The heading of a decision in plain words (never the internal id): a new kind without a catalog entry falls
    back on the first clause of its registered (English) description."""
    t = Text(lang)
    if kind is None:
        return t("decision.game_over")
    if t.has(f"decision.{kind}"):
        return t(f"decision.{kind}")
    doc = DECISIONS[kind].doc if kind in DECISIONS else "a decision"
    return doc[0].upper() + doc[1:].split(";")[0].split(",")[0]


def question(kind: str, lang: str = ENGLISH) -> str:
    """What a decision asks, as a sentence: the catalog's, or (a kind without one) its registered description."""
    t = Text(lang)
    if t.has(f"question.{kind}"):
        return t(f"question.{kind}")
    doc = DECISIONS[kind].doc if kind in DECISIONS else decision_header(kind, lang)
    return doc[0].upper() + doc[1:] + ("" if doc.endswith(("?", ".", "!")) else ".")
