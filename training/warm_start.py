"""Behaviour cloning before PPO (`bc_games` > 0 in training/ppo.py): every seat of `bc_games` games is played by
`bc_agent`; the policy learns its choices and the value head each seat's final reward, so that PPO starts from a
policy that already plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import torch

import agents
from agents.base import Decision
from agents.net_inputs import GameInputs
from citadels_env.core import Game
from citadels_env.encoding import legal_mask
from citadels_env.rewards import final_rewards
from training.imitate import clone_step

if TYPE_CHECKING:
    from training.ppo import Trainer


def warm_start(trainer: Trainer, progress: bool = True) -> dict[str, float]:
    """Behaviour cloning: every seat of `bc_games` games is played by `bc_agent`; the policy learns its choices
    (decisions with a single legal answer are skipped) and the value head the seat's final reward."""
    from tqdm import tqdm

    cfg = trainer.cfg
    n = cfg.players
    obs, masks, acts, rets = [], [], [], []
    for k in tqdm(range(cfg.bc_games), desc="imitation games", disable=not progress, unit="game"):
        seed = cfg.seed * 7_000_003 + k
        game = Game(trainer.game_config, seed)
        inputs = GameInputs(game)
        bots = [agents.make(cfg.bc_agent, seed=seed * 16 + s) for s in range(n)]
        for s, bot in enumerate(bots):
            bot.reset(s, trainer.game_config, seed * 16 + s)
        seats = []
        while not game.is_over:
            d = Decision(game)
            action = bots[d.seat].act(d)
            if len(d.legal) > 1:
                o = inputs(trainer.net, d.seat)
                obs.append(o.astype(np.float16))
                masks.append(legal_mask(game, d.seat).astype(bool))
                acts.append(d.to_flat(action))
                seats.append(d.seat)
            game.apply(action)
        final = final_rewards(game, cfg.reward)
        rets += [final[s] for s in seats]
    torch.set_num_threads(cfg.threads)
    net, dev = trainer.learner, trainer.device  # the network the update trains (a GPU copy where `device` says so)
    net.train()
    obs_t = torch.from_numpy(np.stack(obs)).to(dev)
    mask_t = torch.from_numpy(np.stack(masks)).to(dev)
    act_t = torch.tensor(acts, device=dev)
    ret_t = torch.tensor(rets, dtype=torch.float32, device=dev)
    count = len(acts)
    stats: dict[str, float] = {}
    for _ in tqdm(range(cfg.bc_epochs), desc="imitation epochs", disable=not progress):
        order = torch.from_numpy(trainer.rng.permutation(count)).to(dev)
        correct = total_loss = 0.0
        for start in range(0, count, cfg.minibatch_size):
            mb = order[start:start + cfg.minibatch_size]
            pi_loss, v_loss, right = clone_step(net, trainer.optimizer, obs_t[mb].float(), mask_t[mb],
                                                act_t[mb], ret_t[mb], cfg.vf_coef, cfg.max_grad_norm)
            correct += right
            total_loss += (pi_loss + cfg.vf_coef * v_loss) * len(mb)
        stats = {"bc/loss": total_loss / count, "bc/accuracy": correct / count, "bc/samples": float(count)}
    trainer.learned()
    return stats
