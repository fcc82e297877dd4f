"""The "hint" of the browser table: a trained policy's three favourite moves and its win-chance estimate.

Both come from the seat's own observation only (the policy network reads nothing else), so a hint never tells a
player more than they already know. The win chance is read from the network's value head when the checkpoint was
trained on the "win" reward (+1 to the winner, -1/(n-1) to the others): p = (v + 1/(n-1)) / (1 + 1/(n-1)).
"""

from __future__ import annotations

from typing import Any

import torch

from agents import Decision
from agents.policy import PolicyAgent


@torch.no_grad()
def win_chance(agent: PolicyAgent, decision: Decision) -> float | None:
    """The value head's estimate of this seat's chance to win, or None when the policy was not trained to win or its
    value head reads the hidden state (a centralised critic: never shown to a player)."""
    inputs = agent.inputs(decision)  # (first: it chooses the network of the table's size)
    if agent.reward != "win" or agent.net.critic_size:
        return None
    _, value = agent.net(*inputs)
    low = 1.0 / (decision.num_players - 1)
    return min(1.0, max(0.0, (float(value[0]) + low) / (1.0 + low)))


def advice(agent: PolicyAgent, decision: Decision, k: int = 3) -> dict[str, Any]:
    """{"moves": [(index in the legal list, probability), ...] best first, "win": float | None}."""
    priors = agent.probabilities(decision)
    order = sorted(range(len(decision.legal)), key=lambda i: -priors[decision.legal[i]])[:k]
    return {"moves": [(i, priors[decision.legal[i]]) for i in order], "win": win_chance(agent, decision)}
