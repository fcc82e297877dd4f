"""Every word of the page in every language: a key the page uses that English lacks, a key another language lacks, a
plural without the forms its language needs, a placeholder lost in translation, or text written straight into the
HTML all fail here."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from citadels_env.i18n import LANGUAGES
from citadels_web import i18n

STATIC = Path(i18n.__file__).with_name("static")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _placeholders(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {p for t in texts for p in PLACEHOLDER.findall(t)}


def _page_keys() -> set[str]:
    js = "\n".join(p.read_text() for p in sorted(STATIC.glob("*.js")))
    html = (STATIC / "index.html").read_text()
    keys = set(re.findall(r'\bT\("([^"]+)"', js)) | set(re.findall(r'data-t="([^"]+)"', html))
    # keys built from a prefix and a value: every value the page can meet
    keys |= {f"level.{level}" for level in ("beginner", "easy", "medium", "hard")}
    keys |= {f"selection.{s}" for s in ("draft", "deal")}
    settings = re.findall(r'\["(\w+)", "(?:select|checkbox|number)"', js)
    assert len(settings) >= 9, "the page's settings list moved: update this test"
    keys |= {f"setting.{s}" for s in settings} | {f"setting.{s}.help" for s in settings}
    return keys


def test_every_key_the_page_uses_exists_in_english():
    english = i18n.page_catalog("en")["strings"]
    dynamic_prefixes = ("preset.", "phase.", "level.", "selection.", "setting.")
    missing = sorted(k for k in _page_keys() if k not in english and not k.endswith(dynamic_prefixes))
    assert missing == []


def test_the_page_has_the_game_words_it_reads_itself():
    from citadels_env.core import PRESET_NAMES
    strings = i18n.page_catalog("en")["strings"]
    for key in [f"preset.{p}" for p in PRESET_NAMES] + [f"phase.{p}" for p in ("draft", "action", "end_round", "over")]:
        assert key in strings, key


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_page_string_is_translated(lang):
    assert i18n.missing(lang) == []
    english, here = i18n.ui_catalog("en"), i18n.ui_catalog(lang)
    lost = [k for k in english if k in here and _placeholders(english[k]) != _placeholders(here[k])]
    assert lost == [], f"{lang}: placeholders differ from English"
    assert set(here) <= set(english), f"{lang}: keys English does not have"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_string_formats(lang):
    for key, value in i18n.ui_catalog(lang).items():
        names = {p: 1 for p in _placeholders(value)}
        for n in (1, 2, 5, 11, 21):
            assert "{" not in i18n.t(lang, key, **{**names, "n": n}), key


class _TextNodes(HTMLParser):
    """Text written in index.html outside elements whose words come from the catalogs (data-t)."""

    def __init__(self):
        super().__init__()
        self.stack: list[bool] = []
        self.loose: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("meta", "link", "input", "br", "img"):
            self.stack.append("data-t" in dict(attrs) or tag in ("script", "style", "title"))

    def handle_endtag(self, tag):
        if tag not in ("meta", "link", "input", "br", "img") and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if data.strip() and not any(self.stack):
            self.loose.append(data.strip())


def test_the_html_has_no_words_of_its_own():
    parser = _TextNodes()
    parser.feed((STATIC / "index.html").read_text())
    assert parser.loose == []


def test_the_languages_page_serves_each_language_and_refuses_others(client):
    for lang in LANGUAGES:
        got = client.get(f"/api/i18n/{lang}").json()
        assert got["lang"] == lang and got["languages"] == LANGUAGES and len(got["plural"]) == 200
    assert client.get("/api/i18n/xx").status_code == 404
    ru = client.get("/api/i18n/ru").json()["plural"]
    assert (ru[1], ru[2], ru[5], ru[11], ru[21], ru[112], ru[122]) == ("one", "few", "many", "many", "one", "many", "few")
