"""`citadels serve`: the browser game, a Starlette app with one WebSocket per browser tab (docs/WEB.md).

The pieces: `rooms` (the lobby and game logic, synchronous), `hub` (rooms, connections, timers, bots, the sweep of
idle rooms), `protocol` (the WebSocket messages), `connection` (one tab's bounded outbox), `records` (finished games
on disk), `limits` (what one client may cost), `views` (each seat's frame). This module is the HTTP side and the
uvicorn settings that carry the limits to the socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from citadels_env.core import PRESET_NAMES
from citadels_env.core.config import SELECTIONS
from citadels_env.core.record import replay

from . import i18n
from .hub import Hub, make_hub
from .limits import Limits
from .protocol import websocket
from .records import atomic_write
from .rooms import TIMER_RANGE, RoomError

STATIC = Path(__file__).with_name("static")
DEFAULT_BOTS = (
    "heuristic", "heuristic-strong", "ppo", "ppo-candidate", "ppo-4p", "dagger", "ismcts", "ppo+ismcts", "random")
#: "Play against bots": the strengths offered, weakest first, each with what the README's strength table measured
#: (4 players, one seat against three of the named bot): (level, bot, measured win rate, against).
LEVELS = (("beginner", "random", None, None),
          ("easy", "heuristic", None, None),
          ("medium", "heuristic-strong", "48.5 %", "heuristic"),
          ("hard", "ppo", "49.9 %", "heuristic-strong"))
DEFAULT_LEVEL = "easy"


def create_app(records_dir: str | Path = "citadels-records", bots: tuple[str, ...] = DEFAULT_BOTS,
               replay_file: str | Path | None = None, hint_bot: str = "ppo", bot_delay: float = 0.4,
               time_scale: float = 1.0, limits: Limits | None = None, debug: bool = False) -> Starlette:
    """The server. `bots`: the agent ids the lobby offers (checkpoint paths included); `replay_file`: a record the
    front page opens; `limits`: what one client may cost (docs/WEB.md); `bot_delay` and `time_scale` are for tests
    and load runs (`time_scale` shrinks timers, grace periods and room lifetimes alike)."""
    hub = make_hub(records_dir, tuple(bots), hint_bot, bot_delay, time_scale, limits or Limits(), debug)
    boot_replay = None
    if replay_file is not None:
        record = json.loads(Path(replay_file).read_text())
        replay(record)  # refuses a record that does not replay, before the server starts
        hub.records.root.mkdir(parents=True, exist_ok=True)
        boot_replay = "replay-" + re.sub(r"[^A-Za-z0-9_-]", "-", Path(replay_file).stem)[:60]
        atomic_write(hub.records.root / f"{boot_replay}.json", json.dumps(record))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def options(request: Request) -> Response:
        levels = [{"level": level, "bot": bot, "rate": rate, "against": against}
                  for level, bot, rate, against in LEVELS if bot in bots]
        return JSONResponse({"bots": list(bots), "presets": list(PRESET_NAMES), "players": list(range(2, 9)),
                             "selections": list(SELECTIONS), "timer": [0, *TIMER_RANGE], "levels": levels,
                             "default_level": DEFAULT_LEVEL})

    async def strings(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in i18n.LANGUAGES:
            return JSONResponse({"error": f"unknown language {lang[:10]!r}; choose one of {', '.join(i18n.LANGUAGES)}"},
                                status_code=404)
        return JSONResponse(i18n.page_catalog(lang))

    async def records(request: Request) -> Response:
        return JSONResponse(hub.records.ids())

    async def one_record(request: Request) -> Response:
        try:
            return JSONResponse(hub.records.load(request.path_params["rid"]))
        except RoomError as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)

    async def boot(request: Request) -> Response:
        return JSONResponse({"replay": boot_replay})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(hub.sweep_forever())
        try:
            yield
        finally:
            sweeper.cancel()

    app = Starlette(routes=[
        Route("/", page), Route("/r/{code}", page), Route("/replay/{rid}", page),
        Route("/api/options", options), Route("/api/records", records), Route("/api/records/{rid}", one_record),
        Route("/api/boot", boot), Route("/api/i18n/{lang}", strings), WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.hub = hub
    return app


def hub_of(app: Starlette) -> Hub:
    return app.state.hub


def uvicorn_options(app: Starlette) -> dict[str, Any]:
    """The uvicorn settings that enforce the socket-level limits: a WebSocket message longer than
    `max_transport_message` closes the socket with code 1009 before the app reads it."""
    limits = hub_of(app).limits
    return {"ws": "websockets-sansio", "ws_max_size": int(limits.max_transport_message), "ws_max_queue": 32,
            "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0}
