"""A checkpoint with networks for particular table sizes ("by_size", agents/policy.py; written by
training/by_size.py): at those sizes it plays exactly that network, elsewhere its main one, in every path that
plays or loads a checkpoint."""

from __future__ import annotations

import pytest
import torch

import agents
from agents.base import Decision
from agents.policy import CheckpointError, PolicyNet, load_checkpoint, load_policy, save_checkpoint
from citadels_env.core import Game, GameConfig
from training import average, by_size, ship


def _net(tmp_path, name: str, seed: int, hidden: int = 24, **options) -> str:
    """A small random network whose logits are spread, so that two seeds choose differently."""
    torch.manual_seed(seed)
    net = PolicyNet(hidden=hidden, layers=1, **options)
    with torch.no_grad():
        net.policy.weight.mul_(300.0)
    path = tmp_path / f"{name}.pt"
    save_checkpoint(path, net, config={"reward": "win"})
    return str(path)


@pytest.fixture
def nets(tmp_path):
    """main (every size), four (4 players, another shape with history features) and their combination."""
    main, four = _net(tmp_path, "main", 1), _net(tmp_path, "four", 2, hidden=32, history=True)
    both = by_size.combine(tmp_path / "both.pt", main, {4: four})
    return main, four, str(both)


def _decisions(players: int, seeds: range, per_game: int = 60) -> list[Decision]:
    """Decisions of games played by `heuristic`, each seat's own in turn (several of each kind)."""
    out = []
    for seed in seeds:
        game, bot = Game(GameConfig(players=players), seed), agents.make("heuristic", seed=seed)
        while not game.is_over and len(out) < per_game * (seed - seeds.start + 1):
            d = Decision(game)
            action = bot.act(d)
            out.append(Decision(game.clone()))  # (a decision reads its game: each keeps a copy of the state)
            game.apply(action)
    return out


def test_it_plays_the_network_of_the_table_size_and_the_main_one_elsewhere(nets):
    main, four, both = nets
    bot = agents.make(f"{both}:greedy=true")
    for players, twin in ((4, four), (3, main), (5, main)):
        ref = agents.make(f"{twin}:greedy=true")
        decisions = _decisions(players, range(2))
        differs = 0
        other = agents.make(f"{four if twin == main else main}:greedy=true")
        for d in decisions:
            assert bot.act(d) == ref.act(d)
            assert bot.probabilities(d) == pytest.approx(ref.probabilities(d))
            differs += other.act(d) != ref.act(d)
        assert differs > 5, "the two networks must choose differently for the test to tell them apart"


def test_reset_chooses_the_network_and_forks_share_them(nets):
    _main, _four, both = nets
    bot = agents.make(both)
    assert [n.spec()["hidden"] for n in bot.networks()] == [24, 32]
    bot.reset(0, GameConfig(players=4))
    assert bot.net is bot.sized[4]
    twin = bot.fork(5)
    twin.reset(1, GameConfig(players=6))
    assert twin.net is bot.main and twin.sized[4] is bot.sized[4]


def test_loading_for_a_table_size_gives_that_network(nets):
    main, four, both = nets
    assert load_checkpoint(both)["model"]["hidden"] == 24
    data = load_checkpoint(both, players=4)
    assert data["model"] == load_checkpoint(four)["model"]
    assert all(torch.equal(v, load_checkpoint(four)["state_dict"][k]) for k, v in data["state_dict"].items())
    assert load_policy(both, players=3)[0].hidden == 24
    assert load_checkpoint(both)["by_size_sources"] == {"main": main, 4: four}
    assert load_checkpoint(both)["by_size"][4]["record"] == {"config": {"reward": "win"}}  # the 4-player one's own


def test_a_one_size_run_starts_from_and_anchors_to_the_network_of_its_size(nets, tmp_path):
    """training/ppo.py: `players: 4` alone starts from the 4-player network; tables of several sizes from the main."""
    from citadels_cli.bots import check_resume
    from training import ppo

    main, four, both = nets
    for tables, expected in ((None, four), ([2, 4], main)):
        cfg = ppo.Config(out_dir=str(tmp_path), players=4, tables=tables, init_from=both, anchor=both,
                         anchor_coef=1.0, num_games=4, eval_opponents=[], progress=False)
        trainer = ppo.Trainer(cfg)
        want = load_checkpoint(expected)["state_dict"]
        assert all(torch.equal(trainer.net.state_dict()[k], v) for k, v in want.items())
        anchor = trainer.anchors["anchor"].net.state_dict()
        assert all(torch.equal(anchor[k], v) for k, v in want.items())
        trainer.save(tmp_path / "resume.pt")  # and `citadels train --resume` finds the network the run started from
        check_resume(str(tmp_path / "resume.pt"), cfg)


def test_shipping_keeps_the_networks_and_averaging_refuses_to_drop_them(nets, tmp_path):
    main, four, both = nets
    shipped = ship.ship(both, "by-size-test", 1, "a test", tmp_path / "shipped.pt")
    bot, ref = agents.make(f"{shipped}:greedy=true"), agents.make(f"{four}:greedy=true")
    assert all(bot.act(d) == ref.act(d) for d in _decisions(4, range(1), per_game=40))
    with pytest.raises(ValueError, match="by_size"):
        average.average(tmp_path / "avg.pt", [both, main])


def test_a_combination_of_combinations_keeps_the_main_ones_sizes(nets, tmp_path):
    main, four, both = nets
    three = _net(tmp_path, "three", 3)
    again = by_size.combine(tmp_path / "again.pt", both, {3: three})
    data = load_checkpoint(again)
    assert sorted(data["by_size"]) == [3, 4]
    assert data["by_size_sources"] == {"main": both, 3: three, 4: four}
    nested = by_size.combine(tmp_path / "nested.pt", main, {4: both})  # its 4-player network, not its main one
    assert load_checkpoint(nested, 4)["model"] == load_checkpoint(four)["model"]
    assert load_checkpoint(nested)["by_size"][4]["record"] == {"config": {"reward": "win"}}
    assert load_checkpoint(again)["by_size"][4]["record"] == {"config": {"reward": "win"}}


def test_the_command_line_checks_its_options(nets, tmp_path, capsys):
    main, four, _both = nets
    out = tmp_path / "cli.pt"
    by_size.main([str(out), main, "--at", f"4={four}"])
    assert capsys.readouterr().out.strip() == str(out)
    for argv, code, message in (([str(out), main], 2, "at least one table size"),
                                ([str(out), main, "--at", f"9={four}"], 2, "from 2 to 8"),
                                ([str(out), main, "--at", f"4={four}", "--at", f"4={main}"], 2, "twice"),
                                ([str(out), main, "--at", "four"], 2, "N=PATH"),
                                ([str(out), main, "--at", f"4={tmp_path / 'missing.pt'}"], 1, "missing.pt")):
        with pytest.raises(SystemExit) as exc:
            by_size.main(argv)
        assert exc.value.code == code
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


@pytest.mark.parametrize("by_size_value, message", [
    ("nets", "not a map"),
    ({9: {}}, "not a table size"),
    ({4: {"model": {"hidden": 8}}}, "no 'model' spec or 'state_dict'"),
    ({4: {"model": {"hidden": 8, "layers": 1}, "state_dict": {}}}, "4-player network do not fit"),
])
def test_a_malformed_by_size_is_refused_naming_the_file(tmp_path, by_size_value, message):
    path = tmp_path / "bad.pt"
    save_checkpoint(path, PolicyNet(hidden=8, layers=1), by_size=by_size_value)
    with pytest.raises(CheckpointError, match=message) as exc:
        agents.make(str(path))
    assert str(exc.value).startswith(str(path))


def test_ppo_ismcts_scores_its_leaves_with_the_value_head_of_the_table_size(tmp_path):
    from agents.leaf_value import LeafValue
    from agents.policy import load_policy

    main, four = _net(tmp_path, "main", 1), _net(tmp_path, "four", 2, hidden=32)
    both = str(by_size.combine(tmp_path / "both.pt", main, {4: four}))
    search = agents.make(f"ppo+ismcts:net={both},iters=5,value=net,cut=leaf", seed=1)
    for players, twin in ((4, four), (5, main)):
        game = Game(GameConfig(players=players), 3)
        assert search._leaf_score(game) == pytest.approx(LeafValue(load_policy(twin)[0])(game))
    assert LeafValue(load_policy(four)[0])(game) != pytest.approx(LeafValue(load_policy(main)[0])(game))


def test_the_browser_hint_reads_the_value_head_of_the_table_size(nets):
    from citadels_web.hints import win_chance

    main, four, both = nets
    d = _decisions(4, range(1), per_game=5)[-1]
    bot, ref, other = agents.make(both), agents.make(four), agents.make(main)
    bot.reset(0, GameConfig(players=6))  # the last table it sat at was another size: the decision still decides
    assert win_chance(bot, d) == pytest.approx(win_chance(ref, d))
    assert win_chance(other, d) != pytest.approx(win_chance(ref, d))
