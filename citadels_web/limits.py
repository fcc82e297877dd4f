"""The server's limits on what one client may cost the others (docs/WEB.md, "Security and limits").

Every limit is a field of `Limits` with its default; `citadels serve` exposes each as an option. The two helpers are
plain clocked logic, no asyncio, so tests drive them with a fake clock:
- `Throttle`: failures per key (a room, a client address) buy growing waits, so guessing passwords or room codes is
  slow while a person who mistypes once is not held up;
- `Bucket`: a token bucket, the rate of messages one connection may send.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any


def _limit(default: float, doc: str) -> Any:
    return field(default=default, metadata={"doc": doc})


@dataclass(frozen=True)
class Limits:
    """What one client may cost; the defaults suit a server shared with strangers on a small machine."""

    max_message: int = _limit(4096, "bytes of one client message the game reads; a longer one gets an `error` frame")
    max_transport_message: int = _limit(
        16384, "bytes of one WebSocket message the server accepts at all; a longer one closes the socket with code 1009")
    outbox_bytes: int = _limit(
        4 << 20, "bytes queued for one connection; a client that lets more pile up is dropped (it rejoins by token)")
    send_timeout: float = _limit(10.0, "seconds one frame may take to leave; a client that reads slower is dropped")
    messages_per_s: float = _limit(
        50.0, "messages per second one connection may send on average (in bursts of up to message_burst)")
    message_burst: int = _limit(200, "messages one connection may send at once before the rate applies")
    flood_strikes: int = _limit(50, "messages refused for the rate in a row before the connection is dropped")
    max_rooms: int = _limit(1000, "rooms open on the server at once")
    rooms_per_address: int = _limit(5, "rooms open at once that were created from one client address")
    connections_per_address: int = _limit(20, "WebSocket connections open at once from one client address")
    free_failures: int = _limit(3, "wrong passwords (per room, per address) answered without a wait")
    failure_delay: float = _limit(
        1.0, "the first wait after the free failures, in seconds; it doubles with each further failure")
    max_failure_delay: float = _limit(300.0, "the longest wait, in seconds")
    failure_memory: float = _limit(
        900.0, "seconds without a failure after which a room's or an address's failures are forgotten")
    idle_room: float = _limit(
        1800.0, "seconds a room may stay without any connection before it is closed (its record, if finished, stays)")
    finished_room: float = _limit(
        600.0, "seconds a finished room stays open for the people still looking at its scores")
    sweep_every: float = _limit(30.0, "seconds between two sweeps for idle and finished rooms")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
                raise ValueError(f"limit {f.name} must be a number >= 0, got {value!r}")
        if self.max_message > self.max_transport_message:
            raise ValueError("limit max_message must not exceed max_transport_message")

    @staticmethod
    def doc(name: str) -> str:
        """The one-line description of a limit, for `citadels serve --help` and the docs."""
        return next(f.metadata["doc"] for f in fields(Limits) if f.name == name)


@dataclass
class Throttle:
    """Failures per key; after `free` of them each further attempt must wait, twice as long each time.

    `wait(key)` says how many seconds the key must still wait (0: go ahead). A refused attempt during the wait is
    not checked at all, so it tells a guesser nothing and does not count as a failure."""

    free: int
    delay: float
    max_delay: float
    memory: float
    clock: Callable[[], float] = time.monotonic
    _failures: dict[object, tuple[int, float]] = field(default_factory=dict)  # key -> (count, time of the last)

    def wait(self, key: object) -> float:
        count, last = self._current(key)
        if count < self.free:
            return 0.0
        ready = last + min(self.max_delay, self.delay * 2 ** (count - self.free))
        return max(0.0, ready - self.clock())

    def fail(self, key: object) -> None:
        count, _ = self._current(key)
        self._failures[key] = (count + 1, self.clock())
        if len(self._failures) > 100_000:  # forget the stale ones rather than grow without end
            self.forget_stale()

    def succeed(self, key: object) -> None:
        self._failures.pop(key, None)

    def forget_stale(self) -> None:
        now = self.clock()
        for key in [k for k, (_, last) in self._failures.items() if now - last > self.memory]:
            del self._failures[key]

    def _current(self, key: object) -> tuple[int, float]:
        count, last = self._failures.get(key, (0, 0.0))
        if count and self.clock() - last > self.memory:
            del self._failures[key]
            return 0, 0.0
        return count, last


@dataclass
class Bucket:
    """A token bucket: `take()` is True while the connection keeps under `rate` messages a second on average."""

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    tokens: float = -1.0
    last: float = 0.0

    def take(self) -> bool:
        now = self.clock()
        if self.tokens < 0:
            self.tokens, self.last = float(self.burst), now
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
