"""Plain-data pieces of a game state: a player's holdings and the turn in progress.

Both copy in a few hundred nanoseconds (lists of strings and ints); `Game.clone()` relies on that.
`hand_seen[i]` is a bitmask of the seats that know card `hand[i]` is in this hand (the holder always does): it lets
`view()` and `determinize()` keep exactly what each seat saw (a Spy look, a card the Seer gave...).
"""

from __future__ import annotations

NORMAL, BEWITCHED, WITCH_CASTING, WITCH_RESUMED = "normal", "bewitched", "witch_casting", "witch_resumed"


class Player:
    __slots__ = ("beautified", "chars", "city", "gold", "hand", "hand_seen", "museum", "museum_blind", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.gold = 0
        self.hand: list[str] = []
        self.hand_seen: list[int] = []
        self.city: list[str] = []
        #: Kinds of the beautified districts of the city (a multiset: the Quarry allows two of a kind).
        self.beautified: list[str] = []
        #: Cards face down under the Museum (identities known only to whoever put them there: the owner).
        self.museum: list[str] = []
        #: True when the Museum came from another city with its cards: its new owner never saw them.
        self.museum_blind = False
        #: Characters held this round (one, or two with 2-3 players).
        self.chars: list[str] = []

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat = self.seat
        p.gold = self.gold
        p.hand = self.hand[:]
        p.hand_seen = self.hand_seen[:]
        p.city = self.city[:]
        p.beautified = self.beautified[:]
        p.museum = self.museum[:]
        p.museum_blind = self.museum_blind
        p.chars = self.chars[:]
        return p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and all(getattr(self, k) == getattr(other, k) for k in Player.__slots__)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in Player.__slots__}


class Turn:
    """The turn being played: whose abilities (`char`) are used by which seat, and what was used already."""

    __slots__ = ("builds", "char", "gathered", "gold_spent", "limit", "mode", "paid_build_seen", "seat", "used")

    def __init__(self, seat: int, char: str, mode: str, limit: int) -> None:
        self.seat = seat
        self.char = char
        self.mode = mode
        self.gathered = mode == WITCH_RESUMED  # the Witch does not gather again when she resumes (§5.2)
        self.builds = 0  # districts built that count toward the limit
        self.limit = limit
        self.used: tuple[str, ...] = ()  # ability / district-effect keys used this turn
        self.gold_spent = 0  # gold paid to the bank for districts this turn (Alchemist)
        self.paid_build_seen = False  # the first paid build was offered to the Magistrate

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.seat, t.char, t.mode, t.gathered = self.seat, self.char, self.mode, self.gathered
        t.builds, t.limit, t.used = self.builds, self.limit, self.used
        t.gold_spent, t.paid_build_seen = self.gold_spent, self.paid_build_seen
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and all(getattr(self, k) == getattr(other, k) for k in Turn.__slots__)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in Turn.__slots__}
