"""The "hint" of the browser table: a trained policy's three favourite moves and its win-chance estimate.

Both come from the seat's own observation only (the policy network reads nothing else), so a hint never tells a
player more than they already know. The win chance is read from the network's value head when the checkpoint was
trained on the "win" reward (+1 to the winner, -1/(n-1) to the others): p = (v + 1/(n-1)) / (1 + 1/(n-1)).
"""

from __future__ import annotations

from typing import Any

from agents import Agent, Decision
from agents.guided import policy_priors


def win_chance(agent: Agent, decision: Decision) -> float | None:
    """The value head's estimate of this seat's chance to win, or None when the policy was not trained to win."""
    import numpy as np
    import torch

    from agents.beliefs import belief_features

    reward = getattr(agent, "reward", "win")
    if reward != "win":
        return None
    obs = decision.observation
    if agent.net.beliefs:
        obs = np.concatenate([obs, belief_features(decision.view)])
    if agent.net.critic_size:  # a centralised critic reads the hidden state: never use it for a hint
        return None
    with torch.no_grad():
        mask = torch.from_numpy(decision.action_mask.astype(bool)).unsqueeze(0)
        _, value = agent.net(torch.from_numpy(obs).unsqueeze(0), mask)
    low = 1.0 / (decision.num_players - 1)
    return float(min(1.0, max(0.0, (float(value[0]) + low) / (1.0 + low))))


def advice(agent: Agent, decision: Decision, k: int = 3) -> dict[str, Any]:
    """{"moves": [(index in the legal list, probability), ...] best first, "win": float | None}."""
    priors = policy_priors(agent, decision)
    order = sorted(range(len(decision.legal)), key=lambda i: -priors.get(decision.legal[i], 0.0))[:k]
    return {"moves": [(i, priors.get(decision.legal[i], 0.0)) for i in order], "win": win_chance(agent, decision)}
