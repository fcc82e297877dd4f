"""benchmarks/expert_agreement.py: a prior's distance from the search's visit shares in expert-iteration chunks."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch
from benchmark_scripts import load_benchmark

from agents.policy import PolicyNet, masked_log_probs, save_checkpoint
from citadels_env.encoding import NUM_ACTIONS

expert_agreement = load_benchmark("expert_agreement")


def _net(tmp_path):
    torch.manual_seed(3)
    net = PolicyNet(32, 2)
    with torch.no_grad():
        net.policy.weight.mul_(400.0)  # a prior with a clear favourite, unlike a fresh net's near-uniform one
    path = tmp_path / "net.pt"
    save_checkpoint(path, net, config={"reward": "win"})
    return net.eval(), path


def _chunk(folder, net, against: bool, rows: int = 40):
    """A chunk whose shares are the net's own prior (`against` False) or all on an answer it does not like best."""
    rng = np.random.default_rng(5)
    obs = rng.random((rows, net.input_size)).astype(np.float16)
    legal = np.zeros((rows, NUM_ACTIONS), dtype=bool)
    for row in legal:
        row[rng.choice(NUM_ACTIONS, size=4, replace=False)] = True
    with torch.no_grad():
        p = masked_log_probs(net.logits(torch.from_numpy(obs.astype(np.float32)), torch.from_numpy(legal))).exp()
    if against:
        worst = torch.where(torch.from_numpy(legal), p, torch.full_like(p, 2.0)).argmin(1)
        shares = torch.nn.functional.one_hot(worst, NUM_ACTIONS).float()
    else:
        shares = p
    folder.mkdir(exist_ok=True)
    np.savez(folder / "round0_00000.npz", obs=obs, masks=np.packbits(legal, axis=1),
             targets=shares.numpy().astype(np.float16), rets=np.zeros(rows, dtype=np.float32))


def test_a_prior_measured_against_its_own_shares_agrees_and_against_another_answer_does_not(tmp_path, capsys):
    net, path = _net(tmp_path)
    _chunk(tmp_path / "same", net, against=False)
    _chunk(tmp_path / "other", net, against=True)
    same = expert_agreement.main(["--data", str(tmp_path / "same"), "--net", str(path), "--mass", "0.25",
                                  "--out", str(tmp_path / "same.json")])["nets"][str(path)]
    assert same["agreement"] == same["agreement_spread"] == 1.0
    assert same["kl_search_prior"] == pytest.approx(0.0, abs=5e-3)
    assert 0.0 < same["entropy"] < np.log(4)
    assert same["sure"] == 1.0  # of four legal answers the likeliest always holds a quarter
    other = expert_agreement.main(["--data", str(tmp_path / "other"), "--net", str(path)])["nets"][str(path)]
    assert other["agreement"] == 0.0 and other["kl_search_prior"] > 1.0
    assert other["agreement_spread"] is None  # every share on one answer: no decision where the search spread
    assert other["entropy"] == pytest.approx(same["entropy"], abs=0.1)  # the same prior: the same chunk's inputs
    assert other["sure"] == 0.0  # at the default 0.9 none is that sure
    written = json.loads((tmp_path / "same.json").read_text())
    assert written["decisions"] == written["spread"] == 40
    assert "likeliest = search's" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--chunks", "0"], "--chunks must be at least 1"),
    (["--mass", "1.5"], "--mass must be in (0, 1]"),
    (["--data", "nowhere"], "not a folder: nowhere"),
])
def test_bad_options_are_one_line_usage_errors(tmp_path, capsys, argv, message):
    _, path = _net(tmp_path)
    base = {"--data": str(tmp_path), "--net": str(path)}
    for flag, value in zip(argv[::2], argv[1::2]):
        base[flag] = value
    with pytest.raises(SystemExit) as exc:
        expert_agreement.main([x for kv in base.items() for x in kv])
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_a_folder_without_chunks_is_a_runtime_error(tmp_path, capsys):
    _, path = _net(tmp_path)
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit) as exc:
        expert_agreement.main(["--data", str(tmp_path / "empty"), "--net", str(path)])
    assert exc.value.code == 1 and "no chunks" in capsys.readouterr().err
