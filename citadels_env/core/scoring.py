"""§7 End of the game: scoring with a per-player breakdown, and the tie-break."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import COST, DISTRICT_TYPES, RANK, TYPE

if TYPE_CHECKING:
    from .state import GameState as Game


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


def score_player(g: Game, seat: int, haunted_type: str = "unique") -> dict:
    """§7.2 for one seat, the Haunted Quarter counted as `haunted_type`."""
    p = g.players[seat]
    city = p.city
    types = [haunted_type if k == "haunted_quarter" else TYPE[k] for k in city]
    b: dict = {"districts": sum(COST[k] for k in city) + len(p.beautified)}
    b["all_types"] = 3 if set(DISTRICT_TYPES) <= set(types) else 0
    completed = g.is_completed(seat)
    b["completion"] = (4 if g.first_completer == seat else 2) if completed else 0  # Q15
    uniques = types.count("unique")
    if "basilica" in city:
        extra = list(p.beautified)  # each beautified copy costs 1 more: give each +1 to a different copy
        costs = []
        for k in city:
            plus = k in extra
            if plus:
                extra.remove(k)
            costs.append(COST[k] + plus)
        b["basilica"] = sum(1 for c in costs if c % 2)
    if "capitol" in city:
        b["capitol"] = 3 if any(types.count(t) >= 3 for t in DISTRICT_TYPES) else 0
    if "dragon_gate" in city:
        b["dragon_gate"] = 2
    if "imperial_treasury" in city:
        b["imperial_treasury"] = p.gold
    if "ivory_tower" in city:
        b["ivory_tower"] = 5 if uniques == 1 else 0
    if "map_room" in city:
        b["map_room"] = len(p.hand)
    if "museum" in city:
        b["museum"] = len(p.museum)
    if "secret_vault" in p.hand:
        b["secret_vault"] = 3 * p.hand.count("secret_vault")
    if "statue" in city:
        b["statue"] = 5 if g.crown == seat else 0
    if "wishing_well" in city:
        b["wishing_well"] = uniques
    b["total"] = sum(b.values())
    if "haunted_quarter" in city:
        b["haunted_quarter_type"] = haunted_type
    return b


def best_breakdown(g: Game, seat: int) -> dict:
    """Q31: the Haunted Quarter takes the type that maximises its owner's score."""
    if "haunted_quarter" not in g.players[seat].city:
        return score_player(g, seat)
    return max((score_player(g, seat, t) for t in reversed(DISTRICT_TYPES)), key=lambda b: b["total"])


def tiebreak_rank(g: Game, seat: int) -> int:
    """Q7: the highest rank held after the last selection (default), or revealed, in the last round."""
    chars = g.players[seat].chars
    if g.cfg.rulings.tiebreak == "revealed":
        chars = [c for c in chars if g.revealed.get(c) == seat]
    return max((RANK[c] for c in chars), default=0)


def score_game(g: Game) -> GameResult:
    n = g.cfg.players
    breakdowns = tuple(best_breakdown(g, s) for s in range(n))
    scores = tuple(b["total"] for b in breakdowns)
    ties = tuple(tiebreak_rank(g, s) for s in range(n))
    ranking = tuple(sorted(range(n), key=lambda s: (-scores[s], -ties[s], s)))
    return GameResult(scores, breakdowns, ranking, ties)
