"""The pull of a PPO run towards fixed networks: `coef` x KL(policy || anchor) over the decisions an anchor covers.

One anchor over every decision keeps a league's main near what it knew (the regularisation of magnetic mirror descent
and R-NaD). Scoped anchors hold parts of the play: `draft` (the character draft), `characters` (the draft and the
decisions that name a character as a target: the kill, the theft, the spell, the warrants, the threats), and their
complements `turns` and `other`; `tables` limits an anchor to some table sizes, and `gated` to the tables whose
opponents are all of some kinds (the run's `anchor_opponents`: True, those tables; False, the others). Two anchors,
one per part, distill two networks' parts into one network while it trains: issue 24's split bots showed that one
network's draft with another's turns can beat both (docs/TRAINING.md, "Where round four's gain sits"), and a bot that
ships is one network. Two anchors, one per kind of table, teach a network that reads history features to tell the
tables apart: one network's play at tables of rule bots, another's elsewhere (docs/TRAINING.md, "Telling the tables
apart"), or at any tables the run names by their opponents' ids.

Which decision a row is, and at how many players, is read from the observation itself (its one-hot of the decision
kind, its seats' "present" flags); who sat at the table is not in it, so the rollout keeps one flag per transition
for a gated anchor (`Rollout.anchored`, training/sampling.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from agents.policy import TARGET_KINDS, PolicyNet, is_draft, load_policy, masked_kl, masked_log_probs
from citadels_env.core.limits import MAX_PLAYERS
from citadels_env.encoding import DECISION, DECISION_KINDS, GLOBAL, PLAYER_BLOCK

#: The parts of the play an anchor can cover, each by the observation's columns (its one-hot of the decision kind)
#: that mark its decisions: the character draft, and the draft with the decisions that name a character as a target.
PART_COLUMNS = {
    "draft": torch.tensor([GLOBAL["decision"].start + DECISION[k] for k in DECISION_KINDS if is_draft(k)]),
    "characters": torch.tensor([GLOBAL["decision"].start + DECISION[k] for k in DECISION_KINDS
                                if is_draft(k) or k in TARGET_KINDS]),
}
#: Each part's complement, both ways: the scope of the decisions outside it.
COMPLEMENT = {"draft": "turns", "characters": "other"}
COMPLEMENT.update({rest: part for part, rest in COMPLEMENT.items()})
SCOPES = ("all", *COMPLEMENT)
#: The observation's "present" column of each seat's block: their sum is the number of players at the table.
PRESENT_COLUMNS = torch.tensor([GLOBAL.size + k * PLAYER_BLOCK.size + PLAYER_BLOCK["present"].start
                                for k in range(MAX_PLAYERS)])


@dataclass
class Anchor:
    """A frozen network the policy is kept near over the decisions of `scope` at the table sizes `tables` (None:
    every size), with weight `coef`; `gated` True covers only the rows flagged as the run's anchor tables, False only
    the others, None every row."""

    net: PolicyNet
    coef: float
    scope: str = "all"
    tables: list[int] | None = None
    gated: bool | None = None

    @classmethod
    def load(cls, field: str, path: str, policy: PolicyNet, coef: float, scope: str = "all",
             tables: list[int] | None = None, device: str | torch.device = "cpu",
             gated: bool | None = None, players: int | None = None) -> Anchor:
        """The checkpoint at `path` as an anchor of `policy` (with `players`: its network for that table size);
        `field` names the config field in errors."""
        if scope not in SCOPES:
            raise ValueError(f"{field}: scope {scope!r} is not one of {', '.join(SCOPES)}")
        net, _ = load_policy(path, players)
        if net.beliefs != policy.beliefs:
            raise ValueError(f"{field}: {path} reads {'' if net.beliefs else 'no '}belief features; "
                             "the policy trained here must read the same")
        if net.history and not policy.history:
            raise ValueError(f"{field}: {path} reads history features; the policy trained here must too")
        return cls(net.to(device), coef, scope, tables, gated)

    def rows(self, obs: torch.Tensor, flagged: torch.Tensor | None = None) -> torch.Tensor:
        """Which rows of `obs` (encoded observations) this anchor covers; `flagged` marks the rows played at the
        run's anchor tables (needed when the anchor is gated)."""
        rows = torch.ones(len(obs), dtype=torch.bool, device=obs.device)
        if self.gated is not None:
            if flagged is None:
                raise ValueError("a gated anchor needs each row's table flag")
            rows &= flagged if self.gated else ~flagged
        if self.scope != "all":
            part = self.scope if self.scope in PART_COLUMNS else COMPLEMENT[self.scope]
            inside = obs[:, PART_COLUMNS[part].to(obs.device)].sum(-1) > 0
            rows &= inside if part == self.scope else ~inside
        if self.tables is not None:
            players = obs[:, PRESENT_COLUMNS.to(obs.device)].sum(-1).round().long()
            rows &= torch.isin(players, torch.tensor(self.tables, device=obs.device))
        return rows

    def kl(self, logp: torch.Tensor, obs: torch.Tensor, masks: torch.Tensor,
           flagged: torch.Tensor | None = None) -> torch.Tensor:
        """Mean KL(policy || anchor) over the rows this anchor covers (0 when there are none), over their legal
        actions only; `logp` is the policy's masked log-probabilities of those rows, `flagged` as in `rows`."""
        rows = self.rows(obs, flagged)
        if not rows.any():
            return logp.new_zeros(())
        if not rows.all():
            logp, obs, masks = logp[rows], obs[rows], masks[rows]
        with torch.no_grad():  # (an anchor without the history features reads the input without them: its start)
            anchor_logits, _ = self.net(obs[:, :self.net.input_size], masks, None)
            anchor_logp = masked_log_probs(anchor_logits)
        return masked_kl(logp, anchor_logp).mean()
