"""Stable-Baselines3 models as agents: a MaskablePPO `.zip` (training/sb3.py), loaded without unpickling anything.

SB3's own `MaskablePPO.load` decodes the cloudpickled values of the archive's `data` entry, so a model someone sends
you could run any code on loading. `load_actor` never unpickles:

- `policy.pth` (the policy's state_dict) is read with `torch.load(weights_only=True)`: tensors and plain data only;
- `data` is parsed as JSON only, for plain fields (the `activation_fn` that SB3 writes out as a class name string
  beside its pickled `policy_kwargs`, the spaces' sizes); its `:serialized:` blobs are never decoded;

and rebuilds the actor of sb3-contrib's MlpPolicy as plain torch modules, with the layer sizes taken from the tensors:
flatten -> `mlp_extractor.policy_net` (Linear + activation per layer) -> `action_net`, then masked logits. The value
network is not needed to play. Anything else (a custom features extractor or network, an activation it does not
know, missing entries) is refused with a CheckpointError naming the file; `convert_trusted` rewrites a model you trust
into the safe layout.

`SB3Agent` plays a live, in-process model (training/sb3.py's learner and snapshots); `SB3PolicyAgent` plays a file.
"""

from __future__ import annotations

import io
import json
import zipfile
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from citadels_env.core import Action, GameConfig
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE, SPEC_VERSION

from .base import Agent, Decision
from .policy import CheckpointError, SpecMismatchError, torch_load

#: The activations the safe loader rebuilds, by the class name SB3 writes into `data` (default arguments only).
ACTIVATIONS: dict[str, type[nn.Module]] = {
    f"<class 'torch.nn.modules.activation.{cls.__name__}'>": cls
    for cls in (nn.Tanh, nn.ReLU, nn.LeakyReLU, nn.ELU, nn.SiLU, nn.GELU, nn.Sigmoid)}
FLATTEN_EXTRACTOR = "<class 'stable_baselines3.common.torch_layers.FlattenExtractor'>"
#: policy_kwargs that do not change how the MlpPolicy acts on a flat Box observation (optimiser, initialisation...).
_INERT_KWARGS = frozenset({"net_arch", "normalize_images", "share_features_extractor", "ortho_init",
                           "optimizer_class", "optimizer_kwargs"})
_POLICY_NET, _VALUE_PREFIXES = "mlp_extractor.policy_net.", ("mlp_extractor.value_net.", "value_net.")


def _convert_hint(path: str | Path) -> str:
    return (f"if you trust the file, rewrite it in the safe layout with agents.sb3_agent.convert_trusted("
            f"{str(path)!r}, 'OUT.zip') (which unpickles it with SB3's own loader) and load OUT.zip")


def spec_file(path: str | Path) -> Path:
    """The side file that records the observation/action spec a model was trained on."""
    return Path(str(path) + ".spec.json")


class MaskableActor(nn.Module):
    """The acting half of sb3-contrib's MaskableActorCriticPolicy (MlpPolicy), as plain torch modules with the same
    parameter names: `policy_net` (Linear + activation per hidden layer) then `action_net`."""

    def __init__(self, sizes: list[int], activation: type[nn.Module] = nn.Tanh) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        for inputs, outputs in pairwise(sizes):
            layers += [nn.Linear(inputs, outputs), activation()]
        self.sizes, self.activation = list(sizes), activation
        self.policy_net = nn.Sequential(*layers)
        self.action_net = nn.Linear(sizes[-1], NUM_ACTIONS)

    def logits(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Masked logits of a batch of observations: illegal actions get -inf."""
        return self.action_net(self.policy_net(obs.flatten(1).float())).masked_fill(~mask, float("-inf"))

    def probs(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Action probabilities, as MaskablePPO's masked categorical distribution gives them."""
        return torch.softmax(self.logits(obs, mask), dim=-1)


def load_actor(path: str | Path) -> MaskableActor:
    """The actor of a MaskablePPO `.zip`, rebuilt without unpickling (module docstring). Raises CheckpointError (a
    ValueError; SpecMismatchError for another observation/action spec) whose message starts with the path."""
    _check_side_spec(path)
    data, state = _read_zip(path)
    activation = _check_data(path, data)
    sizes, actor_state = _actor_weights(path, state)
    actor = MaskableActor(sizes, activation)
    actor.load_state_dict(actor_state)
    return actor.eval()


def _check_side_spec(path: str | Path) -> None:
    side = spec_file(path)
    if not side.exists():
        return
    try:
        spec = json.loads(side.read_text()).get("spec_version")
    except (ValueError, AttributeError) as exc:
        raise CheckpointError(f"{path}: its spec file {side.name} is not a JSON object ({exc})") from exc
    if spec != SPEC_VERSION:
        raise SpecMismatchError(f"{path}: trained for observation/action spec {spec!r}, but this installation uses "
                                f"{SPEC_VERSION!r}")


def _read_zip(path: str | Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The `data` entry as JSON and the `policy.pth` state_dict, weights only."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            missing = [name for name in ("data", "policy.pth") if name not in names]
            if missing:
                raise CheckpointError(f"{path}: not a Stable-Baselines3 model: the archive has no "
                                      f"{' or '.join(missing)} entry")
            raw_data, raw_policy = archive.read("data"), archive.read("policy.pth")
    except (CheckpointError, OSError):
        raise
    except Exception as exc:  # zipfile's and zlib's errors for a truncated or foreign file
        reason = " ".join(str(exc).split()) or "no message"
        raise CheckpointError(f"{path}: not a readable .zip model (truncated, or not a zip archive: "
                              f"{type(exc).__name__}: {reason})") from exc
    try:
        data = json.loads(raw_data.decode("utf-8"))
    except ValueError as exc:
        raise CheckpointError(f"{path}: its data entry is not JSON ({exc})") from exc
    state = torch_load(io.BytesIO(raw_policy), path, what="policy.pth entry")
    if not isinstance(data, dict):
        raise CheckpointError(f"{path}: its data entry is not a JSON object")
    if not isinstance(state, dict) or not all(isinstance(v, torch.Tensor) for v in state.values()):
        raise CheckpointError(f"{path}: its policy.pth entry is not a state_dict of tensors")
    return data, state


def _check_data(path: str | Path, data: dict[str, Any]) -> type[nn.Module]:
    """The activation, from `data`'s plain fields; refuses what the rebuilt MlpPolicy would not reproduce."""
    kwargs = _plain(path, data, "policy_kwargs")
    activation = kwargs.get("activation_fn", next(iter(ACTIVATIONS)))  # SB3's default: Tanh
    if not isinstance(activation, str) or activation not in ACTIVATIONS:
        known = ", ".join(cls.__name__ for cls in ACTIVATIONS.values())
        raise CheckpointError(f"{path}: cannot load safely: activation {activation!r} is not one of {known}; "
                              f"{_convert_hint(path)}")
    extractor = kwargs.get("features_extractor_class", FLATTEN_EXTRACTOR)
    if extractor != FLATTEN_EXTRACTOR or kwargs.get("features_extractor_kwargs"):
        raise CheckpointError(f"{path}: cannot load safely: features extractor {extractor!r} with "
                              f"{kwargs.get('features_extractor_kwargs')!r}; only the MlpPolicy's flatten is rebuilt")
    unknown = sorted(k for k in kwargs if not k.startswith(":") and k not in _INERT_KWARGS | {
        "activation_fn", "features_extractor_class", "features_extractor_kwargs"})
    if unknown:
        raise CheckpointError(f"{path}: cannot load safely: policy_kwargs {unknown} are unknown to the safe loader; "
                              f"{_convert_hint(path)}")
    shape = _plain(path, data, "observation_space").get("_shape", [OBS_SIZE])
    actions = _plain(path, data, "action_space").get("n", NUM_ACTIONS)
    if shape != [OBS_SIZE] or str(actions) != str(NUM_ACTIONS):
        raise SpecMismatchError(f"{path}: spaces Box({shape}) / Discrete({actions}) do not match this "
                                f"installation's Box([{OBS_SIZE}]) / Discrete({NUM_ACTIONS})")
    return ACTIVATIONS[activation]


def _plain(path: str | Path, data: dict[str, Any], key: str) -> dict[str, Any]:
    """`data[key]` as a dict of its plain fields (SB3 writes a pickled value's first-level fields beside the blob);
    {} when absent."""
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise CheckpointError(f"{path}: {key} in its data entry is not a JSON object")
    return value


def _actor_weights(path: str | Path, state: dict[str, torch.Tensor]) -> tuple[list[int], dict[str, torch.Tensor]]:
    """Layer sizes and the MaskableActor state_dict read off SB3's policy state_dict; any parameter outside the
    MlpPolicy's actor and value networks (a custom network) is refused."""
    actor: dict[str, torch.Tensor] = {}
    sizes = [OBS_SIZE]
    index = 0
    while f"{_POLICY_NET}{index}.weight" in state:
        weight, bias = state[f"{_POLICY_NET}{index}.weight"], state.get(f"{_POLICY_NET}{index}.bias")
        if weight.dim() != 2 or bias is None or tuple(bias.shape) != (weight.shape[0],):
            raise CheckpointError(f"{path}: policy layer {index} has weight {tuple(weight.shape)} and bias "
                                  f"{None if bias is None else tuple(bias.shape)}; not an MlpPolicy layer")
        if weight.shape[1] != sizes[-1]:
            what = "observation" if index == 0 else "previous layer"
            error = SpecMismatchError if index == 0 else CheckpointError
            raise error(f"{path}: policy layer {index} takes {weight.shape[1]} inputs, the {what} has {sizes[-1]}")
        actor[f"policy_net.{index}.weight"], actor[f"policy_net.{index}.bias"] = weight, bias
        sizes.append(int(weight.shape[0]))
        index += 2  # an activation (no parameters) sits between two Linear layers
    weight, bias = state.get("action_net.weight"), state.get("action_net.bias")
    if weight is None or bias is None:
        raise CheckpointError(f"{path}: cannot load safely: its policy has no action_net; not a MaskablePPO "
                              f"MlpPolicy")
    if tuple(weight.shape) != (NUM_ACTIONS, sizes[-1]) or tuple(bias.shape) != (NUM_ACTIONS,):
        raise SpecMismatchError(f"{path}: its action_net maps {tuple(weight.shape)[1:]} features to "
                                f"{tuple(weight.shape)[:1]} actions; this installation has {NUM_ACTIONS} actions "
                                f"and the last layer {sizes[-1]} features")
    actor["action_net.weight"], actor["action_net.bias"] = weight, bias
    known = {f"{_POLICY_NET}{k.split('.', 1)[1]}" for k in actor if k.startswith("policy_net.")}
    other = sorted(k for k in state if k not in known and not k.startswith(("action_net.", *_VALUE_PREFIXES)))
    if other:
        raise CheckpointError(f"{path}: cannot load safely: its policy has parameters outside the MlpPolicy "
                              f"({', '.join(other[:4])}{', ...' if len(other) > 4 else ''}): a custom network, "
                              f"which only SB3's own (unpickling) loader rebuilds")
    if not all(t.is_floating_point() for t in actor.values()):
        raise CheckpointError(f"{path}: its policy weights are not floating-point tensors")
    return sizes, actor


def convert_trusted(zip_path: str | Path, out_path: str | Path) -> Path:
    """Rewrite a MaskablePPO `.zip` that you TRUST into the safe layout that `agents.make` loads: a `.zip` with a
    plain-JSON `data` entry (the activation's name and the spaces) and a weights-only `policy.pth` holding the actor
    (the value network is dropped: the file plays, it does not train on). The input is loaded with SB3's own
    `MaskablePPO.load`, which unpickles it and so runs any code it carries: never call this on a file you did not
    make or do not trust. Its `.spec.json` side file is copied. Raises CheckpointError when the policy is not an
    MlpPolicy that `MaskableActor` can rebuild. Returns `out_path`."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(str(zip_path), device="cpu")
    policy = model.policy
    activation = _rebuildable_activation(policy)
    if activation is None:
        raise CheckpointError(f"{zip_path}: its policy is not an MlpPolicy the safe loader rebuilds "
                              f"(flatten, then Linear layers with one default-argument activation of "
                              f"{', '.join(c.__name__ for c in ACTIVATIONS.values())})")
    name = next(key for key, cls in ACTIVATIONS.items() if cls is activation)
    state = {k: v.detach().clone() for k, v in policy.state_dict().items()
             if k.startswith((_POLICY_NET, "action_net."))}
    data = {"policy_kwargs": {"activation_fn": name},
            "observation_space": {"_shape": list(model.observation_space.shape)},
            "action_space": {"n": int(model.action_space.n)},
            "converted_from": str(zip_path)}
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as archive:
        archive.writestr("data", json.dumps(data, indent=2))
        with archive.open("policy.pth", "w") as f:
            buffer = io.BytesIO()
            torch.save(state, buffer)
            f.write(buffer.getvalue())
    tmp.replace(out)
    if spec_file(zip_path).exists():
        spec_file(out).write_text(spec_file(zip_path).read_text())
    load_actor(out)  # the safe loader reads what was written
    return out


def _rebuildable_activation(policy: Any) -> type[nn.Module] | None:
    """The activation of a live MaskableActorCriticPolicy that `MaskableActor` reproduces exactly, else None."""
    from stable_baselines3.common.torch_layers import FlattenExtractor

    layers = list(getattr(getattr(policy, "mlp_extractor", None), "policy_net", []))
    linear, activations = layers[0::2], layers[1::2]
    kinds = {type(a) for a in activations}
    if (not isinstance(getattr(policy, "pi_features_extractor", None), FlattenExtractor)
            or not all(isinstance(m, nn.Linear) for m in linear) or len(activations) != len(linear)
            or len(kinds) > 1 or not kinds <= set(ACTIVATIONS.values())
            or any(repr(a) != repr(type(a)()) for a in activations)):  # default arguments only
        return None
    return kinds.pop() if kinds else nn.Tanh


class SB3PolicyAgent(Agent):
    """Plays a MaskablePPO `.zip` through its safely rebuilt actor: samples from the masked policy with its own
    seeded generator (reseeded by `reset(seed=...)`, so a seeded game replays), or takes the most likely action with
    deterministic=True."""

    name = "sb3"

    def __init__(self, actor: MaskableActor, deterministic: bool = False, seed: int | None = None) -> None:
        self.actor = actor
        self.deterministic = deterministic
        self.generator = torch.Generator().manual_seed(seed or 0)

    @classmethod
    def from_file(cls, path: str | Path, deterministic: bool = False, seed: int | None = None) -> SB3PolicyAgent:
        agent = cls(load_actor(path), deterministic=deterministic, seed=seed)
        agent.name = Path(path).stem
        return agent

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        if seed is not None:
            self.generator.manual_seed(seed)

    @torch.no_grad()
    def act(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        obs = torch.from_numpy(np.asarray(decision.observation, dtype=np.float32)).unsqueeze(0)
        mask = torch.from_numpy(decision.action_mask.astype(bool)).unsqueeze(0)
        probs = self.actor.probs(obs, mask)[0]
        if self.deterministic:
            index = int(torch.argmax(probs))
        else:
            index = int(torch.multinomial(probs, 1, generator=self.generator))
        return decision.to_action(index)


class SB3Agent(Agent):
    """Plays a live Stable-Baselines3 model object (anything with `predict(obs, action_masks=, deterministic=)`),
    such as training/sb3.py's learner. Files go through `SB3PolicyAgent`, which never unpickles."""

    name = "sb3"

    def __init__(self, model: Any, deterministic: bool = False, seed: int | None = None) -> None:
        self.model = model
        self.deterministic = deterministic
        if seed is not None:
            model.set_random_seed(seed)

    def act(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        action, _ = self.model.predict(decision.observation, action_masks=decision.action_mask.astype(bool),
                                       deterministic=self.deterministic)
        return decision.to_action(int(np.asarray(action).item()))
