"""The server's state and the game moving on: rooms, who is connected where, timers, bots, and the sweep that closes
idle and finished rooms.

Every change to a room happens under that room's asyncio lock, and ends in `after_change`, which queues each
connection its own frames (`Conn.push` never waits, so no client can hold a lock). Bots, the decision timer and the
disconnect grace period are asyncio tasks of their room, cancelled when it closes.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents import Decision
from agents import make as make_agent

from . import i18n, views
from .connection import ROOM_CLOSED, Conn
from .hints import advice
from .limits import Limits, Throttle
from .records import Records
from .rooms import FINISHED, PLAYING, Room, RoomError, Rooms

log = logging.getLogger("citadels_web")


@dataclass
class Hub:
    """Rooms, connections, timers and limits of one server."""

    rooms: Rooms
    records: Records
    bot_delay: float = 0.4
    time_scale: float = 1.0  # tests shrink every timer, grace period and room lifetime
    hint_bot: str = "ppo"
    limits: Limits = field(default_factory=Limits)
    debug: bool = False  # log the traceback of an unexpected error
    conns: dict[str, set[Conn]] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    timers: dict[str, asyncio.Task] = field(default_factory=dict)
    drivers: dict[str, asyncio.Task] = field(default_factory=dict)
    graces: dict[tuple[str, int], asyncio.Task] = field(default_factory=dict)
    deadlines: dict[str, float] = field(default_factory=dict)
    empty_since: dict[str, float] = field(default_factory=dict)  # rooms nobody is connected to, since when
    finished_at: dict[str, float] = field(default_factory=dict)
    per_address: Counter[str] = field(default_factory=Counter)  # open connections by client address
    logs: dict[str, dict[tuple[int | None, str], views.LogCache]] = field(default_factory=dict)  # by room, seat, language
    failures: Throttle = field(init=False)
    _hinter: Any = None

    def __post_init__(self) -> None:
        lim = self.limits
        self.failures = Throttle(lim.free_failures, lim.failure_delay, lim.max_failure_delay, lim.failure_memory)

    def lock(self, room: Room) -> asyncio.Lock:
        return self.locks.setdefault(room.code, asyncio.Lock())

    # -- connections and their limits -------------------------------------------------------------------------
    def admit(self, conn: Conn) -> bool:
        """Count a new connection against its address; False when the address has too many open."""
        if self.per_address[conn.address] >= self.limits.connections_per_address:
            return False
        self.per_address[conn.address] += 1
        return True

    def release(self, conn: Conn) -> None:
        self.per_address[conn.address] -= 1
        if self.per_address[conn.address] <= 0:
            del self.per_address[conn.address]

    def check_password(self, room: Room, conn: Conn, password: Any) -> None:
        """The room's password check, throttled per room and per client address: after a few wrong passwords each
        try must wait, twice as long as the last; a try during the wait is refused unchecked."""
        keys = (("room", room.code), ("address", conn.address))
        wait = max(self.failures.wait(k) for k in keys)
        if wait > 0:
            raise RoomError("password_wait", seconds=math.ceil(wait), free=self.limits.free_failures)
        try:
            room.check_password(password)
        except RoomError:
            for k in keys:
                self.failures.fail(k)
            raise RoomError("wrong_password_throttled", free=self.limits.free_failures) from None
        for k in keys:
            self.failures.succeed(k)

    def find_room(self, conn: Conn, code: Any) -> Room:
        """The room a code or link names; unknown codes count as failures of the address, like wrong passwords, so
        that scanning for rooms is as slow as guessing passwords."""
        key = ("address", conn.address)
        wait = self.failures.wait(key)
        if wait > 0:
            raise RoomError("codes_wait", seconds=math.ceil(wait))
        try:
            return self.rooms.get(code)
        except RoomError:
            self.failures.fail(key)
            raise

    def enter(self, conn: Conn, room: Room) -> None:
        conn.room = room
        self.conns.setdefault(room.code, set()).add(conn)
        self.empty_since.pop(room.code, None)

    def leave(self, conn: Conn) -> None:
        room = conn.room
        if room is None:
            return
        here = self.conns.get(room.code, set())
        here.discard(conn)
        if not here:
            self.empty_since[room.code] = time.monotonic()

    # -- sending ------------------------------------------------------------------------------------------------
    def broadcast(self, room: Room, extra: dict[str, Any] | None = None) -> None:
        """Everyone in the room gets the lobby, then their own table (and the extra frame, e.g. a timeout)."""
        frames: dict[tuple[int | None, str], dict[str, Any]] = {}  # one table per seat and language, shared
        for conn in list(self.conns.get(room.code, ())):
            self.send_room(conn, room, extra, frames)

    def send_room(self, conn: Conn, room: Room, extra: dict[str, Any] | None = None,
                  frames: dict[tuple[int | None, str], dict[str, Any]] | None = None) -> None:
        """One connection's frames of its room, in its language."""
        frames = {} if frames is None else frames
        seat, lang = conn.seat, conn.lang
        conn.push({"type": "lobby", **room.public(i18n.bot_namer(lang)), "spectators": self._spectators(room),
                   "you": seat, "owner": seat == 0})
        if extra is not None:
            if "label_key" in extra:  # worded for each reader
                extra = {"type": extra["type"], "seat": extra["seat"],
                         "label": i18n.t(lang, extra["label_key"], name=self.names(room, lang)[extra["seat"]])}
            conn.push(extra)
        if room.game is not None:
            if (seat, lang) not in frames:
                frames[(seat, lang)] = self.state_frame(room, seat, lang)
            conn.push(frames[(seat, lang)])
            if conn.hint and seat is not None and room.to_move() == seat and room.settings["hint_allowed"]:
                conn.push(self.hint_frame(room, seat, lang))
        if room.state == FINISHED and room.record_id is not None:
            conn.push({"type": "over", **views.scores(room.game, self.names(room, lang), lang),
                       "record": room.record_id})

    def _spectators(self, room: Room) -> int:
        return sum(1 for c in self.conns.get(room.code, ()) if c.seat is None)

    @staticmethod
    def names(room: Room, lang: str = "en") -> list[str]:
        """Every seat's one name in `lang` (bots are "Bot 2 (heuristic)" in English)."""
        return room.names(i18n.bot_namer(lang))

    def state_frame(self, room: Room, seat: int | None, lang: str = "en") -> dict[str, Any]:
        game = room.game
        assert game is not None
        deadline = self.deadlines.get(room.code) if seat is not None and room.to_move() == seat else None
        # Time left rather than a wall-clock deadline: the browser counts down on its own clock, whatever its offset.
        left = None if deadline is None else max(0, int((deadline - time.monotonic()) * 1000))
        cache = self.logs.setdefault(room.code, {}).setdefault((seat, lang), views.LogCache())
        return {"type": "state", "step": room.step, "you": seat, "time_left": left,
                **views.seat_frame(game, seat, self.names(room, lang), may_act=seat not in room.agents, lang=lang,
                                   cache=cache)}

    def hint_frame(self, room: Room, seat: int, lang: str = "en") -> dict[str, Any]:
        assert room.game is not None
        if self._hinter is None:
            self._hinter = make_agent(self.hint_bot)
        got = advice(self._hinter, Decision(room.game, seat))
        legal, _ = views.legal(room.game, seat, names=self.names(room, lang), lang=lang)
        return {"type": "hint", "step": room.step, "win": got["win"],
                "moves": [{"id": i, "label": legal[i]["label"], "prob": round(p, 4)} for i, p in got["moves"]]}

    # -- the game moving on ---------------------------------------------------------------------------------------
    def after_change(self, room: Room, extra: dict[str, Any] | None = None) -> None:
        """Called with the room's lock held after every change."""
        self._cancel_timer(room)
        if room.state != FINISHED:  # played again or back in the lobby: no longer a finished room to sweep
            self.finished_at.pop(room.code, None)
        if room.state == FINISHED and room.record_id is None:
            room.record_id = self.records.save(room.game, self.names(room), room.key if room.private else room.code,
                                               listed=not room.private)
            self.finished_at[room.code] = time.monotonic()
        if room.state == PLAYING:
            seat = room.to_move()
            if room.bot_to_move():
                self._drive(room)
            elif seat is not None and room.settings["timer"]:
                seconds = room.settings["timer"] * self.time_scale
                self.deadlines[room.code] = time.monotonic() + seconds
                self.timers[room.code] = asyncio.create_task(self._expire(room, room.step, seconds))
        self.broadcast(room, extra)

    def _cancel_timer(self, room: Room) -> None:
        self.deadlines.pop(room.code, None)
        task = self.timers.pop(room.code, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _expire(self, room: Room, step: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with self.lock(room):
            if room.state != PLAYING or room.step != step or room.bot_to_move():
                return
            seat = room.to_move()
            room.play_random()
            self.after_change(room, {"type": "timeout", "seat": seat, "label_key": "timeout"})

    def _drive(self, room: Room) -> None:
        task = self.drivers.get(room.code)
        if task is None or task.done():
            self.drivers[room.code] = asyncio.create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        """Bots play one move at a time, each after a short pause so people can follow."""
        while True:
            await asyncio.sleep(self.bot_delay)
            async with self.lock(room):
                if room.state != PLAYING or not room.bot_to_move():
                    return
                await asyncio.to_thread(room.play_bot)
                self.after_change(room)

    def start_grace(self, room: Room, seat: int) -> None:
        self.graces[(room.code, seat)] = asyncio.create_task(self._grace(room, seat))

    def end_grace(self, room: Room, seat: int) -> None:
        task = self.graces.pop((room.code, seat), None)
        if task is not None:
            task.cancel()

    async def _grace(self, room: Room, seat: int) -> None:
        await asyncio.sleep(room.settings["grace"] * self.time_scale)
        async with self.lock(room):
            if room.seats[seat].connected or room.state != PLAYING:
                return
            room.replace_with_bot(seat)
            self.after_change(room)

    # -- closing rooms ----------------------------------------------------------------------------------------------
    async def sweep(self) -> list[str]:
        """Close the rooms nobody has been connected to for `idle_room` seconds, the finished rooms nobody is
        looking at, and those finished more than `finished_room` seconds ago; returns their codes."""
        now, scale = time.monotonic(), self.time_scale
        closed = []
        for room in list(self.rooms.rooms.values()):
            empty = self.empty_since.get(room.code)
            finished = self.finished_at.get(room.code)
            if finished is not None and (empty is not None or now - finished >= self.limits.finished_room * scale):
                why, params = "game_over", {}
            elif empty is not None and now - empty >= self.limits.idle_room * scale:
                why, params = "idle", {"seconds": f"{self.limits.idle_room:g}"}
            else:
                continue
            async with self.lock(room):
                self.close_room(room, why, **params)
            closed.append(room.code)
        self.failures.forget_stale()
        return closed

    def close_room(self, room: Room, why: str, **params: Any) -> None:
        """Tell whoever is still there, each in their language, why (`closed.<why>` of the page's catalogs, filled
        with `params`); stop the room's tasks and free its memory (its record stays on disk)."""
        english = i18n.t(i18n.DEFAULT, f"closed.{why}", **params)
        for conn in list(self.conns.pop(room.code, ())):
            message = i18n.t(conn.lang, "closed.message", why=i18n.t(conn.lang, f"closed.{why}", **params))
            conn.push({"type": "closed", "key": why, "message": message})
            conn.close_after_sending(ROOM_CLOSED, f"room closed: {english}")  # a close reason: English (at most 123 bytes)
            conn.room = None
        current = asyncio.current_task()
        for task in [self.timers.pop(room.code, None), self.drivers.pop(room.code, None),
                     *(self.graces.pop(k) for k in [k for k in self.graces if k[0] == room.code])]:
            if task is not None and task is not current:
                task.cancel()
        for table in (self.deadlines, self.empty_since, self.finished_at, self.locks, self.logs):
            table.pop(room.code, None)
        self.rooms.close(room)
        log.info("room %s closed: %s", room.code, english)

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(max(0.01, self.limits.sweep_every * self.time_scale))
            try:
                await self.sweep()
            except Exception as exc:  # a sweep that fails must not end the sweeping
                log.error("sweep failed: %r", exc, exc_info=self.debug)


def make_hub(records_dir: str | Path, bots: tuple[str, ...], hint_bot: str, bot_delay: float, time_scale: float,
             limits: Limits, debug: bool) -> Hub:
    rooms = Rooms(tuple(bots), max_rooms=limits.max_rooms, per_creator=limits.rooms_per_address)
    return Hub(rooms, Records(Path(records_dir)), bot_delay, time_scale, hint_bot, limits, debug)
