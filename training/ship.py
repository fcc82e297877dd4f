"""Make a training checkpoint a shipped bot file: the weights, the network's shape and the facts of its training
(config, steps, learning curve), without the optimizer, the random generators' states or the snapshot pool.

    python -m training.ship runs/ppo_bots/checkpoints/final.pt --name ppo --version 3 \\
        --trained-by "citadels train --config configs/ppo_bots.yaml" [--out agents/zoo/ppo-v3.pt]

`--name ppo` writes agents/zoo/ppo-v<version>.pt: `ppo` is an alias of the version that ships (agents/policy.py
ALIASES), moved to the new file once it meets its bars.

The file loads like any checkpoint (`agents.make("agents/zoo/ppo-v6.pt")`, `weights_only=True`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agents.policy import ALIASES, ZOO, load_policy, save_checkpoint

#: What a shipped file keeps of a training checkpoint besides the weights.
KEPT = ("config", "env_steps", "learner_steps", "updates", "history", "rounds", "imitation", "expert", "averaged",
        "by_size", "by_size_sources")


def ship(source: str | Path, name: str, version: int, trained_by: str, out: str | Path | None = None) -> Path:
    """Write `out` from the checkpoint `source` (default agents/zoo/<name>.pt, or <name>-v<version>.pt for an alias
    such as `ppo`); returns its path."""
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"name must be letters, digits, - and _, got {name!r}")
    if type(version) is not int or version < 1:
        raise ValueError(f"version must be a positive integer, got {version!r}")
    net, data = load_policy(source)  # checks the format, the spec version and that the weights fit
    extra = {k: data[k] for k in KEPT if k in data}
    if "update" in data:
        extra["updates"] = data["update"]
    # `ppo` is an alias (agents/policy.py ALIASES): its versions ship as ppo-v<N>.pt, and the alias moves to one
    path = Path(out) if out is not None else ZOO / (f"{name}-v{version}.pt" if name in ALIASES else f"{name}.pt")
    save_checkpoint(path, net, name=name, version=version, trained_by=trained_by, **extra)
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Make a training checkpoint a shipped bot file (training/ship.py).")
    parser.add_argument("checkpoint", help="the training checkpoint (.pt)")
    parser.add_argument("--name", required=True, help="the bot's id, e.g. ppo")
    parser.add_argument("--version", type=int, required=True, help="the bot's version number")
    parser.add_argument("--trained-by", required=True, help="the command that trains it, for the record")
    parser.add_argument("--out", help="where to write it (default agents/zoo/NAME.pt; for ppo, agents/zoo/ppo-vVERSION.pt)")
    args = parser.parse_args(argv)
    print(ship(args.checkpoint, args.name, args.version, args.trained_by, args.out))


if __name__ == "__main__":
    main()
