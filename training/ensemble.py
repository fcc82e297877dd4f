"""A product of experts as one network: the policy whose logits are the weighted sum of several networks' logits, so
that it plays the weighted geometric mean of their policies, renormalised over the legal actions.

    python -m training.ensemble OUT.pt NET.pt NET.pt [...] [--weights 0.5,0.5]

Why one network and not an agent that asks each: every path that plays or trains against a checkpoint (the batched
opponents of training/ppo.py, `benchmarks/exploit.py --start own`, `citadels eval`) takes it as it takes any other.
It is exact, not an approximation: the networks' trunks sit side by side in one trunk `sum(hidden)` wide (the first
layers stacked, the later ones block-diagonal, so no unit reads another network's), and the policy and value heads
add the networks' heads times their weights. A network without history features reads them with zero weights (as
agents/policy.py's `widened_for_history` does). The value head is the weighted sum of the values.

Where a weight average (training/average.py) needs networks of one shape that stay in one basin, this takes any
networks of one depth; it costs their summed width at every decision.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import torch

from agents.policy import PolicyNet, load_policy, save_checkpoint, widened_for_history


def combine(nets: list[PolicyNet], weights: list[float]) -> PolicyNet:
    """The network whose logits (and value) are `sum(w * net's)` over `nets`, from the same input."""
    if len(nets) < 2 or len(weights) != len(nets):
        raise ValueError(f"an ensemble needs two networks or more and one weight each, got {len(nets)} and "
                         f"{len(weights)}")
    if any(w <= 0 for w in weights):
        raise ValueError(f"weights must be > 0, got {weights}")
    layers = {n.layers for n in nets}
    if len(layers) > 1:
        raise ValueError(f"the networks must have one depth, got {sorted(layers)} hidden layers")
    if len({n.beliefs for n in nets}) > 1:
        raise ValueError("the networks must all read belief features or none")
    if any(n.critic_size for n in nets):
        raise ValueError("a network with a centralised critic (its own value trunk) cannot be joined")
    history = any(n.history for n in nets)
    out = PolicyNet(hidden=sum(n.hidden for n in nets), layers=nets[0].layers, beliefs=nets[0].beliefs,
                    history=history)
    states = []
    for n in nets:
        state = n.state_dict()
        if history and not n.history:
            state = widened_for_history(state, PolicyNet(hidden=n.hidden, layers=n.layers, beliefs=n.beliefs,
                                                         history=True))
        states.append(state)
    new = {k: torch.zeros_like(v) for k, v in out.state_dict().items()}
    at = 0
    for state, n, w in zip(states, nets, weights, strict=True):
        rows = slice(at, at + n.hidden)
        for i in range(n.layers):
            key = f"trunk.{2 * i}"
            if i == 0:
                new[f"{key}.weight"][rows] = state[f"{key}.weight"]
            else:
                new[f"{key}.weight"][rows, rows] = state[f"{key}.weight"]
            new[f"{key}.bias"][rows] = state[f"{key}.bias"]
        for head in ("policy", "value"):
            new[f"{head}.weight"][:, rows] = w * state[f"{head}.weight"]
            new[f"{head}.bias"] += w * state[f"{head}.bias"]
        at += n.hidden
    out.load_state_dict(new)
    out.eval()
    return out


def ensemble(out: str | Path, paths: list[str], weights: list[float] | None = None) -> Path:
    """Write the ensemble of the checkpoints `paths` (equal weights unless given) to `out`."""
    weights = weights if weights is not None else [1.0 / len(paths)] * len(paths)
    nets = [load_policy(p)[0] for p in paths]
    save_checkpoint(out, combine(nets, weights), ensemble={"networks": [str(p) for p in paths],
                                                           "weights": list(weights)})
    return Path(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A product of experts as one network (training/ensemble.py).")
    parser.add_argument("out", help="the checkpoint to write (.pt)")
    parser.add_argument("checkpoints", nargs="+", help="two or more checkpoints of one depth")
    parser.add_argument("--weights", help="comma-separated weights, one per checkpoint (default: equal, summing to 1; "
                                          "a sum other than 1 sharpens or flattens the mean like an inverse "
                                          "temperature)")
    args = parser.parse_args(argv)
    weights = None
    if args.weights is not None:
        try:
            weights = [float(w) for w in args.weights.split(",")]
        except ValueError:
            parser.error(f"--weights: expected comma-separated numbers, got {args.weights!r}")
        if len(weights) != len(args.checkpoints) or any(w <= 0 for w in weights):
            parser.error(f"--weights: one number > 0 per checkpoint ({len(args.checkpoints)}), got {args.weights!r}")
    if len(args.checkpoints) < 2:
        parser.error("give two checkpoints or more")
    try:
        print(ensemble(args.out, args.checkpoints, weights))
    except (ValueError, OSError) as exc:
        parser.exit(1, f"{parser.prog}: error: {exc}\n")


if __name__ == "__main__":
    main()
