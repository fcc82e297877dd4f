"""The limits that only a real server shows (docs/WEB.md, Security and limits): uvicorn on 127.0.0.1, real sockets.

- a spectator that stops reading does not stall its room;
- a WebSocket message over the transport limit closes that socket with code 1009, and no other;
- a client that floods is refused, then dropped with code 1008, while another client's game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

import pytest

pytest.importorskip("uvicorn")
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from citadels_web.limits import Limits
from citadels_web.server import create_app
from citadels_web.testing import LiveServer, StalledClient


def _live(records, limits: Limits) -> LiveServer:
    return LiveServer(create_app(records, bot_delay=0.0, limits=limits))


async def _until(ws, kind: str, timeout: float = 30) -> dict:
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if m["type"] == kind:
            return m


async def _room(ws, players: int = 4, **settings) -> str:
    await ws.send(json.dumps({"type": "create", "name": "Ann"}))
    key = (await _until(ws, "joined"))["room"]
    await ws.send(json.dumps({"type": "settings", "settings": {"players": players, **settings}}))
    for seat in range(1, players):
        await ws.send(json.dumps({"type": "seat", "seat": seat, "kind": "bot", "bot": "heuristic"}))
    return key


async def _play(ws, gap_limit: float = 20) -> tuple[dict, float]:
    """Answer every decision until the game is over; returns the `over` frame and the longest wait for a frame."""
    longest, last, answered = 0.0, time.monotonic(), -1
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), gap_limit))
        now = time.monotonic()
        longest, last = max(longest, now - last), now
        # once per step: a spectator's leaving re-sends the table as it is, the same decision included
        if m["type"] == "state" and m["legal"] and m["step"] > answered:
            answered = m["step"]
            await ws.send(json.dumps({"type": "act", "action": 0, "step": m["step"]}))
        elif m["type"] == "over":
            return m, longest
        elif m["type"] == "error":
            raise AssertionError(m["message"])


@pytest.mark.slow
def test_a_spectator_that_stops_reading_does_not_stall_the_room(tmp_path, arun):
    """Before the outbox, this room froze for good once the silent spectator's socket buffers were full (a long game,
    20 districts to end it, sends it several MB). Now the table never waits on it: the longest wait for a frame stays
    under the send timeout. (That the silent client is then dropped is test_safety's, with a socket that never
    drains: here the kernel's buffers decide when it would block.)"""
    limits = Limits(send_timeout=1.0)
    with _live(tmp_path, limits) as live:
        async def main():
            async with connect(live.ws_url, max_size=None) as ws:
                key = await _room(ws, completion_size=20)
                spy = StalledClient("127.0.0.1", live.port)
                spy.send(type="join", room=key, spectate=True)
                for _ in range(100):  # the spectator is in before the game starts
                    await asyncio.sleep(0.05)
                    if sum(c.seat is None for c in live.hub.conns.get(live.hub.rooms.get(key).code, ())):
                        break
                await ws.send(json.dumps({"type": "start"}))
                try:
                    return await _play(ws, gap_limit=20)
                finally:
                    spy.close()

        over, longest = arun(main())
    assert over["record"] and longest < limits.send_timeout


def test_a_message_over_the_transport_limit_closes_that_socket_with_1009(tmp_path, arun):
    limits = Limits()
    with _live(tmp_path, limits) as live:
        async def main():
            async with connect(live.ws_url) as other, connect(live.ws_url, max_size=None) as big:
                await big.send("x" * (limits.max_transport_message + 1))
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(big.recv(), 10)
                await other.send(json.dumps({"type": "create", "name": "Ann"}))  # the other socket is untouched
                return closed.value.rcvd.code, (await _until(other, "joined"))

        code, joined = arun(main())
    assert code == 1009 and joined["seat"] == 0


def test_a_flooding_client_is_dropped_with_1008_and_another_game_goes_on(tmp_path, caplog, arun):
    limits = Limits(messages_per_s=0.01, message_burst=300, flood_strikes=20)  # Ann's game fits the burst
    with _live(tmp_path, limits) as live, caplog.at_level(logging.INFO, logger="citadels_web"):
        async def main():
            async with connect(live.ws_url, max_size=None) as ws, connect(live.ws_url, max_size=None) as flood:
                await _room(ws, players=3)
                await ws.send(json.dumps({"type": "start"}))
                for _ in range(400):
                    with contextlib.suppress(ConnectionClosed):
                        await flood.send(json.dumps({"type": "replay", "record": "nope", "seat": None, "step": 0}))
                with pytest.raises(ConnectionClosed) as closed:
                    while True:  # error frames, as many as were sent before the drop threw the rest away
                        await asyncio.wait_for(flood.recv(), 10)
                over, _ = await _play(ws)
                return closed.value.rcvd, over

        close, over = arun(main())
    assert close.code == 1008 and "flooding" in close.reason and over["record"]
    lines = [r.getMessage() for r in caplog.records]
    assert sum("refused 'replay': no finished game" in line for line in lines) == 300  # the burst was answered
    assert sum("refused message: too many messages" in line for line in lines) == 19  # the 20th in a row drops it
    assert sum("dropped: flooding" in line for line in lines) == 1
