"""Actions: small immutable values naming cards, characters and seats (never hand positions).

Seats are **absolute** in the core (0 .. players-1); the environment converts them to seats relative to the observer.
Every action is an `Action(verb, arg)`; the verbs and their argument domains are fixed, so the set of distinct actions
is small (see `all_actions`) and maps onto one flat discrete space.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import CHARACTER_IDS, DISTRICT_IDS, DISTRICT_TYPES
from .limits import MAX_AMOUNT, MAX_PLAYERS


class Action(NamedTuple):
    verb: str
    arg: str | int | None = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb}:{self.arg}"

    @staticmethod
    def parse(text: str) -> Action:
        """Inverse of str(): "build:castle" -> Action("build", "castle"); integer args (ASCII digits, one optional
        leading "-") are restored. Never raises on a str: whether the result is legal is `Game.apply`'s to say."""
        verb, _, arg = text.partition(":")
        if not arg:
            return Action(verb)
        digits = arg[1:] if arg[0] == "-" else arg
        return Action(verb, int(arg) if digits.isascii() and digits.isdigit() else arg)


class IllegalActionError(ValueError):
    """An action that is not legal now; the message names the decision and the action. The game is unchanged."""


# The verbs. Decisions reuse these generic verbs for their follow-up choices.
GATHER = "gather"  # arg "gold" | "cards"
BUILD = "build"  # arg district kind, from hand
ABILITY = "ability"  # arg ability id (ABILITY_IDS)
END_TURN = "end_turn"
CHARACTER = "character"  # arg character id: draft picks and character targets
PLAYER = "player"  # arg absolute seat
CARD = "card"  # arg district kind: a card from the acting player's hand or from cards on offer
DISTRICT = "district"  # arg district kind: a not-beautified district in a city
BEAUTIFIED = "beautified_district"  # arg district kind: a beautified district in a city
TYPE = "type"  # arg district type
AMOUNT = "amount"  # arg int
PAY = "pay"  # arg payment method (PAYMENT_METHODS)
RESOURCE = "resource"  # arg "gold" | "card"
WIZARD = "wizard"  # arg "hand" | "build"
YES, NO, DONE, PASS = "yes", "no", "done", "pass"

PAYMENT_METHODS = ("gold", "thieves_den", "framework", "necropolis", "cardinal")

#: Ability ids offered in the turn menu: character abilities, then the active unique districts.
ABILITY_IDS: tuple[str, ...] = (
    "kill", "warrants", "rob", "spy", "threaten", "magician_swap", "magician_discard", "wizard", "seer",
    "income", "emperor", "abbot_richest", "merchant_gold", "architect_cards", "navigator_gold", "navigator_cards",
    "scholar", "warlord", "diplomat", "marshal", "queen", "artist", "tax_collector",
    "laboratory", "smithy", "museum", "armory",
)



def all_actions() -> tuple[Action, ...]:
    """Every distinct action the core can ever ask for, in a fixed order (the environment's action table)."""
    acts: list[Action] = [Action(GATHER, "gold"), Action(GATHER, "cards"), Action(END_TURN)]
    acts += [Action(BUILD, d) for d in DISTRICT_IDS]
    acts += [Action(ABILITY, a) for a in ABILITY_IDS]
    acts += [Action(CHARACTER, c) for c in CHARACTER_IDS]
    acts += [Action(PLAYER, s) for s in range(MAX_PLAYERS)]
    acts += [Action(CARD, d) for d in DISTRICT_IDS]
    acts += [Action(DISTRICT, d) for d in DISTRICT_IDS]
    acts += [Action(BEAUTIFIED, d) for d in DISTRICT_IDS]
    acts += [Action(TYPE, t) for t in DISTRICT_TYPES]
    acts += [Action(AMOUNT, i) for i in range(MAX_AMOUNT + 1)]
    acts += [Action(PAY, m) for m in PAYMENT_METHODS]
    acts += [Action(RESOURCE, "gold"), Action(RESOURCE, "card"), Action(WIZARD, "hand"), Action(WIZARD, "build")]
    acts += [Action(YES), Action(NO), Action(DONE), Action(PASS)]
    return tuple(acts)


# Interned instances: legal-action lists reuse these objects instead of allocating new tuples.
GATHER_GOLD = Action(GATHER, "gold")
GATHER_CARDS = Action(GATHER, "cards")
END = Action(END_TURN)
A_YES, A_NO, A_DONE, A_PASS = Action(YES), Action(NO), Action(DONE), Action(PASS)
A_BUILD = {d: Action(BUILD, d) for d in DISTRICT_IDS}
A_ABILITY = {a: Action(ABILITY, a) for a in ABILITY_IDS}
A_CHAR = {c: Action(CHARACTER, c) for c in CHARACTER_IDS}
A_PLAYER = tuple(Action(PLAYER, s) for s in range(MAX_PLAYERS))
A_CARD = {d: Action(CARD, d) for d in DISTRICT_IDS}
A_DISTRICT = {d: Action(DISTRICT, d) for d in DISTRICT_IDS}
A_BEAUTIFIED = {d: Action(BEAUTIFIED, d) for d in DISTRICT_IDS}
A_TYPE = {t: Action(TYPE, t) for t in DISTRICT_TYPES}
A_AMOUNT = tuple(Action(AMOUNT, i) for i in range(MAX_AMOUNT + 1))
A_PAY = {m: Action(PAY, m) for m in PAYMENT_METHODS}
A_RESOURCE = {r: Action(RESOURCE, r) for r in ("gold", "card")}
A_WIZARD = {r: Action(WIZARD, r) for r in ("hand", "build")}
