"""Hidden information (§10 Q36): what one seat may know (`make_view`) and a sample of what it cannot (`determinize`).

A seat knows: everything public (stashes, hand sizes, cities, face-up discards, named targets, token positions,
characters revealed and by whom, the public log); its own hand, characters and Museum cards; the cards on offer when it
chooses; the hands it looked at (Spy, Wizard) and cards it gave or saw taken, while they are known to stay there
(`Player.hand_seen`); what it saw of the draft (`Game.draft_seen`); the faces of the tokens it placed; a Theater swap it
took part in. Nothing else enters a view, and `determinize` re-samples exactly the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .config import DEAL as DEAL_SELECTION
from .decisions import DECISIONS
from .rng import Rng
from .selection import DEAL, DISCARD, FINAL_DISCARD, KEEP, TAKE_FACEDOWN
from .state import ALL, DRAFT, DraftSeen, DraftStep, Frame, GameState, TheaterUse

#: Decisions whose context (`decision_data`) is private to the deciding seat.
PRIVATE_CONTEXT = frozenset({"keep_card", "scholar_keep", "wizard_use", "warrant", "threat"})


def context_visible(g: GameState, seat: int) -> bool:
    """Whether `seat` may see the context of the decision awaited: the decider always; the Wizard's victim sees
    which of his cards was chosen; the cards on offer and the tokens being placed are private to the decider."""
    if not g.pending:
        return True
    kind, who, data = g.pending[-1]
    if who == seat or kind not in PRIVATE_CONTEXT:
        return True
    return kind == "wizard_use" and data[0] == seat


@dataclass
class PublicPlayer:
    seat: int
    gold: int
    hand_size: int
    city: tuple[str, ...]
    beautified: tuple[str, ...]
    museum_size: int
    revealed: tuple[str, ...]  # characters this seat revealed this round
    #: Cards the viewer knows to be in this hand (its own hand: all of it).
    known_hand: tuple[str, ...]


@dataclass
class PlayerView:
    """Everything `seat` may know at this moment, as plain data."""

    seat: int
    num_players: int
    round: int
    phase: str
    crown: int
    tax_pot: int
    deck_size: int
    completion_size: int
    first_completer: int | None
    characters: tuple[str, ...]  # the game's character set
    unique_districts: tuple[str, ...]  # the game's 14 unique districts
    players: tuple[PublicPlayer, ...]
    hand: tuple[str, ...]
    my_characters: tuple[str, ...]
    my_museum: tuple[str, ...]
    faceup: tuple[str, ...]
    revealed: dict[str, int]
    rank_called: int
    killed: str | None
    protected_seat: int | None  # the seat out of reach of rank-8 abilities this round (the Bishop's: Q3)
    robbed: str | None
    bewitched: str | None
    warrants: tuple[str, ...]
    signed_warrant: str | None  # only for the Magistrate, or once revealed
    threats: tuple[str, ...]
    open_threats: tuple[str, ...]
    flower: str | None  # only for the Blackmailer, or once revealed
    draft_order: tuple[DraftStep, ...]
    draft_step: int
    draft_cards_left: int
    draft_seen: tuple[DraftSeen, ...]  # this seat's own observations
    theater: TheaterUse | None
    current_player: int | None
    decision_kind: str | None
    decision_data: Any  # None when private to another seat
    legal_actions: tuple[Action, ...]  # empty unless this seat decides now
    turn: dict | None
    events: tuple[tuple, ...]  # the events this seat saw, public and private, in order
    result: dict | None = field(default=None)


def known_cards(g: GameState, viewer: int, holder: int) -> tuple[str, ...]:
    p = g.players[holder]
    bit = 1 << viewer
    return tuple(sorted(c for c, m in zip(p.hand, p.hand_seen) if m & bit))


def make_view(g: GameState, seat: int) -> PlayerView:
    n = g.cfg.players
    bit = 1 << seat
    me = g.players[seat]
    players = tuple(
        PublicPlayer(p.seat, p.gold, len(p.hand), tuple(p.city), tuple(p.beautified), len(p.museum),
                     tuple(c for c, s in g.revealed.items() if s == p.seat), known_cards(g, seat, p.seat))
        for p in g.players)
    mine = g.current_player == seat
    kind = g.decision_kind
    data = g.decision_data if context_visible(g, seat) else None
    flower = known_flower(g, seat)
    signed = known_signed(g, seat)
    theater = g.theater
    if theater is not None and theater.state == "swapped" and seat not in (theater.owner, theater.other):
        theater = theater._replace(given=None, taken=None)
    t = g.turn
    return PlayerView(
        seat=seat, num_players=n, round=g.round, phase=g.phase, crown=g.crown, tax_pot=g.tax_pot,
        deck_size=len(g.deck), completion_size=g.cfg.completion_size, first_completer=g.first_completer,
        characters=g.cfg.characters, unique_districts=g.cfg.unique_districts, players=players,
        hand=tuple(sorted(me.hand)), my_characters=tuple(me.chars),
        my_museum=() if me.museum_blind else tuple(me.museum),
        faceup=tuple(g.faceup), revealed=dict(g.revealed), rank_called=g.rank_called, killed=g.killed, protected_seat=g.protected_seat,
        robbed=g.robbed, bewitched=g.bewitched, warrants=g.warrants, signed_warrant=signed, threats=g.threats,
        open_threats=g.threats_open, flower=flower, draft_order=g.draft_steps, draft_step=g.draft_index,
        draft_cards_left=len(g.draft_hand), draft_seen=_draft_seen(g, seat), theater=theater,
        current_player=g.current_player, decision_kind=kind, decision_data=data,
        legal_actions=tuple(g.legal_actions()) if mine else (),
        turn=None if t is None else t.to_dict(),
        events=tuple(e for m, e in g.events if m & bit),
        result=None if g.result() is None else g.result().to_dict(),
    )


def _draft_seen(g: GameState, seat: int) -> tuple[tuple, ...]:
    seen = [d for d in g.draft_seen if d.seat == seat]
    if g.phase == DRAFT and g.pending and g.pending[-1].seat == seat and g.pending[-1].kind.startswith("draft_"):
        seen.append(DraftSeen(g.draft_index, seat, tuple(sorted(g.draft_hand)), None))  # the hand it looks at now
    return tuple(seen)


def flower_revealed(g: GameState) -> bool:
    """Whether the flower threat was turned face up this round (everybody then knows where it is)."""
    return any(e.kind == "threat_revealed" and e.flower for e in round_events(g))


def known_flower(g: GameState, seat: int) -> str | None:
    """The character under the flower threat, if `seat` may know it: the Blackmailer, or anyone once revealed."""
    if g.flower is None or not (g.blackmailer_seat == seat or flower_revealed(g)):
        return None
    return g.flower


def known_signed(g: GameState, seat: int) -> str | None:
    """The character under the signed warrant, if `seat` may know it: the Magistrate, or anyone once revealed."""
    return g.signed if (g.magistrate_seat == seat or g.warrant_revealed) else None


def absent_characters(events) -> list[str]:
    """The characters called with nobody answering, among `events` (public knowledge: Q36)."""
    return [e.character for e in events if e.kind == "called" and e.seat is None]


def round_events(g: GameState) -> list[tuple]:
    """The public events of the current round."""
    out = []
    for m, e in reversed(g.events):
        if m == ALL:
            if e.kind == "round":
                break
            out.append(e)
    out.reverse()
    return out


# -- determinization ------------------------------------------------------------------------------------------------
def determinize(g: GameState, seat: int, rng: Rng | int | None = None) -> GameState:
    """A copy of `g` in which everything `seat` cannot see is re-sampled consistently with what it saw: the deck order,
    the unknown cards of other hands and Museums and of other seats' pending draws, the characters it cannot place,
    the token faces it does not know, and the random generator (the future draws are hidden too). The sample depends
    only on what `seat` knows and on `rng`: two games the seat cannot tell apart give the same sample."""
    if not isinstance(rng, Rng):
        rng = Rng(0 if rng is None else rng)
    d = g.clone()
    d.rng = Rng(rng.next64())
    _resample_districts(d, seat, rng)
    _resample_characters(d, seat, rng)
    _resample_tokens(d, seat, rng)
    # What the sample replaced must not survive elsewhere: the true history and other seats' private events go.
    bit = 1 << seat
    d.events = [(m, e) for m, e in d.events if m & bit]
    d.actions = []  # a determinized game is a sample, not a replayable game
    return d


def _resample_districts(d: GameState, seat: int, rng: Rng) -> None:
    bit = 1 << seat
    pool = list(d.deck)
    holes: list[tuple[int, int]] = []  # (holder, index in hand) of unknown cards
    for p in d.players:
        if p.seat == seat:
            continue
        for i, m in enumerate(p.hand_seen):
            if not m & bit:
                pool.append(p.hand[i])
                holes.append((p.seat, i))
    for p in d.players:
        if p.seat != seat or p.museum_blind:
            pool += p.museum
    hidden_draw = None
    if d.pending and d.pending[-1].kind in ("keep_card", "scholar_keep") and d.pending[-1].seat != seat:
        hidden_draw = d.pending[-1]
        pool += hidden_draw[2]
    pool.sort()  # the sample must depend only on what the seat knows, not on where the hidden cards really are
    rng.shuffle(pool)
    for holder, i in holes:
        d.players[holder].hand[i] = pool.pop()
    for p in d.players:
        if p.museum and (p.seat != seat or p.museum_blind):
            p.museum = [pool.pop() for _ in p.museum]
    if hidden_draw is not None:
        kind, who, drawn = hidden_draw
        new = tuple(pool.pop() for _ in drawn)
        d.pending[-1] = Frame(kind, who, new)
        d.in_transit[-len(drawn):] = list(new)
    d.deck = pool
    if d.pending and d.pending[-1].kind == "wizard_use" and d.pending[-1].seat != seat:
        kind, who, (target, _) = d.pending[-1]  # the card the Wizard chose is hidden: choose again
        if target != seat:
            d.pending[-1] = Frame(kind, who, (target, rng.choice(d.players[target].hand)))


def _resample_tokens(d: GameState, seat: int, rng: Rng) -> None:
    if d.pending and d.pending[-1].kind in ("warrant", "threat") and d.pending[-1].seat != seat:
        kind, who, placed = d.pending[-1]  # tokens being placed by another seat: which ones is hidden
        legal = DECISIONS[kind].legal
        new: tuple[str, ...] = ()
        for _ in placed:
            new = (*new, rng.choice(legal(d, new)).arg)
        d.pending[-1] = Frame(kind, who, new)
    if d.warrants and d.magistrate_seat != seat and not d.warrant_revealed:
        d.signed = rng.choice(d.warrants)
    if d.threats and d.blackmailer_seat != seat:
        shown = {e[2]: e[3] for e in round_events(d) if e[0] == "threat_revealed"}
        if True in shown.values():
            return
        d.flower = rng.choice([c for c in d.threats if c not in shown])


def _resample_characters(d: GameState, seat: int, rng: Rng, tries: int = 200) -> None:
    """Replay the draft with the unseen choices drawn at random, consistent with the seat's observations, the public
    draft order, the Theater swap, and every call of the action phase; retry until consistent."""
    if d.round == 0 or not d.draft_steps:
        return
    for _ in range(tries):
        sample = _sample_draft(d, seat, rng)
        if sample is not None:
            chars_of, facedown, draft_hand, seen, theater = sample
            for p in d.players:
                p.chars = chars_of[p.seat]
            d.holder = {c: s for s, cs in chars_of.items() for c in cs}
            d.facedown = facedown
            d.draft_hand = draft_hand
            d.draft_seen = seen  # every seat's draft knowledge, consistent with the sample
            d.theater = theater
            return
    raise RuntimeError("determinize: no character assignment consistent with the observations was found")


def _sample_draft(d: GameState, seat: int, rng: Rng):
    n = d.cfg.players
    single = d.cfg.characters_per_player == 1  # one character each: a Theater swap is a plain exchange
    steps = d.draft_steps
    done = d.draft_index if d.phase == DRAFT and d.draft_index >= 0 else len(steps)
    obs = {}  # step -> (hand seen or None, chosen)
    facedown_seen = None
    for step, _, hand, chosen in _draft_seen(d, seat):
        if hand is None:
            facedown_seen = chosen
        else:
            obs[step] = (hand, chosen)
    obs_steps = sorted(obs)

    # What the action phase made public: who revealed what, and which called characters nobody holds.
    revealed = dict(d.revealed)
    absent = {c for c in absent_characters(round_events(d)) if c != d.killed}
    swap = d.theater if d.theater is not None and d.theater.state == "swapped" else None
    public_swap = (swap.owner, swap.other) if swap is not None else None
    involved = swap is not None and seat in public_swap
    # Before the swap, a character revealed by one of the two swappers may have been held by either of them.
    pre_owner: dict[str, frozenset[int]] = {}
    for c, s in revealed.items():
        if public_swap is not None and s in public_swap:
            if single or involved:
                pre = s
                if single:
                    pre = public_swap[1] if s == public_swap[0] else public_swap[0]
                elif c == swap.taken:  # taken by the owner: it was the other's
                    pre = swap.other
                elif c == swap.given:
                    pre = swap.owner
                pre_owner[c] = frozenset((pre,))
            else:
                pre_owner[c] = frozenset(public_swap)
        else:
            pre_owner[c] = frozenset((s,))
    own_known = {}  # the seat's own draft choices: its keeps, and its discards (2 players)
    for step, (_, chosen) in obs.items():
        if chosen is not None:
            own_known[chosen] = seat if steps[step].op in (KEEP, DEAL) else None

    pool = [c for c in d.cfg.characters if c not in d.faceup]
    rng.shuffle(pool)
    chars_of: dict[int, list[str]] = {s: [] for s in range(n)}
    facedown: list[str] = []

    def next_obs(after: int):
        for k in obs_steps:
            if k > after and obs[k][0]:  # a dealt card (empty hand) says nothing of what was left
                return obs[k][0]
        return None

    def pick(step: int, op: str, who: int | None, known: str | None) -> str | None:
        if known is not None:
            return known if known in pool else None
        nxt = next_obs(step)
        allowed = [c for c in pool if (nxt is None or c not in nxt)]
        if op == "keep":
            allowed = [c for c in allowed if c not in absent and (c not in pre_owner or who in pre_owner[c])
                       and own_known.get(c, who) == who]
            must = [c for c in allowed if c in pre_owner and pre_owner[c] == frozenset((who,))]
            if must:
                allowed = must
        elif op == "discard":
            allowed = [c for c in allowed if c not in pre_owner and c not in own_known]
        return rng.choice(allowed) if allowed else None

    # step -1: the random face-down card; with 7/8 players it is only set aside: the last player takes it back
    if d.cfg.selection != DEAL_SELECTION:  # the deal variant sets no card aside before it starts
        special = any(s.op == TAKE_FACEDOWN for s in steps)
        x = pick(-1, "set_aside" if special else "discard", None, facedown_seen)
        if x is None:
            return None
        pool.remove(x)
        facedown.append(x)
    seen: list[tuple] = []
    for i in range(done):
        op, who = steps[i]
        if op == TAKE_FACEDOWN:
            seen.append(DraftSeen(i, who, None, facedown[0]))
            pool.append(facedown.pop(0))
            continue
        if op == FINAL_DISCARD:
            facedown += pool
            pool = []
            continue
        known = obs[i][1] if i in obs else None
        c = pick(i, KEEP if op in (KEEP, DEAL) else DISCARD, who, known)
        if c is None:
            return None
        if op in (KEEP, DISCARD):
            seen.append(DraftSeen(i, who, tuple(sorted(pool)), c))
        elif op == DEAL:
            seen.append(DraftSeen(i, who, (), c))
        pool.remove(c)
        if op in (KEEP, DEAL):
            chars_of[who].append(c)
        else:
            facedown.append(c)
    if done == len(steps) and pool:
        facedown += pool
        pool = []
    if swap is not None:
        owner, other = swap.owner, swap.other
        if single or involved:
            given = swap.given if involved else chars_of[owner][0]
            taken = swap.taken if involved else chars_of[other][0]
        else:
            given, taken = rng.choice(chars_of[owner]), rng.choice(chars_of[other])
        if given not in chars_of[owner] or taken not in chars_of[other]:
            return None
        a, b = chars_of[owner], chars_of[other]
        a[a.index(given)] = taken
        b[b.index(taken)] = given
        theater = TheaterUse("swapped", owner, other, given, taken)
    else:
        theater = d.theater
    for c, s in revealed.items():
        if c not in chars_of[s]:
            return None
    for c in absent:
        if any(c in cs for cs in chars_of.values()):
            return None
    if sorted(chars_of[seat]) != sorted(d.players[seat].chars):
        return None
    seen = sorted([x for x in seen if x.seat != seat] + [x for x in d.draft_seen if x.seat == seat],
                  key=lambda x: x.step)  # the seat's own records are kept as they are
    return chars_of, facedown, pool, seen, theater

