"""Finished games on disk: core records (`citadels replay` reads them) with a side file of the seats' names.

A public room's games are listed at `/api/records`. A private room's are not: they are kept under `unlisted/`, named
with the room's secret key, so only the people who had its link can find them. Files are written atomically, so a
crash leaves either no record or the whole one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from citadels_env.core import Game
from citadels_env.core.record import RecordError, replay, to_record

from . import views
from .rooms import RoomError

RECORD_ID = re.compile(r"^[A-Za-z0-9_-]{1,80}$")
UNLISTED = "unlisted"


def atomic_write(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old file or the whole new one, never half of it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


class Records:
    """The records directory of one server."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def save(self, game: Game, names: list[str], tag: str, listed: bool) -> str:
        """Write a finished game (names first, then the game); returns its id. `tag` ends the id: the room's code,
        or for an unlisted record its secret key."""
        folder = self.root if listed else self.root / UNLISTED
        folder.mkdir(parents=True, exist_ok=True)
        rid = base = f"{time.strftime('%Y%m%d-%H%M%S')}-{tag}"
        n = 1
        while (folder / f"{rid}.json").exists():  # two games of one room ending within a second ("Play again")
            n += 1
            rid = f"{base}-{n}"
        atomic_write(folder / f"{rid}.players", json.dumps(names))
        atomic_write(folder / f"{rid}.json", json.dumps(to_record(game)))
        return rid

    def ids(self) -> list[str]:
        """The listed records, newest first."""
        return sorted((p.stem for p in self.root.glob("*.json")), reverse=True) if self.root.exists() else []

    def _path(self, rid: Any, suffix: str) -> Path | None:
        if not isinstance(rid, str) or not RECORD_ID.match(rid):
            return None
        for folder in (self.root, self.root / UNLISTED):
            if (folder / f"{rid}{suffix}").exists():
                return folder / f"{rid}{suffix}"
        return None

    def load(self, rid: Any) -> dict[str, Any]:
        path = self._path(rid, ".json")
        if path is None:
            shown = rid[:80] if isinstance(rid, str) else rid
            raise RoomError("no_record", record=repr(shown))
        return json.loads(path.read_text())

    def names(self, rid: str, players: int) -> list[str]:
        """The names the seats had (a core record holds none); P0, P1... when the side file is missing or bad."""
        path = self._path(rid, ".players")
        if path is not None:
            with contextlib.suppress(OSError, ValueError):
                names = json.loads(path.read_text())
                if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
                    return names
        return [f"P{i}" for i in range(players)]

    def replay_frame(self, rid: Any, seat: Any, step: Any, lang: str = "en") -> dict[str, Any]:
        """A finished game at `step` as `seat` saw it (None: the public view)."""
        record = self.load(rid)
        total = len(record["actions"])
        if type(step) is not int or not 0 <= step <= total:
            raise RoomError("step_range", max=total)
        try:
            game = replay(record, upto=step)
        except RecordError as exc:
            raise RoomError("record_broken", record=rid, reason=str(exc)) from None
        if seat is not None and (type(seat) is not int or not 0 <= seat < game.num_players):
            raise RoomError("replay_seat_range", max=game.num_players - 1)
        names = self.names(rid, game.num_players)
        return {"type": "replay_frame", "record": rid, "seat": seat, "step": step, "total": total, "names": names,
                **views.seat_frame(game, seat, names, may_act=False, lang=lang)}
