"""How far networks' priors stand from the search's answers in expert-iteration data.

    python benchmarks/expert_agreement.py --data runs/expert_v7_4p/data --net agents/zoo/ppo-v7.pt \
        --net runs/expert_v7_4p/checkpoints/final.pt [--chunks 8] [--players 4] [--mass 0.9] [--out FILE]

`--data` is the `data/` folder of a `python -m training.expert` run: chunks of the teacher's decisions, each with the
network's input, the legal answers and the search's visit shares (training/expert.py). For each `--net` (a checkpoint
file; a file of several table sizes is read at `--players`) this prints, over the decisions of the first `--chunks`
chunks: the mean entropy of its prior, how often its likeliest answer is the search's most visited one (at all the
decisions, and at those whose visit shares spread over more than one answer), how often its likeliest answer alone
holds `--mass` of the prior, and the mean KL(search || prior). A decision that `ppo+ismcts:mass=M` answers without a
search is saved with all of its share on the prior's answer, so only the spread decisions say where the search and
the prior part (a search that put every visit on one answer counts among the others).

Why: expert iteration moves the prior towards the search; when the search already agrees with the prior at most
decisions, a fit can only move the few others, and the search it then guides can hardly change (docs/TRAINING.md,
"Item 6, tenth pass"). The figures say how far a fit moved before any game is played with it. A chunk a fit learned
from is not held out: read these as how far the fit moved, not as how well it generalises.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.policy import CheckpointError, load_policy, masked_log_probs
from training.config import OneLineParser, write_json


def load_decisions(folder: Path, chunks: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(inputs, legal masks, visit shares) of the first `chunks` chunks; ValueError names what was wrong."""
    files = sorted(folder.glob("round*_*.npz"))[:chunks]
    if not files:
        raise ValueError(f"no chunks (round*_*.npz) in {folder}")
    obs, masks, targets = [], [], []
    for path in files:
        with np.load(path, allow_pickle=False) as data:
            missing = {"obs", "masks", "targets"} - set(data.files)
            if missing:
                raise ValueError(f"{path}: not a chunk of training/expert.py (no {', '.join(sorted(missing))})")
            obs.append(data["obs"])
            masks.append(data["masks"])
            targets.append(data["targets"])
    shares = torch.from_numpy(np.concatenate(targets).astype(np.float32))
    legal = np.unpackbits(np.concatenate(masks), axis=1, count=shares.shape[1]).astype(bool)
    return torch.from_numpy(np.concatenate(obs).astype(np.float32)), torch.from_numpy(legal), shares


def _entropy(p: torch.Tensor) -> torch.Tensor:
    return -(p * torch.log(p.clamp_min(1e-12))).sum(1)


def _spread(shares: torch.Tensor) -> torch.Tensor:
    """The decisions whose visit shares are on more than one answer (shares are saved as float16)."""
    return shares.max(1).values < 0.999


def measure(net: torch.nn.Module, obs: torch.Tensor, legal: torch.Tensor, shares: torch.Tensor,
            mass: float) -> dict[str, float]:
    """The prior's figures against the search's shares at these decisions (module docstring)."""
    with torch.no_grad():
        logp = masked_log_probs(net.logits(obs, legal))
    p = logp.exp()
    kl = torch.where(shares > 0, shares * (torch.log(shares.clamp_min(1e-12)) - logp), torch.zeros_like(p)).sum(1)
    agree = (p.argmax(1) == shares.argmax(1)).float()
    spread = _spread(shares)
    return {"entropy": float(_entropy(p).mean()),
            "agreement": float(agree.mean()),
            "agreement_spread": float(agree[spread].mean()) if spread.any() else None,
            "sure": float((p.max(1).values >= mass).float().mean()),
            "kl_search_prior": float(kl.mean())}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = OneLineParser(prog="expert_agreement.py", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="the data/ folder of an expert-iteration run")
    parser.add_argument("--net", type=Path, action="append", required=True, help="a checkpoint (repeat for more)")
    parser.add_argument("--chunks", type=int, default=8, help="chunks read, the first by name (default 8)")
    parser.add_argument("--players", type=int, default=4, help="the table size read from a file of several sizes")
    parser.add_argument("--mass", type=float, default=0.9, help="the prior mass of a sure answer (default 0.9)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    if args.chunks < 1:
        parser.error(f"--chunks must be at least 1, got {args.chunks}")
    if not 0 < args.mass <= 1:
        parser.error(f"--mass must be in (0, 1], got {args.mass}")
    if not args.data.is_dir():
        parser.error(f"not a folder: {args.data}")
    for path in args.net:
        if not path.is_file():
            parser.error(f"{'not a file' if path.exists() else 'no such file'}: {path}")
    torch.set_num_threads(1)
    try:
        obs, legal, shares = load_decisions(args.data, args.chunks)
        nets = {str(path): load_policy(path, args.players)[0].eval() for path in args.net}
        for name, net in nets.items():
            if net.input_size != obs.shape[1]:
                raise ValueError(f"{name} reads {net.input_size} inputs, the data's decisions have {obs.shape[1]}")
    except (ValueError, CheckpointError) as exc:
        print(f"expert_agreement.py: error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    result = {"data": str(args.data), "decisions": len(obs), "spread": int(_spread(shares).sum()), "mass": args.mass,
              "search_entropy": float(_entropy(shares).mean()),
              "nets": {name: measure(net, obs, legal, shares, args.mass) for name, net in nets.items()}}
    print(f"{result['decisions']} decisions of {args.data}, {result['spread']} with the visit shares spread; the "
          f"shares' entropy {result['search_entropy']:.3f}")
    print(f"| network | prior entropy | likeliest = search's | at the spread decisions | likeliest holds {args.mass:g} "
          "| KL(search || prior) |")
    print("|---|---|---|---|---|---|")
    for name, f in result["nets"].items():
        spread = "-" if f["agreement_spread"] is None else f"{100 * f['agreement_spread']:.1f} %"
        print(f"| {name} | {f['entropy']:.3f} | {100 * f['agreement']:.1f} % | {spread} | {100 * f['sure']:.1f} % | "
              f"{f['kl_search_prior']:.3f} |")
    write_json(args.out, result)
    return result


if __name__ == "__main__":
    main()
