"""The WebSocket protocol (docs/WEB.md): one reader and one writer task per browser tab.

The reader checks every frame before the room sees it: text only, at most `max_message` bytes, JSON no deeper than
the parser allows, an object with a "type", at most `messages_per_s` a second. A frame that fails any check gets an
`error` frame naming what was wrong and changes nothing; a client that keeps flooding is dropped. Every refused
message and every dropped client is one line in the log (the traceback of an unexpected error only with
`citadels --debug serve`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.websockets import WebSocket

from . import i18n
from .connection import INTERNAL, NORMAL, POLICY, Conn
from .hub import Hub
from .rooms import FINISHED, HUMAN, PLAYING, Room, RoomError

log = logging.getLogger("citadels_web")


def parse(text: str | None, max_message: int) -> dict[str, Any]:
    """A client frame as a message, or RoomError saying what is wrong with it."""
    if text is None:
        raise RoomError("binary_frame")
    if len(text.encode()) > max_message:
        raise RoomError("message_too_long", max=max_message)
    try:
        msg = json.loads(text)
    except RecursionError:
        raise RoomError("nested_too_deeply") from None
    except ValueError:
        raise RoomError("not_an_object") from None
    if not isinstance(msg, dict):
        raise RoomError("not_an_object")
    return msg


async def handle(hub: Hub, conn: Conn, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    if "lang" in msg:  # any message may say which language its sender reads; unknown codes read as English
        conn.lang = i18n.language(msg["lang"])
    if kind == "lang":  # the table again, worded anew
        room = conn.room
        if room is not None:
            async with hub.lock(room):
                if conn.room is room:
                    hub.send_room(conn, room)
        return
    if kind == "quick":
        if conn.room is not None:
            raise RoomError("already_in_room")
        room, token = hub.rooms.quick(msg.get("name"), msg.get("players"), msg.get("bot"), creator=conn.address)
        log.info("%s created room %s against bots", conn.address, room.code)
        async with hub.lock(room):
            _enter(hub, conn, room, token)
            hub.after_change(room)
        return
    if kind == "create":
        if conn.room is not None:
            raise RoomError("already_in_room")
        room, token = hub.rooms.create(msg.get("name"), msg.get("password"), creator=conn.address)
        log.info("%s created room %s%s", conn.address, room.code, " (private)" if room.private else "")
        async with hub.lock(room):
            _enter(hub, conn, room, token)
        return
    if kind == "join":
        if conn.room is not None:
            raise RoomError("already_in_room")
        room = hub.find_room(conn, msg.get("room"))
        async with hub.lock(room):
            if msg.get("token"):
                token = msg["token"]
                room.seat_of(token)  # refuses a token that is no one's in this room
            elif msg.get("spectate"):
                hub.check_password(room, conn, msg.get("password"))
                token = None
            else:
                hub.check_password(room, conn, msg.get("password"))
                _, token = room.sit(msg.get("name"), msg.get("seat"), msg.get("password"))
            _enter(hub, conn, room, token)
        return
    if kind == "replay":
        conn.push(hub.records.replay_frame(msg.get("record"), msg.get("seat"), msg.get("step"), conn.lang))
        return
    if kind == "hint":
        on, room = bool(msg.get("on")), conn.room
        if on and room is not None and not room.settings["hint_allowed"]:
            raise RoomError("hints_off")
        conn.hint = on
        seat = conn.seat
        if on and room is not None and seat is not None and room.state == PLAYING and room.to_move() == seat:
            conn.push(hub.hint_frame(room, seat, conn.lang))
        return
    room = conn.room
    if room is None:
        raise RoomError("unknown_type_outside", type=repr(str(kind)[:40]))
    async with hub.lock(room):
        if conn.room is not room:  # the room closed while this message waited for its lock
            raise RoomError("room_closed")
        if kind == "settings":
            room.update_settings(conn.token, msg.get("settings"))
        elif kind == "seat":
            room.set_seat(conn.token, msg.get("seat"), msg.get("kind"), msg.get("bot"))
        elif kind == "kick":
            kicked = room.kick(conn.token, msg.get("seat"))
            for other in list(hub.conns.get(room.code, ())):
                if other.token is not None and other.token == kicked:
                    other.push({"type": "kicked", "message": i18n.t(other.lang, "kicked")})
                    other.close_after_sending(NORMAL, "kicked by the room's owner")
                    hub.leave(other)
                    other.room, other.token = None, None
        elif kind == "start":
            room.start(conn.token)
        elif kind == "again":
            room.again(conn.token)
        elif kind == "lobby":
            room.to_lobby(conn.token)
        elif kind == "act":
            room.act(conn.token, msg.get("action"), msg.get("step"))
        elif kind == "leave":
            conn.close_after_sending(NORMAL, "left the room")
            return
        else:
            raise RoomError("unknown_type", type=repr(str(kind)[:40]))
        hub.after_change(room)


def _enter(hub: Hub, conn: Conn, room: Room, token: str | None) -> None:
    """With the room's lock held: the connection joins the room, at its token's seat or as a spectator."""
    conn.token = token
    hub.enter(conn, room)
    seat = conn.seat
    if seat is not None:
        room.seats[seat].connected = True
        room.reclaim(seat)
        hub.end_grace(room, seat)
    conn.push({"type": "joined", "room": room.key, "code": None if room.private else room.code, "seat": seat,
               "token": token, "owner": seat == 0, "link": room.link})
    hub.broadcast(room)


async def _read_loop(hub: Hub, conn: Conn) -> None:
    """Read, check and handle the client's frames until it disconnects or is dropped."""
    limits = conn.limits
    while conn.dropped is None and conn.closing is None:
        message = await conn.ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        kind: Any = None
        try:
            if not conn.bucket.take():
                conn.strikes += 1
                if conn.strikes >= limits.flood_strikes:
                    conn.drop(f"flooding: {conn.strikes} messages over {limits.messages_per_s:g} a second in a row",
                              POLICY)
                    return
                raise RoomError("too_many_messages", rate=f"{limits.messages_per_s:g}", burst=limits.message_burst)
            conn.strikes = 0
            msg = parse(message.get("text"), limits.max_message)
            kind = msg.get("type")
            await handle(hub, conn, msg)
        except RoomError as exc:
            what = "message" if kind is None else repr(str(kind)[:40])
            log.info("%s: refused %s: %s", conn.label(), what, str(exc)[:200])
            conn.push(exc.frame(conn.lang))


async def websocket(ws: WebSocket) -> None:
    """One browser tab, from accept to close."""
    hub: Hub = ws.app.state.hub
    await ws.accept()
    conn = Conn(ws, ws.client.host if ws.client else "unknown", hub.limits)
    conn.lang = i18n.language(ws.query_params.get("lang"))  # /ws?lang=ru: even a refusal reads in the tab's language
    if not hub.admit(conn):
        refused = RoomError("too_many_connections", max=hub.limits.connections_per_address)
        log.info("%s: refused connection: %s", conn.address, refused)
        await asyncio.wait_for(ws.send_text(json.dumps(refused.frame(conn.lang))), 1.0)
        await conn.close(POLICY, str(refused))
        return
    reader = asyncio.create_task(_read_loop(hub, conn))
    writer = asyncio.create_task(conn.write_loop())
    error: BaseException | None = None
    try:
        done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        if reader in done:  # the client left, a message failed, or one asked to close (leave)
            error = reader.exception()
            if error is None and conn.closing is not None:
                await asyncio.wait_for(writer, hub.limits.send_timeout or None)  # send the goodbye frames first
    except TimeoutError:
        conn.drop("did not read its last frames in time")
    finally:
        for task in (reader, writer):
            task.cancel()
        hub.release(conn)
        await _left(hub, conn)
    if error is not None:
        log.error("%s: internal error, connection closed: %r", conn.label(), error,
                  exc_info=(type(error), error, error.__traceback__) if hub.debug else None)
        await conn.close(INTERNAL, "internal error")
    elif conn.dropped is not None:
        log.warning("%s: dropped: %s", conn.label(), conn.dropped)
        await conn.close(conn.drop_code, conn.dropped)
    elif conn.closing is not None:
        await conn.close(*conn.closing)


async def _left(hub: Hub, conn: Conn) -> None:
    """The connection is gone: the seat is away (a grace period before a bot takes it), the others are told."""
    room = conn.room
    if room is None:
        return
    async with hub.lock(room):
        if conn.room is not room:  # closed meanwhile
            return
        hub.leave(conn)
        seat = conn.seat
        if seat is not None:
            still = any(c.seat == seat for c in hub.conns.get(room.code, ()))
            room.seats[seat].connected = still
            if not still and room.state == PLAYING and room.seats[seat].kind == HUMAN:
                hub.start_grace(room, seat)
        if room.state == FINISHED and not hub.conns.get(room.code):
            hub.close_room(room, "everyone_left")
            return
        hub.broadcast(room)
