"""What the server sends: each seat's table as JSON, built only from the core's `Game.view(seat)` (what that seat may
know) and the text module's wording; a spectator gets the public part alone.

Nothing here reads the game's hidden state directly: a seat's frame is a function of its `PlayerView`, and the
spectator's of the public fields of a view and the events every seat saw. `tests/web/test_hidden_frames.py` checks
the frames against the true hidden state over whole games.
"""

from __future__ import annotations

from typing import Any

from citadels_env.card_text import character_text, district_text
from citadels_env.core import CHARACTERS, DISTRICTS, Game
from citadels_env.core.knowledge import PlayerView
from citadels_env.core.scoring import public_breakdown
from citadels_env.core.state import ALL as ALL_SEATS
from citadels_env.text import describe_action, describe_decision, describe_event, personal_note


def card(d: str, beautified: bool = False) -> dict[str, Any]:
    k = DISTRICTS[d]
    return {"id": d, "name": k.name, "type": k.type, "cost": k.cost + (1 if beautified else 0),
            "text": district_text(d) + (" Beautified: worth 1 more." if beautified else "")}


def character(c: str) -> dict[str, Any]:
    ch = CHARACTERS[c]
    return {"id": c, "name": ch.name, "rank": ch.rank, "text": character_text(c)}


def _view(game: Game, seat: int | None) -> PlayerView:
    """The seat's view; a spectator's frame reads only the public fields of seat 0's."""
    return game.view(0 if seat is None else seat)


def table(game: Game, seat: int | None, names: list[str], view: PlayerView | None = None) -> dict[str, Any]:
    """The table as `seat` sees it (None: a spectator, who sees what every seat sees)."""
    view = view or _view(game, seat)
    out: dict[str, Any] = {
        "round": view.round, "phase": view.phase, "crown": view.crown, "deck_size": view.deck_size,
        "completion_size": view.completion_size,
        "tax_pot": view.tax_pot if "tax_collector" in view.characters else None,
        "characters": [character(c) for c in view.characters],
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
            city.append(card(d, b))
        players.append({"seat": p.seat, "name": names[p.seat], "gold": p.gold, "hand_size": p.hand_size,
                        "city": city, "revealed": list(p.revealed), "crown": view.crown == p.seat,
                        "completed": len(p.city) >= view.completion_size,
                        "score_now": public_breakdown(view, p.seat)["total"],
                        "known_hand": [] if seat is None or p.seat == seat else list(p.known_hand)})
    out["players"] = players
    if seat is None:
        out["me"] = None
    else:
        out["me"] = {"seat": seat, "hand": [card(d) for d in view.hand], "characters": list(view.my_characters),
                     "museum": list(view.my_museum), "signed_warrant": view.signed_warrant, "flower": view.flower}
    return out


def log_lines(game: Game, seat: int | None, view: PlayerView | None = None,
              names: list[str] | None = None) -> list[str]:
    """The event lines `seat` saw (spectator: the public ones), with what they meant for it."""
    if seat is None:
        return [line.strip() for m, e in game.events if m == ALL_SEATS and (line := describe_event(e, names))]
    view = view or game.view(seat)
    lines = []
    for e in view.events:
        line = describe_event(e, names)
        if line:
            lines.append(line.strip())
        note = personal_note(e, seat, view.my_characters, names)
        if note:
            lines.append(f">> {note}")
    return lines


def legal(game: Game, seat: int | None, view: PlayerView | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """The seat's legal answers in plain words (empty unless it decides now) and the question asked."""
    if seat is None or game.is_over or game.current_player != seat:
        return [], None
    view = view or game.view(seat)
    actions = game.legal_actions()
    return [{"id": i, "label": describe_action(a, view)} for i, a in enumerate(actions)], describe_decision(view)


def scores(game: Game, names: list[str]) -> dict[str, Any]:
    result = game.result()
    assert result is not None
    rows = []
    for s in result.ranking:
        parts = {k: v for k, v in result.breakdowns[s].items() if k != "total" and isinstance(v, int) and v}
        rows.append({"seat": s, "name": names[s], "total": result.scores[s],
                     "parts": {k.replace("_", " "): v for k, v in parts.items()}})
    return {"scores": rows, "winner": result.winner}


def seat_frame(game: Game, seat: int | None, names: list[str], may_act: bool = True) -> dict[str, Any]:
    """Everything a seat is sent about the game now, from one view: the table, the log, and (when `may_act`) its
    legal answers and the question."""
    view = _view(game, seat)
    answers, prompt = legal(game, seat, view) if may_act else ([], None)
    return {"view": table(game, seat, names, view), "log": log_lines(game, seat, view, names), "legal": answers,
            "prompt": prompt}

