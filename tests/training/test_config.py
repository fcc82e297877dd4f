"""The training configs: the fields both scripts share are declared once (training.config.RunConfig)."""

import dataclasses
from pathlib import Path

import pytest
import yaml

from training import config, expert, imitate, leaf_fit, league, ppo, sb3

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


@pytest.mark.parametrize("cls", [ppo.Config, sb3.SB3Config, imitate.ImitateConfig])
def test_every_field_has_its_help_and_the_shared_ones_come_from_the_base(cls):
    docs = config.field_docs(cls)
    assert set(docs) == {f.name for f in dataclasses.fields(cls)}
    assert all(docs.values())
    assert issubclass(cls, config.RunConfig)
    base = config.field_docs(config.RunConfig)
    assert {k: docs[k] for k in base} == base  # one docstring per shared field


def test_defaults_that_differ_between_the_scripts():
    p, s = ppo.Config(), sb3.SB3Config()
    assert (p.exp_name, s.exp_name) == ("ppo", "sb3")
    assert (p.total_steps, s.total_steps) == (1_000_000, 200_000)
    assert (p.snapshot_every, s.snapshot_every) == (5, 20_000)
    assert p.opponents != s.opponents and p.eval_opponents == s.eval_opponents


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("*.yaml")), ids=lambda p: p.name)
def test_every_shipped_config_loads(path, tmp_path):
    if path.stem.partition("_")[0] == "rllib":
        cls = pytest.importorskip("training.rllib").RLlibConfig
    else:
        own = {"sb3": sb3.SB3Config, "imitate": imitate.ImitateConfig, "expert": expert.ExpertConfig,
               "league": league.LeagueConfig, "leaf": leaf_fit.LeafFitConfig}
        cls = own.get(path.stem.partition("_")[0], ppo.Config)
    text = path.read_text()
    data = yaml.safe_load(text)
    made_by_runs = [key for key in ("init_from", "anchor", "rest_anchor") if str(data.get(key) or "").startswith("runs/")]
    if made_by_runs:
        # A later stage of a recipe starts from (or is kept near) an earlier stage's output, which a clean clone has
        # not made yet: the earlier stage must be a shipped config writing exactly that run, or the config must give
        # the weight average (training/average.py) or the widening (training/widen.py) that writes it; the rest must
        # load.
        said = " ".join(" ".join(line.lstrip("# ") for line in text.splitlines()).split())
        data = dict(data)
        for key in made_by_runs:
            made = data[key]
            written = (f"python -m training.{tool} {made}" in said for tool in ("average", "widen"))
            assert made.split("/")[1] in _exp_names() or any(written), f"{path.name}: no config in configs/ makes {made}"
            stand_in = tmp_path / f"{key}.pt"
            stand_in.write_bytes(b"")
            data[key] = str(stand_in)
        path = tmp_path / path.name
        path.write_text(yaml.safe_dump(data))
    mixes = [data["opponents"]] if isinstance(data.get("opponents"), dict) else []
    mixes += list((data.get("opponents_at") or {}).values())  # per table size (training/ppo.py's opponents_at)
    made = sorted({k for mix in mixes for k in mix if k.startswith("runs/")})
    if made:
        # An opponent that a benchmark or an earlier run leaves under runs/ (a best response): the config must say
        # which command makes it, and loads with a stand-in in its place.
        renamed = {}
        for i, spec in enumerate(made):
            head, colon, options = spec.partition(":")
            assert "benchmarks/exploit.py" in text or head.split("/")[1] in _exp_names(), (path.name, spec)
            stand_in = tmp_path / f"opponent{i}.pt"
            stand_in.write_bytes(b"")
            renamed[spec] = str(stand_in) + colon + options
        def swap(mix):
            return {renamed.get(k, k): v for k, v in mix.items()}
        if isinstance(data.get("opponents"), dict):
            data = {**data, "opponents": swap(data["opponents"])}
        if data.get("opponents_at"):
            data = {**data, "opponents_at": {n: swap(mix) for n, mix in data["opponents_at"].items()}}
        if data.get("anchor_opponents"):  # the gate names opponents by the same ids
            data = {**data, "anchor_opponents": [renamed.get(k, k) for k in data["anchor_opponents"]]}
        path = tmp_path / path.name
        path.write_text(yaml.safe_dump(data))
    cfg = cls.from_yaml(path)
    assert isinstance(cfg, cls) and cfg.exp_name


def _exp_names() -> set[str]:
    return {yaml.safe_load(p.read_text()).get("exp_name") for p in CONFIGS.glob("*.yaml")}


def test_help_lists_the_shared_and_the_own_fields(capsys):
    with pytest.raises(SystemExit):
        sb3.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines to the terminal width
    assert "--eval-opponents" in out and "--n-steps" in out and "(default: 'sb3')" in out


def test_a_bare_boolean_flag_means_true_and_a_value_still_works():
    cfg, _ = config.parse_config(ppo.Config, ["--progress", "--total-steps", "10"], "test")
    assert cfg.progress is True and cfg.total_steps == 10
    cfg, _ = config.parse_config(ppo.Config, ["--progress", "false"], "test")
    assert cfg.progress is False


def test_a_bot_is_filed_under_the_version_its_alias_names(monkeypatch):
    """Results stay with the network they measured: `ppo` is filed as the version it names today, options kept."""
    import agents.policy
    from training.config import filed_as

    monkeypatch.setitem(agents.policy.ALIASES, "ppo", "ppo-v9")
    assert filed_as("ppo") == "ppo-v9" and filed_as("ppo:greedy=false") == "ppo-v9_greedy_false"
    assert filed_as("ppo-v6") == "ppo-v6" and filed_as("runs/x/final.pt:greedy=true") == "runs_x_final.pt_greedy_true"
