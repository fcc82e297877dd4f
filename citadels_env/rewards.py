"""The reward schemes: the zero-sum final reward of each seat once a game is over (docs/ENVIRONMENT.md, Rewards).

The PettingZoo environment, the Gymnasium wrapper and the training scripts all take their rewards from here. Only the
rules core is needed: no numpy, no Gymnasium, no PettingZoo.
"""

from __future__ import annotations

from .core import Game

REWARD_SCHEMES = ("win", "rank", "score")


def final_rewards(game: Game, scheme: str) -> list[float]:
    """Zero-sum final rewards per seat. win: +1 to the winner (tie-break included), -1/(n-1) to the others.
    rank: 1 - 2 * place / (n - 1) (first +1, last -1). score: (score - mean score) / 10."""
    result = game.result()
    n = game.num_players
    if scheme == "win":
        return [1.0 if s == result.winner else -1.0 / (n - 1) for s in range(n)]
    if scheme == "rank":
        place = {s: i for i, s in enumerate(result.ranking)}
        return [1.0 - 2.0 * place[s] / (n - 1) for s in range(n)]
    mean = sum(result.scores) / n
    return [(sc - mean) / 10.0 for sc in result.scores]
