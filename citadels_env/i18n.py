"""The game's words in several languages: one flat JSON catalog per language (`locales/<lang>.json`).

A catalog maps a key to a template (`"event.built": "{player} builds {district}"`) or, for a count, to one template
per CLDR plural category (`"count.card": {"one": "{n} card", "other": "{n} cards"}`). English is the reference:
every key exists there; another language may lack keys while it is being translated, and then reads them in English
(`missing` and `placeholder_mismatches` say what a translator still owes; tests/test_i18n.py enforces them).
Standard library only, like the rules core.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any, ClassVar

#: The languages the game speaks: code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский", "uk": "Українська", "bg": "Български"}
ENGLISH = "en"
#: The plural categories each language's catalog must give (CLDR cardinal rules, integers only).
CATEGORIES: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "bg": ("one", "other"),
                                          "ru": ("one", "few", "many"), "uk": ("one", "few", "many")}

Entry = str | dict[str, str]


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


@cache
def catalog(lang: str) -> dict[str, Entry]:
    """The catalog of `lang` as stored (no English fallback merged in); ValueError for an unknown language."""
    _check(lang)
    text = resources.files(__package__).joinpath("locales", f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"locales/{lang}.json must hold a JSON object")
    return data


def plural_category(lang: str, n: int) -> str:
    """The CLDR cardinal category of the integer `n` in `lang`: en/bg "one"/"other", ru/uk "one"/"few"/"many"."""
    _check(lang)
    n = abs(n)
    if lang in ("ru", "uk"):
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


class Text:
    """A translator bound to one language: `t = Text("ru"); t("event.built", player=..., district=...)` (also
    `t.t(...)`), and `t.n("count.card", 3)` for counts (the count is the placeholder `{n}`). One shared instance per
    language: the describers create one per call, on hot paths (an environment's per-step action texts)."""

    _bound: ClassVar[dict[str, Text]] = {}
    lang: str
    _own: dict[str, Entry]
    _en: dict[str, Entry]

    def __new__(cls, lang: str = ENGLISH) -> Text:
        bound = cls._bound.get(lang)
        if bound is None:
            _check(lang)
            bound = super().__new__(cls)
            bound.lang, bound._own, bound._en = lang, catalog(lang), catalog(ENGLISH)
            cls._bound[lang] = bound
        return bound

    def has(self, key: str) -> bool:
        """Whether `key` exists (in English, the reference catalog)."""
        return key in self._en

    def t(self, key: str, **kw: Any) -> str:
        """The sentence `key`, its `{placeholders}` filled from `kw`; English while `key` is untranslated, KeyError
        for a key English lacks (a bug in the caller)."""
        english = self._en[key]
        entry = self._own.get(key) or english
        if not isinstance(entry, str):
            raise TypeError(f"{key!r} is a plural entry: use Text.n")
        return entry.format(**kw)

    __call__ = t

    def n(self, key: str, count: int, **kw: Any) -> str:
        """The plural entry `key` in the form that agrees with `count` (`{n}` in the template)."""
        english = self._en[key]
        entry = self._own.get(key)
        form = None
        if isinstance(entry, dict):
            form = entry.get(plural_category(self.lang, count))
        elif entry:
            form = entry  # a language without plural forms for this entry
        if form is None:  # untranslated, or a translation lacking a category: English, as for a missing key
            form = english[plural_category(ENGLISH, count)] if isinstance(english, dict) else english
        return form.format(n=count, **kw)


def missing(lang: str) -> list[str]:
    """English keys that `lang` lacks, and its plural entries without every category the language needs."""
    english, own, need = catalog(ENGLISH), catalog(lang), set(CATEGORIES[lang])
    out = [k for k in english if k not in own]
    out += [k for k, v in english.items()
            if isinstance(v, dict) and k in own and not (isinstance(own[k], dict) and need <= set(own[k]))]
    return sorted(out)


def extra(lang: str) -> list[str]:
    """Keys of `lang` that English no longer has (renamed or removed: stale translations)."""
    english = catalog(ENGLISH)
    return sorted(k for k in catalog(lang) if k not in english)


def _fields(template: str) -> set[str] | None:
    """The placeholder names of a template; None when it is malformed (unbalanced braces)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError:
        return None


def placeholder_mismatches(lang: str) -> list[str]:
    """Keys whose translation uses other `{placeholders}` than English (every plural form must use all of those of
    the English forms, `{n}` included), is malformed, or is a sentence where English has plural forms or back."""
    english, out = catalog(ENGLISH), []
    for key, own in catalog(lang).items():
        ref = english.get(key)
        if ref is None:
            continue
        if isinstance(ref, str):
            if not isinstance(own, str) or _fields(own) != _fields(ref):
                out.append(key)
            continue
        want = set().union(*(_fields(f) or set() for f in ref.values()))
        forms = list(own.values()) if isinstance(own, dict) else [own]
        if not all(isinstance(f, str) and _fields(f) == want for f in forms):
            out.append(key)
    return sorted(out)
