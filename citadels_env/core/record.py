"""Game records: (config, seed, actions) as JSON, replayed to an identical game.

A record states its format, the config, the seed, the actions in order, a `digest` of those (sha256 of their canonical
JSON) and, for a finished game, the `result`. `replay` checks every one of these statements and raises a
`RecordError` naming the first that does not hold, so an edited, truncated or mixed-up record never replays into a
different game without a word. Records written before the digest existed (no `digest` field) still load.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .actions import Action, IllegalActionError
from .config import GameConfig, Rulings
from .game import Game

FORMAT = "citadels-record/1"
#: The fields a record may have; `digest` and `result` are optional.
RECORD_FIELDS = ("format", "config", "seed", "actions", "digest", "result")
_REQUIRED = ("format", "config", "seed", "actions")
_NONE = type(None)

#: The types each config field may have (exact types: a bool is not an int); a tuple is `config_to_dict`'s list.
_CONFIG_TYPES: dict[str, tuple[type, ...]] = {
    "players": (int,), "preset": (str, _NONE), "characters": (list, tuple, _NONE), "use_rank9": (bool,),
    "unique_districts": (list, tuple, str, _NONE), "completion_size": (int, _NONE), "crown_seat": (int, _NONE),
    "emperor_substitute": (str,), "queen_substitute": (str,), "rulings": (dict,),
    "selection": (str,), "characters_per_player": (int, _NONE),
}
_RULING_TYPES: dict[str, tuple[type, ...]] = {
    "warlord_own_completed_city": (bool,), "great_wall_protects_itself": (bool,), "tiebreak": (str,),
    "first_game_rank9_3p": (str,), "first_game_rank9_8p": (str,),
}


class RecordError(ValueError):
    """A record that cannot be replayed as it states: the message names the first mismatch (and starts with the file's
    path when the record was loaded from a file)."""


def config_to_dict(config: GameConfig) -> dict:
    return asdict(config)


def config_from_dict(d: dict) -> GameConfig:
    """The GameConfig of a record's `config`; a RecordError names an unknown field or a value of the wrong type (the
    values themselves are checked by `GameConfig.resolve` when the game is made)."""
    if type(d) is not dict:
        raise RecordError(f"config must be a JSON object, got {type(d).__name__}")
    d = dict(d)
    _check_fields("config", d, _CONFIG_TYPES)
    rulings = d.get("rulings", {})
    _check_fields("config.rulings", rulings, _RULING_TYPES)
    d["rulings"] = Rulings(**rulings)
    for key in ("characters", "unique_districts"):
        if isinstance(d.get(key), (list, tuple)):
            if any(type(x) is not str for x in d[key]):
                raise RecordError(f"config.{key} must list strings, got {d[key]!r}")
            d[key] = tuple(d[key])
    return GameConfig(**d)


def _check_fields(where: str, d: Any, types: dict[str, tuple[type, ...]]) -> None:
    if type(d) is not dict:
        raise RecordError(f"{where} must be a JSON object, got {type(d).__name__}")
    unknown = sorted(set(d) - set(types))
    if unknown:
        raise RecordError(f"unknown {where} field(s) {unknown}; known: {', '.join(types)}")
    for key, value in d.items():
        if type(value) not in types[key]:
            wanted = " or ".join("null" if t is _NONE else t.__name__ for t in types[key])
            raise RecordError(f"{where}.{key} must be {wanted}, got {value!r}")


def digest(config: dict, seed: int, actions: list[str]) -> str:
    """sha256 of the canonical JSON of what a record states about the game (its format, config, seed, actions)."""
    payload = {"format": FORMAT, "config": config, "seed": seed, "actions": actions}
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def to_record(game: Game) -> dict:
    config, actions = config_to_dict(game.config), [str(a) for a in game.actions]
    # the digest is of the JSON form (tuples become lists), as a loaded record will have it
    rec = {"format": FORMAT, "config": config, "seed": game.seed, "actions": actions,
           "digest": digest(json.loads(json.dumps(config)), game.seed, actions)}
    if game.result() is not None:
        rec["result"] = game.result().to_dict()
    return rec


def replay(record: dict, upto: int | None = None) -> Game:
    """Rebuild the game of a record (the first `upto` actions if given), checking in turn its format, its config, the
    seed's type, each action (parsed and legal, numbered from 1), the digest if stated and the stated result (unless
    `upto` stops before the end of the game). Raises RecordError naming the first mismatch."""
    if upto is not None and (type(upto) is not int or upto < 0):
        raise ValueError(f"upto must be a non-negative int or None, got {upto!r}")
    if type(record) is not dict:
        raise RecordError(f"a record is a JSON object, got {type(record).__name__}")
    try:  # check the record as JSON has it (a record from `to_record` holds tuples where a loaded one has lists)
        record = json.loads(json.dumps(record))
    except (TypeError, ValueError) as e:
        raise RecordError(f"a record holds only JSON values: {e}") from e
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown record format {record.get('format')!r}: this version reads {FORMAT!r}")
    missing = [k for k in _REQUIRED if k not in record]
    unknown = sorted(set(record) - set(RECORD_FIELDS))
    if missing or unknown:
        raise RecordError(f"record fields missing {missing}, unknown {unknown}" if missing and unknown else
                          f"record field(s) missing: {missing}" if missing else f"unknown record field(s) {unknown}")
    config = config_from_dict(record["config"])
    seed, texts = record["seed"], record["actions"]
    if type(seed) is not int:
        raise RecordError(f"seed must be an int, got {seed!r}")
    if type(texts) is not list:
        raise RecordError(f"actions must be a JSON list of strings, got {type(texts).__name__}")
    if upto is not None and upto > len(texts):
        raise RecordError(f"upto={upto} but the record has only {len(texts)} actions")
    try:
        game = Game(config, seed)
    except ValueError as e:  # ConfigError: the message names the broken rule
        raise RecordError(f"config: {e}") from e
    try:
        for k, text in enumerate(texts[:upto], 1):
            _apply_text(game, k, text)
    except RecordError as e:  # an edited seed or config shows first as an illegal action: say so when it is
        if "digest" in record and record["digest"] != digest(record["config"], seed, texts):
            raise RecordError(f"{e} (and the digest does not match: the config, seed or actions were edited)") from e
        raise
    for k in range(len(texts[:upto]) + 1, len(texts) + 1):  # not replayed, but each must still be a well-formed action
        _parse(k, texts[k - 1])
    _check_digest(record, seed, texts)
    if upto is None or game.is_over:  # a prefix asked for with `upto` ends before the result
        _check_result(record, game)
    return game


def _parse(k: int, text: Any) -> Action:
    if type(text) is not str:
        raise RecordError(f"action #{k} {text!r} is not a string")
    action = Action.parse(text)
    if str(action) != text:
        raise RecordError(f"action #{k} {text!r} does not parse (it would read as {str(action)!r})")
    return action


def _apply_text(game: Game, k: int, text: Any) -> None:
    action = _parse(k, text)
    where = "the end of the game" if game.is_over else f"decision {game.decision_kind!r} of seat {game.current_player}"
    try:
        game.apply(action)
    except IllegalActionError as e:
        legal = game.legal_actions()  # the game is unchanged: what it would have accepted
        shown = f" (legal: {', '.join(str(a) for a in legal[:40])}{' ...' if len(legal) > 40 else ''})" if legal else ""
        raise RecordError(f"action #{k} {text!r} is illegal at {where}{shown}") from e


def _check_digest(record: dict, seed: int, texts: list[str]) -> None:
    if "digest" not in record:  # a record written before digests: nothing to compare
        return
    stated, computed = record["digest"], digest(record["config"], seed, texts)
    if stated != computed:
        raise RecordError(f"digest mismatch: the record states {stated!r} but its config, seed and actions hash to "
                          f"{computed!r} (the record was edited or mixed up)")


def _check_result(record: dict, game: Game) -> None:
    if "result" not in record:
        return
    if not game.is_over:
        raise RecordError(f"the record states a result but the game is not over after its {len(game.actions)} "
                          f"actions (actions are missing)")
    replayed = json.loads(json.dumps(game.result().to_dict()))
    where = _first_difference(record["result"], replayed, "result")
    if where is not None:
        path, stated, actual = where
        raise RecordError(f"{path}: the record states {stated!r} but the replayed game gives {actual!r}")


def _first_difference(stated: Any, actual: Any, path: str) -> tuple[str, Any, Any] | None:
    """The path of the first field where `stated` differs from `actual` (JSON values), with both values."""
    if type(stated) is dict and type(actual) is dict:
        for key in [*actual, *(k for k in stated if k not in actual)]:
            if key not in stated or key not in actual:
                return f"{path}.{key}", stated.get(key, "<absent>"), actual.get(key, "<absent>")
            found = _first_difference(stated[key], actual[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if type(stated) is list and type(actual) is list and len(stated) == len(actual):
        for i, (s, a) in enumerate(zip(stated, actual)):
            found = _first_difference(s, a, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if type(stated) is not type(actual) or stated != actual:
        return path, stated, actual
    return None


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(to_record(game), indent=1))


def load(path: str | Path, upto: int | None = None) -> Game:
    """Replay the record in file `path`; a RecordError's message starts with the path (a missing or unreadable file
    raises the OSError as is)."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"{path}: not a JSON game record (truncated or not JSON?): {e}") from e
    try:
        return replay(record, upto)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from e
