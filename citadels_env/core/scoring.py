"""§7 End of the game: scoring with a per-player breakdown, and the tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import (
    BASILICA,
    CAPITOL,
    COST,
    DISTRICT_TYPES,
    DRAGON_GATE,
    HAUNTED_QUARTER,
    IMPERIAL_TREASURY,
    IVORY_TOWER,
    MAP_ROOM,
    MUSEUM,
    RANK,
    SECRET_VAULT,
    STATUE,
    TYPE,
    UNIQUE,
    WISHING_WELL,
)
from .city import city_size

if TYPE_CHECKING:
    from .knowledge import PlayerView
    from .state import GameState


@dataclass(frozen=True)
class GameResult:
    scores: tuple[int, ...]
    #: Per seat: "districts", "all_types", "completion", one entry per scoring unique district, "total",
    #: and "haunted_quarter_type" when the Haunted Quarter is in the city.
    breakdowns: tuple[dict, ...]
    ranking: tuple[int, ...]  # seats, winner first
    tiebreak_ranks: tuple[int, ...]  # per seat: the rank used by the tie-break (Q7)

    @property
    def winner(self) -> int:
        return self.ranking[0]

    def to_dict(self) -> dict:
        return {"scores": list(self.scores), "breakdowns": [dict(b) for b in self.breakdowns],
                "ranking": list(self.ranking), "winner": self.winner, "tiebreak_ranks": list(self.tiebreak_ranks)}


#: Points of the scoring rules (§7.2) and of the scoring unique districts (§6).
ALL_TYPES_BONUS = 3
FIRST_COMPLETER_BONUS, COMPLETER_BONUS = 4, 2
CAPITOL_POINTS, DRAGON_GATE_POINTS, IVORY_TOWER_POINTS, SECRET_VAULT_POINTS, STATUE_POINTS = 3, 2, 5, 3, 5


def city_breakdown(city: Sequence[str], beautified: Sequence[str], *, gold: int, hand_size: int, museum_size: int,
                   secret_vaults: int, crown: bool, completion: int, haunted_type: str = UNIQUE) -> dict:
    """§7.2 from plain data, the Haunted Quarter counted as `haunted_type`: the score of one city with its owner's
    `gold`, hand size, cards under the Museum, Secret Vaults in hand, whether he holds the crown, and `completion`
    (the completion bonus he earned: 0, 2 or 4). `score_player` and `public_breakdown` both call it."""
    types = [haunted_type if k == HAUNTED_QUARTER else TYPE[k] for k in city]
    b: dict = {"districts": sum(COST[k] for k in city) + len(beautified)}
    b["all_types"] = ALL_TYPES_BONUS if set(DISTRICT_TYPES) <= set(types) else 0
    b["completion"] = completion
    uniques = types.count(UNIQUE)
    if BASILICA in city:
        extra = list(beautified)  # each beautified copy costs 1 more: give each +1 to a different copy
        costs = []
        for k in city:
            plus = k in extra
            if plus:
                extra.remove(k)
            costs.append(COST[k] + plus)
        b[BASILICA] = sum(1 for c in costs if c % 2)
    if CAPITOL in city:
        b[CAPITOL] = CAPITOL_POINTS if any(types.count(t) >= 3 for t in DISTRICT_TYPES) else 0
    if DRAGON_GATE in city:
        b[DRAGON_GATE] = DRAGON_GATE_POINTS
    if IMPERIAL_TREASURY in city:
        b[IMPERIAL_TREASURY] = gold
    if IVORY_TOWER in city:
        b[IVORY_TOWER] = IVORY_TOWER_POINTS if uniques == 1 else 0
    if MAP_ROOM in city:
        b[MAP_ROOM] = hand_size
    if MUSEUM in city:
        b[MUSEUM] = museum_size
    if secret_vaults:
        b[SECRET_VAULT] = SECRET_VAULT_POINTS * secret_vaults
    if STATUE in city:
        b[STATUE] = STATUE_POINTS if crown else 0
    if WISHING_WELL in city:
        b[WISHING_WELL] = uniques
    b["total"] = sum(b.values())
    if HAUNTED_QUARTER in city:
        b["haunted_quarter_type"] = haunted_type
    return b


def best_of(score) -> dict:
    """Q31: the Haunted Quarter takes the type that maximises its owner's score; `score(haunted_type)` is one
    breakdown (ties go to the type listed last: unique, then military...)."""
    return max((score(t) for t in reversed(DISTRICT_TYPES)), key=lambda b: b["total"])


def completion_bonus(size: int, completion_size: int, first: bool) -> int:
    """§7.2, Q15: 4 for the first completed city, 2 for the others completed by the end."""
    if size < completion_size:
        return 0
    return FIRST_COMPLETER_BONUS if first else COMPLETER_BONUS


def score_player(g: GameState, seat: int, haunted_type: str = UNIQUE) -> dict:
    """§7.2 for one seat, the Haunted Quarter counted as `haunted_type`."""
    p = g.players[seat]
    completion = completion_bonus(city_size(p.city), g.cfg.completion_size, g.first_completer == seat)
    return city_breakdown(p.city, p.beautified, gold=p.gold, hand_size=len(p.hand), museum_size=len(p.museum),
                          secret_vaults=p.hand.count(SECRET_VAULT), crown=g.crown == seat, completion=completion,
                          haunted_type=haunted_type)


def best_breakdown(g: GameState, seat: int) -> dict:
    """Q31: the Haunted Quarter takes the type that maximises its owner's score."""
    if HAUNTED_QUARTER not in g.players[seat].city:
        return score_player(g, seat)
    return best_of(lambda t: score_player(g, seat, t))


def public_breakdown(view: PlayerView, seat: int) -> dict:
    """The score of `seat` as every player can count it from `view` (a `knowledge.PlayerView`): everything but the
    Secret Vaults in his hand, which nobody else can see. Bots and renderers show this, not a score of their own."""
    p = view.players[seat]
    completion = completion_bonus(city_size(p.city), view.completion_size, view.first_completer == seat)

    def score(haunted_type: str = UNIQUE) -> dict:
        return city_breakdown(p.city, p.beautified, gold=p.gold, hand_size=p.hand_size, museum_size=p.museum_size,
                              secret_vaults=0, crown=view.crown == seat, completion=completion,
                              haunted_type=haunted_type)

    return best_of(score) if HAUNTED_QUARTER in p.city else score()


def tiebreak_rank(g: GameState, seat: int) -> int:
    """Q7: the highest rank held after the last selection (default), or revealed, in the last round."""
    chars = g.players[seat].chars
    if g.cfg.rulings.tiebreak == "revealed":
        chars = [c for c in chars if g.revealed.get(c) == seat]
    return max((RANK[c] for c in chars), default=0)


def score_game(g: GameState) -> GameResult:
    n = g.cfg.players
    breakdowns = tuple(best_breakdown(g, s) for s in range(n))
    scores = tuple(b["total"] for b in breakdowns)
    ties = tuple(tiebreak_rank(g, s) for s in range(n))
    ranking = tuple(sorted(range(n), key=lambda s: (-scores[s], -ties[s], s)))
    return GameResult(scores, breakdowns, ranking, ties)
