"""The environment boundary: the flat action table and the observation / state vectors.

Actions: the core's `all_actions()` in order; `player:k` means the seat k places clockwise from the acting player
(0 = itself), so the table is the same for every seat and player count.

Observations: one float32 vector of fixed length for 2-8 players, seats relative to the observer (self first, then
clockwise), built only from what that seat may know (the same rules as `Game.view`). `OBS_LAYOUT` names every slice;
docs/ENVIRONMENT.md is generated from it.
"""

from __future__ import annotations

import functools
import operator
from array import array

import numpy as np

from .core import DECISIONS, Action, Game, IllegalActionError, all_actions
from .core.actions import ABILITY_IDS, PLAYER
from .core.cards import CHARACTER_IDS, DISTRICT_IDS
from .core.game import ALL, DRAFT
from .core.knowledge import PRIVATE_CONTEXT, context_visible, round_events

MAX_PLAYERS = 8
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
    ones += [G["called_absent"] + C[e[1]] for e in events if e[0] == "called" and e[2] is None]
    ones += [G["my_characters"] + C[c] for c in g.players[seat].chars]
    for name, c in (("killed", g.killed), ("robbed", g.robbed), ("bewitched", g.bewitched)):
        if c is not None:
            ones.append(G[name] + C[c])
    ones += [G["warrants"] + C[c] for c in g.warrants]
    if g.signed is not None and (g.magistrate_seat == seat or g.warrant_revealed):
        ones.append(G["signed_warrant"] + C[g.signed])
    ones += [G["threats"] + C[c] for c in g.threats]
    ones += [G["open_threats"] + C[c] for c in g.threats_open]
    if g.flower is not None and (g.blackmailer_seat == seat or any(
            e[0] == "threat_revealed" and e[3] for e in events)):
        ones.append(G["flower"] + C[g.flower])
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
    if out is not None:
        out[:] = v
        return out
    return v


class ObservationEncoder:
    """Builds the observations of one game incrementally: the same vectors as `encode_observation` (a test compares
    them at every step of many games), several times faster.

    Each observer seat keeps its own float32 buffer. The static part (the game's characters and districts) is written
    once; each part that changes only now and then (the round's public marks, the draft knowledge, a player's city,
    what is known of a hand) is rewritten only when a cheap key of the state it depends on changes; the decision, the
    turn and the numbers are rewritten every time. The buffer is a `array.array`, whose item writes are several
    times cheaper than numpy's; the result is a numpy copy (or written into `out`), so callers may keep it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._seats: list[_SeatBuffer | None] = [None] * game.num_players
        #: Parts that are the same for every observer, computed once per change: (key, indices).
        self._public: dict[str, tuple] = {"marks": (None, None), "calls": (None, None), "absent": (None, 0, [])}

    def __call__(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of `seat`: a new array, or written into `out` (a float32 row of OBS_SIZE)."""
        sb = self._seats[seat]
        if sb is None:
            sb = self._seats[seat] = _SeatBuffer(self.game, seat)
        view = sb.update(self.game, self._public)
        if out is None:
            return view.copy()
        out[:] = view
        return out


# Offsets of the parts rewritten at every step, and index tables that turn a card name straight into its slot.
_ROUND, _TAX_POT, _DECK_SIZE = _G["round"], _G["tax_pot"], _G["deck_size"]
_TURN_PLAYER = _G["turn_player"]
_TURN_NUMBERS = (_G["turn_gathered"], _G["turn_builds"], _G["turn_limit"])
_DECISION_AT = {k: _G["decision"] + i for k, i in DECISION.items()}
_TURN_CHAR_AT = {c: _G["turn_character"] + i for c, i in CHAR.items()}
_TURN_MODE_AT = {m: _G["turn_mode"] + i for i, m in enumerate(MODES)}
_TURN_USED_AT = {a: _G["turn_used"] + i for a, i in ABILITY.items()}
_DRAFT_OFFER_AT = {c: _G["draft_offer"] + i for c, i in CHAR.items()}
_MY_CHARS_AT = {c: _G["my_characters"] + i for c, i in CHAR.items()}
_PASSED_AT = {c: _G["draft_passed"] + i for c, i in CHAR.items()}
_ABSENT_AT = {c: _G["called_absent"] + i for c, i in CHAR.items()}
_PHASE_AT = {p: _G["phase"] + i for i, p in enumerate(PHASES)}
_DRAFT_CHOICES = frozenset({"draft_keep", "draft_discard"})


def _kinds_at(base: int) -> dict[str, int]:
    return {k: base + i for k, i in KIND.items()}


@functools.cache
def _player_slots(n: int, observer: int) -> list[tuple]:
    """Per absolute seat: where its block's parts are in `observer`'s vector (the same for every game of n players)."""
    slots = []
    for s in range(n):
        off = GLOBAL.size + (s - observer) % n * PLAYER_BLOCK.size
        slots.append((_kinds_at(off + _B["city"]), _kinds_at(off + _B["beautified"]), _kinds_at(off + _B["known_hand"]),
                      off + _B["gold"], off + _B["hand_size"], off + _B["museum"], off + _B["city_size"],
                      off + _B["completed"], off + _B["deciding"], off + _B["present"],
                      {c: off + _B["revealed"] + i for c, i in CHAR.items()}))
    return slots


class _SeatBuffer:
    __slots__ = ("array", "beautified", "buf", "calls_key", "chars", "cities", "completion", "draft_list", "draft_read",
                 "draft_scanned", "dyn", "dyn_numbers", "hands", "idx", "marks_key", "numbers", "passed", "seat", "seen",
                 "set_calls", "set_chars", "set_city", "set_hand", "set_marks", "turn_ones")

    def __init__(self, g: Game, seat: int) -> None:
        n = g.num_players
        self.seat = seat
        self.buf = buf = array("f", bytes(4 * OBS_SIZE))
        self.array = np.frombuffer(buf, dtype=np.float32)  # a numpy view of the same memory
        buf[_G["completion_size"]] = g.cfg.completion_size / 8
        self.completion = g.cfg.completion_size
        for c in g.cfg.characters:
            buf[_G["characters_in_game"] + CHAR[c]] = 1.0
        for d in g.cfg.unique_districts:
            buf[_G["uniques_in_game"] + KIND[d]] = 1.0
        #: Per absolute seat: where its block's parts are in this observer's vector.
        self.idx = _player_slots(n, seat)
        for slots in self.idx:
            buf[slots[9]] = 1.0
        self.numbers = [(s, self.idx[s][3], self.idx[s][5]) for s in range(n)]  # (seat, gold, museum) offsets
        self.marks_key: tuple | None = None
        self.calls_key: tuple | None = None
        self.chars: list[str] | None = None
        self.draft_read: int | None = None  # the round in whose draft the players were last read
        self.draft_list: list | None = None  # the round's draft_seen, and how much of it was read
        self.draft_scanned = 0
        self.passed: set[int] = set()
        self.cities: list[list[str] | None] = [None] * n  # the city / beautified / hand / seen last encoded
        self.beautified: list[list[str] | None] = [None] * n
        self.hands: list[list[str] | None] = [None] * n
        self.seen: list[list[int] | None] = [None] * n
        self.set_marks: list[int] = []  # the indices each part set, to clear when it is rewritten
        self.set_calls: list[int] = []
        self.set_chars: list[int] = []
        self.set_city: list[list[int]] = [[] for _ in range(n)]
        self.set_hand: list[list[int]] = [[] for _ in range(n)]
        self.turn_ones: list[int] = []  # the per-step ones last written (phase and turn; decision), and numbers
        self.dyn: list[int] = []
        self.dyn_numbers: list[int] | tuple[int, ...] = []

    def update(self, g: Game, public: dict[str, tuple]) -> np.ndarray:
        buf, seat = self.buf, self.seat
        players = g.players
        # -- the round's public marks (and what this seat may see of the hidden tokens) ---------------------------
        key = (g.round, g.first_completer, g.crown, g.killed, g.robbed, g.bewitched, g.warrants, g.signed,
               g.warrant_revealed, g.threats, g.threats_open, g.flower, g.blackmailer_seat, g.magistrate_seat)
        if key != self.marks_key:
            self.marks_key = key
            for i in self.set_marks:
                buf[i] = 0.0
            self.set_marks = ones = _round_marks(g, seat, key, public)
            for i in ones:
                buf[i] = 1.0
        # -- characters called and revealed --------------------------------------------------------------------
        key = (g.round, g.rank_called, tuple(g.revealed.values()))
        if key != self.calls_key:
            self.calls_key = key
            for i in self.set_calls:
                buf[i] = 0.0
            self.set_calls = ones = _calls(g, self.idx, key, public)
            for i in ones:
                buf[i] = 1.0
        # -- the draft: own characters, and what this seat saw passed (draft_seen is append-only within a round) ----
        chars = players[seat].chars
        if chars != self.chars:
            self.chars = chars[:]
            for i in self.set_chars:
                buf[i] = 0.0
            self.set_chars = ones = [_MY_CHARS_AT[c] for c in chars]
            for i in ones:
                buf[i] = 1.0
        draft_seen = g.draft_seen
        if draft_seen is not self.draft_list:  # a new round's list: forget what was passed
            self.draft_list, self.draft_scanned = draft_seen, 0
            for i in self.passed:
                buf[i] = 0.0
            self.passed = set()
        if len(draft_seen) > self.draft_scanned:
            passed = self.passed
            for _, s, hand, chosen in draft_seen[self.draft_scanned:]:
                if s == seat and hand is not None:
                    for c in hand:
                        if c != chosen:
                            i = _PASSED_AT[c]
                            if i not in passed:
                                passed.add(i)
                                buf[i] = 1.0
            self.draft_scanned = len(draft_seen)
        # -- players: cities and known hands when they change, numbers always ------------------------------------
        # Nothing of theirs changes during the draft: once read in this round's draft, skip them until it ends.
        if g.phase != DRAFT or self.draft_read != g.round:
            cities, beautified, hands, seen = self.cities, self.beautified, self.hands, self.seen
            for p, (s, i_gold, i_museum) in zip(players, self.numbers):
                if p.city != cities[s] or p.beautified != beautified[s]:
                    self.rewrite_city(s, p)
                if p.hand != hands[s] or p.hand_seen != seen[s]:
                    self.rewrite_hand(s, p)
                buf[i_gold] = p.gold / 10
                buf[i_museum] = len(p.museum) / 10
            self.draft_read = g.round if g.phase == DRAFT else None
        # -- the decision and the turn: recomputed every time, rewritten when they differ -------------------------
        buf[_ROUND] = g.round / 10
        buf[_TAX_POT] = g.tax_pot / 10
        buf[_DECK_SIZE] = len(g.deck) / 68
        t = g.turn
        ones = [_PHASE_AT[g.phase]]  # the phase and the turn: the same over most of a seat's consecutive looks
        if t is not None:
            ones += (_TURN_CHAR_AT[t.char], _TURN_PLAYER + (t.seat - seat) % len(players), _TURN_MODE_AT[t.mode])
            if t.used:
                ones += [_TURN_USED_AT[k] for k in t.used if k in _TURN_USED_AT]
        if ones != self.turn_ones:
            for i in self.turn_ones:
                buf[i] = 0.0
            for i in ones:
                buf[i] += 1.0
            self.turn_ones = ones
        pending = g.pending
        amounts = None
        if pending:  # the decision: new at almost every step
            kind, current, data = pending[-1]
            ones = [self.idx[current][8], _DECISION_AT[kind]]
            if current == seat:
                if kind in _DRAFT_CHOICES:
                    ones += [_DRAFT_OFFER_AT[c] for c in g.draft_hand]
                visible = True
            else:
                visible = kind not in PRIVATE_CONTEXT or (kind == "wizard_use" and data[0] == seat)
            if visible and data is not None and kind in CONTEXT_ROLES:
                amounts = ([], [])
                _encode_context(ones, *amounts, g, seat, data)
        elif t is not None:
            ones = [self.idx[t.seat][8], _DECISION_AT["turn"]]
        else:
            ones = []
        if ones != self.dyn:
            for i in self.dyn:
                buf[i] = 0.0
            for i in ones:
                buf[i] += 1.0
            self.dyn = ones
        # The numbers: the turn's, and the amounts of the decision's context.
        for i in self.dyn_numbers:
            buf[i] = 0.0
        numbers = []
        if t is not None:
            i_gathered, i_builds, i_limit = numbers = _TURN_NUMBERS
            buf[i_gathered] = float(t.gathered)
            buf[i_builds] = t.builds / 3
            buf[i_limit] = t.limit / 3
        if amounts:
            for i, x in zip(*amounts):
                buf[i] = x
            numbers = [*numbers, *amounts[0]]
        self.dyn_numbers = numbers
        return self.array

    def rewrite_city(self, s: int, p) -> None:
        buf = self.buf
        city_at, beautified_at, _, _, _, _, i_size, i_completed, _, _, _ = self.idx[s]
        city, before = p.city, self.cities[s]
        size = len(city) + ("monument" in city)
        if (before is not None and len(city) == len(before) + 1 and city[:-1] == before
                and p.beautified == self.beautified[s]):  # the common change: one district built
            before.append(city[-1])
            ones = self.set_city[s]
            added = [city_at[city[-1]]]
            if size >= self.completion and i_completed not in ones:
                added.append(i_completed)
            for i in added:
                buf[i] += 1.0
            ones += added
        else:
            self.cities[s], self.beautified[s] = city[:], p.beautified[:]
            for i in self.set_city[s]:
                buf[i] = 0.0
            ones = [city_at[k] for k in city]
            ones += [beautified_at[k] for k in p.beautified]
            if size >= self.completion:
                ones.append(i_completed)
            for i in ones:
                buf[i] += 1.0
            self.set_city[s] = ones
        buf[i_size] = size / 8

    def rewrite_hand(self, s: int, p) -> None:
        buf, seat = self.buf, self.seat
        hand_at, i_hand = self.idx[s][2], self.idx[s][4]
        hand, before = p.hand, self.hands[s]
        buf[i_hand] = len(hand) / 10
        if s == seat and before is not None and len(hand) > len(before) and hand[:len(before)] == before:
            added = [hand_at[c] for c in hand[len(before):]]  # cards drawn or given: the common change
            for i in added:
                buf[i] += 1.0
            self.set_hand[s] += added
            self.hands[s], self.seen[s] = hand[:], p.hand_seen[:]
            return
        self.hands[s], self.seen[s] = hand[:], p.hand_seen[:]
        if s == seat:
            ones = [hand_at[c] for c in hand]
        elif functools.reduce(operator.or_, p.hand_seen, 0) >> seat & 1:
            ones = [hand_at[c] for c, m in zip(hand, p.hand_seen) if m >> seat & 1]
        else:  # the common case: the observer knows none of these cards
            ones = []
        old = self.set_hand[s]
        if ones or old:
            for i in old:
                buf[i] = 0.0
            for i in ones:
                buf[i] += 1.0
            self.set_hand[s] = ones


def _calls(g: Game, slots: list[tuple], key: tuple, public: dict[str, tuple]) -> list[int]:
    """Indices of the last rank called, the characters called that nobody answered, and who revealed what."""
    memo_key, shared = public["calls"]
    if memo_key != key:  # the observer-independent part, once per change for every observer
        memo_round, seen, absent = public["absent"]  # the events are append-only: scan only the new ones
        if memo_round != g.round:
            absent = [_ABSENT_AT[e[1]] for e in round_events(g) if e[0] == "called" and e[2] is None]
        else:
            absent = absent + [_ABSENT_AT[e[1]] for m, e in g.events[seen:]
                               if m == ALL and e[0] == "called" and e[2] is None]
        public["absent"] = (g.round, len(g.events), absent)
        shared = [_G["rank_called"] + g.rank_called, *absent]
        public["calls"] = (key, shared)
    return shared + [slots[who][10][c] for c, who in g.revealed.items()]


def _round_marks(g: Game, seat: int, key: tuple, public: dict[str, tuple]) -> list[int]:
    """Indices of the round's public marks as `seat` sees them: phase, face-up characters, named targets, tokens,
    the crown and the first completed city."""
    G, C = _G, CHAR
    n = g.num_players
    memo_key, shared = public["marks"]
    if memo_key != key:
        shared = []
        if g.first_completer is not None:
            shared.append(G["end_triggered"])
        shared += [G["faceup"] + C[c] for c in g.faceup]
        for name, c in (("killed", g.killed), ("robbed", g.robbed), ("bewitched", g.bewitched)):
            if c is not None:
                shared.append(G[name] + C[c])
        shared += [G["warrants"] + C[c] for c in g.warrants]
        shared += [G["threats"] + C[c] for c in g.threats]
        shared += [G["open_threats"] + C[c] for c in g.threats_open]
        flower_shown = g.flower is not None and any(e[0] == "threat_revealed" and e[3] for e in round_events(g))
        public["marks"] = (key, (shared, flower_shown))
    else:
        shared, flower_shown = shared
    ones = shared[:]
    if g.signed is not None and (g.magistrate_seat == seat or g.warrant_revealed):
        ones.append(G["signed_warrant"] + C[g.signed])
    if g.flower is not None and (g.blackmailer_seat == seat or flower_shown):
        ones.append(G["flower"] + C[g.flower])
    if g.first_completer is not None:
        ones.append(GLOBAL.size + (g.first_completer - seat) % n * PLAYER_BLOCK.size + _B["first_completer"])
    ones.append(GLOBAL.size + (g.crown - seat) % n * PLAYER_BLOCK.size + _B["crown"])
    return ones


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
    return v


__all__ = [
    "ACTIONS",
    "NUM_ACTIONS",
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
