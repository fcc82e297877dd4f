"""What the server sends: each seat's table as JSON, built only from the core's `Game.view(seat)` (what that seat may
know) and the text module's wording; a spectator gets the public part alone.

Nothing here reads the game's hidden state directly: a seat's frame is a function of its `PlayerView`, and the
spectator's of the public fields of a view and the events every seat saw. `tests/web/test_hidden_frames.py` checks
the frames against the true hidden state over whole games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from citadels_env.card_text import character_name, district_name, district_text, type_name
from citadels_env.core import CHARACTERS, DISTRICTS, Game
from citadels_env.core.knowledge import PlayerView
from citadels_env.core.scoring import public_breakdown
from citadels_env.core.state import ALL as ALL_SEATS
from citadels_env.i18n import Text
from citadels_env.text import (
    describe_action,
    describe_decision,
    describe_event,
    personal_note,
    score_part_name,
)

from . import i18n


def card(d: str, beautified: bool = False, lang: str = "en") -> dict[str, Any]:
    """A district card: name, type (its id for the colour, its word for the reader), cost and, for a unique
    district, its effect."""
    k = DISTRICTS[d]
    effect = Text(lang).t(f"district.{d}.text") if k.type == "unique" else ""
    return {"id": d, "name": district_name(d, lang), "type": k.type, "type_name": type_name(k.type, lang),
            "cost": k.cost + (1 if beautified else 0), "effect": effect, "beautified": beautified,
            "text": district_text(d, lang) + (" " + i18n.t(lang, "table.beautified_text") if beautified else "")}


def character(c: str, lang: str = "en") -> dict[str, Any]:
    """A character card: name, rank and ability."""
    ch = CHARACTERS[c]
    return {"id": c, "name": character_name(c, lang), "rank": ch.rank, "text": Text(lang).t(f"character.{c}.text")}


def _view(game: Game, seat: int | None) -> PlayerView:
    """The seat's view; a spectator's frame reads only the public fields of seat 0's."""
    return game.view(0 if seat is None else seat)


def table(game: Game, seat: int | None, names: list[str], view: PlayerView | None = None,
          lang: str = "en") -> dict[str, Any]:
    """The table as `seat` sees it (None: a spectator, who sees what every seat sees)."""
    view = view or _view(game, seat)
    out: dict[str, Any] = {
        "round": view.round, "phase": view.phase, "crown": view.crown, "deck_size": view.deck_size,
        "completion_size": view.completion_size,
        "tax_pot": view.tax_pot if "tax_collector" in view.characters else None,
        "characters": [character(c, lang) for c in view.characters],
        "faceup": list(view.faceup), "revealed": dict(view.revealed),
        "killed": view.killed, "robbed": view.robbed, "bewitched": view.bewitched,
        "warrants": list(view.warrants), "threats": list(view.threats),
        "current": view.current_player, "decision": view.decision_kind if seat is not None else None,
        "over": game.is_over,
    }
    players = []
    for p in view.players:
        beautified = list(p.beautified)
        city = []
        for d in p.city:
            b = d in beautified
            if b:
                beautified.remove(d)
            city.append(card(d, b, lang))
        players.append({"seat": p.seat, "name": names[p.seat], "gold": p.gold, "hand_size": p.hand_size,
                        "city": city, "revealed": list(p.revealed), "crown": view.crown == p.seat,
                        "completed": len(p.city) >= view.completion_size,
                        "score_now": public_breakdown(view, p.seat)["total"],
                        "known_hand": [] if seat is None or p.seat == seat else list(p.known_hand)})
    out["players"] = players
    if seat is None:
        out["me"] = None
    else:
        out["me"] = {"seat": seat, "hand": [card(d, lang=lang) for d in view.hand],
                     "characters": list(view.my_characters),
                     "museum": list(view.my_museum), "signed_warrant": view.signed_warrant, "flower": view.flower}
    return out


def _actor(e: tuple, actor: int | None) -> int | None:
    """Who acts in event `e`, from public events only: the player whose character was called plays until the next
    call; in the draft each pick names its player."""
    if e.kind in ("round", "setup", "game_over", "faceup", "heir"):  # the game's own doing, between turns
        return None
    if e.kind == "called":
        return e.seat
    if e.kind in ("picked", "discarded", "dealt", "took_facedown", "completed_first"):
        return e.seat
    return actor


@dataclass
class LogCache:
    """The log entries of one seat in one language, kept between frames: a game's log only grows, so each frame words
    only the events since the last one (a long game's log would otherwise be worded anew on every move)."""

    game: Game | None = None
    key: tuple = ()
    read: int = 0
    actor: int | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)


def log_entries(game: Game, seat: int | None, view: PlayerView | None = None, names: list[str] | None = None,
                lang: str = "en", cache: LogCache | None = None) -> list[dict[str, Any]]:
    """The events `seat` saw (spectator: the public ones), each naming the player who acted (a line that does not say
    the name already starts with it), with what an event meant for the seat as a note of its own."""
    names = names if names is not None else [f"P{i}" for i in range(game.num_players)]
    if seat is None:
        events, chars = [e for m, e in game.events if m == ALL_SEATS], ()
    else:
        view = view or game.view(seat)
        events, chars = view.events, view.my_characters
    cache = cache if cache is not None else LogCache()
    key = (seat, lang, tuple(names), tuple(chars))
    if cache.game is not game or cache.key != key or cache.read > len(events):
        cache.game, cache.key, cache.read, cache.actor, cache.entries = game, key, 0, None, []
    out, actor = cache.entries, cache.actor
    for e in events[cache.read:]:
        actor = _actor(e, actor)
        line = describe_event(e, names, lang=lang)
        if line and line.strip():
            text = line.strip()
            if actor is not None and names[actor] not in text:
                text = f"{names[actor]}: {text}"
            out.append({"text": text, "seat": actor, "kind": e.kind, "note": False})
        note = personal_note(e, seat, chars, names, lang=lang) if seat is not None else None
        if note:
            out.append({"text": note, "seat": seat, "kind": e.kind, "note": True})
    cache.read, cache.actor = len(events), actor
    return list(out)


def legal(game: Game, seat: int | None, view: PlayerView | None = None, names: list[str] | None = None,
          lang: str = "en") -> tuple[list[dict[str, Any]], str | None]:
    """The seat's legal answers (empty unless it decides now) and the question asked, in plain words. Each answer also
    says what it is (`verb`, `arg`) and carries the card it names, so the page can draw a draft as cards to pick."""
    if seat is None or game.is_over or game.current_player != seat:
        return [], None
    view = view or game.view(seat)
    answers = []
    for i, a in enumerate(game.legal_actions()):
        answer: dict[str, Any] = {"id": i, "label": describe_action(a, view, names, lang=lang), "verb": a.verb,
                                  "arg": a.arg if isinstance(a.arg, (str, int)) else None}
        if a.verb == "character" and a.arg in CHARACTERS:
            answer["character"] = character(a.arg, lang)
        elif a.verb in ("build", "card") and a.arg in DISTRICTS:
            answer["district"] = card(a.arg, lang=lang)
        answers.append(answer)
    return answers, describe_decision(view, names, lang=lang)


def scores(game: Game, names: list[str], lang: str = "en") -> dict[str, Any]:
    """The final scores, winner first: each player's total and its parts, with the parts' names as column headings."""
    result = game.result()
    assert result is not None
    keys: list[str] = []
    rows = []
    for s in result.ranking:
        parts = {k: v for k, v in result.breakdowns[s].items() if k != "total" and type(v) is int and v}
        keys += [k for k in parts if k not in keys]
        rows.append({"seat": s, "name": names[s], "total": result.scores[s], "parts": parts})
    return {"scores": rows, "winner": result.winner, "winner_name": names[result.winner],
            "columns": [{"key": k, "label": score_part_name(k, lang)} for k in keys]}


def seat_frame(game: Game, seat: int | None, names: list[str], may_act: bool = True,
               lang: str = "en", cache: LogCache | None = None) -> dict[str, Any]:
    """Everything a seat is sent about the game now, from one view, worded in `lang`: the table, the log, and (when
    `may_act`) its legal answers and the question."""
    view = _view(game, seat)
    answers, prompt = legal(game, seat, view, names, lang) if may_act else ([], None)
    return {"view": table(game, seat, names, view, lang), "log": log_entries(game, seat, view, names, lang, cache),
            "legal": answers, "prompt": prompt}

