"""The page's words in every language of `citadels_env.i18n` (English, Russian, Ukrainian, Bulgarian).

The browser's own strings (buttons, headings, settings and their explanations) are `citadels_web/locales/<lang>.json`;
the game's (cards, events, moves, presets, phases, score lines) are the environment's catalogs, so every card name is
translated once for the terminal, the LLM seat and the page alike. `/api/i18n/<lang>` sends the page both parts it
needs; the frames of a table come already worded in the language its connection chose, and so do the server's
messages to one person: a refused request (`RoomError`, a key of `error.*`), a closed room (`closed.*`), a kick.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from citadels_env import i18n as game_i18n
from citadels_env.i18n import LANGUAGES, plural_category

#: How a bot's seat is named in one language: (seat number counted from 1, agent id) -> name.
BotNamer = Callable[[int, str], str]

LOCALES = Path(__file__).with_name("locales")
DEFAULT = "en"
#: The environment's keys the page reads itself (the rest of the game's words come inside the frames).
GAME_PREFIXES = ("preset.", "phase.", "type.", "score.", "character.", "district.")


def language(lang: Any) -> str:
    """A language this server speaks; anything else (a missing or unknown code) reads as English."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT


@cache
def ui_catalog(lang: str) -> dict[str, Any]:
    """The page's own strings in `lang` (KeyError for a language the server does not speak)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    path = LOCALES / f"{lang}.json"  # a language without its file reads as English (tests/web/test_page_words.py fails)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def missing(lang: str) -> list[str]:
    """The page's English keys `lang` lacks, and its plural entries without a form the language needs."""
    english, here = ui_catalog(DEFAULT), ui_catalog(lang)
    need = {plural_category(lang, n) for n in range(200)}
    out = [k for k in english if k not in here]
    out += [k for k, v in here.items() if isinstance(english.get(k), dict) and not (isinstance(v, dict)
                                                                                    and need <= set(v))]
    return sorted(out)


def t(lang: str, key: str, **kw: Any) -> str:
    """One page string in `lang`, formatted with `kw`; `n` picks the plural form of a plural entry. English stands in
    where the translation is missing or does not format with `kw` (a placeholder lost in translation), so a gap in a
    catalog never fails a connection; a key English lacks is a KeyError."""
    try:
        return _format(lang, ui_catalog(lang)[key], kw)
    except (KeyError, IndexError, ValueError):
        if lang == DEFAULT:
            raise
        return _format(DEFAULT, ui_catalog(DEFAULT)[key], kw)


def _format(lang: str, value: Any, kw: dict[str, Any]) -> str:
    if isinstance(value, dict):
        value = value.get(plural_category(lang, kw["n"]), value.get("other", next(iter(value.values()))))
    return value.format(**kw)


def bot_namer(lang: str) -> BotNamer:
    """How bots are named in `lang`: "Bot 2 (heuristic)", "Бот 2 (heuristic)"..."""
    return lambda number, bot: t(lang, "bot_name", n=number, bot=bot)


@cache
def page_catalog(lang: str) -> dict[str, Any]:
    """What `/api/i18n/<lang>` sends: the page's strings, the game words the page shows by itself, and the language's
    plural rule as a table (the page picks forms without its own copy of the rule)."""
    game = {k: v for k, v in game_i18n.catalog(DEFAULT).items() if k.startswith(GAME_PREFIXES)}
    game.update({k: v for k, v in game_i18n.catalog(lang).items() if k.startswith(GAME_PREFIXES)})
    ui = {**ui_catalog(DEFAULT), **ui_catalog(lang)}
    return {"lang": lang, "languages": LANGUAGES, "strings": {**game, **ui},
            "plural": [plural_category(lang, n) for n in range(200)]}
