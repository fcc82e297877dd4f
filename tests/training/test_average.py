"""training/average.py: the weight average of checkpoints of one shape, refused for fewer than two or other shapes."""

from __future__ import annotations

import pytest
import torch

import agents
from agents.policy import PolicyNet, load_checkpoint, save_checkpoint
from training.average import average, main


def _net(tmp_path, name: str, seed: int, hidden: int = 16):
    torch.manual_seed(seed)
    net = PolicyNet(hidden=hidden, layers=1)
    path = tmp_path / f"{name}.pt"
    save_checkpoint(path, net)
    return path, net


def test_the_average_holds_the_mean_of_every_weight_and_plays(tmp_path):
    (a, na), (b, nb), (c, nc) = (_net(tmp_path, n, s) for n, s in (("a", 1), ("b", 2), ("c", 3)))
    out = average(tmp_path / "soup.pt", [str(a), str(b), str(c)])
    data = load_checkpoint(out)
    assert data["averaged"] == [str(a), str(b), str(c)]
    for k, v in data["state_dict"].items():
        expected = (na.state_dict()[k].double() + nb.state_dict()[k].double() + nc.state_dict()[k].double()) / 3
        assert torch.allclose(v.double(), expected, atol=1e-7), k
    assert agents.make(str(out)) is not None


def test_fewer_than_two_or_other_shapes_are_refused(tmp_path, capsys):
    (a, _), (b, _) = _net(tmp_path, "a", 1), _net(tmp_path, "wide", 2, hidden=32)
    with pytest.raises(ValueError, match="two checkpoints or more"):
        average(tmp_path / "x.pt", [str(a)])
    with pytest.raises(ValueError, match="differs"):
        average(tmp_path / "x.pt", [str(a), str(b)])
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path / "x.pt"), str(a), str(b)])
    assert exit_.value.code == 2 and "differs" in capsys.readouterr().err
    assert not (tmp_path / "x.pt").exists()
