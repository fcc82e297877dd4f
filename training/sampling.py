"""The rollout of training/ppo.py: games played side by side with batched inference, the learners' transitions and
their advantages. A module of its own so that the same `Sampler` runs in the trainer's process (`workers: 0`) and in
each sampler process or Ray actor (training/workers.py), and so that training/ppo.py keeps to the update.

Every "self" seat is a learner: its decisions are its own trajectory (its observations, its actions, its final
reward), so no two points of view are mixed in one GAE pass. At each tick, every game waiting on a network seat
contributes one row to a single batched forward pass per network: the learner, each snapshot, and each fixed network
opponent (a `PolicyAgent`, played exactly as its `act` would: training/opponents.py). A rollout plays its games to
the end, so an update never straddles a game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import torch

from agents.base import Agent, Decision
from agents.net_inputs import GameInputs
from agents.policy import PolicyNet, masked_log_probs
from citadels_env.core import Game, GameConfig
from citadels_env.encoding import (
    NUM_ACTIONS,
    OBS_SIZE,
    STATE_SIZE,
    encode_hidden,
    legal_mask,
    to_core,
)
from citadels_env.rewards import final_rewards
from training.imitate import check_tables
from training.opponents import SELF, SNAPSHOT, OpponentPool, batched, choose

if TYPE_CHECKING:
    from training.ppo import Config

CRITIC_SIZE = OBS_SIZE + (STATE_SIZE - OBS_SIZE) + 8  # observation + hidden state + the learner's seat
GAME_SEEDS = 1_000_003
"""game k of update u is dealt with seed `seed * GAME_SEEDS + u * num_games + k`, whichever process plays it"""


@dataclass
class Table:
    """One training game: the game, its network inputs (kept incrementally), and who plays each seat."""

    game: Game
    inputs: GameInputs
    controllers: list[Any]  # per seat: SELF, ("snapshot", index) or an Agent (a PolicyAgent: a batched network)
    trajectories: dict[int, list[int]]  # learner seat -> indices of its transitions in the rollout buffer
    anchored: bool = False  # every other seat is one of the run's `anchor_opponents` (training/anchor.py)


class SparseRows:
    """Rows of a mostly-zero array as the flat positions and values of its non-zeros. A sampler process sends its
    rollout's observations so (about 3.5 % of them are non-zero at 4 players): some 14 times fewer bytes than the
    dense rows, which the learner had to receive, unpickle and copy whole, a cost that more samplers do not share
    (training/workers.py)."""

    def __init__(self, parts: Sequence[np.ndarray]) -> None:
        # Part by part, never the dense rows joined: a fresh array of a rollout's rows cost a sampler more than its
        # non-zeros (the operating system zeroes each new page; 82 ms of a 16-game rollout's 0.43 s on the sandbox).
        self.shape = (sum(len(p) for p in parts), *parts[0].shape[1:])
        self.dtype = parts[0].dtype
        kind = np.int32 if int(np.prod(self.shape)) < 2**31 else np.int64
        index, values, start = [], [], 0
        for part in parts:
            flat = part.reshape(-1)
            nz = np.flatnonzero(flat != 0)  # (a mask first: flatnonzero of the floats is about 4 times slower)
            index.append((nz + start).astype(kind, copy=False))
            values.append(flat[nz])
            start += flat.size
        self.index = np.concatenate(index)
        self.values = np.concatenate(values)

    def __len__(self) -> int:
        return self.shape[0]

    def write(self, out: np.ndarray) -> None:
        """The dense rows into `out` (of this shape)."""
        out.fill(0)
        out.reshape(-1)[self.index] = self.values


@dataclass
class Rollout:
    obs: list[np.ndarray | SparseRows] = field(default_factory=list)  # one array per learner batch
    critic_obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    advantages: np.ndarray | None = None
    returns: np.ndarray | None = None
    env_steps: int = 0
    trajectories: list[tuple[list[int], float]] = field(default_factory=list)  # (transition indices, final reward)
    results: list[tuple[str, bool]] = field(default_factory=list)  # (a controller kind met, the learner won)
    anchored: list[bool] = field(default_factory=list)  # per transition, its table's flag (with `anchor_opponents`)
    idle_s: float = 0.0  # sampler processes: seconds they waited for this request after their last rollout (summed)


def merge(parts: Sequence[Rollout]) -> Rollout:
    """The samplers' rollouts as one, in sampler order; trajectory indices shifted to the joined buffer (advantages
    are per trajectory, so each part's are already final)."""
    ro = Rollout()
    for part in parts:
        offset = len(ro.actions)
        ro.obs += part.obs
        ro.critic_obs += part.critic_obs
        ro.masks += part.masks
        ro.actions += part.actions
        ro.logprobs += part.logprobs
        ro.values += part.values
        ro.trajectories += [([i + offset for i in idx], reward) for idx, reward in part.trajectories]
        ro.results += part.results
        ro.anchored += part.anchored
        ro.env_steps += part.env_steps
        ro.idle_s += part.idle_s
    ro.advantages = np.concatenate([p.advantages for p in parts if p.advantages is not None])
    ro.returns = np.concatenate([p.returns for p in parts if p.returns is not None])
    return ro


class Sampler:
    """Plays a rollout's games. `net`, `rng` and `generator` are the caller's: in the trainer's process they are the
    trainer's own (so `workers: 0` draws exactly what it always drew); a sampler process passes its copies.
    `snapshot_nets` is filled by the owner. `choose` is a parameter so that a test can check every batched choice."""

    def __init__(self, cfg: Config, net: PolicyNet, rng: np.random.Generator, generator: torch.Generator,
                 pool: OpponentPool, choose: Callable[..., list[Any]] = choose) -> None:
        self.cfg, self.net, self.rng, self.generator, self.pool = cfg, net, rng, generator, pool
        self.choose = choose
        self.snapshot_nets: list[PolicyNet] = []
        self.tables = list(cfg.tables or [cfg.players])
        self.presets = list(cfg.presets or [cfg.preset])
        check_tables(self.tables, self.presets)

    def new_table(self, seed: int) -> Table:
        n = int(self.tables[int(self.rng.integers(len(self.tables)))])
        preset = self.presets[int(self.rng.integers(len(self.presets)))]
        game_config = GameConfig(players=n, preset=preset, crown_seat=None,
                                 unique_districts="random" if preset is None and self.cfg.presets else None)
        game = Game(game_config, seed)
        learner = int(self.rng.integers(n))
        controllers: list[Any] = []
        kinds: list[str] = []  # the other seats' opponent ids
        one_draw = self.cfg.opponents_per == "table"
        if one_draw and self.cfg.mixed_share > 0:  # (no draw from rng otherwise: older runs replay bit for bit)
            one_draw = self.rng.random() >= self.cfg.mixed_share
        table_kind = self.pool.draw(self.rng, n) if one_draw else None
        for seat in range(n):
            kind = SELF if seat == learner else table_kind or self.pool.draw(self.rng, n)
            if seat != learner:
                kinds.append(kind)
            if kind == SNAPSHOT:
                kind = (SNAPSHOT, int(self.rng.integers(len(self.snapshot_nets)))) if self.snapshot_nets else SELF
            elif kind != SELF:
                kind = self.pool.bot(kind, seat, game_config, seed * 16 + seat)
            controllers.append(kind)
        anchored = self.cfg.anchor_opponents is not None and set(kinds) <= set(self.cfg.anchor_opponents)
        return Table(game, GameInputs(game), controllers,
                     {s: [] for s, c in enumerate(controllers) if c == SELF}, anchored)

    def collect(self, update: int, games: range) -> Rollout:
        """Play games `games` (indices into the update's `num_games`) of update `update` to the end; return the
        learners' transitions with advantages and returns."""
        cfg = self.cfg
        ro = Rollout()
        base = cfg.seed * GAME_SEEDS + update * cfg.num_games
        tables = [self.new_table(base + k) for k in games]
        live = list(range(len(tables)))
        self.net.eval()
        torch.set_num_threads(1)  # small batches: one thread avoids the synchronisation cost
        while live:
            waiting: dict[Any, list[int]] = defaultdict(list)  # network -> tables waiting on it
            still = []
            for t in live:
                table = tables[t]
                g = table.game
                while not g.is_over:  # bots act at once
                    c = table.controllers[g.current_player]
                    if not isinstance(c, Agent) or batched(c):
                        break
                    g.apply(c.act(Decision(g)))
                    ro.env_steps += 1
                if g.is_over:
                    self._finish(table, ro)
                    continue
                c = table.controllers[g.current_player]
                waiting[c.net if isinstance(c, Agent) else SELF if c == SELF else c[1]].append(t)
                still.append(t)
            live = still
            for who, ts in waiting.items():
                self._act(who, [tables[t] for t in ts], ro)
        self._advantages(ro)
        return ro

    @torch.no_grad()
    def _act(self, who: Any, tables: list[Table], ro: Rollout) -> None:
        """One batched forward pass for every table waiting on network `who` (SELF, a snapshot index, or the PolicyNet
        of fixed network opponents)."""
        if isinstance(who, PolicyNet):  # fixed opponents: each seat plays as its PolicyAgent would
            players = [t.controllers[t.game.current_player] for t in tables]
            chosen = self.choose(who, [t.game for t in tables], [t.inputs for t in tables], players)
            for t, action in zip(tables, chosen):
                t.game.apply(action)
            ro.env_steps += len(tables)
            return
        seats = [t.game.current_player for t in tables]
        obs = np.empty((len(tables), self.net.input_size), dtype=np.float32)
        masks = np.empty((len(tables), NUM_ACTIONS), dtype=bool)
        for i, (t, s) in enumerate(zip(tables, seats)):
            t.inputs.write(self.net, s, obs[i])
            masks[i] = legal_mask(t.game, s)
        obs_t, mask_t = torch.from_numpy(obs), torch.from_numpy(masks)
        learner = who == SELF
        critic = None
        if learner and self.net.critic_size:
            critic = np.stack([critic_input(t.game, s, o[:OBS_SIZE]) for t, s, o in zip(tables, seats, obs)])
        net = self.net if learner else self.snapshot_nets[who]
        if learner:
            logits, values = net(obs_t, mask_t, None if critic is None else torch.from_numpy(critic))
        else:
            logits = net.logits(obs_t, mask_t)
        logp = masked_log_probs(logits)
        actions = torch.multinomial(logp.exp(), 1, generator=self.generator).squeeze(1)
        chosen = logp.gather(1, actions.unsqueeze(1)).squeeze(1)
        if learner:  # a learner batch: every row is a transition of its seat's trajectory
            first = len(ro.actions)
            ro.obs.append(obs)
            ro.masks.append(masks)
            if critic is not None:
                ro.critic_obs.append(critic)
            ro.actions += actions.tolist()
            ro.logprobs += chosen.tolist()
            ro.values += values.tolist()
            if self.cfg.anchor_opponents is not None:
                ro.anchored += [t.anchored for t in tables]
            for i, (table, seat) in enumerate(zip(tables, seats)):
                table.trajectories[seat].append(first + i)
        for table, seat, a in zip(tables, seats, actions.tolist()):
            table.game.apply(to_core(a, seat, table.game.num_players))
            ro.env_steps += 1

    def _finish(self, table: Table, ro: Rollout) -> None:
        """A game ended: each learner seat's final reward goes to the last transition of its own trajectory."""
        rewards = final_rewards(table.game, self.cfg.reward)
        winner = table.game.result().winner
        met = {_kind(c) for c in table.controllers if c != SELF} or {SELF}
        for seat, idx in table.trajectories.items():
            if idx:
                ro.trajectories.append((idx, rewards[seat]))
                ro.results += [(kind, seat == winner) for kind in met]

    def _advantages(self, ro: Rollout) -> None:
        """GAE along each learner's own trajectory: reward 0 until its last decision, then the final reward."""
        cfg = self.cfg
        values = np.asarray(ro.values, dtype=np.float32)
        adv = np.zeros_like(values)
        for idx, final in ro.trajectories:
            last_gae = 0.0
            next_value = 0.0  # after the last decision the game is over
            for k in range(len(idx) - 1, -1, -1):
                i = idx[k]
                reward = final if k == len(idx) - 1 else 0.0
                delta = reward + cfg.gamma * next_value - values[i]
                last_gae = delta + cfg.gamma * cfg.gae_lambda * last_gae
                adv[i] = last_gae
                next_value = values[i]
        ro.advantages = adv
        ro.returns = adv + values


def _kind(controller: Any) -> str:
    if isinstance(controller, tuple):
        return SNAPSHOT
    return controller.name if isinstance(controller, Agent) else str(controller)


def critic_input(game: Game, seat: int, obs: np.ndarray) -> np.ndarray:
    """The centralised critic's input: the seat's observation, the hidden state (absolute seats) and the seat."""
    seat_onehot = np.zeros(8, dtype=np.float32)
    seat_onehot[seat] = 1.0
    return np.concatenate([obs, encode_hidden(game), seat_onehot])
