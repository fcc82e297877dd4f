"""Issue 13, security: loading a checkpoint never unpickles (a planted payload never runs, through any entry point);
the safe MaskablePPO loader plays exactly the model's policy; a checkpoint that cannot be loaded is a ValueError
whose message starts with its path; a missing checkpoint is "not found", not an unknown agent."""

from __future__ import annotations

import base64
import io
import json
import pickle
import re
import zipfile
from pathlib import Path

import pytest
import torch
from torch import nn

import agents
from agents.policy import CheckpointError, SpecMismatchError, load_checkpoint, load_policy
from agents.sb3_agent import SB3PolicyAgent, convert_trusted, load_actor, spec_file
from citadels_cli.main import main
from citadels_env.core import Game, GameConfig
from citadels_env.encoding import NUM_ACTIONS, SPEC_VERSION

sb3_contrib = pytest.importorskip("sb3_contrib")
ROOT = Path(__file__).resolve().parents[2]


class Payload:
    """Unpickling this creates `marker`: proof that pickled code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return open, (str(self.marker), "w")


def tiny_model(net_arch=(16, 16), activation=None, steps: int = 64):
    """A MaskablePPO on the 2-player Gymnasium wrapper, trained for `steps` steps (0: as initialised)."""
    from citadels_env.gym_env import CitadelsEnv

    torch.set_num_threads(1)
    kwargs = {"net_arch": list(net_arch) if isinstance(net_arch, tuple) else net_arch}
    if activation is not None:
        kwargs["activation_fn"] = activation
    model = sb3_contrib.MaskablePPO("MlpPolicy", CitadelsEnv(players=2, seat="random"), n_steps=64, batch_size=32,
                                    n_epochs=1, seed=0, policy_kwargs=kwargs, device="cpu")
    if steps:
        model.learn(total_timesteps=steps)
    return model


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> tuple[object, Path]:
    """A trained model and its .zip, saved as training/sb3.py saves it (with the spec side file)."""
    model = tiny_model()
    path = tmp_path_factory.mktemp("sb3") / "model.zip"
    model.save(path)
    spec_file(path).write_text(json.dumps({"spec_version": SPEC_VERSION}))
    return model, path


def decisions(n: int = 12, seed: int = 3) -> list[agents.Decision]:
    """Decisions with more than one legal action from a random 2-player game."""
    import random

    rng = random.Random(seed)
    game = Game(GameConfig(players=2), seed=seed)
    out = []
    while not game.is_over and len(out) < n:
        d = agents.Decision(game.clone(), game.current_player)
        if len(d.legal) > 1:
            out.append(d)
        game.apply(rng.choice(game.legal_actions()))
    return out


def sb3_probs(model, decision) -> torch.Tensor:
    obs = torch.as_tensor(decision.observation).unsqueeze(0)
    with torch.no_grad():
        dist = model.policy.get_distribution(obs, action_masks=decision.action_mask.astype(bool)[None])
    return dist.distribution.probs[0]


def safe_probs(actor, decision) -> torch.Tensor:
    obs = torch.from_numpy(decision.observation).unsqueeze(0)
    with torch.no_grad():
        return actor.probs(obs, torch.from_numpy(decision.action_mask.astype(bool)).unsqueeze(0))[0]


def starts(path: Path, pattern: str) -> str:
    """A `match=` pattern: the message starts with the path, then `pattern`."""
    return rf"^{re.escape(str(path))}: {pattern}"


def rewrite_zip(src: Path, dst: Path, **entries: bytes | None) -> Path:
    """A copy of the zip `src` with some entries replaced (bytes) or removed (None)."""
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w") as b:
        for name in a.namelist():
            if name not in entries:
                b.writestr(name, a.read(name))
        for name, data in entries.items():
            if data is not None:
                b.writestr(name, data)
    return dst


def edit_data(src: Path, dst: Path, edit) -> Path:
    with zipfile.ZipFile(src) as a:
        data = json.loads(a.read("data"))
    edit(data)
    return rewrite_zip(src, dst, data=json.dumps(data).encode())


def torch_bytes(obj) -> bytes:
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    return buffer.getvalue()


# -- the safe loader plays the model's own policy --------------------------------------------------------------------
def test_safe_loader_probabilities_equal_maskableppo(trained):
    model, path = trained
    actor = load_actor(path)
    assert actor.sizes == [actor.sizes[0], 16, 16] and actor.activation is nn.Tanh
    for d in decisions():
        expected, got = sb3_probs(model, d), safe_probs(actor, d)
        assert torch.allclose(got, expected, atol=1e-6), (got - expected).abs().max()
        assert float(got[~torch.from_numpy(d.action_mask.astype(bool))].sum()) == 0


def test_relu_and_separate_policy_and_value_nets_load_safely(tmp_path):
    model = tiny_model(net_arch={"pi": [8], "vf": [12, 12]}, activation=nn.ReLU, steps=0)
    path = tmp_path / "relu.zip"
    model.save(path)
    with zipfile.ZipFile(path) as archive:  # policy_kwargs is pickled, with the activation's name beside it
        assert ":serialized:" in json.loads(archive.read("data"))["policy_kwargs"]
    actor = load_actor(path)
    assert actor.activation is nn.ReLU and actor.sizes[1:] == [8]
    for d in decisions(4):
        assert torch.allclose(safe_probs(actor, d), sb3_probs(model, d), atol=1e-6)


def test_the_zip_agent_plays_like_the_model_and_replays_a_seed(trained):
    model, path = trained
    greedy = agents.make(f"{path}:deterministic=true")
    assert isinstance(greedy, SB3PolicyAgent) and greedy.name == "model"
    for d in decisions(6):
        action, _ = model.predict(d.observation, action_masks=d.action_mask.astype(bool), deterministic=True)
        assert greedy.act(d) == d.to_action(int(action))
    games = [agents.play_game([agents.make(str(path)), agents.make("random", seed=1)], seed=7) for _ in range(2)]
    assert games[0].result.scores == games[1].result.scores and games[0].decisions == games[1].decisions
    assert games[0].game.public_log() == games[1].game.public_log()


# -- planted payloads never run --------------------------------------------------------------------------------------
@pytest.fixture
def marker(tmp_path) -> Path:
    return tmp_path / "PWNED"


@pytest.fixture
def evil_data_zip(trained, tmp_path, marker) -> Path:
    """The trained model with every cloudpickled value of `data` replaced by the payload."""
    blob = base64.b64encode(pickle.dumps(Payload(marker))).decode()

    def plant(data):
        for value in data.values():
            if isinstance(value, dict) and ":serialized:" in value:
                value[":serialized:"] = blob
    return edit_data(trained[1], tmp_path / "evil_data.zip", plant)


@pytest.fixture
def evil_policy_zip(trained, tmp_path, marker) -> Path:
    state = torch.load(io.BytesIO(zipfile.ZipFile(trained[1]).read("policy.pth")), weights_only=True)
    state["action_net.bias"] = Payload(marker)
    return rewrite_zip(trained[1], tmp_path / "evil_policy.zip", **{"policy.pth": torch_bytes(state)})


@pytest.fixture
def evil_pt(tmp_path, marker) -> Path:
    _, data = load_policy(ROOT / "agents" / "zoo" / "ppo-v6.pt")
    data["config"] = Payload(marker)
    path = tmp_path / "evil.pt"
    torch.save(data, path)
    return path


def test_the_planted_payloads_are_live(evil_data_zip, evil_policy_zip, evil_pt, marker):
    """What the safety tests below guard against: SB3's and torch's unsafe loading runs each payload."""
    from stable_baselines3.common.save_util import json_to_data

    json_to_data(zipfile.ZipFile(evil_data_zip).read("data").decode())
    assert marker.exists()
    marker.unlink()
    torch.load(io.BytesIO(zipfile.ZipFile(evil_policy_zip).read("policy.pth")), weights_only=False)
    assert marker.exists()
    marker.unlink()
    torch.load(evil_pt, weights_only=False)
    assert marker.exists()


def run_cli(argv: list[str], monkeypatch) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # `play` reads the human's moves: none
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1


def test_pickled_data_in_a_zip_never_runs(evil_data_zip, marker, monkeypatch, capsys):
    agent = agents.make(str(evil_data_zip))  # its plain fields and weights suffice: it loads, blobs unread
    agents.play_game([agent, agents.make("random")], seed=1)
    assert run_cli(["eval", str(evil_data_zip), "random", "--games", "2", "--no-progress"], monkeypatch) == 0
    run_cli(["play", "--players", "2", "--opponents", str(evil_data_zip), "--no-save"], monkeypatch)
    assert not marker.exists()


def test_a_pickle_in_policy_pth_is_refused_and_never_runs(evil_policy_zip, marker, monkeypatch, capsys):
    refused = starts(evil_policy_zip, r"refused: its policy.pth entry .*pickled code")
    with pytest.raises(CheckpointError, match=refused):
        agents.make(str(evil_policy_zip))
    assert run_cli(["eval", str(evil_policy_zip), "random", "--games", "2", "--no-progress"], monkeypatch) == 1
    assert "evil_policy.zip" in capsys.readouterr().err
    assert run_cli(["play", "--players", "2", "--opponents", str(evil_policy_zip), "--no-save"], monkeypatch) == 1
    assert "evil_policy.zip" in capsys.readouterr().err
    assert not marker.exists()


def test_a_malicious_pt_is_refused_and_never_runs(evil_pt, marker, monkeypatch, capsys):
    with pytest.raises(CheckpointError, match=starts(evil_pt, r"refused: .*pickled code")):
        agents.make(str(evil_pt))
    assert run_cli(["eval", str(evil_pt), "random", "--games", "2", "--no-progress"], monkeypatch) == 1
    assert run_cli(["play", "--players", "2", "--opponents", str(evil_pt), "--no-save"], monkeypatch) == 1
    assert "evil.pt" in capsys.readouterr().err
    assert not marker.exists()


# -- loading errors name the file ------------------------------------------------------------------------------------
def truncated(src: Path, dst: Path) -> Path:
    data = src.read_bytes()
    dst.write_bytes(data[: len(data) // 2])
    return dst


def test_a_truncated_or_foreign_pt_names_the_file(tmp_path):
    empty, text, hello = tmp_path / "empty.pt", tmp_path / "text.pt", tmp_path / "hello.pt"
    empty.write_bytes(b"")
    text.write_text("not a checkpoint\n")  # read as a pickle: refused by the weights-only unpickler
    hello.write_text("hello world\n")  # ... or failing inside it
    cases = {truncated(ROOT / "agents" / "zoo" / "ppo-v6.pt", tmp_path / "truncated.pt"): "not a readable checkpoint",
             empty: "not a readable checkpoint", hello: "not a readable checkpoint",
             text: "refused: its checkpoint is not plain tensors and data .* not a checkpoint"}
    for path, words in cases.items():
        for load in (load_checkpoint, agents.make):
            with pytest.raises(CheckpointError, match=starts(path, words)):
                load(str(path))
    plain = tmp_path / "plain.pt"
    torch.save({"weights": torch.zeros(2)}, plain)
    with pytest.raises(CheckpointError, match=starts(plain, r"not a citadels-env policy checkpoint")):
        agents.make(str(plain))


def test_a_pt_whose_weights_do_not_fit_its_network_names_the_file(tmp_path):
    data = load_checkpoint(ROOT / "agents" / "zoo" / "ppo-v6.pt")
    data["model"] = {**data["model"], "hidden": data["model"]["hidden"] + 1}
    path = tmp_path / "misfit.pt"
    torch.save(data, path)
    with pytest.raises(CheckpointError, match=starts(path, r"its weights do not fit its network")):
        agents.make(str(path))
    data["model"] = {"width": 3}
    torch.save(data, path)
    with pytest.raises(CheckpointError, match=starts(path, r"its weights do not fit")):
        agents.make(str(path))


def test_a_truncated_or_foreign_zip_names_the_file(trained, tmp_path):
    short = truncated(trained[1], tmp_path / "short.zip")
    text = tmp_path / "text.zip"
    text.write_text("not a zip\n")
    for path in (short, text):
        with pytest.raises(CheckpointError, match=starts(path, r"not a readable .zip model")):
            agents.make(str(path))
    for entry in ("policy.pth", "data"):
        path = rewrite_zip(trained[1], tmp_path / f"no_{entry}.zip", **{entry: None})
        missing = starts(path, rf"not a Stable-Baselines3 model: .*no {entry} entry")
        with pytest.raises(CheckpointError, match=missing):
            agents.make(str(path))
    path = rewrite_zip(trained[1], tmp_path / "bad_json.zip", data=b"{not json")
    with pytest.raises(CheckpointError, match=starts(path, r"its data entry is not JSON")):
        agents.make(str(path))
    path = rewrite_zip(trained[1], tmp_path / "short_pth.zip",
                       **{"policy.pth": zipfile.ZipFile(trained[1]).read("policy.pth")[:100]})
    with pytest.raises(CheckpointError, match=starts(path, r"not a readable policy.pth entry")):
        agents.make(str(path))


def test_a_zip_of_another_spec_names_the_file(trained, tmp_path):
    state = torch.load(io.BytesIO(zipfile.ZipFile(trained[1]).read("policy.pth")), weights_only=True)
    fewer = {**state, "action_net.weight": state["action_net.weight"][:10],
             "action_net.bias": state["action_net.bias"][:10]}
    path = rewrite_zip(trained[1], tmp_path / "fewer.zip", **{"policy.pth": torch_bytes(fewer)})
    with pytest.raises(SpecMismatchError, match=starts(path, rf"its action_net maps .* {NUM_ACTIONS} actions")):
        agents.make(str(path))
    path = edit_data(trained[1], tmp_path / "space.zip", lambda d: d["action_space"].update(n="10"))
    with pytest.raises(SpecMismatchError, match=starts(path, r"spaces")):
        agents.make(str(path))
    path = rewrite_zip(trained[1], tmp_path / "old.zip")
    spec_file(path).write_text(json.dumps({"spec_version": "v0-old"}))
    with pytest.raises(SpecMismatchError, match=starts(path, r"trained for observation/action spec 'v0-old'")):
        agents.make(str(path))


def test_a_zip_the_safe_loader_cannot_rebuild_is_refused_with_the_way_out(trained, tmp_path):
    def activation(d):
        d["policy_kwargs"] = {"net_arch": [16, 16], "activation_fn": "<class 'mypackage.Swish'>"}
    path = edit_data(trained[1], tmp_path / "swish.zip", activation)
    with pytest.raises(CheckpointError, match=starts(path, r"cannot load safely: activation .*convert_trusted")):
        agents.make(str(path))
    path = edit_data(trained[1], tmp_path / "extractor.zip", lambda d: d["policy_kwargs"].update(
        features_extractor_class="<class 'mypackage.CNN'>"))
    with pytest.raises(CheckpointError, match=starts(path, r"cannot load safely: features extractor")):
        agents.make(str(path))
    state = torch.load(io.BytesIO(zipfile.ZipFile(trained[1]).read("policy.pth")), weights_only=True)
    state["features_extractor.conv.weight"] = torch.zeros(3)
    path = rewrite_zip(trained[1], tmp_path / "custom.zip", **{"policy.pth": torch_bytes(state)})
    with pytest.raises(CheckpointError, match=starts(path, r"cannot load safely: .*features_extractor.conv.weight")):
        agents.make(str(path))


def test_convert_trusted_writes_a_safe_zip_that_plays_the_same(trained, tmp_path):
    model, path = trained
    out = convert_trusted(path, tmp_path / "safe.zip")
    with zipfile.ZipFile(out) as archive:
        assert sorted(archive.namelist()) == ["data", "policy.pth"]
        assert ":serialized:" not in archive.read("data").decode()
    assert json.loads(spec_file(out).read_text())["spec_version"] == SPEC_VERSION
    actor = load_actor(out)
    for d in decisions(4):
        assert torch.allclose(safe_probs(actor, d), sb3_probs(model, d), atol=1e-6)


# -- a checkpoint path is never an unknown agent ---------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["nonexistent.pt", "nonexistent.zip", "nonexistent.zip:deterministic=true"])
def test_a_missing_checkpoint_is_not_found_not_unknown(spec):
    with pytest.raises(FileNotFoundError, match=r"^agent checkpoint not found: nonexistent"):
        agents.make(spec)


def test_eval_of_a_missing_checkpoint_says_not_found(monkeypatch, capsys):
    assert run_cli(["eval", "nonexistent.pt", "random", "--games", "2", "--no-progress"], monkeypatch) == 1
    err = capsys.readouterr().err
    assert "agent checkpoint not found: nonexistent.pt" in err and "unknown agent" not in err



def test_convert_trusted_refuses_what_the_safe_loader_cannot_rebuild(tmp_path):
    path = tmp_path / "hardtanh.zip"
    tiny_model(net_arch=(8,), activation=nn.Hardtanh, steps=0).save(path)
    with pytest.raises(CheckpointError, match=starts(path, r"cannot load safely: activation .*Hardtanh.*convert_")):
        agents.make(str(path))
    with pytest.raises(CheckpointError, match=starts(path, r"its policy is not an MlpPolicy the safe loader")):
        convert_trusted(path, tmp_path / "out.zip")
    assert not (tmp_path / "out.zip").exists()
