"""Trained policies as agents: the actor-critic network, checkpoints, and `PolicyAgent`.

A checkpoint is a plain dict saved with `torch.save` and loaded with `weights_only=True` (no pickled code runs):

    {"format": "citadels-policy", "spec_version": SPEC_VERSION, "model": {"hidden": 256, "layers": 2, ...},
     "state_dict": {...}, "config": {...training config...}, "step": int, ...}

`agents.make("path/to/ckpt.pt")` and the shipped names (`agents.make("ppo")`) load one on the CPU. A checkpoint whose
observation/action spec differs from this installation's is refused with a clear error.

A checkpoint may also carry `"by_size": {players: {"model": {...}, "state_dict": {...}}}`: networks played at those
table sizes instead of its main one (training/by_size.py writes it). Why: a network trained for the 4-player table
and one brought to every size each play their own tables best (docs/TRAINING.md), and a bot is one id.
"""

from __future__ import annotations

import pickle
import warnings
from pathlib import Path
from typing import IO, Any

import numpy as np
import torch
from torch import nn

from citadels_env.core import Action, GameConfig
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS
from citadels_env.encoding import NUM_ACTIONS, SPEC_VERSION

from .base import Agent, Decision
from .history import HISTORY_SIZE
from .net_inputs import decision_input, input_size

CHECKPOINT_FORMAT = "citadels-policy"
ZOO = Path(__file__).parent / "zoo"  # checkpoints shipped with the package
#: Ids that name another shipped file: `ppo` is whichever version ships now, each version keeps its own id for good
#: (a config or a published figure that names `ppo-v6` means that network whatever `ppo` becomes).
ALIASES = {"ppo": "ppo-v7"}


class CheckpointError(ValueError):
    """A file that cannot be loaded as a checkpoint; the message starts with its path, then says what is wrong."""


class SpecMismatchError(CheckpointError):
    """The checkpoint was trained on another observation/action spec."""


class PolicyNet(nn.Module):
    """An MLP trunk with a policy head over the flat actions and a value head. With `critic_size`, the value head
    reads its own input (the centralised critic: the observation plus the hidden state) through its own trunk. With
    `beliefs` the seat's belief features (agents/beliefs.py) follow the observation, with `history` its history
    features (agents/history.py) follow those (agents/net_inputs.py builds the input)."""

    def __init__(self, hidden: int = 256, layers: int = 2, critic_size: int | None = None,
                 beliefs: bool = False, history: bool = False) -> None:
        super().__init__()
        self.hidden, self.layers, self.critic_size = hidden, layers, critic_size
        self.beliefs, self.history = beliefs, history
        self.input_size = input_size(beliefs, history)
        self.trunk = _mlp(self.input_size, hidden, layers)
        self.policy = nn.Linear(hidden, NUM_ACTIONS)
        self.critic_trunk = _mlp(critic_size, hidden, layers) if critic_size else None
        self.value = nn.Linear(hidden, 1)
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.orthogonal_(m.weight, np.sqrt(2))
                nn.init.zeros_(m.bias)
        nn.init.orthogonal_(self.policy.weight, 0.01)
        nn.init.orthogonal_(self.value.weight, 1.0)

    def spec(self) -> dict[str, Any]:
        spec = {"hidden": self.hidden, "layers": self.layers, "critic_size": self.critic_size}
        if self.beliefs:  # absent from the checkpoints of networks without them, which still load
            spec["beliefs"] = True
        if self.history:
            spec["history"] = True
        return spec

    def logits(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Masked logits: illegal actions get -inf."""
        return self.policy(self.trunk(obs)).masked_fill(~mask, float("-inf"))

    def forward(self, obs: torch.Tensor, mask: torch.Tensor,
                critic_obs: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """(masked logits, value). One trunk pass when the critic shares it."""
        h = self.trunk(obs)
        logits = self.policy(h).masked_fill(~mask, float("-inf"))
        if self.critic_trunk is not None:
            return logits, self.value(self.critic_trunk(critic_obs)).squeeze(-1)
        return logits, self.value(h).squeeze(-1)


def _mlp(inputs: int, hidden: int, layers: int) -> nn.Sequential:
    mods: list[nn.Module] = []
    for i in range(layers):
        mods += [nn.Linear(inputs if i == 0 else hidden, hidden), nn.ReLU()]
    return nn.Sequential(*mods)


def masked_log_probs(logits: torch.Tensor) -> torch.Tensor:
    """Log-probabilities of masked logits (illegal actions: -inf)."""
    return logits - torch.logsumexp(logits, dim=-1, keepdim=True)


def masked_entropy(logp: torch.Tensor) -> torch.Tensor:
    """Entropy from masked log-probabilities; illegal actions (probability 0) contribute 0, not NaN."""
    finite = torch.where(torch.isfinite(logp), logp, torch.zeros_like(logp))  # no -inf in the graph: no NaN grads
    return -(logp.exp() * finite).sum(-1)


def masked_kl(logp: torch.Tensor, logq: torch.Tensor) -> torch.Tensor:
    """KL(p || q) per row from masked log-probabilities, over the actions legal in both (the rest contribute 0, not
    NaN): how far a policy is from another on the same decisions (training/anchor.py, benchmarks/plays_like.py)."""
    legal = torch.isfinite(logp) & torch.isfinite(logq)
    return (logp.exp() * torch.where(legal, logp - logq, torch.zeros_like(logp))).sum(-1)


# -- checkpoints -----------------------------------------------------------------------------------------------------
def save_checkpoint(path: str | Path, net: PolicyNet, **extra: Any) -> None:
    """Save weights, the model shape and the spec version (plus `extra`: config, step, optimizer...)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": CHECKPOINT_FORMAT, "spec_version": SPEC_VERSION, "model": net.spec(),
            "state_dict": net.state_dict(), **extra}
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(data, tmp)
    tmp.replace(path)  # never leave a half-written checkpoint behind


def torch_load(source: str | Path | IO[bytes], path: str | Path, what: str = "checkpoint") -> Any:
    """`torch.load(source, weights_only=True)` on the CPU, its failures turned into a CheckpointError naming `path`:
    weights-only loading never runs pickled code, so a file holding other objects is refused, not executed. A missing
    or unreadable file stays the OSError that names it."""
    try:
        with warnings.catch_warnings():  # a raw pickle's protocol warning would be a second line before the error
            warnings.filterwarnings("ignore", message="Detected pickle protocol")
            return torch.load(source, map_location="cpu", weights_only=True)
    except OSError:
        raise
    except pickle.UnpicklingError as exc:  # torch's weights-only unpickler: a foreign object, or not a pickle
        lines = [line.strip().removeprefix("WeightsUnpickler error:").strip() for line in str(exc).splitlines()]
        found = [line for line in lines if line.startswith(("Trying to load", "Unsupported"))]
        detail = found[0].split(". ")[0].rstrip(".") if found else _gist(exc)
        raise CheckpointError(f"{path}: refused: its {what} is not plain tensors and data ({detail}); it is either "
                              f"not a checkpoint or carries pickled code, which is never run") from exc
    except Exception as exc:  # torch's, zipfile's and pickle's own errors for a truncated or foreign file
        raise CheckpointError(f"{path}: not a readable {what} (truncated, or not a file torch.save wrote: "
                              f"{type(exc).__name__}: {_gist(exc)})") from exc


def _gist(exc: BaseException) -> str:
    """The first sentence of a library's error, on one line (torch's run to a paragraph)."""
    text = " ".join(str(exc).split()).split(". ")[0]
    return text or "no message"


def load_checkpoint(path: str | Path, players: int | None = None) -> dict[str, Any]:
    """The checkpoint dict, loaded on the CPU with `weights_only=True`; refuses other formats and specs with a
    CheckpointError (a ValueError) whose message starts with the path. With `players`, a checkpoint that plays
    another network at that table size (its "by_size") gives that network's "model" and "state_dict" instead."""
    data = torch_load(Path(path), path)
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        raise CheckpointError(f"{path}: not a citadels-env policy checkpoint (no format {CHECKPOINT_FORMAT!r})")
    if data.get("spec_version") != SPEC_VERSION:
        raise SpecMismatchError(
            f"{path}: trained for observation/action spec {data.get('spec_version')!r}, but this installation "
            f"uses {SPEC_VERSION!r}; retrain the policy or install the citadels-env version it was trained with")
    entry = _by_size(path, data).get(players) if players is not None else None
    if entry is not None:
        data = {**data, "model": entry["model"], "state_dict": entry["state_dict"]}
    return data


def _by_size(path: str | Path, data: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """A checkpoint's "by_size" entries (none: {}), each checked to be a table size with a model and weights."""
    entries = data.get("by_size") or {}
    if not isinstance(entries, dict):
        raise CheckpointError(f"{path}: its 'by_size' is not a map of table sizes to networks")
    for n, entry in entries.items():
        if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise CheckpointError(f"{path}: 'by_size' names {n!r}, not a table size from {MIN_PLAYERS} to "
                                  f"{MAX_PLAYERS}")
        if not isinstance(entry, dict) or not isinstance(entry.get("model"), dict) or not isinstance(
                entry.get("state_dict"), dict):
            raise CheckpointError(f"{path}: its network for {n} players has no 'model' spec or 'state_dict'")
    return entries


def _network(path: str | Path, model: Any, state: Any, what: str | None = None) -> PolicyNet:
    """The network of a model spec and its weights, in eval mode; a CheckpointError naming `path` if they do not
    build or fit."""
    if not isinstance(model, dict) or not isinstance(state, dict):
        raise CheckpointError(f"{path}: a citadels-env checkpoint without its 'model' spec or 'state_dict'")
    try:
        net = PolicyNet(**model)
        net.load_state_dict(state)
    except (TypeError, ValueError, RuntimeError) as exc:
        whose = "its weights do not fit its network" if what is None else f"the weights of its {what} do not fit it"
        raise CheckpointError(f"{path}: {whose} {model} ({_gist(exc)})") from exc
    net.eval()
    return net


def load_policy(path: str | Path, players: int | None = None) -> tuple[PolicyNet, dict[str, Any]]:
    """The network of a checkpoint (with `players`: the one it plays at that table size), in eval mode; a network
    spec that does not build, or weights that do not fit it, is a CheckpointError naming the file."""
    data = load_checkpoint(path, players)
    return _network(path, data.get("model"), data.get("state_dict")), data


def load_sized(path: str | Path, data: dict[str, Any]) -> dict[int, PolicyNet]:
    """The networks a loaded checkpoint plays at particular table sizes instead of its main one (none: {})."""
    return {n: _network(path, e["model"], e["state_dict"], f"{n}-player network")
            for n, e in sorted(_by_size(path, data).items())}


def widened_for_history(state_dict: dict[str, torch.Tensor], net: PolicyNet) -> dict[str, torch.Tensor]:
    """The weights of a network without history features, made to fit `net`, the same network reading them: the first
    layer gets zero weights for the new inputs, so `net` starts with the checkpoint's outputs (to float32 rounding)."""
    if not net.history:
        raise ValueError("the network to fit reads no history features")
    key = "trunk.0.weight"
    weight = state_dict[key]
    missing = net.input_size - weight.shape[1]
    if missing != HISTORY_SIZE:
        raise ValueError(f"the checkpoint's network reads {weight.shape[1]} inputs, not the {net.input_size} "
                         f"of this one less its {HISTORY_SIZE} history features")
    return {**state_dict, key: torch.cat([weight, weight.new_zeros(weight.shape[0], missing)], dim=1)}


class PolicyAgent(Agent):
    """Plays a trained policy: samples from the masked policy (or takes its most likely action with greedy=True).

    `temp=T` samples every decision from the policy at temperature T (softmax of logits / T; greedy is ignored);
    `draft_temp=T` samples the character draft at temperature T, `target_temp=T` the characters named as targets (the
    Assassin's kill, the Thief's theft, the Witch's spell, the warrants and the threats: `TARGET_KINDS`), and the rest
    is played as `greedy` says.
    Why: greedy picks and greedy targets are predictable, and an opponent who studies the bot robs the character it
    will hold and keeps clear of the one it will name (docs/EXPLOITABILITY.md).

    `sized` gives table sizes networks of their own (a checkpoint's "by_size"); `net` plays the other sizes. `net`
    is always the network of the current table: `reset` and each decision choose it."""

    name = "policy"

    def __init__(self, net: PolicyNet, greedy: bool = False, seed: int | None = None,
                 reward: str | None = None, temp: float | None = None, draft_temp: float | None = None,
                 target_temp: float | None = None, sized: dict[int, PolicyNet] | None = None) -> None:
        for key, value in (("temp", temp), ("draft_temp", draft_temp), ("target_temp", target_temp)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | float) or value <= 0):
                raise ValueError(f"{key} must be a number > 0, got {value!r}")
        self.net = self.main = net
        #: Table size -> the network played there instead of `main`.
        self.sized = dict(sized or {})
        self.greedy = greedy
        self.temp = None if temp is None else float(temp)
        self.draft_temp = None if draft_temp is None else float(draft_temp)
        self.target_temp = None if target_temp is None else float(target_temp)
        self.generator = torch.Generator().manual_seed(seed or 0)
        #: The reward scheme it was trained on (from the checkpoint's config), None when unknown.
        self.reward = reward

    @classmethod
    def from_checkpoint(cls, path: str | Path, greedy: bool = False, seed: int | None = None,
                        temp: float | None = None, draft_temp: float | None = None,
                        target_temp: float | None = None) -> PolicyAgent:
        net, meta = load_policy(path)
        config = meta.get("config")
        reward = config.get("reward") if isinstance(config, dict) else None
        agent = cls(net, greedy=greedy, seed=seed, reward=reward if isinstance(reward, str) else None, temp=temp,
                    draft_temp=draft_temp, target_temp=target_temp, sized=load_sized(path, meta))
        agent.name = Path(path).stem
        return agent

    def fork(self, seed: int | None = None) -> PolicyAgent:
        """Another agent playing this one's network (shared, not copied) the same way, with a generator of its own:
        many seats of one network without loading its checkpoint for each (training/opponents.py)."""
        agent = type(self)(self.main, greedy=self.greedy, seed=seed, reward=self.reward, temp=self.temp,
                           draft_temp=self.draft_temp, target_temp=self.target_temp, sized=self.sized)
        agent.name = self.name
        return agent

    def networks(self) -> list[PolicyNet]:
        """Every network this agent may play: the main one, then those of particular table sizes."""
        return [self.main, *self.sized.values()]

    def play_size(self, players: int) -> PolicyNet:
        """Make `net` the network of a table of `players` and return it."""
        self.net = self.sized.get(players, self.main)
        return self.net

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        self.play_size(config.players)
        if seed is not None:
            self.generator.manual_seed(seed)

    def inputs(self, decision: Decision) -> tuple[torch.Tensor, torch.Tensor]:
        """The network's input for this decision (agents/net_inputs.py) and the legal mask, each as a batch of one."""
        self.play_size(decision.num_players)
        return (torch.from_numpy(decision_input(self.net, decision)).unsqueeze(0),
                torch.from_numpy(decision.action_mask.astype(bool)).unsqueeze(0))

    @torch.no_grad()
    def probabilities(self, decision: Decision) -> dict[Action, float]:
        """The policy's probability of each legal answer (what `act` samples from)."""
        inputs = self.inputs(decision)  # (first: it chooses `net` for the table)
        probs = torch.softmax(self.net.logits(*inputs)[0], -1)
        return {a: float(probs[decision.to_flat(a)]) for a in decision.legal}

    @torch.no_grad()
    def act(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        inputs = self.inputs(decision)
        logits = self.net.logits(*inputs)[0]
        temp = self.temperature(decision.kind)
        if temp == 0.0:
            index = int(torch.argmax(logits))
        else:
            index = int(torch.multinomial(torch.softmax(logits / temp, -1), 1, generator=self.generator))
        return decision.to_action(index)

    def temperature(self, kind: str | None) -> float:
        """The temperature of a decision of this kind (0: greedy; the options in the class doc)."""
        if self.temp is not None:
            return self.temp
        if self.draft_temp is not None and is_draft(kind):
            return self.draft_temp
        if self.target_temp is not None and kind in TARGET_KINDS:
            return self.target_temp
        return 0.0 if self.greedy else 1.0


#: The decisions that name a character as a target: the Assassin's kill, the Thief's theft, the Witch's spell, the
#: Magistrate's warrants and the Blackmailer's threats.
TARGET_KINDS = frozenset({"kill", "rob", "bewitch", "warrant", "threat"})


def is_draft(kind: str | None) -> bool:
    """Whether a decision kind is a pick of the character draft (`draft_keep`, `draft_discard`: docs/CORE.md)."""
    return kind is not None and kind.startswith("draft_")


def shipped(name: str) -> Path:
    """Path of a checkpoint shipped in agents/zoo/ (`ppo` is the file of the version it stands for: `ALIASES`)."""
    return ZOO / f"{ALIASES.get(name, name)}.pt"
