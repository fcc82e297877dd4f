"""§5 The 27 characters: each one's abilities, in rank order, one section per card.

An ability (`decisions.Ability`) is offered in the turn menu while `available(g, turn)` holds and its `key` was not used
this turn (each ability once per turn, §0.3); choosing it calls `use`, which acts at once or asks follow-up decisions. Abilities that
would do nothing (income with no matching district, a look at an empty hand) are not offered. Forced effects (the King
takes the crown, the Bishop's protection, the Alchemist's refund, build limits) are applied by `turn`, not asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import events
from .actions import A_AMOUNT, A_CARD, A_CHAR, A_PLAYER, A_RESOURCE, A_TYPE, A_WIZARD, DONE, Action
from .cards import (
    ABBOT,
    ARCHITECT,
    ARTIST,
    ASSASSIN,
    BLACKMAILER,
    CARDINAL,
    CHARACTERS,
    COST,
    DIPLOMAT,
    DISTRICT_TYPES,
    EMPEROR,
    KEEP,
    MAGICIAN,
    MAGISTRATE,
    MARSHAL,
    MERCHANT,
    NAVIGATOR,
    PATRICIAN,
    QUEEN,
    RANK,
    SCHOLAR,
    SEER,
    SPY,
    TAX_COLLECTOR,
    THIEF,
    TYPE,
    WARLORD,
    WITCH,
    WIZARD,
)
from .city import count_type, destroy_price, seize_price, wall_surcharge
from .decisions import Ability, add_character_ability, decision
from .state import ALL, GameState, Turn
from .turn import choose_payment, district_targets, end_turn, may_place, payment_methods

#: The Marshal seizes only districts of this cost or less (§5.24).
MARSHAL_MAX_COST = 3


def ability(char: str, id_: str, key: str | None = None):
    """Register the ability a function returns as `(available, use)` for `char`'s turn menu."""

    def register(fn):
        available, use = fn()
        add_character_ability(char, Ability(id_, key or id_, available, use))
        return fn

    return register


def always(g: GameState, t: Turn) -> bool:
    return True


def others(g: GameState, seat: int) -> list[int]:
    n = g.cfg.players
    return [(seat + i) % n for i in range(1, n)]


def character_targets(g: GameState, ok: Callable[[str], bool]) -> list[Action]:
    return [A_CHAR[c] for c in g.cfg.characters if ok(c)]


def district_in_a_city(name: str, player_doc: str, district_doc: str,
                       targets: Callable[[GameState, int, int], list[Action]], resolve: Callable[[GameState, int, Action], None],
                       owners: Callable[[GameState, int], Iterable[int]] = lambda g, seat: range(g.cfg.players)):
    """The two decisions "choose a city, then one of its districts" (Warlord, Marshal, Armory): registers
    `<name>_player` and `<name>_district`, offering only cities with a target; returns (available, use).
    targets(g, seat, owner) lists the district actions; resolve(g, owner, action) acts on the chosen one."""

    def available(g: GameState, t: Turn) -> bool:
        seat = t.seat
        for s in owners(g, seat):  # noqa: SIM110  (a loop: asked at every step of the turn menu, a generator costs more)
            if targets(g, seat, s):
                return True
        return False

    def use(g: GameState, t: Turn) -> None:
        g.push(name + "_player", t.seat)

    def player_actions(g: GameState, data) -> list[Action]:
        seat = g.turn.seat
        return [A_PLAYER[s] for s in owners(g, seat) if targets(g, seat, s)]

    def player_chosen(g: GameState, data, action: Action) -> None:
        g.push(name + "_district", g.turn.seat, action.arg)

    decision(name + "_player", player_doc)(player_actions).resolver(player_chosen)
    decision(name + "_district", district_doc)(lambda g, owner: targets(g, g.turn.seat, owner)).resolver(
        lambda g, owner, action: resolve(g, owner, action))
    return available, use


def gain_cards(g: GameState, seat: int, n: int) -> None:
    if n:
        drawn = g.draw_to_hand(seat, n)
        g.event(events.Drew, (seat, len(drawn)))


def gain_gold(g: GameState, seat: int, n: int, why: type) -> None:
    """`seat` takes `n` gold from the bank; `why` is the event record that says so (`events.Income`...)."""
    g.players[seat].gold += n
    g.event(why, (seat, n))


# -- income: §4.5, shared by every character with an income type -------------------------------------------------------
def income_available(g: GameState, t: Turn) -> bool:
    return count_type(g.players[t.seat].city, CHARACTERS[t.char].income_type) > 0


def use_income(g: GameState, t: Turn) -> None:
    n = count_type(g.players[t.seat].city, CHARACTERS[t.char].income_type)
    if t.char == ABBOT:  # gold or card for each religious district, announced first (§5.14)
        g.push("abbot_income", t.seat, n)
    elif t.char in (PATRICIAN, CARDINAL):
        gain_cards(g, t.seat, n)
    else:
        gain_gold(g, t.seat, n, events.Income)


INCOME = Ability("income", "income", income_available, use_income)
for _c in CHARACTERS.values():
    if _c.income_type is not None:
        add_character_ability(_c.id, INCOME)


# -- rank 1 ------------------------------------------------------------------------------------------------------------
@ability(ASSASSIN, "kill")
def _assassin():
    def use(g: GameState, t: Turn) -> None:
        g.push("kill", t.seat)

    return always, use


@decision("kill", "Assassin: name the character to kill")
def kill_actions(g: GameState, data) -> list[Action]:
    return character_targets(g, lambda c: c != ASSASSIN)  # Q27


@kill_actions.resolver
def kill(g: GameState, data, action: Action) -> None:
    g.killed = action.arg
    g.event(events.Killed, (action.arg,))


# The Witch's part 1 is forced by `turn.after_gather`: she must name a character (Q2).
@decision("bewitch", "Witch: name the character to bewitch (your turn is put on hold)")
def bewitch_actions(g: GameState, data) -> list[Action]:
    return character_targets(g, lambda c: c != WITCH)


@bewitch_actions.resolver
def bewitch(g: GameState, data, action: Action) -> None:
    g.bewitched = action.arg
    g.witch_seat = g.turn.seat
    g.event(events.Bewitched, (action.arg,))
    end_turn(g)


@ability(MAGISTRATE, "warrants")
def _magistrate():
    def use(g: GameState, t: Turn) -> None:
        g.push("warrant", t.seat, ())

    return always, use


@decision("warrant", "Magistrate: place the signed warrant, then the two unsigned ones, on other characters")
def warrant_actions(g: GameState, placed) -> list[Action]:
    own = g.players[g.turn.seat].chars  # Q8: not on the placer's own characters
    return character_targets(g, lambda c: c != MAGISTRATE and c not in own and c not in placed)


@warrant_actions.resolver
def warrant(g: GameState, placed, action: Action) -> None:
    placed = (*placed, action.arg)
    seat = g.turn.seat
    if len(placed) < 3:
        g.push("warrant", seat, placed)
        return
    g.signed = placed[0]
    g.magistrate_seat = seat
    g.warrants = tuple(sorted(placed, key=RANK.__getitem__))
    g.event(events.Warrants, (seat, g.warrants))
    g.event(events.SignedWarrant, (seat, g.signed), seen_by=1 << seat)


# -- rank 2 ------------------------------------------------------------------------------------------------------------
@ability(THIEF, "rob")
def _thief():
    def use(g: GameState, t: Turn) -> None:
        g.push("rob", t.seat)

    return always, use


@decision("rob", "Thief: name the character to rob (not rank 1, not killed, not bewitched)")
def rob_actions(g: GameState, data) -> list[Action]:
    return character_targets(g, lambda c: RANK[c] > 1 and c not in (THIEF, g.killed, g.bewitched))


@rob_actions.resolver
def rob(g: GameState, data, action: Action) -> None:
    g.robbed = action.arg
    g.robber_seat = g.turn.seat
    g.event(events.Rob, (action.arg,))


@ability(SPY, "spy")
def _spy():
    def available(g: GameState, t: Turn) -> bool:
        return any(g.players[s].hand for s in others(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        g.push("spy_player", t.seat)

    return available, use


@decision("spy_player", "Spy: choose the player whose hand you look at")
def spy_player_actions(g: GameState, data) -> list[Action]:
    return [A_PLAYER[s] for s in others(g, g.turn.seat) if g.players[s].hand]


@spy_player_actions.resolver
def spy_player(g: GameState, data, action: Action) -> None:
    g.push("spy_type", g.turn.seat, action.arg)


@decision("spy_type", "Spy: name a district type")
def spy_type_actions(g: GameState, target) -> list[Action]:
    return [A_TYPE[d] for d in DISTRICT_TYPES]


@spy_type_actions.resolver
def spy_type(g: GameState, target, action: Action) -> None:
    seat = g.turn.seat
    victim = g.players[target]
    look(g, seat, target)
    m = sum(1 for c in victim.hand if TYPE[c] == action.arg)
    gold = min(m, victim.gold)
    victim.gold -= gold
    g.players[seat].gold += gold
    g.event(events.Spied, (seat, target, action.arg, m, gold))
    gain_cards(g, seat, m)


def look(g: GameState, seat: int, target: int) -> None:
    """`seat` looks at `target`'s hand (Spy, Wizard): private knowledge of every card in it."""
    p = g.players[target]
    bit = 1 << seat
    p.hand_seen = [m | bit for m in p.hand_seen]
    g.event(events.Looked, (seat, target, tuple(sorted(p.hand))), seen_by=bit)


@ability(BLACKMAILER, "threaten")
def _blackmailer():
    def use(g: GameState, t: Turn) -> None:
        g.push("threat", t.seat, ())

    return always, use


@decision("threat", "Blackmailer: place the flower threat, then the blank one, on other characters")
def threat_actions(g: GameState, placed) -> list[Action]:
    own = g.players[g.turn.seat].chars
    return character_targets(g, lambda c: RANK[c] > 1 and c not in own and c not in placed
                             and c not in (BLACKMAILER, g.killed, g.bewitched))


@threat_actions.resolver
def threat(g: GameState, placed, action: Action) -> None:
    placed = (*placed, action.arg)
    seat = g.turn.seat
    if len(placed) < 2:
        g.push("threat", seat, placed)
        return
    g.flower = placed[0]
    g.blackmailer_seat = seat
    g.threats = g.threats_open = tuple(sorted(placed, key=RANK.__getitem__))
    g.event(events.Threats, (seat, g.threats))
    g.event(events.Flower, (seat, g.flower), seen_by=1 << seat)


# -- rank 3 ------------------------------------------------------------------------------------------------------------
@ability(MAGICIAN, "magician_swap", key="magician")
def _magician_swap():
    def available(g: GameState, t: Turn) -> bool:
        return bool(g.players[t.seat].hand) or any(g.players[s].hand for s in others(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        g.push("magician_player", t.seat)

    return available, use


@decision("magician_player", "Magician: choose the player to exchange hands with")
def magician_player_actions(g: GameState, data) -> list[Action]:
    seat = g.turn.seat
    mine = bool(g.players[seat].hand)
    return [A_PLAYER[s] for s in others(g, seat) if mine or g.players[s].hand]


@magician_player_actions.resolver
def magician_player(g: GameState, data, action: Action) -> None:
    a, b = g.players[g.turn.seat], g.players[action.arg]
    both = (1 << a.seat) | (1 << b.seat)
    a.hand, b.hand = b.hand, a.hand
    a.hand_seen, b.hand_seen = [m | both for m in b.hand_seen], [m | both for m in a.hand_seen]
    g.event(events.SwappedHands, (a.seat, b.seat))


@ability(MAGICIAN, "magician_discard", key="magician")
def _magician_discard():
    def available(g: GameState, t: Turn) -> bool:
        return bool(g.players[t.seat].hand)

    def use(g: GameState, t: Turn) -> None:
        g.push("magician_discard", t.seat, 0)

    return available, use


@decision("magician_discard", "Magician: put a card at the bottom of the deck, or done (draw as many)")
def magician_discard_actions(g: GameState, count) -> list[Action]:
    acts = [A_CARD[c] for c in dict.fromkeys(g.players[g.turn.seat].hand)]
    if count:
        acts.append(Action(DONE))
    return acts


@magician_discard_actions.resolver
def magician_discard(g: GameState, count, action: Action) -> None:
    seat = g.turn.seat
    if action.verb == DONE:
        g.event(events.MagicianDiscarded, (seat, count))
        gain_cards(g, seat, count)
        return
    g.take(seat, action.arg, 1 << seat)
    g.to_bottom(action.arg)
    if g.players[seat].hand:
        g.push("magician_discard", seat, count + 1)
    else:
        g.event(events.MagicianDiscarded, (seat, count + 1))
        gain_cards(g, seat, count + 1)


@ability(WIZARD, "wizard")
def _wizard():
    def available(g: GameState, t: Turn) -> bool:
        return any(g.players[s].hand for s in others(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        g.push("wizard_player", t.seat)

    return available, use


@decision("wizard_player", "Wizard: choose the player whose hand you look at")
def wizard_player_actions(g: GameState, data) -> list[Action]:
    return [A_PLAYER[s] for s in others(g, g.turn.seat) if g.players[s].hand]


@wizard_player_actions.resolver
def wizard_player(g: GameState, data, action: Action) -> None:
    look(g, g.turn.seat, action.arg)
    g.event(events.WizardLooked, (g.turn.seat, action.arg))
    g.push("wizard_card", g.turn.seat, action.arg)


@decision("wizard_card", "Wizard: choose a card of that hand")
def wizard_card_actions(g: GameState, target) -> list[Action]:
    return [A_CARD[c] for c in dict.fromkeys(g.players[target].hand)]


@wizard_card_actions.resolver
def wizard_card(g: GameState, target, action: Action) -> None:
    g.push("wizard_use", g.turn.seat, (target, action.arg))


@decision("wizard_use", "Wizard: take the card into your hand, or build it now (not counted toward the limit)")
def wizard_use_actions(g: GameState, data) -> list[Action]:
    t = g.turn
    kind = data[1]
    acts = [A_WIZARD["hand"]]
    if t.gathered and t.limit and may_place(g, t, kind) and payment_methods(
            g, t, kind, len(g.players[t.seat].hand), paid_only=True):  # Q11: build only after gathering
        acts.append(A_WIZARD["build"])
    return acts


@wizard_use_actions.resolver
def wizard_use(g: GameState, data, action: Action) -> None:
    t = g.turn
    target, kind = data
    if action.arg == "hand":
        both = (1 << t.seat) | (1 << target)
        g.take(target, kind, both)
        g.give(t.seat, kind, both)
        g.event(events.WizardTook, (t.seat, target))
    else:
        g.take(target, kind, ALL)
        g.in_transit.append(kind)
        g.event(events.Building, (t.seat, kind))
        choose_payment(g, t, kind, counts=False)


@ability(SEER, "seer")
def _seer():
    def available(g: GameState, t: Turn) -> bool:
        return any(g.players[s].hand for s in others(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        victims = []
        for s in others(g, t.seat):
            hand = g.players[s].hand
            if hand:
                card = hand[g.rng.below(len(hand))]
                both = (1 << t.seat) | (1 << s)
                g.take(s, card, both)
                g.give(t.seat, card, both)
                victims.append(s)
        g.event(events.SeerTook, (t.seat, tuple(victims)))
        g.push("seer_give", t.seat, tuple(victims))

    return available, use


@decision("seer_give", "Seer: give a card from your hand to the next player you took from")
def seer_give_actions(g: GameState, victims) -> list[Action]:
    return [A_CARD[c] for c in dict.fromkeys(g.players[g.turn.seat].hand)]


@seer_give_actions.resolver
def seer_give(g: GameState, victims, action: Action) -> None:
    seat, to = g.turn.seat, victims[0]
    both = (1 << seat) | (1 << to)
    g.take(seat, action.arg, both)
    g.give(to, action.arg, both)
    if len(victims) > 1:
        g.push("seer_give", seat, victims[1:])


# -- rank 4 (the King and the Patrician take the crown in turn.begin_turn) --------------------------------------------
@ability(EMPEROR, "emperor")
def _emperor():
    def use(g: GameState, t: Turn) -> None:
        g.push("emperor_player", t.seat)

    return always, use


@decision("emperor_player", "Emperor: give the crown to another player (not yourself, not its holder: Q4)")
def emperor_player_actions(g: GameState, data) -> list[Action]:
    seat = g.turn.seat
    return [A_PLAYER[s] for s in others(g, seat) if s != g.crown]


@emperor_player_actions.resolver
def emperor_player(g: GameState, data, action: Action) -> None:
    target = g.players[action.arg]
    g.crown = action.arg
    g.event(events.Crown, (action.arg,))
    if target.gold and target.hand:
        g.push("emperor_resource", g.turn.seat, action.arg)
    elif target.gold or target.hand:
        emperor_take(g, action.arg, "gold" if target.gold else "card")


@decision("emperor_resource", "Emperor: take 1 gold or 1 random card from the new crown holder")
def emperor_resource_actions(g: GameState, target) -> list[Action]:
    return [A_RESOURCE["gold"], A_RESOURCE["card"]]


@emperor_resource_actions.resolver
def emperor_resource(g: GameState, target, action: Action) -> None:
    emperor_take(g, target, action.arg)


def emperor_take(g: GameState, target: int, what: str) -> None:
    seat = g.turn.seat
    p = g.players[target]
    if what == "gold":
        p.gold -= 1
        g.players[seat].gold += 1
    else:
        card = p.hand[g.rng.below(len(p.hand))]
        both = (1 << seat) | (1 << target)
        g.take(target, card, both)
        g.give(seat, card, both)
    g.event(events.EmperorTook, (seat, target, what))


# -- rank 5 (the Bishop's protection is set in turn.begin_turn; the Cardinal's exchange is a payment method) ----------
@decision("abbot_income", "Abbot: how many of your religious districts give gold (the others give cards)")
def abbot_income_actions(g: GameState, n) -> list[Action]:
    return list(A_AMOUNT[: n + 1])


@abbot_income_actions.resolver
def abbot_income(g: GameState, n, action: Action) -> None:
    seat = g.turn.seat
    gain_gold(g, seat, action.arg, events.Income)
    gain_cards(g, seat, n - action.arg)


def richest(g: GameState, seat: int) -> list[int]:
    """Q32: the other players holding the most gold, if the Abbot is not among the richest."""
    top = max(p.gold for p in g.players)
    if g.players[seat].gold >= top:
        return []
    return [s for s in others(g, seat) if g.players[s].gold == top]


@ability(ABBOT, "abbot_richest")
def _abbot():
    def available(g: GameState, t: Turn) -> bool:
        return bool(richest(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        rich = richest(g, t.seat)
        if len(rich) == 1:
            abbot_take(g, rich[0])
        else:
            g.push("abbot_richest", t.seat)

    return available, use


@decision("abbot_richest", "Abbot: choose which of the richest players gives you 1 gold")
def abbot_richest_actions(g: GameState, data) -> list[Action]:
    return [A_PLAYER[s] for s in richest(g, g.turn.seat)]


@abbot_richest_actions.resolver
def abbot_richest(g: GameState, data, action: Action) -> None:
    abbot_take(g, action.arg)


def abbot_take(g: GameState, giver: int) -> None:
    g.players[giver].gold -= 1
    g.players[g.turn.seat].gold += 1
    g.event(events.AbbotTook, (g.turn.seat, giver))


# -- rank 6 (the Alchemist's refund is in turn.end_turn; the Trader's exemption in turn.counts_toward_limit) ----------
@ability(MERCHANT, "merchant_gold")
def _merchant():
    def use(g: GameState, t: Turn) -> None:
        gain_gold(g, t.seat, 1, events.MerchantGold)

    return always, use


# -- rank 7 (build limits in turn.BUILD_LIMIT) ---------------------------------------------------------------------------
@ability(ARCHITECT, "architect_cards")
def _architect():
    def available(g: GameState, t: Turn) -> bool:
        return bool(g.deck)

    def use(g: GameState, t: Turn) -> None:
        gain_cards(g, t.seat, 2)

    return available, use


@ability(NAVIGATOR, "navigator_gold", key="navigator")
def _navigator_gold():
    def use(g: GameState, t: Turn) -> None:
        gain_gold(g, t.seat, 4, events.NavigatorGold)

    return always, use


@ability(NAVIGATOR, "navigator_cards", key="navigator")
def _navigator_cards():
    def available(g: GameState, t: Turn) -> bool:
        return bool(g.deck)

    def use(g: GameState, t: Turn) -> None:
        gain_cards(g, t.seat, 4)

    return available, use


@ability(SCHOLAR, "scholar")
def _scholar():
    def available(g: GameState, t: Turn) -> bool:
        return bool(g.deck)

    def use(g: GameState, t: Turn) -> None:
        drawn = g.draw(7)  # Q13: all of them if fewer than 7 remain
        g.event(events.ScholarDrew, (t.seat, len(drawn)))
        if len(drawn) == 1:
            g.give(t.seat, drawn[0], 0)
            g.rng.shuffle(g.deck)
        else:
            g.in_transit += drawn
            g.push("scholar_keep", t.seat, tuple(drawn))

    return available, use


@decision("scholar_keep", "Scholar: keep one of the drawn cards; the others are shuffled back into the deck")
def scholar_keep_actions(g: GameState, drawn) -> list[Action]:
    return [A_CARD[c] for c in dict.fromkeys(drawn)]


@scholar_keep_actions.resolver
def scholar_keep(g: GameState, drawn, action: Action) -> None:
    rest = list(drawn)
    rest.remove(action.arg)
    del g.in_transit[-len(drawn):]
    g.give(g.turn.seat, action.arg, 0)
    g.deck.extend(rest)
    g.rng.shuffle(g.deck)


# -- rank 8 ------------------------------------------------------------------------------------------------------------
def surcharge(g: GameState, owner: int, kind: str) -> int:
    """The Great Wall's surcharge on a rank-8 ability against `owner`'s `kind` (`city.wall_surcharge`)."""
    return wall_surcharge(g.players[owner].city, kind, g.cfg.rulings.great_wall_protects_itself)


def rank8_can_touch(g: GameState, owner: int, kind: str) -> bool:
    """The Keep and a protected Bishop's districts are out of reach of every rank-8 ability (§5.13, Q22, Q23)."""
    return kind != KEEP and g.protected_seat != owner


def warlord_price(g: GameState, owner: int, kind: str, beautified: bool) -> int:
    return destroy_price(g.players[owner].city, kind, beautified, g.cfg.rulings.great_wall_protects_itself)


def warlord_city_open(g: GameState, seat: int, owner: int) -> bool:
    if not g.is_completed(owner):
        return True
    return owner == seat and g.cfg.rulings.warlord_own_completed_city  # Q6


def warlord_targets(g: GameState, seat: int, owner: int) -> list[Action]:
    if not g.players[owner].city or g.protected_seat == owner or not warlord_city_open(g, seat, owner):
        return []
    gold = g.players[seat].gold
    city, wall = g.players[owner].city, g.cfg.rulings.great_wall_protects_itself
    return district_targets(g, owner, lambda k, b: k != KEEP and destroy_price(city, k, b, wall) <= gold)


def warlord_destroy(g: GameState, owner: int, action: Action) -> None:
    beautified = action.verb != "district"
    g.players[g.turn.seat].gold -= warlord_price(g, owner, action.arg, beautified)
    g.destroy(owner, action.arg, beautified)


@ability(WARLORD, "warlord")
def _warlord():
    return district_in_a_city(WARLORD, "Warlord: choose the city in which to destroy a district",
                              "Warlord: choose the district to destroy (pay its cost minus 1)",
                              warlord_targets, warlord_destroy)


def diplomat_price(g: GameState, owner: int, taken: str, tb: bool, given: str, gb: bool) -> int:
    return max(0, COST[taken] + tb - COST[given] - gb) + surcharge(g, owner, taken)


def diplomat_gives(g: GameState, seat: int, owner: int, taken: str, tb: bool) -> list[Action]:
    """Own districts the Diplomat may give for (taken, tb) of `owner`'s city."""
    theirs = g.players[owner].city
    gold = g.players[seat].gold
    return district_targets(g, seat, lambda k, b: rank8_can_touch(g, seat, k) and k not in theirs and k != taken
                            and diplomat_price(g, owner, taken, tb, k, b) <= gold)  # Q22, Q23


def diplomat_takes(g: GameState, seat: int, owner: int) -> list[Action]:
    if owner == seat or g.is_completed(owner):
        return []
    mine = g.players[seat].city
    return district_targets(g, owner, lambda k, b: rank8_can_touch(g, owner, k) and k not in mine
                            and bool(diplomat_gives(g, seat, owner, k, b)))


@ability(DIPLOMAT, "diplomat")
def _diplomat():
    def available(g: GameState, t: Turn) -> bool:
        return any(diplomat_takes(g, t.seat, s) for s in others(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        g.push("diplomat_player", t.seat)

    return available, use


@decision("diplomat_player", "Diplomat: choose the player to exchange a district with")
def diplomat_player_actions(g: GameState, data) -> list[Action]:
    seat = g.turn.seat
    return [A_PLAYER[s] for s in others(g, seat) if diplomat_takes(g, seat, s)]


@diplomat_player_actions.resolver
def diplomat_player(g: GameState, data, action: Action) -> None:
    g.push("diplomat_take", g.turn.seat, action.arg)


@decision("diplomat_take", "Diplomat: choose the district you take")
def diplomat_take_actions(g: GameState, owner) -> list[Action]:
    return diplomat_takes(g, g.turn.seat, owner)


@diplomat_take_actions.resolver
def diplomat_take(g: GameState, owner, action: Action) -> None:
    g.push("diplomat_give", g.turn.seat, (owner, action.arg, action.verb != "district"))


@decision("diplomat_give", "Diplomat: choose the district you give in exchange")
def diplomat_give_actions(g: GameState, data) -> list[Action]:
    owner, taken, tb = data
    return diplomat_gives(g, g.turn.seat, owner, taken, tb)


@diplomat_give_actions.resolver
def diplomat_give(g: GameState, data, action: Action) -> None:
    owner, taken, tb = data
    seat = g.turn.seat
    given, gb = action.arg, action.verb != "district"
    price = diplomat_price(g, owner, taken, tb, given, gb)
    g.players[seat].gold -= price
    g.players[owner].gold += price
    museum_taken = g.remove_from_city(owner, taken, tb)
    museum_given = g.remove_from_city(seat, given, gb)
    g.event(events.Exchanged, (seat, owner, taken, given, price))
    g.add_to_city(seat, taken, tb, museum_taken)
    g.add_to_city(owner, given, gb, museum_given)


def marshal_targets(g: GameState, seat: int, owner: int) -> list[Action]:
    if owner == seat or g.is_completed(owner):
        return []
    mine = g.players[seat].city
    gold = g.players[seat].gold
    city = g.players[owner].city
    wall = g.cfg.rulings.great_wall_protects_itself
    return district_targets(g, owner, lambda k, b: COST[k] + b <= MARSHAL_MAX_COST and rank8_can_touch(g, owner, k)
                            and k not in mine and seize_price(city, k, b, wall) <= gold)


def marshal_seize(g: GameState, owner: int, action: Action) -> None:
    seat = g.turn.seat
    kind, b = action.arg, action.verb != "district"
    price = seize_price(g.players[owner].city, kind, b, g.cfg.rulings.great_wall_protects_itself)
    g.players[seat].gold -= price
    g.players[owner].gold += price
    museum = g.remove_from_city(owner, kind, b)
    g.event(events.Seized, (seat, owner, kind, price))
    g.add_to_city(seat, kind, b, museum)


@ability(MARSHAL, "marshal")
def _marshal():
    return district_in_a_city(MARSHAL, "Marshal: choose the player to seize a district from",
                              "Marshal: choose the district (cost 3 or less) to seize, paying its cost",
                              marshal_targets, marshal_seize, owners=others)


# -- rank 9 ------------------------------------------------------------------------------------------------------------
@ability(QUEEN, "queen")
def _queen():
    def available(g: GameState, t: Turn) -> bool:
        r4, n = g.rank4_seat, g.cfg.players
        return r4 is not None and (r4 - t.seat) % n in (1, n - 1)  # Q17: from the Witch's seat if she plays it

    def use(g: GameState, t: Turn) -> None:
        gain_gold(g, t.seat, 3, events.Queen)

    return available, use


def artist_options(g: GameState, seat: int) -> list[Action]:
    if not g.players[seat].gold:
        return []
    return district_targets(g, seat, lambda k, b: not b)


@ability(ARTIST, "artist")
def _artist():
    def available(g: GameState, t: Turn) -> bool:
        return bool(artist_options(g, t.seat))

    def use(g: GameState, t: Turn) -> None:
        g.push("artist", t.seat, 0)

    return available, use


@decision("artist", "Artist: beautify one of your districts with 1 gold (up to two), or done")
def artist_actions(g: GameState, count) -> list[Action]:
    acts = artist_options(g, g.turn.seat)
    if count:
        acts.append(Action(DONE))
    return acts


@artist_actions.resolver
def artist(g: GameState, count, action: Action) -> None:
    if action.verb == DONE:
        return
    seat = g.turn.seat
    p = g.players[seat]
    p.gold -= 1
    p.beautified.append(action.arg)
    g.event(events.Beautified, (seat, action.arg))
    if count == 0 and artist_options(g, seat):  # Q24: both at once, one ability use
        g.push("artist", seat, 1)


@ability(TAX_COLLECTOR, "tax_collector")
def _tax_collector():
    def available(g: GameState, t: Turn) -> bool:
        return g.tax_pot > 0

    def use(g: GameState, t: Turn) -> None:
        amount, g.tax_pot = g.tax_pot, 0
        gain_gold(g, t.seat, amount, events.Taxes)

    return available, use




