"""The basic tier, `HeuristicAgent` ("heuristic"): the decision dispatch, the turn menu (what to gather,
what to build, which abilities to use, planning their targets) and the draft. The answers to the decisions
that follow (ability targets, follow-ups, payments) are its mixin in `followups`."""

from __future__ import annotations

import random

from citadels_env.core import Action, GameConfig
from citadels_env.core.actions import A_NO, A_PASS, END, GATHER_CARDS, GATHER_GOLD
from citadels_env.core.cards import (
    CARDINAL,
    CHARACTERS,
    COST,
    FRAMEWORK,
    KEEP,
    LIBRARY,
    NECROPOLIS,
    RANK,
    THIEVES_DEN,
    TYPE,
)
from citadels_env.core.city import destroy_price, gold_price

from ..base import Agent, Decision
from .followups import FollowUpChoices
from .table import Table, best_of, character_value


# ============================================================================================================
# The basic tier
# ============================================================================================================
class HeuristicAgent(FollowUpChoices, Agent):
    """Basic rule-based player: sensible economy, greedy builds, simple draft and targets."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, noise: float = 0.0) -> None:
        """`noise`: the share of decisions (of more than one legal answer) answered uniformly at random instead, a
        rule bot that is not quite itself (`heuristic:noise=0.2`): weaker and less predictable. 0, the default,
        draws nothing, so the bot plays exactly as without the option."""
        try:
            self.noise = float(noise)
        except (TypeError, ValueError):
            raise ValueError(f"noise={noise!r}: must be a number between 0 and 1") from None
        if not 0.0 <= self.noise <= 1.0:
            raise ValueError(f"noise={noise!r}: must be a number between 0 and 1")
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
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
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
        if LIBRARY in tb.city and len(useful) <= 2:
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
        price = gold_price(tb.city, kind)
        if tb.gold >= price:
            return 0.0
        if kind == THIEVES_DEN and tb.gold + len(tb.hand) - 1 >= price:
            return 0.5 * (price - tb.gold)
        if tb.char == CARDINAL:
            return 0.3 * (price - tb.gold)
        if FRAMEWORK in tb.city and kind != FRAMEWORK:
            return 4.0
        if kind == NECROPOLIS:
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
        out = []
        beaut = list(p.beautified)
        for k in dict.fromkeys(p.city):
            if k == KEEP:
                continue
            b = k in beaut
            price = destroy_price(p.city, k, b, tb.wall_self)
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
                if k in tb.city or k == KEEP:
                    continue
                for g in tb.city:
                    if g in p.city or g in (KEEP, k):
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
                if k in tb.city or k == KEEP or COST[k] + (k in p.beautified) > 3:
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
        return best_of(legal, lambda a: self.draft_score(tb, a.arg) + self.rng.random() * 0.05)

    def draft_score(self, tb: Table, char: str) -> float:
        """character_value for my hand; with 2-3 players, a second character of another rank."""
        v = character_value(tb, char, tb.seat, tb.hand)
        if tb.n <= 3 and any(RANK[c] == RANK[char] for c in tb.chars):  # my second character: another role
            v -= 1.0
        return v

    def on_draft_discard(self, tb: Table, legal) -> Action:
        """Two players: discard what would serve the opponent best."""
        opp = tb.others()[0]
        return best_of(legal, lambda a: character_value(tb, a.arg, opp))

    def on_theater(self, tb: Table, legal) -> Action:
        """The basic tier keeps the character it chose."""
        return A_PASS

    def on_theater_give(self, tb: Table, legal) -> Action:
        """Give away the character that is worth least to me."""
        return best_of(legal, lambda a: -character_value(tb, a.arg, tb.seat, tb.hand))


#: Abilities used as soon as they are offered, before gathering (information, targets, free resources).
PRE_GATHER = frozenset({"kill", "rob", "warrants", "threaten", "spy", "magician_swap", "magician_discard",
                        "seer", "architect_cards", "merchant_gold", "tax_collector", "queen", "abbot_richest",
                        "emperor", "scholar", "smithy"})
#: Abilities always worth using when offered (targets, information, free resources).
ALWAYS_USE = frozenset({"kill", "rob", "warrants", "threaten", "merchant_gold", "tax_collector", "queen",
                        "architect_cards", "emperor", "abbot_richest", "scholar", "spy", "seer", "income",
                        "wizard"})
