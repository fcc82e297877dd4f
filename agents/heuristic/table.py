"""What one decision lets a seat read: `Table`, the facts of the seat's `PlayerView` read once per decision
(scores, progress, what a district is worth to me), the public score and round events of a view, the
character value of a seat as the table shows it (`character_value`), and the two small choosers every
policy here uses (`best_of`, `first_of`).

The bots never look at the hidden game, only at this; the rollout policy, which plays on a full game, shares
the choosers only."""

from __future__ import annotations

from citadels_env.core.cards import (
    BASILICA,
    CAPITOL,
    CHARACTERS,
    COST,
    GREAT_WALL,
    HAUNTED_QUARTER,
    IMPERIAL_TREASURY,
    IVORY_TOWER,
    MAP_ROOM,
    MONUMENT,
    QUARRY,
    SECRET_VAULT,
    TYPE,
    WISHING_WELL,
)
from citadels_env.core.city import city_size, may_enter
from citadels_env.core.knowledge import PlayerView
from citadels_env.core.scoring import public_breakdown

from .values import ECONOMY, TYPES, UNIQUE_EXTRA, char_value


def best_of(legal, key):
    """The legal action maximising `key` (the first one on ties: deterministic)."""
    best, best_v = legal[0], None
    for a in legal:
        v = key(a)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def first_of(options, pred):
    """The first of `options` satisfying `pred`, else None. Actions are never falsy, so `first_of(...) or
    fallback` evaluates the fallback (maybe an rng draw) only when nothing matched."""
    for a in options:
        if pred(a):
            return a
    return None


# ============================================================================================================
# What one decision lets a seat read
# ============================================================================================================
class Table:
    """The facts a decision needs, read once from the seat's `PlayerView` (never from the hidden game)."""

    __slots__ = ("_est", "_scores", "char", "chars", "city", "final", "gold", "hand", "me", "n", "players",
                 "seat", "size", "turn", "types", "view", "wall_self")

    def __init__(self, view: PlayerView, wall_self: bool = False) -> None:
        self.view = view
        self.wall_self = wall_self  # ruling Q20: the Great Wall also protects itself
        self.seat = s = view.seat
        self.n = view.num_players
        self.players = view.players
        self.me = me = view.players[s]
        self.gold = me.gold
        self.hand = list(view.hand)
        self.city = me.city
        self.chars = view.my_characters
        t = view.turn
        self.turn = t if t is not None and t["seat"] == s else None
        self.char = self.turn["char"] if self.turn is not None else None
        self.size = view.completion_size
        self.final = view.first_completer is not None
        self.types = {TYPE[k] for k in me.city}
        self._scores = None
        self._est = None

    # -- public facts about any seat -------------------------------------------------------------------------
    def count(self, seat: int) -> int:
        """Districts toward completion (the Monument counts as 2)."""
        city = self.players[seat].city
        return city_size(city)

    def left(self, seat: int) -> int:
        """Districts still missing to complete that city."""
        return max(0, self.size - self.count(seat))

    def score(self, seat: int) -> float:
        """The visible score of a city now (districts, beautified, all types, completion, scoring
        districts)."""
        if self._scores is None:
            self._scores = [visible_score(self.view, p.seat) for p in self.players]
        return self._scores[seat]

    def estimate(self, seat: int) -> float:
        """Score plus what the seat's resources and progress are worth: who is really ahead."""
        if self._est is None:
            self._est = [self.score(p.seat) + 0.4 * p.gold + 0.6 * min(p.hand_size, 4)
                         + 1.0 * self.count(p.seat) for p in self.players]
        return self._est[seat]

    def others(self) -> list[int]:
        """The other seats, clockwise from my left."""
        n, s = self.n, self.seat
        return [(s + i) % n for i in range(1, n)]

    def leader(self, estimate: bool = False) -> int:
        """The opponent who leads (by visible score, ties by more districts)."""
        f = self.estimate if estimate else self.score
        return max(self.others(), key=lambda s: (f(s), self.count(s), -s))

    def protected(self) -> int | None:
        """The seat out of reach of rank-8 abilities this round, as the core says (the Bishop's: Q3)."""
        return self.view.protected_seat

    def rank8_victims(self):
        """(seat, player, whether his Great Wall raises the price) of each opponent whose city the rank-8
        abilities can reach: not protected by the Bishop, not complete."""
        for s in self.others():
            if self.protected() == s or self.count(s) >= self.size:
                continue
            p = self.players[s]
            yield s, p, GREAT_WALL in p.city

    # -- my districts ----------------------------------------------------------------------------------------
    def can_place(self, kind: str) -> bool:
        """Whether the district could ever enter my city (no duplicate without a Quarry; never the Secret
        Vault)."""
        return may_enter(self.city, kind)

    def missing_type_bonus(self, kind: str) -> float:
        """Part of the +3 for five types that this district brings (all of it when it is the last type)."""
        t = TYPE[kind]
        if t in self.types:
            return 0.0
        have = len(self.types) + (HAUNTED_QUARTER in self.city and len(self.types) < 5)
        missing = max(1, 5 - have)
        return 3.0 / missing * (0.6 if missing > 2 else 1.0)

    def district_value(self, kind: str) -> float:
        """What building `kind` is worth to me in points (cost, types, unique effects), or -1 if useless."""
        if not self.can_place(kind):
            return 3.0 if kind == SECRET_VAULT else -1.0
        v = COST[kind] + self.missing_type_bonus(kind)
        if TYPE[kind] == "unique":
            extra = UNIQUE_EXTRA.get(kind, 0.0)
            if kind in ECONOMY:
                extra *= self.time_left()
            v += extra + self.dynamic_unique(kind)
            if IVORY_TOWER in self.city:
                v -= 5.0  # a second unique district spoils the Ivory Tower
            if WISHING_WELL in self.city:
                v += 1.0
        if BASILICA in self.city and COST[kind] % 2:
            v += 1.0
        if self.char is not None and CHARACTERS[self.char].income_type == TYPE[kind]:
            v += 0.6  # pays again this very turn
        return v

    def dynamic_unique(self, kind: str) -> float:
        """Unique-district points that depend on my city, gold and hand now."""
        city = self.city
        if kind == IVORY_TOWER:
            return 5.0 if not any(TYPE[k] == "unique" for k in city) else 0.0
        if kind == WISHING_WELL:
            return float(sum(1 for k in city if TYPE[k] == "unique"))
        if kind == BASILICA:
            return float(sum(1 for k in city if COST[k] % 2))
        if kind == CAPITOL:
            counts = [sum(1 for k in city if TYPE[k] == t) for t in TYPES]
            return 3.0 if max(counts, default=0) >= 3 else (1.5 if max(counts, default=0) == 2 else 0.0)
        if kind == MONUMENT:
            return 2.0 if self.left(self.seat) <= 4 else 1.0
        if kind == IMPERIAL_TREASURY:
            return min(self.gold, 4) * 0.3
        if kind == MAP_ROOM:
            return min(len(self.hand), 4) * 0.3
        return 0.0

    def time_left(self) -> float:
        """Rough share of the game still to play (1 at the start, 0 in the last round)."""
        if self.final:
            return 0.0
        most = max(self.count(p.seat) for p in self.players)
        return max(0.0, min(1.0, (self.size - most - 1) / 5))

    def useful(self) -> list[str]:
        """Cards of my hand I could build some day."""
        return [c for c in self.hand if self.can_place(c)]

    def card_keep_value(self, kind: str) -> float:
        """Worth of holding a card: its build value, less when it is far out of reach of my gold."""
        v = self.district_value(kind)
        if v < 0:
            return v
        if kind in self.hand and QUARRY not in self.city:
            v -= 2.0  # a second copy in hand: only one can be built
        gap = COST[kind] - self.gold - 2
        if gap > 0:
            v -= 0.5 * gap * (1.5 if self.time_left() < 0.4 else 1.0)
        return v

    def worst_cards(self) -> list[str]:
        """My hand, least useful card first (what to discard, give away or pay with)."""
        return sorted(self.hand, key=lambda c: (self.card_keep_value(c), c))


def visible_score(view: PlayerView, seat: int) -> float:
    """Points of a city now, as every seat can count them: the core's `scoring.public_breakdown`."""
    return public_breakdown(view, seat)["total"]


def round_events(view: PlayerView) -> list[tuple]:
    """The events of the current round that this seat saw."""
    out = []
    for e in reversed(view.events):
        if e.kind == "round":
            break
        out.append(e)
    out.reverse()
    return out


def character_value(tb: Table, char: str, seat: int, hand: list[str] | None = None) -> float:
    """Gold-equivalent of playing `char` this round for `seat`, from what everybody sees (its city, gold,
    hand size); `hand` refines it for the bot's own seat. This is both the bot's draft score and its model
    of opponents."""
    p = tb.players[seat]
    if hand is not None:
        cheap = sorted(COST[c] for c in hand if tb.can_place(c))
    else:
        cheap = [3] * min(p.hand_size, 3)
    richest = most_cards = 0
    for o in tb.players:
        if o.seat != seat:
            richest = max(richest, o.gold)
            most_cards = max(most_cards, o.hand_size)
    return char_value(char, p.city, p.gold, p.hand_size, cheap, tb.n, richest, most_cards, tb.view.tax_pot,
                      tb.size)
