"""A wider copy of a policy network that plays exactly as the original (Net2WiderNet, Chen et al. 2016, "Net2Net").

Why: issue 24's networks of one recipe all beat a search bot about equally often however long they train, and a
larger network is one lever left. Training a wide network from scratch throws away what the narrow one learned;
widening keeps it. Each new hidden unit copies an old unit's incoming weights; the old unit's outgoing weights are
split between it and its copies in random shares that sum to one, so every output is unchanged (up to float
rounding) while the copies, weighted differently downstream, get different gradients and grow apart.

    python -m training.widen OUT.pt NET.pt --hidden 768 [--seed 0]

The input is any plain policy checkpoint of `PolicyNet` (no `by_size` networks, no separate critic trunk); the
output is a plain policy checkpoint that `citadels train` can start from (`init_from`) and that records its source.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import torch

from agents.policy import PolicyNet, load_policy, save_checkpoint


def widen_net(net: PolicyNet, hidden: int, seed: int = 0) -> PolicyNet:
    """A copy of `net` with `hidden` units in every hidden layer (at least as many as it has) and the same outputs."""
    if net.critic_trunk is not None:
        raise ValueError("networks with a separate critic trunk are not widened (its value head reads another input)")
    old = net.hidden
    if hidden < old:
        raise ValueError(f"hidden must be at least the network's own {old}, got {hidden}")
    gen = torch.Generator().manual_seed(seed)
    # unit j of the wide layer copies unit source[j] of the narrow one; the first `old` units are themselves
    source = torch.cat([torch.arange(old), torch.randint(old, (hidden - old,), generator=gen)])
    wide = PolicyNet(hidden, net.layers, None, net.beliefs, net.history)
    share = None  # each unit's share of its source's outgoing weights, for the layer reading this one
    narrow_linears = [m for m in net.trunk if isinstance(m, torch.nn.Linear)]
    wide_linears = [m for m in wide.trunk if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for small, big in zip(narrow_linears, wide_linears, strict=True):
            weight = small.weight.double()[source]  # rows: the units, copied
            if share is not None:  # columns: the units of the layer below, their outputs split
                weight = weight[:, source] * share
            big.weight.copy_(weight.float())
            big.bias.copy_(small.bias[source])
            share = _shares(source, old, gen)
        for small, big in ((net.policy, wide.policy), (net.value, wide.value)):
            big.weight.copy_((small.weight.double()[:, source] * share).float())
            big.bias.copy_(small.bias)
    return wide.eval()


def _shares(source: torch.Tensor, old: int, gen: torch.Generator) -> torch.Tensor:
    """Random positive shares, one per wide unit, that sum to one over the copies of each narrow unit."""
    raw = 0.5 + torch.rand(len(source), generator=gen, dtype=torch.float64)  # in [0.5, 1.5): no copy gets ~nothing
    totals = torch.zeros(old, dtype=torch.float64).index_add_(0, source, raw)
    return raw / totals[source]


def widen(out: str | Path, path: str | Path, hidden: int, seed: int = 0) -> Path:
    """Write the checkpoint at `path` widened to `hidden` units a layer to `out`."""
    net, data = load_policy(path)  # a spec that does not build, or weights that do not fit it, name the file
    if data.get("by_size"):
        raise ValueError(f"{path}: plays other networks at particular table sizes (by_size); widen the checkpoints "
                         "it was made from instead")
    save_checkpoint(out, widen_net(net, hidden, seed), widened_from=str(path), widen_seed=seed)
    return Path(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A wider copy of a policy network that plays as the original.")
    parser.add_argument("out", help="the checkpoint to write (.pt)")
    parser.add_argument("checkpoint", help="a plain policy checkpoint")
    parser.add_argument("--hidden", type=int, required=True, help="units in each hidden layer of the copy")
    parser.add_argument("--seed", type=int, default=0, help="seed of the copied units and their shares")
    args = parser.parse_args(argv)
    try:
        print(widen(args.out, args.checkpoint, args.hidden, args.seed))
    except ValueError as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")


if __name__ == "__main__":
    main()
