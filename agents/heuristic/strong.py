"""The strong tier, `StrongHeuristicAgent` ("heuristic-strong"): the basic player plus the draft reading of
`HolderModel` (draft risks, Theater swaps), targets by expected gain, completion timing (rush when ahead, do
not end a game it would lose) and blocking a player about to complete."""

from __future__ import annotations

import math

from citadels_env.core import Action
from citadels_env.core.actions import A_NO, A_PASS, A_YES
from citadels_env.core.cards import (
    ALCHEMIST,
    ARCHITECT,
    ASSASSIN,
    BISHOP,
    COST,
    IMPERIAL_TREASURY,
    MAGISTRATE,
    MARSHAL,
    MERCHANT,
    MONUMENT,
    NAVIGATOR,
    QUARRY,
    RANK,
    THIEF,
    WARLORD,
    WITCH,
)
from citadels_env.core.city import city_size

from .basic import HeuristicAgent
from .model import HolderModel
from .table import Table, best_of, character_value, round_events
from .values import GOLD_INCOME, KILL_PRIORITY, RANK8, ROB_PRIORITY, income_count


# ============================================================================================================
# The strong tier
# ============================================================================================================
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
        if char == NAVIGATOR:
            build = 0.0
        elif char == ARCHITECT:
            build *= 1.6
        v = character_value(tb, char, seat) + build
        if tb.left(seat) <= 1 and char != NAVIGATOR:
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
        if near and char in (ASSASSIN, WITCH, WARLORD, MARSHAL, MAGISTRATE):
            turn += 2.0
        chars_in_game = set(tb.view.characters) - set(tb.view.faceup)
        if tb.left(tb.seat) <= 2 and char == BISHOP and any(c in chars_in_game for c in RANK8):
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
        if char == MERCHANT:
            gold += 1
        if char == NAVIGATOR:
            return 0.0
        limit = {"architect": 3, "seer": 2, "scholar": 2}.get(char, 1)
        pts = 0.0
        if char == ALCHEMIST:
            gold = gold + 3
        for c in sorted(useful, key=lambda c: -COST[c]):
            if limit == 0:
                break
            if COST[c] <= gold:
                gold -= COST[c]
                pts += tb.district_value(c)
                limit -= 1
        if char == ARCHITECT and len(useful) < 3:
            pts += 0.8  # the two extra cards may be built too
        return 0.35 * pts

    def on_draft_keep(self, tb: Table, legal) -> Action:
        """My value of each character, knowing who probably holds the Assassin and the Thief after this
        pick."""
        risks = self.pick_risks(tb, HolderModel(tb, self.model_temperature))
        return best_of(legal, lambda a: self.draft_score(tb, a.arg, risks) + self.rng.random() * 0.05)

    def on_draft_discard(self, tb: Table, legal) -> Action:
        """Two players: discard what would serve the opponent best, but never what I want next."""
        opp = tb.others()[0]
        return best_of(legal, lambda a: character_value(tb, a.arg, opp)
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
            if c == THIEF:
                g += model.in_play(c) * 0.5 * rich_me
            elif c in RANK8 and tb.score(tb.seat) >= max(tb.score(s) for s in tb.others()):
                g += model.in_play(c) * 1.5
            return g + self.rng.random() * 0.01
        return best_of(legal, gain)

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
        return best_of(legal, gain)

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
        return best_of(legal, gain)

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
            if c in (ARCHITECT, ALCHEMIST):
                g *= 1.2
            return g
        return best_of(legal, gain)

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
        return best_of(legal, gain)

    def on_bribe(self, tb: Table, legal) -> Action:
        """Bribe unless the other threat was revealed as the flower (then mine is blank)."""
        for e in round_events(tb.view):
            if e.kind == "threat_revealed" and e.seat != tb.seat:
                return A_NO if e.flower else A_YES
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
            if k == MONUMENT and tb.left(tb.seat) <= 3:
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
        return (WARLORD in v.characters and WARLORD not in v.faceup and WARLORD not in tb.chars
                and v.killed != WARLORD and v.rank_called < 8)

    def completes(self, tb: Table, kind: str) -> bool:
        """Whether building `kind` now completes my city first (and so ends the game this round)."""
        return tb.view.first_completer is None and city_size((*tb.city, kind)) >= tb.size

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
        return best_of(legal, lambda a: self.tempo_value(tb, a.arg))

    on_scholar_keep = on_keep_card

    def tempo_value(self, tb: Table, kind: str) -> float:
        """Build value minus 2.5 per gold I still lack: cards I can build now keep the tempo."""
        v = tb.district_value(kind)
        if v < 0:
            return v
        if kind in tb.hand and QUARRY not in tb.city:
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
        if ab == "artist" and IMPERIAL_TREASURY in tb.city and tb.final:
            return False
        if ab == "smithy":
            return (not tb.final and tb.gold >= 4 and len(tb.useful()) <= 1) or (
                gathered and not builds and tb.gold >= 6 and len(tb.useful()) <= 2 and not tb.final)
        return super().want_ability(tb, ab, gathered, builds)

    def on_emperor_player(self, tb: Table, legal) -> Action:
        """Never hand the crown (and the first pick) to the leader; take from a player with gold or cards."""
        return best_of(legal, lambda a: -tb.estimate(a.arg) - 3.0 * (self.threat(tb, a.arg) > 1.8)
                     + 0.3 * min(tb.players[a.arg].gold, 1))

    def on_spy_player(self, tb: Table, legal) -> Action:
        """A big hand with gold to take, preferably the leader's."""
        return best_of(legal, lambda a: (min(tb.players[a.arg].hand_size, tb.players[a.arg].gold + 2)
                                       * self.threat(tb, a.arg), tb.players[a.arg].hand_size))
