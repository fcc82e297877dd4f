"""Belief features for learned policies: the probability that each seat holds each character this round, as the
strong heuristic reads it from the draft (`agents.heuristic.model.HolderModel`).

A strong player tracks who probably took which character: the hands passed to it, the face-up discards, the
characters revealed and the ones called that nobody answered. The environment's observation states those facts but
leaves the inference to the network, which an MLP learns poorly from imitation data (the assassin's and thief's
targets were the decisions a cloned policy got most wrong). These features hand it the inference. They read only the
seat's `PlayerView`, so they carry nothing the seat cannot know.

Layout (BELIEF_SIZE float32): for each relative seat k = 0..7 (0 = the observer, then clockwise) a block of one
probability per character (catalogue order, `CHARACTER_IDS`), then one block for "nobody" (discarded face up or
down). Seats absent from the table, and characters not in the game, are zeros.
"""

from __future__ import annotations

import numpy as np

from citadels_env.core.cards import CHARACTER_IDS
from citadels_env.core.knowledge import PlayerView
from citadels_env.core.limits import MAX_PLAYERS

from .heuristic.model import HolderModel
from .heuristic.table import Table

NC = len(CHARACTER_IDS)
BELIEF_SIZE = (MAX_PLAYERS + 1) * NC
_INDEX = {c: i for i, c in enumerate(CHARACTER_IDS)}


def belief_features(view: PlayerView, out: np.ndarray | None = None) -> np.ndarray:
    """The belief block of `view`'s seat (module docstring), written into `out` if given."""
    v = np.zeros(BELIEF_SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        v[:] = 0.0
    n, me = view.num_players, view.seat
    model = HolderModel(Table(view))
    for c, row in model.p.items():
        i = _INDEX[c]
        for seat, x in row.items():
            k = MAX_PLAYERS if seat >= n else (seat - me) % n
            v[k * NC + i] += x
    mine = set(view.my_characters)
    for c in mine:  # my own characters are certain
        v[_INDEX[c]] = 1.0
    for c in view.characters:  # the model leaves out what is certainly out: face up, or discarded by me
        if c not in model.p and c not in mine:
            v[MAX_PLAYERS * NC + _INDEX[c]] = 1.0
    return v
