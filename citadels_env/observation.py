"""`ObservationEncoder`: the observations of a game, built incrementally (the layout is observation_layout's).
`encoding` re-exports it, and holds the reference encoder (`encode_observation`) this one is tested against at every
step.

Why incremental: the environment builds an observation at every step, and most of a game's state does not change
from one step to the next, so each part of the vector is rewritten only when what it was written from changed.
"""

from __future__ import annotations

import functools
import itertools
import operator
from array import array

import numpy as np

from .core import Game
from .core.actions import ABILITY_IDS
from .core.cards import CHARACTER_IDS, DISTRICT_IDS
from .core.city import city_size
from .core.knowledge import context_visible, flower_revealed, known_signed
from .core.limits import MAX_PLAYERS
from .core.state import ALL, DRAFT
from .observation_layout import (
    BLOCK_AT,
    CHAR,
    CONTEXT_ROLES,
    DECISION_KINDS,
    GLOBAL,
    GLOBAL_AT,
    KIND,
    MODES,
    NK,
    OBS_HIGH,
    OBS_SIZE,
    PHASES,
    PLAYER_BLOCK,
)

# Below these an entry cannot pass OBS_HIGH, so the incremental encoder clips only past them: a number scaled by 1/10
# (gold, round, tax pot), a list whose length bounds its counts and scaled size (hand, city, museum, cards on offer).
_BIG_NUMBER, _LONG_LIST = 1000, 100
_HIGH = np.float32(OBS_HIGH)
_G, _B = GLOBAL_AT, BLOCK_AT


# Index tables that turn a card, character or name straight into its slot (the hot paths use no arithmetic).
def _slots(base: int, names) -> dict:
    return {name: base + i for i, name in enumerate(names)}


_ROUND, _TAX_POT, _DECK_SIZE = _G["round"], _G["tax_pot"], _G["deck_size"]
_TURN_PLAYER = _G["turn_player"]
_GATHERED, _BUILDS, _LIMIT = _G["turn_gathered"], _G["turn_builds"], _G["turn_limit"]
_DECISION_AT = _slots(_G["decision"], DECISION_KINDS)
_PHASE_AT = _slots(_G["phase"], PHASES)
_TURN_MODE_AT = _slots(_G["turn_mode"], MODES)
_TURN_USED_AT = _slots(_G["turn_used"], ABILITY_IDS)
(_TURN_CHAR_AT, _DRAFT_OFFER_AT, _MY_CHARS_AT, _PASSED_AT, _ABSENT_AT, _FACEUP_AT, _KILLED_AT, _ROBBED_AT,
 _BEWITCHED_AT, _WARRANTS_AT, _THREATS_AT, _OPEN_THREATS_AT, _SIGNED_AT, _FLOWER_AT) = (
    _slots(_G[part], CHARACTER_IDS) for part in (
        "turn_character", "draft_offer", "my_characters", "draft_passed", "called_absent", "faceup", "killed",
        "robbed", "bewitched", "warrants", "threats", "open_threats", "signed_warrant", "flower"))
# Offsets inside a player block (the shared buffers).
_B_CITY_AT = _slots(_B["city"], DISTRICT_IDS)
_B_BEAUTIFIED_AT = _slots(_B["beautified"], DISTRICT_IDS)
_B_REVEALED_AT = _slots(_B["revealed"], CHARACTER_IDS)
_B_GOLD, _B_HAND_SIZE, _B_MUSEUM = _B["gold"], _B["hand_size"], _B["museum"]
_B_CITY_SIZE, _B_COMPLETED = _B["city_size"], _B["completed"]
_EMPTY = bytearray()
#: The observation: an array over a new bytearray (the constructor costs less than np.frombuffer: the same array).
_ndarray, _OBS_SHAPE, _FLOAT32 = np.ndarray, (OBS_SIZE,), np.dtype(np.float32)
_DRAFT_CHOICES = frozenset({"draft_keep", "draft_discard"})
_TURN_DECISION = _DECISION_AT["turn"]
_RANK_CALLED = _G["rank_called"]
_BIG_DECK, _BIG_BUILDS = 68 * OBS_HIGH, 3 * OBS_HIGH  # a deck size and a build count/limit that reach OBS_HIGH
# A player block is kept in two buffers: up to its known_hand part (the same for every observer), and from there
# (per observer: the hand's counts for its owner, zeros for a seat it knows nothing of; `deciding` is written last).
_KNOWN_AT = _B["known_hand"]
assert _KNOWN_AT + NK == _B["deciding"] == PLAYER_BLOCK.size - 1
_NO_CARDS = array("f", bytes(4 * (NK + 1)))  # the end of a block whose hand the observer knows nothing of: never written
_NEW_BLOCK = array("f", bytes(4 * _KNOWN_AT))
_NEW_BLOCK[_B["present"]] = 1.0
_PADDING = [array("f", bytes(4 * PLAYER_BLOCK.size * (MAX_PLAYERS - n))) for n in range(MAX_PLAYERS + 1)]  # never written
_DECIDING_AT = [GLOBAL.size + r * PLAYER_BLOCK.size + _B["deciding"] for r in range(MAX_PLAYERS)]  # by relative seat




_DECISION_PLAYER, _DECISION_AMOUNT = _G["decision_player"], _G["decision_amount"]
_DECISION_CARD_AT = _slots(_G["decision_cards"], DISTRICT_IDS)
_DECISION_CHAR_AT = _slots(_G["decision_chars"], CHARACTER_IDS)


def _write_context(view: memoryview, roles: tuple[str, ...], data, seat: int, n: int) -> bool:
    """`_encode_context`'s entries written straight into an observation (the incremental encoder's path, without
    the lists): True if one of them may pass OBS_HIGH (far outside normal play)."""
    added, big = 0, False
    for role, x in zip(roles, data if len(roles) > 1 else (data,)):
        if role == "card":
            view[_DECISION_CARD_AT[x]] += 1.0
            added += 1
        elif role == "cards":
            for y in x:
                view[_DECISION_CARD_AT[y]] += 1.0
            added += len(x)
        elif role == "player":
            view[_DECISION_PLAYER + (x - seat) % n] += 1.0
            added += 1
        elif role == "amount" or role == "amount2":
            view[_DECISION_AMOUNT + (role == "amount2")] = x / 10
            big = big or x / 10 > OBS_HIGH
        elif role == "char":
            view[_DECISION_CHAR_AT[x]] += 1.0
            added += 1
        elif role == "chars":
            for y in x:
                view[_DECISION_CHAR_AT[y]] += 1.0
            added += len(x)
        elif role == "players":
            for y in x:
                view[_DECISION_PLAYER + (y - seat) % n] += 1.0
            added += len(x)
    return big or added >= _LONG_LIST


class ObservationEncoder:
    """Builds the observations of one game incrementally: the same vectors as `encode_observation` (a test compares
    them at every step of many games), several times faster.

    Most of an observation is the same for every observer, only in another seat order: so the encoder keeps one
    float32 buffer for the global part and a few per player block, with seats absolute, and updates each part only
    when a cheap key of the state it depends on changes (a change is written once, not once per observer). An
    observation is those buffers joined in the observer's seat order (one C call, a new array the caller may keep)
    plus the few entries only that observer may know or that depend on where it sits: its characters and draft
    knowledge, the decision's context, the seat playing the turn, its tokens. The cards an observer knows in a hand
    are a buffer of their own: for its own hand the hand's counts (updated when the hand changes), for another's
    usually a shared buffer of zeros. The hot path is straight-line code: this runs at every step of every game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.n = n = game.num_players
        cfg = game.cfg
        self.completion = cfg.completion_size
        self.glob = glob = array("f", bytes(4 * GLOBAL.size))
        glob[_G["completion_size"]] = cfg.completion_size / 8
        for c in cfg.characters:
            glob[_G["characters_in_game"] + CHAR[c]] = 1.0
        for d in cfg.unique_districts:
            glob[_G["uniques_in_game"] + KIND[d]] = 1.0
        self.blocks = blocks = [array("f", _NEW_BLOCK) for _ in range(n)]  # up to known_hand
        self.hand_counts = hands = [array("f", _NO_CARDS) for _ in range(n)]  # the end of the owner's block
        #: Per observer: the buffers in the order of its vector (the end of a seat's block at 2 + 2 * relative seat).
        self.pieces = []
        for o in range(n):
            pieces = [glob]
            for r in range(n):
                pieces += (blocks[(o + r) % n], hands[o] if r == 0 else _NO_CARDS)
            pieces.append(_PADDING[n])
            self.pieces.append(pieces)
        self.observers: list[_Observer | None] = [None] * n
        # What the buffers hold now: the keys they were written for, and the entries set (to clear them).
        self.public_key: tuple | None = None  # the public marks, calls and reveals the parts below were written for
        self.marks_set: list[int] = []
        self.marks_seats: list[tuple[int, int]] = []  # (seat, index in its block)
        self.flower_shown = False
        self.calls_round: int | None = None  # the round and the rank called they were read at
        self.rank_called = 0
        self.absent_set: list[int] = []
        self.revealed_set: list[tuple[int, int]] = []
        self.calls_read = 0  # the calls of this round whose "called" events were read
        self.draft_read: int | None = None  # the round in whose draft the players were last read
        self.cities: list[list[str] | None] = [None] * n  # per seat, copies of what its block was written from
        self.beautified: list[list[str] | None] = [None] * n
        self.hands: list[list[str] | None] = [None] * n
        self.seen: list[list[int] | None] = [None] * n
        self.city_set: list[list[int]] = [[] for _ in range(n)]
        self.hand_version = [0] * n  # bumped when a hand or what is known of it changes
        self.knowers = [0] * n  # per seat: the other seats that know a card of its hand (bits)
        self.known_by = 0  # the seats that know a card of another's hand (bits)
        self.turn_phase: str | None = None  # the phase and turn the turn_* parts were written for
        self.turn_char: str | None = None
        self.turn_mode: str | None = None
        self.turn_used: tuple = ()
        self.turn_set: list[int] = []
        self.decision: int | None = None
        self.current: int | None = None  # the seat that decides now
        self.golds = [0] * n
        self.long_lists = [False] * n  # per seat: a hand, city or museum of _LONG_LIST cards or more
        self.big_players = False  # a long list, or _BIG_NUMBER gold or more (kept when one of them changes)
        self.oversized = False  # an entry may pass OBS_HIGH (far outside normal play): clip the observation

    def __call__(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of `seat`: a new array, or written into `out` (a float32 row of OBS_SIZE)."""
        g = self.game
        self._update_shared(g)
        ob = self.observers[seat]
        if ob is None:
            ob = self.observers[seat] = _Observer(self, seat)
        # What only this observer knows (read before the join: it may swap a buffer).
        chars, draft_seen = g.players[seat].chars, g.draft_seen
        if chars != ob.chars or draft_seen is not ob.draft_list or len(draft_seen) > ob.draft_read:
            ob.read_round(chars, draft_seen)
        if (ob.knows_others or self.known_by >> seat & 1) and ob.versions != self.hand_version:
            ob.read_hands(g, self)  # (usually it knows no card of another hand, or none of them changed)
        obs = _ndarray(_OBS_SHAPE, _FLOAT32, _EMPTY.join(self.pieces[seat]))
        view = obs.data  # (a float32 memoryview: its item writes cost less than numpy's)
        for i in ob.ones:
            view[i] = 1.0
        # What depends on the observer's seat or knowledge at this very step.
        n = self.n
        current = self.current
        if current is not None:
            view[_DECIDING_AT[(current - seat) % n]] = 1.0
        t = g.turn
        if t is not None:
            view[_TURN_PLAYER + (t.seat - seat) % n] = 1.0
        if g.signed is not None:  # the common case, no warrant, without the call
            signed = known_signed(g, seat)
            if signed is not None:
                view[_SIGNED_AT[signed]] = 1.0
        if g.flower is not None and (g.blackmailer_seat == seat or self.flower_shown):
            view[_FLOWER_AT[g.flower]] = 1.0
        clip = self.oversized
        pending = g.pending
        if pending:
            kind, current, context = pending[-1]
            if current == seat and kind in _DRAFT_CHOICES:
                for c in g.draft_hand:
                    view[_DRAFT_OFFER_AT[c]] = 1.0
            if context is not None and kind in CONTEXT_ROLES and (current == seat or context_visible(g, seat)):
                clip = _write_context(view, CONTEXT_ROLES[kind], context, seat, n) or clip
        if clip:  # inside the Box even far outside normal play (skipped otherwise: it costs about 1 us)
            np.minimum(obs, _HIGH, out=obs)
        if out is None:
            return obs
        out[:] = obs
        return out

    def _update_shared(self, g: Game) -> None:
        glob = self.glob
        # -- the round's public marks, the crown and the first completed city; the characters called and revealed --
        rnd = g.round
        key = (rnd, g.rank_called, len(g.revealed), g.first_completer, g.crown, g.killed, g.robbed, g.bewitched,
               g.warrants, g.threats, g.threats_open, g.flower)  # (revealed: the Heir is revealed after the last call)
        if key != self.public_key:
            old, self.public_key = self.public_key, key
            if old is None or key[:3] != old[:3]:
                self._read_calls(g)
            if old is None or key[0] != old[0] or key[3:] != old[3:]:
                self._read_marks(g)
        # -- players: what changed of their hands, cities and gold (nothing of theirs changes in the draft) -------
        if g.phase != DRAFT or self.draft_read != rnd:
            hands, seen, cities, beautified, golds = self.hands, self.seen, self.cities, self.beautified, self.golds
            for s, p in enumerate(g.players):
                if p.hand != hands[s] or p.hand_seen != seen[s]:
                    self._read_hand(s, p)
                if p.city != cities[s] or p.beautified != beautified[s]:
                    self._read_city(s, p)
                if p.gold != golds[s]:
                    golds[s] = p.gold
                    self.blocks[s][_B_GOLD] = p.gold / 10
                    self.big_players = max(golds) >= _BIG_NUMBER or True in self.long_lists
            if g.phase == DRAFT:
                self.draft_read = rnd
        # -- the numbers, the turn and the decision awaited ----------------------------------------------------------
        pot, deck = g.tax_pot, len(g.deck)
        glob[_ROUND] = rnd / 10
        glob[_TAX_POT] = pot / 10
        glob[_DECK_SIZE] = deck / 68
        t = g.turn
        if t is not None:
            builds, limit = t.builds, t.limit
            glob[_GATHERED] = 1.0 if t.gathered else 0.0
            glob[_BUILDS] = builds / 3
            glob[_LIMIT] = limit / 3
            if t.used is not self.turn_used or t.char != self.turn_char or t.mode != self.turn_mode \
                    or g.phase != self.turn_phase:
                self._read_turn(g)
            self.oversized = (self.big_players or rnd >= _BIG_NUMBER or pot >= _BIG_NUMBER or deck >= _BIG_DECK
                              or builds >= _BIG_BUILDS or limit >= _BIG_BUILDS)
        else:
            if self.turn_char is not None or g.phase != self.turn_phase:
                self._read_turn(g)
            self.oversized = self.big_players or rnd >= _BIG_NUMBER or pot >= _BIG_NUMBER or deck >= _BIG_DECK
        pending = g.pending
        if pending:
            kind, current, _ = pending[-1]
            decision = _DECISION_AT[kind]
        elif t is not None:
            current, decision = t.seat, _TURN_DECISION
        else:
            current = decision = None
        if decision != self.decision:
            if self.decision is not None:
                glob[self.decision] = 0.0
            if decision is not None:
                glob[decision] = 1.0
            self.decision = decision
        self.current = current

    def _read_marks(self, g: Game) -> None:
        """The round's tokens and discards, the crown and the first completed city: rewritten when one changes."""
        ones = []
        for at, cs in ((_FACEUP_AT, g.faceup), (_WARRANTS_AT, g.warrants), (_THREATS_AT, g.threats),
                       (_OPEN_THREATS_AT, g.threats_open), (_KILLED_AT, (g.killed,)), (_ROBBED_AT, (g.robbed,)),
                       (_BEWITCHED_AT, (g.bewitched,))):
            for c in cs:
                if c is not None:
                    ones.append(at[c])
        seats = [(g.crown, _B["crown"])]
        if g.first_completer is not None:
            ones.append(_G["end_triggered"])
            seats.append((g.first_completer, _B["first_completer"]))
        glob, blocks = self.glob, self.blocks
        for i in self.marks_set:
            glob[i] = 0.0
        for s, i in self.marks_seats:
            blocks[s][i] = 0.0
        for i in ones:
            glob[i] = 1.0
        for s, i in seats:
            blocks[s][i] = 1.0
        self.marks_set, self.marks_seats = ones, seats
        self.flower_shown = g.flower is not None and flower_revealed(g)

    def _read_calls(self, g: Game) -> None:
        """The rank called, the characters called that nobody answered (`knowledge.absent_characters` of the round's
        public events), and who revealed what. Each rank called logs exactly one public "called" event, so the calls
        not yet read are the last `rank_called - calls_read` of them: read from the end of the log, they cost a few
        entries instead of the whole turn's events. A character is revealed once a round: only the new ones are read."""
        glob, blocks = self.glob, self.blocks
        if g.round != self.calls_round:  # a new round: forget the last one's calls and reveals
            self.calls_round = g.round
            for s, i in self.revealed_set:
                blocks[s][i] = 0.0
            self.revealed_set = []
            for i in self.absent_set:
                glob[i] = 0.0
            self.absent_set = []
            self.calls_read = 0
        unread = g.rank_called - self.calls_read
        if unread > 0:
            absent = self.absent_set
            for m, e in reversed(g.events):
                if m == ALL and e[0] == "called":  # Called(character, seat)
                    if e[2] is None:
                        glob[_ABSENT_AT[e[1]]] = 1.0
                        absent.append(_ABSENT_AT[e[1]])
                    unread -= 1
                    if not unread:
                        break
            self.calls_read = g.rank_called
        glob[_RANK_CALLED + self.rank_called] = 0.0
        self.rank_called = g.rank_called
        glob[_RANK_CALLED + g.rank_called] = 1.0
        revealed = self.revealed_set
        if len(g.revealed) > len(revealed):
            for c, who in itertools.islice(g.revealed.items(), len(revealed), None):
                blocks[who][_B_REVEALED_AT[c]] = 1.0
                revealed.append((who, _B_REVEALED_AT[c]))

    def _read_hand(self, s: int, p) -> None:
        """Seat `s`'s hand changed (or what is known of it): its size, its counts (the known_hand part of its own
        vector), which other seats know a card of it, and whether it or its Museum is long."""
        hand, seen = p.hand, p.hand_seen
        self.hands[s], self.seen[s] = hand[:], seen[:]
        self.hand_version[s] += 1
        block = self.blocks[s]
        block[_B_HAND_SIZE] = len(hand) / 10
        block[_B_MUSEUM] = len(p.museum) / 10  # the Museum's cards come from the hand or move with the Museum
        counts = self.hand_counts[s]
        counts[:] = _NO_CARDS  # (its last entry, `deciding`, stays 0: it is written per observation)
        for c in hand:
            counts[KIND[c]] += 1.0
        own = 1 << s
        knowers = 0 if seen.count(own) == len(seen) else functools.reduce(operator.or_, seen) & ~own
        if knowers != self.knowers[s]:
            self.knowers[s] = knowers
            self.known_by = functools.reduce(operator.or_, self.knowers)
        if len(hand) >= _LONG_LIST or len(p.museum) >= _LONG_LIST or self.long_lists[s]:
            self._read_lengths(s, p)

    def _read_city(self, s: int, p) -> None:
        city, before = p.city, self.cities[s]
        block = self.blocks[s]
        size = city_size(city)
        if (before is not None and len(city) == len(before) + 1 and city[:-1] == before
                and p.beautified == self.beautified[s]):  # the common change: one district built
            before.append(city[-1])
            added = [_B_CITY_AT[city[-1]]]
            ones = self.city_set[s]
            if size >= self.completion and _B_COMPLETED not in ones:
                added.append(_B_COMPLETED)
            for i in added:
                block[i] += 1.0
            ones += added
        else:
            self.cities[s], self.beautified[s] = city[:], p.beautified[:]
            for i in self.city_set[s]:
                block[i] = 0.0
            ones = [_B_CITY_AT[k] for k in city]
            ones += [_B_BEAUTIFIED_AT[k] for k in p.beautified]
            if size >= self.completion:
                ones.append(_B_COMPLETED)
            for i in ones:
                block[i] += 1.0
            self.city_set[s] = ones
        block[_B_CITY_SIZE] = size / 8
        block[_B_MUSEUM] = len(p.museum) / 10
        if len(city) >= _LONG_LIST or len(p.beautified) >= _LONG_LIST or len(p.museum) >= _LONG_LIST \
                or self.long_lists[s]:
            self._read_lengths(s, p)

    def _read_lengths(self, s: int, p) -> None:
        """Far outside normal play: whether seat `s` has a list long enough for an entry to pass OBS_HIGH."""
        self.long_lists[s] = max(len(p.hand), len(p.city), len(p.beautified), len(p.museum)) >= _LONG_LIST
        self.big_players = max(self.golds) >= _BIG_NUMBER or True in self.long_lists

    def _read_turn(self, g: Game) -> None:
        """The phase and the turn's character, mode and abilities used: one ability more (the common change) sets one
        entry, anything else rewrites them."""
        glob, t, used = self.glob, g.turn, self.turn_used
        if (t is not None and g.phase == self.turn_phase and t.char == self.turn_char and t.mode == self.turn_mode
                and len(t.used) == len(used) + 1 and t.used[:-1] == used):
            self.turn_used = t.used
            i = _TURN_USED_AT.get(t.used[-1])
            if i is not None:
                glob[i] = 1.0
                self.turn_set.append(i)
            return
        for i in self.turn_set:
            glob[i] = 0.0
        if t is None:  # (the numbers of a turn are written at every step while it lasts)
            glob[_GATHERED] = glob[_BUILDS] = glob[_LIMIT] = 0.0
        self.turn_phase = g.phase
        ones = [_PHASE_AT[g.phase]]
        if t is not None:
            self.turn_char, self.turn_mode, self.turn_used = t.char, t.mode, t.used
            ones += (_TURN_CHAR_AT[t.char], _TURN_MODE_AT[t.mode])
            for k in t.used:
                if k in _TURN_USED_AT:
                    ones.append(_TURN_USED_AT[k])
        else:
            self.turn_char = self.turn_mode = None
            self.turn_used = ()
        for i in ones:
            glob[i] = 1.0
        self.turn_set = ones


class _Observer:
    """What one seat knows beyond the shared buffers: its characters and what it saw passed in the draft (indices
    of its vector), and the cards it knows in the other hands (its known_hand buffers of the other seats)."""

    __slots__ = ("chars", "chars_at", "draft_list", "draft_read", "knows_others", "ones", "passed", "pieces", "seat",
                 "versions")

    def __init__(self, enc: ObservationEncoder, seat: int) -> None:
        self.seat = seat
        self.pieces = enc.pieces[seat]
        self.chars: list[str] | None = None
        self.chars_at: list[int] = []
        self.draft_list: list | None = None  # the round's draft_seen, and how much of it was read
        self.draft_read = 0
        self.passed: list[int] = []
        self.ones: list[int] = []  # chars_at and passed: the entries it sets to 1
        self.versions = [-1] * enc.n  # the hand versions its known_hand buffers were read at
        self.knows_others = False  # one of its known_hand buffers of another seat is not _NO_CARDS

    def read_round(self, chars: list[str], draft_seen: list) -> None:
        """Its characters, and what it saw passed in the draft (a new round's list: forget the last one's)."""
        if chars != self.chars:
            self.chars = chars[:]
            self.chars_at = [_MY_CHARS_AT[c] for c in chars]
        if draft_seen is not self.draft_list:
            self.draft_list, self.draft_read, self.passed = draft_seen, 0, []
        passed, seat = self.passed, self.seat
        for _, s, hand, chosen in draft_seen[self.draft_read:]:
            if s == seat and hand is not None:
                for c in hand:
                    i = _PASSED_AT[c]
                    if c != chosen and i not in passed:
                        passed.append(i)
        self.draft_read = len(draft_seen)
        self.ones = self.chars_at + passed

    def read_hands(self, g: Game, enc: ObservationEncoder) -> None:
        """The known_hand buffers of the other seats whose hand changed since it last looked (usually one seat, and
        usually one whose hand it knows nothing of before or after: then nothing is written)."""
        seat, n, pieces, versions = self.seat, enc.n, self.pieces, self.versions
        swapped = False
        for s, v in enumerate(enc.hand_version):
            if v == versions[s] or s == seat:
                continue
            at = 2 + 2 * ((s - seat) % n)
            if enc.knowers[s] >> seat & 1:
                known = array("f", _NO_CARDS)
                p = g.players[s]
                for c, m in zip(p.hand, p.hand_seen):
                    if m >> seat & 1:
                        known[KIND[c]] += 1.0
                pieces[at] = known
                swapped = True
            elif pieces[at] is not _NO_CARDS:
                pieces[at] = _NO_CARDS
                swapped = True
        self.versions = enc.hand_version[:]
        if swapped:  # the other seats' buffers sit at 4, 6, ..., 2n
            self.knows_others = any(pieces[at] is not _NO_CARDS for at in range(4, 2 * n + 1, 2))
