"""Plain-words descriptions of events, decisions, actions, the board and final scores, for the terminal, logs, the
LLM seat and the browser, in any language of `citadels_env.i18n` (`lang="en"` by default).

`describe_event(e)` gives one line per event; `describe_decision(ctx)` says what a seat is asked;
`describe_action(action, ctx)` names one legal answer ("Build Castle (noble, 4 gold)", "Kill the Thief
(rank 2)").
`ctx` is what the deciding seat knows: an `agents.Decision`, its `PlayerView`, or the `Game` itself. Every sentence
comes from the catalogs (`citadels_env/locales/<lang>.json`); the wording is split over `text_common`,
`text_events` and `text_actions`, and this module re-exports all of it.
"""

from __future__ import annotations

from .card_text import character_name, district_name, type_name
from .core import Game
from .core.cards import TAX_COLLECTOR
from .core.scoring import GameResult
from .i18n import ENGLISH, Text
from .text_actions import describe_action, describe_decision
from .text_common import (
    DECISION_HEADERS,
    SCORE_KEYS,
    char_label,
    char_list,
    char_name,
    decision_header,
    district_label,
    phase_name,
    plural,
    preset_name,
    score_part_name,
    seat_name,
)
from .text_events import describe_event, personal_note

__all__ = [
    "DECISION_HEADERS", "SCORE_KEYS", "char_label", "char_name", "character_name", "decision_header",
    "describe_action", "describe_decision", "describe_event", "district_label", "district_name", "personal_note",
    "phase_name", "plural", "preset_name", "render_board", "score_part_name", "score_table", "seat_name",
    "type_name",
]


def score_table(game: Game, result: GameResult, lang: str = ENGLISH) -> str:
    """The score breakdown of every player, winner first (columns: the breakdown's keys, in the catalog's
    `score_table.*` words)."""
    t = Text(lang)
    keys: list[str] = []
    for b in result.breakdowns:
        keys += [k for k in b if k not in keys and k not in ("total", "haunted_quarter_type")]
    header = [t("score_table.seat")] + [t(f"score_table.{k}") for k in keys] + [t("score_table.total")]
    rows = [[seat_name(s, lang)] + [str(result.breakdowns[s].get(k, "")) for k in keys] + [str(result.scores[s])]
            for s in result.ranking]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(lines)


def _board_header(game: Game, lang: str) -> str:
    if game.decision_kind == "turn" and game.turn is not None:  # the character playing is public once called
        return Text(lang)("board.turn_of", character=char_name(game.turn.char, lang))
    return decision_header(game.decision_kind, lang)


def _board_status(game: Game, t: Text) -> str:
    """The first line: round, phase, crown, deck, tax pot (only with the Tax Collector), who acts and on what."""
    lang = t.lang
    kw = {"round": game.round, "phase": phase_name(game.phase, lang), "crown": seat_name(game.crown, lang),
          "deck": t.n("count.card", len(game.deck)), "player": seat_name(game.current_player, lang)}
    if TAX_COLLECTOR in game.cfg.characters:
        line = t("board.status.tax_pot", pot=game.tax_pot, **kw)
    else:
        line = t("board.status", **kw)
    return line if game.is_over else f"{line} ({_board_header(game, lang)})"


def render_board(game: Game, seat: int | None = None, lang: str = ENGLISH) -> str:
    """A text table of the board as `seat` sees it (its hand and characters; others' hands as counts), or the
    omniscient board (every hand and character) when seat is None."""
    t = Text(lang)
    lines = [_board_status(game, t)]
    if game.faceup:
        lines.append(t("board.faceup", characters=char_list(game.faceup, lang)))
    marks = [t(f"board.{label}", character=char_name(c, lang))
             for label, c in (("killed", game.killed), ("robbed", game.robbed), ("bewitched", game.bewitched)) if c]
    if game.warrants:
        marks.append(t("board.warrants", characters=char_list(game.warrants, lang)))
    if game.threats:
        marks.append(t("board.threats", characters=char_list(game.threats, lang)))
    if marks:
        lines.append("; ".join(marks))
    for s in range(game.num_players):
        p = game.players[s]
        if seat is None or s == seat:
            chars = char_list(p.chars, lang) or "-"
            hand = ", ".join(district_label(c, lang) for c in sorted(p.hand)) or "-"
        else:
            chars = char_list((c for c, who in game.revealed.items() if who == s), lang) or "?"
            bit = 1 << seat
            known = sorted(c for c, m in zip(p.hand, p.hand_seen) if m & bit)
            hand = t.n("count.card", len(p.hand))
            if known:
                hand = t("board.hand.known", cards=hand, districts=", ".join(district_name(c, lang) for c in known))
        city = ", ".join(district_name(k, lang) + ("+" if k in p.beautified else "") for k in p.city) or "-"
        who = [seat_name(s, lang)] + [t("board.you")] * (s == seat) + [t("board.crown")] * (s == game.crown)
        lines.append(t("board.player", player=" ".join(who), gold=t.n("count.gold", p.gold), characters=chars,
                       districts=t.n("count.district", game.city_size(s)), city=city, hand=hand))
    return "\n".join(lines)
