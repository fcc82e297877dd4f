"""Load test of `citadels serve` on loopback: many rooms at once, each with bots and one WebSocket client that plays its
seat, for a fixed number of games per room.

    python benchmarks/web_load.py                      # 50 rooms x 1 game, 4 seats (1 client + 3 heuristic bots)
    python benchmarks/web_load.py --rooms 10 --games 2 --bot random --json runs/web_load.json

Prints the decisions per second the server played (every seat's, bots included), the client's latency per move (from
sending `act` to receiving the state frame that shows it played: median, p95, max), and checks that every game
finished with a record that replays (digest, legality and result checked by the core). Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

try:
    import uvicorn
    from websockets.asyncio.client import connect
except ImportError:  # pragma: no cover - the `web` extra
    sys.exit("web_load.py needs the web extra: pip install -e '.[web]'")
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from citadels_env.core.record import RecordError, replay
from citadels_web.limits import Limits
from citadels_web.server import create_app, uvicorn_options


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _room(url: str, index: int, games: int, players: int, bot: str, latencies: list[float],
                records: list[str], bar: tqdm) -> None:
    """One client: `games` times, create a room, fill it with bots and play its seat (random legal moves)."""
    rng = random.Random(index)
    for _ in range(games):  # a room plays one game: a new room (and connection) for each
        async with connect(url, max_size=None) as ws:
            async def send(**msg) -> None:
                await ws.send(json.dumps(msg))

            async def until(kind: str) -> dict:
                while True:
                    m = json.loads(await ws.recv())
                    if m["type"] == kind:
                        return m
                    if m["type"] == "error":
                        raise RuntimeError(f"client {index}: {m['message']}")

            await send(type="create", name=f"load{index}")
            code = (await until("joined"))["room"]
            await until("lobby")
            if players != 4:
                await send(type="settings", settings={"players": players})
                await until("lobby")
            for seat in range(1, players):
                await send(type="seat", seat=seat, kind="bot", bot=bot)
                await until("lobby")
            await send(type="start")
            sent_at: float | None = None
            sent_step = -1
            while True:
                m = json.loads(await ws.recv())
                kind = m["type"]
                if kind == "error":
                    raise RuntimeError(f"room {code}: {m['message']}")
                if kind == "over":
                    records.append(m["record"])
                    bar.update(1)
                    break
                if kind != "state":
                    continue
                if sent_at is not None and m["step"] > sent_step:
                    latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if m["legal"] and sent_at is None:
                    sent_step = m["step"]
                    sent_at = time.perf_counter()
                    await send(type="act", action=rng.randrange(len(m["legal"])), step=m["step"])


async def _run_clients(url: str, rooms: int, games: int, players: int, bot: str) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    records: list[str] = []
    with tqdm(total=rooms * games, desc="games", unit="game") as bar:
        await asyncio.gather(*(_room(url, i, games, players, bot, latencies, records, bar) for i in range(rooms)))
    return latencies, records


def _in_own_thread(coro):
    """asyncio.run in a thread of its own: the caller may already run an event loop (a test process)."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=50, help="rooms played at once (default 50)")
    ap.add_argument("--games", type=int, default=1, help="games per room (default 1)")
    ap.add_argument("--players", type=int, default=4, help="seats per room: 1 client, the rest bots (default 4)")
    ap.add_argument("--bot", default="heuristic", help="the bots' agent id (default heuristic)")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    if args.rooms < 1 or args.games < 1 or not 2 <= args.players <= 8:
        ap.error("--rooms and --games must be at least 1, --players from 2 to 8")

    records_dir = Path(tempfile.mkdtemp(prefix="citadels-load-"))
    # Every client comes from 127.0.0.1: the per-address caps are raised to let one address be the whole crowd.
    crowd = Limits(rooms_per_address=args.rooms + 10, connections_per_address=2 * args.rooms + 10)
    app = create_app(records_dir, bot_delay=0.0, limits=crowd)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           **uvicorn_options(app)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    start = time.perf_counter()
    try:
        latencies, ids = _in_own_thread(_run_clients(f"ws://127.0.0.1:{port}/ws", args.rooms, args.games,
                                                     args.players, args.bot))
    finally:
        wall = time.perf_counter() - start
        server.should_exit = True
        thread.join(10)

    decisions, bad = 0, []
    for rid in ids:
        try:
            game = replay(json.loads((records_dir / f"{rid}.json").read_text()))
            assert game.is_over
            decisions += len(game.actions)
        except (OSError, RecordError, AssertionError) as exc:
            bad.append(f"{rid}: {exc}")
    lat = sorted(latencies)
    p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("nan")
    out = {
        "rooms": args.rooms, "games_per_room": args.games, "players": args.players, "bot": args.bot,
        "games_finished": len(ids), "valid_records": len(ids) - len(bad), "decisions": decisions,
        "wall_s": round(wall, 2), "decisions_per_s": round(decisions / wall, 1),
        "client_moves": len(lat), "latency_ms_median": round(1000 * statistics.median(lat), 2) if lat else None,
        "latency_ms_p95": round(1000 * p95, 2), "latency_ms_max": round(1000 * lat[-1], 2) if lat else None,
    }
    print(f"{out['games_finished']} games in {args.rooms} rooms at once ({args.players} seats: 1 WebSocket client + "
          f"{args.players - 1} {args.bot} bots), {decisions} decisions in {out['wall_s']} s: "
          f"{out['decisions_per_s']} decisions/s")
    print(f"client move latency over {len(lat)} moves: median {out['latency_ms_median']} ms, "
          f"p95 {out['latency_ms_p95']} ms, max {out['latency_ms_max']} ms")
    print(f"valid records: {out['valid_records']} / {args.rooms * args.games}")
    for line in bad:
        print("  bad record", line)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2))
    return 0 if not bad and len(ids) == args.rooms * args.games else 1


if __name__ == "__main__":
    sys.exit(main())
