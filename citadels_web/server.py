"""`citadels serve`: the browser game, a Starlette app with one WebSocket per browser tab (docs/WEB.md).

The room logic is `citadels_web.rooms` (synchronous, one asyncio lock per room); this module moves messages: it parses
each client frame, calls the room, and after every change sends each connection its own frame (`views`). Bots, the
decision timer and the disconnect grace period are asyncio tasks. Finished games are written atomically as core
records to the records directory, so a restart loses none of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from agents import Decision
from agents import make as make_agent
from citadels_env.core import PRESET_NAMES
from citadels_env.core.config import SELECTIONS
from citadels_env.core.record import RecordError, replay, to_record

from . import views
from .hints import advice
from .rooms import FINISHED, HUMAN, PLAYING, Room, RoomError, Rooms

STATIC = Path(__file__).with_name("static")
DEFAULT_BOTS = ("heuristic", "heuristic-strong", "ppo", "ppo-4p", "dagger", "ismcts", "ppo+ismcts", "random")
MAX_FRAME = 4096  # bytes of one client message
RECORD_ID = re.compile(r"^[A-Za-z0-9_-]{1,80}$")


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    room: Room | None = None
    seat: int | None = None
    token: str | None = None
    hint: bool = False


@dataclass
class Hub:
    """The server's state: rooms, who is connected where, the running timers."""

    rooms: Rooms
    records: Path
    bot_delay: float = 0.4
    time_scale: float = 1.0  # tests shrink every timer and grace period
    hint_bot: str = "ppo"
    conns: dict[str, set[Conn]] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    timers: dict[str, asyncio.Task] = field(default_factory=dict)
    drivers: dict[str, asyncio.Task] = field(default_factory=dict)
    graces: dict[tuple[str, int], asyncio.Task] = field(default_factory=dict)
    deadlines: dict[str, float] = field(default_factory=dict)
    _hinter: Any = None

    def lock(self, room: Room) -> asyncio.Lock:
        return self.locks.setdefault(room.code, asyncio.Lock())

    # -- sending ------------------------------------------------------------------------------------------------
    async def send(self, conn: Conn, frame: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # a socket that just closed: its disconnect is handled elsewhere
            await conn.ws.send_text(json.dumps(frame))

    async def broadcast(self, room: Room, extra: dict[str, Any] | None = None) -> None:
        """Everyone in the room gets the lobby, then their own table (and the extra frame, e.g. a timeout)."""
        for conn in list(self.conns.get(room.code, ())):
            await self.send(conn, {"type": "lobby", **room.public(), "spectators": self._spectators(room)})
            if extra is not None:
                await self.send(conn, extra)
            if room.game is not None:
                await self.send(conn, self.state_frame(room, conn))
                if conn.hint and conn.seat is not None and room.to_move() == conn.seat and room.settings[
                        "hint_allowed"]:
                    await self.send(conn, self.hint_frame(room, conn.seat))
            if room.state == FINISHED and room.record_id is not None:
                await self.send(conn, {"type": "over", **views.scores(room.game, self.names(room)),
                                       "record": room.record_id})

    def _spectators(self, room: Room) -> int:
        return sum(1 for c in self.conns.get(room.code, ()) if c.seat is None)

    @staticmethod
    def names(room: Room) -> list[str]:
        return [s.name or f"P{s.index}" for s in room.seats]

    def state_frame(self, room: Room, conn: Conn) -> dict[str, Any]:
        game = room.game
        assert game is not None
        deadline = self.deadlines.get(room.code) if room.to_move() == conn.seat else None
        # Time left rather than a wall-clock deadline: the browser counts down on its own clock, whatever its offset.
        left = None if deadline is None else max(0, int((deadline - time.monotonic()) * 1000))
        return {"type": "state", "step": room.step, "you": conn.seat, "time_left": left,
                **views.seat_frame(game, conn.seat, self.names(room), may_act=conn.seat not in room.agents)}

    def hint_frame(self, room: Room, seat: int) -> dict[str, Any]:
        assert room.game is not None
        if self._hinter is None:
            self._hinter = make_agent(self.hint_bot)
        decision = Decision(room.game, seat)
        got = advice(self._hinter, decision)
        legal, _ = views.legal(room.game, seat)
        return {"type": "hint", "step": room.step, "win": got["win"],
                "moves": [{"id": i, "label": legal[i]["label"], "prob": round(p, 4)} for i, p in got["moves"]]}

    # -- the game moving on ---------------------------------------------------------------------------------------
    async def after_change(self, room: Room, extra: dict[str, Any] | None = None) -> None:
        """Called with the room's lock held after every change."""
        self._cancel_timer(room)
        if room.state == FINISHED and room.record_id is None:
            room.record_id = self.save_record(room)
        if room.state == PLAYING:
            seat = room.to_move()
            if room.bot_to_move():
                self._drive(room)
            elif seat is not None and room.settings["timer"]:
                seconds = room.settings["timer"] * self.time_scale
                self.deadlines[room.code] = time.monotonic() + seconds
                self.timers[room.code] = asyncio.create_task(self._expire(room, room.step, seconds))
        await self.broadcast(room, extra)

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
            name = self.names(room)[seat]
            await self.after_change(room, {"type": "timeout", "seat": seat,
                                           "label": f"{name} ran out of time: a random move was played"})

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
                await self.after_change(room)

    async def _grace(self, room: Room, seat: int) -> None:
        await asyncio.sleep(room.settings["grace"] * self.time_scale)
        async with self.lock(room):
            if room.seats[seat].connected or room.state != PLAYING:
                return
            room.replace_with_bot(seat)
            await self.after_change(room)

    # -- records ----------------------------------------------------------------------------------------------------
    def save_record(self, room: Room) -> str:
        """Write the finished game atomically (a temporary file renamed into place)."""
        assert room.game is not None
        self.records.mkdir(parents=True, exist_ok=True)
        rid = f"{time.strftime('%Y%m%d-%H%M%S')}-{room.code}"
        _atomic_write(self.records / f"{rid}.players", json.dumps(self.names(room)))  # names first: then the game
        _atomic_write(self.records / f"{rid}.json", json.dumps(to_record(room.game)))
        return rid

    def record_names(self, rid: str, players: int) -> list[str]:
        """The names the seats had (a core record holds none); P0, P1... when the side file is missing or bad."""
        with contextlib.suppress(OSError, ValueError):
            names = json.loads((self.records / f"{rid}.players").read_text())
            if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
                return names
        return [f"P{i}" for i in range(players)]

    def record_ids(self) -> list[str]:
        return sorted((p.stem for p in self.records.glob("*.json")), reverse=True) if self.records.exists() else []

    def load_record(self, rid: Any) -> dict[str, Any]:
        if not isinstance(rid, str) or not RECORD_ID.match(rid) or not (self.records / f"{rid}.json").exists():
            raise RoomError(f"no finished game {rid!r}")
        return json.loads((self.records / f"{rid}.json").read_text())

    def replay_frame(self, rid: Any, seat: Any, step: Any) -> dict[str, Any]:
        record = self.load_record(rid)
        total = len(record["actions"])
        if type(step) is not int or not 0 <= step <= total:
            raise RoomError(f"step must be a number from 0 to {total}")
        try:
            game = replay(record, upto=step)
        except RecordError as exc:
            raise RoomError(f"record {rid}: {exc}") from None
        if seat is not None and (type(seat) is not int or not 0 <= seat < game.num_players):
            raise RoomError(f"seat must be null or a number from 0 to {game.num_players - 1}")
        names = self.record_names(rid, game.num_players)
        return {"type": "replay_frame", "record": rid, "seat": seat, "step": step, "total": total, "names": names,
                **views.seat_frame(game, seat, names, may_act=False)}


def _atomic_write(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old file or the whole new one, never half of it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


# -- the WebSocket protocol -----------------------------------------------------------------------------------------
async def handle(hub: Hub, conn: Conn, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    if kind == "create":
        if conn.room is not None:
            raise RoomError("this connection is already in a room")
        room, token = hub.rooms.create(msg.get("name"), msg.get("password"))
        await _enter(hub, conn, room, 0, token)
        return
    if kind == "join":
        if conn.room is not None:
            raise RoomError("this connection is already in a room")
        room = hub.rooms.get(msg.get("room"))
        async with hub.lock(room):
            if msg.get("token"):
                seat, token = room.seat_of(msg["token"]), msg["token"]
            elif msg.get("spectate"):
                room.check_password(msg.get("password"))
                seat, token = None, None
            else:
                seat, token = room.sit(msg.get("name"), msg.get("seat"), msg.get("password"))
            await _enter(hub, conn, room, seat, token)
        return
    if kind == "replay":
        await hub.send(conn, hub.replay_frame(msg.get("record"), msg.get("seat"), msg.get("step")))
        return
    if kind == "hint":
        on, room = bool(msg.get("on")), conn.room
        if on and room is not None and not room.settings["hint_allowed"]:
            raise RoomError("the owner turned hints off in this room")
        conn.hint = on
        if on and room is not None and conn.seat is not None and room.state == PLAYING and room.to_move() == conn.seat:
            await hub.send(conn, hub.hint_frame(room, conn.seat))
        return
    room = conn.room
    if room is None:
        raise RoomError(f"unknown message type {kind!r} outside a room: create or join one first")
    async with hub.lock(room):
        if kind == "settings":
            room.update_settings(conn.token, msg.get("settings"))
        elif kind == "seat":
            room.set_seat(conn.token, msg.get("seat"), msg.get("kind"), msg.get("bot"))
        elif kind == "kick":
            kicked = room.kick(conn.token, msg.get("seat"))
            for other in list(hub.conns.get(room.code, ())):
                if other.token is not None and other.token == kicked:
                    await hub.send(other, {"type": "kicked"})
                    hub.conns[room.code].discard(other)
                    with contextlib.suppress(Exception):
                        await other.ws.close()
        elif kind == "start":
            room.start(conn.token)
        elif kind == "act":
            room.act(conn.token, msg.get("action"), msg.get("step"))
        elif kind == "leave":
            hub.conns.get(room.code, set()).discard(conn)
            await conn.ws.close()
            return
        else:
            raise RoomError(f"unknown message type {kind!r}")
        await hub.after_change(room)


async def _enter(hub: Hub, conn: Conn, room: Room, seat: int | None, token: str | None) -> None:
    conn.room, conn.seat, conn.token = room, seat, token
    hub.conns.setdefault(room.code, set()).add(conn)
    if seat is not None:
        room.seats[seat].connected = True
        room.reclaim(seat)
        task = hub.graces.pop((room.code, seat), None)
        if task is not None:
            task.cancel()
    await hub.send(conn, {"type": "joined", "room": room.code, "seat": seat, "token": token, "owner": seat == 0,
                          "link": f"/r/{room.code}"})
    await hub.broadcast(room)


async def websocket(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    conn = Conn(ws)
    try:
        while True:
            text = await ws.receive_text()
            try:
                if len(text) > MAX_FRAME:
                    raise RoomError(f"message too long (at most {MAX_FRAME} bytes)")
                try:
                    msg = json.loads(text)
                except json.JSONDecodeError:
                    raise RoomError("messages are JSON objects with a \"type\"") from None
                if not isinstance(msg, dict):
                    raise RoomError("messages are JSON objects with a \"type\"")
                await handle(hub, conn, msg)
            except RoomError as exc:
                await hub.send(conn, {"type": "error", "message": str(exc)})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await _left(hub, conn)


async def _left(hub: Hub, conn: Conn) -> None:
    room = conn.room
    if room is None:
        return
    hub.conns.get(room.code, set()).discard(conn)
    if conn.seat is not None and room.seats[conn.seat].token == conn.token:
        still = any(c.seat == conn.seat for c in hub.conns.get(room.code, ()))
        room.seats[conn.seat].connected = still
        if not still and room.state == PLAYING and room.seats[conn.seat].kind == HUMAN:
            hub.graces[(room.code, conn.seat)] = asyncio.create_task(hub._grace(room, conn.seat))
    with contextlib.suppress(Exception):
        await hub.broadcast(room)


# -- HTTP ---------------------------------------------------------------------------------------------------------
def create_app(records_dir: str | Path = "citadels-records", bots: tuple[str, ...] = DEFAULT_BOTS,
               replay_file: str | Path | None = None, hint_bot: str = "ppo", bot_delay: float = 0.4,
               time_scale: float = 1.0) -> Starlette:
    """The server. `bots`: the agent ids the lobby offers (checkpoint paths included); `replay_file`: a record the
    front page opens; `bot_delay` and `time_scale` are for tests and load runs."""
    hub = Hub(Rooms(tuple(bots)), Path(records_dir), bot_delay, time_scale, hint_bot)
    boot_replay = None
    if replay_file is not None:
        record = json.loads(Path(replay_file).read_text())
        replay(record)  # refuses a record that does not replay, before the server starts
        hub.records.mkdir(parents=True, exist_ok=True)
        boot_replay = "replay-" + re.sub(r"[^A-Za-z0-9_-]", "-", Path(replay_file).stem)[:60]
        _atomic_write(hub.records / f"{boot_replay}.json", json.dumps(record))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def options(request: Request) -> Response:
        return JSONResponse({"bots": list(bots), "presets": list(PRESET_NAMES), "players": list(range(2, 9)),
                             "selections": list(SELECTIONS), "timer": [0, 5, 600]})

    async def records(request: Request) -> Response:
        return JSONResponse(hub.record_ids())

    async def one_record(request: Request) -> Response:
        try:
            return JSONResponse(hub.load_record(request.path_params["rid"]))
        except RoomError as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)

    async def boot(request: Request) -> Response:
        return JSONResponse({"replay": boot_replay})

    app = Starlette(routes=[
        Route("/", page), Route("/r/{code}", page), Route("/replay/{rid}", page),
        Route("/api/options", options), Route("/api/records", records), Route("/api/records/{rid}", one_record),
        Route("/api/boot", boot), WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
    app.state.hub = hub
    return app

