"""Rule-based Citadels bots, written from the game's usual strategy, plus a fast rollout policy for tree
search.

* `HeuristicAgent` ("heuristic", the basic tier): a sound economy (gold or cards depending on the hand),
  builds the most valuable affordable district (new types, its character's income type, useful unique
  districts), drafts the character that pays most for its city, kills and robs characters that are probably
  strong, and its Warlord knocks the leader's cheapest district down.
* `StrongHeuristicAgent` ("heuristic-strong"): the same, plus a model of who holds which character (face-up
  discards, the hands it saw in the draft, who picks before and after it, what each player probably wants),
  targets by expected gain, completion timing (rush when ahead, do not end a game it would lose), blocking
  a player about to complete, and a sensible use of the active unique districts.
* `rollout_action(game, rng)`: the basic policy on a full `Game` (a determinized sample), for search
  rollouts.

The agents read only their `Decision`: the seat's `PlayerView`, the legal actions, the kind and the config.
Every handler returns one of `decision.legal`; a kind without an opinion falls back to a reasonable
default."""

from __future__ import annotations

import math
import random

from citadels_env.core import Action, Game, GameConfig
from citadels_env.core.actions import A_NO, A_PASS, A_PLAYER, A_YES, END, GATHER_CARDS, GATHER_GOLD
from citadels_env.core.cards import CHARACTERS, COST, DISTRICTS, RANK, TYPE
from citadels_env.core.knowledge import PlayerView

from .base import Agent, Decision

TYPES = ("noble", "religious", "trade", "military", "unique")

#: Characters whose income is in gold (the others with an income type draw cards, or let the Abbot choose).
GOLD_INCOME = frozenset({"king", "emperor", "bishop", "merchant", "trader", "warlord", "diplomat", "marshal"})
RANK8 = ("warlord", "diplomat", "marshal")

#: Points a unique district is worth beyond its cost, for an average city (dynamic parts are added in
#: `Table.district_value`). Economy districts are worth more early; scoring ones the same at any time.
UNIQUE_EXTRA: dict[str, float] = {
    "armory": 1.0, "basilica": 0.5, "capitol": 0.5, "dragon_gate": 2.0, "factory": 0.5, "framework": 0.5,
    "gold_mine": 1.0, "great_wall": 0.5, "haunted_quarter": 1.5, "imperial_treasury": 1.5, "ivory_tower": 0.0,
    "keep": 0.5, "laboratory": 1.0, "library": 1.5, "map_room": 1.5, "monument": 0.5, "museum": 1.0,
    "necropolis": 0.0, "observatory": 0.5, "park": 0.5, "poor_house": 0.0, "quarry": 0.0,
    "school_of_magic": 1.0, "secret_vault": 0.0, "smithy": 1.0, "stables": 1.5, "statue": 1.0, "theater": 0.0,
    "thieves_den": 0.0, "wishing_well": 0.5,
}
#: Unique districts whose worth is their economy over the rest of the game.
ECONOMY = frozenset({"gold_mine", "laboratory", "library", "observatory", "smithy", "school_of_magic",
                     "factory", "park", "poor_house", "quarry", "framework", "stables"})

#: How attractive each character is to kill or rob when nothing better is known: the characters that usually
#: gain most (builders, income, the crown) first.
KILL_PRIORITY: dict[str, float] = {
    "architect": 3.0, "merchant": 2.6, "king": 2.4, "warlord": 2.3, "alchemist": 2.2, "navigator": 2.0,
    "trader": 2.2, "scholar": 1.8, "bishop": 2.0, "emperor": 2.0, "patrician": 1.8, "abbot": 1.6,
    "cardinal": 1.6, "magician": 1.5, "wizard": 1.7, "seer": 1.4, "diplomat": 1.8, "marshal": 1.8,
    "thief": 1.5, "spy": 1.3, "blackmailer": 1.4, "queen": 1.2, "artist": 1.0, "tax_collector": 1.4,
    "witch": 0.0, "magistrate": 0.0, "assassin": 0.0,
}
ROB_PRIORITY: dict[str, float] = {
    "merchant": 3.0, "architect": 2.8, "king": 2.4, "alchemist": 2.6, "trader": 2.6, "navigator": 2.3,
    "bishop": 2.2, "emperor": 2.2, "abbot": 2.0, "patrician": 1.8, "cardinal": 1.8, "scholar": 2.0,
    "warlord": 2.0, "diplomat": 1.8, "marshal": 1.8, "magician": 1.6, "wizard": 1.6, "seer": 1.6, "spy": 1.2,
    "blackmailer": 1.2, "queen": 1.8, "artist": 1.5, "tax_collector": 1.8,
}

# Base district composition, for guessing what is in unknown hands (the Spy) and in the deck.
BASE_COUNTS: dict[str, int] = {d.id: d.copies for d in DISTRICTS.values()}


def _best(legal, key):
    """The legal action maximising `key` (the first one on ties: deterministic)."""
    best, best_v = legal[0], None
    for a in legal:
        v = key(a)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def _first(options, pred):
    """The first of `options` satisfying `pred`, else None. Actions are never falsy, so `_first(...) or
    fallback` evaluates the fallback (maybe an rng draw) only when nothing matched."""
    for a in options:
        if pred(a):
            return a
    return None


def _planned(legal, plan: tuple | None, i: int) -> Action | None:
    """The legal action naming `plan[i]` (a district chosen in the turn menu), or None (no plan, or gone)."""
    return None if plan is None else _first(legal, lambda a: a.arg == plan[i])


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
        return len(city) + ("monument" in city)

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
        """The seat a revealed, not killed Bishop protects from rank-8 abilities this round."""
        s = self.view.revealed.get("bishop")
        return s if s is not None and self.view.killed != "bishop" else None

    def rank8_victims(self):
        """(seat, player, whether his Great Wall raises the price) of each opponent whose city the rank-8
        abilities can reach: not protected by the Bishop, not complete."""
        for s in self.others():
            if self.protected() == s or self.count(s) >= self.size:
                continue
            p = self.players[s]
            yield s, p, "great_wall" in p.city

    # -- my districts ----------------------------------------------------------------------------------------
    def can_place(self, kind: str) -> bool:
        """Whether the district could ever enter my city (no duplicate without a Quarry; never the Secret
        Vault)."""
        if kind == "secret_vault":
            return False
        if kind in self.city and "quarry" not in self.city:
            return False
        return not (kind == "monument" and len(self.city) >= 5)

    def missing_type_bonus(self, kind: str) -> float:
        """Part of the +3 for five types that this district brings (all of it when it is the last type)."""
        t = TYPE[kind]
        if t in self.types:
            return 0.0
        have = len(self.types) + ("haunted_quarter" in self.city and len(self.types) < 5)
        missing = max(1, 5 - have)
        return 3.0 / missing * (0.6 if missing > 2 else 1.0)

    def district_value(self, kind: str) -> float:
        """What building `kind` is worth to me in points (cost, types, unique effects), or -1 if useless."""
        if not self.can_place(kind):
            return 3.0 if kind == "secret_vault" else -1.0
        v = COST[kind] + self.missing_type_bonus(kind)
        if TYPE[kind] == "unique":
            extra = UNIQUE_EXTRA.get(kind, 0.0)
            if kind in ECONOMY:
                extra *= self.time_left()
            v += extra + self.dynamic_unique(kind)
            if "ivory_tower" in self.city:
                v -= 5.0  # a second unique district spoils the Ivory Tower
            if "wishing_well" in self.city:
                v += 1.0
        if "basilica" in self.city and COST[kind] % 2:
            v += 1.0
        if self.char is not None and CHARACTERS[self.char].income_type == TYPE[kind]:
            v += 0.6  # pays again this very turn
        return v

    def dynamic_unique(self, kind: str) -> float:
        """Unique-district points that depend on my city, gold and hand now."""
        city = self.city
        if kind == "ivory_tower":
            return 5.0 if not any(TYPE[k] == "unique" for k in city) else 0.0
        if kind == "wishing_well":
            return float(sum(1 for k in city if TYPE[k] == "unique"))
        if kind == "basilica":
            return float(sum(1 for k in city if COST[k] % 2))
        if kind == "capitol":
            counts = [sum(1 for k in city if TYPE[k] == t) for t in TYPES]
            return 3.0 if max(counts, default=0) >= 3 else (1.5 if max(counts, default=0) == 2 else 0.0)
        if kind == "monument":
            return 2.0 if self.left(self.seat) <= 4 else 1.0
        if kind == "imperial_treasury":
            return min(self.gold, 4) * 0.3
        if kind == "map_room":
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
        if kind in self.hand and "quarry" not in self.city:
            v -= 2.0  # a second copy in hand: only one can be built
        gap = COST[kind] - self.gold - 2
        if gap > 0:
            v -= 0.5 * gap * (1.5 if self.time_left() < 0.4 else 1.0)
        return v

    def worst_cards(self) -> list[str]:
        """My hand, least useful card first (what to discard, give away or pay with)."""
        return sorted(self.hand, key=lambda c: (self.card_keep_value(c), c))


def visible_score(view: PlayerView, seat: int) -> float:
    """Points of a city now, as every seat can count them (hidden Museum cards counted by their number)."""
    p = view.players[seat]
    city = p.city
    pts = sum(COST[k] for k in city) + len(p.beautified)
    types = {TYPE[k] for k in city}
    if len(types) == 5 or (len(types) == 4 and "unique" in types and "haunted_quarter" in city):
        pts += 3
    size = len(city) + ("monument" in city)
    if size >= view.completion_size:
        pts += 4 if view.first_completer == seat else 2
    for k in city:
        if TYPE[k] != "unique":
            continue
        if k == "dragon_gate":
            pts += 2
        elif k == "statue" and view.crown == seat:
            pts += 5
        elif k == "imperial_treasury":
            pts += p.gold
        elif k == "map_room":
            pts += p.hand_size
        elif k == "museum":
            pts += p.museum_size
        elif k == "wishing_well":
            pts += sum(1 for c in city if TYPE[c] == "unique")
        elif k == "basilica":
            pts += sum(1 for c in city if COST[c] % 2)
        elif k == "ivory_tower" and sum(1 for c in city if TYPE[c] == "unique") == 1:
            pts += 5
        elif k == "capitol" and max(sum(1 for c in city if TYPE[c] == t) for t in TYPES) >= 3:
            pts += 3
    return pts


def round_events(view: PlayerView) -> list[tuple]:
    """The events of the current round that this seat saw."""
    out = []
    for e in reversed(view.events):
        if e[0] == "round":
            break
        out.append(e)
    out.reverse()
    return out


# ============================================================================================================
# The value of a character for a seat (draft)
# ============================================================================================================
def income_count(city: tuple[str, ...], char: str) -> int:
    """Districts paying the character's income (the School of Magic counts as any type)."""
    t = CHARACTERS[char].income_type
    if t is None:
        return 0
    return sum(1 for k in city if TYPE[k] == t) + ("school_of_magic" in city)


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


def char_value(char: str, city, gold: int, hand_size: int, cheap: list[int], n: int, richest: int,
               most_cards: int, tax_pot: int, size: int) -> float:
    """`character_value` from plain numbers (shared with the rollout policy): `cheap` = costs of the
    districts the seat could build, ascending; `richest` / `most_cards` = the best stash and hand among the
    other seats."""
    inc = income_count(city, char)
    builds_possible = sum(1 for c in _prefix_sums(cheap) if c <= gold + 2)
    left = max(0, size - len(city) - ("monument" in city))
    v = 0.0
    if char in GOLD_INCOME:
        v += inc
    elif char in ("patrician", "cardinal"):
        v += 0.8 * inc
    elif char == "abbot":
        v += inc
    flat = FLAT_VALUE.get(char)
    if flat is not None:
        v += flat
    elif char == "thief":
        v += 0.4 * richest + 0.6
    elif char == "blackmailer":
        v += 0.3 * richest + 0.8
    elif char == "magician":
        v += 1.0 + (min(most_cards, 5) * 0.6 if not cheap else 0.0)
    elif char == "seer":
        v += 1.6 + (0.8 if builds_possible >= 2 else 0.0)
    elif char == "bishop":
        v += 0.8 + (1.0 if left <= 2 else 0.0) + 0.05 * sum(COST[k] for k in city)
    elif char == "alchemist":
        v += 0.8 * min(gold, cheap[0]) if cheap and cheap[0] <= gold + 2 else 0.4
    elif char == "architect":
        extra = max(0, min(builds_possible, 3) - 1)
        v += 1.6 + 1.8 * extra + (1.0 if left <= 3 and extra else 0.0)
    elif char == "navigator":
        v += 2.8 - (1.5 if builds_possible else 0.0)
    elif char == "scholar":
        v += 1.4 + (0.9 if builds_possible >= 2 else 0.0)
    elif char == "marshal":
        v += 1.3 if gold >= 2 else 0.6
    elif char == "queen":
        v += 3.0 * min(1.0, 2 / max(1, n - 1))
    elif char == "artist":
        v += 0.8 * min(2, gold, len(city))
    elif char == "tax_collector":
        v += tax_pot + 0.3 * (n - 1)
    if hand_size == 0 and char in CARD_CHARS:
        v += 0.8  # cards are needed
    if gold <= 1 and char in ("merchant", "navigator", "thief", "king", "emperor"):
        v += 0.4
    return v


#: The ability part of `char_value` for the characters whose ability is worth about the same to any seat
#: (the others depend on the seat's gold, hand, city or the table, and are computed there).
FLAT_VALUE: dict[str, float] = {
    "assassin": 2.2, "witch": 2.3, "magistrate": 1.8, "spy": 1.6, "wizard": 2.2, "king": 1.6, "emperor": 1.2,
    "patrician": 1.6, "abbot": 0.8, "cardinal": 1.0, "merchant": 1.2, "trader": 0.8, "warlord": 1.4,
    "diplomat": 1.0,
}

CARD_CHARS = frozenset({"architect", "patrician", "cardinal", "navigator", "scholar", "seer", "wizard"})


def _prefix_sums(costs: list[int]) -> list[int]:
    """Running totals: the gold needed to build the first 1, 2, 3... of these districts."""
    out, total = [], 0
    for c in costs:
        total += c
        out.append(total)
    return out


# ============================================================================================================
# The basic tier
# ============================================================================================================
class HeuristicAgent(Agent):
    """Basic rule-based player: sensible economy, greedy builds, simple draft and targets."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.plan: dict[str, object] = {}  # choices decided in the turn menu, for the follow-up decisions

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        """A new game: reseed, forget the plans of the last turn."""
        if seed is not None:
            self.rng.seed(seed)
        self.plan = {}

    # -- dispatch --------------------------------------------------------------------------------------------
    def act(self, decision: Decision) -> Action:
        """Dispatch to `on_<kind>`; one legal action needs no thought; an unexpected answer falls back."""
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        kind = decision.kind
        handler = getattr(self, "on_" + kind, None)
        if handler is None:
            return self.default(legal)
        tb = Table(decision.view, decision.config.rulings.great_wall_protects_itself)
        action = handler(tb, legal)
        if action not in legal:  # a handler must never make the game fail: fall back
            action = self.default(legal)
        return action

    def default(self, legal) -> Action:
        """No opinion: decline optional things, else a random legal choice."""
        for a in (END, A_NO, A_PASS):
            if a in legal:
                return a
        for a in legal:
            if a.verb == "done":
                return a
        return legal[self.rng.randrange(len(legal))]

    # -- the turn menu ---------------------------------------------------------------------------------------
    def on_turn(self, tb: Table, legal) -> Action:
        """Information and free resources first, then gather, then build (income timed around it), then the
        abilities that spend leftovers, then end the turn."""
        abilities = [a.arg for a in legal if a.verb == "ability"]
        builds = [a.arg for a in legal if a.verb == "build"]
        gathered = GATHER_GOLD not in legal
        for ab in abilities:
            if ab in PRE_GATHER and self.want_ability(tb, ab, gathered, builds):
                return Action("ability", ab)
        if not gathered:
            return GATHER_CARDS if self.want_cards(tb) else GATHER_GOLD
        if "income" in abilities and not self.build_before_income(tb, builds):
            return Action("ability", "income")
        if builds:
            kind = self.choose_build(tb, builds)
            if kind is not None:
                return Action("build", kind)
        for ab in abilities:
            if ab not in PRE_GATHER and self.want_ability(tb, ab, gathered, builds):
                return Action("ability", ab)
        if END in legal:
            return END
        for ab in ("emperor", *abilities):  # the Emperor must move the crown before ending
            if Action("ability", ab) in legal:
                return Action("ability", ab)
        return legal[0]

    def want_cards(self, tb: Table) -> bool:
        """Gather cards when the hand holds nothing worth building, or when the gold for it is already
        there."""
        useful = tb.useful()
        gold = tb.gold
        if tb.final:
            reach = [c for c in useful if COST[c] <= gold + 2]
            return not reach and not any(COST[c] <= gold for c in useful)
        if not useful:
            return True
        if "library" in tb.city and len(useful) <= 2:
            return True
        affordable = [c for c in useful if COST[c] <= gold]
        return (len(useful) == 1 and bool(affordable) and gold >= 4) or (gold >= 7 and len(useful) <= 2)

    def build_before_income(self, tb: Table, builds: list[str]) -> bool:
        """Build first when the best build is of my income type (its income then counts it)."""
        inc_type = CHARACTERS[tb.char].income_type if tb.char else None
        if not builds or inc_type is None:
            return False
        best = self.choose_build(tb, builds)
        return best is not None and TYPE[best] == inc_type

    def choose_build(self, tb: Table, builds: list[str]) -> str | None:
        """The most valuable district I can build now (any positive value)."""
        best, best_v = None, 0.0
        for k in builds:
            v = tb.district_value(k) - self.payment_loss(tb, k)
            if v > best_v:
                best, best_v = k, v
        return best

    def payment_loss(self, tb: Table, kind: str) -> float:
        """Points lost by a build I cannot pay in gold (Framework or Necropolis destroy a district)."""
        price = COST[kind] - (TYPE[kind] == "unique" and kind != "factory" and "factory" in tb.city)
        if tb.gold >= price:
            return 0.0
        if kind == "thieves_den" and tb.gold + len(tb.hand) - 1 >= price:
            return 0.5 * (price - tb.gold)
        if tb.char == "cardinal":
            return 0.3 * (price - tb.gold)
        if "framework" in tb.city and kind != "framework":
            return 4.0
        if kind == "necropolis":
            return min((COST[k] + 1 for k in tb.city), default=9)
        return 9.0

    def want_ability(self, tb: Table, ab: str, gathered: bool, builds: list[str]) -> bool:
        """Whether to use an ability now (its follow-up decisions are answered by their own handlers)."""
        if ab in ALWAYS_USE:
            return True
        if ab in ("magician_swap", "magician_discard"):
            return self.magician_plan(tb) == ab
        if ab in ("navigator_gold", "navigator_cards"):
            want = "navigator_cards" if not tb.useful() else "navigator_gold"
            return ab == want
        if ab == "warlord":
            return self.plan_warlord(tb)
        if ab == "diplomat":
            return self.plan_diplomat(tb)
        if ab == "marshal":
            return self.plan_marshal(tb)
        if ab == "armory":
            return self.plan_armory(tb)
        if ab == "artist":
            return gathered and not builds and (tb.gold >= 3 or tb.final or tb.time_left() < 0.3)
        if ab == "laboratory":
            return self.want_laboratory(tb, builds)
        if ab == "smithy":
            return gathered and not builds and tb.gold >= 4 and len(tb.useful()) <= 1 and not tb.final
        if ab == "museum":
            return gathered and not builds and self.museum_card(tb) is not None
        return False

    # -- abilities planned in the menu -----------------------------------------------------------------------
    def magician_plan(self, tb: Table) -> str | None:
        """Swap hands when mine is poor and someone holds many more cards; else recycle useless cards."""
        useful = tb.useful()
        best_other = max(tb.others(), key=lambda s: (tb.players[s].hand_size, tb.score(s)))
        if tb.players[best_other].hand_size >= len(useful) + 2 and len(useful) <= 1:
            self.plan["magician"] = best_other
            return "magician_swap"
        if any(tb.card_keep_value(c) < 0.5 for c in tb.hand):
            return "magician_discard"
        return None

    def rank8_targets(self, tb: Table, owner: int, budget: int) -> list[tuple[str, bool, int]]:
        """(kind, beautified, price) of the districts the Warlord could destroy in `owner`'s city."""
        p = tb.players[owner]
        if tb.protected() == owner or tb.count(owner) >= tb.size or owner == tb.seat:
            return []
        wall = "great_wall" in p.city
        out = []
        beaut = list(p.beautified)
        for k in dict.fromkeys(p.city):
            if k == "keep":
                continue
            b = k in beaut
            price = COST[k] + b - 1 + (1 if wall and (k != "great_wall" or tb.wall_self) else 0)
            if price <= budget:
                out.append((k, b, price))
        return out

    def plan_warlord(self, tb: Table) -> bool:
        """Destroy the cheapest district of the leader when it costs little (after building)."""
        leader = tb.leader()
        if tb.score(leader) < tb.score(tb.seat) - 2:
            return False
        reserve = 0 if tb.final else 2
        targets = self.rank8_targets(tb, leader, max(1, tb.gold - reserve))
        if not targets:
            return False
        k, b, _ = min(targets, key=lambda x: (x[2], -COST[x[0]]))
        self.plan["warlord"] = (leader, k, b)
        return True

    def plan_diplomat(self, tb: Table) -> bool:
        """Exchange my cheapest district for a dearer one of the leader when the difference is affordable."""
        best = None
        for s, p, wall in tb.rank8_victims():
            for k in p.city:
                if k in tb.city or k == "keep":
                    continue
                for g in tb.city:
                    if g in p.city or g == "keep" or g == k:
                        continue
                    diff = COST[k] - COST[g]
                    price = max(0, diff) + wall
                    if diff >= 2 and price <= tb.gold - (0 if tb.final else 1):
                        gain = diff * (1.5 if s == tb.leader() else 1.0) - 0.5 * price
                        if best is None or gain > best[0]:
                            best = (gain, s, k, g)
        return self.adopt("diplomat", best, 1.5)

    def plan_marshal(self, tb: Table) -> bool:
        """Seize a district of cost 3 or less (it counts for me and against its owner)."""
        best = None
        for s, p, wall in tb.rank8_victims():
            for k in p.city:
                if k in tb.city or k == "keep" or COST[k] + (k in p.beautified) > 3:
                    continue
                price = COST[k] + (k in p.beautified) + wall
                if price > tb.gold - (0 if tb.final else 1):
                    continue
                gain = tb.district_value(k) + (1.0 if s == tb.leader() else 0.0) - 0.3 * price
                if best is None or gain > best[0]:
                    best = (gain, s, k)
        return self.adopt("marshal", best, 2.0)

    def adopt(self, ability: str, best: tuple | None, least: float) -> bool:
        """Plan the best option found, `(gain, *choices)`, for the ability's follow-up decisions when it
        gains at least `least`; whether it was planned (and so the ability is worth using)."""
        if best is None or best[0] < least:
            return False
        self.plan[ability] = best[1:]
        return True

    def plan_armory(self, tb: Table) -> bool:
        """Trade the Armory (3 points) for a much dearer district of the leader."""
        leader = tb.leader()
        p = tb.players[leader]
        if tb.count(leader) >= tb.size or not p.city:
            return False
        k = max(p.city, key=lambda c: COST[c] + (c in p.beautified))
        if COST[k] >= 5 and tb.score(leader) >= tb.score(tb.seat):
            self.plan["armory"] = (leader, k)
            return True
        return False

    def want_laboratory(self, tb: Table, builds: list[str]) -> bool:
        """Turn a useless card into 2 gold, or any spare card when 2 gold makes a good build possible."""
        if not tb.hand:
            return False
        worst = tb.worst_cards()[0]
        if tb.card_keep_value(worst) < 0.5:
            return True
        useful = tb.useful()
        if builds or len(useful) < 2:
            return False
        return any(tb.gold < COST[c] <= tb.gold + 2 for c in useful if c != worst)

    def museum_card(self, tb: Table) -> str | None:
        """A card to store under the Museum (1 point each): one I will not build."""
        if not tb.hand:
            return None
        worst = tb.worst_cards()[0]
        if tb.card_keep_value(worst) < 1.0 or tb.final or (tb.time_left() < 0.2 and len(tb.hand) >= 3):
            return worst
        return None

    # -- the draft -------------------------------------------------------------------------------------------
    def on_draft_keep(self, tb: Table, legal) -> Action:
        """The character that pays most for my city this round."""
        return _best(legal, lambda a: self.draft_score(tb, a.arg) + self.rng.random() * 0.05)

    def draft_score(self, tb: Table, char: str) -> float:
        """character_value for my hand; with 2-3 players, a second character of another rank."""
        v = character_value(tb, char, tb.seat, tb.hand)
        if tb.n <= 3 and any(RANK[c] == RANK[char] for c in tb.chars):  # my second character: another role
            v -= 1.0
        return v

    def on_draft_discard(self, tb: Table, legal) -> Action:
        """Two players: discard what would serve the opponent best."""
        opp = tb.others()[0]
        return _best(legal, lambda a: character_value(tb, a.arg, opp))

    def on_theater(self, tb: Table, legal) -> Action:
        """The basic tier keeps the character it chose."""
        return A_PASS

    def on_theater_give(self, tb: Table, legal) -> Action:
        """Give away the character that is worth least to me."""
        return _best(legal, lambda a: -character_value(tb, a.arg, tb.seat, tb.hand))

    # -- targets ---------------------------------------------------------------------------------------------
    def unavailable(self, tb: Table) -> set[str]:
        """Characters that cannot be anyone else's this round: face-up, mine, called with nobody answering."""
        v = tb.view
        out = set(v.faceup) | set(tb.chars)
        for e in round_events(v):
            if e[0] == "called" and e[2] is None:
                out.add(e[1])
        return out

    def by_priority(self, tb: Table, legal, priority: dict[str, float], noise: float) -> Action:
        """The character first in `priority` (1 when not listed), give or take `noise`; never one that cannot
        be anyone else's (mine, face up, called with nobody answering)."""
        out = self.unavailable(tb)
        return _best(legal, lambda a: (priority.get(a.arg, 1.0) if a.arg not in out else -5.0)
                     + self.rng.random() * noise)

    def on_kill(self, tb: Table, legal) -> Action:
        """A character that is probably in play and usually strong; never one of mine or a face-up one."""
        return self.by_priority(tb, legal, KILL_PRIORITY, 0.6)

    def on_rob(self, tb: Table, legal) -> Action:
        """A character that is probably in play and usually has gold to take."""
        return self.by_priority(tb, legal, ROB_PRIORITY, 0.6)

    def on_bewitch(self, tb: Table, legal) -> Action:
        """Bewitch a character I would like to play and that is probably held by someone."""
        out = self.unavailable(tb)
        return _best(legal, lambda a: (character_value(tb, a.arg, tb.seat, tb.hand)
                                       + KILL_PRIORITY.get(a.arg, 1) if a.arg not in out else -5.0))

    def on_warrant(self, tb: Table, legal) -> Action:
        """The signed warrant first on the character most likely to pay for a district."""
        return self.by_priority(tb, legal, ROB_PRIORITY, 0.3)

    def on_threat(self, tb: Table, legal) -> Action:
        """The flower, then the blank, on characters that usually have gold (as the warrants)."""
        return self.on_warrant(tb, legal)

    def on_confiscate(self, tb: Table, legal) -> Action:
        """A district for free: take it when it is worth anything to me."""
        kind = tb.view.decision_data[1] if tb.view.decision_data else None
        if kind is not None and tb.district_value(kind) < 0:
            return A_NO
        return A_YES

    def on_bribe(self, tb: Table, legal) -> Action:
        """Half the gold (rounded down) for sure costs no more than a one-in-two chance to lose it all."""
        return A_YES

    def on_reveal_threat(self, tb: Table, legal) -> Action:
        """Reveal only the flower (a blank shows nothing and tells the table where the flower is)."""
        data = tb.view.decision_data
        char = data[1] if data else None
        flower = tb.view.flower
        if flower is None:
            return A_YES
        return A_YES if char == flower else A_NO

    # -- turn-ability follow-ups -----------------------------------------------------------------------------
    def on_magician_player(self, tb: Table, legal) -> Action:
        """The player chosen when deciding to swap (the biggest hand)."""
        target = self.plan.pop("magician", None)
        if target is not None and Action("player", target) in legal:
            return Action("player", target)
        return _best(legal, lambda a: tb.players[a.arg].hand_size)

    def on_magician_discard(self, tb: Table, legal) -> Action:
        """Put the useless cards under the deck, then draw as many."""
        worst = tb.worst_cards()
        if worst and tb.card_keep_value(worst[0]) < 0.5:
            return Action("card", worst[0])
        done = Action("done")
        return done if done in legal else Action("card", worst[0])

    def on_wizard_player(self, tb: Table, legal) -> Action:
        """The biggest hand, the leader's on ties."""
        return _best(legal, lambda a: (tb.players[a.arg].hand_size, tb.score(a.arg)))

    def on_wizard_card(self, tb: Table, legal) -> Action:
        """The card most worth having, better still if I can build it right away."""
        return _best(legal, lambda a: tb.card_keep_value(a.arg) + (2.0 if COST[a.arg] <= tb.gold else 0.0))

    def on_wizard_use(self, tb: Table, legal) -> Action:
        """Build it at once (an extra build) unless it would leave me unable to build something better."""
        build = Action("wizard", "build")
        data = tb.view.decision_data
        if build in legal and data is not None:
            kind = data[1]
            if tb.district_value(kind) <= 0:
                return Action("wizard", "hand")
            others = [c for c in tb.useful() if COST[c] <= tb.gold]
            better = [c for c in others if tb.district_value(c) > tb.district_value(kind)]
            if better and tb.gold - COST[kind] < min(COST[c] for c in better):
                return Action("wizard", "hand")
            return build
        return Action("wizard", "hand")

    def on_seer_give(self, tb: Table, legal) -> Action:
        """Give back my least useful cards."""
        return Action("card", tb.worst_cards()[0])

    def on_spy_player(self, tb: Table, legal) -> Action:
        """A hand big enough to pay out, held by a player with gold to take."""
        return _best(legal, lambda a: (min(tb.players[a.arg].hand_size, tb.players[a.arg].gold + 2),
                                       tb.players[a.arg].hand_size))

    def on_spy_type(self, tb: Table, legal) -> Action:
        """The type most common among the cards I cannot see, and among those I know in that hand."""
        target = tb.view.decision_data
        known = tb.players[target].known_hand if target is not None else ()
        left = dict.fromkeys(TYPES, 0.0)
        for k, c in BASE_COUNTS.items():
            if TYPE[k] != "unique" or k in tb.view.unique_districts:
                left[TYPE[k]] += c
        for p in tb.players:
            for k in p.city:
                left[TYPE[k]] -= 1
        for k in tb.hand:
            left[TYPE[k]] -= 1
        for k in known:
            left[TYPE[k]] += 10
        return _best(legal, lambda a: left.get(a.arg, 0))

    def on_emperor_player(self, tb: Table, legal) -> Action:
        """Give the crown to a trailing player, preferably one with gold to take."""
        return _best(legal, lambda a: -tb.estimate(a.arg) + 0.3 * min(tb.players[a.arg].gold, 1))

    def on_emperor_heir(self, tb: Table, legal) -> Action:
        """The crown to the trailing player, never the leader."""
        return _best(legal, lambda a: -tb.estimate(a.arg))

    def on_emperor_resource(self, tb: Table, legal) -> Action:
        """Gold, unless my hand has nothing to build."""
        return Action("resource", "card") if not tb.useful() else Action("resource", "gold")

    def on_abbot_income(self, tb: Table, legal) -> Action:
        """Gold for what I can build; a card or two when the hand is empty of good cards."""
        n = max(a.arg for a in legal)
        cards = 0
        useful = len(tb.useful())
        if useful == 0:
            cards = min(n, 2)
        elif useful == 1 and tb.gold >= 5:
            cards = min(n, 1)
        return Action("amount", n - cards)

    def on_abbot_richest(self, tb: Table, legal) -> Action:
        """Of the richest, take from the one who is ahead."""
        return _best(legal, lambda a: tb.estimate(a.arg))

    def on_scholar_keep(self, tb: Table, legal) -> Action:
        """The most useful of the seven cards."""
        return _best(legal, lambda a: tb.card_keep_value(a.arg))

    def on_keep_card(self, tb: Table, legal) -> Action:
        """The most useful of the drawn cards."""
        return _best(legal, lambda a: tb.card_keep_value(a.arg))

    def planned_player(self, tb: Table, legal, ability: str, spare_me: bool = False) -> Action:
        """The player chosen for `ability` in the turn menu, while still legal; else the one with the
        highest visible score (with `spare_me`, never myself)."""
        plan = self.plan.get(ability)
        if plan is not None and Action("player", plan[0]) in legal:
            return Action("player", plan[0])
        if spare_me:
            return _best(legal, lambda a: tb.score(a.arg) - (100 if a.arg == tb.seat else 0))
        return _best(legal, lambda a: tb.score(a.arg))

    def on_warlord_player(self, tb: Table, legal) -> Action:
        """The city planned in the menu (else the leader's)."""
        return self.planned_player(tb, legal, "warlord", spare_me=True)

    def on_warlord_district(self, tb: Table, legal) -> Action:
        """The district planned in the menu (else the cheapest; in my own city, which only happens by
        mistake, that is the least valuable too)."""
        plan = self.plan.pop("warlord", None)
        owner = tb.view.decision_data
        if plan is not None and plan[0] == owner:
            a = Action("beautified_district" if plan[2] else "district", plan[1])
            if a in legal:
                return a
        return _best(legal, lambda a: -COST[a.arg])

    def on_armory_player(self, tb: Table, legal) -> Action:
        """The city planned in the menu (else the leader's)."""
        return self.planned_player(tb, legal, "armory", spare_me=True)

    def on_armory_district(self, tb: Table, legal) -> Action:
        """The planned district, else the dearest of an opponent (the cheapest of mine)."""
        sign = -1 if tb.view.decision_data == tb.seat else 1
        return _planned(legal, self.plan.pop("armory", None), 1) or _best(legal, lambda a: sign * COST[a.arg])

    def on_diplomat_player(self, tb: Table, legal) -> Action:
        """The player planned in the menu."""
        return self.planned_player(tb, legal, "diplomat")

    def on_diplomat_take(self, tb: Table, legal) -> Action:
        """The planned district (the plan stays for the district given back), else the dearest."""
        return _planned(legal, self.plan.get("diplomat"), 1) or _best(legal, lambda a: COST[a.arg])

    def on_diplomat_give(self, tb: Table, legal) -> Action:
        """The planned district, else my cheapest that does not cost me a type."""
        return (_planned(legal, self.plan.pop("diplomat", None), 2)
                or _best(legal, lambda a: -COST[a.arg] - tb.missing_type_bonus(a.arg)))

    def on_marshal_player(self, tb: Table, legal) -> Action:
        """The player planned in the menu."""
        return self.planned_player(tb, legal, "marshal")

    def on_marshal_district(self, tb: Table, legal) -> Action:
        """The planned district, else the one worth most in my city."""
        return (_planned(legal, self.plan.pop("marshal", None), 1)
                or _best(legal, lambda a: tb.district_value(a.arg)))

    def on_artist(self, tb: Table, legal) -> Action:
        """Beautify (1 gold = 1 point) the dearest districts, which also makes them dearer to destroy; keep
        the last gold before the final round."""
        done = Action("done")
        options = [a for a in legal if a.verb == "district"]
        if not options or (done in legal and tb.gold <= 1 and not tb.final):
            return done if done in legal else legal[0]
        basilica = "basilica" in tb.city
        return _best(options, lambda a: COST[a.arg] + (1.0 if basilica and COST[a.arg] % 2 == 0 else 0.0))

    def on_laboratory(self, tb: Table, legal) -> Action:
        """Discard my least useful card for 2 gold."""
        return Action("card", tb.worst_cards()[0])

    def on_museum(self, tb: Table, legal) -> Action:
        """Store the card chosen in the menu (my least useful one)."""
        card = self.museum_card(tb) or tb.worst_cards()[0]
        return Action("card", card)

    # -- payments --------------------------------------------------------------------------------------------
    def on_payment(self, tb: Table, legal) -> Action:
        """Gold when possible, unless useless cards can pay for the Thieves' Den."""
        methods = [a.arg for a in legal]
        data = tb.view.decision_data
        kind = data[0] if data else None
        spare = [c for c in tb.hand if tb.card_keep_value(c) < 1.5]
        if "thieves_den" in methods and len(spare) >= 2:
            return Action("pay", "thieves_den")
        if "gold" in methods:
            return Action("pay", "gold")
        if "cardinal" in methods:
            return Action("pay", "cardinal")
        if "thieves_den" in methods:
            return Action("pay", "thieves_den")
        if "necropolis" in methods and kind == "necropolis":
            return Action("pay", "necropolis")
        return Action("pay", methods[0])

    def on_thieves_den_cards(self, tb: Table, legal) -> Action:
        """Pay with the least useful cards while they are worth less than the gold they replace."""
        done = Action("done")
        worst = tb.worst_cards()
        card = Action("card", worst[0]) if worst else None
        if done not in legal:
            return card if card in legal else legal[0]
        if card is not None and card in legal and tb.card_keep_value(worst[0]) < 1.5:
            return card
        return done

    def on_necropolis_sacrifice(self, tb: Table, legal) -> Action:
        """Destroy my least valuable district, keeping my types."""
        def loss(a):
            k = a.arg
            last_of_type = sum(1 for c in tb.city if TYPE[c] == TYPE[k]) == 1
            return -(COST[k] + (a.verb != "district") + (1.5 if last_of_type else 0.0))
        return _best(legal, loss)

    def on_cardinal_player(self, tb: Table, legal) -> Action:
        """Take the gold from the trailing player (my cards help him least)."""
        return _best(legal, lambda a: -tb.estimate(a.arg))

    def on_cardinal_cards(self, tb: Table, legal) -> Action:
        """Pay the Cardinal's loan with my least useful cards."""
        data = tb.view.decision_data
        building = data[0] if data else None
        for c in tb.worst_cards():
            if c != building and Action("card", c) in legal:
                return Action("card", c)
        return legal[0]


#: Abilities used as soon as they are offered, before gathering (information, targets, free resources).
PRE_GATHER = frozenset({"kill", "rob", "warrants", "threaten", "spy", "magician_swap", "magician_discard",
                        "seer", "architect_cards", "merchant_gold", "tax_collector", "queen", "abbot_richest",
                        "emperor", "scholar", "smithy"})
#: Abilities always worth using when offered (targets, information, free resources).
ALWAYS_USE = frozenset({"kill", "rob", "warrants", "threaten", "merchant_gold", "tax_collector", "queen",
                        "architect_cards", "emperor", "abbot_richest", "scholar", "spy", "seer", "income",
                        "wizard"})


# ============================================================================================================
# The strong tier
# ============================================================================================================
class HolderModel:
    """P(seat holds character) for the current round, from what the seat saw: face-up discards, the hands
    passed to it in the draft, a Theater swap, revealed characters and called characters nobody answered,
    and what each player probably wanted (its `character_value`, as a soft preference).

    The draft is cut into intervals between the hands the seat saw: a character that was in one hand and
    not in the next was taken by exactly one of the picks in between, or discarded face down there. Each
    pick (column) takes one character, each interval discards the rest; rows (characters) sum to 1.
    Sinkhorn scaling fits the preferences to those counts. `p[char][seat]` is the result, with seat `n`
    meaning nobody."""

    def __init__(self, tb: Table, temperature: float = 0.6) -> None:
        v = tb.view
        n = self.n = tb.n
        steps = v.draft_order
        known = dict(v.revealed)  # character -> seat, certain
        swap = v.theater if v.theater is not None and v.theater[0] == "swapped" else None
        if swap is not None and len(swap) == 5:  # a swap I took part in: I know where my old character went
            owner, other, given, taken = swap[1:]
            known.setdefault(given if owner == tb.seat else taken, other if owner == tb.seat else owner)
        absent = set()
        for e in round_events(v):
            if e[0] == "called" and e[2] is None and e[1] != v.killed:
                absent.add(e[1])
        obs = sorted((r for r in v.draft_seen if r[2] is not None), key=lambda r: r[0])
        mine = set(tb.chars) | {r[3] for r in obs if r[3] is not None and steps[r[0]][0] == "discard"}
        bounds = [-1] + [r[0] for r in obs] + [len(steps)]
        seat_of = {i: s for i, (op, s) in enumerate(steps) if op == "keep" and s != tb.seat}
        # which interval each character left my hands in
        interval: dict[str, int] = {}
        for c in v.characters:
            if c in v.faceup or c in mine or (known.get(c) == tb.seat):
                continue
            last = 0
            for i, r in enumerate(obs):
                if c in r[2]:
                    last = i + 1
            interval[c] = last
        # columns: the picks of each interval, and its face-down "out" slot
        picks = {k: [i for i in seat_of if bounds[k] < i < bounds[k + 1]] for k in range(len(bounds) - 1)}
        facedown_taker = next((s for op, s in steps if op == "take_facedown" and s != tb.seat), None)
        rows: dict[str, dict] = {}
        fixed_cols: set = set()
        out_used: dict[int, int] = {}
        for c, k in interval.items():
            if c in known:
                step = next((i for i in picks[k] if seat_of[i] == known[c]), None)
                if step is None and k == 0 and known[c] == facedown_taker:
                    # 7-8 players: the last player kept the first face-down card; a passed card went out
                    # instead
                    step = max(i for i, s in seat_of.items() if s == facedown_taker)
                    out_used[0] = out_used.get(0, 0) + 1
                    last_k = next(j for j, ps in picks.items() if step in ps)
                    out_used[last_k] = out_used.get(last_k, 0) - 1
                if step is None:
                    rows[c] = {("seat", known[c]): 1.0}
                else:
                    rows[c] = {step: 1.0}
                    fixed_cols.add(step)
            elif c in absent:
                rows[c] = {("out", k): 1.0}
                out_used[k] = out_used.get(k, 0) + 1
        caps: dict = {}
        for k, ps in picks.items():
            members = sum(1 for x in interval.values() if x == k)
            caps[("out", k)] = max(0, members - len(ps) - out_used.get(k, 0))
            for i in ps:
                caps[i] = 0 if i in fixed_cols else 1
        free = [c for c in interval if c not in rows]
        for c in free:
            k = interval[c]
            row = {i: math.exp(character_value(tb, c, seat_of[i]) / temperature) for i in picks[k] if caps[i]}
            if caps[("out", k)] or not row:
                row[("out", k)] = 1.0
            rows[c] = row
        self.fit(rows, free, caps)
        # per seat
        p: dict[str, dict[int, float]] = {}
        # 7-8 players: the first face-down card went back to the last player, who kept it or the card passed
        # to him
        # (even odds) while his character is unknown
        split = facedown_taker is not None and facedown_taker not in known.values()
        for c, row in rows.items():
            out: dict[int, float] = {}
            for col, x in row.items():
                seat = n
                if isinstance(col, int):
                    seat = seat_of[col]
                    if split and seat == facedown_taker and c not in known:
                        out[n] = out.get(n, 0.0) + 0.5 * x
                        x *= 0.5
                elif col[0] == "seat":
                    seat = col[1]
                elif col[1] == 0 and split and c not in absent and c not in known:
                    out[facedown_taker] = out.get(facedown_taker, 0.0) + 0.5 * x
                    x *= 0.5
                out[seat] = out.get(seat, 0.0) + x
            p[c] = out
        if swap is not None and len(swap) == 3 and tb.seat not in swap[1:]:  # two others swapped, blindly
            a, b = swap[1], swap[2]
            mix = 1.0 if n >= 4 else 0.5  # with 2-3 players one of their two characters changed hands
            for c, row in p.items():
                if c not in known:
                    pa, pb = row.get(a, 0.0), row.get(b, 0.0)
                    row[a], row[b] = (1 - mix) * pa + mix * pb, (1 - mix) * pb + mix * pa
        self.p = p

    @staticmethod
    def fit(rows: dict[str, dict], free: list[str], caps: dict, iterations: int = 10) -> None:
        """Sinkhorn scaling of the free rows: each sums to 1, each column to its capacity."""
        for _ in range(iterations):
            col: dict = {}
            for c in free:
                for k, x in rows[c].items():
                    col[k] = col.get(k, 0.0) + x
            for c in free:
                row = rows[c]
                for k in row:
                    if col[k] > 0:
                        row[k] *= caps.get(k, 0) / col[k]
                tot = sum(row.values())
                if tot > 0:
                    for k in row:
                        row[k] /= tot

    def prob(self, char: str, seat: int) -> float:
        """P(seat holds char); seat `n` = nobody."""
        row = self.p.get(char)
        return row.get(seat, 0.0) if row else 0.0

    def holders(self, char: str, seats):
        """(seat, P(seat holds char)) for each of `seats` that may hold it."""
        for s in seats:
            pr = self.prob(char, s)
            if pr:
                yield s, pr

    def in_play(self, char: str) -> float:
        """P(some opponent holds the character)."""
        row = self.p.get(char)
        if not row:
            return 0.0
        return sum(x for s, x in row.items() if s != self.n)


class StrongHeuristicAgent(HeuristicAgent):
    """The basic player plus draft reading, expected-gain targets, completion timing and blocking."""

    name = "heuristic-strong"
    #: Softness of the opponents' draft preferences in the holder model (lower: they take what suits them
    #: best).
    model_temperature = 0.6

    # -- standing --------------------------------------------------------------------------------------------
    def threat(self, tb: Table, seat: int) -> float:
        """How much hurting `seat` is worth to me (1 = an average opponent): leaders and near-completers
        count more."""
        gap = tb.estimate(seat) - tb.estimate(tb.seat)
        w = 1.0 + max(-0.6, min(2.0, gap / 8.0))
        best_other = max(tb.estimate(s) for s in tb.others())
        if tb.estimate(seat) >= best_other - 0.01:
            w += 0.4
        left = tb.left(seat)
        if left <= 1:
            w += 1.5
        elif left == 2:
            w += 0.6
        return w

    def turn_value(self, tb: Table, char: str, seat: int) -> float:
        """What playing `char` this round is worth to `seat`: its ability and a build (if it can afford
        one)."""
        p = tb.players[seat]
        build = min(p.gold + 2, 4.5) if p.hand_size else min(p.gold, 2.0)
        if char == "navigator":
            build = 0.0
        elif char == "architect":
            build *= 1.6
        v = character_value(tb, char, seat) + build
        if tb.left(seat) <= 1 and char != "navigator":
            v += 4.0  # it would complete its city this turn
        return v

    # -- draft -----------------------------------------------------------------------------------------------
    def draft_score(self, tb: Table, char: str, risks: dict[str, tuple[float, float]] | None = None) -> float:
        """My value of the character (its ability and the districts it lets me build), less the expected
        loss to the Assassin (or Witch) and the Thief, plus what it lets me do against a player about to
        complete."""
        turn = super().draft_score(tb, char) + self.build_power(tb, char)
        if risks is not None and char in risks:
            p_kill, p_rob = risks[char]
            turn = (1.0 - p_kill) * turn - p_rob * min(tb.gold, 10) * 0.8
        near = [s for s in tb.others() if tb.left(s) <= 1]
        if near and char in ("assassin", "witch", "warlord", "marshal", "magistrate"):
            turn += 2.0
        chars_in_game = set(tb.view.characters) - set(tb.view.faceup)
        if tb.left(tb.seat) <= 2 and char == "bishop" and any(c in chars_in_game for c in RANK8):
            turn += 1.0
        return turn

    def pick_risks(self, tb: Table, model: HolderModel) -> dict[str, tuple[float, float]]:
        """(P killed or bewitched, P robbed) of each character if I take it: the chance an opponent holds
        the Assassin/Witch/Thief (draft reading), times the chance he names it (they name characters that
        usually gain most, never a face-up one)."""
        faceup = set(tb.view.faceup)
        names = [c for c in tb.view.characters if c not in faceup]
        risks: dict[str, list[float]] = {c: [0.0, 0.0] for c in names}
        for killer, slot, prio in (("assassin", 0, KILL_PRIORITY), ("witch", 0, KILL_PRIORITY),
                                   ("thief", 1, ROB_PRIORITY)):
            if killer not in names:
                continue
            p_opp = model.in_play(killer)
            if p_opp <= 0:
                continue
            targets = [c for c in names if c != killer and (slot == 0 or RANK[c] > 1)]
            weights = [math.exp(prio.get(c, 1.0) / 0.3) for c in targets]
            total = sum(weights)
            for c, w in zip(targets, weights):
                risks[c][slot] += p_opp * w / total
        return {c: (min(1.0, r[0]), min(1.0, r[1])) for c, r in risks.items()}

    def build_power(self, tb: Table, char: str) -> float:
        """Points I can build this turn as `char` (gold after its income, the build limit)."""
        useful = sorted((c for c in tb.useful()), key=lambda c: -tb.district_value(c))
        gold = tb.gold + 2
        if char in GOLD_INCOME:
            gold += income_count(tb.city, char)
        if char == "merchant":
            gold += 1
        if char == "navigator":
            return 0.0
        limit = {"architect": 3, "seer": 2, "scholar": 2}.get(char, 1)
        pts = 0.0
        if char == "alchemist":
            gold = gold + 3
        for c in sorted(useful, key=lambda c: -COST[c]):
            if limit == 0:
                break
            if COST[c] <= gold:
                gold -= COST[c]
                pts += tb.district_value(c)
                limit -= 1
        if char == "architect" and len(useful) < 3:
            pts += 0.8  # the two extra cards may be built too
        return 0.35 * pts

    def on_draft_keep(self, tb: Table, legal) -> Action:
        """My value of each character, knowing who probably holds the Assassin and the Thief after this
        pick."""
        risks = self.pick_risks(tb, HolderModel(tb, self.model_temperature))
        return _best(legal, lambda a: self.draft_score(tb, a.arg, risks) + self.rng.random() * 0.05)

    def on_draft_discard(self, tb: Table, legal) -> Action:
        """Two players: discard what would serve the opponent best, but never what I want next."""
        opp = tb.others()[0]
        return _best(legal, lambda a: character_value(tb, a.arg, opp)
                     - 0.5 * character_value(tb, a.arg, tb.seat, tb.hand))

    def on_theater(self, tb: Table, legal) -> Action:
        """Swap (blindly) with the leader when my character is worth little to me."""
        if tb.n <= 3:
            return A_PASS
        mine = tb.chars[0] if tb.chars else None
        if mine is None:
            return A_PASS
        my_v = character_value(tb, mine, tb.seat, tb.hand)
        if my_v >= 2.5:
            return A_PASS
        model = HolderModel(tb, self.model_temperature)
        best, best_v = A_PASS, 0.5
        for a in legal:
            if a.verb != "player":
                continue
            s = a.arg
            exp_v = sum(model.prob(c, s) * character_value(tb, c, tb.seat, tb.hand) for c in model.p)
            gain = exp_v - my_v
            if gain > best_v:
                best, best_v = a, gain
        return best

    # -- targets by expected gain ----------------------------------------------------------------------------
    def on_kill(self, tb: Table, legal) -> Action:
        """The character whose loss costs the opponents most: P(each seat holds it) x the turn it would
        play x how much that seat threatens me; plus protection from a Thief when I am rich, or a Warlord
        when I lead."""
        model = HolderModel(tb, self.model_temperature)
        rich_me = tb.gold

        def gain(a):
            c = a.arg
            if c in tb.chars:
                return -10.0
            g = 0.0
            for s, pr in model.holders(c, tb.others()):
                g += pr * self.turn_value(tb, c, s) * self.threat(tb, s)
            # protection: a Thief or a rank-8 character that would hit me
            if c == "thief":
                g += model.in_play(c) * 0.5 * rich_me
            elif c in RANK8 and tb.score(tb.seat) >= max(tb.score(s) for s in tb.others()):
                g += model.in_play(c) * 1.5
            return g + self.rng.random() * 0.01
        return _best(legal, gain)

    def on_rob(self, tb: Table, legal) -> Action:
        """The character whose holder probably has most gold (the leader's gold counts more; robbing a
        player about to complete may stop his last build)."""
        model = HolderModel(tb, self.model_temperature)

        def gain(a):
            c = a.arg
            g = 0.0
            for s, pr in model.holders(c, tb.others()):
                gold = tb.players[s].gold  # taken when revealed, before gathering
                g += pr * gold * (0.6 + 0.4 * self.threat(tb, s))
                if tb.left(s) <= 1:
                    g += pr * 2.0
            return g + 0.05 * ROB_PRIORITY.get(c, 1.0) + self.rng.random() * 0.01
        return _best(legal, gain)

    def on_bewitch(self, tb: Table, legal) -> Action:
        """Play the character that is best for me, weighted by the chance someone holds it (else my turn is
        lost), plus the harm to its holder."""
        model = HolderModel(tb, self.model_temperature)

        def gain(a):
            c = a.arg
            p_in = model.in_play(c)
            mine = character_value(tb, c, tb.seat, tb.hand) + self.build_power(tb, c) * 2.5
            harm = sum(model.prob(c, s) * self.turn_value(tb, c, s) * self.threat(tb, s) * 0.5
                       for s in tb.others())
            return p_in * mine + harm
        return _best(legal, gain)

    def on_warrant(self, tb: Table, legal) -> Action:
        """Signed warrant on the character most likely to pay for a good district; the blanks on the next
        ones."""
        model = HolderModel(tb, self.model_temperature)

        def gain(a):
            c = a.arg
            g = 0.0
            for s, pr in model.holders(c, tb.others()):
                if tb.players[s].hand_size:
                    g += pr * min(tb.players[s].gold + 2, 5) * self.threat(tb, s)
            if c == "architect" or c == "alchemist":
                g *= 1.2
            return g
        return _best(legal, gain)

    def on_threat(self, tb: Table, legal) -> Action:
        """The flower on the character whose holder probably has the most gold after gathering."""
        model = HolderModel(tb, self.model_temperature)

        def gain(a):
            c = a.arg
            g = 0.0
            for s, pr in model.holders(c, tb.others()):
                gold = tb.players[s].gold + 2 + income_count(tb.players[s].city, c)
                g += pr * gold * self.threat(tb, s)
            return g
        return _best(legal, gain)

    def on_bribe(self, tb: Table, legal) -> Action:
        """Bribe unless the other threat was revealed as the flower (then mine is blank)."""
        for e in round_events(tb.view):
            if e[0] == "threat_revealed" and e[1] != tb.seat:
                return A_NO if e[3] else A_YES
        return A_YES

    # -- the turn: timing and blocking -----------------------------------------------------------------------
    def choose_build(self, tb: Table, builds: list[str]) -> str | None:
        """The most valuable build, but do not complete the city (ending the game) when I would not win;
        when the race is close, prefer districts that bring me nearer; while leading far from the end with
        a Warlord still to come, hold the 1-cost districts (he destroys them for free) for the final rush."""
        hold_cheap = (not tb.final and tb.left(tb.seat) > 2 and self.warlord_to_come(tb)
                      and tb.estimate(tb.seat) >= max(tb.estimate(s) for s in tb.others()))
        best, best_v = None, 0.0
        for k in builds:
            v = tb.district_value(k) - self.payment_loss(tb, k)
            if v <= 0:
                continue
            if self.completes(tb, k) and not self.completion_wins(tb, k):
                v -= 20.0
                if v <= 0:
                    continue
            if k == "monument" and tb.left(tb.seat) <= 3:
                v += 1.5
            if hold_cheap and COST[k] == 1:
                v -= 3.0  # a free target for the Warlord: keep it in hand for the final rush
            if v > best_v:
                best, best_v = k, v
        return best

    def warlord_to_come(self, tb: Table) -> bool:
        """Whether an opponent may still play the Warlord this round (in the game, not face up, not mine, not
        killed, not yet called)."""
        v = tb.view
        return ("warlord" in v.characters and "warlord" not in v.faceup and "warlord" not in tb.chars
                and v.killed != "warlord" and v.rank_called < 8)

    def completes(self, tb: Table, kind: str) -> bool:
        """Whether building `kind` now completes my city first (and so ends the game this round)."""
        return tb.view.first_completer is None and tb.count(tb.seat) + 1 + (kind == "monument") >= tb.size

    def completion_wins(self, tb: Table, kind: str) -> bool:
        """Would ending the game now (my city complete, +4) leave me ahead of every projected score?"""
        if any(tb.left(s) <= 1 for s in tb.others()):
            return True  # someone else completes next anyway: take the +4
        mine = tb.score(tb.seat) + tb.district_value(kind) + 4
        called = tb.view.rank_called
        for s in tb.others():
            proj = tb.score(s)
            if not any(seat == s and RANK[c] <= called for c, seat in tb.view.revealed.items()):
                proj += min(tb.players[s].gold, 6) * 0.8  # still to play this round: probably builds
            if proj >= mine:
                return False
        return True

    def want_cards(self, tb: Table) -> bool:
        """Gold is the tighter resource: draw only when no card of the hand can ever be built."""
        if tb.final:
            return super().want_cards(tb)
        return not tb.useful()

    def on_keep_card(self, tb: Table, legal) -> Action:
        """Tempo: the card I can build soonest wins unless a dearer one is clearly worth the wait."""
        return _best(legal, lambda a: self.tempo_value(tb, a.arg))

    on_scholar_keep = on_keep_card

    def tempo_value(self, tb: Table, kind: str) -> float:
        """Build value minus 2.5 per gold I still lack: cards I can build now keep the tempo."""
        v = tb.district_value(kind)
        if v < 0:
            return v
        if kind in tb.hand and "quarry" not in tb.city:
            v -= 2.0
        return v - 2.5 * max(0, COST[kind] - tb.gold)

    def plan_warlord(self, tb: Table) -> bool:
        """Block a player one district from completing (any affordable district of his), else take a free
        shot at a threatening player, else the basic rule (the leader's cheapest, with gold to spare).
        Destroying helps the other opponents as much as me, so gold goes to my own city first."""
        best = None
        for s in tb.others():
            near = tb.left(s) <= 1
            for k, b, price in self.rank8_targets(tb, s, tb.gold):
                if near:
                    val = 10.0 - 0.5 * price + self.threat(tb, s)
                elif price == 0:
                    val = 2.0 + self.threat(tb, s)
                else:
                    continue
                if best is None or val > best[0]:
                    best = (val, s, k, b)
        if best is None:
            return super().plan_warlord(tb)
        self.plan["warlord"] = best[1:]
        return True

    def plan_armory(self, tb: Table) -> bool:
        """Destroy the Armory for a district of a player about to complete, or a much dearer one of the
        leader."""
        best = None
        for s in tb.others():
            p = tb.players[s]
            if tb.count(s) >= tb.size or not p.city:
                continue
            k = max(p.city, key=lambda c: COST[c] + (c in p.beautified))
            val = (COST[k] + (k in p.beautified) + (6 if tb.left(s) <= 1 else 0)) * self.threat(tb, s) - 4.0
            if best is None or val > best[0]:
                best = (val, s, k)
        return self.adopt("armory", best, 2.5)

    def want_ability(self, tb: Table, ab: str, gathered: bool, builds: list[str]) -> bool:
        """The basic choices, with the Artist kept off the Imperial Treasury's gold and a readier Smithy."""
        if ab == "artist" and "imperial_treasury" in tb.city and tb.final:
            return False
        if ab == "smithy":
            return (not tb.final and tb.gold >= 4 and len(tb.useful()) <= 1) or (
                gathered and not builds and tb.gold >= 6 and len(tb.useful()) <= 2 and not tb.final)
        return super().want_ability(tb, ab, gathered, builds)

    def on_emperor_player(self, tb: Table, legal) -> Action:
        """Never hand the crown (and the first pick) to the leader; take from a player with gold or cards."""
        return _best(legal, lambda a: -tb.estimate(a.arg) - 3.0 * (self.threat(tb, a.arg) > 1.8)
                     + 0.3 * min(tb.players[a.arg].gold, 1))

    def on_spy_player(self, tb: Table, legal) -> Action:
        """A big hand with gold to take, preferably the leader's."""
        return _best(legal, lambda a: (min(tb.players[a.arg].hand_size, tb.players[a.arg].gold + 2)
                                       * self.threat(tb, a.arg), tb.players[a.arg].hand_size))


# ============================================================================================================
# Fast rollout policy on a full game (for search in determinized samples)
# ============================================================================================================
_ROLL_CHAR = {c: KILL_PRIORITY.get(c, 1.0) for c in CHARACTERS}
_INCOME_TYPE = {c.id: c.income_type for c in CHARACTERS.values()}
_ROLL_PRE = frozenset({"kill", "rob", "warrants", "threaten", "spy", "seer", "architect_cards",
                       "merchant_gold", "tax_collector", "queen", "abbot_richest", "emperor", "scholar"})


def rollout_action(game: Game, rng: random.Random) -> Action:
    """The basic heuristic played straight on a full game (a determinized sample): reads the deciding
    seat's own hand, gold and city from the game; cheap choices elsewhere. Always returns a legal action."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kind = game.decision_kind
    if kind == "turn":
        return _roll_turn(game, legal, rng)
    f = _ROLL.get(kind)
    if f is not None:
        return f(game, legal, rng)
    # no opinion: decline or finish, else at random
    return _first(legal, lambda a: a.verb in ("no", "pass", "done")) or legal[rng.randrange(len(legal))]


def _roll_value(city: list[str], kind: str) -> float:
    """Table.district_value without the dynamic parts: cost, new type, unique extras."""
    if kind == "secret_vault" or (kind in city and "quarry" not in city):
        return -1.0
    t = TYPE[kind]
    v = COST[kind] + UNIQUE_EXTRA.get(kind, 0.0)
    have = set()
    for k in city:
        have.add(TYPE[k])
    if t not in have:
        missing = max(1, 5 - len(have))
        v += 3.0 / missing * (0.6 if missing > 2 else 1.0)
    return v


def _roll_turn(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The basic turn menu: free abilities, gather, income around the best build, leftovers, end."""
    t = g.turn
    p = g.players[t.seat]
    city = p.city
    if legal[0].verb == "gather":  # the menu lists the gathering options first while not gathered
        for a in legal:
            if a.verb == "ability" and (a.arg in _ROLL_PRE
                                        or (a.arg[:9] == "magician_" and _roll_wants(g, p, a.arg))):
                return a
        useful = affordable = 0
        gold = p.gold
        for c in p.hand:
            if c != "secret_vault" and c not in city:
                useful += 1
                affordable += COST[c] <= gold
        if g.first_completer is not None:  # last round: cards only if nothing is within reach of 2 more gold
            return GATHER_GOLD if any(c not in city and COST[c] <= gold + 2 for c in p.hand) else GATHER_CARDS
        if (useful == 0 or ("library" in city and useful <= 2) or (useful == 1 and affordable and gold >= 4)
                or (gold >= 7 and useful <= 2)):
            return GATHER_CARDS
        return GATHER_GOLD
    best = inc = pre = warlord = None
    best_v = 0.0
    for a in legal:
        verb = a.verb
        if verb == "build":
            k = a.arg
            v = _roll_value(city, k)
            if COST[k] - (TYPE[k] == "unique" and "factory" in city) > p.gold and k != "thieves_den":
                v -= 9.0  # only payable by destroying a district (Framework, Necropolis) or with the Cardinal
            if v > best_v:
                best, best_v = a, v
        elif verb == "ability":
            arg = a.arg
            if arg == "income":
                inc = a
            elif arg in _ROLL_PRE:
                pre = pre or a
            elif arg == "warlord":
                warlord = a
    if pre is not None:
        return pre
    if inc is not None and (best is None or TYPE[best.arg] != _INCOME_TYPE[t.char]):
        return inc
    if best is not None:
        return best
    if warlord is not None and _roll_warlord_target(g, t.seat) is not None:
        return warlord
    for a in legal:
        if a.verb == "ability" and _roll_wants(g, p, a.arg):
            return a
    if END in legal:
        return END
    for a in legal:
        if a.verb == "ability":
            return a
    return legal[rng.randrange(len(legal))]


def _roll_wants(g: Game, p, ab: str) -> bool:
    """The basic tier's other abilities, simplified: always the Wizard; the Navigator's gold unless the
    hand is useless; the Magician's swap for a poor hand; the Artist with gold to spare; useless cards to
    the Laboratory or the Museum."""
    if ab == "wizard":
        return True
    city, hand = p.city, p.hand
    if ab in ("navigator_gold", "navigator_cards"):
        useful = any(c not in city and c != "secret_vault" for c in hand)
        return (ab == "navigator_gold") == useful
    if ab == "magician_swap":
        useful = sum(1 for c in hand if c not in city and c != "secret_vault")
        return useful <= 1 and any(len(o.hand) >= useful + 2 for o in g.players if o is not p)
    if ab == "artist":
        return p.gold >= 3 or g.first_completer is not None
    if ab in ("laboratory", "museum", "magician_discard"):
        return any(c in city or c == "secret_vault" for c in hand)
    return False


def _roll_score(g: Game, seat: int) -> int:
    """District points of a city (the leader test of the rollout Warlord)."""
    p = g.players[seat]
    return sum(COST[k] for k in p.city) + len(p.beautified)


def _roll_warlord_target(g: Game, seat: int) -> tuple[int, str] | None:
    """The basic Warlord: the leader's cheapest district, keeping 2 gold, if the leader is not far behind
    me."""
    n = g.cfg.players
    leader, top = None, -1
    for s in range(n):
        if s != seat:
            sc = _roll_score(g, s)
            if sc > top:
                leader, top = s, sc
    if leader is None or top < _roll_score(g, seat) - 2:
        return None
    if g.protected_seat == leader or g.is_completed(leader):
        return None
    gold = max(1, g.players[seat].gold - 2)
    city = g.players[leader].city
    wall = "great_wall" in city
    best, best_price = None, 99
    for k in city:
        if k == "keep":
            continue
        price = COST[k] - 1 + (wall and k != "great_wall")
        if price < best_price:
            best, best_price = k, price
    if best is None or best_price > gold:
        return None
    return leader, best


def _roll_draft(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The basic draft: `char_value` of each character offered, for the deciding seat."""
    seat = g.current_player
    p = g.players[seat]
    city = p.city
    cheap = sorted(COST[k] for k in p.hand if k not in city and k != "secret_vault")
    richest = most_cards = 0
    for o in g.players:
        if o is not p:
            richest = max(richest, o.gold)
            most_cards = max(most_cards, len(o.hand))
    n, pot, size = g.cfg.players, g.tax_pot, g.cfg.completion_size
    mine = p.chars
    best, best_v = legal[0], -99.0
    for a in legal:
        c = a.arg
        v = char_value(c, city, p.gold, len(p.hand), cheap, n, richest, most_cards, pot, size)
        if mine and any(RANK[x] == RANK[c] for x in mine):
            v -= 1.0
        v += rng.random() * 0.05
        if v > best_v:
            best, best_v = a, v
    return best


def _roll_draft_discard(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Two players: any (the basic tier's denial needs the opponent's view; a rollout does not care)."""
    return legal[rng.randrange(len(legal))]


def _roll_target(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Kill/rob/bewitch/warrant/threat: a strong character, not a face-up or own one."""
    out = g.faceup
    own = g.players[g.current_player].chars
    best, best_v = legal[0], -1.0
    for a in legal:
        c = a.arg
        if c in out or c in own:
            continue
        v = _ROLL_CHAR[c] + rng.random() * 0.6
        if v > best_v:
            best, best_v = a, v
    return best


def _roll_keep(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Table.card_keep_value: build value, less for a second copy or a card far out of reach of my gold."""
    p = g.players[g.current_player]
    city, hand, gold = p.city, p.hand, p.gold
    best, best_v = legal[0], -99.0
    for a in legal:
        c = a.arg
        v = _roll_value(city, c)
        if v >= 0:
            if c in hand and "quarry" not in city:
                v -= 2.0
            if COST[c] > gold + 2:
                v -= 0.5 * (COST[c] - gold - 2)
        if v > best_v:
            best, best_v = a, v
    return best


def _roll_warlord_player(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The city the basic Warlord chose in the menu."""
    target = _roll_warlord_target(g, g.current_player)
    if target is not None and A_PLAYER[target[0]] in legal:
        return A_PLAYER[target[0]]
    return _roll_leader_player(g, legal, rng)


def _roll_prefer(pred):
    """A rollout choice: the first legal action satisfying `pred`, else the first legal action."""
    def choose(g: Game, legal: list[Action], rng: random.Random) -> Action:
        return _first(legal, pred) or legal[0]
    return choose


#: Gold when possible (keeps the Framework and the city intact).
_roll_payment = _roll_prefer(lambda a: a.arg == "gold")
#: Bribe, confiscate: yes.
_roll_yes = _roll_prefer(lambda a: a == A_YES)
#: The Spy's type: the one with most cards in the looked-at hand (the spy names it before looking; in a sample
#: the hand is a guess anyway): trade, the commonest type, when unsure.
_roll_spy_type = _roll_prefer(lambda a: a == Action("type", "trade"))
#: Finish a multi-part choice as soon as allowed.
_roll_done_or_first = _roll_prefer(lambda a: a.verb == "done")


def _roll_reveal(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The Blackmailer reveals only the flower."""
    return A_YES if g.decision_data[1] == g.flower else A_NO


def _roll_leader_player(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Warlord/Armory/Diplomat/Marshal city: the opponent with the biggest city."""
    me = g.current_player
    return _best(legal, lambda a: len(g.players[a.arg].city) - (50 if a.arg == me else 0) + rng.random())


def _roll_cheapest(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The cheapest district named (destroy, give away, sacrifice)."""
    return _best(legal, lambda a: -COST[a.arg])


def _roll_dearest(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The dearest district or card named (take, seize, steal)."""
    return _best(legal, lambda a: COST[a.arg])


def _roll_magician_discard(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Put the cards I cannot build at the bottom of the deck, then draw as many."""
    city = g.players[g.current_player].city
    return (_first(legal, lambda a: a.verb == "card" and (a.arg in city or a.arg == "secret_vault"))
            or _roll_done_or_first(g, legal, rng))


def _roll_trailing_player(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The player with the smallest city (crown gifts, Cardinal's gold)."""
    return _best(legal, lambda a: -(len(g.players[a.arg].city) + rng.random()))


def _roll_most_cards(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The player with the biggest hand (Magician, Wizard, Spy)."""
    return _best(legal, lambda a: len(g.players[a.arg].hand) + rng.random())


def _roll_last(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The last option: all the Abbot's income in gold; the Wizard's card built at once when allowed (an
    extra build)."""
    return legal[-1]


def _roll_worst_card(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Give or discard a useless card, else the cheapest."""
    city = g.players[g.current_player].city
    return _best(legal, lambda a: -(COST[a.arg] if a.arg not in city else -5))


_ROLL = {
    "draft_keep": _roll_draft, "draft_discard": _roll_draft_discard, "keep_card": _roll_keep,
    "scholar_keep": _roll_keep, "payment": _roll_payment, "kill": _roll_target, "rob": _roll_target,
    "bewitch": _roll_target, "warrant": _roll_target, "threat": _roll_target, "confiscate": _roll_yes,
    "bribe": _roll_yes, "reveal_threat": _roll_reveal, "spy_type": _roll_spy_type,
    "warlord_player": _roll_warlord_player, "warlord_district": _roll_cheapest,
    "armory_player": _roll_leader_player, "armory_district": _roll_dearest,
    "diplomat_player": _roll_leader_player, "diplomat_take": _roll_dearest, "diplomat_give": _roll_cheapest,
    "marshal_player": _roll_leader_player, "marshal_district": _roll_dearest,
    "emperor_player": _roll_trailing_player, "emperor_heir": _roll_trailing_player,
    "cardinal_player": _roll_trailing_player, "magician_player": _roll_most_cards,
    "wizard_player": _roll_most_cards, "spy_player": _roll_most_cards, "wizard_card": _roll_dearest,
    "wizard_use": _roll_last, "abbot_income": _roll_last, "magician_discard": _roll_magician_discard,
    "thieves_den_cards": _roll_done_or_first, "artist": _roll_done_or_first, "seer_give": _roll_worst_card,
    "laboratory": _roll_worst_card, "museum": _roll_worst_card, "cardinal_cards": _roll_worst_card,
    "necropolis_sacrifice": _roll_cheapest,
}

__all__ = ["HeuristicAgent", "HolderModel", "StrongHeuristicAgent", "Table", "character_value",
           "rollout_action"]
