"""Self-play PPO for Citadels, in the style of CleanRL: a config dataclass and the update visible here, the rollout
and its GAE in training/sampling.py, the parallel samplers in training/workers.py.

    python -m training.ppo --config configs/ppo.yaml [--total-steps 2000000 --seed 3 ...] [--workers 2] [--ray]
    citadels train --config configs/ppo.yaml

How it plays: `num_games` games run side by side. Each seat of each game is played by a controller drawn from the
opponent pool (`opponents`: the current policy "self", a past "snapshot", or any agent id such as "heuristic" or
"random"); at least one seat per game is "self", and every "self" seat is a learner with a trajectory of its own. At
each tick, every game waiting on a network seat contributes one row to a single batched forward pass per network
(training/sampling.py). A rollout plays its games to the end, so an update never straddles a game and a resumed run
continues exactly as an uninterrupted one.

Where the games run: with `workers: 0` in this process, then the update (the two alternate). With `workers: N`, in N
sampler processes (`ray: true`: Ray actors, on several machines) that split the `num_games` games among them and
collect the next rollout while this process trains on the last one: the update costs more than the rollout, so only
this overlap pays (training/workers.py, docs/TRAINING.md "Parallel sampling").

Logged to TensorBoard (runs/<name>/): SPS, the PPO losses, approx_kl, clipfrac, entropy, explained variance, the
learner's win rate against each controller kind, and the periodic evaluation win rates (`citadels eval`'s evaluator,
against fixed baselines). Checkpoints (agents/policy.py format: weights, config, spec version, optimizer and random
states) go to runs/<name>/checkpoints/; `--resume PATH` continues a run.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
import yaml

from agents.evaluate_ray import address_problem
from agents.policy import (
    PolicyNet,
    load_checkpoint,
    masked_entropy,
    masked_log_probs,
    save_checkpoint,
    widened_for_history,
)
from citadels_env.core import GameConfig
from training import config
from training.anchor import COMPLEMENT, Anchor
from training.anchor import SCOPES as ANCHOR_SCOPES
from training.config import RunConfig, evaluate_against, single_size
from training.imitate import check_tables
from training.learner import UpdateInputs, device_problem, learner_for
from training.opponents import SELF, OpponentPool, choose
from training.sampling import CRITIC_SIZE, Rollout, Sampler, Table, critic_input
from training.warm_start import warm_start

__all__ = ["CRITIC_SIZE", "SELF", "Config", "Rollout", "Table", "Trainer", "critic_input", "train"]


@dataclass
class Config(RunConfig):
    """The PPO run. The fields every training run has (name, seed, the game, the opponent mix, evaluation) come first,
    from training/config.py's `RunConfig`; below, the default that differs and the fields of this algorithm."""

    exp_name: str = "ppo"
    threads: int = 1
    """torch CPU threads for the update (rollouts always use 1); more than 1 only pays on an otherwise idle
    machine"""
    device: str = "cpu"
    """where the update runs: cpu, or cuda / cuda:N (a GPU). Rollouts, opponents and evaluation stay on the CPU,
    where one decision at a time is cheapest; with many `workers` the update is the critical path, and a GPU
    shortens it (docs/TRAINING.md, "Parallel sampling")"""
    # -- the algorithm
    num_games: int = 64
    """games played side by side in each rollout (each rollout plays them to the end)"""
    anneal_lr: bool = True
    """decay the learning rate linearly to 0 over the run"""
    gae_lambda: float = 0.95
    """GAE lambda"""
    minibatch_size: int = 1024
    """transitions per gradient step"""
    update_epochs: int = 3
    """passes over each rollout"""
    clip_coef: float = 0.2
    """PPO clip range"""
    clip_vloss: bool = True
    """clip the value loss like the policy loss"""
    vf_coef: float = 0.5
    """value-loss weight"""
    max_grad_norm: float = 0.5
    """gradient clipping norm"""
    target_kl: float | None = None
    """stop an update's epochs early once approx_kl exceeds this"""
    anchor: str | None = None
    """a checkpoint the policy is kept near: `anchor_coef` x KL(policy || anchor) is added to the loss (the
    regularisation of magnetic mirror descent and R-NaD: a league's main keeps what it knew while it learns)"""
    anchor_coef: float = 0.0
    """weight of the KL to `anchor` (0: none)"""
    anchor_scope: str = "all"
    """the decisions the KL to `anchor` covers: all, draft (the character draft only: the draft stays near the
    anchor's while the rest of the play moves freely; docs/TRAINING.md, "Where ppo's strength and its exploitability
    sit"), characters (the draft and the decisions that name a character as a target), or turns and other, their
    complements (training/anchor.py)"""
    anchor_tables: list[int] | None = None
    """the table sizes whose decisions the KL to `anchor` (and to `rest_anchor`) covers (null: every size): [4]
    keeps the 4-player play, where exploitability is measured, near the anchor while the other sizes train freely"""
    anchor_opponents: list[str] | None = None
    """opponent ids (of `opponents` or `opponents_at`): the KL to `anchor` covers only the tables whose every other
    seat is one of them, and `rest_anchor` the other tables (null: every table). With history features, one
    network's play at tables of rule bots and another's elsewhere are distilled into a policy that tells the tables
    apart (docs/TRAINING.md, "Telling the tables apart")"""
    rest_anchor: str | None = None
    """a second checkpoint the policy is kept near, with weight `rest_anchor_coef`, on the decisions outside
    `anchor_scope` (which must then be a part of the play) or, with `anchor_opponents`, on the same scope at the other
    tables: with `anchor_scope: draft`, one network's draft and another's turns are distilled into the policy as it
    trains (training/anchor.py)"""
    rest_anchor_coef: float = 0.0
    """weight of the KL to `rest_anchor` (0: none)"""
    layers: int = 2
    """hidden layers in the trunk"""
    central_critic: bool = False
    """the value head reads the full state (hidden information included) plus the learner's seat"""
    tables: list[int] | None = None
    """player counts drawn uniformly per training game (None: always `players`); one network plays them all"""
    presets: list[str | None] | None = None
    """character presets drawn uniformly per training game (None: always `preset`)"""
    beliefs: bool = False
    """feed the network the seat's belief features (agents/beliefs.py); with `init_from`, the checkpoint's choice"""
    history: bool = False
    """feed the network the seat's history features (agents/history.py: what each seat played and named in the
    game so far); with `init_from` a checkpoint without them, their first-layer weights start at zero (the run
    starts with the checkpoint's outputs); a checkpoint that reads them keeps reading them whatever this says"""
    init_from: str | None = None
    """policy checkpoint whose weights start the run (e.g. training/imitate.py's); its network shape replaces
    `hidden` and `layers`"""
    # -- the opponent pool ("self" seats learn too: see the module docstring)
    snapshot_every: int = 5
    """updates between snapshots added to the pool"""
    snapshot_pool: int = 10
    """snapshots kept (the oldest is dropped)"""
    opponents_at: dict[int, dict[str, float]] | None = None
    """per table size, weights that replace `opponents` at tables of that many players (YAML: `{4: {heuristic:
    0.5, ...}}`): for example a best response at the 4-player tables where exploitability is measured, and only the
    rule bots at the others"""
    opponents_per: str = "seat"
    """how `opponents` is drawn: "seat" (each other seat on its own, so most tables are mixed) or "table" (one
    draw per game for every other seat: all-heuristic or all-heuristic-strong tables, as `citadels eval` plays)"""
    mixed_share: float = 0.0
    """with opponents_per "table": the share of tables whose other seats are drawn one by one all the same, so that a
    run sees both whole tables of one opponent (what `citadels eval` plays) and mixed tables"""
    # -- warm start by behaviour cloning
    bc_agent: str = "heuristic-strong"
    """agent id imitated before self-play starts"""
    bc_games: int = 0
    """games of `bc_agent` against itself to imitate (0: start from random weights)"""
    bc_epochs: int = 4
    """passes over the imitation data (cross-entropy on its actions, value regressed on the final rewards)"""
    # -- evaluation and checkpoints
    eval_every: int = 10
    """updates between evaluations (0: only at the end)"""
    eval_workers: int = 1
    """processes for evaluation games"""
    checkpoint_every: int = 10
    """updates between checkpoints (the last one is always saved)"""
    keep_checkpoints: int = 5
    """update checkpoints kept on disk, the newest (0: every one); with the optimizer state and the snapshot pool, one
    checkpoint of the shipped network's size is 50-60 MB"""
    # -- parallel sampling (training/workers.py)
    workers: int = 0
    """sampler processes, which split `num_games` among them and collect the next rollout during the update, with
    the weights one update old (0: rollouts in this process between updates); a run is reproducible for
    a given seed and worker count"""
    ray: bool = False
    """run the `workers` samplers as Ray actors of one CPU each (the ray extra), so that a run spans machines"""
    address: str | None = None
    """with `ray`: the Ray cluster to join (auto, HOST:PORT or ray://HOST:PORT; None starts a local Ray)"""

    def one_size(self) -> int | None:
        """The one table size this run plays (None: several): a checkpoint with networks for particular sizes starts
        the run with its network for that size."""
        return single_size(self.tables or [self.players])

    def validate(self) -> None:
        """RunConfig's checks, then this algorithm's ranges (a 0 here would divide by zero or never stop)."""
        super().validate()
        for name in ("threads", "num_games", "minibatch_size", "update_epochs", "layers", "snapshot_every",
                     "snapshot_pool", "bc_epochs"):
            config.need(self, name, getattr(self, name) > 0, "> 0")
        for name in ("bc_games", "eval_every", "eval_workers", "checkpoint_every", "keep_checkpoints"):
            config.need(self, name, getattr(self, name) >= 0, ">= 0")
        config.need(self, "gae_lambda", 0 <= self.gae_lambda <= 1, "from 0 to 1")
        config.need(self, "clip_coef", self.clip_coef > 0, "> 0")
        config.need(self, "vf_coef", self.vf_coef >= 0, ">= 0")
        config.need(self, "max_grad_norm", self.max_grad_norm > 0, "> 0")
        config.need(self, "target_kl", self.target_kl is None or self.target_kl > 0, "> 0 or null")
        config.need(self, "anchor_coef", self.anchor_coef >= 0, ">= 0")
        config.need(self, "anchor_scope", self.anchor_scope in ANCHOR_SCOPES, " or ".join(ANCHOR_SCOPES))
        config.need(self, "anchor", self.anchor is None or Path(self.anchor).is_file(), "null or a checkpoint file")
        config.need(self, "rest_anchor_coef", self.rest_anchor_coef >= 0, ">= 0")
        config.need(self, "rest_anchor", self.rest_anchor is None or (Path(self.rest_anchor).is_file() and (
            self.anchor_scope in COMPLEMENT or self.anchor_opponents is not None)),
                    f"null, or a checkpoint file with anchor_opponents or anchor_scope one of {', '.join(COMPLEMENT)}")
        kinds = set(self.opponents).union(*(mix for mix in (self.opponents_at or {}).values()))
        config.need(self, "anchor_opponents", self.anchor_opponents is None or (
            bool(self.anchor_opponents) and set(self.anchor_opponents) <= kinds), "null or ids from opponents")
        config.need(self, "anchor_tables", self.anchor_tables is None or (
            bool(self.anchor_tables) and set(self.anchor_tables) <= set(self.tables or [self.players])),
                    "null or table sizes this run plays")
        config.check_agent_id("bc_agent", self.bc_agent)
        config.need(self, "opponents_per", self.opponents_per in ("seat", "table"), '"seat" or "table"')
        config.need(self, "mixed_share", 0 <= self.mixed_share <= 1 and (
            self.mixed_share == 0 or self.opponents_per == "table"), 'from 0 to 1, and 0 unless opponents_per is "table"')
        for n, mix in (self.opponents_at or {}).items():
            config.need(self, "opponents_at", n in (self.tables or [self.players]),
                        f"keyed by table sizes this run plays ({n} is not one)")
            config.check_mix(self, "opponents_at", mix, f", at {n} players")
        config.need(self, "workers", 0 <= self.workers <= self.num_games, f"from 0 to num_games ({self.num_games})")
        config.need(self, "ray", not self.ray or self.workers > 0, "false with workers 0 (give --workers N)")
        problem = device_problem(self.device)
        config.need(self, "device", problem is None, f"cpu, or cuda / cuda:N with a GPU there ({problem})")
        config.need(self, "address", self.address is None or not address_problem(self.address),
                    "auto, HOST:PORT or ray://HOST:PORT (or null)")
        if self.tables is not None or self.presets is not None:
            check_tables(list(self.tables or [self.players]), list(self.presets or [self.preset]))
        if self.init_from is not None:
            config.need(self, "init_from", Path(self.init_from).is_file(), "an existing checkpoint file")


def network_spec(cfg: Config, start: dict[str, Any] | None) -> dict[str, Any]:
    """The spec (`PolicyNet.spec()`) of the network a run of `cfg` trains, `start` being the model spec of its
    `init_from` checkpoint (None without one): that checkpoint's shape and belief features, else the config's;
    history features if the config or the start reads them (a start without them is widened)."""
    spec: dict[str, Any] = {"hidden": cfg.hidden if start is None else start["hidden"],
                            "layers": cfg.layers if start is None else start["layers"],
                            "critic_size": CRITIC_SIZE if cfg.central_critic else None}
    if (cfg.beliefs if start is None else start.get("beliefs", False)):
        spec["beliefs"] = True
    if cfg.history or (start is not None and start.get("history", False)):
        spec["history"] = True
    return spec


class Trainer:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        torch.manual_seed(cfg.seed)
        torch.set_num_threads(cfg.threads)
        init = load_checkpoint(cfg.init_from, cfg.one_size()) if cfg.init_from else None
        spec = network_spec(cfg, None if init is None else init["model"])
        cfg.hidden, cfg.layers = spec["hidden"], spec["layers"]
        cfg.beliefs, cfg.history = spec.get("beliefs", False), spec.get("history", False)
        self.net = PolicyNet(**spec)
        if init is not None:  # the critic's own trunk, when there is one, starts fresh
            widen = cfg.history and not init["model"].get("history", False)
            start = widened_for_history(init["state_dict"], self.net) if widen else init["state_dict"]
            self.net.load_state_dict(start, strict=not cfg.central_critic)
        # the network the update trains: `net` itself on the CPU, else a copy on `device` whose weights `net` takes
        # after each update (`net` stays on the CPU for rollouts, snapshots, evaluation and checkpoints)
        self.device = torch.device(cfg.device)
        self.learner = learner_for(self.net, self.device)
        self.optimizer = torch.optim.Adam(self.learner.parameters(), lr=cfg.learning_rate, eps=1e-5)
        self.inputs = UpdateInputs(self.device)  # the update's inputs, joined in buffers kept between updates
        self.rng = np.random.default_rng(cfg.seed)
        self.sampler = torch.Generator().manual_seed(cfg.seed)
        self.snapshots: list[dict[str, torch.Tensor]] = []
        self.update = 0
        self.env_steps = 0
        self.learner_steps = 0
        self.history: list[dict[str, Any]] = []  # evaluation results, for the learning curve
        self.game_config = GameConfig(players=cfg.players, preset=cfg.preset, crown_seat=None)
        self.pool = OpponentPool(cfg.opponents, cfg.opponents_at)  # fails now on an unknown agent id
        self.rollouts = Sampler(cfg, self.net, self.rng, self.sampler, self.pool, choose)  # workers: 0
        self.snapshot_nets = self.rollouts.snapshot_nets  # one list: the in-process rollout plays the snapshots
        # workers > 0: the weights and snapshots the next rollout is (or will be) collected with, kept in checkpoints
        # so that a resumed run collects it again as the uninterrupted run did (training/workers.py)
        self.behaviour: dict[str, Any] | None = None
        self.anchors: dict[str, Anchor] = {}  # loss name -> the network the policy is kept near there
        gated = cfg.anchor_opponents is not None
        rest_scope = cfg.anchor_scope if gated else COMPLEMENT.get(cfg.anchor_scope, "all")
        for field, path, coef, scope, gate in (
                ("anchor", cfg.anchor, cfg.anchor_coef, cfg.anchor_scope, True if gated else None),
                ("rest_anchor", cfg.rest_anchor, cfg.rest_anchor_coef, rest_scope, False if gated else None)):
            if path and coef > 0:
                self.anchors[field] = Anchor.load(field, path, self.net, coef, scope, cfg.anchor_tables, self.device,
                                                  gate, single_size(cfg.anchor_tables or cfg.tables or [cfg.players]))

    # -- state for checkpoints ---------------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"config": dataclasses.asdict(self.cfg), "optimizer": self.optimizer.state_dict(),
                "rng": self.rng.bit_generator.state, "sampler": self.sampler.get_state(),
                "torch_rng": torch.get_rng_state(), "snapshots": self.snapshots, "update": self.update,
                "env_steps": self.env_steps, "learner_steps": self.learner_steps, "history": self.history,
                **({"behaviour": self.behaviour} if self.behaviour is not None else {})}

    def load(self, path: str | Path) -> None:
        data = load_checkpoint(path)
        self.net.load_state_dict(data["state_dict"])
        self.learner.load_state_dict(data["state_dict"])  # (the same module on the CPU)
        self.optimizer.load_state_dict(data["optimizer"])  # moved to the learner's device by torch
        self.rng.bit_generator.state = data["rng"]
        self.sampler.set_state(data["sampler"])
        torch.set_rng_state(data["torch_rng"])
        self.snapshots = list(data["snapshots"])
        self.snapshot_nets[:] = [self._net_from(sd) for sd in self.snapshots]
        self.behaviour = data.get("behaviour")
        self.update, self.env_steps = data["update"], data["env_steps"]
        self.learner_steps, self.history = data["learner_steps"], list(data["history"])

    def save(self, path: Path) -> None:
        save_checkpoint(path, self.net, **self.state())

    def learned(self) -> None:
        """After the learner's weights changed: `net` (CPU) takes them, where the learner is a copy on a GPU."""
        if self.learner is not self.net:
            self.net.load_state_dict(self.learner.state_dict())

    def _net_from(self, state_dict: dict[str, torch.Tensor]) -> PolicyNet:
        net = PolicyNet(self.cfg.hidden, self.cfg.layers, self.net.critic_size, self.net.beliefs, self.net.history)
        net.load_state_dict(state_dict)
        net.eval()
        return net

    # -- the rollout -------------------------------------------------------------------------------------------------
    def new_table(self, seed: int) -> Table:
        return self.rollouts.new_table(seed)

    def collect(self) -> Rollout:
        """Play `num_games` games to the end in this process; return the learners' transitions with advantages and
        returns."""
        return self.rollouts.collect(self.update, range(self.cfg.num_games))

    # -- the update --------------------------------------------------------------------------------------------------
    def learn(self, ro: Rollout) -> dict[str, float]:
        """One update on `ro`, counted: the update number, the steps, and a snapshot for the pool when one is due.
        Returns the update's statistics."""
        stats = self.train_on(ro)
        self.update += 1
        self.env_steps += ro.env_steps
        self.learner_steps += len(ro.actions)
        if self.update % self.cfg.snapshot_every == 0:
            self.add_snapshot()
        return stats

    def train_on(self, ro: Rollout) -> dict[str, float]:
        """The PPO update on `ro` alone (`learn` counts it)."""
        cfg, net, dev = self.cfg, self.learner, self.device
        net.train()
        torch.set_num_threads(cfg.threads)  # big batches: use every thread (rollouts run on one)
        obs = self.inputs.stacked("obs", ro.obs)
        masks = self.inputs.stacked("masks", ro.masks)
        critic = self.inputs.stacked("critic", ro.critic_obs) if ro.critic_obs else None
        actions = torch.tensor(ro.actions, dtype=torch.long, device=dev)
        old_logp = torch.tensor(ro.logprobs, device=dev)
        old_values = torch.tensor(ro.values)
        old_values_dev = old_values.to(dev)
        advantages = torch.from_numpy(ro.advantages).to(dev)
        returns = torch.from_numpy(ro.returns)
        returns_dev = returns.to(dev)
        flagged = torch.tensor(ro.anchored, dtype=torch.bool, device=dev) if ro.anchored else None
        n = len(actions)
        clipfracs: list[torch.Tensor] = []
        stats: dict[str, float] = {}
        last: dict[str, torch.Tensor] = {}
        for _ in range(cfg.update_epochs):
            order = torch.from_numpy(self.rng.permutation(n)).to(dev)
            for start in range(0, n, cfg.minibatch_size):
                mb = order[start:start + cfg.minibatch_size]
                logits, value = net(obs[mb], masks[mb], None if critic is None else critic[mb])
                logp_all = masked_log_probs(logits)
                logp = logp_all.gather(1, actions[mb].unsqueeze(1)).squeeze(1)
                entropy = masked_entropy(logp_all).mean()
                log_ratio = logp - old_logp[mb]
                ratio = log_ratio.exp()
                with torch.no_grad():
                    approx_kl = ((ratio - 1) - log_ratio).mean()
                    clipfracs.append(((ratio - 1.0).abs() > cfg.clip_coef).float().mean())
                mb_adv = advantages[mb]
                mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8) if len(mb) > 1 else mb_adv
                pg_loss = torch.max(-mb_adv * ratio,
                                    -mb_adv * torch.clamp(ratio, 1 - cfg.clip_coef, 1 + cfg.clip_coef)).mean()
                mb_old, mb_ret = old_values_dev[mb], returns_dev[mb]
                if cfg.clip_vloss:
                    v_clipped = mb_old + torch.clamp(value - mb_old, -cfg.clip_coef, cfg.clip_coef)
                    v_loss = 0.5 * torch.max((value - mb_ret) ** 2, (v_clipped - mb_ret) ** 2).mean()
                else:
                    v_loss = 0.5 * ((value - mb_ret) ** 2).mean()
                loss = pg_loss - cfg.ent_coef * entropy + cfg.vf_coef * v_loss
                flags = None if flagged is None else flagged[mb]
                anchor_kls = {name: a.kl(logp_all, obs[mb], masks[mb], flags) for name, a in self.anchors.items()}
                for name, a in self.anchors.items():
                    loss = loss + a.coef * anchor_kls[name]
                self.optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), cfg.max_grad_norm)
                self.optimizer.step()
                last = {"losses/policy_loss": pg_loss, "losses/value_loss": v_loss, "losses/entropy": entropy,
                        "losses/approx_kl": approx_kl}  # read once an epoch: each read waits for a GPU
                last.update({f"losses/{name}_kl": kl for name, kl in anchor_kls.items()})
            stats = {k: v.item() for k, v in last.items()}
            if cfg.target_kl is not None and stats["losses/approx_kl"] > cfg.target_kl:
                break
        self.learned()
        y, v = returns.numpy(), old_values.numpy()
        var_y = np.var(y)
        stats["losses/clipfrac"] = float(np.mean(torch.stack(clipfracs).tolist())) if clipfracs else 0.0
        stats["losses/explained_variance"] = float("nan") if var_y == 0 else float(1 - np.var(y - v) / var_y)
        return stats

    def warm_start(self, progress: bool = True) -> dict[str, float]:
        """Behaviour cloning of `bc_agent` before PPO (training/warm_start.py)."""
        return warm_start(self, progress)

    def add_snapshot(self) -> None:
        sd = {k: v.detach().clone() for k, v in self.net.state_dict().items()}
        self.snapshots.append(sd)
        self.snapshot_nets.append(self._net_from(sd))
        if len(self.snapshots) > self.cfg.snapshot_pool:
            self.snapshots.pop(0)
            self.snapshot_nets.pop(0)


# -- evaluation -------------------------------------------------------------------------------------------------------
def evaluate_checkpoint(path: Path, cfg: Config, seed: int) -> dict[str, dict[str, float]]:
    """Win rate (with its 95% Wilson interval) of the policy in one seat against each baseline in the others."""
    return evaluate_against(path, cfg.eval_opponents, cfg.players, cfg.preset, cfg.eval_games, seed,
                            cfg.eval_workers)


def prune_checkpoints(ckpt_dir: Path, keep: int) -> None:
    """Delete all but the newest `keep` update checkpoints (0 keeps them all): a long run would fill the disk."""
    if keep:
        for old in sorted(ckpt_dir.glob("update_*.pt"))[:-keep]:
            old.unlink()


def plot_learning_curve(history: list[dict[str, Any]], players: int, path: Path) -> None:
    """Evaluation win rate against each baseline versus environment steps, with 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    opponents = sorted({o for h in history for o in h["eval"]})
    for opponent in opponents:
        pts = [(h["env_steps"], h["eval"][opponent]) for h in history if opponent in h["eval"]]
        x = [p[0] for p in pts]
        y = [p[1]["win_rate"] for p in pts]
        ax.plot(x, y, marker="o", label=f"vs {players - 1} x {opponent}")
        ax.fill_between(x, [p[1]["low"] for p in pts], [p[1]["high"] for p in pts], alpha=0.2)
    ax.axhline(1 / players, ls="--", color="grey", label=f"parity ({1 / players:.0%})")
    ax.set_xlabel("environment steps")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.set_title(f"Self-play PPO, {players}-player Citadels")
    ax.legend(loc="best", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)


# -- the main loop ----------------------------------------------------------------------------------------------------
def train(cfg: Config, resume: str | None = None) -> Path:
    """Train; returns the path of the final checkpoint."""
    from torch.utils.tensorboard import SummaryWriter
    from tqdm import tqdm

    run_dir = Path(cfg.out_dir) / cfg.exp_name
    ckpt_dir = run_dir / "checkpoints"
    trainer = Trainer(cfg)
    if resume:
        trainer.load(resume)
    writer = SummaryWriter(str(run_dir))
    writer.add_text("config", "```\n" + yaml.safe_dump(dataclasses.asdict(cfg), sort_keys=False) + "```")
    if cfg.bc_games and not resume:
        bc = trainer.warm_start(cfg.progress)
        for k, v in bc.items():
            writer.add_scalar(k, v, 0)
        print(f"imitation of {cfg.bc_agent}: {int(bc['bc/samples']):,} decisions, accuracy {bc['bc/accuracy']:.1%}")
        trainer.add_snapshot()
    bar = tqdm(total=cfg.total_steps, initial=min(trainer.env_steps, cfg.total_steps), unit="step",
               disable=not cfg.progress, dynamic_ncols=True)
    final = ckpt_dir / "final.pt"
    start = time.perf_counter()
    steps_at_start = trainer.env_steps
    pipeline = None
    try:
        if cfg.workers:
            from training.workers import Pipeline

            pipeline = Pipeline(trainer)
        while trainer.env_steps < cfg.total_steps:
            if cfg.anneal_lr:
                frac = 1.0 - trainer.env_steps / cfg.total_steps
                trainer.optimizer.param_groups[0]["lr"] = frac * cfg.learning_rate
            t0 = time.perf_counter()
            ro = trainer.collect() if pipeline is None else pipeline.next()
            t1 = time.perf_counter()
            stats = trainer.learn(ro)
            t2 = time.perf_counter()
            step = trainer.env_steps
            sps = ro.env_steps / (t2 - t0)
            for k, v in stats.items():
                writer.add_scalar(k, v, step)
            writer.add_scalar("charts/SPS", sps, step)
            if pipeline is None:
                writer.add_scalar("charts/rollout_SPS", ro.env_steps / (t1 - t0), step)
            else:  # the rollout ran during the last update: this is the learner's wait for it
                writer.add_scalar("charts/rollout_wait_s", t1 - t0, step)
                writer.add_scalar("charts/sampler_idle_s", ro.idle_s / cfg.workers, step)  # waiting for requests
            writer.add_scalar("charts/learning_rate", trainer.optimizer.param_groups[0]["lr"], step)
            writer.add_scalar("charts/learner_transitions", len(ro.actions), step)
            by_kind: dict[str, list[bool]] = defaultdict(list)
            for kind, won in ro.results:
                by_kind[kind].append(won)
            for kind, wins in by_kind.items():
                writer.add_scalar(f"rollout_win_rate/{kind}", float(np.mean(wins)), step)
            done = trainer.env_steps >= cfg.total_steps
            if done or (cfg.checkpoint_every and trainer.update % cfg.checkpoint_every == 0):
                trainer.save(ckpt_dir / f"update_{trainer.update:05d}.pt")
            if cfg.eval_opponents and (done or (cfg.eval_every and trainer.update % cfg.eval_every == 0)):
                path = ckpt_dir / f"update_{trainer.update:05d}.pt"
                if not path.exists():
                    trainer.save(path)
                results = evaluate_checkpoint(path, cfg, seed=10_000_000 + cfg.seed)
                trainer.history.append({"update": trainer.update, "env_steps": step, "eval": results})
                for opponent, r in results.items():
                    writer.add_scalar(f"eval/win_rate_vs_{opponent}", r["win_rate"], step)
                plot_learning_curve(trainer.history, cfg.players, run_dir / "learning_curve.png")
                bar.write(f"update {trainer.update} step {step:,}: " + ", ".join(
                    f"vs {o} {r['win_rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}]" for o, r in results.items()))
            prune_checkpoints(ckpt_dir, cfg.keep_checkpoints)
            bar.update(min(step, cfg.total_steps) - bar.n)
            bar.set_postfix(sps=f"{sps:,.0f}", kl=f"{stats['losses/approx_kl']:.3f}",
                            ent=f"{stats['losses/entropy']:.2f}")
    finally:  # also on Ctrl-C or an exception: no sampler outlives the run
        if pipeline is not None:
            pipeline.close()
    elapsed = time.perf_counter() - start
    trainer.save(final)
    summary = {"env_steps": trainer.env_steps, "learner_steps": trainer.learner_steps, "updates": trainer.update,
               "seconds": elapsed, "sps": (trainer.env_steps - steps_at_start) / max(elapsed, 1e-9),
               "history": trainer.history}
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=2))
    writer.close()
    bar.close()
    return final


def field_docs() -> dict[str, str]:
    """The docstring under each Config field, for --help."""
    return config.field_docs(Config)


def parse_args(argv: list[str] | None = None) -> tuple[Config, str | None]:
    """`--config FILE` then `--field value` overrides for every Config field (dashes or underscores; a bare boolean
    flag such as `--ray` means true)."""
    cfg, args = config.parse_config(Config, argv, "Self-play PPO for Citadels (see training/ppo.py).",
                                    extra=(("--resume", "checkpoint to continue from"),))
    return cfg, args.resume


def main(argv: list[str] | None = None) -> None:
    cfg, resume = parse_args(argv)
    random.seed(cfg.seed)
    final = train(cfg, resume)
    print(f"final checkpoint: {final}")


if __name__ == "__main__":
    main()
