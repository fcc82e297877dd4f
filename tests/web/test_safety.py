"""Browser play that is safe to share (docs/WEB.md, Security and limits), through Starlette's test client:

- a connection's seat follows its person when the owner's changes renumber the seats: no one gets another's hand;
- every malformed frame gets an `error` frame and changes nothing;
- wrong passwords and unknown room codes cost growing waits, per room and per client address;
- a private room is found by its link's secret key alone, and its records are not listed;
- idle and finished rooms are closed and their memory freed, their records kept;
- caps on rooms and connections per address; duplicate names get a suffix;
- one log line per refused message or dropped client, a traceback only in debug mode;
- a client whose socket never drains is dropped after the send timeout, and its room never waits on it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from citadels_web.connection import Conn
from citadels_web.limits import Bucket, Limits, Throttle
from citadels_web.server import create_app


def _hub(client):
    return client.app.state.hub


def _create(p, name="Ann", password=None, **settings):
    p.send(type="create", name=name, password=password)
    joined = p.until("joined")
    p.until("lobby")
    if settings:
        p.send(type="settings", settings=settings)
        p.until("lobby")
    return joined


# -- 1. the seat follows the person ------------------------------------------------------------------------------
def test_a_seat_follows_its_token_when_the_owner_shrinks_the_table(client, player):
    """Ann 0, Bob 2, Cleo 3; four seats become three and Bob moves to seat 1, Cleo to seat 2. Before, Bob's connection
    kept seat 2 and was sent Cleo's hand and characters, and Cleo's (seat 3) raised IndexError."""
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b, \
            client.websocket_connect("/ws") as c:
        ann, bob, cleo = player(a), player(b), player(c)
        key = _create(ann)["room"]
        for p, name, seat in ((bob, "Bob", 2), (cleo, "Cleo", 3)):
            p.send(type="join", room=key, name=name, seat=seat)
            assert p.until("joined")["seat"] == seat
        ann.send(type="settings", settings={"players": 3})
        for p, seat in ((bob, 1), (cleo, 2)):
            lobby = p.until("lobby")
            while lobby["settings"]["players"] != 3:
                assert lobby["you"] == seat + 1
                lobby = p.until("lobby")
            assert lobby["you"] == seat
        ann.send(type="start")
        room = _hub(client).rooms.get(key)
        frames = {seat: p.until("state") for seat, p in ((0, ann), (1, bob), (2, cleo))}
        for seat, frame in frames.items():
            view = room.game.view(seat)
            assert frame["you"] == seat and frame["view"]["me"]["seat"] == seat
            assert [card["id"] for card in frame["view"]["me"]["hand"]] == list(view.hand)
            assert frame["view"]["players"][seat]["name"] == ("Ann", "Bob", "Cleo")[seat]
    # Cleo's leaving (seat 3 no longer exists) did not raise: the room marks seat 2 away
    assert not room.seats[2].connected


def test_a_kicked_persons_connection_keeps_no_seat(client, player):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        ann, bob = player(a), player(b)
        key = _create(ann)["room"]
        bob.send(type="join", room=key, name="Bob")
        bob.until("joined")
        ann.send(type="kick", seat=1)
        assert bob.until("kicked")
        with pytest.raises(WebSocketDisconnect) as closed:
            bob.recv()
        assert closed.value.code == 1000
    assert all(c.seat is None or c.token == _hub(client).rooms.get(key).seats[0].token
               for c in _hub(client).conns.get(_hub(client).rooms.get(key).code, ()))


# -- 3. malformed frames ---------------------------------------------------------------------------------------
def test_binary_deep_and_odd_frames_get_an_error_frame_and_change_nothing(tmp_path, player):
    app = create_app(tmp_path, limits=Limits(message_burst=10_000))  # hundreds of messages at once: no flood limit
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        p = player(ws)
        key = _create(p)["room"]
        room = _hub(client).rooms.get(key)
        before = (dict(room.settings), [s.public() for s in room.seats])
        ws.send_bytes(b"\x00\x01binary")
        assert "binary" in p.until("error")["message"]
        ws.send_text("[" * 2000 + "]" * 2000)
        assert "nested too deeply" in p.until("error")["message"]
        ws.send_text('{"type": "create", "name": "' + "é" * 2100 + '"}')  # 4,200 bytes in 2,100 characters
        assert "too long" in p.until("error")["message"]
        odd = [None, True, -1, 10**30, 1.5, "0", "x" * 100, [], {}, [[[]]], {"a": {"b": []}}]
        fields = {"settings": ["settings"], "seat": ["seat", "kind", "bot"], "kick": ["seat"], "act": ["action", "step"],
                  "join": ["room", "token", "name", "seat", "password"], "replay": ["record", "seat", "step"],
                  "create": ["name", "password"]}
        for kind, names in fields.items():
            for name in names:
                for value in odd:
                    p.send(type=kind, **{name: value})
                    assert p.until("error")["message"]
        for value in odd:  # every setting, every odd value
            for setting in room.settings:
                p.send(type="settings", settings={setting: value})
                m = p.recv()
                assert m["type"] in ("error", "lobby"), m
                if m["type"] == "lobby":  # a value the room took (e.g. None for an optional one): put it back
                    p.send(type="settings", settings={setting: before[0][setting]})
                    p.until("lobby")
        assert (dict(room.settings), [s.public() for s in room.seats]) == before
        p.send(type="settings", settings={"players": 5})  # the connection still works
        assert p.until("lobby")["settings"]["players"] == 5


# -- 4. guessing -------------------------------------------------------------------------------------------------
@pytest.fixture
def now(client):
    """The server's failure clock, set by hand: [seconds]."""
    clock = [1000.0]
    _hub(client).failures.clock = lambda: clock[0]
    return clock


def test_wrong_passwords_cost_growing_waits_per_room_and_per_address(client, player, now):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        ann, eve = player(a), player(b)
        key = _create(ann, password="s3cret")["room"]
        for _ in range(3):  # the free tries
            eve.send(type="join", room=key, name="Eve", password="guess")
            assert "wrong password" in eve.until("error")["message"]
        eve.send(type="join", room=key, name="Eve", password="s3cret")  # refused unchecked during the wait
        assert "wait 1 s" in eve.until("error")["message"]
        now[0] += 1.0
        eve.send(type="join", room=key, name="Eve", password="guess2")
        assert "wrong password" in eve.until("error")["message"]
        eve.send(type="join", room=key, name="Eve", password="guess3")
        assert "wait 2 s" in eve.until("error")["message"]  # doubled
        now[0] += 2.0
        eve.send(type="join", room=key, name="Eve", password="s3cret")
        assert eve.until("joined")["seat"] == 1  # the right password, once the wait is over


def test_unknown_room_codes_cost_waits_too_and_a_private_rooms_code_finds_nothing(client, player, now):
    hub = _hub(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        ann, eve = player(a), player(b)
        joined = _create(ann, password="pw")
        key, code = joined["room"], hub.rooms.get(joined["room"]).code
        assert joined["code"] is None and joined["link"] == f"/r/{key}" and len(key) >= 16  # >= 96 bits
        eve.send(type="join", room=code, name="Eve", password="pw")
        private = eve.until("error")["message"]
        eve.send(type="join", room="ZZZZ" if code != "ZZZZ" else "YYYY", name="Eve", password="pw")
        assert eve.until("error")["message"].split("'")[2] == private.split("'")[2]  # the same words
        eve.send(type="join", room="QQQQ", name="Eve")
        eve.until("error")
        eve.send(type="join", room=key, name="Eve", password="pw")
        assert "too many wrong room codes" in eve.until("error")["message"]


def test_a_private_rooms_record_is_not_listed_but_opens_by_its_id(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _create(p, password="pw", players=2)
        p.send(type="seat", seat=1, kind="bot", bot="random")
        p.until("lobby")
        p.send(type="start")
        rid = p.play_to_the_end()["record"]
    assert client.get("/api/records").json() == []
    assert client.get(f"/api/records/{rid}").status_code == 200
    assert len(rid.rsplit("-", 1)[-1]) >= 16 or len(rid.split("-", 2)[-1]) >= 16


# -- 4. rooms closed, caps, names ----------------------------------------------------------------------------------
def test_idle_and_finished_rooms_are_closed_and_freed_and_records_stay(tmp_path, player):
    app = create_app(tmp_path, bot_delay=0, time_scale=0.001)  # idle 1800 s -> 1.8 s
    with TestClient(app) as client:
        hub = _hub(client)
        with client.websocket_connect("/ws") as ws:  # a game played to the end, then everyone leaves
            p = player(ws)
            _create(p, players=2)
            p.send(type="seat", seat=1, kind="bot", bot="random")
            p.until("lobby")
            p.send(type="start")
            rid = p.play_to_the_end()["record"]
        with client.websocket_connect("/ws") as ws:  # a lobby left alone
            p = player(ws)
            idle = _create(p)["room"]
        assert list(hub.rooms.rooms) == [hub.rooms.get(idle).code]  # the finished room closed when its last left
        code = hub.rooms.get(idle).code
        waited = client.portal.call(_until_closed, hub, 10.0)  # the server's own sweep, every 30 s x 0.001
        assert 1.5 < waited < 10 and not hub.rooms.rooms and not hub.rooms.by_key  # idle 1800 s x 0.001
        assert not any(code in table for table in (hub.conns, hub.locks, hub.timers, hub.drivers, hub.empty_since))
        assert client.get("/api/records").json() == [rid]


async def _until_closed(hub, limit: float) -> float:
    """Seconds until the server's sweep closed every room."""
    start = time.monotonic()
    while hub.rooms.rooms and time.monotonic() - start < limit:
        await asyncio.sleep(0.01)
    return time.monotonic() - start


def test_someone_still_in_a_closed_room_is_told_why(tmp_path, player):
    app = create_app(tmp_path, bot_delay=0, limits=Limits(finished_room=0))
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        p = player(ws)
        _create(p, players=2)
        p.send(type="seat", seat=1, kind="bot", bot="random")
        p.until("lobby")
        p.send(type="start")
        p.play_to_the_end()
        client.portal.call(_hub(client).sweep)
        assert "the game is over" in p.until("closed")["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            p.recv()
        assert closed.value.code == 4000


def test_caps_on_rooms_and_connections_per_address(tmp_path, player):
    limits = Limits(rooms_per_address=2, connections_per_address=3, max_rooms=3)
    with TestClient(create_app(tmp_path, limits=limits)) as client:
        sockets = [client.websocket_connect("/ws") for _ in range(3)]
        players = [player(s.__enter__()) for s in sockets]
        for p in players[:2]:
            _create(p)
        players[2].send(type="create", name="Cy")
        assert "2 rooms open already" in players[2].until("error")["message"]
        with client.websocket_connect("/ws") as extra:
            assert "too many connections" in json.loads(extra.receive_text())["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_text()
            assert closed.value.code == 1008
        _hub(client).rooms.per_creator = 10
        players[2].send(type="create", name="Cy")
        players[2].until("joined")
        for s in sockets:
            s.__exit__(None, None, None)
    assert _hub(client).per_address == {}  # every connection was counted out


def test_the_server_wide_room_cap(tmp_path, player):
    with TestClient(create_app(tmp_path, limits=Limits(max_rooms=1))) as client, \
            client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        _create(player(a))
        pb = player(b)
        pb.send(type="create", name="Bob")
        assert "1 rooms open, its limit" in pb.until("error")["message"]


def test_two_people_with_one_name_get_a_suffix_everywhere(client, player):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        ann, ann2 = player(a), player(b)
        key = _create(ann, players=4)["room"]
        ann2.send(type="join", room=key, name="ann")
        ann2.until("joined")
        for seat in (2, 3):
            ann.send(type="seat", seat=seat, kind="bot", bot="random")
        lobby = ann.until("lobby")
        while lobby["seats"][3]["kind"] != "bot":
            lobby = ann.until("lobby")
        names = [s["name"] for s in lobby["seats"]]
        assert names == ["Ann", "ann (2)", "Bot 3 (random)", "Bot 4 (random)"]
        assert len({n.casefold() for n in names}) == 4


# -- 5. the log ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("debug", [False, True])
def test_one_log_line_per_refused_message_and_a_traceback_only_in_debug(tmp_path, player, caplog, debug):
    app = create_app(tmp_path, debug=debug)
    hub = app.state.hub

    def broken(*args, **kwargs):
        raise ZeroDivisionError("planted")

    with caplog.at_level(logging.INFO, logger="citadels_web"), TestClient(app) as client:
        with client.websocket_connect("/ws") as ws:
            p = player(ws)
            for bad in ("not json", json.dumps({"type": "fly"}), json.dumps({"type": "join", "room": "ABCD"})):
                ws.send_text(bad)
                p.until("error")
        hub.records.replay_frame = broken  # an unexpected error: the connection closes with 1011, one log line
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "replay", "record": "x", "seat": None, "step": 0}))
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 1011
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(refused) == 3 and all(r.exc_info is None for r in refused)
    errors = [r for r in caplog.records if "internal error" in r.getMessage()]
    assert len(errors) == 1 and "ZeroDivisionError" in errors[0].getMessage()
    assert (errors[0].exc_info is not None) == debug


# -- 2. a client that never reads ----------------------------------------------------------------------------------
class _NeverDrains:
    """A WebSocket whose sends never complete: a reader that stopped."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_text(self, text: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()


def test_a_client_whose_socket_never_drains_is_dropped_after_the_send_timeout(arun):
    async def main():
        conn = Conn(_NeverDrains(), "10.0.0.1", Limits(send_timeout=0.2))
        writer = asyncio.create_task(conn.write_loop())
        for i in range(1000):  # pushing never waits, and snapshots replace each other while the writer is stuck
            conn.push({"type": "state", "step": i, "pad": "x" * 1000})
        assert len(conn.outbox) == 1 and conn.outbox[0][1].startswith('{"type": "state", "step": 999')
        await asyncio.wait_for(writer, 2)
        return conn

    conn = arun(main())
    assert conn.dropped and "within 0.2 s" in conn.dropped and not conn.outbox and conn.queued == 0
    assert conn.ws.sent == 1


def test_an_outbox_over_its_byte_limit_drops_the_client_at_once(arun):
    async def main():
        conn = Conn(_NeverDrains(), "10.0.0.1", Limits(outbox_bytes=10_000))
        for i in range(20):  # error frames are not snapshots: they pile up
            conn.push({"type": "error", "message": f"{i} " + "x" * 1000})
        return conn

    conn = arun(main())
    assert conn.dropped and "fell behind" in conn.dropped and conn.queued == 0


# -- the clocked helpers -------------------------------------------------------------------------------------------
def test_throttle_and_bucket_on_a_fake_clock():
    now = [0.0]
    t = Throttle(free=2, delay=1.0, max_delay=4.0, memory=100.0, clock=lambda: now[0])
    waits = []
    for _ in range(6):
        t.fail("k")
        waits.append(t.wait("k"))
    assert waits == [0.0, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert t.wait("other") == 0.0
    now[0] += 101
    assert t.wait("k") == 0.0  # forgotten after `memory` seconds without a failure
    b = Bucket(rate=2.0, burst=3, clock=lambda: now[0])
    assert [b.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert b.take() and not b.take()


def test_limits_refuse_negative_values():
    with pytest.raises(ValueError, match="send_timeout"):
        Limits(send_timeout=-1)
    assert "1009" in Limits.doc("max_transport_message")


def test_docs_list_every_limit_with_its_option_and_default():
    from dataclasses import fields
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "WEB.md").read_text()
    section = text[text.index("## Security and limits"):text.index("## Tests")]
    for f in fields(Limits):
        default = f"{f.default:g}" if isinstance(f.default, float) else str(f.default)
        assert f"| `--{f.name.replace('_', '-')}` | {default} |" in section, f.name
