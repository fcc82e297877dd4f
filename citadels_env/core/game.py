"""The game: the façade that drives the rules over the state, and the decision API.

Flow: the core runs every automatic step itself and stops whenever a seat must choose. The choice awaited is the top
frame of `pending` (a `state.Frame`), or, when nothing is pending during a turn, the turn menu (gather / build / use an
ability / end the turn). `legal_actions()` lists every legal answer; `apply()` checks the answer against that list
before touching anything, so an illegal action leaves the game unchanged.

The layers of the core, each importing only those below it:
  cards, actions, limits, config, rng   the card data and plain values
  city, events, state                   pure facts about a city, the event records, the state and its mechanics
  decisions                             the registries of decisions and abilities
  selection (§3), turn (§4), characters (§5), districts (§6), scoring (§7), knowledge (§10 Q36)   the rules
  game                                  this façade: it imports every rule module, so their registrations are made
"""

from __future__ import annotations

from typing import Any, NoReturn

from . import characters, districts, knowledge, selection, turn  # noqa: F401  (they register their decisions)
from .actions import Action, IllegalActionError
from .cards import base_deck
from .config import GameConfig
from .decisions import DECISIONS
from .events import Setup
from .limits import START_GOLD, START_HAND
from .rng import Rng
from .state import ACTION, ALL, DRAFT, END_ROUND, OVER, GameState

#: The exact types an action's argument may have (bool, float and the other types that compare equal to an int are
#: refused: see `Game.apply`).
_ARG_TYPES = (str, int, type(None))


class Game(GameState):
    """One game of Citadels. See the module docstring; the public API is documented in docs/CORE.md."""

    __slots__ = ()

    def __init__(self, config: GameConfig | None = None, seed: int = 0) -> None:
        config = config if config is not None else GameConfig()
        rng = Rng(seed)
        super().__init__(config, seed, config.resolve(rng), rng)
        self.deck = base_deck() + list(self.cfg.unique_districts)
        rng.shuffle(self.deck)  # the top of the deck is the END of the list
        for p in self.players:  # §3.3: 4 cards and 2 gold each
            for _ in range(START_HAND):
                self.give(p.seat, self.deck.pop(), 0)
            p.gold = START_GOLD
        self.event(Setup, (self.cfg.players, self.cfg.characters, self.cfg.unique_districts, self.crown))
        selection.start_round(self)
        self.advance()

    # -- public API ---------------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.cfg.players

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None when the game is over."""
        if self.pending:
            return self.pending[-1][1]  # the Frame's seat (by index: asked at every step)
        return None if self.turn is None else self.turn.seat

    @property
    def decision_kind(self) -> str | None:
        """Name of the decision awaited ("turn" for the turn menu), None when the game is over."""
        if self.pending:
            return self.pending[-1].kind
        return None if self.turn is None else "turn"

    @property
    def decision_data(self) -> Any:
        """The context of the decision awaited (the cards on offer, the target chosen so far...)."""
        return self.pending[-1].data if self.pending else None

    def legal_actions(self) -> list[Action]:
        """Every legal choice of `current_player` now; never empty while the game runs."""
        if self.pending:
            kind, _, data = self.pending[-1]
            return DECISIONS[kind].legal(self, data)
        if self.turn is not None:
            return turn.menu_actions(self)
        return []

    def apply(self, action: Action) -> None:
        """Play `action` for `current_player`. Raises IllegalActionError (game unchanged) if it is not legal.

        The verb must be a `str` and the argument a `str`, an `int` or None, by exact type: `==` alone would take
        `2.0` or `True` for the seat 2 or 1 and record an action that does not replay. Among those three types no value
        of one equals a value of another, so the membership test that follows compares like with like."""
        if self.phase == OVER:
            raise IllegalActionError(f"the game is over; cannot apply {action!r}")
        if type(action) is not Action:
            if not isinstance(action, tuple) or len(action) != 2:
                self._refuse(action, "malformed, expected Action(verb, arg)")
            action = Action(*action)
        if type(action[0]) is not str or type(action[1]) not in _ARG_TYPES:
            part, value = ("verb", action[0]) if type(action[0]) is not str else ("argument", action[1])
            self._refuse(action, f"its {part} is a {type(value).__name__}; a verb is a str and an argument a str, "
                                 "an int or None")
        pending = self.pending
        if pending:
            kind, _, data = pending[-1]
            if action not in DECISIONS[kind].legal(self, data):
                self._refuse(action)
        elif not turn.menu_allows(self, action):  # cheaper than listing the whole menu
            self._refuse(action)
        self.apply_legal(action)

    def apply_legal(self, action: Action) -> None:
        """Play `action`, which the caller took from `legal_actions()` of this very state, without checking it a
        second time (the environment checks it against the mask it built from that list). Anything else corrupts
        the game: use `apply`."""
        self.actions.append(action)
        pending = self.pending
        if pending:
            kind, _, data = pending.pop()
            DECISIONS[kind].apply(self, data, action)
        else:
            turn.apply_menu(self, action)
        self.advance()

    def _refuse(self, action: object, why: str = "") -> NoReturn:
        legal = self.legal_actions()
        if not why:  # "player:2" with the seat as a str prints like the legal action: say what differs
            like = next((a for a in legal if str(a) == str(action)), None)
            if like is not None:
                why = f"its argument is a {type(action[1]).__name__}, not a {type(like.arg).__name__}"
        shown = ", ".join(str(a) for a in legal[:40]) + (" ..." if len(legal) > 40 else "")
        what = f"{action!r} is not legal: {why}" if why else f"{action} is not legal"
        raise IllegalActionError(f"decision {self.decision_kind!r} of seat {self.current_player}: {what} "
                                 f"(legal: {shown})")

    def result(self):
        """The final scores, breakdowns and ranking (a `scoring.GameResult`); None until the game is over."""
        return self.outcome

    def view(self, seat: int):
        """What `seat` may know, and nothing else (§10 Q36). See `knowledge.PlayerView`."""
        return knowledge.make_view(self, seat)

    def determinize(self, seat: int, rng: Rng | int | None = None) -> Game:
        """A copy where everything `seat` cannot see is re-sampled consistently with what it saw."""
        return knowledge.determinize(self, seat, rng)

    def public_log(self) -> list[tuple]:
        return [e for m, e in self.events if m == ALL]

    # -- the automatic flow -------------------------------------------------------------------------------------------
    def advance(self) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        while not self.pending:
            phase = self.phase
            if phase == ACTION:
                if self.turn is not None:
                    return
                turn.call_next_rank(self)
            elif phase == DRAFT:
                selection.step(self)
            elif phase == END_ROUND:
                turn.end_of_round_step(self)
            else:
                return
