"""The basic tier's answers to the decisions that follow a choice: the character an ability targets (kill,
rob, bewitch, warrants, threats), the follow-ups of a turn ability (whose city, which district, which card;
usually the choice planned in the turn menu), and how to pay for a build.

`FollowUpChoices` is a mixin of `HeuristicAgent` (agents/heuristic/basic.py), kept apart so that the
turn menu and the draft read on their own; it uses the agent's `plan` (filled by the menu's planning),
`rng` and `museum_card`."""

from __future__ import annotations

from citadels_env.core import Action
from citadels_env.core.actions import A_NO, A_YES
from citadels_env.core.cards import BASILICA, CARDINAL, COST, NECROPOLIS, THIEVES_DEN, TYPE
from citadels_env.core.knowledge import absent_characters

from .table import Table, best_of, character_value, first_of, round_events
from .values import BASE_COUNTS, KILL_PRIORITY, ROB_PRIORITY, TYPES


def _planned(legal, plan: tuple | None, i: int) -> Action | None:
    """The legal action naming `plan[i]` (a district chosen in the turn menu), or None (no plan, or gone)."""
    return None if plan is None else first_of(legal, lambda a: a.arg == plan[i])


class FollowUpChoices:
    """The handlers `HeuristicAgent` dispatches to after its turn menu and draft: targets, ability
    follow-ups, payments."""

    # -- targets ---------------------------------------------------------------------------------------------
    def unavailable(self, tb: Table) -> set[str]:
        """Characters that cannot be anyone else's this round: face-up, mine, called with nobody answering."""
        v = tb.view
        out = set(v.faceup) | set(tb.chars)
        out.update(absent_characters(round_events(v)))
        return out

    def by_priority(self, tb: Table, legal, priority: dict[str, float], noise: float) -> Action:
        """The character first in `priority` (1 when not listed), give or take `noise`; never one that cannot
        be anyone else's (mine, face up, called with nobody answering)."""
        out = self.unavailable(tb)
        return best_of(legal, lambda a: (priority.get(a.arg, 1.0) if a.arg not in out else -5.0)
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
        return best_of(legal, lambda a: (character_value(tb, a.arg, tb.seat, tb.hand)
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
        return best_of(legal, lambda a: tb.players[a.arg].hand_size)

    def on_magician_discard(self, tb: Table, legal) -> Action:
        """Put the useless cards under the deck, then draw as many."""
        worst = tb.worst_cards()
        if worst and tb.card_keep_value(worst[0]) < 0.5:
            return Action("card", worst[0])
        done = Action("done")
        return done if done in legal else Action("card", worst[0])

    def on_wizard_player(self, tb: Table, legal) -> Action:
        """The biggest hand, the leader's on ties."""
        return best_of(legal, lambda a: (tb.players[a.arg].hand_size, tb.score(a.arg)))

    def on_wizard_card(self, tb: Table, legal) -> Action:
        """The card most worth having, better still if I can build it right away."""
        return best_of(legal, lambda a: tb.card_keep_value(a.arg) + (2.0 if COST[a.arg] <= tb.gold else 0.0))

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
        return best_of(legal, lambda a: (min(tb.players[a.arg].hand_size, tb.players[a.arg].gold + 2),
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
        return best_of(legal, lambda a: left.get(a.arg, 0))

    def on_emperor_player(self, tb: Table, legal) -> Action:
        """Give the crown to a trailing player, preferably one with gold to take."""
        return best_of(legal, lambda a: -tb.estimate(a.arg) + 0.3 * min(tb.players[a.arg].gold, 1))

    def on_emperor_heir(self, tb: Table, legal) -> Action:
        """The crown to the trailing player, never the leader."""
        return best_of(legal, lambda a: -tb.estimate(a.arg))

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
        return best_of(legal, lambda a: tb.estimate(a.arg))

    def on_scholar_keep(self, tb: Table, legal) -> Action:
        """The most useful of the seven cards."""
        return best_of(legal, lambda a: tb.card_keep_value(a.arg))

    def on_keep_card(self, tb: Table, legal) -> Action:
        """The most useful of the drawn cards."""
        return best_of(legal, lambda a: tb.card_keep_value(a.arg))

    def planned_player(self, tb: Table, legal, ability: str, spare_me: bool = False) -> Action:
        """The player chosen for `ability` in the turn menu, while still legal; else the one with the
        highest visible score (with `spare_me`, never myself)."""
        plan = self.plan.get(ability)
        if plan is not None and Action("player", plan[0]) in legal:
            return Action("player", plan[0])
        if spare_me:
            return best_of(legal, lambda a: tb.score(a.arg) - (100 if a.arg == tb.seat else 0))
        return best_of(legal, lambda a: tb.score(a.arg))

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
        return best_of(legal, lambda a: -COST[a.arg])

    def on_armory_player(self, tb: Table, legal) -> Action:
        """The city planned in the menu (else the leader's)."""
        return self.planned_player(tb, legal, "armory", spare_me=True)

    def on_armory_district(self, tb: Table, legal) -> Action:
        """The planned district, else the dearest of an opponent (the cheapest of mine)."""
        sign = -1 if tb.view.decision_data == tb.seat else 1
        return _planned(legal, self.plan.pop("armory", None), 1) or best_of(legal, lambda a: sign * COST[a.arg])

    def on_diplomat_player(self, tb: Table, legal) -> Action:
        """The player planned in the menu."""
        return self.planned_player(tb, legal, "diplomat")

    def on_diplomat_take(self, tb: Table, legal) -> Action:
        """The planned district (the plan stays for the district given back), else the dearest."""
        return _planned(legal, self.plan.get("diplomat"), 1) or best_of(legal, lambda a: COST[a.arg])

    def on_diplomat_give(self, tb: Table, legal) -> Action:
        """The planned district, else my cheapest that does not cost me a type."""
        return (_planned(legal, self.plan.pop("diplomat", None), 2)
                or best_of(legal, lambda a: -COST[a.arg] - tb.missing_type_bonus(a.arg)))

    def on_marshal_player(self, tb: Table, legal) -> Action:
        """The player planned in the menu."""
        return self.planned_player(tb, legal, "marshal")

    def on_marshal_district(self, tb: Table, legal) -> Action:
        """The planned district, else the one worth most in my city."""
        return (_planned(legal, self.plan.pop("marshal", None), 1)
                or best_of(legal, lambda a: tb.district_value(a.arg)))

    def on_artist(self, tb: Table, legal) -> Action:
        """Beautify (1 gold = 1 point) the dearest districts, which also makes them dearer to destroy; keep
        the last gold before the final round."""
        done = Action("done")
        options = [a for a in legal if a.verb == "district"]
        if not options or (done in legal and tb.gold <= 1 and not tb.final):
            return done if done in legal else legal[0]
        basilica = BASILICA in tb.city
        return best_of(options, lambda a: COST[a.arg] + (1.0 if basilica and COST[a.arg] % 2 == 0 else 0.0))

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
        if THIEVES_DEN in methods and len(spare) >= 2:
            return Action("pay", "thieves_den")
        if "gold" in methods:
            return Action("pay", "gold")
        if CARDINAL in methods:
            return Action("pay", "cardinal")
        if THIEVES_DEN in methods:
            return Action("pay", "thieves_den")
        if NECROPOLIS in methods and kind == NECROPOLIS:
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
        return best_of(legal, loss)

    def on_cardinal_player(self, tb: Table, legal) -> Action:
        """Take the gold from the trailing player (my cards help him least)."""
        return best_of(legal, lambda a: -tb.estimate(a.arg))

    def on_cardinal_cards(self, tb: Table, legal) -> Action:
        """Pay the Cardinal's loan with my least useful cards."""
        data = tb.view.decision_data
        building = data[0] if data else None
        for c in tb.worst_cards():
            if c != building and Action("card", c) in legal:
                return Action("card", c)
        return legal[0]
