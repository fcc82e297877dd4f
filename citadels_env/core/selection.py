"""§3 The selection phase: face-up and face-down discards, the draft for every player count, the Theater swap.

Each round the draft is written as a script of steps `(op, seat)` run in order:
  keep            - the seat chooses a character from the cards passed to it (a decision)
  discard         - the seat chooses a card to discard face down (2 players, a decision)
  random_discard  - a random card of the passed hand is discarded face down (3 players)
  take_facedown   - the 7/8-player last player adds the initial face-down card to his hand
  final_discard   - whatever is left is discarded face down
  deal            - a random card of the remaining characters is dealt to the seat (the "deal" variant)
`draft_seen` records a `state.DraftSeen` for each decision, and one when the 7/8-player last player takes the face-down
card: exactly what each seat knows of the draft (`knowledge`).
"""

from __future__ import annotations

from .actions import A_CHAR, A_PASS, A_PLAYER, PASS, Action
from .cards import RANK, THEATER
from .config import DEAL as DEAL_SELECTION
from .decisions import decision
from .events import Dealt, Discarded, Faceup, Picked, Round, Theater, TheaterSwap, TookFacedown
from .state import ACTION, DRAFT, DraftSeen, DraftStep, GameState, TheaterUse, _new

#: The operations of the draft's script (`DraftStep.op`).
KEEP, DISCARD, RANDOM_DISCARD, TAKE_FACEDOWN, FINAL_DISCARD, DEAL = (
    "keep", "discard", "random_discard", "take_facedown", "final_discard", "deal")
#: The draft steps that are decisions, and the decision each asks.
_DECISION_OF = {KEEP: "draft_keep", DISCARD: "draft_discard"}


def draft_script(n: int, k: int, crown: int) -> tuple[DraftStep, ...]:
    """The steps of the draft for n players and k characters after the face-up discards (§3.4-3.6)."""
    seats = [(crown + i) % n for i in range(n)]
    if n == 2:
        a, b = seats
        steps = [(KEEP, a), (KEEP, b), (DISCARD, b), (KEEP, a), (DISCARD, a), (KEEP, b), (FINAL_DISCARD, b)]
    elif n == 3:
        a, b, c = seats
        steps = [(KEEP, a), (KEEP, b), (KEEP, c), (RANDOM_DISCARD, c), (KEEP, a), (KEEP, b), (KEEP, c),
                 (FINAL_DISCARD, c)]
    else:
        steps = [(KEEP, s) for s in seats]
        if k == n:  # 7 players with 8 characters, 8 with 9: the last player also takes the face-down card (§3.4.7)
            steps.insert(n - 1, (TAKE_FACEDOWN, seats[-1]))
        steps.append((FINAL_DISCARD, seats[-1]))
    return tuple([_new(DraftStep, step) for step in steps])


def deal_script(n: int, per: int, crown: int) -> tuple[DraftStep, ...]:
    """The online variant: the crown holder keeps one character of all of them, then the rest are dealt one at a time
    clockwise from his left until every seat holds `per`; what is left is set aside face down."""
    seats = [(crown + i) % n for i in range(n)]
    steps = [(KEEP, crown)]
    steps += [(DEAL, s) for r in range(per) for s in seats if r or s != crown]
    steps.append((FINAL_DISCARD, seats[-1]))
    return tuple([_new(DraftStep, step) for step in steps])


def faceup_discards(n: int, k: int) -> int:
    """Number of face-up discards of the §3.4 table (k characters in the game)."""
    return 0 if n <= 3 else max(0, k - n - 2)


def start_round(g: GameState) -> None:
    g.round += 1
    g.phase = DRAFT
    n = g.cfg.players
    g.clear_round()
    g.event(Round, (g.round, g.crown))

    deck = list(g.cfg.characters)
    g.rng.shuffle(deck)
    if g.cfg.selection == DEAL_SELECTION:
        g.faceup, g.facedown, g.draft_hand = [], [], deck
        g.draft_steps = deal_script(n, g.cfg.characters_per_player, g.crown)
        g.draft_index = 0
        g.draft_seen = []
        return
    up: list[str] = []
    while len(up) < faceup_discards(n, len(g.cfg.characters)):
        c = deck.pop()
        if RANK[c] == 4:  # §3.4.3: replace the rank-4 card and shuffle it back
            up.append(deck.pop())
            deck.append(c)
            g.rng.shuffle(deck)
        else:
            up.append(c)
    g.faceup = up
    g.facedown = [deck.pop()]  # Q28: face-up first, then one face down
    g.draft_hand = deck
    g.draft_steps = draft_script(n, len(deck), g.crown)
    g.draft_index = 0
    g.draft_seen = []
    if up:
        g.event(Faceup, (tuple(up),))


def step(g: GameState) -> None:
    """Run the next draft step: push the decision, or do the automatic step."""
    if not 0 <= g.draft_index < len(g.draft_steps):
        end_selection(g)
        return
    op, seat = g.draft_steps[g.draft_index]
    kind = _DECISION_OF.get(op)
    if kind is not None:
        g.push(kind, seat)
        return
    g.draft_index += 1
    if op == RANDOM_DISCARD:
        c = g.draft_hand.pop(g.rng.below(len(g.draft_hand)))
        g.facedown.append(c)
    elif op == DEAL:
        c = g.draft_hand.pop(g.rng.below(len(g.draft_hand)))
        g.draft_seen.append(_new(DraftSeen, (g.draft_index - 1, seat, (), c)))
        g.players[seat].chars.append(c)
        g.holder[c] = seat
        g.event(Dealt, (seat,))
    elif op == TAKE_FACEDOWN:
        card = g.facedown.pop(0)
        g.draft_seen.append(DraftSeen(g.draft_index - 1, seat, None, card))
        g.draft_hand.append(card)
        g.event(TookFacedown, (seat,))
    else:  # final_discard
        g.facedown.extend(g.draft_hand)
        g.draft_hand = []


def _draft_actions(g: GameState, data) -> list[Action]:
    return [A_CHAR[c] for c in sorted(g.draft_hand, key=RANK.__getitem__)]  # characters are unique: no repeats


@decision("draft_keep", "choose a character to keep from the cards passed to you")
def draft_keep_actions(g: GameState, data) -> list[Action]:
    return _draft_actions(g, data)


@draft_keep_actions.resolver
def draft_keep(g: GameState, data, action: Action) -> None:
    seat = g.draft_steps[g.draft_index].seat
    c = action.arg
    g.draft_seen.append(_new(DraftSeen, (g.draft_index, seat, tuple(sorted(g.draft_hand)), c)))
    g.draft_hand.remove(c)
    g.players[seat].chars.append(c)
    g.holder[c] = seat
    g.draft_index += 1
    g.event(Picked, (seat,))


@decision("draft_discard", "choose a character to discard face down (2 players)")
def draft_discard_actions(g: GameState, data) -> list[Action]:
    return _draft_actions(g, data)


@draft_discard_actions.resolver
def draft_discard(g: GameState, data, action: Action) -> None:
    seat = g.draft_steps[g.draft_index].seat
    g.draft_seen.append(DraftSeen(g.draft_index, seat, tuple(sorted(g.draft_hand)), action.arg))
    g.draft_hand.remove(action.arg)
    g.facedown.append(action.arg)
    g.draft_index += 1
    g.event(Discarded, (seat,))


def end_selection(g: GameState) -> None:
    """§3.8: the Theater's owner may swap characters, then the action phase starts."""
    g.draft_index = -1  # the draft is over (the Theater is offered once)
    if g.theater is None:
        for p in g.players:
            if THEATER in p.city:
                g.theater = TheaterUse("offered", p.seat)
                g.push("theater", p.seat)
                return
    g.phase = ACTION


@decision("theater", "Theater: exchange your character with another player's, or pass")
def theater_actions(g: GameState, data) -> list[Action]:
    seat = g.pending[-1].seat
    return [A_PASS] + [A_PLAYER[s] for s in range(g.cfg.players) if s != seat]


@theater_actions.resolver
def theater(g: GameState, data, action: Action) -> None:
    owner = g.theater.owner
    if action.verb == PASS:
        g.theater = TheaterUse("passed", owner)
        return
    other = action.arg
    g.event(Theater, (owner, other))
    if len(g.players[owner].chars) == 1:
        swap(g, owner, g.players[owner].chars[0], other, g.players[other].chars[0])
    else:  # 2-3 players: the owner chooses which to give, takes one of the other's at random (§6 Theater)
        g.push("theater_give", owner, other)


@decision("theater_give", "Theater (2-3 players): which of your characters to give")
def theater_give_actions(g: GameState, other) -> list[Action]:
    owner = g.pending[-1].seat
    return [A_CHAR[c] for c in g.players[owner].chars]


@theater_give_actions.resolver
def theater_give(g: GameState, other, action: Action) -> None:
    owner = g.theater.owner
    theirs = g.players[other].chars
    swap(g, owner, action.arg, other, theirs[g.rng.below(len(theirs))])


def swap(g: GameState, owner: int, given: str, other: int, taken: str) -> None:
    a, b = g.players[owner].chars, g.players[other].chars
    a[a.index(given)] = taken
    b[b.index(taken)] = given
    g.holder[taken], g.holder[given] = owner, other
    g.theater = TheaterUse("swapped", owner, other, given, taken)
    g.event(TheaterSwap, (owner, other, given, taken), seen_by=(1 << owner) | (1 << other))
