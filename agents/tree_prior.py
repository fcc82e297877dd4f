"""A policy network's prior at the inner nodes of a search (`ppo+ismcts:inner=prior`), read in numpy.

Why: `ismcts`'s tree expands a node's untried answers in random order, and with a few hundred iterations most of
the other seats' nodes are visited a handful of times, so the search averages the root's answers over replies a
random player would make. A network fitted to a search's answers (`ppo` version 7 learned its prior from expert
iteration's visit shares) says which replies a sensible player makes: at an inner node the answers are tried
likeliest first and only as many as the node's visits warrant (progressive widening), so the root's answers are
judged against the replies the players would make. The prior is read from the acting seat's own observation of the
sampled game, as the value head reads its leaves (agents/leaf_value.py), and only for the legal answers: a row of the
policy layer per answer instead of the whole layer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import numpy as np

from citadels_env.core import Action, Game
from citadels_env.encoding import OBS_SIZE, encode_observation, to_flat

from .history import HistoryTracker
from .ismcts import RolloutFn
from .leaf_value import LeafValue
from .policy import PolicyNet


class TreePrior:
    """`net`'s policy at a position of a sampled game: `prior(game, legal)` gives the acting seat's probability of
    each answer in `legal` (they sum to one over `legal`)."""

    def __init__(self, net: PolicyNet) -> None:
        self.trunk = LeafValue(net)  # the same checks (a shared trunk, no belief features) and the numpy trunk
        self.rows = net.policy.weight.detach().numpy().astype(np.float32)  # one row per flat action
        self.bias = net.policy.bias.detach().numpy().astype(np.float32)
        self.width = self.trunk.first.shape[0]

    def __call__(self, game: Game, legal: Sequence[Action]) -> dict[Action, float]:
        logits = self._logits(game, legal)
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        return dict(zip(legal, p.tolist()))

    def likeliest(self, game: Game, legal: Sequence[Action]) -> Action:
        """The answer in `legal` the network thinks likeliest (the policy's greedy play; ties to the first)."""
        return legal[int(np.argmax(self._logits(game, legal)))]

    def sample(self, game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
        """An answer in `legal` drawn by the network's probabilities (`ppo+ismcts:unseen=prior`)."""
        x = rng.random()
        for a, p in self(game, legal).items():
            x -= p
            if x < 0:
                return a
        return legal[-1]

    def _logits(self, game: Game, legal: Sequence[Action]) -> np.ndarray:
        seat, n = game.current_player, game.num_players
        obs = np.zeros((1, self.width), dtype=np.float32)
        encode_observation(game, seat, obs[0, :OBS_SIZE])
        if self.trunk.history:
            tracker = HistoryTracker()
            tracker.update(game)
            tracker.features(seat, n, obs[0, OBS_SIZE:])
        h = self.trunk.features(obs)[0]
        index = [to_flat(a, seat, n) for a in legal]
        return self.rows[index] @ h + self.bias[index]


def network_rollout(prior_of: Callable[[Game], TreePrior], fallback: RolloutFn,
                    plays: Callable[[int], bool]) -> RolloutFn:
    """A rollout policy in which the seats `plays` accepts make the network's likeliest answer, read from their own
    observation of the sample, and the others play `fallback` (`ppo+ismcts:rollout=net`: the searching seat plays
    the rest of the round as the bot itself would, not as the basic heuristic)."""
    def policy(game: Game, rng: random.Random) -> Action:
        if plays(game.current_player):
            legal = game.legal_actions()
            return legal[0] if len(legal) == 1 else prior_of(game).likeliest(game, legal)
        return fallback(game, rng)
    return policy


def widened(visits: int, widen: float) -> int:
    """How many answers a node passed through `visits` times may have tried: ceil(widen * sqrt(visits)), at least
    one (progressive widening: a new answer only once the tried ones have been sampled enough)."""
    return max(1, math.ceil(widen * math.sqrt(visits)))
