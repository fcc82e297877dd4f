"""The game: state, the decision API, and the mechanics shared by every phase.

Flow: the core runs every automatic step itself and stops whenever a seat must choose. The choice awaited is the top
frame of `pending` (a tuple `(kind, seat, data)`), or, when nothing is pending during a turn, the turn menu
(gather / build / use an ability / end the turn). `legal_actions()` lists every legal answer; `apply()` checks the
answer against that list before touching anything, so an illegal action leaves the game unchanged.

The phases live in their own modules, each written in the rulebook's order: `selection` (§3), `turn` (§4),
`characters` (§5), `districts` (§6), `scoring` (§7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, IllegalActionError
from .cards import RANK, TYPE, base_deck
from .config import GameConfig, ResolvedConfig
from .rng import Rng
from .state import Player, Turn

DRAFT, ACTION, END_ROUND, OVER = "draft", "action", "end_round", "over"
ALL = (1 << 8) - 1  # every seat's bit: a public event

Frame = tuple  # (kind: str, seat: int, data: Any)
LegalFn = Callable[["Game", Any], list[Action]]
ApplyFn = Callable[["Game", Any, Action], None]
DECISIONS: dict[str, tuple[LegalFn, ApplyFn, str]] = {}


def decision(kind: str, doc: str) -> Callable[[LegalFn], LegalFn]:
    """Register the legal-action function of a decision kind; its `apply` is registered with `.resolver`."""

    def register(legal: LegalFn) -> LegalFn:
        def resolver(apply: ApplyFn) -> ApplyFn:
            DECISIONS[kind] = (legal, apply, doc)
            return apply

        legal.resolver = resolver  # type: ignore[attr-defined]
        return legal

    return register


class Game:
    """One game of Citadels. See the module docstring; the public API is documented in docs/CORE.md."""

    def __init__(self, config: GameConfig | None = None, seed: int = 0) -> None:
        self.config = config if config is not None else GameConfig()
        self.seed = seed
        rng = Rng(seed)
        self.cfg: ResolvedConfig = self.config.resolve(rng)
        n = self.cfg.players
        self.rng = rng
        self.deck: list[str] = base_deck() + list(self.cfg.unique_districts)
        rng.shuffle(self.deck)  # the top of the deck is the END of the list
        self.players = [Player(s) for s in range(n)]
        for p in self.players:  # §3.3: 4 cards and 2 gold each
            for _ in range(4):
                self.give(p.seat, self.deck.pop(), 0)
            p.gold = 2
        self.crown = self.cfg.crown_seat
        self.tax_pot = 0
        #: Cards out of every pile while a decision about them is pending: cards drawn to choose from, the district
        #: being paid for. Keeps "every card is somewhere" checkable at every step.
        self.in_transit: list[str] = []
        self.first_completer: int | None = None
        self.round = 0
        self.phase = DRAFT
        self.turn: Turn | None = None
        self.pending: list[Frame] = []
        self.events: list[tuple[int, tuple]] = []  # (bitmask of seats who see it, event)
        self.actions: list[Action] = []
        self._result = None
        self.tax_in_game = "tax_collector" in self.cfg.characters
        self.char_of_rank = {RANK[c]: c for c in self.cfg.characters}
        self.max_rank = max(self.char_of_rank)
        self.event(("setup", n, self.cfg.characters, self.cfg.unique_districts, self.crown))
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
            return self.pending[-1][1]
        return None if self.turn is None else self.turn.seat

    @property
    def decision_kind(self) -> str | None:
        """Name of the decision awaited ("turn" for the turn menu), None when the game is over."""
        if self.pending:
            return self.pending[-1][0]
        return None if self.turn is None else "turn"

    @property
    def decision_data(self) -> Any:
        """The context of the decision awaited (the cards on offer, the target chosen so far...)."""
        return self.pending[-1][2] if self.pending else None

    def legal_actions(self) -> list[Action]:
        """Every legal choice of `current_player` now; never empty while the game runs."""
        if self.pending:
            kind, _, data = self.pending[-1]
            return DECISIONS[kind][0](self, data)
        if self.turn is not None:
            return turn.menu_actions(self)
        return []

    def apply(self, action: Action) -> None:
        """Play `action` for `current_player`. Raises IllegalActionError (game unchanged) if it is not legal."""
        if self.phase == OVER:
            raise IllegalActionError(f"the game is over; cannot apply {action!r}")
        if type(action) is not Action:
            if not isinstance(action, tuple) or len(action) != 2:
                raise IllegalActionError(f"malformed action {action!r}: expected Action(verb, arg)")
            action = Action(*action)
        pending = self.pending
        if pending:
            kind, _, data = pending[-1]
            if action not in DECISIONS[kind][0](self, data):
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
            DECISIONS[kind][1](self, data, action)
        else:
            turn.apply_menu(self, action)
        self.advance()

    def _refuse(self, action: Action) -> None:
        legal = self.legal_actions()
        shown = ", ".join(str(a) for a in legal[:40]) + (" ..." if len(legal) > 40 else "")
        raise IllegalActionError(f"decision {self.decision_kind!r} of seat {self.current_player}: {action} is not "
                                 f"legal (legal: {shown})")

    def result(self):
        """The final scores, breakdowns and ranking (a `scoring.GameResult`); None until the game is over."""
        return self._result

    def clone(self) -> Game:
        """An independent copy (no deepcopy: every container is copied at its own level)."""
        g = Game.__new__(Game)
        d = self.__dict__.copy()
        d["rng"] = self.rng.copy()
        d["deck"] = self.deck[:]
        d["in_transit"] = self.in_transit[:]
        d["players"] = [p.copy() for p in self.players]
        d["pending"] = self.pending[:]
        d["events"] = self.events[:]
        d["actions"] = self.actions[:]
        d["faceup"] = self.faceup[:]
        d["facedown"] = self.facedown[:]
        d["draft_hand"] = self.draft_hand[:]
        d["draft_seen"] = self.draft_seen[:]
        d["holder"] = self.holder.copy()
        d["revealed"] = self.revealed.copy()
        if self.turn is not None:
            d["turn"] = self.turn.copy()
        g.__dict__ = d
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        a, b = self.__dict__, other.__dict__
        if a.keys() != b.keys():
            return False
        return all((k == "rng" and a[k].state == b[k].state) or a[k] == b[k] for k in a)

    __hash__ = None  # type: ignore[assignment]

    def view(self, seat: int):
        """What `seat` may know, and nothing else (§10 Q36). See `knowledge.PlayerView`."""
        return knowledge.make_view(self, seat)

    def determinize(self, seat: int, rng: Rng | int | None = None) -> Game:
        """A copy where everything `seat` cannot see is re-sampled consistently with what it saw."""
        return knowledge.determinize(self, seat, rng)

    def public_log(self) -> list[tuple]:
        return [e for m, e in self.events if m == ALL]

    # -- events -------------------------------------------------------------------------------------------------------
    def event(self, ev: tuple, seen_by: int = ALL) -> None:
        self.events.append((seen_by, ev))

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

    def push(self, kind: str, seat: int, data: Any = None) -> None:
        self.pending.append((kind, seat, data))

    # -- hands (every change goes through here, to keep `hand_seen` right) -------------------------------------------
    def give(self, seat: int, card: str, seen_by: int) -> None:
        p = self.players[seat]
        p.hand.append(card)
        p.hand_seen.append(seen_by | (1 << seat))

    def take(self, seat: int, card: str, shown_to: int) -> None:
        """Remove one `card` from `seat`'s hand. Seats outside `shown_to` do not see which card left: they forget
        what they knew of that hand. With shown_to=ALL (a build), the card is public."""
        p = self.players[seat]
        hand, seen = p.hand, p.hand_seen
        i = hand.index(card)
        if hand.count(card) > 1:  # take the best-known copy, then keep each seat's count of known copies right
            i = max((j for j, c in enumerate(hand) if c == card), key=lambda j: bin(seen[j]).count("1"))
            knew = [sum(1 for j, c in enumerate(hand) if c == card and seen[j] >> o & 1) for o in range(8)]
            del hand[i], seen[i]
            for o in range(8):
                if not shown_to >> o & 1:
                    continue
                extra = sum(1 for j, c in enumerate(hand) if c == card and seen[j] >> o & 1) - max(knew[o] - 1, 0)
                for j, c in enumerate(hand):
                    if extra <= 0:
                        break
                    if c == card and seen[j] >> o & 1 and o != seat:
                        seen[j] &= ~(1 << o)
                        extra -= 1
        else:
            del hand[i], seen[i]
        if shown_to != ALL:
            keep = shown_to | (1 << seat)
            for j in range(len(seen)):
                seen[j] &= keep

    def draw(self, n: int) -> list[str]:
        """Take up to n cards from the top of the deck (fewer if it runs out: Q14)."""
        deck = self.deck
        k = min(n, len(deck))
        if k == 0:
            return []
        drawn = deck[-k:]
        del deck[-k:]
        drawn.reverse()
        return drawn

    def draw_to_hand(self, seat: int, n: int) -> list[str]:
        drawn = self.draw(n)
        for c in drawn:
            self.give(seat, c, 0)
        return drawn

    def to_bottom(self, card: str) -> None:
        self.deck.insert(0, card)

    # -- cities -------------------------------------------------------------------------------------------------------
    def district_card_count(self) -> int:
        """Every district card of the game is in exactly one place: this always equals 54 + unique districts."""
        n = len(self.deck) + len(self.in_transit)
        for p in self.players:
            n += len(p.hand) + len(p.city) + len(p.museum)
        return n

    def city_size(self, seat: int) -> int:
        """Districts toward completion: the Monument counts as 2 (§2.4)."""
        city = self.players[seat].city
        return len(city) + ("monument" in city)

    def is_completed(self, seat: int) -> bool:
        return self.city_size(seat) >= self.cfg.completion_size

    def check_completion(self, seat: int) -> None:
        """Q15: the first completion ever triggers the end of the game, irrevocably."""
        if self.first_completer is None and self.is_completed(seat):
            self.first_completer = seat
            self.event(("completed_first", seat))

    def add_to_city(self, seat: int, kind: str, beautified: bool = False, museum: list[str] | None = None) -> None:
        p = self.players[seat]
        p.city.append(kind)
        if beautified:
            p.beautified.append(kind)
        if museum:  # a Museum moved with its cards (Diplomat, Marshal): they stay face down
            p.museum = museum
            p.museum_blind = True
        self.check_completion(seat)

    def remove_from_city(self, seat: int, kind: str, beautified: bool) -> list[str]:
        """Take a district out of a city; returns the Museum's cards if it was the Museum (they travel with it)."""
        p = self.players[seat]
        p.city.remove(kind)
        if beautified:
            p.beautified.remove(kind)
        moved: list[str] = []
        if kind == "museum":
            moved, p.museum, p.museum_blind = p.museum, [], False
        return moved

    def destroy(self, seat: int, kind: str, beautified: bool) -> None:
        """§1.2 Destroy: the district goes face down to the bottom of the deck; Museum cards follow it; the Artist's
        gold returns to the bank (Q16)."""
        for c in self.remove_from_city(seat, kind, beautified):
            self.to_bottom(c)
        self.to_bottom(kind)
        self.event(("destroyed", seat, kind))

    def city_entries(self, seat: int) -> list[tuple[str, bool]]:
        """Distinct (kind, beautified) districts of a city: the targets an ability can name."""
        p = self.players[seat]
        out = []
        plain_seen = set()
        for kind in p.city:
            if kind in plain_seen:
                continue
            n_b = p.beautified.count(kind) if p.beautified else 0
            n = p.city.count(kind) if n_b else 1
            if n > n_b:
                out.append((kind, False))
            if n_b:
                out.append((kind, True))
            plain_seen.add(kind)
        return out

    def count_type(self, seat: int, district_type: str) -> int:
        """Districts of a type for a resource ability; the School of Magic counts as that type (§4.5)."""
        city = self.players[seat].city
        n = sum(1 for k in city if TYPE[k] == district_type)
        if district_type != "unique" and "school_of_magic" in city:
            n += 1
        return n

    # -- gold ---------------------------------------------------------------------------------------------------------
    def pay_tax(self, seat: int) -> None:
        """§5.27: after each district built, 1 gold onto the Tax Collector's token, unless the builder has none left
        or is playing the Tax Collector's own turn (Q18)."""
        if not self.tax_in_game:
            return
        t = self.turn
        if t is not None and t.char == "tax_collector" and t.seat == seat:
            return
        p = self.players[seat]
        if p.gold > 0:
            p.gold -= 1
            self.tax_pot += 1
            self.event(("tax", seat))


# The phases use Game and `decision`: import them once both exist (turn imports characters and districts).
from . import knowledge, selection, turn  # noqa: E402
