"""Hidden information on the wire: every frame each client receives over whole games, two people, two bots and a
spectator at one table, is what its seat may know and nothing more.

For each `state` frame the test rebuilds the game at the frame's step from the finished record, then re-samples
everything the receiving seat cannot see (`Game.determinize`): the frame must equal the one built from the true game
and the one built from the re-sampled game. A frame that carried another seat's hand, an unrevealed character or the
deck order would change with the sample. A spectator's frames must survive re-sampling any seat's secrets."""

from __future__ import annotations

import json
import random
import threading

import pytest

from citadels_env.core.record import replay
from citadels_env.core.rng import Rng
from citadels_web import views

_FRAME_KEYS = ("view", "log", "legal", "prompt")


def _play(p, results, key, rng: random.Random) -> None:
    try:
        results[key] = p.play_to_the_end(choose=lambda legal: rng.randrange(len(legal)))
    except Exception as exc:  # reported by the main thread
        results[key] = exc


def _watch(p, results, key) -> None:
    try:
        results[key] = p.until("over")
    except Exception as exc:
        results[key] = exc


def _game_with_two_people_and_a_spectator(client, player, seed: int, **settings):
    results: dict[str, object] = {}
    with client.websocket_connect("/ws") as ws_a, client.websocket_connect("/ws") as ws_b, \
            client.websocket_connect("/ws") as ws_s:
        ann, bob, spy = player(ws_a), player(ws_b), player(ws_s)
        ann.send(type="create", name="Ann")
        code = ann.until("joined")["room"]
        ann.until("lobby")
        if settings:
            ann.send(type="settings", settings=settings)
            ann.until("lobby")
        bob.send(type="join", room=code, name="Bob")
        assert bob.until("joined")["seat"] == 1
        spy.send(type="join", room=code, spectate=True)
        spy.until("joined")
        for seat in range(2, settings.get("players", 4)):
            ann.send(type="seat", seat=seat, kind="bot", bot="heuristic")
            ann.until("lobby")
        ann.send(type="start")
        threads = [threading.Thread(target=_play, args=(ann, results, 0, random.Random(seed))),
                   threading.Thread(target=_play, args=(bob, results, 1, random.Random(seed + 1))),
                   threading.Thread(target=_watch, args=(spy, results, None))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
    for key, got in results.items():
        if isinstance(got, Exception):
            raise AssertionError(f"client {key} failed: {got!r}")
    over = results[0]
    record = client.get(f"/api/records/{over['record']}").json()
    return {0: ann.frames, 1: bob.frames, None: spy.frames}, record


def _check_frames(frames: dict, record: dict) -> int:
    games: dict[int, object] = {}
    checked = 0
    for seat, raw in frames.items():
        for i, text in enumerate(raw):
            m = json.loads(text)
            if m["type"] != "state":
                continue
            step = m["step"]
            if step not in games:
                games[step] = replay(record, upto=step)
            game = games[step]
            got = {k: m[k] for k in _FRAME_KEYS}
            names = [p["name"] for p in m["view"]["players"]]
            assert got == json.loads(json.dumps(views.seat_frame(game, seat, names))), f"seat {seat} step {step}"
            samplers = range(game.num_players) if seat is None else (seat,)
            for s in samplers:
                d = game.determinize(s, Rng(i * 31 + s))
                again = json.loads(json.dumps(views.seat_frame(d, seat, names)))
                assert again == got, f"seat {seat}'s frame at step {step} changed when seat {s}'s secrets changed"
            checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("seed,settings", [
    (1, {}),
    (2, {"players": 3, "preset": "cunning_agents"}),
    (3, {"players": 5, "preset": "illustrious_emissaries", "use_rank9": True, "selection": "deal"}),
])
def test_no_frame_carries_what_its_seat_cannot_know(client, player, seed, settings):
    frames, record = _game_with_two_people_and_a_spectator(client, player, seed, **settings)
    assert replay(record).is_over
    checked = _check_frames(frames, record)
    assert checked > 100  # whole games: hundreds of frames per client


def test_the_check_catches_a_frame_that_leaks_a_hand(client, player):
    """The same check fails when a frame carries another seat's hand: the test can fail."""
    frames, record = _game_with_two_people_and_a_spectator(client, player, 7)
    leaked = []
    for text in frames[0]:
        m = json.loads(text)
        if m["type"] == "state" and m["step"] > 0:
            game = replay(record, upto=m["step"])
            m["view"]["players"][1]["known_hand"] = [views.card(d)["id"] for d in game.players[1].hand]
            leaked.append(json.dumps(m))
            break
    with pytest.raises(AssertionError):
        _check_frames({0: leaked}, record)
