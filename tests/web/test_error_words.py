"""The server's words to one person in that person's language: every refused request (`RoomError`, a key of the
page's catalogs under `error.`), a closed room (`closed.*`), a kick, a refused connection. The English catalog has
every key the source raises, with exactly the placeholders the source fills; `str(exc)` stays the English text of the
log; a tab that said "ru" reads Russian where the catalog has it and English where it does not yet."""

from __future__ import annotations

import ast
import json
import logging
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from citadels_web import i18n
from citadels_web.connection import Conn
from citadels_web.hub import make_hub
from citadels_web.limits import Limits
from citadels_web.rooms import RoomError, Rooms
from citadels_web.server import create_app

SOURCES = sorted(Path(i18n.__file__).parent.glob("*.py"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Why a room closes: the reasons `Hub.sweep` and the last one leaving give `Hub.close_room`.
CLOSED_REASONS = ("game_over", "idle", "everyone_left")


def _placeholders(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {p for text in texts for p in PLACEHOLDER.findall(text)}


def _room_errors() -> list[tuple[str, int, str | None, set[str], bool]]:
    """Every `RoomError(...)` call of the server's source: (file, line, key or None if not a literal, keyword
    names, whether it spreads **kwargs)."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "RoomError":
                first = node.args[0] if node.args else None
                key = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
                found.append((path.name, node.lineno, key, {k.arg for k in node.keywords if k.arg is not None},
                              any(k.arg is None for k in node.keywords) or len(node.args) != 1))
    return found


def test_every_error_the_source_raises_is_in_english_with_exactly_its_placeholders():
    english = i18n.ui_catalog("en")
    calls = _room_errors()
    assert len(calls) >= 60, "RoomError moved: update this test"
    wrong = []
    for name, line, key, params, spread in calls:
        if key is None or spread or not re.fullmatch(r"[a-z][a-z0-9_]*", key):
            wrong.append(f"{name}:{line}: a literal snake_case key and keyword parameters only")
        elif f"error.{key}" not in english:
            wrong.append(f"{name}:{line}: error.{key} is not in en.json")
        elif _placeholders(english[f"error.{key}"]) != params:
            wrong.append(f"{name}:{line}: error.{key} has {sorted(_placeholders(english[f'error.{key}']))}, "
                         f"the source fills {sorted(params)}")
    assert wrong == []


def test_every_error_and_closing_formats_in_every_language():
    english = i18n.ui_catalog("en")
    keys = [k for k in english if k.startswith(("error.", "closed."))]
    assert {f"closed.{why}" for why in CLOSED_REASONS} | {"closed.message"} <= set(keys)
    hub_source = (Path(i18n.__file__).parent / "hub.py").read_text() + (
        Path(i18n.__file__).parent / "protocol.py").read_text()
    assert all(f'"{why}"' in hub_source for why in CLOSED_REASONS), "a room closes for a reason this test lacks"
    for lang in i18n.LANGUAGES:
        for key in keys:
            dummy = {p: 7 for p in _placeholders(english[key])}
            assert "{" not in i18n.t(lang, key, **dummy), (lang, key)


def test_str_of_an_error_is_the_english_text_and_text_is_the_readers():
    exc = RoomError("seat_not_open", seat=3)
    assert str(exc) == "seat 3 is not open" and exc.key == "seat_not_open" and exc.params == {"seat": 3}
    assert exc.text("en") == str(exc)
    assert exc.text("ru") == i18n.t("ru", "error.seat_not_open", seat=3)
    assert exc.frame("uk") == {"type": "error", "key": "seat_not_open",
                               "message": i18n.t("uk", "error.seat_not_open", seat=3)}
    rooms = Rooms(("heuristic",))
    room, _ = rooms.create("Ann")
    with pytest.raises(RoomError) as refused:
        room.sit("Bob", 0)
    assert str(refused.value) == "seat 1 is not open"  # people count seats from 1
    with pytest.raises(RoomError) as refused:
        rooms.get("zz'zz")
    assert str(refused.value) == "no room \"zz'zz\": check the code or the link"  # the code as typed, quoted
    with pytest.raises(RoomError) as refused:
        room.update_settings(None, {"players": 5})
    assert str(refused.value) == "only the room's owner may change the settings"


def _with_ru(monkeypatch, entries: dict[str, str]) -> None:
    """The Russian catalog as it is, with `entries` set (a value None: the key removed, as if not yet translated)."""
    real = i18n.ui_catalog

    def catalog(lang):
        got = real(lang)
        if lang != "ru":
            return got
        got = {**got, **entries}
        return {k: v for k, v in got.items() if v is not None}

    monkeypatch.setattr(i18n, "ui_catalog", catalog)


def test_a_missing_or_broken_translation_reads_as_english(monkeypatch):
    exc = RoomError("seat_taken", seat=2, name="Bob")
    _with_ru(monkeypatch, {"error.seat_taken": None})
    assert exc.text("ru") == "seat 2 is taken by Bob: kick them first"
    _with_ru(monkeypatch, {"error.seat_taken": "место {seat} занято: {name}"})
    assert exc.text("ru") == "место 2 занято: Bob"
    _with_ru(monkeypatch, {"error.seat_taken": "место {место} занято"})  # a placeholder lost in translation
    assert exc.text("ru") == "seat 2 is taken by Bob: kick them first"


def test_a_russian_tab_reads_its_errors_in_russian_and_an_english_tab_in_english(client, player):
    with client.websocket_connect("/ws") as r, client.websocket_connect("/ws") as e:
        ru, en = player(r), player(e)
        ru.send(type="dance", lang="ru")
        got = ru.until("error")
        assert got["key"] == "unknown_type_outside"
        assert got["message"] == i18n.t("ru", "error.unknown_type_outside", type="'dance'")
        en.send(type="dance")
        got = en.until("error")
        assert got == {"type": "error", "key": "unknown_type_outside",
                       "message": "unknown message type 'dance' outside a room: create or join one first"}
        ru.send(type="create", name="")  # the language stays with the tab
        assert ru.until("error")["message"] == i18n.t("ru", "error.name_required")


def test_the_catalog_decides_the_words_of_an_error_frame(client, player, monkeypatch):
    _with_ru(monkeypatch, {"error.name_required": "нужно имя", "error.name_too_long": None})
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        p.send(type="create", name=" ", lang="ru")
        assert p.until("error") == {"type": "error", "key": "name_required", "message": "нужно имя"}
        p.send(type="create", name="x" * 40)
        assert p.until("error")["message"] == "a name has at most 24 characters"  # not translated: English


def test_a_kicked_russian_tab_is_told_in_russian(client, player):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        ann, bob = player(a), player(b)
        ann.send(type="create", name="Ann")
        key = ann.until("joined")["room"]
        bob.send(type="join", room=key, name="Bob", lang="ru")
        bob.until("joined")
        ann.send(type="kick", seat=1)
        assert bob.until("kicked")["message"] == i18n.t("ru", "kicked")


def test_a_closed_room_tells_each_tab_in_its_language_and_logs_english(tmp_path, arun, caplog):
    hub = make_hub(tmp_path, ("heuristic",), "heuristic", 0, 1.0, Limits(), False)
    room, _ = hub.rooms.create("Cy")
    ru, en = Conn(None, "ru-tab"), Conn(None, "en-tab")  # type: ignore[arg-type]  # push only queues
    ru.lang = "ru"
    for conn in (ru, en):
        hub.enter(conn, room)

    async def close() -> None:
        hub.close_room(room, "idle", seconds="30")

    with caplog.at_level(logging.INFO, logger="citadels_web"):
        arun(close())
    told = {c.address: json.loads(c.outbox[-1][1]) for c in (ru, en)}
    assert told["en-tab"] == {"type": "closed", "key": "idle",
                              "message": "this room was closed: nobody was in it for 30 s"}
    assert told["ru-tab"] == {"type": "closed", "key": "idle", "message": i18n.t(
        "ru", "closed.message", why=i18n.t("ru", "closed.idle", seconds="30"))}
    assert ru.closing is not None and ru.closing[1] == "room closed: nobody was in it for 30 s"  # close reason
    assert any(r.getMessage().endswith("closed: nobody was in it for 30 s") for r in caplog.records)
    assert room.code not in hub.rooms.rooms


def test_a_refused_connection_reads_in_the_language_of_its_address(tmp_path):
    with TestClient(create_app(tmp_path, limits=Limits(connections_per_address=1))) as client, \
            client.websocket_connect("/ws"):
        with client.websocket_connect("/ws?lang=ru") as extra:
            got = json.loads(extra.receive_text())
        assert got == {"type": "error", "key": "too_many_connections",
                       "message": i18n.t("ru", "error.too_many_connections", max=1)}
        with client.websocket_connect("/ws") as extra:
            assert json.loads(extra.receive_text())["message"] == "too many connections from your address (at most 1)"
