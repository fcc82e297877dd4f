"""The registries the rule modules fill and `game.Game` reads: the decisions a seat can be asked, and the abilities of
the turn menu.

They sit below the rules so that no rule module needs another one to be found: `characters` and `districts` register
their decisions and abilities here when imported, `turn` and `Game` look them up by key, and `game` imports every rule
module once, in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .actions import Action
    from .state import GameState, Turn

LegalFn = Callable[["GameState", Any], list["Action"]]
ApplyFn = Callable[["GameState", Any, "Action"], None]


class DecisionType(NamedTuple):
    """A kind of decision: `legal(g, data)` lists the answers, `apply(g, data, action)` plays one; `doc` says in
    plain words what is asked."""

    legal: LegalFn
    apply: ApplyFn
    doc: str


#: Every kind of decision by name (the `kind` of a `state.Frame`); the turn menu is `turn.menu_actions`.
DECISIONS: dict[str, DecisionType] = {}


def decision(kind: str, doc: str) -> Callable[[LegalFn], LegalFn]:
    """Register the legal-action function of a decision kind; its `apply` is registered with `.resolver`."""

    def register(legal: LegalFn) -> LegalFn:
        def resolver(apply: ApplyFn) -> ApplyFn:
            DECISIONS[kind] = DecisionType(legal, apply, doc)
            return apply

        legal.resolver = resolver  # type: ignore[attr-defined]
        return legal

    return register


class Ability(NamedTuple):
    """An ability of the turn menu: offered while `available(g, turn)` holds and `key` was not used this turn (each
    ability once per turn, §0.3); choosing it calls `use`, which acts at once or asks follow-up decisions."""

    id: str  # the menu action's argument (actions.ABILITY_IDS)
    key: str  # once-per-turn key (the Navigator's two options share one)
    available: Callable[[GameState, Turn], bool]
    use: Callable[[GameState, Turn], None]


#: The abilities of each character, in menu order (`characters`).
CHARACTER_ABILITIES: dict[str, tuple[Ability, ...]] = {}
#: The abilities of the unique districts usable in a turn, in menu order (`districts`).
DISTRICT_ABILITIES: dict[str, Ability] = {}
#: The ids of the district abilities, as a set for the hot turn menu (filled with DISTRICT_ABILITIES).
DISTRICT_ABILITY_IDS: set[str] = set()
#: Every ability of the turn menu by id.
ABILITY_BY_ID: dict[str, Ability] = {}


def add_character_ability(char: str, ability: Ability) -> None:
    CHARACTER_ABILITIES[char] = (*CHARACTER_ABILITIES.get(char, ()), ability)
    ABILITY_BY_ID[ability.id] = ability


def add_district_ability(ability: Ability) -> None:
    """The district's id is the ability's id: the ability is offered while the district is in the city."""
    DISTRICT_ABILITIES[ability.id] = ability
    DISTRICT_ABILITY_IDS.add(ability.id)
    ABILITY_BY_ID[ability.id] = ability
