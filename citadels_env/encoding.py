"""The environment boundary: the flat action table and the observation / state vectors.

Actions: the core's `all_actions()` in order; `player:k` means the seat k places clockwise from the acting player
(0 = itself), so the table is the same for every seat and player count.

Observations: one float32 vector of fixed length for 2-8 players, seats relative to the observer (self first, then
clockwise), built only from what that seat may know (the same rules as `Game.view`). `OBS_LAYOUT` names every slice;
docs/ENVIRONMENT.md is generated from it. Every entry lies in [0, OBS_HIGH] by construction: the scaled numbers
(gold / 10, round / 10...) and the counts are clipped at OBS_HIGH, so that even a game far outside normal play (1,000
gold, a 10,000-round game, a crafted hand of 500 cards) stays inside the declared `Box`.
"""

from __future__ import annotations

import functools
import operator
from array import array

import numpy as np

from .core import DECISIONS, Action, Game, IllegalActionError, all_actions
from .core.actions import ABILITY_IDS, PLAYER
from .core.cards import CHARACTER_IDS, DISTRICT_IDS
from .core.city import city_size
from .core.knowledge import (
    absent_characters,
    context_visible,
    flower_revealed,
    known_flower,
    known_signed,
    round_events,
)
from .core.limits import MAX_PLAYERS
from .core.state import ALL, DRAFT

ACTIONS: tuple[Action, ...] = all_actions()
NUM_ACTIONS = len(ACTIONS)
ACTION_INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}
PLAYER_BASE = ACTION_INDEX[Action(PLAYER, 0)]

CHAR = {c: i for i, c in enumerate(CHARACTER_IDS)}
KIND = {d: i for i, d in enumerate(DISTRICT_IDS)}
ABILITY = {a: i for i, a in enumerate(ABILITY_IDS)}
DECISION_KINDS: tuple[str, ...] = ("turn", *sorted(DECISIONS))
DECISION = {k: i for i, k in enumerate(DECISION_KINDS)}
PHASES = ("draft", "action", "end_round", "over")
MODES = ("normal", "bewitched", "witch_casting", "witch_resumed")
NC, NK = len(CHARACTER_IDS), len(DISTRICT_IDS)
#: The upper bound of every observation and state entry (the `Box` high); entries are clipped at it.
OBS_HIGH = 100.0
_HIGH = np.float32(OBS_HIGH)
# Below these an entry cannot pass OBS_HIGH, so the incremental encoder clips only past them: a number scaled by 1/10
# (gold, round, tax pot), a list whose length bounds its counts and scaled size (hand, city, museum, cards on offer).
_BIG_NUMBER, _LONG_LIST = 1000, 100


def to_core(action_id: int, seat: int, players: int) -> Action:
    """Flat action id -> core action for the acting `seat` (relative player targets become absolute)."""
    a = ACTIONS[action_id]
    if a.verb == PLAYER:
        if a.arg >= players:
            raise IllegalActionError(f"action {action_id} ({a}) names a seat beyond the {players} players")
        return Action(PLAYER, (seat + a.arg) % players)
    return a


def to_flat(action: Action, seat: int, players: int) -> int:
    if action.verb == PLAYER:
        return PLAYER_BASE + (action.arg - seat) % players
    return ACTION_INDEX[action]


_INT8 = np.dtype(np.int8)
_FLAT_INDEX = {a: i for a, i in ACTION_INDEX.items() if a.verb != PLAYER}  # the actions that name no player


def legal_mask(game: Game, seat: int) -> np.ndarray:
    """int8 mask over the flat actions: 1 for each legal action of `seat` (all zeros when it does not decide)."""
    if game.current_player != seat:
        return np.zeros(NUM_ACTIONS, _INT8)
    return mask_of(game.legal_actions(), seat, game.num_players)


def mask_of(legal: list[Action], seat: int, players: int) -> np.ndarray:
    """The int8 mask of the core actions `legal` of the acting `seat`."""
    mask = bytearray(NUM_ACTIONS)
    index = _FLAT_INDEX.get
    for a in legal:
        i = index(a)
        mask[PLAYER_BASE + (a[1] - seat) % players if i is None else i] = 1
    return np.frombuffer(mask, _INT8)


class Layout:
    """Named slices of a flat vector."""

    def __init__(self, parts: list[tuple[str, int, str]]) -> None:
        self.parts = parts
        self.slices: dict[str, slice] = {}
        off = 0
        for name, size, _ in parts:
            self.slices[name] = slice(off, off + size)
            off += size
        self.size = off

    def __getitem__(self, name: str) -> slice:
        return self.slices[name]


C27, K47, S8 = "one per character (catalogue order)", "one per district kind (catalogue order)", \
    "one per relative seat (0 = self)"
GLOBAL_PARTS = [
    ("round", 1, "round number / 10"),
    ("phase", len(PHASES), "one-hot: draft, action, end_round, over"),
    ("rank_called", 10, "one-hot of the last rank called (0 = none yet)"),
    ("tax_pot", 1, "gold on the Tax Collector's token / 10"),
    ("deck_size", 1, "cards in the district deck / 68"),
    ("completion_size", 1, "districts that complete a city / 8"),
    ("end_triggered", 1, "1 once a city was completed (this is the last round)"),
    ("characters_in_game", NC, "1 for each character of this game's set; " + C27),
    ("uniques_in_game", NK, "1 for each unique district of this game; " + K47),
    ("faceup", NC, "face-up discarded characters; " + C27),
    ("called_absent", NC, "characters called this round that nobody answered (not held, or killed)"),
    ("my_characters", NC, "the observer's characters this round"),
    ("killed", NC, "the character named by the Assassin"),
    ("robbed", NC, "the character named by the Thief"),
    ("bewitched", NC, "the character named by the Witch"),
    ("warrants", NC, "characters carrying a warrant"),
    ("signed_warrant", NC, "the signed warrant, if the observer placed it or it was revealed"),
    ("threats", NC, "characters carrying a threat"),
    ("open_threats", NC, "threats not yet settled"),
    ("flower", NC, "the flower threat, if the observer placed it or it was revealed"),
    ("draft_offer", NC, "characters the observer is choosing from now (draft)"),
    ("draft_passed", NC, "characters the observer saw in the draft this round and did not keep"),
    ("decision", len(DECISION_KINDS), "one-hot of the decision awaited: " + ", ".join(DECISION_KINDS)),
    ("decision_player", MAX_PLAYERS, "player named by the decision's context (target so far, builder...); " + S8),
    ("decision_cards", NK, "cards in the decision's context (cards on offer, district being built or chosen)"),
    ("decision_chars", NC, "characters already chosen in this decision (warrants, threats)"),
    ("decision_amount", 2, "numbers in the decision's context / 10 (Abbot's districts, price and cards given for the "
                           "Thieves' Den, gold to confiscate...)"),
    ("turn_character", NC, "character whose turn is being played"),
    ("turn_player", MAX_PLAYERS, "seat playing the turn; " + S8),
    ("turn_mode", len(MODES), "one-hot: normal, bewitched, witch_casting, witch_resumed"),
    ("turn_gathered", 1, "1 once resources were gathered this turn"),
    ("turn_builds", 1, "districts built this turn toward the limit / 3"),
    ("turn_limit", 1, "build limit this turn / 3"),
    ("turn_used", len(ABILITY_IDS), "abilities used this turn; one per ability id (actions.ABILITY_IDS)"),
]
PLAYER_PARTS = [
    ("present", 1, "1 if this seat exists"),
    ("gold", 1, "gold / 10"),
    ("hand_size", 1, "cards in hand / 10"),
    ("city", NK, "districts in the city, count per kind"),
    ("beautified", NK, "beautified districts, count per kind"),
    ("museum", 1, "cards under the Museum / 10"),
    ("city_size", 1, "districts toward completion (Monument = 2) / 8"),
    ("completed", 1, "1 if the city is completed"),
    ("first_completer", 1, "1 if this seat completed first"),
    ("crown", 1, "1 if this seat holds the crown"),
    ("revealed", NC, "characters this seat revealed this round"),
    ("known_hand", NK, "cards the observer knows in this hand (its own hand: all), count per kind"),
    ("deciding", 1, "1 if this seat must decide now"),
]
GLOBAL = Layout(GLOBAL_PARTS)
PLAYER_BLOCK = Layout(PLAYER_PARTS)
OBS_SIZE = GLOBAL.size + MAX_PLAYERS * PLAYER_BLOCK.size

_G = {name: sl.start for name, sl in GLOBAL.slices.items()}  # offsets of the global slices
_B = {name: sl.start for name, sl in PLAYER_BLOCK.slices.items()}  # offsets inside a player block
_UNIQUES_IN_GAME: dict[tuple[str, ...], list[int]] = {}


def encode_observation(g: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation vector of `seat`: everything it may know and nothing else.

    Built as a list of indices to increment by 1 (`ones`, then one np.bincount) plus a few scalar values: much faster
    than writing numpy elements one by one."""
    n = g.num_players
    G, B, C, K = _G, _B, CHAR, KIND
    ones = [G["phase"] + PHASES.index(g.phase), G["rank_called"] + g.rank_called]
    si = [G["round"], G["tax_pot"], G["deck_size"], G["completion_size"]]
    sv = [g.round / 10, g.tax_pot / 10, len(g.deck) / 68, g.cfg.completion_size / 8]
    if g.first_completer is not None:
        ones.append(G["end_triggered"])
    base = G["characters_in_game"]
    ones += [base + C[c] for c in g.cfg.characters]
    uniq = _UNIQUES_IN_GAME.get(g.cfg.unique_districts)
    if uniq is None:
        uniq = _UNIQUES_IN_GAME[g.cfg.unique_districts] = [G["uniques_in_game"] + K[d] for d in g.cfg.unique_districts]
    ones += uniq
    ones += [G["faceup"] + C[c] for c in g.faceup]
    events = round_events(g)
    ones += [G["called_absent"] + C[c] for c in absent_characters(events)]
    ones += [G["my_characters"] + C[c] for c in g.players[seat].chars]
    for name, c in (("killed", g.killed), ("robbed", g.robbed), ("bewitched", g.bewitched)):
        if c is not None:
            ones.append(G[name] + C[c])
    ones += [G["warrants"] + C[c] for c in g.warrants]
    signed = known_signed(g, seat)
    if signed is not None:
        ones.append(G["signed_warrant"] + C[signed])
    ones += [G["threats"] + C[c] for c in g.threats]
    ones += [G["open_threats"] + C[c] for c in g.threats_open]
    flower = known_flower(g, seat)
    if flower is not None:
        ones.append(G["flower"] + C[flower])
    current = g.current_player
    mine = current == seat
    kind = g.decision_kind
    if mine and kind in ("draft_keep", "draft_discard"):
        ones += [G["draft_offer"] + C[c] for c in g.draft_hand]
    passed = {c for _, s, hand, chosen in g.draft_seen if s == seat and hand is not None for c in hand if c != chosen}
    ones += [G["draft_passed"] + C[c] for c in passed]
    if kind is not None:
        ones.append(G["decision"] + DECISION[kind])
        if context_visible(g, seat):
            _encode_context(ones, si, sv, g, seat, g.decision_data)
    t = g.turn
    if t is not None:
        ones += (G["turn_character"] + C[t.char], G["turn_player"] + (t.seat - seat) % n,
                 G["turn_mode"] + MODES.index(t.mode))
        si += (G["turn_gathered"], G["turn_builds"], G["turn_limit"])
        sv += (float(t.gathered), t.builds / 3, t.limit / 3)
        ones += [G["turn_used"] + ABILITY[key] for key in t.used if key in ABILITY]
    bit = 1 << seat
    completion = g.cfg.completion_size
    revealed = g.revealed
    for rel in range(n):
        s = (seat + rel) % n
        p = g.players[s]
        off = GLOBAL.size + rel * PLAYER_BLOCK.size
        ones.append(off + B["present"])
        size = g.city_size(s)
        si += (off + B["gold"], off + B["hand_size"], off + B["museum"], off + B["city_size"])
        sv += (p.gold / 10, len(p.hand) / 10, len(p.museum) / 10, size / 8)
        if size >= completion:
            ones.append(off + B["completed"])
        if g.first_completer == s:
            ones.append(off + B["first_completer"])
        if g.crown == s:
            ones.append(off + B["crown"])
        if current == s:
            ones.append(off + B["deciding"])
        b = off + B["city"]
        ones += [b + K[k] for k in p.city]
        b = off + B["beautified"]
        ones += [b + K[k] for k in p.beautified]
        b = off + B["revealed"]
        ones += [b + C[c] for c, who in revealed.items() if who == s]
        b = off + B["known_hand"]
        ones += [b + K[c] for c, m in zip(p.hand, p.hand_seen) if m & bit]
    v = np.bincount(ones, minlength=OBS_SIZE).astype(np.float32)
    v[si] = sv
    np.minimum(v, _HIGH, out=v)  # inside the Box even far outside normal play (see the module docstring)
    if out is not None:
        out[:] = v
        return out
    return v


# Index tables that turn a card, character or name straight into its slot (the hot paths use no arithmetic).
def _slots(base: int, names) -> dict:
    return {name: base + i for i, name in enumerate(names)}


_ROUND, _TAX_POT, _DECK_SIZE = _G["round"], _G["tax_pot"], _G["deck_size"]
_TURN_PLAYER = _G["turn_player"]
_TURN_NUMBERS = (_G["turn_gathered"], _G["turn_builds"], _G["turn_limit"])
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
_FLOAT32 = np.dtype(np.float32)
_DRAFT_CHOICES = frozenset({"draft_keep", "draft_discard"})
_TURN_DECISION = _DECISION_AT["turn"]
_RANK_CALLED = _G["rank_called"]
_BIG_DECK, _BIG_BUILDS = 68 * OBS_HIGH, 3 * OBS_HIGH  # a deck size and a build count/limit that reach OBS_HIGH
# A player block is kept in two buffers: up to its known_hand part (the same for every observer), and from there
# (per observer: the hand's counts for its owner, zeros for a seat it knows nothing of; `deciding` is written last).
_KNOWN_AT = _B["known_hand"]
assert _KNOWN_AT + NK == _B["deciding"] == PLAYER_BLOCK.size - 1
_NO_CARDS = array("f", bytes(4 * (NK + 1)))  # the end of a block whose hand the observer knows nothing of: never written
_DECIDING_AT = [GLOBAL.size + r * PLAYER_BLOCK.size + _B["deciding"] for r in range(MAX_PLAYERS)]  # by relative seat


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
        self.blocks = blocks = [array("f", bytes(4 * _KNOWN_AT)) for _ in range(n)]  # up to known_hand
        for block in blocks:
            block[_B["present"]] = 1.0
        self.hand_counts = [array("f", bytes(4 * (NK + 1))) for _ in range(n)]  # the end of the owner's block
        padding = array("f", bytes(4 * PLAYER_BLOCK.size * (MAX_PLAYERS - n)))
        #: Per observer: the buffers in the order of its vector (the end of a seat's block at 2 + 2 * relative seat).
        self.pieces = [[glob, *(part for r in range(n) for part in (
            blocks[(o + r) % n], self.hand_counts[o] if r == 0 else _NO_CARDS)), padding] for o in range(n)]
        self.observers: list[_Observer | None] = [None] * n
        # What the buffers hold now: the keys they were written for, and the entries set (to clear them).
        self.marks_key: tuple | None = None
        self.marks_set: list[int] = []
        self.marks_seats: list[tuple[int, int]] = []  # (seat, index in its block)
        self.flower_shown = False
        self.calls_round: int | None = None  # the round and the rank called they were read at
        self.rank_called = 0
        self.absent_set: list[int] = []
        self.revealed_set: list[tuple[int, int]] = []
        self.events_read = 0  # the log is append-only: its called_absent events are read once
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
        self.turn_numbers = False
        self.decision: int | None = None
        self.current: int | None = None  # the seat that decides now
        self.long_lists = [False] * n  # per seat: a hand, city or museum of _LONG_LIST cards or more
        self.big_players = False  # a long list, or _BIG_NUMBER gold or more
        self.oversized = False  # an entry may pass OBS_HIGH (far outside normal play): clip the observation

    def __call__(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of `seat`: a new array, or written into `out` (a float32 row of OBS_SIZE)."""
        g = self.game
        self._update_shared(g)
        ob = self.observers[seat]
        if ob is None:
            ob = self.observers[seat] = _Observer(self, seat)
        # What only this observer knows (read before the join: it may swap a buffer).
        chars = g.players[seat].chars
        if chars != ob.chars:
            ob.read_chars(chars)
        draft_seen = g.draft_seen
        if draft_seen is not ob.draft_list or len(draft_seen) > ob.draft_read:
            ob.read_draft(draft_seen)
        if ob.knows_others or self.known_by >> seat & 1:  # usually it knows no card of another hand: nothing to do
            ob.read_hands(g, self)
        data = _EMPTY.join(self.pieces[seat])
        view = memoryview(data).cast("f")
        for i in ob.chars_at:
            view[i] = 1.0
        for i in ob.passed:
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
            if context is not None and kind in CONTEXT_ROLES and context_visible(g, seat):
                ones: list[int] = []
                si: list[int] = []
                sv: list[float] = []
                _encode_context(ones, si, sv, g, seat, context)
                if len(ones) >= _LONG_LIST or (sv and max(sv) > OBS_HIGH):
                    clip = True
                for i in ones:
                    view[i] += 1.0
                for i, x in zip(si, sv):
                    view[i] = x
        obs = np.frombuffer(data, _FLOAT32)
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
        key = (rnd, g.first_completer, g.crown, g.killed, g.robbed, g.bewitched, g.warrants, g.threats,
               g.threats_open, g.flower)
        if key != self.marks_key:
            self._read_marks(g, key)
        if g.rank_called != self.rank_called or len(g.revealed) != len(self.revealed_set) or rnd != self.calls_round:
            self._read_calls(g)  # (the Heir is revealed after the last call)
        # -- players: cities and hands when they change, numbers always (nothing of theirs changes in the draft) ---
        if g.phase != DRAFT or self.draft_read != rnd:
            hands, seen, cities, beautified = self.hands, self.seen, self.cities, self.beautified
            rich = False
            for s, p in enumerate(g.players):
                if p.hand != hands[s] or p.hand_seen != seen[s]:
                    self._read_hand(s, p)
                if p.city != cities[s] or p.beautified != beautified[s]:
                    self._read_city(s, p)
                gold = p.gold
                self.blocks[s][_B_GOLD] = gold / 10
                if gold >= _BIG_NUMBER:
                    rich = True
            self.big_players = rich or True in self.long_lists
            self.draft_read = rnd if g.phase == DRAFT else None
        # -- the numbers, the turn and the decision awaited ----------------------------------------------------------
        pot, deck = g.tax_pot, len(g.deck)
        glob[_ROUND] = rnd / 10
        glob[_TAX_POT] = pot / 10
        glob[_DECK_SIZE] = deck / 68
        oversized = self.big_players or rnd >= _BIG_NUMBER or pot >= _BIG_NUMBER or deck >= _BIG_DECK
        t = g.turn
        if t is not None:
            builds, limit = t.builds, t.limit
            i_gathered, i_builds, i_limit = _TURN_NUMBERS
            glob[i_gathered] = 1.0 if t.gathered else 0.0
            glob[i_builds] = builds / 3
            glob[i_limit] = limit / 3
            self.turn_numbers = True
            if builds >= _BIG_BUILDS or limit >= _BIG_BUILDS:
                oversized = True
            if t.used != self.turn_used or t.char != self.turn_char or t.mode != self.turn_mode:
                self._read_turn(g)
        else:
            if self.turn_numbers:
                for i in _TURN_NUMBERS:
                    glob[i] = 0.0
                self.turn_numbers = False
            if self.turn_char is not None:
                self._read_turn(g)
        self.oversized = oversized
        if g.phase != self.turn_phase:
            self._read_turn(g)
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

    def _read_marks(self, g: Game, key: tuple) -> None:
        self.marks_key = key
        ones = [_FACEUP_AT[c] for c in g.faceup]
        for at, c in ((_KILLED_AT, g.killed), (_ROBBED_AT, g.robbed), (_BEWITCHED_AT, g.bewitched)):
            if c is not None:
                ones.append(at[c])
        ones += [_WARRANTS_AT[c] for c in g.warrants]
        ones += [_THREATS_AT[c] for c in g.threats]
        ones += [_OPEN_THREATS_AT[c] for c in g.threats_open]
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
        """The rank called, the characters called that nobody answered, and who revealed what. Within a round these
        only grow (the log is append-only, a character is revealed once): only what is new is read and set."""
        glob, blocks, events = self.glob, self.blocks, g.events
        if g.round != self.calls_round:  # a new round: clear the last one's
            self.calls_round = g.round
            for i in self.absent_set:
                glob[i] = 0.0
            for s, i in self.revealed_set:
                blocks[s][i] = 0.0
            self.absent_set, self.revealed_set = [], []
            new_events = round_events(g)
        else:
            new_events = [e for m, e in events[self.events_read:] if m == ALL]
        self.events_read = len(events)
        for c in absent_characters(new_events):
            glob[_ABSENT_AT[c]] = 1.0
            self.absent_set.append(_ABSENT_AT[c])
        glob[_RANK_CALLED + self.rank_called] = 0.0
        self.rank_called = g.rank_called
        glob[_RANK_CALLED + g.rank_called] = 1.0
        revealed = self.revealed_set
        if len(g.revealed) > len(revealed):
            for c, who in list(g.revealed.items())[len(revealed):]:
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
        self.long_lists[s] = max(len(hand), len(p.city), len(p.beautified), len(p.museum)) >= _LONG_LIST

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
        self.long_lists[s] = max(len(p.hand), len(city), len(p.beautified), len(p.museum)) >= _LONG_LIST

    def _read_turn(self, g: Game) -> None:
        glob = self.glob
        for i in self.turn_set:
            glob[i] = 0.0
        ones = [_PHASE_AT[g.phase]]
        t = g.turn
        self.turn_phase = g.phase
        if t is not None:
            self.turn_char, self.turn_mode, self.turn_used = t.char, t.mode, t.used
            ones += (_TURN_CHAR_AT[t.char], _TURN_MODE_AT[t.mode])
            ones += [_TURN_USED_AT[k] for k in t.used if k in _TURN_USED_AT]
        else:
            self.turn_char = self.turn_mode = None
            self.turn_used = ()
        for i in ones:
            glob[i] = 1.0
        self.turn_set = ones


class _Observer:
    """What one seat knows beyond the shared buffers: its characters and what it saw passed in the draft (indices
    of its vector), and the cards it knows in the other hands (its known_hand buffers of the other seats)."""

    __slots__ = ("chars", "chars_at", "draft_list", "draft_read", "knows_others", "passed", "pieces", "seat",
                 "versions")

    def __init__(self, enc: ObservationEncoder, seat: int) -> None:
        self.seat = seat
        self.pieces = enc.pieces[seat]
        self.chars: list[str] | None = None
        self.chars_at: list[int] = []
        self.draft_list: list | None = None  # the round's draft_seen, and how much of it was read
        self.draft_read = 0
        self.passed: list[int] = []
        self.versions = [-1] * enc.n  # the hand versions its known_hand buffers were read at
        self.knows_others = False  # one of its known_hand buffers of another seat is not _NO_CARDS

    def read_chars(self, chars: list[str]) -> None:
        self.chars = chars[:]
        self.chars_at = [_MY_CHARS_AT[c] for c in chars]

    def read_draft(self, draft_seen: list) -> None:
        if draft_seen is not self.draft_list:  # a new round's list: forget what was passed
            self.draft_list, self.draft_read, self.passed = draft_seen, 0, []
        passed, seat = self.passed, self.seat
        for _, s, hand, chosen in draft_seen[self.draft_read:]:
            if s == seat and hand is not None:
                for c in hand:
                    i = _PASSED_AT[c]
                    if c != chosen and i not in passed:
                        passed.append(i)
        self.draft_read = len(draft_seen)

    def read_hands(self, g: Game, enc: ObservationEncoder) -> None:
        """The known_hand buffers of the other seats whose hand changed since it last looked."""
        seat, n, pieces, versions = self.seat, enc.n, self.pieces, self.versions
        knows = False
        for s, v in enumerate(enc.hand_version):
            if s == seat:
                continue
            at = 2 + 2 * ((s - seat) % n)
            if v != versions[s]:
                versions[s] = v
                if enc.knowers[s] >> seat & 1:
                    known = array("f", _NO_CARDS)
                    p = g.players[s]
                    for c, m in zip(p.hand, p.hand_seen):
                        if m >> seat & 1:
                            known[KIND[c]] += 1.0
                    pieces[at] = known
                else:
                    pieces[at] = _NO_CARDS
            if pieces[at] is not _NO_CARDS:
                knows = True
        self.knows_others = knows


#: The role of each item of a decision's context (`Game.decision_data`), by decision kind.
CONTEXT_ROLES: dict[str, tuple[str, ...]] = {
    "theater_give": ("player",), "keep_card": ("cards",), "scholar_keep": ("cards",),
    "payment": ("card", None), "necropolis_sacrifice": ("card",),
    "thieves_den_cards": ("card", "amount", "amount2"), "cardinal_player": ("card", "amount"),
    "cardinal_cards": ("card", "player", "amount"), "confiscate": ("player", "card", "amount"),
    "bribe": ("char",), "reveal_threat": ("player", "char"), "warrant": ("chars",), "threat": ("chars",),
    "spy_type": ("player",), "magician_discard": ("amount",), "wizard_card": ("player",),
    "wizard_use": ("player", "card"), "seer_give": ("players",), "emperor_resource": ("player",),
    "abbot_income": ("amount",), "warlord_district": ("player",), "diplomat_take": ("player",),
    "diplomat_give": ("player", "card", None), "marshal_district": ("player",), "artist": ("amount",),
    "armory_district": ("player",),
}


def _encode_context(ones: list[int], si: list[int], sv: list[float], g: Game, seat: int, data) -> None:
    roles = CONTEXT_ROLES.get(g.decision_kind)
    if roles is None or data is None:
        return
    G = _G
    n = g.num_players
    items = data if len(roles) > 1 else (data,)
    for role, x in zip(roles, items):
        if role == "player":
            ones.append(G["decision_player"] + (x - seat) % n)
        elif role == "players":
            ones += [G["decision_player"] + (y - seat) % n for y in x]
        elif role == "card":
            ones.append(G["decision_cards"] + KIND[x])
        elif role == "cards":
            ones += [G["decision_cards"] + KIND[y] for y in x]
        elif role == "char":
            ones.append(G["decision_chars"] + CHAR[x])
        elif role == "chars":
            ones += [G["decision_chars"] + CHAR[y] for y in x]
        elif role == "amount":
            si.append(G["decision_amount"])
            sv.append(x / 10)
        elif role == "amount2":
            si.append(G["decision_amount"] + 1)
            sv.append(x / 10)


# -- the full-information state, for centralised critics -----------------------------------------------------------
STATE_PER_SEAT = NK + NC  # hand by kind, characters held
STATE_SIZE = OBS_SIZE + MAX_PLAYERS * STATE_PER_SEAT + 3 * NC + NK


def encode_state(g: Game) -> np.ndarray:
    """Everything, hidden information included: the observation of seat 0, then `encode_hidden`."""
    v = np.empty(STATE_SIZE, dtype=np.float32)
    encode_observation(g, 0, v[:OBS_SIZE])
    encode_hidden(g, v[OBS_SIZE:])
    return v


def encode_hidden(g: Game, out: np.ndarray | None = None) -> np.ndarray:
    """The hidden part of the state (STATE_SIZE - OBS_SIZE floats): every hand and every character (absolute
    seats), the face-down discards, the signed warrant and the flower, and the deck's composition."""
    v = np.zeros(STATE_SIZE - OBS_SIZE, dtype=np.float32) if out is None else out
    v[:] = 0.0
    off = 0
    for p in g.players:
        for k in p.hand:
            v[off + KIND[k]] += 1.0
        for c in p.chars:
            v[off + NK + CHAR[c]] = 1.0
        off += STATE_PER_SEAT
    off = MAX_PLAYERS * STATE_PER_SEAT
    for c in g.facedown:
        v[off + CHAR[c]] = 1.0
    if g.signed:
        v[off + NC + CHAR[g.signed]] = 1.0
    if g.flower:
        v[off + 2 * NC + CHAR[g.flower]] = 1.0
    for k in g.deck:
        v[off + 3 * NC + KIND[k]] += 1.0
    np.minimum(v, _HIGH, out=v)  # counts of crafted hands or decks stay inside the state's Box
    return v


__all__ = [
    "ACTIONS",
    "NUM_ACTIONS",
    "OBS_HIGH",
    "OBS_SIZE",
    "SPEC_VERSION",
    "STATE_SIZE",
    "ObservationEncoder",
    "encode_hidden",
    "encode_observation",
    "encode_state",
    "legal_mask",
    "to_core",
    "to_flat",
]


def spec_tables() -> str:
    """The action table and the observation slices as Markdown (docs/ENVIRONMENT.md embeds this verbatim; a test
    keeps them in sync)."""
    lines = ["### Actions", "", "| ids | action | meaning |", "|---|---|---|"]
    groups: list[tuple[int, int, str]] = []
    for i, a in enumerate(ACTIONS):
        if groups and groups[-1][2] == a.verb and a.arg is not None:
            groups[-1] = (groups[-1][0], i, a.verb)
        else:
            groups.append((i, i, a.verb if a.arg is not None else str(a)))
    meaning = {
        "gather": "gather resources: gold, cards", "build": "build this district kind from your hand",
        "ability": "use an ability (actions.ABILITY_IDS order)", "character": "choose a character (catalogue order)",
        "player": "choose the player k seats clockwise from you (0 = yourself)",
        "card": "choose a card of this kind (your hand, or cards on offer)",
        "district": "choose a (not beautified) district of this kind in a city",
        "beautified_district": "choose a beautified district of this kind",
        "type": "name a district type", "amount": "choose a number", "pay": "pay this way",
        "resource": "take gold or a card (Emperor)", "wizard": "Wizard: into hand or build now",
    }
    for lo, hi, verb in groups:
        first, last = ACTIONS[lo], ACTIONS[hi]
        rng = f"{lo}" if lo == hi else f"{lo}-{hi}"
        shown = str(first) if lo == hi else f"{first} ... {last}"
        lines.append(f"| {rng} | `{shown}` | {meaning.get(verb, verb.replace('_', ' '))} |")
    lines += ["", f"### Observation ({OBS_SIZE} float32)", "", "| indices | name | content |", "|---|---|---|"]
    for name, _, doc in GLOBAL.parts:
        sl = GLOBAL[name]
        lines.append(f"| {sl.start}-{sl.stop - 1} | `{name}` | {doc} |")
    lines.append(f"| {GLOBAL.size}-{OBS_SIZE - 1} | players | {MAX_PLAYERS} blocks of {PLAYER_BLOCK.size}, "
                 "self first then clockwise (absent seats are zeros); block layout below |")
    lines += ["", f"Player block (offset within the block; block k starts at {GLOBAL.size} + k * "
              f"{PLAYER_BLOCK.size}):", "", "| offsets | name | content |", "|---|---|---|"]
    for name, _, doc in PLAYER_BLOCK.parts:
        sl = PLAYER_BLOCK[name]
        lines.append(f"| {sl.start}-{sl.stop - 1} | `{name}` | {doc} |")
    lines += ["", "Orders used by one-per-item slices and action ranges:", "",
              "* characters: " + ", ".join(f"{i} {c}" for i, c in enumerate(CHARACTER_IDS)),
              "* district kinds: " + ", ".join(f"{i} {d}" for i, d in enumerate(DISTRICT_IDS)),
              "* ability ids: " + ", ".join(f"{i} {a}" for i, a in enumerate(ABILITY_IDS))]
    return "\n".join(lines) + "\n"


def _spec_version() -> str:
    """`v0-` and a digest of the action table and observation layout: any change to either changes it, so a policy
    trained on one spec is never silently run on another."""
    import hashlib

    return "v0-" + hashlib.sha1(spec_tables().encode()).hexdigest()[:10]


#: The observation/action spec version stored in checkpoints (see `_spec_version`).
SPEC_VERSION = _spec_version()
