"""The state of a game as plain data: every field declared here once, with its meaning, and the mechanics every
phase shares (hands, the deck, cities, events, the pending decisions).

`GameState` holds no rule of any character or district: the rule modules (`selection`, `turn`, `characters`,
`districts`, `scoring`, `knowledge`) read and change it, and `game.Game` drives them. Everything copies in a few
microseconds (lists of strings and ints, no deep copy): `clone()` is what search and determinization rely on.
`Player.hand_seen[i]` is a bitmask of the seats that know card `hand[i]` is in this hand (the holder always does): it
lets `knowledge` keep exactly what each seat saw (a Spy look, a card the Seer gave...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import MUSEUM, RANK, TAX_COLLECTOR
from .city import city_size
from .config import GameConfig, ResolvedConfig
from .events import CompletedFirst, Destroyed, Tax
from .limits import MAX_PLAYERS
from .rng import Rng

if TYPE_CHECKING:
    from .scoring import GameResult

#: The phases of a round (§3, §4) and the end of the game.
DRAFT, ACTION, END_ROUND, OVER = "draft", "action", "end_round", "over"
ALL = (1 << MAX_PLAYERS) - 1  # every seat's bit: a public event

#: Builds a named record from a full tuple without a Python-level constructor call (the hot paths use it).
_new = tuple.__new__

#: The modes a turn is played in (§5.2, the Witch): see `turn`.
NORMAL, BEWITCHED, WITCH_CASTING, WITCH_RESUMED = "normal", "bewitched", "witch_casting", "witch_resumed"


class Player:
    __slots__ = ("beautified", "chars", "city", "gold", "hand", "hand_seen", "museum", "museum_blind", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.gold = 0
        self.hand: list[str] = []
        self.hand_seen: list[int] = []
        self.city: list[str] = []
        #: Kinds of the beautified districts of the city (a multiset: the Quarry allows two of a kind).
        self.beautified: list[str] = []
        #: Cards face down under the Museum (identities known only to whoever put them there: the owner).
        self.museum: list[str] = []
        #: True when the Museum came from another city with its cards: its new owner never saw them.
        self.museum_blind = False
        #: Characters held this round (one, or two with 2-3 players).
        self.chars: list[str] = []

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat = self.seat
        p.gold = self.gold
        p.hand = self.hand[:]
        p.hand_seen = self.hand_seen[:]
        p.city = self.city[:]
        p.beautified = self.beautified[:]
        p.museum = self.museum[:]
        p.museum_blind = self.museum_blind
        p.chars = self.chars[:]
        return p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and all(getattr(self, k) == getattr(other, k) for k in Player.__slots__)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in Player.__slots__}


class Turn:
    """The turn being played: whose abilities (`char`) are used by which seat, and what was used already."""

    __slots__ = ("builds", "char", "gathered", "gold_spent", "limit", "mode", "paid_build_seen", "seat", "used")

    def __init__(self, seat: int, char: str, mode: str, limit: int) -> None:
        self.seat = seat
        self.char = char
        self.mode = mode
        self.gathered = mode == WITCH_RESUMED  # the Witch does not gather again when she resumes (§5.2)
        self.builds = 0  # districts built that count toward the limit
        self.limit = limit
        self.used: tuple[str, ...] = ()  # ability / district-effect keys used this turn
        self.gold_spent = 0  # gold paid to the bank for districts this turn (Alchemist)
        self.paid_build_seen = False  # the first paid build was offered to the Magistrate

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.seat, t.char, t.mode, t.gathered = self.seat, self.char, self.mode, self.gathered
        t.builds, t.limit, t.used = self.builds, self.limit, self.used
        t.gold_spent, t.paid_build_seen = self.gold_spent, self.paid_build_seen
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and all(getattr(self, k) == getattr(other, k) for k in Turn.__slots__)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in Turn.__slots__}


class Frame(NamedTuple):
    """A decision awaited: its `kind` (a key of `decisions.DECISIONS`), the `seat` that must answer, and its context
    `data` (the cards on offer, the target chosen so far...), whose shape each decision documents."""

    kind: str
    seat: int
    data: Any = None


class DraftStep(NamedTuple):
    """One step of the draft's script (`selection.draft_script`): what happens (`op`) and whose step it is."""

    op: str  # "keep" | "discard" (decisions) | "random_discard" | "take_facedown" | "final_discard"
    seat: int


class DraftSeen(NamedTuple):
    """What a seat saw at one step of the draft: the characters it was passed (`hand`) and the one it chose; `hand`
    is None for the face-down card the last player of 7/8 takes (`chosen`), and empty for a character dealt to it
    (the deal variant)."""

    step: int
    seat: int
    hand: tuple[str, ...] | None
    chosen: str | None


class TheaterUse(NamedTuple):
    """The Theater this round (§3.8): `state` "offered", "passed" or "swapped"; after a swap the two seats and the
    characters given and taken (a seat outside the swap sees only who swapped: `given` and `taken` are None)."""

    state: str
    owner: int
    other: int | None = None
    given: str | None = None
    taken: str | None = None


class GameState:
    """Every field of a game. Game-long fields are set by `__init__`; the fields of one round by `clear_round`, which
    `selection.start_round` calls each round. The fields are slots, so no other can be created by mistake; `clone()`
    and `__eq__` go through all of them."""

    __slots__ = (
        "actions",
        "bewitched",
        "blackmailer_seat",
        "cfg",
        "char_of_rank",
        "config",
        "crown",
        "deck",
        "draft_hand",
        "draft_index",
        "draft_seen",
        "draft_steps",
        "end_step",
        "events",
        "facedown",
        "faceup",
        "first_completer",
        "flower",
        "holder",
        "in_transit",
        "killed",
        "magistrate_seat",
        "max_rank",
        "outcome",
        "pending",
        "phase",
        "players",
        "protected_seat",
        "queen_seat",
        "rank4_seat",
        "rank_called",
        "revealed",
        "rng",
        "robbed",
        "robber_seat",
        "round",
        "seed",
        "signed",
        "tax_in_game",
        "tax_pot",
        "theater",
        "threats",
        "threats_open",
        "turn",
        "warrant_revealed",
        "warrants",
        "witch_seat",
    )

    def __init__(self, config: GameConfig, seed: int, cfg: ResolvedConfig, rng: Rng) -> None:
        # -- the game ---------------------------------------------------------------------------------------------------
        self.config = config  # as given by the user
        self.seed = seed
        self.cfg = cfg  # the config resolved for this seed: players, characters, unique districts, rulings...
        self.rng = rng  # every random draw of the game, in order
        self.deck: list[str] = []  # district cards face down; the top of the deck is the END of the list
        self.players = [Player(s) for s in range(cfg.players)]
        self.crown = cfg.crown_seat
        self.tax_pot = 0  # gold on the Tax Collector's token (§5.27)
        #: Cards out of every pile while a decision about them is pending: cards drawn to choose from, the district
        #: being paid for. Keeps "every card is somewhere" checkable at every step.
        self.in_transit: list[str] = []
        self.first_completer: int | None = None  # the first seat to complete its city (Q15)
        self.round = 0
        self.phase = DRAFT
        self.turn: Turn | None = None  # the turn being played in the action phase
        self.pending: list[Frame] = []  # the decisions awaited, the top one last
        self.events: list[tuple[int, tuple]] = []  # (bitmask of the seats who see it, event from `events`)
        self.actions: list = []  # every action applied, in order (a record replays them)
        self.outcome: GameResult | None = None  # the final scores, once the game is over
        self.tax_in_game = TAX_COLLECTOR in cfg.characters
        self.char_of_rank = {RANK[c]: c for c in cfg.characters}
        self.max_rank = max(self.char_of_rank)
        self.clear_round()

    def clear_round(self) -> None:
        """Declare (and reset) the fields that last one round."""
        for p in self.players:
            p.chars = []
        # -- selection (§3) -----------------------------------------------------------------------------------------
        self.faceup: list[str] = []  # characters discarded face up
        self.facedown: list[str] = []  # characters discarded face down (the first one before the draft, Q28)
        self.draft_hand: list[str] = []  # the characters being passed round
        self.draft_steps: tuple[DraftStep, ...] = ()  # the draft as a script: `selection.draft_script`
        self.draft_index = 0  # the next step of the script; -1 once the draft is over
        self.draft_seen: list[DraftSeen] = []  # exactly what each seat saw of the draft
        self.holder: dict[str, int] = {}  # character -> the seat that holds it
        self.theater: TheaterUse | None = None  # the Theater's use this round, once offered
        # -- the action phase (§4) ----------------------------------------------------------------------------------
        self.revealed: dict[str, int] = {}  # character -> seat, in the order they were revealed
        self.rank_called = 0  # the last rank called
        self.killed: str | None = None  # the Assassin's target
        self.robbed: str | None = None  # the Thief's target
        self.robber_seat: int | None = None
        self.bewitched: str | None = None  # the Witch's target
        self.witch_seat: int | None = None
        self.warrants: tuple[str, ...] = ()  # the Magistrate's three warrants, by rank
        self.signed: str | None = None  # the character under the signed warrant
        self.magistrate_seat: int | None = None
        self.warrant_revealed = False
        self.threats: tuple[str, ...] = ()  # the Blackmailer's two threats, by rank
        self.flower: str | None = None  # the character under the flower threat
        self.blackmailer_seat: int | None = None
        self.threats_open: tuple[str, ...] = ()  # threats not yet resolved
        self.protected_seat: int | None = None  # the Bishop's seat, out of reach of rank 8 (Q3)
        self.rank4_seat: int | None = None  # the seat that revealed the rank-4 character (the Queen)
        self.queen_seat: int | None = None
        self.end_step = 0  # the next step of the end of the round (§4.9)

    # -- copies -------------------------------------------------------------------------------------------------------
    def clone(self):
        """An independent copy (no deepcopy: every container is copied at its own level; see `_clone`)."""
        return _clone(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in FIELDS if k != "rng") and \
            self.rng.state == other.rng.state

    __hash__ = None  # type: ignore[assignment]

    # -- events and decisions -----------------------------------------------------------------------------------------
    def event(self, record: type, fields: tuple, seen_by: int = ALL) -> None:
        """Log an event: `record` is its class in `events`, `fields` the tuple of its fields after the kind, `seen_by`
        the bitmask of the seats that see it. (The record is built here, not by calling its class: this is on the hot
        path, and a Python-level constructor would cost more than the rest of the logging.)"""
        self.events.append((seen_by, _new(record, record.PREFIX + fields)))

    def push(self, kind: str, seat: int, data: Any = None) -> None:
        """Await a decision of `seat` (it goes on top of the ones already awaited)."""
        self.pending.append(_new(Frame, (kind, seat, data)))

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
        if hand.count(card) > 1 and not _known_alike(hand, seen, card, seen[i]):
            # take the best-known copy, then keep each seat's count of known copies right
            i = max((j for j, c in enumerate(hand) if c == card), key=lambda j: bin(seen[j]).count("1"))
            knew = [sum(1 for j, c in enumerate(hand) if c == card and seen[j] >> o & 1) for o in range(MAX_PLAYERS)]
            del hand[i], seen[i]
            for o in range(MAX_PLAYERS):
                if not shown_to >> o & 1:
                    continue
                extra = sum(1 for j, c in enumerate(hand) if c == card and seen[j] >> o & 1) - max(knew[o] - 1, 0)
                for j, c in enumerate(hand):
                    if extra <= 0:
                        break
                    if c == card and seen[j] >> o & 1 and o != seat:
                        seen[j] &= ~(1 << o)
                        extra -= 1
        else:  # one copy, or copies every seat knows alike: the first goes, and no seat's count of known copies moves
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
        """Districts toward completion (`city.city_size`: the Monument counts as 2)."""
        return city_size(self.players[seat].city)

    def is_completed(self, seat: int) -> bool:
        return city_size(self.players[seat].city) >= self.cfg.completion_size

    def check_completion(self, seat: int) -> None:
        """Q15: the first completion ever triggers the end of the game, irrevocably."""
        if self.first_completer is None and self.is_completed(seat):
            self.first_completer = seat
            self.event(CompletedFirst, (seat,))

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
        if kind == MUSEUM:
            moved, p.museum, p.museum_blind = p.museum, [], False
        return moved

    def destroy(self, seat: int, kind: str, beautified: bool) -> None:
        """§1.2 Destroy: the district goes face down to the bottom of the deck; Museum cards follow it; the Artist's
        gold returns to the bank (Q16)."""
        for c in self.remove_from_city(seat, kind, beautified):
            self.to_bottom(c)
        self.to_bottom(kind)
        self.event(Destroyed, (seat, kind))

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

    # -- gold ---------------------------------------------------------------------------------------------------------
    def pay_tax(self, seat: int) -> None:
        """§5.27: after each district built, 1 gold onto the Tax Collector's token, unless the builder has none left
        or is playing the Tax Collector's own turn (Q18)."""
        if not self.tax_in_game:
            return
        t = self.turn
        if t is not None and t.char == TAX_COLLECTOR and t.seat == seat:
            return
        p = self.players[seat]
        if p.gold > 0:
            p.gold -= 1
            self.tax_pot += 1
            self.event(Tax, (seat,))


def _known_alike(hand: list[str], seen: list[int], card: str, mask: int) -> bool:
    """Whether every copy of `card` in the hand is known to the same seats (`mask`): then `take`'s adjustment of
    what each seat knows is a no-op (a quick test: duplicates in a hand are common, the adjustment is not)."""
    for c, m in zip(hand, seen):  # noqa: SIM110  (a plain loop: `all` over a generator costs more here)
        if c == card and m != mask:
            return False
    return True


FIELDS: tuple[str, ...] = GameState.__slots__
#: How `clone` copies each field that is not immutable (the others are shared: strings, ints, tuples, None, the
#: frozen config).
_COPY = {"rng": "{}.copy()", "players": "[p.copy() for p in {}]", "turn": "None if {0} is None else {0}.copy()",
         "holder": "{}.copy()", "revealed": "{}.copy()"}
for _name in ("deck", "in_transit", "pending", "events", "actions", "faceup", "facedown", "draft_hand", "draft_seen"):
    _COPY[_name] = "{}[:]"


def _make_clone():
    """`clone` as straight-line code over the slots (a loop of getattr/setattr would cost several times more)."""
    lines = ["def _clone(self):", "    g = _alloc(type(self))"]
    lines += [f"    g.{f} = " + _COPY.get(f, "{}").format(f"self.{f}") for f in FIELDS]
    lines.append("    return g")
    namespace = {"_alloc": object.__new__}
    exec("\n".join(lines), namespace)
    return namespace["_clone"]


_clone = _make_clone()
