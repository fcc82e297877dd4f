"""Game records: (config, seed, actions) as JSON, replayed to an identical game."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from pathlib import Path

from .actions import Action
from .config import GameConfig, Rulings
from .game import Game

FORMAT = "citadels-record/1"


def config_to_dict(config: GameConfig) -> dict:
    return asdict(config)


def config_from_dict(d: dict) -> GameConfig:
    d = dict(d)
    known = {f.name for f in fields(GameConfig)}
    unknown = set(d) - known
    if unknown:
        raise ValueError(f"unknown GameConfig fields in record: {sorted(unknown)}")
    d["rulings"] = Rulings(**d.get("rulings", {}))
    for key in ("characters", "unique_districts"):
        if isinstance(d.get(key), list):
            d[key] = tuple(d[key])
    return GameConfig(**d)


def to_record(game: Game) -> dict:
    rec = {"format": FORMAT, "config": config_to_dict(game.config), "seed": game.seed,
           "actions": [str(a) for a in game.actions]}
    if game.result() is not None:
        rec["result"] = game.result().to_dict()
    return rec


def replay(record: dict, upto: int | None = None) -> Game:
    """Rebuild the game of a record (the first `upto` actions if given)."""
    if record.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} record: format={record.get('format')!r}")
    game = Game(config_from_dict(record["config"]), record["seed"])
    for text in record["actions"][:upto]:
        game.apply(Action.parse(text))
    return game


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(to_record(game), indent=1))


def load(path: str | Path, upto: int | None = None) -> Game:
    return replay(json.loads(Path(path).read_text()), upto)
