"""The TorchRL recipe (`examples/torchrl_masked_rollout.py`): both ways in (PettingZoo AEC, Gymnasium) pass TorchRL's
`check_env_specs`, masked random and masked-MLP rollouts of a few hundred steps play only legal actions, games end
and restart, the same seeds give the same rollout, and an illegal action behaves as `citadels_v0.env` documents."""

import importlib.util
import warnings
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torchrl")

from tensordict import TensorDict  # noqa: E402
from torchrl.envs.utils import check_env_specs  # noqa: E402

from citadels_env.aec import ILLEGAL_MOVE_WARNING  # noqa: E402
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE  # noqa: E402

PATH = Path(__file__).resolve().parents[2] / "examples" / "torchrl_masked_rollout.py"
_spec = importlib.util.spec_from_file_location("torchrl_masked_rollout", PATH)
recipe = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recipe)

APIS = ("aec", "gym")


@pytest.fixture(autouse=True)
def one_thread_and_no_illegal_move():
    """One torch thread (a tiny MLP on a shared machine), and the env's illegal-move warning as an error: a rollout
    that played an illegal id would otherwise just end the game with -1."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="Illegal move made")
        yield
    torch.set_num_threads(threads)


def round_of(td, api):
    """The round number of each step's observation (feature 0 is round / 10), of the seat on turn for AEC."""
    obs_key, _, _ = recipe.keys(api)
    obs = td[obs_key]
    if api == "aec":
        obs = obs[td[recipe.GROUP, "mask"]]
    return torch.round(obs[..., 0] * 10).long()


@pytest.mark.parametrize("api", APIS)
def test_check_env_specs(api):
    check_env_specs(recipe.make_env(api, players=3, seed=1))


@pytest.mark.parametrize("api", APIS)
def test_masked_random_rollout_is_legal_and_games_end_and_restart(api):
    td = recipe.rollout(recipe.make_env(api, players=2, seed=0), 500)
    _, mask_key, _ = recipe.keys(api)
    assert td.shape == (500,)
    assert recipe.chosen_actions_legal(td, api).all()
    assert td[mask_key].any(-1).all()  # a policy never meets an all-zero row
    bad = td[:5].clone()  # the check itself: one illegal action at step 0 is caught
    _, _, action_key = recipe.keys(api)
    row = bad[mask_key][0] if api == "gym" else bad[mask_key][0][bad[recipe.GROUP, "mask"][0]][0]
    bad[action_key][0] = int((~row).nonzero()[0])
    assert recipe.chosen_actions_legal(bad, api).tolist() == [False, True, True, True, True]
    done = td["next", "done"].squeeze(-1)
    ends = done.nonzero().squeeze(-1).tolist()
    assert len(ends) >= 2, ends
    rounds = round_of(td, api)
    assert rounds[0] == 1
    for i in ends:
        assert rounds[i] > 1
        if i + 1 < len(td):
            assert rounds[i + 1] == 1 and not done[i + 1]  # TorchRL reset the game: round 1 again
    if api == "aec":
        rewards = td["next", recipe.GROUP, "reward"].squeeze(-1)  # [steps, players]
        assert (rewards[~done] == 0).all()
        for i in ends:  # 2 players, "win": +1 to the winner, -1 to the other
            assert sorted(rewards[i].tolist()) == [-1.0, 1.0]
            assert td["next", recipe.GROUP, "done"][i].all()
    else:
        rewards = td["next", "reward"].squeeze(-1)
        assert (rewards[~done] == 0).all() and set(rewards[done].tolist()) <= {-1.0, 1.0}


@pytest.mark.parametrize("api", APIS)
def test_masked_mlp_policy_rollout_plays_only_legal_actions(api):
    policy = recipe.masked_policy(api)
    td = recipe.rollout(recipe.make_env(api, players=2, seed=3), 300, policy)
    _, mask_key, action_key = recipe.keys(api)
    assert recipe.chosen_actions_legal(td, api).all()
    assert torch.isfinite(td[action_key[:-1] + ("action_log_prob",) if api == "aec" else "action_log_prob"]).all()
    assert td[mask_key].shape[-1] == NUM_ACTIONS


@pytest.mark.parametrize("api", APIS)
def test_masked_policy_never_samples_an_illegal_action(api):
    """Sparse random masks (as few as one legal action), 4,096 samples: every one inside its mask."""
    policy = recipe.masked_policy(api)
    obs_key, mask_key, action_key = recipe.keys(api)
    g = torch.Generator().manual_seed(0)
    batch = (512, 8)
    mask = torch.rand(*batch, NUM_ACTIONS, generator=g) < 0.02
    mask[..., 0] |= ~mask.any(-1)  # at least one legal action per row
    td = TensorDict({obs_key: torch.rand(*batch, OBS_SIZE, generator=g), mask_key: mask}, batch_size=batch)
    out = policy(td)
    chosen = out[action_key]
    assert chosen.shape == batch
    assert mask.gather(-1, chosen.unsqueeze(-1)).all()


def test_collector_with_the_masked_policy():
    td = recipe.collect("aec", 300, recipe.masked_policy("aec"), players=2, seed=5)
    assert td.numel() == 300
    assert recipe.chosen_actions_legal(td.reshape(-1), "aec").all()
    assert td["next", "done"].any()  # a game finished inside the batch


def test_same_seeds_same_rollout():
    def run():
        torch.manual_seed(7)
        return recipe.rollout(recipe.make_env("aec", players=3, seed=11), 200)

    a, b = run(), run()
    assert (a == b).all()
    torch.manual_seed(7)
    c = recipe.rollout(recipe.make_env("aec", players=3, seed=12), 200)
    assert not (a == c).all()


def test_an_illegal_action_ends_the_game_with_minus_one_for_the_offender():
    """TorchRL does not check actions against the mask: `citadels_v0.env` does, as its docs say."""
    env = recipe.make_env("aec", players=2, seed=0)
    td = env.reset()
    acting = td[recipe.GROUP, "mask"]
    illegal = int((~td[recipe.GROUP, "action_mask"][acting][0]).nonzero()[0])
    td[recipe.GROUP, "action"] = torch.full((2,), illegal)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = env.step(td)["next"]
    assert any(ILLEGAL_MOVE_WARNING in str(w.message) for w in caught)
    assert out["done"].all()
    assert out[recipe.GROUP, "reward"][acting].item() == -1.0
    assert out[recipe.GROUP, "reward"][~acting].item() == 0.0


def test_info_text_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="info_text"):
        recipe.make_aec_env(players=2, info_text=True)
    with pytest.raises(ValueError, match="api must be one of"):
        recipe.make_env("parallel")


def test_main_prints_steps_per_second(capsys):
    assert recipe.main(["--api", "gym", "--players", "2", "--steps", "150"]) == 0
    out = capsys.readouterr().out
    assert "all actions legal: True" in out and "steps/s" in out


def test_one_group_per_seat_also_works():
    """TorchRL's AEC default grouping: one group per seat, each with its own mask and action."""
    env = recipe.make_aec_env(players=3, seed=2, group_map=None)
    assert env.group_map == {f"player_{i}": [f"player_{i}"] for i in range(3)}
    check_env_specs(env)
    td = recipe.rollout(env, 300)
    acting = torch.cat([td[g, "mask"] for g in env.group_map], -1)  # [steps, seats]
    assert (acting.sum(-1) == 1).all()
    for g in env.group_map:
        on_turn = td[g, "mask"].squeeze(-1)
        legal = td[g, "action_mask"].squeeze(-2).gather(-1, td[g, "action"]).squeeze(-1)
        assert legal[on_turn].all() and on_turn.any()
    assert td["next", "done"].any()
