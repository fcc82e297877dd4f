"""TorchRL recipe: Citadels under TorchRL (0.14) with action masks, through either of our two APIs.

* **Multi-agent (AEC)**: `torchrl.envs.libs.pettingzoo.PettingZooWrapper` over `citadels_v0.env(...)` with
  `use_mask=True` (compulsory for turn-based envs) and `categorical_actions=True`. `PettingZooEnv` builds only the
  environments of PettingZoo's own catalogue, so the wrapper is the way in. With `group_map=ALL_IN_ONE_GROUP` every
  seat sits in one group, `"agents"`, stacked `[players, ...]`, so one network serves all seats. Per group:
  `("agents", "observation", "observation")` (float32 `[players, 2058]`), `("agents", "action_mask")` (bool
  `[players, 292]`: the legal actions of the seat on turn, all True for the others), `("agents", "mask")` (True only
  for the seat on turn; its action is the one played), `("agents", "reward")`. An episode ends when every seat is
  done (`done_on_any=False`, TorchRL's default for AEC), which in Citadels is the game's end: TorchRL then resets,
  it never sends PettingZoo's `None` dead steps.
* **Single agent (Gymnasium)**: `GymWrapper` over `citadels_env.gym_env.CitadelsEnv` (the opponents play inside
  the step), reading `info["action_mask"]` with an info reader, cast to bool and applied by `ActionMask`.

Either way TorchRL's random policy (`env.rollout` without a policy) samples only legal actions, and `masked_policy`
builds a small MLP whose logits go through `MaskedCategorical`. Run it: `python examples/torchrl_masked_rollout.py
--api aec --policy mlp --steps 500`. `tests/env/test_torchrl.py` runs these functions.
"""

from __future__ import annotations

import argparse
import time
import warnings

import torch
from tensordict import TensorDictBase
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.data import Categorical
from torchrl.envs import ActionMask, Compose, DTypeCastTransform, EnvBase, GymWrapper, TransformedEnv
from torchrl.envs.gym_like import default_info_dict_reader
from torchrl.envs.libs.pettingzoo import PettingZooWrapper
from torchrl.envs.utils import MarlGroupMapType
from torchrl.modules import MaskedCategorical, ProbabilisticActor

from citadels_env import citadels_v0
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE
from citadels_env.gym_env import CitadelsEnv

GROUP = "agents"  # the group name TorchRL gives ALL_IN_ONE_GROUP
APIS = ("aec", "gym")


def keys(api: str) -> tuple:
    """(observation, action mask, action) keys of the tensordicts for `api`: nested under the group for AEC (our
    observation is a dict, so TorchRL keeps its inner "observation" after taking "action_mask" out)."""
    if api == "aec":
        return (GROUP, "observation", "observation"), (GROUP, "action_mask"), (GROUP, "action")
    if api == "gym":
        return "observation", "action_mask", "action"
    raise ValueError(f"api must be one of {APIS}, got {api!r}")


def make_aec_env(players: int = 4, seed: int = 0,
                 group_map: MarlGroupMapType | dict | None = MarlGroupMapType.ALL_IN_ONE_GROUP,
                 **options) -> PettingZooWrapper:
    """The PettingZoo AEC env (with its classic wrapping: an illegal move ends the game, the offender gets -1) in
    TorchRL, every seat in one group by default (`keys` and `masked_policy` assume it); `group_map=None` gives
    TorchRL's AEC default, one group per seat (`"player_0"`, ...). `options` are `citadels_v0.env` options, except
    `info_text` (its list of strings cannot become a tensor)."""
    if options.get("info_text"):
        raise ValueError("info_text=True cannot go through TorchRL: infos must be tensors")
    with warnings.catch_warnings():  # TorchRL warns for every PettingZoo other than 1.24.3; it works with ours
        warnings.filterwarnings("ignore", message="PettingZoo in TorchRL is tested")
        return PettingZooWrapper(env=citadels_v0.env(players=players, **options), use_mask=True,
                                 categorical_actions=True, group_map=group_map, seed=seed)


def make_gym_env(players: int = 4, seed: int = 0, seat: int | str = "random", **options) -> TransformedEnv:
    """The single-agent Gymnasium env in TorchRL: the mask comes from `info`, as int8, and `ActionMask` needs bool."""
    base = GymWrapper(CitadelsEnv(players=players, seat=seat, **options), categorical_action_encoding=True)
    base.set_info_dict_reader(default_info_dict_reader(
        ["action_mask"], spec=[Categorical(2, shape=(NUM_ACTIONS,), dtype=torch.int8)]))
    env = TransformedEnv(base, Compose(DTypeCastTransform(torch.int8, torch.bool, in_keys=["action_mask"]),
                                       ActionMask()))
    env.set_seed(seed)
    return env


def make_env(api: str, players: int = 4, seed: int = 0, **options) -> EnvBase:
    """One entry point for the tests and `main`; an unknown `api` raises ValueError naming the choices."""
    keys(api)  # checks the name
    return make_aec_env(players, seed, **options) if api == "aec" else make_gym_env(players, seed, **options)


def masked_policy(api: str, hidden: int = 64) -> ProbabilisticActor:
    """A tiny MLP producing logits, sampled through `MaskedCategorical`: illegal actions get probability 0. For AEC
    it runs on all seats at once (parameter sharing); only the action of the seat on turn is played."""
    obs_key, mask_key, action_key = keys(api)
    logits_key = (GROUP, "logits") if api == "aec" else "logits"
    net = nn.Sequential(nn.Linear(OBS_SIZE, hidden), nn.Tanh(), nn.Linear(hidden, NUM_ACTIONS))
    module = TensorDictModule(net, in_keys=[obs_key], out_keys=[logits_key])
    return ProbabilisticActor(module, in_keys={"logits": logits_key, "mask": mask_key}, out_keys=[action_key],
                              distribution_class=MaskedCategorical, return_log_prob=True)


def rollout(env: EnvBase, steps: int, policy=None) -> TensorDictBase:
    """`steps` steps across game ends (TorchRL resets a finished game); no policy = TorchRL's masked random one."""
    return env.rollout(steps, policy=policy, break_when_any_done=False)


def collect(api: str, frames: int, policy=None, players: int = 4, seed: int = 0) -> TensorDictBase:
    """The same through TorchRL's `Collector` (0.14's name for SyncDataCollector), in one batch of `frames`."""
    with warnings.catch_warnings():  # importing torchrl.collectors 0.14 warns about its own weight updaters
        warnings.filterwarnings("ignore", message="Creating .* which inherits from WeightUpdaterBase",
                                category=DeprecationWarning)
        from torchrl.collectors import Collector
    collector = Collector(make_env(api, players, seed), policy, frames_per_batch=frames, total_frames=frames,
                          auto_register_policy_transforms=False)  # a feed-forward policy needs no env transform
    try:
        return next(iter(collector))
    finally:
        collector.shutdown()


def chosen_actions_legal(td: TensorDictBase, api: str) -> torch.Tensor:
    """Per step: was the action played legal under the mask of that step? (AEC: the seat on turn's action.)"""
    _, mask_key, action_key = keys(api)
    legal = td[mask_key].gather(-1, td[action_key].unsqueeze(-1)).squeeze(-1)
    if api == "aec":
        acting = td[GROUP, "mask"]
        return (legal | ~acting).all(-1) & (acting.sum(-1) == 1)
    return legal


def steps_per_second(api: str, steps: int, players: int = 4, seed: int = 0, policy: str = "random") -> float:
    """Environment steps per second of a rollout (AEC: one decision of one seat; Gym: one decision of the learner,
    the opponents' decisions included), after a short warm-up."""
    env = make_env(api, players, seed)
    actor = masked_policy(api) if policy == "mlp" else None
    rollout(env, 20, actor)
    start = time.perf_counter()
    rollout(env, steps, actor)
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", choices=APIS, default="aec")
    parser.add_argument("--policy", choices=("random", "mlp"), default="random")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch CPU threads: one env and a tiny MLP run fastest on one (8x on a loaded machine)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    env = make_env(args.api, args.players, args.seed)
    actor = masked_policy(args.api) if args.policy == "mlp" else None
    start = time.perf_counter()
    td = rollout(env, args.steps, actor)
    seconds = time.perf_counter() - start
    games = int(td["next", "done"].sum())
    legal = bool(chosen_actions_legal(td, args.api).all())
    print(f"{args.api} {args.policy}: {args.steps} steps, {games} games finished, all actions legal: {legal}, "
          f"{args.steps / seconds:.0f} steps/s")
    return 0 if legal else 1


if __name__ == "__main__":
    raise SystemExit(main())
