"""§4 The action phase: calling the ranks, the turn skeleton, gathering, building and paying, end of turn and round.

A turn is played in one of four modes (§5.2): `normal`; `witch_casting` (the Witch gathers, then must bewitch, and
her turn is put on hold); `bewitched` (its holder only gathers); `witch_resumed` (the Witch plays the rest of the
bewitched character's turn with her own hand, gold and city).
"""

from __future__ import annotations

from . import scoring, selection
from .actions import (
    A_ABILITY,
    A_BEAUTIFIED,
    A_BUILD,
    A_CARD,
    A_DISTRICT,
    A_NO,
    A_PAY,
    A_PLAYER,
    A_YES,
    ABILITY,
    BUILD,
    DONE,
    END,
    END_TURN,
    GATHER,
    GATHER_CARDS,
    GATHER_GOLD,
    YES,
    Action,
)
from .cards import (
    ALCHEMIST,
    ARCHITECT,
    BISHOP,
    CARDINAL,
    COST,
    EMPEROR,
    FACTORY,
    FRAMEWORK,
    KING,
    NAVIGATOR,
    NECROPOLIS,
    PARK,
    PATRICIAN,
    POOR_HOUSE,
    QUEEN,
    RANK,
    SCHOLAR,
    SEER,
    STABLES,
    THIEVES_DEN,
    TRADE,
    TRADER,
    TYPE,
    WITCH,
    WIZARD,
)
from .city import cards_drawn, gold_gathered, gold_price, keeps_all_drawn, may_enter
from .decisions import ABILITY_BY_ID, CHARACTER_ABILITIES, DISTRICT_ABILITIES, DISTRICT_ABILITY_IDS, decision
from .events import Alchemist as AlchemistRefund
from .events import (
    Bribed,
    Building,
    Built,
    Called,
    Cardinal,
    Confiscated,
    Crown,
    EndTurn,
    GameOver,
    GatherCards,
    GatherGold,
    Heir,
    Queen,
    RefusedBribe,
    Robbed,
    ThreatRevealed,
)
from .events import Park as ParkDraw
from .events import PoorHouse as PoorHouseGold
from .state import ALL, BEWITCHED, END_ROUND, NORMAL, OVER, WITCH_CASTING, WITCH_RESUMED, GameState, Turn

#: The Queen's gold, by her ability or beside a killed rank-4 character (§5.25).
QUEEN_GOLD = 3

#: Districts a character may build in a turn, when not 1 (§4.4, §5).
BUILD_LIMIT = {ARCHITECT: 3, SEER: 2, SCHOLAR: 2, NAVIGATOR: 0}


# -- calling the characters (§4.1) -----------------------------------------------------------------------------------
def call_next_rank(g: GameState) -> None:
    r = g.rank_called + 1
    if r > g.max_rank:
        g.phase = END_ROUND
        g.end_step = 0
        return
    g.rank_called = r
    c = g.char_of_rank[r]
    seat = g.holder.get(c)
    if seat is None or c == g.killed:  # not in play, or killed: nobody answers (§5.1)
        g.event(Called, (c, None))
        return
    g.revealed[c] = seat
    g.event(Called, (c, seat))
    if r == 4:
        g.rank4_seat = seat
    if c == WITCH:
        begin_turn(g, seat, c, WITCH_CASTING)
    elif c == g.bewitched:
        begin_turn(g, seat, c, BEWITCHED)
    else:
        begin_turn(g, seat, c, NORMAL)


def begin_turn(g: GameState, seat: int, char: str, mode: str) -> None:
    g.turn = Turn(seat, char, mode, BUILD_LIMIT.get(char, 1))
    if char == g.robbed and mode == NORMAL:  # §4.2.1: robbed on reveal, before gathering
        p = g.players[seat]
        stolen, p.gold = p.gold, 0
        g.players[g.robber_seat].gold += stolen
        g.event(Robbed, (g.robber_seat, seat, stolen))
    if char in (KING, PATRICIAN) and mode != WITCH_RESUMED and g.crown != seat:  # forced: not asked (§5.10)
        g.crown = seat  # a bewitched King still gets the crown; the Witch does not
        g.event(Crown, (seat,))
    if char == BISHOP and mode != BEWITCHED:
        g.protected_seat = seat  # Q3: for the rest of the round; the Witch's districts if she plays the Bishop
    if char == QUEEN and mode != BEWITCHED:
        g.queen_seat = seat


def end_turn(g: GameState) -> None:
    """§4.8: Poor House, then the Alchemist's refund, then the Park; none for a bewitched player or a Witch on hold."""
    t = g.turn
    assert t is not None
    p = g.players[t.seat]
    if t.mode in (NORMAL, WITCH_RESUMED):
        if POOR_HOUSE in p.city and p.gold == 0:
            p.gold += 1
            g.event(PoorHouseGold, (t.seat,))
        if t.char == ALCHEMIST and t.gold_spent:
            p.gold += t.gold_spent
            g.event(AlchemistRefund, (t.seat, t.gold_spent))
        if PARK in p.city and not p.hand:
            g.draw_to_hand(t.seat, 2)
            g.event(ParkDraw, (t.seat,))
    g.turn = None
    g.event(EndTurn, (t.seat, t.char))
    if t.mode == BEWITCHED:  # the Witch resumes her turn as the bewitched character (§5.2)
        begin_turn(g, g.witch_seat, t.char, WITCH_RESUMED)


# -- the turn menu -------------------------------------------------------------------------------------------------
def menu_actions(g: GameState) -> list[Action]:
    t = g.turn
    p = g.players[t.seat]
    acts: list[Action] = []
    if not t.gathered:
        acts += (GATHER_GOLD, GATHER_CARDS)
        if t.mode != NORMAL or t.char in g.threats_open:  # §4.6: gather first (Witch, bewitched, threatened)
            return acts
    for ab in CHARACTER_ABILITIES.get(t.char, ()):
        if ab.key not in t.used and ab.available(g, t):
            acts.append(A_ABILITY[ab.id])
    city = p.city
    if not DISTRICT_ABILITY_IDS.isdisjoint(city):
        for ab in DISTRICT_ABILITIES.values():
            if ab.id in city and ab.key not in t.used and ab.available(g, t):
                acts.append(A_ABILITY[ab.id])
    if t.gathered:
        if t.limit:
            for kind in buildable(g, t, dict.fromkeys(p.hand)):
                acts.append(A_BUILD[kind])
        if t.char != EMPEROR or EMPEROR in t.used:  # the Emperor must move the crown first (Q29)
            acts.append(END)
    return acts


def menu_allows(g: GameState, action: Action) -> bool:
    """Whether `action` is in menu_actions(g), without listing the menu."""
    t = g.turn
    if t is None:
        return False
    verb, arg = action
    if verb == GATHER:
        return not t.gathered and arg in ("gold", "cards")
    if not t.gathered and (t.mode != NORMAL or t.char in g.threats_open):
        return False
    if verb == END_TURN:
        return arg is None and t.gathered and (t.char != EMPEROR or EMPEROR in t.used)
    if not isinstance(arg, str):
        return False
    if verb == BUILD:
        return t.gathered and t.limit > 0 and arg in g.players[t.seat].hand and can_build(g, t, arg)
    if verb == ABILITY:
        ab = ABILITY_BY_ID.get(arg)
        if ab is None or ab.key in t.used:
            return False
        if arg in DISTRICT_ABILITIES:
            return arg in g.players[t.seat].city and ab.available(g, t)
        return ab in CHARACTER_ABILITIES.get(t.char, ()) and ab.available(g, t)
    return False


def apply_menu(g: GameState, action: Action) -> None:
    t = g.turn
    verb = action.verb
    if verb == GATHER:
        gather(g, t, action.arg)
    elif verb == BUILD:
        start_build(g, t, action.arg)
    elif verb == ABILITY:
        ab = ABILITY_BY_ID[action.arg]
        t.used = (*t.used, ab.key)
        ab.use(g, t)
    elif verb == END_TURN:
        end_turn(g)


# -- gathering (§4.3) ------------------------------------------------------------------------------------------------
def gather(g: GameState, t: Turn, what: str) -> None:
    p = g.players[t.seat]
    if what == "gold":
        amount = gold_gathered(p.city)
        p.gold += amount
        g.event(GatherGold, (t.seat, amount))
        after_gather(g)
        return
    drawn = g.draw(cards_drawn(p.city))
    g.event(GatherCards, (t.seat, len(drawn)))
    if keeps_all_drawn(p.city) or len(drawn) <= 1:
        for c in drawn:
            g.give(t.seat, c, 0)
        after_gather(g)
    else:
        g.in_transit += drawn
        g.push("keep_card", t.seat, tuple(drawn))


@decision("keep_card", "keep one of the cards drawn when gathering; the others go to the bottom of the deck")
def keep_card_actions(g: GameState, drawn) -> list[Action]:
    return [A_CARD[c] for c in dict.fromkeys(drawn)]


@keep_card_actions.resolver
def keep_card(g: GameState, drawn, action: Action) -> None:
    rest = list(drawn)
    rest.remove(action.arg)
    del g.in_transit[-len(drawn):]
    g.give(g.turn.seat, action.arg, 0)
    for c in rest:
        g.to_bottom(c)
    after_gather(g)


def after_gather(g: GameState) -> None:
    t = g.turn
    t.gathered = True
    if t.mode == WITCH_CASTING:
        g.push("bewitch", t.seat)
    elif t.mode == BEWITCHED:
        end_turn(g)
    elif t.char in g.threats_open:
        g.push("bribe", t.seat, t.char)


# -- building (§4.4) -----------------------------------------------------------------------------------------------
def counts_toward_limit(t: Turn, kind: str) -> bool:
    """The Stables, and the Trader's trade districts, do not count toward the build limit (§5.18, §6)."""
    return not (kind == STABLES or (t.char == TRADER and TYPE[kind] == TRADE))


def may_place(g: GameState, t: Turn, kind: str) -> bool:
    """Whether `kind` may enter the builder's city (`city.may_enter`; the Wizard may build a duplicate)."""
    return may_enter(g.players[t.seat].city, kind, wizard=t.char == WIZARD)


def payment_methods(g: GameState, t: Turn, kind: str, spare_cards: int, paid_only: bool = False) -> list[str]:
    """Ways to pay for `kind`; spare_cards = hand cards available as payment. paid_only: the Wizard's immediate
    build must be paid (gold, or cards for the Thieves' Den)."""
    p = g.players[t.seat]
    price = gold_price(p.city, kind)
    methods = []
    if p.gold >= price:
        methods.append("gold")
    if kind == THIEVES_DEN and spare_cards and p.gold + spare_cards >= price:
        methods.append("thieves_den")
    if paid_only:
        return methods
    if FRAMEWORK in p.city and kind != FRAMEWORK:
        methods.append("framework")
    if kind == NECROPOLIS and p.city:
        methods.append("necropolis")
    if t.char == CARDINAL and "cardinal" not in t.used and p.gold < price:
        short = price - p.gold
        if spare_cards >= short and any(o.gold >= short for o in g.players if o.seat != t.seat):
            methods.append("cardinal")
    return methods


def buildable(g: GameState, t: Turn, kinds) -> list[str]:
    """Those of `kinds` (from the hand) that may be built now: the turn menu's hot path, so what is the same for
    every card is read once."""
    p = g.players[t.seat]
    gold, city = p.gold, p.city
    # Gold short of the cost can be made up only with these (see payment_methods): the cheapest refusal comes first.
    other_payment = FRAMEWORK in city or FACTORY in city or t.char == CARDINAL
    full = t.builds >= t.limit
    wizard = t.char == WIZARD
    out = []
    for kind in kinds:
        affordable = gold >= COST[kind]  # the common case, without listing the payment methods
        if not affordable and not (other_payment or kind in (NECROPOLIS, THIEVES_DEN)):
            continue
        if (full and counts_toward_limit(t, kind)) or not may_enter(city, kind, wizard):
            continue
        if affordable or payment_methods(g, t, kind, len(p.hand) - 1):
            out.append(kind)
    return out


def can_build(g: GameState, t: Turn, kind: str) -> bool:
    """Whether `kind` from the hand may be built now."""
    return bool(buildable(g, t, (kind,)))


def start_build(g: GameState, t: Turn, kind: str) -> None:
    g.take(t.seat, kind, ALL)
    g.in_transit.append(kind)
    if counts_toward_limit(t, kind):
        t.builds += 1
    g.event(Building, (t.seat, kind))
    choose_payment(g, t, kind, counts=True)


def choose_payment(g: GameState, t: Turn, kind: str, counts: bool) -> None:
    """counts=False for the Wizard's immediate build (paid methods only)."""
    methods = payment_methods(g, t, kind, len(g.players[t.seat].hand), paid_only=not counts)
    if len(methods) == 1:
        pay(g, t, kind, methods[0])
    else:
        g.push("payment", t.seat, (kind, tuple(methods)))


@decision("payment", "choose how to pay for the district being built")
def payment_actions(g: GameState, data) -> list[Action]:
    return [A_PAY[m] for m in data[1]]


@payment_actions.resolver
def payment(g: GameState, data, action: Action) -> None:
    pay(g, g.turn, data[0], action.arg)


def pay(g: GameState, t: Turn, kind: str, method: str) -> None:
    p = g.players[t.seat]
    price = gold_price(p.city, kind)
    if method == "gold":
        p.gold -= price
        complete_build(g, t, kind, price, paid=True)
    elif method == "framework":  # §2.4: destroy the Framework instead of paying
        g.destroy(t.seat, FRAMEWORK, FRAMEWORK in p.beautified)
        complete_build(g, t, kind, 0, paid=False)
    elif method == "necropolis":
        g.push("necropolis_sacrifice", t.seat, kind)
    elif method == "thieves_den":
        g.push("thieves_den_cards", t.seat, (kind, price, 0))
    elif method == "cardinal":
        t.used = (*t.used, "cardinal")
        g.push("cardinal_player", t.seat, (kind, price - p.gold))


@decision("necropolis_sacrifice", "Necropolis: choose a district of your city to destroy instead of paying")
def necropolis_actions(g: GameState, kind) -> list[Action]:
    return district_targets(g, g.turn.seat, lambda k, b: True)


@necropolis_actions.resolver
def necropolis(g: GameState, kind, action: Action) -> None:
    t = g.turn
    g.destroy(t.seat, action.arg, action.verb != "district")
    complete_build(g, t, kind, 0, paid=False)


@decision("thieves_den_cards", "Thieves' Den: add a card from your hand to the payment, or done (rest in gold)")
def thieves_den_actions(g: GameState, data) -> list[Action]:
    _, price, given = data
    p = g.players[g.turn.seat]
    acts = [A_CARD[c] for c in dict.fromkeys(p.hand)] if given < price else []
    if given and p.gold >= price - given:
        acts.append(Action(DONE))
    return acts


@thieves_den_actions.resolver
def thieves_den(g: GameState, data, action: Action) -> None:
    kind, price, given = data
    t = g.turn
    if action.verb == DONE:
        gold = price - given
        g.players[t.seat].gold -= gold
        complete_build(g, t, kind, gold, paid=True)  # Q9: paid, even entirely in cards
        return
    g.take(t.seat, action.arg, 1 << t.seat)
    g.to_bottom(action.arg)  # Q25
    if given + 1 == price:
        complete_build(g, t, kind, 0, paid=True)
    else:
        g.push("thieves_den_cards", t.seat, (kind, price, given + 1))


@decision("cardinal_player", "Cardinal: choose the player who gives you the missing gold for cards")
def cardinal_player_actions(g: GameState, data) -> list[Action]:
    short = data[1]
    return [A_PLAYER[o.seat] for o in g.players if o.seat != g.turn.seat and o.gold >= short]


@cardinal_player_actions.resolver
def cardinal_player(g: GameState, data, action: Action) -> None:
    kind, short = data
    g.push("cardinal_cards", g.turn.seat, (kind, action.arg, short))


@decision("cardinal_cards", "Cardinal: give a card from your hand for each gold taken")
def cardinal_cards_actions(g: GameState, data) -> list[Action]:
    return [A_CARD[c] for c in dict.fromkeys(g.players[g.turn.seat].hand)]


@cardinal_cards_actions.resolver
def cardinal_cards(g: GameState, data, action: Action) -> None:
    kind, other, left = data
    t = g.turn
    g.take(t.seat, action.arg, (1 << t.seat) | (1 << other))
    g.give(other, action.arg, 1 << t.seat)
    if left > 1:
        g.push("cardinal_cards", t.seat, (kind, other, left - 1))
        return
    short = gold_price(g.players[t.seat].city, kind) - g.players[t.seat].gold
    g.players[other].gold -= short
    g.players[t.seat].gold += short
    g.event(Cardinal, (t.seat, other, short))
    pay(g, t, kind, "gold")


def complete_build(g: GameState, t: Turn, kind: str, gold_paid: int, paid: bool) -> None:
    """The district is paid for: offer it to the Magistrate if it is the first paid build of a warranted character
    (every warrant asks, so the question does not reveal which warrant is signed), else put it in the city."""
    t.gold_spent += gold_paid
    if paid and not t.paid_build_seen:
        t.paid_build_seen = True
        if t.char in g.warrants and g.magistrate_seat is not None and not g.warrant_revealed:
            g.push("confiscate", g.magistrate_seat, (t.seat, kind, gold_paid))
            return
    finish_build(g, t.seat, kind)


def finish_build(g: GameState, seat: int, kind: str) -> None:
    g.in_transit.remove(kind)
    g.event(Built, (seat, kind))
    g.add_to_city(seat, kind)
    g.pay_tax(seat)


def district_targets(g: GameState, seat: int, ok) -> list[Action]:
    """Actions naming the districts of `seat`'s city accepted by ok(kind, beautified)."""
    return [(A_BEAUTIFIED if b else A_DISTRICT)[k] for k, b in g.city_entries(seat) if ok(k, b)]


# -- end of the round (§4.9) ---------------------------------------------------------------------------------------
def end_of_round_step(g: GameState) -> None:
    step = g.end_step
    g.end_step += 1
    killed = g.killed
    heir = g.holder.get(killed) if killed is not None and RANK[killed] == 4 else None
    if step == 0:
        if heir is not None:  # killed rank 4: revealed now (and counts as revealed for the tie-break, Q7)
            g.revealed[killed] = heir
            g.event(Heir, (killed, heir))
            if killed == EMPEROR:
                g.push("emperor_heir", heir)
            elif g.crown != heir:
                g.crown = heir
                g.event(Crown, (heir,))
    elif step == 1:
        q = g.queen_seat
        if heir is not None and q is not None and (q - heir) % g.cfg.players in (1, g.cfg.players - 1):
            g.players[q].gold += QUEEN_GOLD
            g.event(Queen, (q, QUEEN_GOLD))
    elif step == 2:
        g.warrants, g.threats, g.threats_open = (), (), ()
        if g.first_completer is not None:
            g.phase = OVER
            g.turn = None
            g.outcome = scoring.score_game(g)
            g.event(GameOver, (g.outcome.winner,))
        else:
            selection.start_round(g)


@decision("emperor_heir", "killed Emperor, at the end of the round: give the crown to another player")
def emperor_heir_actions(g: GameState, data) -> list[Action]:
    seat = g.pending[-1].seat
    return [A_PLAYER[s] for s in range(g.cfg.players) if s != seat and s != g.crown]


@emperor_heir_actions.resolver
def emperor_heir(g: GameState, data, action: Action) -> None:
    g.crown = action.arg
    g.event(Crown, (action.arg,))


# -- the Magistrate's confiscation and the Blackmailer's threats interrupt the turn of another seat ------------------
@decision("confiscate", "Magistrate: reveal the signed warrant and confiscate the district just paid for?")
def confiscate_actions(g: GameState, data) -> list[Action]:
    kind = data[1]
    t = g.turn
    mag = g.players[g.magistrate_seat].city
    ok = t.char == g.signed and kind not in mag and may_enter(mag, kind)  # Q9: no duplicate, even with a Quarry
    return [A_YES, A_NO] if ok else [A_NO]


@confiscate_actions.resolver
def confiscate(g: GameState, data, action: Action) -> None:
    builder, kind, gold_paid = data
    if action.verb != YES:
        finish_build(g, builder, kind)
        return
    t = g.turn
    g.warrant_revealed = True
    g.players[builder].gold += gold_paid  # the target gets his gold back (not the Thieves' Den cards)
    t.gold_spent -= gold_paid  # Q9(d): no Alchemist refund for it
    mag = g.magistrate_seat
    g.event(Confiscated, (mag, builder, kind))
    g.in_transit.remove(kind)
    g.add_to_city(mag, kind)
    g.pay_tax(mag)  # §5.27: the Magistrate pays the tax


@decision("bribe", "threatened: bribe the Blackmailer with half your gold to remove the threat?")
def bribe_actions(g: GameState, char) -> list[Action]:
    return [A_YES, A_NO]


@bribe_actions.resolver
def bribe(g: GameState, char, action: Action) -> None:
    seat = g.turn.seat
    if action.verb == YES:
        p = g.players[seat]
        amount = p.gold // 2
        p.gold -= amount
        g.players[g.blackmailer_seat].gold += amount
        g.threats_open = tuple(c for c in g.threats_open if c != char)
        g.event(Bribed, (seat, g.blackmailer_seat, amount))
    else:
        g.event(RefusedBribe, (seat,))
        g.push("reveal_threat", g.blackmailer_seat, (seat, char))


@decision("reveal_threat", "Blackmailer: the threatened player did not bribe you; reveal his threat token?")
def reveal_threat_actions(g: GameState, data) -> list[Action]:
    return [A_YES, A_NO]


@reveal_threat_actions.resolver
def reveal_threat(g: GameState, data, action: Action) -> None:
    seat, char = data
    g.threats_open = tuple(c for c in g.threats_open if c != char)
    if action.verb != YES:
        return
    flower = char == g.flower
    g.event(ThreatRevealed, (seat, char, flower))
    if flower:
        p = g.players[seat]
        taken, p.gold = p.gold, 0
        g.players[g.blackmailer_seat].gold += taken

