"""A trained network's value head as the leaf evaluation of a search: each seat's chance to win a sampled game.

`ismcts` cuts its rollouts at the start of the next round and scores the position with a 5-feature win model fitted
on heuristic games. A policy trained by PPO with the win reward carries a judge that reads everything the seat may
know: its value head, the chance that the seat wins against the bots it trained among. It guides the search better
than the fitted model (docs/AGENTS.md), though it names the winner of a round start no better
(benchmarks/leaf_calibration.py). At a leaf of the search every seat's observation is encoded from the sampled game
and the value head scores them; the values are normalised to sum to one (exactly one seat wins).

Why a temperature (`temp`): each seat's value is its chance against the tables it trained at, so read at one table
and normalised, the values of PPO-trained heads are far too sure of the leader (`ppo-v7` at round starts: the
favourite's share averages 0.73-0.76 where the fitted model's is 0.44, and its log-loss on who wins, 1.66-2.04, is
worse than a uniform guess's 1.39). The search averages leaf values over determinizations, which suits calibrated
chances. `temp=T` raises the values to the power 1/T before normalising (a softmax of their logarithms at
temperature T); benchmarks/leaf_calibration.py fits T on games of its own (3 to 4 for `ppo-v7`). Calibrated so, the
leaves did not make the search stronger (docs/TRAINING.md), and the default stays 1.

Why numpy and not torch: a search calls this a few hundred times per move on a batch of a few seats, where torch's
per-call overhead (about 0.6 ms) costs more than the arithmetic. The observation is sparse (about 80 of its 2,058
entries are non-zero), so the first layer adds up only the weight rows of the entries non-zero in some seat's row;
the rest is two small dense layers. The seats' observations come from one `ObservationEncoder`, which encodes the
public part once for all of them (twice as fast as the reference encoder for the four seats of a leaf). The result
equals the torch forward to float32 precision (tests/agents/test_leaf_value.py).

A network that reads history features (agents/history.py) gets them from the sampled game's log: a determinized game
keeps the public events of the real one (the only kinds counted) and the rollout adds its own, so each seat's
features are what that seat would read at the leaf.
"""

from __future__ import annotations

import numpy as np
from torch import nn

from citadels_env.core import Game
from citadels_env.encoding import OBS_SIZE, ObservationEncoder

from .history import HistoryTracker
from .policy import PolicyNet


class LeafValue:
    """The value head of `net` (a `PolicyNet` with a shared trunk, reading the observation alone) as numpy arrays;
    `temp` calibrates the normalised values (module docstring)."""

    def __init__(self, net: PolicyNet, temp: float = 1.0) -> None:
        if not temp > 0:
            raise ValueError(f"the value temperature must be positive, got {temp!r}")
        self.power = 1.0 / temp
        if net.critic_size:
            raise ValueError("the leaf value needs a network whose value head reads the observation (a shared trunk); "
                             "this one has a centralised critic, which reads the hidden state")
        if net.beliefs:
            raise ValueError("the leaf value does not build belief features; use a network trained without them")
        self.history = net.history
        linears = [m for m in net.trunk if isinstance(m, nn.Linear)]
        weights = [m.weight.detach().numpy().astype(np.float32) for m in linears]
        biases = [m.bias.detach().numpy().astype(np.float32) for m in linears]
        self.first = np.ascontiguousarray(weights[0].T)  # rows by input entry: the sparse first layer gathers them
        self.first_bias = biases[0]
        self.rest = [(np.ascontiguousarray(w.T), b) for w, b in zip(weights[1:], biases[1:])]
        self.head = net.value.weight.detach().numpy().astype(np.float32)[0]
        self.head_bias = float(net.value.bias.detach().numpy()[0])

    def raw(self, obs: np.ndarray) -> np.ndarray:
        """The value head's outputs for a batch of observations (rows)."""
        return self.features(obs) @ self.head + self.head_bias

    def features(self, obs: np.ndarray) -> np.ndarray:
        """The trunk's last hidden layer for a batch of observations (rows): what the value head weighs."""
        cols = np.flatnonzero(obs.any(axis=0))  # the entries non-zero in some row: one gather for the batch
        h = obs[:, cols] @ self.first[cols]
        h += self.first_bias
        np.maximum(h, 0.0, out=h)
        for w, b in self.rest:
            h = h @ w
            h += b
            np.maximum(h, 0.0, out=h)
        return h

    def inputs(self, game: Game) -> np.ndarray:
        """Each seat's network input at `game` (rows by seat): what the value head reads at a leaf
        (training/leaf_fit.py fits a head on these very rows)."""
        n = game.num_players
        obs = np.empty((n, self.first.shape[0]), dtype=np.float32)
        encoder = ObservationEncoder(game)  # the public part encoded once for every seat (tested equal to the reference)
        for s in range(n):
            encoder(s, obs[s, :OBS_SIZE])
        if self.history:
            tracker = HistoryTracker()
            tracker.update(game)
            for s in range(n):
                tracker.features(s, n, obs[s, OBS_SIZE:])
        return obs

    def clipped(self, game: Game) -> np.ndarray:
        """Each seat's value head output from its own observation of `game`, clipped to [0.001, 1], not normalised."""
        return np.clip(self.raw(self.inputs(game)), 1e-3, 1.0)

    def __call__(self, game: Game) -> list[float]:
        """Each seat's chance to win `game`, from its own observation, tempered and normalised to sum to one."""
        v = self.clipped(game)
        if self.power != 1.0:
            v **= self.power
        v /= v.sum()
        return v.tolist()
