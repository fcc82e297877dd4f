"""training/widen.py: a wider copy of a network plays exactly as the original, its copied units can grow apart, and
what cannot be widened is refused."""

from __future__ import annotations

import pytest
import torch

import agents
from agents.policy import PolicyNet, load_checkpoint, save_checkpoint
from training.widen import main, widen, widen_net


def _net(hidden: int = 16, layers: int = 3, **kwargs) -> PolicyNet:
    torch.manual_seed(5)
    net = PolicyNet(hidden=hidden, layers=layers, **kwargs)
    with torch.no_grad():  # heads away from their near-zero start, so that a wrong split would show
        net.policy.weight.normal_()
        net.value.weight.normal_()
    return net.eval()


def _inputs(net: PolicyNet, rows: int = 64) -> tuple[torch.Tensor, torch.Tensor]:
    torch.manual_seed(9)
    return torch.randn(rows, net.input_size), torch.ones(rows, net.policy.out_features, dtype=torch.bool)


@pytest.mark.parametrize("layers, hidden", [(1, 16), (2, 32), (3, 40), (3, 16)])
def test_the_wide_network_gives_the_same_logits_and_value(layers, hidden):
    net = _net(layers=layers)
    wide = widen_net(net, hidden, seed=3)
    assert wide.hidden == hidden and wide.layers == layers and wide.spec()["hidden"] == hidden
    obs, mask = _inputs(net)
    with torch.no_grad():
        (logits, value), (wide_logits, wide_value) = net(obs, mask), wide(obs, mask)
    assert torch.allclose(wide_logits, logits, atol=1e-4)
    assert torch.allclose(wide_value, value, atol=1e-4)


def test_copies_of_a_unit_get_different_gradients_so_training_can_separate_them():
    net = _net(hidden=8, layers=2)
    wide = widen_net(net, 16, seed=0)
    obs, mask = _inputs(net)
    logits, value = wide(obs, mask)
    (logits.logsumexp(-1).sum() + value.sum()).backward()
    grad = wide.trunk[0].weight.grad
    same_rows = [(i, j) for i in range(16) for j in range(i + 1, 16)
                 if torch.equal(wide.trunk[0].weight[i], wide.trunk[0].weight[j])]
    assert same_rows  # every new unit copies an old one's incoming weights
    assert all(not torch.allclose(grad[i], grad[j]) for i, j in same_rows)


def test_history_and_belief_networks_keep_their_inputs():
    net = _net(hidden=8, layers=2, history=True)
    wide = widen_net(net, 12)
    assert wide.history and wide.input_size == net.input_size
    obs, mask = _inputs(net)
    with torch.no_grad():
        assert torch.allclose(wide.logits(obs, mask), net.logits(obs, mask), atol=1e-4)


def test_the_checkpoint_plays_and_names_its_source(tmp_path):
    src = tmp_path / "net.pt"
    save_checkpoint(src, _net())
    out = widen(tmp_path / "wide.pt", src, 24, seed=1)
    data = load_checkpoint(out)
    assert data["model"]["hidden"] == 24 and data["widened_from"] == str(src) and data["widen_seed"] == 1
    assert agents.make(str(out)) is not None


def test_what_cannot_be_widened_is_refused(tmp_path, capsys):
    with pytest.raises(ValueError, match="at least the network's own 16"):
        widen_net(_net(), 8)
    with pytest.raises(ValueError, match="critic trunk"):
        widen_net(PolicyNet(hidden=8, layers=1, critic_size=10), 16)
    src = tmp_path / "net.pt"
    save_checkpoint(src, _net(), by_size={4: {"model": _net().spec(), "state_dict": _net().state_dict()}})
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path / "wide.pt"), str(src), "--hidden", "32"])
    assert exit_.value.code == 2 and "by_size" in capsys.readouterr().err
