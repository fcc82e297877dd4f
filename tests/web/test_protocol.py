"""The browser game's protocol through Starlette's test client (docs/WEB.md): whole games, bad messages, the timer,
several rooms, records that survive a restart."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from citadels_env.core.record import replay
from citadels_web.server import create_app


def _room_with_bots(p, bots=("heuristic", "heuristic", "heuristic"), **settings):
    p.send(type="create", name="Ann")
    joined = p.until("joined")
    p.until("lobby")
    if settings:
        p.send(type="settings", settings=settings)
        p.until("lobby")
    for i, bot in enumerate(bots, start=1):
        p.send(type="seat", seat=i, kind="bot", bot=bot)
        p.until("lobby")
    return joined


def test_a_whole_game_against_three_bots_ends_with_scores_and_a_record(client, player, app):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        joined = _room_with_bots(p)
        assert joined["owner"] and joined["seat"] == 0 and len(joined["code"]) == 4 and len(joined["room"]) >= 16
        p.send(type="start")
        over = p.play_to_the_end()
    assert {r["seat"] for r in over["scores"]} == {0, 1, 2, 3}
    assert over["winner"] == over["scores"][0]["seat"]
    records = client.get("/api/records").json()
    assert records == [over["record"]]
    record = client.get(f"/api/records/{over['record']}").json()
    game = replay(record)  # a valid record: it replays, digest and result checked
    assert game.is_over and game.result().winner == over["winner"]


def test_bad_messages_get_an_error_frame_and_change_nothing(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _room_with_bots(p)
        p.send(type="start")
        state = p.until("state")
        while not state["legal"]:
            state = p.until("state")
        for bad in ["not json", json.dumps([1, 2]), json.dumps({"type": "fly"}),
                    json.dumps({"type": "act", "action": 999, "step": state["step"]}),
                    json.dumps({"type": "act", "action": "0", "step": state["step"]}),
                    json.dumps({"type": "act", "action": 0, "step": state["step"] - 1}),
                    json.dumps({"type": "act", "action": True, "step": state["step"]}),
                    json.dumps({"type": "settings", "settings": {"players": 5}}),
                    json.dumps({"type": "seat", "seat": 1, "kind": "open"}),
                    "x" * 10_000]:
            ws.send_text(bad)
            m = p.recv()
            assert m["type"] == "error", (bad[:40], m)
            assert m["message"]
        p.send(type="act", action=0, step=state["step"])  # the state did not move: the right answer still works
        m = p.recv()
        assert m["type"] in ("lobby", "state")


def test_out_of_turn_and_owner_only_messages_are_refused(client, player):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        pa, pb = player(a), player(b)
        room = _room_with_bots(pa, bots=(), players=2)["room"]
        pb.send(type="join", room=room, name="Bob")
        assert pb.until("joined")["seat"] == 1
        pb.send(type="start")
        assert "owner" in pb.until("error")["message"]
        pb.send(type="kick", seat=0)
        assert "owner" in pb.until("error")["message"]
        pa.send(type="start")
        state = pb.until("state")
        waiting = (pa, pb)[1 - state["view"]["current"]]  # two people, no bot: nothing moves until one answers
        waiting.send(type="act", action=0, step=state["step"])
        assert "not your turn" in waiting.until("error")["message"]


def test_timer_plays_a_random_legal_move_and_says_so(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _room_with_bots(p, timer=5)  # 5 s scaled by the test's time_scale 0.01: 50 ms
        p.send(type="start")
        timeout = p.until("timeout")
        assert timeout["seat"] == 0 and "random move" in timeout["label"]
        state = p.until("state")
        assert state["step"] >= 1


def test_several_rooms_play_at_once(client, player):
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        pa, pb = player(a), player(b)
        ra = _room_with_bots(pa)["room"]
        rb = _room_with_bots(pb, bots=("random", "random"), players=3)["room"]
        assert ra != rb
        pa.send(type="start")
        pb.send(type="start")
        over_b = pb.play_to_the_end()
        over_a = pa.play_to_the_end()
    assert len(over_a["scores"]) == 4 and len(over_b["scores"]) == 3
    assert set(client.get("/api/records").json()) == {over_a["record"], over_b["record"]}


def test_finished_records_survive_a_restart(tmp_path, player):
    with TestClient(create_app(tmp_path, bot_delay=0)) as c, c.websocket_connect("/ws") as ws:
        p = player(ws)
        _room_with_bots(p)
        p.send(type="start")
        rid = p.play_to_the_end()["record"]
    with TestClient(create_app(tmp_path, bot_delay=0)) as c:
        assert c.get("/api/records").json() == [rid]
        assert replay(c.get(f"/api/records/{rid}").json()).is_over
        assert c.get("/api/records/..%2Fetc").status_code == 404


def test_replay_frames_step_through_a_finished_game_from_any_seat(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _room_with_bots(p)
        p.send(type="start")
        rid = p.play_to_the_end()["record"]
        p.send(type="replay", record=rid, seat=2, step=10)
        f = p.until("replay_frame")
        assert f["step"] == 10 and f["view"]["me"]["seat"] == 2 and f["total"] > 10
        p.send(type="replay", record=rid, seat=None, step=f["total"])
        assert p.until("replay_frame")["view"]["me"] is None
        p.send(type="replay", record=rid, seat=None, step=f["total"] + 1)
        assert "step" in p.until("error")["message"]


def test_hint_gives_three_moves_and_a_win_chance(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _room_with_bots(p)
        p.send(type="hint", on=True)
        p.send(type="start")
        hint = p.until("hint")
        assert 1 <= len(hint["moves"]) <= 3
        assert all(0 <= m["prob"] <= 1 and m["label"] for m in hint["moves"])
        probs = [m["prob"] for m in hint["moves"]]
        assert probs == sorted(probs, reverse=True)
        assert hint["win"] is None or 0 <= hint["win"] <= 1


def test_pages_and_static_files_are_served_from_the_package(client):
    assert "Citadels" in client.get("/").text
    assert client.get("/r/ABCD").status_code == 200
    assert "WebSocket" in client.get("/static/app.js").text
    assert client.get("/static/style.css").status_code == 200
    assert "ppo" in client.get("/api/options").json()["bots"]


def test_a_dealt_game_with_two_characters_each_plays_to_the_end(client, player):
    with client.websocket_connect("/ws") as ws:
        p = player(ws)
        _room_with_bots(p, selection="deal", characters_per_player=2)
        assert p.last["lobby"]["settings"]["selection"] == "deal"
        p.send(type="settings", settings={"characters_per_player": 3})  # 4 x 3 > 8 characters: refused by the core
        assert "characters_per_player must be from 1 to 2" in p.until("error")["message"]
        p.send(type="start")
        over = p.play_to_the_end()
    record = client.get(f"/api/records/{over['record']}").json()
    assert record["config"]["selection"] == "deal" and record["config"]["characters_per_player"] == 2
    game = replay(record)
    assert sum(e[0] == "dealt" for _, e in game.events) == 7 * game.round  # 4 seats x 2, less the crown's pick
    assert "deal" in client.get("/api/options").json()["selections"]


def test_the_candidate_bot_is_offered_and_plays_a_room_to_the_end(client, player):
    """`ppo-candidate` (two networks in one file: agents/policy.py's by_size) sits at a 3-player room, where it plays
    its every-size network, and at the seats of a 4-player one, where it plays its 4-player network."""
    assert "ppo-candidate" in client.get("/api/options").json()["bots"]
    for bots in (("ppo-candidate", "heuristic"), ("ppo-candidate", "heuristic", "ppo-candidate")):
        with client.websocket_connect("/ws") as ws:
            p = player(ws)
            _room_with_bots(p, bots=bots, players=len(bots) + 1)
            p.send(type="start")
            over = p.play_to_the_end()
        record = client.get(f"/api/records/{over['record']}").json()
        game = replay(record)
        assert game.is_over and game.num_players == len(bots) + 1
