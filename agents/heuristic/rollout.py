"""The fast rollout policy of tree search (agents/ismcts.py): `rollout_action(game, rng)` plays the basic
heuristic straight on a full `Game` (a determinized sample), reading the deciding seat's hand, gold and
city from the game instead of building a `Table`, and making cheap choices elsewhere. It shares only the
value tables, `char_value` and the choosers with the bots."""

from __future__ import annotations

import random

from citadels_env.core import Action, Game
from citadels_env.core.actions import A_NO, A_PLAYER, A_YES, END, GATHER_CARDS, GATHER_GOLD
from citadels_env.core.cards import (
    CHARACTERS,
    COST,
    KEEP,
    LIBRARY,
    QUARRY,
    RANK,
    SECRET_VAULT,
    THIEVES_DEN,
    TYPE,
    WARLORD,
)
from citadels_env.core.city import destroy_price, gold_price

from .table import best_of, first_of
from .values import KILL_PRIORITY, UNIQUE_EXTRA, char_value

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
    return first_of(legal, lambda a: a.verb in ("no", "pass", "done")) or legal[rng.randrange(len(legal))]


def _roll_value(city: list[str], kind: str) -> float:
    """Table.district_value without the dynamic parts: cost, new type, unique extras."""
    if kind == SECRET_VAULT or (kind in city and QUARRY not in city):
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
            if c != SECRET_VAULT and c not in city:
                useful += 1
                affordable += COST[c] <= gold
        if g.first_completer is not None:  # last round: cards only if nothing is within reach of 2 more gold
            return GATHER_GOLD if any(c not in city and COST[c] <= gold + 2 for c in p.hand) else GATHER_CARDS
        if (useful == 0 or (LIBRARY in city and useful <= 2) or (useful == 1 and affordable and gold >= 4)
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
            if gold_price(city, k) > p.gold and k != THIEVES_DEN:
                v -= 9.0  # only payable by destroying a district (Framework, Necropolis) or with the Cardinal
            if v > best_v:
                best, best_v = a, v
        elif verb == "ability":
            arg = a.arg
            if arg == "income":
                inc = a
            elif arg in _ROLL_PRE:
                pre = pre or a
            elif arg == WARLORD:
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
        useful = any(c not in city and c != SECRET_VAULT for c in hand)
        return (ab == "navigator_gold") == useful
    if ab == "magician_swap":
        useful = sum(1 for c in hand if c not in city and c != SECRET_VAULT)
        return useful <= 1 and any(len(o.hand) >= useful + 2 for o in g.players if o is not p)
    if ab == "artist":
        return p.gold >= 3 or g.first_completer is not None
    if ab in ("laboratory", "museum", "magician_discard"):
        return any(c in city or c == SECRET_VAULT for c in hand)
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
    best, best_price = None, 99
    for k in city:
        if k == KEEP:
            continue
        price = destroy_price(city, k, False, False)  # beautified districts are not told apart here
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
    cheap = sorted(COST[k] for k in p.hand if k not in city and k != SECRET_VAULT)
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
            if c in hand and QUARRY not in city:
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
        return first_of(legal, pred) or legal[0]
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
    return best_of(legal, lambda a: len(g.players[a.arg].city) - (50 if a.arg == me else 0) + rng.random())


def _roll_cheapest(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The cheapest district named (destroy, give away, sacrifice)."""
    return best_of(legal, lambda a: -COST[a.arg])


def _roll_dearest(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The dearest district or card named (take, seize, steal)."""
    return best_of(legal, lambda a: COST[a.arg])


def _roll_magician_discard(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Put the cards I cannot build at the bottom of the deck, then draw as many."""
    city = g.players[g.current_player].city
    return (first_of(legal, lambda a: a.verb == "card" and (a.arg in city or a.arg == SECRET_VAULT))
            or _roll_done_or_first(g, legal, rng))


def _roll_trailing_player(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The player with the smallest city (crown gifts, Cardinal's gold)."""
    return best_of(legal, lambda a: -(len(g.players[a.arg].city) + rng.random()))


def _roll_most_cards(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The player with the biggest hand (Magician, Wizard, Spy)."""
    return best_of(legal, lambda a: len(g.players[a.arg].hand) + rng.random())


def _roll_last(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """The last option: all the Abbot's income in gold; the Wizard's card built at once when allowed (an
    extra build)."""
    return legal[-1]


def _roll_worst_card(g: Game, legal: list[Action], rng: random.Random) -> Action:
    """Give or discard a useless card, else the cheapest."""
    city = g.players[g.current_player].city
    return best_of(legal, lambda a: -(COST[a.arg] if a.arg not in city else -5))


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
