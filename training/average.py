"""The weight average of several policy checkpoints of one shape (a "model soup", Wortsman et al. 2022): networks
fine-tuned from the same start often stay in one basin, and their average plays as one network. Issue 24 used it on
the training seeds of one recipe, whose networks each had holes of their own (docs/TRAINING.md, "Training against a
reader").

    python -m training.average OUT.pt NET.pt NET.pt [...]

Each input loads as any checkpoint (`weights_only=True`, spec version checked); they must share the model spec. The
output is a plain policy checkpoint (`agents.make("OUT.pt")`) that records what it averaged.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agents.policy import PolicyNet, load_checkpoint, save_checkpoint


def average(out: str | Path, paths: list[str]) -> Path:
    """Write the mean of the weights of `paths` (two or more checkpoints of one model spec) to `out`."""
    if len(paths) < 2:
        raise ValueError(f"average needs two checkpoints or more, got {len(paths)}")
    data = [load_checkpoint(p) for p in paths]
    for p, d in zip(paths, data, strict=True):
        if d.get("by_size"):  # its other networks would be dropped without a word
            raise ValueError(f"{p}: plays other networks at particular table sizes (by_size); average the "
                             "checkpoints it was made from instead")
    spec = data[0]["model"]
    for p, d in zip(paths[1:], data[1:], strict=True):
        if d["model"] != spec:
            raise ValueError(f"{p}: model {d['model']} differs from {paths[0]}'s {spec}")
    first = data[0]["state_dict"]
    mean = {k: (sum(d["state_dict"][k].double() for d in data) / len(data)).to(v.dtype) for k, v in first.items()}
    net = PolicyNet(**spec)
    net.load_state_dict(mean)
    save_checkpoint(out, net, averaged=[str(p) for p in paths])
    return Path(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The weight average of policy checkpoints of one shape.")
    parser.add_argument("out", help="the checkpoint to write (.pt)")
    parser.add_argument("checkpoints", nargs="+", help="two or more checkpoints of one model spec")
    args = parser.parse_args(argv)
    try:
        print(average(args.out, args.checkpoints))
    except ValueError as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")


if __name__ == "__main__":
    main()
