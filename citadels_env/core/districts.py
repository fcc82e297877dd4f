"""§6 The unique districts usable during a turn: Laboratory, Smithy, Museum, Armory (once per own turn).

Where every other unique district acts, one place each:
  gathering: Gold Mine, Observatory, Library -> turn.gather
  building: Factory (turn.gold_price), Framework, Necropolis, Thieves' Den (turn.pay), Quarry and Monument
            (turn.may_place), Stables (turn.counts_toward_limit), Secret Vault (never built: turn.may_place)
  rank 8: Keep and Great Wall -> characters.rank8_can_touch / city.wall_surcharge
  resources: School of Magic -> city.count_type
  end of turn: Poor House, Park -> turn.end_turn
  selection: Theater -> selection.end_selection
  scoring: Basilica, Capitol, Dragon Gate, Haunted Quarter, Imperial Treasury, Ivory Tower, Map Room, Museum,
           Secret Vault, Statue, Wishing Well -> scoring
"""

from __future__ import annotations

from . import events
from .actions import A_CARD, Action
from .cards import ARMORY, LABORATORY, MUSEUM, SMITHY
from .characters import district_in_a_city, gain_cards
from .decisions import Ability, add_district_ability, decision
from .state import GameState, Turn
from .turn import district_targets


def _has_hand(g: GameState, t: Turn) -> bool:
    return bool(g.players[t.seat].hand)


def _hand_cards(g: GameState, data) -> list[Action]:
    return [A_CARD[c] for c in dict.fromkeys(g.players[g.turn.seat].hand)]


# -- Laboratory: once per turn, discard a card from your hand to gain 2 gold -------------------------------------------
def _use_laboratory(g: GameState, t: Turn) -> None:
    g.push("laboratory", t.seat)


@decision("laboratory", "Laboratory: discard a card from your hand to gain 2 gold")
def laboratory_actions(g: GameState, data) -> list[Action]:
    return _hand_cards(g, data)


@laboratory_actions.resolver
def laboratory(g: GameState, data, action: Action) -> None:
    seat = g.turn.seat
    g.take(seat, action.arg, 1 << seat)
    g.to_bottom(action.arg)
    g.players[seat].gold += 2
    g.event(events.Laboratory, (seat,))


# -- Smithy: once per turn, pay 2 gold to draw 3 cards -----------------------------------------------------------------
def _smithy_available(g: GameState, t: Turn) -> bool:
    return g.players[t.seat].gold >= 2 and bool(g.deck)


def _use_smithy(g: GameState, t: Turn) -> None:
    g.players[t.seat].gold -= 2
    g.event(events.Smithy, (t.seat,))
    gain_cards(g, t.seat, 3)


# -- Museum: once per turn, place a card from your hand face down under the Museum -------------------------------------
def _use_museum(g: GameState, t: Turn) -> None:
    g.push("museum", t.seat)


@decision("museum", "Museum: place a card from your hand face down under the Museum")
def museum_actions(g: GameState, data) -> list[Action]:
    return _hand_cards(g, data)


@museum_actions.resolver
def museum(g: GameState, data, action: Action) -> None:
    seat = g.turn.seat
    g.take(seat, action.arg, 1 << seat)
    g.players[seat].museum.append(action.arg)
    g.event(events.Museum, (seat,))


# -- Armory: destroy the Armory to destroy 1 district (not in a completed city; Keep and Bishop do not stop it: Q21) ---
def armory_targets(g: GameState, seat: int, owner: int) -> list[Action]:
    if g.is_completed(owner):
        return []
    return district_targets(g, owner, lambda k, b: not (owner == seat and k == ARMORY))


def armory_destroy(g: GameState, owner: int, action: Action) -> None:
    seat = g.turn.seat
    g.destroy(seat, ARMORY, ARMORY in g.players[seat].beautified)
    g.destroy(owner, action.arg, action.verb != "district")


_armory_available, _use_armory = district_in_a_city(
    ARMORY, "Armory: choose the city in which to destroy a district", "Armory: choose the district to destroy",
    armory_targets, armory_destroy)


for _ability in (Ability(LABORATORY, LABORATORY, _has_hand, _use_laboratory),
                 Ability(SMITHY, SMITHY, _smithy_available, _use_smithy),
                 Ability(MUSEUM, MUSEUM, _has_hand, _use_museum),
                 Ability(ARMORY, ARMORY, _armory_available, _use_armory)):
    add_district_ability(_ability)
