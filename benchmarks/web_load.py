"""Load test of `citadels serve` on loopback: many rooms at once, each with bots and one WebSocket client that plays its
seat, for a fixed number of games per room; optionally with a spectator that never reads in some rooms.

    python benchmarks/web_load.py                      # 50 rooms x 1 game, 4 seats (1 client + 3 heuristic bots)
    python benchmarks/web_load.py --rooms 10 --games 2 --bot random --json runs/web_load.json
    python benchmarks/web_load.py --rooms 50 --games 2 --stalled-every 10 --compare   # make web-load

Prints the decisions per second the server played (every seat's, bots included), the client's latency per move (from
sending `act` to receiving the state frame that shows it played: median, p95, max), the rooms that stalled (a game
that did not finish, or a client that waited more than --stall-after seconds for a frame), and checks that every game
finished with a record that replays (digest, legality and result checked by the core). With --stalled-every N, every
Nth room also has a spectator that joins and then never reads (citadels_web.testing); --compare runs the same
load without them first and prints the ratio of the two throughputs. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

try:
    import uvicorn  # noqa: F401  (LiveServer runs it: the extra must be there)
    from websockets.asyncio.client import connect
except ImportError:  # pragma: no cover - the `web` extra
    sys.exit("web_load.py needs the web extra: pip install -e '.[web]'")
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from citadels_env.core.record import RecordError, replay
from citadels_web.limits import Limits
from citadels_web.server import create_app
from citadels_web.testing import LiveServer, StalledClient, run_in_own_thread


class _Drops(logging.Handler):
    """Counts the server's "dropped" log lines (the stalled spectators it let go)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += "dropped" in record.getMessage()


async def _room(port: int, index: int, games: int, players: int, bot: str, stalled: bool, stall_after: float,
                out: dict[str, list], bar: tqdm) -> None:
    """One client: `games` times, create a room, fill it with bots (and a silent spectator) and play its seat."""
    rng = random.Random(index)
    for _ in range(games):  # a room plays one game: a new room (and connection) for each
        async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
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
            key = (await until("joined"))["room"]
            await until("lobby")
            if players != 4:
                await send(type="settings", settings={"players": players})
                await until("lobby")
            for seat in range(1, players):
                await send(type="seat", seat=seat, kind="bot", bot=bot)
                await until("lobby")
            spy = None
            if stalled:
                spy = await asyncio.to_thread(StalledClient, "127.0.0.1", port)
                spy.send(type="join", room=key, spectate=True)
                await until("lobby")  # the spectator is in: everyone got a lobby frame saying so
            await send(type="start")
            sent_at: float | None = None
            sent_step = -1
            last = time.perf_counter()
            try:
                while True:
                    try:
                        m = json.loads(await asyncio.wait_for(ws.recv(), stall_after))
                    except TimeoutError:
                        out["stalled"].append(key)
                        break
                    now = time.perf_counter()
                    out["gaps"].append(now - last)
                    last = now
                    kind = m["type"]
                    if kind == "error":
                        raise RuntimeError(f"room {key}: {m['message']}")
                    if kind == "over":
                        out["records"].append(m["record"])
                        bar.update(1)
                        break
                    if kind != "state":
                        continue
                    if sent_at is not None and m["step"] > sent_step:
                        out["latencies"].append(now - sent_at)
                        sent_at = None
                    if m["legal"] and sent_at is None:
                        sent_step = m["step"]
                        sent_at = time.perf_counter()
                        await send(type="act", action=rng.randrange(len(m["legal"])), step=m["step"])
            finally:
                if spy is not None:
                    spy.close()


async def _run_clients(port: int, args: argparse.Namespace, stalled_every: int) -> dict[str, list]:
    out: dict[str, list] = {"latencies": [], "records": [], "gaps": [], "stalled": []}
    desc = f"games ({'a silent spectator in every ' + str(stalled_every) + 'th room' if stalled_every else 'plain'})"
    with tqdm(total=args.rooms * args.games, desc=desc, unit="game") as bar:
        await asyncio.gather(*(_room(port, i, args.games, args.players, args.bot,
                                     bool(stalled_every) and i % stalled_every == 0, args.stall_after, out, bar)
                               for i in range(args.rooms)))
    return out


def measure(args: argparse.Namespace, stalled_every: int) -> dict[str, Any]:
    """One load run on a fresh server; returns its figures."""
    records_dir = Path(tempfile.mkdtemp(prefix="citadels-load-"))
    # Every client comes from 127.0.0.1: the per-address caps are raised to let one address be the whole crowd.
    crowd = Limits(rooms_per_address=args.rooms + 10, connections_per_address=3 * args.rooms + 10)
    app = create_app(records_dir, bot_delay=0.0, limits=crowd)
    drops = _Drops()
    logger = logging.getLogger("citadels_web")
    logger.addHandler(drops)
    logger.propagate = False  # counted, not printed over the progress bar (restored below)
    try:
        with LiveServer(app) as live:
            start = time.perf_counter()
            try:
                got = run_in_own_thread(_run_clients(live.port, args, stalled_every))
            finally:
                wall = time.perf_counter() - start
    finally:
        logger.removeHandler(drops)
        logger.propagate = True

    decisions, bad = 0, []
    for rid in got["records"]:
        try:
            game = replay(json.loads((records_dir / f"{rid}.json").read_text()))
            assert game.is_over
            decisions += len(game.actions)
        except (OSError, RecordError, AssertionError) as exc:
            bad.append(f"{rid}: {exc}")
    lat = sorted(got["latencies"])
    p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("nan")
    silent = len(range(0, args.rooms, stalled_every)) * args.games if stalled_every else 0
    return {
        "rooms": args.rooms, "games_per_room": args.games, "players": args.players, "bot": args.bot,
        "stalled_every": stalled_every, "silent_spectators": silent, "silent_spectators_dropped": drops.count,
        "games_finished": len(got["records"]), "valid_records": len(got["records"]) - len(bad),
        "stalled_rooms": len(got["stalled"]), "decisions": decisions,
        "wall_s": round(wall, 2), "decisions_per_s": round(decisions / wall, 1),
        "client_moves": len(lat), "latency_ms_median": round(1000 * statistics.median(lat), 2) if lat else None,
        "latency_ms_p95": round(1000 * p95, 2), "latency_ms_max": round(1000 * lat[-1], 2) if lat else None,
        "longest_wait_for_a_frame_ms": round(1000 * max(got["gaps"]), 1) if got["gaps"] else None,
        "bad_records": bad,
    }


def _report(out: dict[str, Any]) -> None:
    extra = (f", a spectator that never reads in every {out['stalled_every']}th room "
             f"({out['silent_spectators_dropped']} of {out['silent_spectators']} dropped)") if out["stalled_every"] else ""
    print(f"{out['games_finished']} games in {out['rooms']} rooms at once ({out['players']} seats: 1 WebSocket "
          f"client + {out['players'] - 1} {out['bot']} bots{extra}), {out['decisions']} decisions in "
          f"{out['wall_s']} s: {out['decisions_per_s']} decisions/s")
    print(f"client move latency over {out['client_moves']} moves: median {out['latency_ms_median']} ms, "
          f"p95 {out['latency_ms_p95']} ms, max {out['latency_ms_max']} ms; longest wait for a frame "
          f"{out['longest_wait_for_a_frame_ms']} ms")
    print(f"stalled rooms: {out['stalled_rooms']}; valid records: {out['valid_records']} / "
          f"{out['rooms'] * out['games_per_room']}")
    for line in out["bad_records"]:
        print("  bad record", line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=50, help="rooms played at once (default 50)")
    ap.add_argument("--games", type=int, default=1, help="games per room (default 1)")
    ap.add_argument("--players", type=int, default=4, help="seats per room: 1 client, the rest bots (default 4)")
    ap.add_argument("--bot", default="heuristic", help="the bots' agent id (default heuristic)")
    ap.add_argument("--stalled-every", type=int, default=0, metavar="N",
                    help="a spectator that never reads in every Nth room (default 0: none)")
    ap.add_argument("--compare", action="store_true",
                    help="with --stalled-every: first the same load without them, then the ratio of throughputs")
    ap.add_argument("--stall-after", type=float, default=15.0, metavar="S",
                    help="a room whose client waits longer than this for a frame counts as stalled (default 15)")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    if args.rooms < 1 or args.games < 1 or not 2 <= args.players <= 8:
        ap.error("--rooms and --games must be at least 1, --players from 2 to 8")
    if args.stalled_every < 0 or args.stall_after <= 0:
        ap.error("--stalled-every must be >= 0 and --stall-after > 0")
    if args.compare and not args.stalled_every:
        ap.error("--compare needs --stalled-every N")

    runs = []
    if args.compare:
        runs.append(measure(args, 0))
        _report(runs[-1])
    runs.append(measure(args, args.stalled_every))
    _report(runs[-1])
    figures: dict[str, Any] = runs[-1] if len(runs) == 1 else {"plain": runs[0], "stalled": runs[1]}
    if args.compare:
        ratio = runs[1]["decisions_per_s"] / runs[0]["decisions_per_s"]
        figures["throughput_ratio"] = round(ratio, 3)
        print(f"with silent spectators: {ratio:.2f} x the decisions/s of the plain run "
              f"({runs[1]['decisions_per_s']} against {runs[0]['decisions_per_s']})")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2))
    ok = all(not r["bad_records"] and not r["stalled_rooms"] and r["games_finished"] == args.rooms * args.games
             for r in runs)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
