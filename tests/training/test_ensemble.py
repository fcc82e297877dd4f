"""training/ensemble.py: one network that plays the weighted geometric mean of several networks' policies, exactly."""

from __future__ import annotations

import pytest
import torch

import agents
from agents.base import Decision
from agents.policy import PolicyNet, load_checkpoint, masked_log_probs, save_checkpoint
from citadels_env.core import Game, GameConfig
from training.ensemble import combine, ensemble, main


def _net(tmp_path, name: str, seed: int, hidden: int, **options) -> str:
    torch.manual_seed(seed)
    net = PolicyNet(hidden=hidden, layers=2, **options)
    with torch.no_grad():
        net.policy.weight.mul_(100.0)
        net.value.weight.mul_(10.0)
    path = tmp_path / f"{name}.pt"
    save_checkpoint(path, net)
    return str(path)


def test_its_policy_is_the_weighted_product_of_theirs_and_its_value_the_weighted_sum(tmp_path):
    """Two widths, one network with history features and one without (read with zero weights for them)."""
    paths = [_net(tmp_path, "a", 1, 24), _net(tmp_path, "b", 2, 40, history=True)]
    out = ensemble(tmp_path / "e.pt", paths, [0.7, 0.3])
    assert load_checkpoint(out)["ensemble"] == {"networks": paths, "weights": [0.7, 0.3]}
    joined, parts = agents.make(str(out)), [agents.make(p) for p in paths]
    assert joined.net.spec() == {"hidden": 64, "layers": 2, "critic_size": None, "history": True}
    game, bot, checked = Game(GameConfig(players=5), 4), agents.make("heuristic", seed=4), 0
    with torch.no_grad():
        while not game.is_over:
            d = Decision(game)
            if len(d.legal) > 1:
                logits, value = joined.net(*joined.inputs(d))
                outs = [p.net(*p.inputs(d)) for p in parts]
                mixed = 0.7 * masked_log_probs(outs[0][0]) + 0.3 * masked_log_probs(outs[1][0])
                want, got = masked_log_probs(mixed)[0], masked_log_probs(logits)[0]
                legal = torch.isfinite(want)
                assert torch.equal(legal, torch.isfinite(got))
                assert torch.allclose(got[legal], want[legal], atol=1e-4)
                assert float(value[0]) == pytest.approx(0.7 * float(outs[0][1][0]) + 0.3 * float(outs[1][1][0]),
                                                        abs=1e-4)
                checked += 1
            game.apply(bot.act(d))
    assert checked > 100


def test_networks_that_cannot_be_joined_are_refused(tmp_path, capsys):
    a, b = PolicyNet(hidden=8, layers=2), PolicyNet(hidden=8, layers=1)
    for nets, weights, message in (([a], [1.0], "two networks or more"), ([a, a], [1.0, 0.0], "> 0"),
                                   ([a, b], [0.5, 0.5], "one depth"),
                                   ([a, PolicyNet(hidden=8, layers=2, beliefs=True)], [0.5, 0.5], "belief"),
                                   ([a, PolicyNet(hidden=8, layers=2, critic_size=10)], [0.5, 0.5], "critic")):
        with pytest.raises(ValueError, match=message):
            combine(nets, weights)
    paths = [_net(tmp_path, "a", 1, 8), _net(tmp_path, "b", 2, 8)]
    for argv, code, message in (([str(tmp_path / "o.pt"), paths[0]], 2, "two checkpoints"),
                                ([str(tmp_path / "o.pt"), *paths, "--weights", "1"], 2, "one number"),
                                ([str(tmp_path / "o.pt"), *paths, "--weights", "x,y"], 2, "numbers"),
                                ([str(tmp_path / "o.pt"), paths[0], str(tmp_path / "none.pt")], 1, "none.pt")):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == code and message in capsys.readouterr().err
