"""Decisions and their answers in plain words, for a person choosing: `describe_decision(ctx)` says what a seat is
asked, `describe_action(action, ctx)` names one legal answer ("Build Castle (noble, 4 gold)", "Kill the Thief
(rank 2)"), in any language of `citadels_env.i18n`. Re-exported by `citadels_env.text`.

`ctx` is what the deciding seat knows: an `agents.Decision`, its `PlayerView`, or the `Game` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .card_text import district_name, type_name
from .core import CHARACTERS, DISTRICTS, Action, Game
from .core.city import (
    cards_drawn,
    count_type,
    destroy_price,
    gold_gathered,
    gold_price,
    keeps_all_drawn,
    seize_price,
)
from .i18n import ENGLISH, Text
from .text_common import char_label, char_list, char_name, district_label, question, seat_namer


class _Ctx(NamedTuple):
    kind: str | None
    data: Any
    seat: int | None
    char: str | None  # the character whose turn is played, if any
    gold: tuple[int, ...]
    hand_size: tuple[int, ...]
    cities: tuple[tuple[str, ...], ...]
    beautified: tuple[tuple[str, ...], ...]
    tax_pot: int
    crown: int | None
    wall_protects_itself: bool  # ruling Q20


def _context(ctx: Any) -> _Ctx:
    """Normalise a Game, a PlayerView or an agents.Decision (anything with a `view`) into the fields used
    here."""
    if ctx is None:
        return _Ctx(None, None, None, None, (), (), (), (), 0, None, False)
    if isinstance(ctx, Game):
        ps = ctx.players
        return _Ctx(ctx.decision_kind, ctx.decision_data, ctx.current_player,
                    None if ctx.turn is None else ctx.turn.char, tuple(p.gold for p in ps),
                    tuple(len(p.hand) for p in ps), tuple(tuple(p.city) for p in ps),
                    tuple(tuple(p.beautified) for p in ps), ctx.tax_pot, ctx.crown,
                    ctx.config.rulings.great_wall_protects_itself)
    config = getattr(ctx, "config", None)
    wall = bool(config is not None and config.rulings.great_wall_protects_itself)
    view = ctx.view if hasattr(ctx, "view") and not hasattr(ctx, "players") else ctx
    ps = view.players
    char = None if view.turn is None else view.turn["char"]
    return _Ctx(view.decision_kind, view.decision_data, view.seat, char,
                tuple(p.gold for p in ps), tuple(p.hand_size for p in ps), tuple(tuple(p.city) for p in ps),
                tuple(tuple(p.beautified) for p in ps), view.tax_pot, view.crown, wall)


def _player_info(c: _Ctx, s: int, t: Text, P: Callable[[int | None], str]) -> str:
    """"P2 (3 gold, 4 cards, 2 districts, crown)": what everyone sees of a player."""
    if s >= len(c.gold):
        return P(s)
    return t("info.player.crown" if c.crown == s else "info.player", player=P(s), gold=t.n("count.gold", c.gold[s]),
             cards=t.n("count.card", c.hand_size[s]), districts=t.n("count.district", len(c.cities[s])))


def _detail(c: _Ctx, t: Text, P: Callable[[int | None], str]) -> str:
    """The decision's specifics (what is being built, whose city...), or ""."""
    kind, data, lang = c.kind, c.data, t.lang
    if data is None:
        return ""
    if kind in ("warrant", "threat"):
        if not data:
            return t(f"detail.{kind}.first")
        return t(f"detail.{kind}.next", characters=char_list(data, lang))
    if kind == "payment":
        return t("detail.payment", district=district_label(data[0], lang))
    if kind == "necropolis_sacrifice":
        return t("detail.necropolis_sacrifice", district=district_label(data, lang))
    if kind == "thieves_den_cards":
        return t("detail.thieves_den_cards", price=data[1], paid=data[2])
    if kind == "cardinal_player":
        return t("detail.cardinal_player", district=district_label(data[0], lang), gold=t.n("count.gold", data[1]))
    if kind == "cardinal_cards":
        return t("detail.cardinal_cards", cards=t.n("count.more_card", data[2]), player=P(data[1]))
    if kind == "confiscate":
        return t("detail.confiscate", player=P(data[0]), gold=t.n("count.gold", data[2]),
                 district=district_label(data[1], lang))
    if kind == "bribe":
        return t("detail.bribe", character=char_name(data, lang))
    if kind == "reveal_threat":
        return t("detail.reveal_threat", player=P(data[0]), character=char_name(data[1], lang))
    if kind == "seer_give":
        return t("detail.seer_give", player=P(data[0]))
    if kind in ("emperor_resource", "wizard_card"):
        return t(f"detail.{kind}", player=_player_info(c, data, t, P))
    if kind == "abbot_income":
        return t("detail.abbot_income", districts=t.n("count.religious_district", data))
    if kind in ("diplomat_take", "warlord_district", "marshal_district", "armory_district"):
        return t("detail.city", player=_player_info(c, data, t, P))
    if kind == "wizard_use":
        return t("detail.wizard_use", district=district_label(data[1], lang), player=P(data[0]))
    if kind == "diplomat_give":
        return t("detail.diplomat_give", district=district_name(data[1], lang), player=P(data[0]))
    if kind == "theater_give":
        return t("detail.theater_give", player=P(data))
    if kind in ("keep_card", "scholar_keep"):
        return t("detail.drawn", districts=", ".join(district_label(k, lang) for k in data))
    return ""


def describe_decision(ctx: Any, names: Sequence[str] | None = None, lang: str = ENGLISH) -> str:
    """What the deciding seat is asked, in plain words, with the context it may see; `names` replaces P0, P1... by
    the players' names."""
    c, t, P = _context(ctx), Text(lang), seat_namer(names, lang)
    if c.kind is None:
        return t("question.game_over")
    if c.kind == "turn":
        if c.char:
            return t("question.turn", character=char_name(c.char, lang))
        return t("question.turn.unknown")
    return f"{question(c.kind, lang)} {_detail(c, t, P)}".strip()


def _district_action(action: Action, c: _Ctx, t: Text, P: Callable[[int | None], str]) -> str:
    """A district of a city as the answer: destroy, seize, take, give, beautify or choose it."""
    kind, data, arg = c.kind, c.data, action.arg
    d = DISTRICTS[arg]
    beautified = action.verb != "district"
    label = t("label.district.beautified" if beautified else "label.district", district=district_name(arg, t.lang),
              type=type_name(d.type, t.lang), cost=d.cost)
    owner = data if isinstance(data, int) else None
    city = c.cities[owner] if owner is not None and owner < len(c.cities) else ()
    if kind == "warlord_district":
        price = destroy_price(city, arg, beautified, c.wall_protects_itself)
        return t("action.district.warlord_district", district=label, player=P(owner), gold=t.n("count.gold", price))
    if kind == "marshal_district":
        price = seize_price(city, arg, beautified, c.wall_protects_itself)
        return t("action.district.marshal_district", district=label, player=P(owner), gold=t.n("count.gold", price))
    if kind in ("armory_district", "diplomat_take"):
        return t(f"action.district.{kind}", district=label, player=P(owner))
    if kind in ("diplomat_give", "necropolis_sacrifice", "artist"):
        return t(f"action.district.{kind}", district=label)
    return t("action.district", district=label)


def _turn_action(action: Action, c: _Ctx, t: Text) -> str:
    """An answer of the turn menu: gather, build, end the turn, or use an ability."""
    verb, arg, lang = action.verb, action.arg, t.lang
    own = c.cities[c.seat] if c.seat is not None and c.seat < len(c.cities) else ()
    if verb == "gather":
        if arg == "gold":
            return t("action.gather_gold", gold=t.n("count.gold", gold_gathered(own)))
        key = "action.gather_cards.library" if keeps_all_drawn(own) else "action.gather_cards"
        return t(key, cards=t.n("count.card", cards_drawn(own)))
    if verb == "build":
        d = DISTRICTS[arg]
        return t("action.build", district=district_name(arg, lang), type=type_name(d.type, lang),
                 gold=t.n("count.gold", gold_price(own, arg)))
    if verb == "end_turn":
        return t("action.end_turn")
    if arg == "income":
        ch = CHARACTERS[c.char] if c.char else None
        if ch is None or ch.income_type is None:
            return t("action.income.none")
        return t(f"action.income.{ch.id}", n=count_type(own, ch.income_type))
    if t.has(f"action.ability.{arg}"):
        return t(f"action.ability.{arg}", gold=t.n("count.gold", c.tax_pot))
    return t("action.ability.unknown", ability=arg.replace("_", " "))


def describe_action(action: Action, ctx: Any = None, names: Sequence[str] | None = None,
                    lang: str = ENGLISH) -> str:
    """One legal answer in plain words, e.g. "Build Castle (noble, 4 gold)", "Take 2 gold", "Kill the
    Thief (rank 2)", "Choose P2 (3 gold, 4 cards, 2 districts)". `ctx` (a Decision, PlayerView or Game at
    the decision) makes the wording specific to the decision awaited; without it the wording is generic. `names`
    replaces P0, P1... by the players' names."""
    c, t, P = _context(ctx), Text(lang), seat_namer(names, lang)
    verb, arg = action.verb, action.arg
    kind, data = c.kind, c.data
    if verb in ("gather", "build", "end_turn", "ability"):
        return _turn_action(action, c, t)
    if verb == "character":
        label = char_label(arg, lang)
        if kind in ("warrant", "threat"):
            first = not data
            which = ("signed" if first else "unsigned") if kind == "warrant" else ("flower" if first else "blank")
            return t(f"action.{kind}.{which}", character=label)
        key = f"action.character.{kind}"
        return t(key if t.has(key) else "action.character", character=label)
    if verb == "player":
        key = f"action.player.{kind}"
        return t(key if t.has(key) else "action.player", player=_player_info(c, arg, t, P))
    if verb == "card":
        label = district_label(arg, lang)
        if kind in ("seer_give", "cardinal_cards") and data:
            return t("action.give_card", card=label, player=P(data[0] if kind == "seer_give" else data[1]))
        key = f"action.card.{kind}"
        return t(key if t.has(key) else "action.card", card=label)
    if verb in ("district", "beautified_district"):
        return _district_action(action, c, t, P)
    if verb == "type":
        return t("action.type", type=type_name(arg, lang))
    if verb == "amount":
        if kind == "abbot_income" and isinstance(data, int):
            return t("action.amount.abbot_income", gold=t.n("count.gold", arg), cards=t.n("count.card", data - arg))
        return t("action.amount", amount=arg)
    if verb == "pay":
        if arg == "gold":
            own = c.cities[c.seat] if c.seat is not None and c.seat < len(c.cities) else ()
            building = data[0] if kind == "payment" and data else None
            if building:
                return t("action.pay.gold.price", gold=t.n("count.gold", gold_price(own, building)))
            return t("action.pay.gold")
        key = f"action.pay.{arg}"
        return t(key) if t.has(key) else t("action.pay.unknown", method=arg.replace("_", " "))
    if verb == "resource":
        return t("action.resource.gold" if arg == "gold" else "action.resource.card")
    if verb == "wizard":
        which = "hand" if arg == "hand" else "build"
        if kind == "wizard_use" and data:
            return t(f"action.wizard.{which}", district=district_name(data[1], lang))
        return t(f"action.wizard.{which}.unknown")
    if verb in ("yes", "no"):
        return _yes_no(verb == "yes", c, t)
    if verb == "done":
        key = f"action.done.{kind}"
        return t(key if t.has(key) else "action.done")
    if verb == "pass":
        return t("action.pass.theater" if kind == "theater" else "action.pass")
    return str(action)


def _yes_no(yes: bool, c: _Ctx, t: Text) -> str:
    """Yes or no, in the words of the question asked (confiscate, bribe, reveal the threat)."""
    kind, data = c.kind, c.data
    if kind not in ("confiscate", "bribe", "reveal_threat"):
        return t("action.yes" if yes else "action.no")
    if yes and kind == "confiscate" and data:
        return t("action.yes.confiscate.district", district=district_name(data[1], t.lang))
    if yes and kind == "bribe" and c.seat is not None and c.seat < len(c.gold):
        return t("action.yes.bribe.gold", gold=t.n("count.gold", c.gold[c.seat] // 2))
    return t(f"action.{'yes' if yes else 'no'}.{kind}")
