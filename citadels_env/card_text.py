"""What each card does, in one or two plain sentences: the text a person reads on a card (the browser's hover, the
LLM seat's reference), and the cards' names, in any language of `citadels_env.i18n`. Summaries of RULES.md §5 and
§6, which hold the full rules and the rulings; the behaviour itself lives in the core, never here."""

from __future__ import annotations

from collections.abc import Iterable

from .core import CHARACTERS, DISTRICTS
from .i18n import ENGLISH, Text, catalog


def _english(prefix: str, ids: Iterable[str]) -> dict[str, str]:
    """The English `<prefix>.<id>.text` entries, by id (for callers that predate the catalogs)."""
    en = catalog(ENGLISH)
    return {i: str(en[f"{prefix}.{i}.text"]) for i in ids if f"{prefix}.{i}.text" in en}


#: Every character's ability in English, by id (RULES.md §5); the catalog holds it in every language.
CHARACTER_TEXT: dict[str, str] = _english("character", CHARACTERS)
#: Every unique district's effect in English, by id (RULES.md §2.4 and §6).
DISTRICT_TEXT: dict[str, str] = _english("district", DISTRICTS)


def character_name(c: str, lang: str = ENGLISH) -> str:
    """"Thief"."""
    return Text(lang)(f"character.{c}")


def district_name(d: str, lang: str = ENGLISH) -> str:
    """"Castle"."""
    return Text(lang)(f"district.{d}")


def type_name(t: str, lang: str = ENGLISH) -> str:
    """A district type in words ("noble")."""
    return Text(lang)(f"type.{t}")


def character_text(c: str, lang: str = ENGLISH) -> str:
    """"Thief, rank 2: Name a character to rob..."."""
    t = Text(lang)
    return t("card.character", character=character_name(c, lang), rank=CHARACTERS[c].rank,
             text=t(f"character.{c}.text"))


def district_text(d: str, lang: str = ENGLISH) -> str:
    """"Castle: noble, costs 4." for a base district; the effect too for a unique one."""
    t, k = Text(lang), DISTRICTS[d]
    kw = {"district": district_name(d, lang), "type": type_name(k.type, lang), "cost": k.cost}
    text = t("card.district", **kw) if k.buildable else t("card.district.never_built", **kw)
    return f"{text} {t(f'district.{d}.text')}" if t.has(f"district.{d}.text") else text
