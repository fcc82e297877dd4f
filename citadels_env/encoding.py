"""The environment boundary: the flat action table and the masks, the observation vector (its layout is in
`observation_layout` and the fast `ObservationEncoder` in `observation`, both re-exported here; `encode_observation`
is the reference it is tested against) and the full-information state vector.

Actions: the core's `all_actions()` in order; `player:k` means the seat k places clockwise from the acting player
(0 = itself), so the table is the same for every seat and player count.

Observations: see `observation_layout`. Every entry of an observation or state lies in [0, OBS_HIGH] by construction.
"""

from __future__ import annotations

import numpy as np

from .core import Action, Game, IllegalActionError, all_actions
from .core.actions import ABILITY_IDS, PLAYER
from .core.cards import CHARACTER_IDS, DISTRICT_IDS
from .core.knowledge import absent_characters, context_visible, known_flower, known_signed, round_events
from .core.limits import MAX_PLAYERS
from .observation import ObservationEncoder
from .observation_layout import (
    ABILITY,
    CHAR,
    CONTEXT_ROLES,
    DECISION,
    DECISION_KINDS,
    GLOBAL,
    KIND,
    MODES,
    NC,
    NK,
    OBS_HIGH,
    OBS_SIZE,
    PHASES,
    PLAYER_BLOCK,
    Layout,
)
from .observation_layout import BLOCK_AT as _B
from .observation_layout import GLOBAL_AT as _G

ACTIONS: tuple[Action, ...] = all_actions()
NUM_ACTIONS = len(ACTIONS)
ACTION_INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}
PLAYER_BASE = ACTION_INDEX[Action(PLAYER, 0)]
_HIGH = np.float32(OBS_HIGH)


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
#: Arrays over a new bytearray: the constructor costs less than np.frombuffer (the same array: writable, no copy).
_ndarray, _MASK_SHAPE = np.ndarray, (NUM_ACTIONS,)
_FLAT_INDEX = {a: i for a, i in ACTION_INDEX.items() if a.verb != PLAYER}  # the actions that name no player


def legal_mask(game: Game, seat: int) -> np.ndarray:
    """int8 mask over the flat actions: 1 for each legal action of `seat` (all zeros when it does not decide)."""
    if game.current_player != seat:
        return np.zeros(NUM_ACTIONS, _INT8)
    return mask_of(game.legal_actions(), seat, game.num_players)


def mask_of(legal: list[Action], seat: int, players: int) -> np.ndarray:
    """The int8 mask of the core actions `legal` of the acting `seat`."""
    mask = bytearray(NUM_ACTIONS)
    index = _FLAT_INDEXES[players][seat]
    if index is None:
        index = _FLAT_INDEXES[players][seat] = _flat_index(seat, players)
    for a in legal:
        mask[index[a]] = 1
    return _ndarray(_MASK_SHAPE, _INT8, mask)


def _flat_index(seat: int, players: int) -> dict[Action, int]:
    """Core action -> flat id, for the acting `seat`: `to_flat` as one lookup (the mask is built at every step)."""
    index = dict(_FLAT_INDEX)
    for k in range(players):
        index[Action(PLAYER, (seat + k) % players)] = PLAYER_BASE + k
    return index


_FLAT_INDEXES: list[list[dict | None]] = [[None] * n for n in range(MAX_PLAYERS + 1)]  # [players][seat], when built
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
    "ABILITY",
    "ACTIONS",
    "CHAR",
    "CONTEXT_ROLES",
    "DECISION",
    "DECISION_KINDS",
    "GLOBAL",
    "KIND",
    "MODES",
    "NC",
    "NK",
    "NUM_ACTIONS",
    "OBS_HIGH",
    "OBS_SIZE",
    "PHASES",
    "PLAYER_BLOCK",
    "SPEC_VERSION",
    "STATE_SIZE",
    "Layout",
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
