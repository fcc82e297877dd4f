"""The opponent pool of training/ppo.py: which controller plays each seat that is not the learner, and the batched play
of fixed network opponents.

Why a module of its own: a fixed network opponent (a shipped id such as `ppo` or `dagger`, or a checkpoint path, which
`agents.make` turns into a `PolicyAgent`) played through `PolicyAgent.act` cost one checkpoint load per seat per game
and one forward pass per decision: training against 100 % network opponents ran at about 1,000 env steps/s. Here each
such id is loaded once, every seat it fills shares that network, and the decisions waiting on one network are taken in
one batched forward pass that chooses exactly what `PolicyAgent.act` would (tests/training/test_opponents.py checks it).
The networks are frozen: no gradient is ever computed through them.
"""

from __future__ import annotations

import numpy as np
import torch

import agents
from agents.base import Agent
from agents.net_inputs import GameInputs
from agents.policy import PolicyAgent, PolicyNet
from citadels_env.core import Action, Game, GameConfig
from citadels_env.encoding import mask_of, to_core

SELF, SNAPSHOT = "self", "snapshot"
TIE = 1e-3
"""logit gap under which a greedy row is decided again on its own: a batched matrix product may differ from a single
row's in the last bits, and only a near tie could turn that into another argmax than `PolicyAgent.act`'s"""


def batched(controller: object) -> bool:
    """Whether a seat's controller is decided in the batched pass: a plain `PolicyAgent` (a subclass may play
    otherwise, so it acts on its own)."""
    return type(controller) is PolicyAgent


class OpponentPool:
    """The `opponents` weights of a run ("self", "snapshot" or agent ids) and the bots drawn from them; `at` gives a
    table size its own weights (the run's `opponents_at`), drawn from the same kinds and networks."""

    def __init__(self, weights: dict[str, float], at: dict[int, dict[str, float]] | None = None) -> None:
        self.kinds = list(weights)  # (the default mix's kinds first: without `at` the draws are what they always were)
        for mix in (at or {}).values():
            self.kinds += [k for k in mix if k not in self.kinds]
        self.p = self._probabilities(weights)
        self.p_at = {int(n): self._probabilities(mix) for n, mix in (at or {}).items()}
        #: Agent id -> a loaded PolicyAgent whose network every seat of that id shares.
        self.networks: dict[str, PolicyAgent] = {}
        for kind in self.kinds:
            if kind in (SELF, SNAPSHOT):
                continue
            agent = agents.make(kind)  # fails now on an unknown agent id
            if batched(agent):  # (a checkpoint with networks for particular sizes shares each of them)
                agent.net = agent.main = self._shared(agent.main)
                agent.sized = {n: self._shared(net) for n, net in agent.sized.items()}
                self.networks[kind] = agent

    def _probabilities(self, weights: dict[str, float]) -> np.ndarray:
        w = np.array([weights.get(k, 0.0) for k in self.kinds], dtype=float)
        if (w < 0).any() or w.sum() <= 0:
            raise ValueError(f"opponent weights must be >= 0 and not all 0: {weights}")
        return w / w.sum()

    def _shared(self, net: PolicyNet) -> PolicyNet:
        """`net`, or an already loaded network with the same shape and weights ("ppo" and "ppo:greedy=false" are one
        network, one forward pass); frozen either way."""
        for other in (n for a in self.networks.values() for n in a.networks()):
            theirs, mine = other.state_dict(), net.state_dict()
            if other.spec() == net.spec() and theirs.keys() == mine.keys() and all(
                    torch.equal(theirs[k], mine[k]) for k in mine):
                return other
        net.eval()
        net.requires_grad_(False)
        return net

    def draw(self, rng: np.random.Generator, players: int | None = None) -> str:
        """One opponent kind for a table of `players` (its own mix if `at` gave it one)."""
        return self.kinds[int(rng.choice(len(self.kinds), p=self.p_at.get(players, self.p)))]

    def bot(self, kind: str, seat: int, config: GameConfig, seed: int) -> Agent:
        """A fresh controller of agent id `kind` for `seat`, reset for a game: a bot of its own for each seat, since
        bots may keep per-game memory; a network opponent is `agents.make(kind, seed=seed)` without loading the
        checkpoint again. It is named `kind`, the run's own id for it: a checkpoint loaded by path is otherwise named
        by its file's stem, and two networks both saved as final.pt would share one `rollout_win_rate` tag."""
        proto = self.networks.get(kind)
        bot = proto.fork(seed) if proto is not None else agents.make(kind, seed=seed)
        bot.name = kind
        bot.reset(seat, config, seed)
        return bot


@torch.inference_mode()
def choose(net: PolicyNet, games: list[Game], inputs: list[GameInputs],
           players: list[PolicyAgent]) -> list[Action]:
    """The action each `players[i]` (playing `net`) takes in `games[i]` now, as `PolicyAgent.act` would take it: a
    single legal answer without the network or the generator; otherwise the argmax of the masked logits (temperature
    0: greedy) or a draw from their softmax at the agent's temperature (`PolicyAgent.temperature`) with its own
    generator. One forward pass for all rows; the input comes from the game's incremental `GameInputs`, the same
    vector as `agents.net_inputs.decision_input`."""
    legals = [g.legal_actions() for g in games]
    chosen = [legal[0] for legal in legals]  # the answer of every row with a single one
    rows = [i for i, legal in enumerate(legals) if len(legal) > 1]
    if rows:
        obs = np.empty((len(rows), net.input_size), dtype=np.float32)
        for r, i in enumerate(rows):
            g = games[i]
            inputs[i].write(net, g.current_player, obs[r])
        obs_t = torch.from_numpy(obs)
        masks = [mask_of(legals[i], games[i].current_player, games[i].num_players) for i in rows]
        mask_t = torch.from_numpy(np.stack(masks).astype(bool))
        logits = net.logits(obs_t, mask_t)
        best = logits.argmax(1).tolist()
        top = logits.topk(2, dim=1).values
        near = (top[:, 0] - top[:, 1] < TIE).tolist()
        for r, i in enumerate(rows):
            agent = players[i]
            temp = agent.temperature(games[i].decision_kind)
            if temp:
                index = int(torch.multinomial(torch.softmax(logits[r] / temp, -1), 1, generator=agent.generator))
            elif near[r]:  # as PolicyAgent.act computes it: a batch of one
                index = int(torch.argmax(net.logits(obs_t[r:r + 1], mask_t[r:r + 1])[0]))
            else:
                index = best[r]
            g = games[i]
            chosen[i] = to_core(index, g.current_player, g.num_players)
    return chosen
