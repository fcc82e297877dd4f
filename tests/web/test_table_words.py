"""The table people read (issue: names, words, languages, play again), through Starlette's test client: one name per
seat used everywhere, "Play against bots" in one message, the game worded in the language each tab asked for, the log
naming who acted, the draft's answers carrying their cards, and a finished table played again or taken back to its
lobby."""

from __future__ import annotations

import re

from citadels_web import i18n, views
from citadels_web.rooms import RoomError, Rooms

SEAT_IDS = re.compile(r"\bP[0-7]\b")


def _quick(p, players=4, bot="heuristic", lang="en"):
    p.send(type="quick", name="Ann", players=players, bot=bot, lang=lang)
    joined = p.until("joined")
    return joined, p.until("lobby")


def test_bots_are_named_by_seat_and_kind_and_no_name_is_shared():
    rooms = Rooms(("heuristic", "heuristic-strong"))
    room, _ = rooms.quick("Ann", 4, "heuristic")
    assert room.names() == ["Ann", "Bot 2 (heuristic)", "Bot 3 (heuristic)", "Bot 4 (heuristic)"]
    assert room.names(lambda n, bot: f"Бот {n} ({bot})")[3] == "Бот 4 (heuristic)"
    lobby, owner = rooms.create("Bob")
    lobby.set_seat(owner, 1, "bot", "heuristic-strong")
    _, _ = lobby.sit("bot 2 (heuristic-strong)")  # a person may not take a bot's name: it gets " (2)"
    assert lobby.names()[1:3] == ["Bot 2 (heuristic-strong)", "bot 2 (heuristic-strong) (2)"]


def test_quick_play_checks_everything_before_it_creates_a_room():
    rooms = Rooms(("heuristic",))
    for players, bot, words in ((9, "heuristic", "players"), (4, "ppo", "unknown bot"), ("4", "heuristic", "players")):
        try:
            rooms.quick("Ann", players, bot)
        except RoomError as exc:
            assert words in str(exc)
        else:
            raise AssertionError("accepted")
    assert rooms.rooms == {}


def test_play_against_bots_starts_at_once_and_names_every_seat_everywhere(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        joined, lobby = _quick(p, players=3, bot="heuristic-strong")
        assert joined["seat"] == 0 and lobby["state"] == "playing"
        assert [s["name"] for s in lobby["seats"]] == ["Ann", "Bot 2 (heuristic-strong)", "Bot 3 (heuristic-strong)"]
        frames = []
        while True:
            m = p.recv()
            if m["type"] == "state":
                frames.append(m)
                if m["legal"]:
                    p.send(type="act", action=0, step=m["step"])
            if m["type"] == "over":
                break
    names = {"Ann", "Bot 2 (heuristic-strong)", "Bot 3 (heuristic-strong)"}
    assert over_names(m) == names and m["winner_name"] in names
    assert m["columns"] and all(c["label"] and "_" not in c["label"] for c in m["columns"])
    texts = [x["text"] for f in frames for x in f["log"]]
    texts += [a["label"] for f in frames for a in f["legal"]] + [f["prompt"] for f in frames if f["prompt"]]
    assert not [t for t in texts if SEAT_IDS.search(t)], "a seat id (P0-P7) on the page"
    assert any("Bot 2 (heuristic-strong)" in t for t in texts)


def over_names(m):
    return {r["name"] for r in m["scores"]}


def test_every_log_line_of_a_turn_names_who_acted(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _quick(p)
        last = None
        while True:
            m = p.recv()
            if m["type"] == "state":
                last = m
                if m["legal"]:
                    p.send(type="act", action=0, step=m["step"])
            if m["type"] == "over":
                break
    names = [pl["name"] for pl in last["view"]["players"]]
    for x in last["log"]:
        if x["seat"] is not None and not x["note"]:
            assert names[x["seat"]] in x["text"], x
    killed = [x for x in last["log"] if x["kind"] == "killed" and not x["note"]]
    assert all(x["text"].startswith(names[x["seat"]] + ":") for x in killed), killed


def test_the_draft_offers_character_cards_and_the_table_is_worded_in_the_tabs_language(client, player):
    with client.websocket_connect("/ws") as en_ws, client.websocket_connect("/ws") as ru_ws:
        en, ru = player(en_ws), player(ru_ws)
        en.send(type="create", name="Ann", lang="en")
        room = en.until("joined")["room"]
        ru.send(type="join", room=room, name="Bob", lang="ru")
        ru.until("joined")
        for seat in (2, 3):
            en.send(type="seat", seat=seat, kind="bot", bot="heuristic")
            en.until("lobby")
        lobby = ru.until("lobby")
        while lobby["seats"][3]["kind"] != "bot":
            lobby = ru.until("lobby")
        assert lobby["seats"][2]["name"] == "Бот 3 (heuristic)"
        en.send(type="start")
        seen = ru.until("state")
        while seen["view"]["current"] != 0:  # the crown may start with the Russian tab: it picks until Ann's turn
            if seen["legal"]:
                ru.send(type="act", action=0, step=seen["step"])
            seen = ru.until("state")
        first = en.until("state")
        while not first["legal"]:
            first = en.until("state")
    assert first["view"]["phase"] == "draft"
    for a in first["legal"]:
        assert a["verb"] == "character" and a["character"]["name"] and a["character"]["rank"] >= 1
        assert a["character"]["text"]
    assert re.search("[А-Яа-яЁё]", " ".join(x["text"] for x in seen["log"])), "the Russian tab's log is not Russian"
    assert not re.search("[А-Яа-яЁё]", " ".join(x["text"] for x in first["log"]))
    card = seen["view"]["me"]["hand"][0]
    assert card["name"] == views.card(card["id"], lang="ru")["name"] and card["type_name"]


def test_a_tab_switches_language_and_gets_the_table_anew(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _quick(p)
        before = p.until("state")
        p.send(type="lang", lang="bg")
        bulgarian = i18n.t("bg", "bot_name", n=2, bot="heuristic")
        assert bulgarian != "Bot 2 (heuristic)"
        _until_named(p, bulgarian)  # frames sent before the switch may still be on their way
        p.send(type="lang", lang="xx")  # an unknown language reads as English
        _until_named(p, "Bot 2 (heuristic)")
    assert before["view"]["me"]["hand"]


def _until_named(p, name, limit=500):
    for _ in range(limit):
        if p.until("lobby")["seats"][1]["name"] == name:
            return
    raise AssertionError(f"seat 2 never named {name!r}")


def test_the_owner_plays_again_with_the_same_seats_or_goes_back_to_the_lobby(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _quick(p)
        first = p.play_to_the_end()
        p.send(type="again")
        lobby = p.until("lobby")
        assert lobby["state"] == "playing"
        assert [s["name"] for s in lobby["seats"]][1:] == ["Bot 2 (heuristic)", "Bot 3 (heuristic)", "Bot 4 (heuristic)"]
        second = p.play_to_the_end()
        assert second["record"] != first["record"]
        p.send(type="lobby")
        lobby = p.until("lobby")
        assert lobby["state"] == "lobby" and [s["kind"] for s in lobby["seats"]] == ["human", "bot", "bot", "bot"]
        p.send(type="again")  # not over: refused
        assert "not over" in p.until("error")["message"]


def test_only_the_owner_may_play_again():
    rooms = Rooms(("heuristic",))
    room, owner = rooms.create("Ann")
    _, guest = room.sit("Bob")
    for seat in (2, 3):
        room.set_seat(owner, seat, "bot", "heuristic")
    room.start(owner)
    room.state = "finished"
    for call in (room.again, room.to_lobby):
        try:
            call(guest)
        except RoomError as exc:
            assert "owner" in str(exc)
        else:
            raise AssertionError("a guest restarted the table")
    assert room.state == "finished"


def test_the_log_kept_between_frames_words_every_frame_as_a_fresh_one_would():
    import random

    from citadels_env.core import Game, GameConfig

    game, rng = Game(GameConfig(players=4), 11), random.Random(11)
    caches = {(seat, lang): views.LogCache() for seat in (None, 0, 2) for lang in ("en", "ru")}
    names = ["Ann", "Bob", "Cy", "Di"]
    while not game.is_over:
        for (seat, lang), cache in caches.items():
            assert views.log_entries(game, seat, None, names, lang, cache) == views.log_entries(game, seat, None,
                                                                                                  names, lang)
        game.apply(rng.choice(game.legal_actions()))
