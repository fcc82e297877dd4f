"""History features for learned policies: what each seat did in the game so far, read from its public events.

The observation describes the present: this round's marks, cities, gold, the characters revealed this round. It
forgets the past rounds, so a network reading it cannot tell an opponent that named its character three rounds
running from one that never did, and plays every table the same way. An opponent that studies it (a best response,
docs/EXPLOITABILITY.md) exploits exactly that. These features give the network the public record to adapt to:

- `played`: for each seat, how many times it was revealed holding each character (it answered the call, or it was
  named the heir of a killed rank-4 character at the end of the round);
- `named`: for each seat, how many times it named each character as a target: the Assassin's kill, the Thief's
  theft, the Witch's spell, the Magistrate's warrants and the Blackmailer's threats.

Everything counted is public: `round`, `called`, `heir`, `killed`, `rob`, `bewitched`, `warrants` and `threats`
events are seen by every seat (the core logs them with `seen_by=ALL`; which warrant is signed and which threat bears
the flower are other, private events, not read), so the features of a seat hold nothing it cannot know
(tests/agents/test_history.py changes hidden state and checks). A name is credited to the seat playing the turn: the
last seat that answered a call, or the Witch's seat in the turn of the character she bewitched (she plays it);
warrants and threats name their seat.

Layout (HISTORY_SIZE float32): the `played` block then the `named` block; each holds, for each relative seat k = 0..7
(0 = the observer, then clockwise), one count per character (catalogue order, `CHARACTER_IDS`), divided by
HISTORY_SCALE. Seats absent from the table are zeros.

`HistoryTracker` reads a game's log incrementally (training: one per game, fed the new events at each decision);
`history_features` reads a `PlayerView`'s events from the start (a playing agent, once a decision). Both go through
`HistoryTracker.read`, so they agree (a test compares them at random decisions of random games, the incremental
builder skipping the decisions in between).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from citadels_env.core import Game
from citadels_env.core.cards import CHARACTER_IDS
from citadels_env.core.knowledge import PlayerView
from citadels_env.core.limits import MAX_PLAYERS

NC = len(CHARACTER_IDS)
HISTORY_SIZE = 2 * MAX_PLAYERS * NC
#: Counts are divided by this: a game lasts about 6 to 12 rounds, so the entries stay near [0, 3].
HISTORY_SCALE = 4.0
_INDEX = {c: i for i, c in enumerate(CHARACTER_IDS)}
_NAMING = frozenset({"killed", "rob", "bewitched"})


class HistoryTracker:
    """The `played` and `named` counts of one game by absolute seat, kept up to date from its event log."""

    __slots__ = ("bewitched", "counts", "read_to", "turn_seat", "witch_seat")

    def __init__(self) -> None:
        self.counts = np.zeros((2, MAX_PLAYERS, NC), dtype=np.float32)  # [played | named][seat][character]
        self.turn_seat: int | None = None  # the seat playing the turn: names are its
        self.bewitched: str | None = None  # this round's bewitched character, and the Witch's seat
        self.witch_seat: int | None = None
        self.read_to = 0  # events of the game's log read so far (HistoryTracker.update)

    def read(self, events: Iterable[tuple]) -> None:
        """Count `events` (in log order, after the ones already read)."""
        played, named = self.counts
        for e in events:
            kind = e[0]
            if kind == "called":  # Called(character, seat)
                if e[2] is not None:
                    played[e[2], _INDEX[e[1]]] += 1.0
                    self.turn_seat = self.witch_seat if e[1] == self.bewitched else e[2]
            elif kind in _NAMING:  # Killed / Rob / Bewitched(character)
                if self.turn_seat is not None:
                    named[self.turn_seat, _INDEX[e[1]]] += 1.0
                if kind == "bewitched":
                    self.bewitched, self.witch_seat = e[1], self.turn_seat
            elif kind == "warrants" or kind == "threats":  # Warrants / Threats(seat, characters)
                for c in e[2]:
                    named[e[1], _INDEX[c]] += 1.0
            elif kind == "heir":  # Heir(character, seat)
                played[e[2], _INDEX[e[1]]] += 1.0
            elif kind == "round":
                self.turn_seat = self.bewitched = self.witch_seat = None

    def update(self, game: Game) -> None:
        """Read the events `game` logged since the last update (every seat sees the kinds counted)."""
        events = game.events
        if len(events) > self.read_to:
            self.read(e for _, e in events[self.read_to:])
            self.read_to = len(events)

    def features(self, seat: int, players: int, out: np.ndarray | None = None) -> np.ndarray:
        """The features of `seat` (module docstring): seats relative to it, written into `out` if given."""
        v = np.zeros(HISTORY_SIZE, dtype=np.float32) if out is None else out
        if not v.flags.c_contiguous:  # (a reshaped copy would take the writes)
            raise ValueError("out must be a contiguous float32 vector")
        order = [(seat + k) % players for k in range(players)]
        block = v.reshape(2, MAX_PLAYERS, NC)
        block[:, :players] = self.counts[:, order] * (1.0 / HISTORY_SCALE)
        block[:, players:] = 0.0
        return v


def history_features(view: PlayerView, out: np.ndarray | None = None) -> np.ndarray:
    """The history features of `view`'s seat, from the events it saw (module docstring)."""
    tracker = HistoryTracker()
    tracker.read(view.events)
    return tracker.features(view.seat, view.num_players, out)
