"""One browser tab's WebSocket: who it is (a room and a seat token), and a bounded outbox with its own writer.

Nothing that holds a room's lock ever waits on a client: `push` only queues a frame. A writer task per connection
sends the queue, each frame within `send_timeout`. A `lobby`, `state` or `hint` frame is a whole picture of the
moment (the state frame carries the complete log), so a newer one replaces an older one still waiting: a client that
reads slowly skips pictures instead of piling them up. A client that still lets more than `outbox_bytes` wait, or
takes longer than `send_timeout` to read one frame, is dropped: the queue is thrown away and the socket closed with
code 1013 (try again later). Its person keeps the seat and rejoins by token, getting the table as it is then.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import Bucket, Limits

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from .rooms import Room

#: Frames that describe the whole moment: a newer one replaces a queued older one of the same type.
SNAPSHOTS = frozenset({"lobby", "state", "hint"})
#: Close codes the server uses (RFC 6455 §7.4.1, and 4000 for the room's own end).
NORMAL, POLICY, TOO_BIG, INTERNAL, TRY_AGAIN, ROOM_CLOSED = 1000, 1008, 1009, 1011, 1013, 4000


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    address: str
    limits: Limits = field(default_factory=Limits)
    room: Room | None = None
    token: str | None = None
    hint: bool = False
    lang: str = "en"  # the language its frames are worded in (citadels_web.i18n)
    strikes: int = 0  # messages refused for the rate in a row
    queued: int = 0  # bytes waiting in the outbox
    outbox: deque[tuple[str, str]] = field(default_factory=deque)  # (frame type, text)
    dropped: str | None = None  # why the server dropped this client, once it did
    drop_code: int = TRY_AGAIN  # the close code that goes with it
    closing: tuple[int, str] | None = None  # close code and reason, once the outbox is sent
    bucket: Bucket = field(init=False)
    _wake: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.bucket = Bucket(self.limits.messages_per_s, self.limits.message_burst)

    @property
    def seat(self) -> int | None:
        """The seat of this connection's person now: it follows the token wherever the owner's changes move it."""
        if self.room is None or self.token is None:
            return None
        return self.room.find_seat(self.token)

    def label(self) -> str:
        """Who this is, for the log (no token, no password)."""
        where = "" if self.room is None else f" room {self.room.code}"
        seat = self.seat
        return f"{self.address}{where}" + ("" if seat is None else f" seat {seat}")

    # -- sending --------------------------------------------------------------------------------------------------
    def push(self, frame: dict[str, Any]) -> None:
        """Queue a frame; never waits. A client that lets its outbox fill is dropped."""
        if self.dropped is not None or self.closing is not None:
            return
        kind, text = frame.get("type", ""), json.dumps(frame)
        if kind in SNAPSHOTS:
            for old in [item for item in self.outbox if item[0] == kind]:
                self.outbox.remove(old)
                self.queued -= len(old[1])
        if self.queued + len(text) > self.limits.outbox_bytes:
            self.drop(f"fell behind: more than {self.limits.outbox_bytes} bytes were waiting for it")
            return
        self.outbox.append((kind, text))
        self.queued += len(text)
        self._wake.set()

    def drop(self, why: str, code: int = TRY_AGAIN) -> None:
        """Stop sending to this client at once; its socket is closed with `code` (1013: try again later)."""
        if self.dropped is None:
            self.dropped, self.drop_code = why, code
            self.outbox.clear()
            self.queued = 0
            self._wake.set()

    def close_after_sending(self, code: int, reason: str) -> None:
        """Send what is queued, then close the socket with this code (a kick, a leave, a closed room)."""
        if self.closing is None:
            self.closing = (code, reason)
            self._wake.set()

    async def write_loop(self) -> None:
        """Send the outbox in order, each frame within the send timeout; returns when dropped or closing."""
        timeout = self.limits.send_timeout
        while True:
            self._wake.clear()  # before looking at the queue: a push from now on wakes the wait below
            while self.outbox and self.dropped is None:
                _, text = self.outbox.popleft()
                self.queued -= len(text)
                try:
                    await self._send_within(text, timeout)
                except TimeoutError:
                    self.drop(f"did not read a frame within {timeout:g} s")
                except Exception:  # the socket is gone (the client left): nothing more to send, nothing to log
                    self.outbox.clear()
                    self.queued = 0
                    return
            if self.dropped is not None or self.closing is not None:
                return
            await self._wake.wait()

    async def _send_within(self, text: str, timeout: float) -> None:
        """Send one frame, or TimeoutError after `timeout` seconds (0: no limit). A timer that cancels this task,
        rather than asyncio.wait_for, whose extra task per frame costs every frame a turn of the event loop."""
        if not timeout:
            await self.ws.send_text(text)
            return
        task = asyncio.current_task()
        assert task is not None
        expired = False

        def expire() -> None:
            nonlocal expired
            expired = True
            task.cancel()

        timer = asyncio.get_running_loop().call_later(timeout, expire)
        try:
            await self.ws.send_text(text)
        except asyncio.CancelledError:
            if not expired:
                raise
            raise TimeoutError from None
        finally:
            timer.cancel()

    async def close(self, code: int, reason: str) -> None:
        """Close the socket, bounded in time: a client that does not read cannot hold the server here."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code=code, reason=reason[:120]), 1.0)
