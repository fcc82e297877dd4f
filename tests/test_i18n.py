"""The game's words in every language (citadels_env.i18n): complete catalogs, a key for every card, decision, preset,
phase and score part, the CLDR plural rules, and whole random games worded in each language without a stray brace.
English wording itself is pinned by test_text_wording.py, test_card_text.py and the agents' tests."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from citadels_env import i18n
from citadels_env.card_text import character_text, district_text
from citadels_env.core import CHARACTERS, DECISIONS, DISTRICTS, PRESET_NAMES, Game, GameConfig
from citadels_env.core.actions import ABILITY_IDS
from citadels_env.core.cards import DISTRICT_TYPES
from citadels_env.core.invariants import random_config
from citadels_env.core.scoring import city_breakdown
from citadels_env.i18n import LANGUAGES, Text, catalog, plural_category
from citadels_env.text import (
    SCORE_KEYS,
    decision_header,
    describe_action,
    describe_decision,
    describe_event,
    personal_note,
    phase_name,
    preset_name,
    render_board,
    score_part_name,
    score_table,
)

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


# -- (a) the translations are complete ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_english_key_is_translated(lang):
    assert i18n.missing(lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders_and_no_stale_keys(lang):
    assert i18n.placeholder_mismatches(lang) == []
    assert i18n.extra(lang) == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_catalog_files_are_sorted_objects_of_templates_or_plural_forms(lang):
    text = resources.files("citadels_env").joinpath("locales", f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data) == sorted(data), f"{lang}.json: keep the keys sorted"
    for key, value in data.items():
        if isinstance(value, dict):
            assert set(value) <= {"zero", "one", "two", "few", "many", "other"}, key
            assert all(isinstance(v, str) for v in value.values()), key
        else:
            assert isinstance(value, str) and value, key


def test_english_plural_entries_have_the_english_forms_and_n():
    for key, value in catalog("en").items():
        if isinstance(value, dict):
            assert set(value) == {"one", "other"}, key
            assert all("{n}" in form for form in value.values()), key


# -- (b) a key for everything the game can name ------------------------------------------------------------------
def test_every_card_type_preset_phase_and_ability_has_its_english_key():
    en = catalog("en")
    keys = [f"character.{c}" for c in CHARACTERS] + [f"character.{c}.text" for c in CHARACTERS]
    keys += [f"district.{d}" for d in DISTRICTS]
    keys += [f"district.{d}.text" for d, k in DISTRICTS.items() if k.type == "unique"]
    keys += [f"type.{t}" for t in DISTRICT_TYPES] + [f"preset.{p}" for p in PRESET_NAMES]
    keys += [f"phase.{p}" for p in ("draft", "action", "end_round", "over")]
    keys += [f"action.ability.{a}" for a in ABILITY_IDS if a != "income"]
    keys += [f"action.income.{c}" for c, ch in CHARACTERS.items() if ch.income_type]
    assert [k for k in keys if k not in en] == []
    assert preset_name("ambitious_aristocrats") == "Ambitious Aristocrats"
    assert phase_name("draft") == "choosing characters"


def test_every_decision_kind_has_a_heading_and_a_question():
    en = catalog("en")
    for kind in ["turn", *DECISIONS]:
        assert f"decision.{kind}" in en, kind
    for kind in DECISIONS:
        assert f"question.{kind}" in en, kind
        doc = DECISIONS[kind].doc
        assert en[f"question.{kind}"].startswith(doc[0].upper() + doc[1:]), kind  # the registered description


def test_every_score_part_has_a_name_and_a_column():
    city = [d for d, k in DISTRICTS.items() if k.type == "unique"]
    full = city_breakdown(city, [], gold=1, hand_size=1, museum_size=1, secret_vaults=1, crown=True, completion=4)
    assert set(full) <= set(SCORE_KEYS) and "haunted_quarter_type" in full
    en = catalog("en")
    assert [k for k in SCORE_KEYS if f"score.{k}" not in en] == []
    assert [k for k in SCORE_KEYS if k != "haunted_quarter_type" and f"score_table.{k}" not in en] == []
    assert score_part_name("districts") == "Districts" and score_part_name("basilica") == "Basilica"


# -- (c) plural rules --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_east_slavic_plural_categories(lang):
    table = {0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many", 21: "one",
             22: "few", 25: "many", 101: "one", 111: "many", 112: "many", 122: "few"}
    assert {n: plural_category(lang, n) for n in table} == table


@pytest.mark.parametrize("lang", ["en", "bg"])
def test_one_other_plural_categories(lang):
    assert [plural_category(lang, n) for n in (0, 1, 2, 5, 11, 21, 101)] == ["other", "one"] + ["other"] * 5


# -- the translator ----------------------------------------------------------------------------------------------
def _fake(lang: str, own: dict) -> Text:
    """A translator for `lang` over a hand-made catalog (the real ones are cached and shared)."""
    t = object.__new__(Text)
    t.lang, t._own, t._en = lang, own, catalog("en")
    return t


def test_text_formats_falls_back_to_english_and_picks_plural_forms():
    t = _fake("ru", {"event.built": "{player} строит {district}",
                     "count.card": {"one": "{n} карта", "few": "{n} карты", "many": "{n} карт"},
                     "count.gold": {"one": "{n} золотой"}})
    assert t("event.built", player="P0", district="Замок") == "P0 строит Замок"
    assert t.t("event.crown", player="P1") == "P1 takes the crown"  # untranslated: English
    assert [t.n("count.card", n) for n in (1, 3, 5, 21)] == ["1 карта", "3 карты", "5 карт", "21 карта"]
    assert t.n("count.gold", 21) == "21 золотой" and t.n("count.gold", 5) == "5 gold"  # a form lacking: English
    with pytest.raises(KeyError):
        t("no.such.key")
    with pytest.raises(TypeError):
        t("count.card")
    assert Text("en").n("count.card", 1) == "1 card" and Text("en").n("count.card", 2) == "2 cards"


def test_unknown_languages_are_refused_by_name():
    for call in (lambda: Text("xx"), lambda: catalog("xx"), lambda: plural_category("xx", 1)):
        with pytest.raises(ValueError, match="en, ru, uk, bg"):
            call()


def test_missing_and_mismatched_translations_are_reported(monkeypatch):
    en = catalog("en")
    own = {k: {"one": v["one"], "few": v["other"], "many": v["other"]} if isinstance(v, dict) else v
           for k, v in en.items() if k != "event.crown"}
    own["event.built"] = "{player} строит {where}"
    own["count.card"] = {"one": "{n} карта", "many": "{n} карт"}  # no "few"
    own["count.gold"] = {"one": "золотой", "few": "{n} золотых", "many": "{n} золотых"}  # "one" without {n}
    own["label.district"] = "{district ({type}, {cost})"  # malformed
    own["old.key"] = "stale"
    monkeypatch.setattr(i18n, "catalog", lambda lang: en if lang == "en" else own)
    assert i18n.missing("ru") == ["count.card", "event.crown"]
    assert i18n.placeholder_mismatches("ru") == ["count.gold", "event.built", "label.district"]
    assert i18n.extra("ru") == ["old.key"]


# -- (d) whole games in every language ---------------------------------------------------------------------------
def _configs() -> list[GameConfig]:
    configs = [GameConfig(players=2 + i % 7, preset=PRESET_NAMES[i % len(PRESET_NAMES)]) for i in range(7)]
    rng = random.Random(5)
    return configs + [random_config(rng) for _ in range(3)]


def _clean(text: str | None) -> None:
    assert text is None or ("{" not in text and "}" not in text), text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_random_games_are_worded_in_every_language(lang):
    for c in CHARACTERS:
        _clean(character_text(c, lang))
    for d in DISTRICTS:
        _clean(district_text(d, lang))
    for kind in [None, "turn", *DECISIONS]:
        _clean(decision_header(kind, lang))
    for seed, config in enumerate(_configs()):
        game, rng = Game(config, seed), random.Random(seed)
        names = NAMES[:config.players] if seed % 2 else None
        seen = 0
        while True:
            for mask, e in game.events[seen:]:
                _clean(describe_event(e, names, lang=lang))
                for s in range(config.players):
                    if mask >> s & 1:
                        _clean(personal_note(e, s, game.players[s].chars, names, lang=lang))
            seen = len(game.events)
            if game.is_over:
                break
            view = game.view(game.current_player)
            _clean(describe_decision(view, names, lang=lang))
            legal = game.legal_actions()
            for action in legal:
                _clean(describe_action(action, view, names, lang=lang))
            if rng.random() < 0.1:
                _clean(render_board(game, game.current_player, lang=lang))
            game.apply(rng.choice(legal))
        _clean(render_board(game, lang=lang))
        _clean(score_table(game, game.result(), lang=lang))
        _clean(describe_decision(game, names, lang=lang))


def test_names_replace_seats_everywhere_in_a_decision():
    for seed in range(40):
        game, rng = Game(GameConfig(players=4, preset="vicious_nobles"), seed), random.Random(seed)
        while not game.is_over:
            view = game.view(game.current_player)
            texts = [describe_decision(view, NAMES[:4])] + [describe_action(a, view, NAMES[:4])
                                                            for a in game.legal_actions()]
            assert not any(f"P{s}" in t for t in texts for s in range(4)), texts
            game.apply(rng.choice(game.legal_actions()))
