"""Events in plain words: one line per public event (`describe_event`) and what an event means for one seat
(`personal_note`), in any language of `citadels_env.i18n`. Re-exported by `citadels_env.text`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .card_text import district_name, type_name
from .i18n import ENGLISH, Text
from .text_common import char_list, char_name, seat_namer


def _event_lines(e: tuple, t: Text, P: Callable[[int | None], str]) -> dict[str, Callable[[], str]]:
    """Each event kind's line, built lazily (only the event's own kind is formatted)."""
    lang = t.lang

    def C(c: str | None) -> str:
        return char_name(c, lang)

    def D(d: str) -> str:
        return district_name(d, lang)

    def gold(n: int) -> str:
        return t.n("count.gold", n)

    def cards(n: int) -> str:
        return t.n("count.card", n)

    return {
        "setup": lambda: t("event.setup", players=t.n("count.player", e.players),
                           characters=char_list(e.characters, lang), player=P(e.crown)),
        "round": lambda: "\n" + t("event.round", round=e.round, player=P(e.crown)),
        "faceup": lambda: t("event.faceup", characters=char_list(e.characters, lang)),
        "called": lambda: (t("event.called.nobody", character=C(e.character)) if e.seat is None
                           else t("event.called", character=C(e.character), player=P(e.seat))),
        "robbed": lambda: t("event.robbed", thief=P(e.thief), player=P(e.seat), gold=gold(e.gold)),
        "crown": lambda: t("event.crown", player=P(e.seat)),
        "gather_gold": lambda: t("event.gather_gold", player=P(e.seat), gold=gold(e.gold)),
        "gather_cards": lambda: t("event.gather_cards", player=P(e.seat), cards=cards(e.cards)),
        "built": lambda: t("event.built", player=P(e.seat), district=D(e.district)),
        "destroyed": lambda: t("event.destroyed", district=D(e.district), player=P(e.seat)),
        "killed": lambda: t("event.killed", character=C(e.character)),
        "bewitched": lambda: t("event.bewitched", character=C(e.character)),
        "rob": lambda: t("event.rob", character=C(e.character)),
        "warrants": lambda: t("event.warrants", player=P(e.seat), characters=char_list(e.characters, lang)),
        "threats": lambda: t("event.threats", player=P(e.seat), characters=char_list(e.characters, lang)),
        "confiscated": lambda: t("event.confiscated", magistrate=P(e.magistrate), district=D(e.district),
                                 player=P(e.seat)),
        "bribed": lambda: t("event.bribed", player=P(e.seat), blackmailer=P(e.blackmailer), gold=gold(e.gold)),
        "threat_revealed": lambda: t("event.threat_revealed.flower" if e.flower else "event.threat_revealed.blank",
                                     player=P(e.seat)),
        "income": lambda: t("event.income", player=P(e.seat), gold=gold(e.gold)),
        "drew": lambda: t("event.drew", player=P(e.seat), cards=cards(e.cards)),
        "exchanged": lambda: t("event.exchanged", player=P(e.seat), given=D(e.given), taken=D(e.taken),
                               owner=P(e.owner), price=e.price),
        "seized": lambda: t("event.seized", player=P(e.seat), district=D(e.district), owner=P(e.owner),
                            gold=gold(e.price)),
        "spied": lambda: t("event.spied", player=P(e.seat), target=P(e.target), type=type_name(e.district_type, lang),
                           matches=t.n("count.match", e.matches), gold=gold(e.gold)),
        "swapped_hands": lambda: t("event.swapped_hands", player=P(e.seat), other=P(e.other)),
        "beautified": lambda: t("event.beautified", player=P(e.seat), district=D(e.district)),
        "taxes": lambda: t("event.taxes", player=P(e.seat), gold=gold(e.gold)),
        "queen": lambda: t("event.queen", player=P(e.seat), gold=gold(e.gold)),
        "heir": lambda: t("event.heir", character=C(e.character), player=P(e.seat)),
        "theater": lambda: t("event.theater", owner=P(e.owner), other=P(e.other)),
        "completed_first": lambda: t("event.completed_first", player=P(e.seat)),
        "game_over": lambda: "\n" + t("event.game_over", player=P(e.winner)),
        "tax": lambda: t("event.tax", player=P(e.seat)),
        "merchant_gold": lambda: t.n("event.merchant_gold", e.gold, player=P(e.seat)),
        "navigator_gold": lambda: t("event.navigator_gold", player=P(e.seat), gold=gold(e.gold)),
        "picked": lambda: t("event.picked", player=P(e.seat)),
        "discarded": lambda: t("event.discarded", player=P(e.seat)),
        "dealt": lambda: t("event.dealt", player=P(e.seat)),
        "took_facedown": lambda: t("event.took_facedown", player=P(e.seat)),
        "theater_swap": lambda: t("event.theater_swap", owner=P(e.owner), given=C(e.given), other=P(e.other),
                                  taken=C(e.taken)),
        "looked": lambda: (t("event.looked", player=P(e.seat), target=P(e.target), cards=", ".join(map(D, e.hand)))
                           if e.hand else t("event.looked.empty", player=P(e.seat), target=P(e.target))),
        "signed_warrant": lambda: t("event.signed_warrant", player=P(e.seat), character=C(e.character)),
        "flower": lambda: t("event.flower", player=P(e.seat), character=C(e.character)),
        "refused_bribe": lambda: t("event.refused_bribe", player=P(e.seat)),
        "magician_discarded": lambda: t("event.magician_discarded", player=P(e.seat), cards=cards(e.cards)),
        "wizard_looked": lambda: t("event.wizard_looked", player=P(e.seat), target=P(e.target)),
        "wizard_took": lambda: t("event.wizard_took", player=P(e.seat), target=P(e.target)),
        "seer_took": lambda: t("event.seer_took", player=P(e.seat), players=", ".join(map(P, e.victims))),
        "emperor_took": lambda: t(f"event.emperor_took.{e.resource}", player=P(e.seat), target=P(e.target)),
        "abbot_took": lambda: t("event.abbot_took", player=P(e.seat), giver=P(e.giver)),
        "scholar_drew": lambda: t("event.scholar_drew", player=P(e.seat), cards=cards(e.cards)),
        "cardinal": lambda: t("event.cardinal", player=P(e.seat), gold=gold(e.gold), giver=P(e.giver),
                              cards=cards(e.gold)),
        "laboratory": lambda: t("event.laboratory", player=P(e.seat)),
        "smithy": lambda: t("event.smithy", player=P(e.seat)),
        "museum": lambda: t("event.museum", player=P(e.seat)),
        "poor_house": lambda: t("event.poor_house", player=P(e.seat)),
        "alchemist": lambda: t("event.alchemist", player=P(e.seat), gold=gold(e.gold)),
        "park": lambda: t("event.park", player=P(e.seat)),
    }


def describe_event(e: tuple, names: Sequence[str] | None = None, lang: str = ENGLISH) -> str | None:
    """One line per public event (None for events too small to print); `names` replaces P0, P1... by names."""
    fn = _event_lines(e, Text(lang), seat_namer(names, lang)).get(e.kind)
    return fn() if fn else None


def personal_note(e: tuple, seat: int, chars: tuple[str, ...] | list[str] = (),
                  names: Sequence[str] | None = None, lang: str = ENGLISH) -> str | None:
    """What an event means for `seat`, said to its player when it happens ("Your King is killed..."), or None.

    It reads only the event (which the caller took from the events `seat` sees) and `chars`, the characters the
    seat holds: nothing the seat could not know."""
    kind, t, P = e.kind, Text(lang), seat_namer(names, lang)
    if kind in ("killed", "bewitched", "rob") and e.character in chars:
        return t(f"note.{kind}", character=char_name(e.character, lang))
    if kind == "called" and e.seat is None and e.character in chars:
        return t("note.called", character=char_name(e.character, lang))
    if kind in ("warrants", "threats") and e.seat != seat:
        mine = [c for c in e.characters if c in chars]
        if mine:
            return t(f"note.{kind}", characters=char_list(mine, lang))
    if kind == "robbed" and e.seat == seat:
        return t("note.robbed", thief=P(e.thief), gold=t.n("count.gold", e.gold))
    if kind == "destroyed" and e.seat == seat:
        return t("note.destroyed", district=district_name(e.district, lang))
    if kind == "confiscated" and e.seat == seat:
        return t("note.confiscated", district=district_name(e.district, lang), magistrate=P(e.magistrate))
    if kind == "seized" and e.owner == seat:
        return t("note.seized", player=P(e.seat), district=district_name(e.district, lang),
                 gold=t.n("count.gold", e.price))
    if kind == "exchanged" and e.owner == seat:
        return t("note.exchanged", player=P(e.seat), taken=district_name(e.taken, lang),
                 given=district_name(e.given, lang))
    if kind == "swapped_hands" and e.other == seat:
        return t("note.swapped_hands", player=P(e.seat))
    if kind in ("spied", "looked", "wizard_took", "emperor_took") and e.target == seat and e.seat != seat:
        if kind == "wizard_took":
            return t("note.wizard_took", player=P(e.seat))
        if kind == "emperor_took":
            return t(f"note.emperor_took.{e.resource}", player=P(e.seat))
        return t("note.looked", player=P(e.seat))
    if kind == "abbot_took" and e.giver == seat:
        return t("note.abbot_took", player=P(e.seat))
    if kind == "cardinal" and e.giver == seat:
        return t("note.cardinal", player=P(e.seat), gold=t.n("count.gold", e.gold), cards=t.n("count.card", e.gold))
    if kind == "seer_took" and seat in e.victims:
        return t("note.seer_took", player=P(e.seat))
    return None
