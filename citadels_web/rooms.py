"""Rooms of the browser game, as plain synchronous logic: no network, no clock of its own, testable alone.

A room is a lobby (the owner sets the table before the start: seats, bots, preset, district target, timer, password,
kicks) and then one game of the rules core. Every room has a short code, for people to type, and a long secret key
(96 random bits) for links: a private room (one with a password) is found by its key alone, so its link cannot be
guessed and its code gives nothing away. A person is known by their seat's token, never by a seat number: the
owner's changes renumber seats, and `find_seat` follows the token. Every request that is refused raises `RoomError`
with a message for the person who sent it (a key of the page's catalogs, `error.*`, worded in each reader's language),
and changes nothing: checks come first, changes after. The server (`citadels_web.server`) wraps each room in a lock
and sends every connection what its seat may see (`citadels_web.views`).
"""

from __future__ import annotations

import hmac
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from agents import Agent, Decision
from agents import make as make_agent
from citadels_env.core import PRESET_NAMES, Action, Game, GameConfig, Rng
from citadels_env.core.config import ConfigError
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS

from . import i18n
from .i18n import BotNamer

#: Room codes: 4 characters without the look-alikes I/O/0/1.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
KEY_BYTES = 12  # a room's link key: 96 random bits, at least the 64 an unguessable link needs
LOBBY, PLAYING, FINISHED = "lobby", "playing", "finished"
OPEN, HUMAN, BOT, CLOSED = "open", "human", "bot", "closed"
MAX_NAME = 24
MAX_PASSWORD = 64
TIMER_RANGE = (5, 600)  # seconds per decision when a timer is set (0 = no timer)
GRACE_RANGE = (0, 3600)


class RoomError(ValueError):
    """A request the room refuses, and nothing changed: `key` names its message in the page's catalogs
    (`error.<key>`), `params` fill its placeholders (numbers, ids and the sender's own words, never translated).
    `str()` is the English message, for the log; `text(lang)` is the one the sender reads. Both are worded when
    asked for, not when the error is made (the owner's checks make theirs before knowing whether to raise them)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(key)

    def __str__(self) -> str:
        return self.text(i18n.DEFAULT)

    def text(self, lang: str) -> str:
        """The message in `lang` (English where it has no translation yet)."""
        return i18n.t(lang, f"error.{self.key}", **self.params)

    def frame(self, lang: str) -> dict[str, Any]:
        """The `error` frame that tells the sender, in its language."""
        return {"type": "error", "key": self.key, "message": self.text(lang)}


def default_settings() -> dict[str, Any]:
    return {"players": 4, "preset": "first_game", "use_rank9": False, "completion_size": None, "selection": "draft",
            "characters_per_player": None, "timer": 0, "grace": 60, "grace_bot": "heuristic", "hint_allowed": True}


@dataclass
class Seat:
    index: int
    kind: str = OPEN
    name: str | None = None
    bot: str | None = None
    token: str | None = None  # the secret that lets a person take this seat back (a name is not enough)
    connected: bool = False
    replaced: bool = False  # a bot took the seat after its person stayed away longer than the grace period

    def display_name(self, bot_name: BotNamer | None = None) -> str:
        """The one name this seat goes by everywhere (its box, the log, the move buttons, the scores): a person's own
        name; a bot's says its seat and kind ("Bot 2 (heuristic)", seats counted from 1), since several bots of one
        kind may sit at a table; an open seat's is empty."""
        if self.kind == BOT:
            return (bot_name or _ENGLISH_BOT_NAME)(self.index + 1, self.bot or "")
        return self.name or ""

    def public(self, bot_name: BotNamer | None = None) -> dict[str, Any]:
        return {"seat": self.index, "kind": self.kind, "name": self.display_name(bot_name) or None, "bot": self.bot,
                "connected": self.connected, "replaced": self.replaced}


_ENGLISH_BOT_NAME = i18n.bot_namer(i18n.DEFAULT)  # the catalog's own "Bot {n} ({bot})"


def clean_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RoomError("name_required")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise RoomError("name_too_long", max=MAX_NAME)
    return name


@dataclass
class Room:
    code: str
    bots: tuple[str, ...]  # the agent ids this server offers
    password: str | None = None
    key: str = field(default_factory=lambda: secrets.token_urlsafe(KEY_BYTES))
    creator: str | None = None  # the client address that created the room (for the per-address cap)
    settings: dict[str, Any] = field(default_factory=default_settings)
    seats: list[Seat] = field(default_factory=list)
    state: str = LOBBY
    game: Game | None = None
    agents: dict[int, Agent] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    record_id: str | None = None

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat(i) for i in range(self.settings["players"])]

    # -- who is who ---------------------------------------------------------------------------------------------
    @property
    def private(self) -> bool:
        return bool(self.password)

    def check_password(self, password: Any) -> None:
        if self.password and not (isinstance(password, str)
                                  and hmac.compare_digest(password.encode(), self.password.encode())):
            raise RoomError("wrong_password")

    @property
    def link(self) -> str:
        """The share link: the short code for a public room, the secret key for a private one."""
        return f"/r/{self.key if self.private else self.code}"

    def find_seat(self, token: Any) -> int | None:
        """The seat the person holding `token` sits at now (None: nobody's token, e.g. after a kick)."""
        if isinstance(token, str) and token:
            for s in self.seats:
                if s.token is not None and hmac.compare_digest(s.token, token):
                    return s.index
        return None

    def seat_of(self, token: Any) -> int:
        """The seat a rejoin token belongs to."""
        seat = self.find_seat(token)
        if seat is None:
            raise RoomError("unknown_token")
        return seat

    def unique_name(self, name: str, seat: int) -> str:
        """`name`, with " (2)", " (3)"... when another seat already has it, so no table or score list shows two
        identical names (compared without case)."""
        taken = {s.display_name().casefold() for s in self.seats if s.kind != OPEN and s.index != seat}
        candidate, n = name, 1
        while candidate.casefold() in taken:
            n += 1
            candidate = f"{name} ({n})"
        return candidate

    def is_owner(self, token: Any) -> bool:
        try:
            return self.seat_of(token) == 0
        except RoomError:
            return False

    def _owner_in(self, token: Any, state: str, not_owner: RoomError, wrong_state: RoomError) -> None:
        """An owner's change allowed while the room is in `state` only: `not_owner` refuses anyone else, `wrong_state`
        the change in another state (one message per change, so each language words it whole)."""
        if not self.is_owner(token):
            raise not_owner
        if self.state != state:
            raise wrong_state

    # -- lobby ----------------------------------------------------------------------------------------------------
    def sit(self, name: Any, seat: Any = None, password: Any = None) -> tuple[int, str]:
        """A person takes an open seat (the one asked for, or the first open one); returns (seat, token)."""
        self.check_password(password)
        name = clean_name(name)
        if self.state != LOBBY:
            raise RoomError("started_sit")
        if seat is None:
            free = [s.index for s in self.seats if s.kind == OPEN]
            if not free:
                raise RoomError("room_full")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise RoomError("seat_range", max=len(self.seats) - 1)
        if self.seats[seat].kind != OPEN:
            raise RoomError("seat_not_open", seat=seat + 1)  # people count seats from 1, as the page shows them
        token = secrets.token_urlsafe(18)
        self.seats[seat] = Seat(seat, HUMAN, self.unique_name(name, seat), None, token, True)
        return seat, token

    def update_settings(self, token: Any, changes: Any) -> None:
        self._owner_in(token, LOBBY, RoomError("owner_only_settings"), RoomError("started_settings"))
        if not isinstance(changes, dict) or not changes:
            raise RoomError("settings_not_object")
        new = dict(self.settings)
        password = self.password
        for key, value in changes.items():
            if key == "password":
                if value is not None and (not isinstance(value, str) or len(value) > MAX_PASSWORD):
                    raise RoomError("bad_password", max=MAX_PASSWORD)
                password = value or None
            elif key not in new:
                raise RoomError("unknown_setting", setting=repr(key), settings=", ".join(sorted([*new, "password"])))
            else:
                new[key] = value
        _check_settings(new, self.bots)
        if new["players"] < sum(1 for s in self.seats if s.kind == HUMAN):
            raise RoomError("fewer_seats_than_people")
        self.settings, self.password = new, password
        self._resize(new["players"])

    def _resize(self, n: int) -> None:
        """Keep the people (in seat order), then the bots, then open seats."""
        if n == len(self.seats):
            return
        people = [s for s in self.seats if s.kind == HUMAN]
        others = [s for s in self.seats if s.kind == BOT]
        kept = (people + others)[:n]
        kept.sort(key=lambda s: s.index)
        self.seats = [Seat(i, s.kind, s.name, s.bot, s.token, s.connected) for i, s in enumerate(kept)]
        self.seats += [Seat(i) for i in range(len(self.seats), n)]

    def set_seat(self, token: Any, index: Any, kind: Any, bot: Any = None) -> None:
        self._owner_in(token, LOBBY, RoomError("owner_only_seats"), RoomError("started_seats"))
        if type(index) is not int or not 1 <= index < len(self.seats):
            raise RoomError("seat_range_not_owner", max=len(self.seats) - 1)
        if kind not in (OPEN, BOT):
            raise RoomError("seat_kind")
        if self.seats[index].kind == HUMAN:
            raise RoomError("seat_taken", seat=index + 1, name=self.seats[index].name)
        if kind == BOT:
            if bot not in self.bots:
                raise RoomError("unknown_bot", bot=repr(bot), bots=", ".join(self.bots))
            self.seats[index] = Seat(index, BOT, None, bot)
        else:
            self.seats[index] = Seat(index)

    def kick(self, token: Any, index: Any) -> str | None:
        """The owner frees a seat; returns the token the kicked person held (its connection is closed)."""
        self._owner_in(token, LOBBY, RoomError("owner_only_kick"), RoomError("started_kick"))
        if type(index) is not int or not 1 <= index < len(self.seats):
            raise RoomError("kick_seat_range", max=len(self.seats) - 1)
        old = self.seats[index]
        if old.kind != HUMAN:
            raise RoomError("no_person_at_seat", seat=index + 1)
        self.seats[index] = Seat(index)
        return old.token

    def config(self) -> GameConfig:
        s = self.settings
        return GameConfig(players=s["players"], preset=s["preset"], use_rank9=s["use_rank9"],
                          completion_size=s["completion_size"], crown_seat=None, selection=s["selection"],
                          characters_per_player=s["characters_per_player"])

    def start(self, token: Any) -> None:
        self._owner_in(token, LOBBY, RoomError("owner_only_start"), RoomError("started_start"))
        empty = [s.index for s in self.seats if s.kind == OPEN]
        if empty:
            raise RoomError("seat_open", seat=empty[0] + 1)
        config = self.config()
        agents = {}
        for s in self.seats:
            if s.kind == BOT:
                agents[s.index] = self._make_bot(s.bot, s.index, config)
        self.game = Game(config, secrets.randbits(62))
        self.agents = agents
        self.state = PLAYING

    def again(self, token: Any) -> None:
        """The owner starts a new game at the finished table: the same settings, the same people and bots in the same
        seats (a person who left keeps the seat; the grace period hands it to a bot if they stay away)."""
        self._owner_in(token, FINISHED, RoomError("owner_only_again"), RoomError("not_over_again"))
        self.state, self.game, self.record_id = LOBBY, None, None
        for s in self.seats:
            s.replaced = False
        self.start(token)

    def to_lobby(self, token: Any) -> None:
        """The owner takes the finished table back to the lobby: seats and settings stay, and may be changed."""
        self._owner_in(token, FINISHED, RoomError("owner_only_lobby"), RoomError("not_over_lobby"))
        self.state, self.game, self.agents, self.record_id = LOBBY, None, {}, None
        for s in self.seats:
            s.replaced = False

    def _make_bot(self, bot: str | None, seat: int, config: GameConfig) -> Agent:
        agent = make_agent(bot or "heuristic", seed=self.rng.getrandbits(32))
        agent.reset(seat, config, self.rng.getrandbits(32))
        return agent

    # -- play -----------------------------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return 0 if self.game is None else len(self.game.actions)

    def to_move(self) -> int | None:
        return None if self.game is None or self.game.is_over else self.game.current_player

    def bot_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and seat in self.agents

    def act(self, token: Any, index: Any, step: Any) -> Action:
        """A person answers the decision of their seat with the index of a legal action, for the step they saw."""
        seat = self.seat_of(token)
        if self.state != PLAYING or self.game is None:
            raise RoomError("not_playing")
        if seat != self.to_move():
            raise RoomError("not_your_turn")
        if seat in self.agents:
            raise RoomError("bot_plays_seat")
        if type(step) is not int or step != self.step:
            raise RoomError("stale_step")
        legal = self.game.legal_actions()
        if type(index) is not int or not 0 <= index < len(legal):
            raise RoomError("action_range", max=len(legal) - 1)
        return self._apply(legal[index])

    def play_bot(self) -> Action:
        seat = self.to_move()
        assert seat is not None and seat in self.agents and self.game is not None
        action = self.agents[seat].act(Decision(self.game, seat))
        return self._apply(action)

    def play_random(self) -> Action:
        """The timer ran out: a random legal move for the seat to move (RULES.md §9, the online game)."""
        assert self.to_move() is not None and self.game is not None
        legal = self.game.legal_actions()
        return self._apply(legal[self.rng.randrange(len(legal))])

    def _apply(self, action: Action) -> Action:
        assert self.game is not None
        self.game.apply(action)
        if self.game.is_over:
            self.state = FINISHED
        return action

    def replace_with_bot(self, seat: int) -> None:
        """A person stayed away longer than the grace period: a bot plays their seat from now on."""
        if self.state != PLAYING or seat in self.agents:
            return
        self.agents[seat] = self._make_bot(self.settings["grace_bot"], seat, self.config())
        self.seats[seat].replaced = True

    def reclaim(self, seat: int) -> None:
        """The person is back: their seat is theirs again."""
        if self.seats[seat].replaced and self.state == PLAYING:
            self.agents.pop(seat, None)
            self.seats[seat].replaced = False

    def names(self, bot_name: BotNamer | None = None) -> list[str]:
        """Every seat's one name (`Seat.display_name`), bots' in the language of `bot_name` (English by default)."""
        return [s.display_name(bot_name) for s in self.seats]

    def public(self, bot_name: BotNamer | None = None) -> dict[str, Any]:
        """What everyone in the room sees of it (they hold its key already: they came in by it or by the code)."""
        return {"room": self.key, "code": None if self.private else self.code, "link": self.link,
                "state": self.state, "settings": dict(self.settings), "private": self.private,
                "seats": [s.public(bot_name) for s in self.seats], "owner_seat": 0}


def _check_settings(s: dict[str, Any], bots: tuple[str, ...]) -> None:
    n = s["players"]
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RoomError("players_range", min=MIN_PLAYERS, max=MAX_PLAYERS)
    if s["preset"] not in PRESET_NAMES:
        raise RoomError("unknown_preset", preset=repr(s["preset"]), presets=", ".join(PRESET_NAMES))
    for key in ("use_rank9", "hint_allowed"):
        if type(s[key]) is not bool:
            raise RoomError("not_bool", setting=key)
    size = s["completion_size"]
    if size is not None and (type(size) is not int or not 1 <= size <= 20):
        raise RoomError("completion_size_range")
    timer = s["timer"]
    if type(timer) is not int or not (timer == 0 or TIMER_RANGE[0] <= timer <= TIMER_RANGE[1]):
        raise RoomError("timer_range", min=TIMER_RANGE[0], max=TIMER_RANGE[1])
    grace = s["grace"]
    if type(grace) is not int or not GRACE_RANGE[0] <= grace <= GRACE_RANGE[1]:
        raise RoomError("grace_range", min=GRACE_RANGE[0], max=GRACE_RANGE[1])
    if s["grace_bot"] not in bots:
        raise RoomError("unknown_grace_bot", bot=repr(s["grace_bot"]), bots=", ".join(bots))
    try:  # every rule of the table itself is the core's to check
        GameConfig(players=n, preset=s["preset"], use_rank9=s["use_rank9"], completion_size=size,
                   selection=s["selection"], characters_per_player=s["characters_per_player"]).resolve(Rng(0))
    except ConfigError as exc:  # the core's words (English): the rule the table breaks
        raise RoomError("table_rule", rule=str(exc)) from None


class Rooms:
    """Every open room of the server, by code, and by key for links."""

    def __init__(self, bots: tuple[str, ...], rng: random.Random | None = None, max_rooms: int = 1000,
                 per_creator: int = 5) -> None:
        self.bots = bots
        self.rooms: dict[str, Room] = {}
        self.by_key: dict[str, Room] = {}
        self.max_rooms, self.per_creator = max_rooms, per_creator
        self._rng = rng or random.SystemRandom()

    def create(self, name: Any, password: Any = None, creator: str | None = None) -> tuple[Room, str]:
        """A new room whose creator owns it and sits at seat 0; returns (room, the owner's token)."""
        name = clean_name(name)
        if password is not None and (not isinstance(password, str) or len(password) > MAX_PASSWORD):
            raise RoomError("bad_password", max=MAX_PASSWORD)
        if len(self.rooms) >= self.max_rooms:
            raise RoomError("server_full", max=self.max_rooms)
        mine = sum(r.creator == creator and r.state != FINISHED for r in self.rooms.values())
        if creator is not None and mine >= self.per_creator:
            raise RoomError("too_many_rooms", max=self.per_creator)
        code = "".join(self._rng.choice(CODE_ALPHABET) for _ in range(4))
        while code in self.rooms:
            code = "".join(self._rng.choice(CODE_ALPHABET) for _ in range(4))
        room = Room(code, self.bots, password or None, creator=creator)
        self.rooms[code], self.by_key[room.key] = room, room
        _, token = room.sit(name, 0, password)
        return room, token

    def quick(self, name: Any, players: Any, bot: Any, creator: str | None = None) -> tuple[Room, str]:
        """"Play against bots": a new room with its creator at seat 0 and `bot` in every other seat, started at once
        with the rulebook's settings for `players` seats; returns (room, token). Everything is checked first."""
        name = clean_name(name)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RoomError("players_range", min=MIN_PLAYERS, max=MAX_PLAYERS)
        if bot not in self.bots:
            raise RoomError("unknown_bot", bot=repr(bot), bots=", ".join(self.bots))
        room, token = self.create(name, None, creator)
        room.update_settings(token, {"players": players})
        for seat in range(1, players):
            room.set_seat(token, seat, BOT, bot)
        room.start(token)
        return room, token

    def get(self, code: Any) -> Room:
        """The room with this key, or with this code if it is public; a private room's code finds nothing, with the
        same words as a code no room has."""
        if isinstance(code, str):
            room = self.by_key.get(code) or self.rooms.get(code.upper())
            if room is not None and (room.key == code or not room.private):
                return room
        shown = code[:40] if isinstance(code, str) else code
        raise RoomError("no_room", room=repr(shown))

    def close(self, room: Room) -> None:
        """Forget the room: its memory is freed (a finished game's record is on disk already)."""
        self.rooms.pop(room.code, None)
        self.by_key.pop(room.key, None)
