"""Invariants that hold at every step of every game, checked by the tests and by `citadels fuzz`
(OpenSpiel-style random playouts)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from .cards import DISTRICTS, EMPEROR, MUSEUM, QUARRY, QUEEN, SECRET_VAULT, WIZARD, characters_of_rank
from .config import DEAL, PRESET_NAMES, GameConfig
from .game import Game
from .limits import MAX_PLAYERS, MIN_PLAYERS
from .rng import Rng

MAX_DECISIONS = 5000  # a game of 8 random players takes well under 1,500


class InvariantError(AssertionError):
    pass


def check_state(g: Game, duplicates_ok: dict[int, set[str]] | None = None) -> None:
    """Cheap invariants of one state. duplicates_ok: per seat, the kinds a Quarry or a Wizard turn let it double."""
    total = 54 + len(g.cfg.unique_districts)
    if g.district_card_count() != total:
        raise InvariantError(f"district cards not conserved: {g.district_card_count()} != {total}")
    if g.tax_pot < 0:
        raise InvariantError("negative tax pot")
    for p in g.players:
        if p.gold < 0:
            raise InvariantError(f"seat {p.seat} has negative gold {p.gold}")
        if len(p.hand) != len(p.hand_seen):
            raise InvariantError("hand and hand_seen differ in length")
        if SECRET_VAULT in p.city:
            raise InvariantError("the Secret Vault was built")
        for kind, count in Counter(p.beautified).items() if p.beautified else ():
            if p.city.count(kind) < count:
                raise InvariantError(f"seat {p.seat}: beautified {kind} not in the city")
        if MUSEUM not in p.city and p.museum:
            raise InvariantError(f"seat {p.seat}: Museum cards without a Museum")
        if len(set(p.city)) == len(p.city):
            continue  # no duplicate at all (the common case): nothing more to check for this seat
        dups = [k for k, c in Counter(p.city).items() if c > 1]
        allowed = (duplicates_ok or {}).get(p.seat, set())
        if any(k not in allowed for k in dups):
            raise InvariantError(f"seat {p.seat} holds an illegal duplicate {dups}")
        for k in dups:
            if DISTRICTS[k].type == "unique":
                raise InvariantError(f"unique district {k} twice")
    if not g.is_over and not g.legal_actions():
        raise InvariantError(f"no legal action in decision {g.decision_kind}")


def random_config(rng: random.Random) -> GameConfig:
    """A random legal configuration: any player count, preset or random selection of cards, 8 or 9 characters, the
    rulebook's draft or (one game in four) the online deal with any number of characters per player."""
    config = _random_cards(rng)
    if rng.random() < 0.25:
        per = rng.randint(1, 8 // config.players)  # 8 characters at least: always possible
        config = replace(config, selection=DEAL, characters_per_player=per)
    return config


def _random_cards(rng: random.Random) -> GameConfig:
    players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    if rng.random() < 0.5:
        return GameConfig(players=players, preset=rng.choice(PRESET_NAMES), use_rank9=rng.random() < 0.5)
    emperor_ok = players > 2
    chars = [rng.choice([c for c in characters_of_rank(r) if emperor_ok or c != EMPEROR]) for r in range(1, 9)]
    rank9 = players in (3, 8) or (4 <= players <= 7 and rng.random() < 0.5)  # §3.1: never with 2
    if rank9:
        chars.append(rng.choice([c for c in characters_of_rank(9) if players >= 5 or c != QUEEN]))
    return GameConfig(players=players, characters=tuple(chars), unique_districts="random")


def playout(config: GameConfig, seed: int, deep: bool = False) -> Game:
    """Play one random game, checking invariants at every step. deep=True also checks, at every step, that a clone
    equals the original and evolves independently, that a seat's view survives determinization, and that every
    legal action is accepted; and at the end, that replaying the game's record reproduces the final state."""
    g = Game(config, seed)
    pick = random.Random(seed)
    dups: dict[int, set[str]] = {}
    n = 0
    while not g.is_over:
        _track_duplicates(g, dups)
        check_state(g, dups)
        acts = g.legal_actions()
        if deep:
            c = g.clone()
            if c != g:
                raise InvariantError("clone differs from the original")
            for a in acts:  # every member of the legal set is accepted
                c2 = g.clone()
                c2.apply(a)
            c.apply(acts[0])
            if g.actions == c.actions:
                raise InvariantError("clone shares state with the original")
            seat = g.current_player
            d = g.determinize(seat, Rng(n))
            if d.view(seat) != g.view(seat):
                raise InvariantError("a view changed when hidden state was re-sampled")
        g.apply(pick.choice(acts))
        n += 1
        if n > MAX_DECISIONS:
            raise InvariantError(f"game not over after {MAX_DECISIONS} decisions")
    check_state(g, dups)
    if deep:
        from .record import replay, to_record

        if replay(to_record(g)) != g:
            raise InvariantError("replaying the game record does not reproduce the final state")
    return g


def _track_duplicates(g: Game, dups: dict[int, set[str]]) -> None:
    """Duplicates are legal when made with a Quarry or in a Wizard turn; remember them: they stay legal."""
    t = g.turn
    for p in g.players:
        if QUARRY in p.city or (t is not None and t.seat == p.seat and t.char == WIZARD):
            dups.setdefault(p.seat, set()).update(k for k, c in Counter(p.city).items() if c > 1)
