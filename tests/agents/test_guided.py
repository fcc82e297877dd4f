"""`ppo+ismcts` (agents/guided.py): ISMCTS whose root answers come from a trained policy's prior."""

import random
from typing import ClassVar

import numpy as np
import pytest
import torch

import agents
from agents.base import Decision
from agents.guided import kind_group
from agents.ismcts import evaluate
from agents.leaf_value import LeafValue
from agents.match import play_game
from agents.tree_prior import TreePrior, widened
from citadels_env.core import Game, GameConfig


@pytest.mark.parametrize("players", [2, 5])
def test_plays_legal_games_to_the_end(players):
    bot = agents.make("ppo+ismcts:iters=20", seed=1)
    others = [agents.make("heuristic") for _ in range(players - 1)]
    result = play_game([bot, *others], GameConfig(players=players), seed=7)  # an illegal answer would raise
    assert result is not None


def test_candidates_are_legal_ranked_by_the_prior_and_bounded():
    bot = agents.make("ppo+ismcts:iters=10,top=3", seed=2)
    game = Game(GameConfig(players=4), seed=11)
    for _ in range(40):  # decisions of every kind early in a game
        decision = Decision(game)
        chosen = bot.candidates(decision)
        assert 1 <= len(chosen) <= 3 and set(chosen) <= set(decision.legal)
        priors = [bot._priors[a] for a in chosen]
        assert priors == sorted(priors, reverse=True)
        assert abs(sum(bot._priors.values()) - 1.0) < 1e-4  # the prior covers exactly the legal answers
        game.apply(bot.act(decision))


def _decision_with(answers: int) -> Decision:
    """The first decision of a game (seed 11, first answers played) with at least this many legal answers."""
    game = Game(GameConfig(players=4), seed=11)
    decision = Decision(game)
    while len(decision.legal) < answers:
        game.apply(decision.legal[0])
        decision = Decision(game)
    return decision


def test_mass_plays_an_answer_the_prior_all_but_holds_without_a_search(monkeypatch):
    """`mass` keeps answers until they hold that much of the prior; one answer holding it is played unsearched (the
    think-time lever for a guide whose prior is rarely saturated: docs/TRAINING.md, item 6 with version 7). The
    shares are exact in binary, so that the sums meet the thresholds without rounding luck."""
    decision = _decision_with(3)
    a, b, c = decision.legal[:3]
    shares = {a: 31 / 32, b: 3 / 128, c: 1 / 128}  # 0.96875 + 0.0234375 + 0.0078125 == 1.0 exactly
    for mass, kept in ((0.95, (a,)), (0.99, (a, b)), (1.0, (a, b, c))):
        bot = agents.make(f"ppo+ismcts:iters=10,mass={mass}", seed=2)
        monkeypatch.setattr(bot.guide, "probabilities", lambda d: dict(shares))
        assert bot.candidates(decision) == kept
    bot = agents.make("ppo+ismcts:iters=10,mass=0.95", seed=2)
    monkeypatch.setattr(bot.guide, "probabilities", lambda d: dict(shares))
    monkeypatch.setattr(bot, "search", lambda *args, **kw: pytest.fail("searched an answer the prior all but held"))
    assert bot.act(decision) == a and bot.last_candidates == (a,)


@pytest.mark.parametrize("leaves", ["value=net,cut=round", "value=net,cut=leaf", "value=model"])
def test_respects_its_time_budget(leaves):
    """The search bot respects its think time (issue 12): `time=` bounds every search, whatever scores its leaves."""
    bot = agents.make(f"ppo+ismcts:time=0.05,iters=100000,top=8,mass=1.0,{leaves}", seed=3)
    game = Game(GameConfig(players=4), seed=5)
    searched = 0
    while not game.is_over and searched < 6:
        decision = Decision(game)
        action = bot.act(decision)
        if len(bot.last_candidates) > 1 and decision.seat == game.current_player:
            searched += 1
            assert bot.last_seconds < 0.05 + 0.1  # one determinization and rollout may overrun the deadline
        game.apply(action)
    assert searched > 0


def test_the_defaults_are_the_measured_ones():
    """Prior and leaf value from `ppo-v5`, 200 iterations, every answer kept (issue 12's search row, docs/AGENTS.md)."""
    bot = agents.make("ppo+ismcts", seed=1)
    ref, got = agents.make("ppo-v5").net.state_dict(), bot.guide.net.state_dict()
    assert ref.keys() == got.keys() and all(torch.equal(got[k], ref[k]) for k in ref)
    assert (bot.top, bot.mass, bot.c_prior, bot.cut, bot.iters, bot.time) == (30, 1.0, 1.0, "round", 200, None)
    assert isinstance(bot._leaf_score, LeafValue)
    assert agents.make("ppo+ismcts:time=0.1").iters is None  # a time budget alone is not capped by the default
    assert agents.make("ppo+ismcts:value=model")._leaf_score is evaluate


def test_refuses_a_guide_that_is_not_a_policy():
    with pytest.raises(ValueError, match="trained policy"):
        agents.make("ppo+ismcts:net=heuristic")


def test_value_net_takes_the_leaf_value_from_another_network_and_keeps_the_prior():
    """`value_net=` crosses two networks: the leaves are scored by its value head (for a network with one for each
    table size, the one of the table's size), the prior is still `net`'s; it needs value=net."""
    crossed = agents.make("ppo+ismcts:net=ppo-v5,value_net=ppo-v7,iters=5", seed=1)
    plain = agents.make("ppo+ismcts:net=ppo-v5,iters=5", seed=1)
    judge = agents.make("ppo+ismcts:net=ppo-v7,iters=5", seed=1)
    game = Game(GameConfig(players=4), seed=3)
    for _ in range(60):
        game.apply(game.legal_actions()[0])
    decision = Decision(game)
    assert crossed.guide.probabilities(decision) == plain.guide.probabilities(decision)
    assert np.allclose(crossed._leaf_score(game), judge._leaf_score(game))
    assert not np.allclose(crossed._leaf_score(game), plain._leaf_score(game))
    with pytest.raises(ValueError, match=r"value_net .* needs value=net"):
        agents.make("ppo+ismcts:value=model,value_net=ppo-v7")
    with pytest.raises(ValueError, match="value_net='heuristic': the guide must be a trained policy"):
        agents.make("ppo+ismcts:value_net=heuristic")


def test_value_temp_reaches_the_leaf_value_and_is_checked():
    bot = agents.make("ppo+ismcts:net=ppo-v6,value_temp=3", seed=1)
    assert bot._leaf_score.power == pytest.approx(1 / 3)
    assert agents.make("ppo+ismcts:net=ppo-v6", seed=1)._leaf_score.power == 1.0
    with pytest.raises(ValueError, match="value_temp must be a positive"):
        agents.make("ppo+ismcts:value_temp=0")
    with pytest.raises(ValueError, match="needs value=net"):
        agents.make("ppo+ismcts:value=model,value_temp=2")


def _action_phase(seed: int) -> Game:
    game = Game(GameConfig(players=4), seed=seed)
    while game.phase != "action" or game.round < 2:
        game.apply(game.legal_actions()[-1])
    return game


def test_draft_odds_read_only_what_the_seat_knows():
    """The reading of the draft weights samples by the seat's view alone: any game the seat cannot tell apart (the
    core's `determinize` of it) gives the same odds, and they cover other seats only."""
    from agents.guided import draft_odds

    game = _action_phase(4)
    seat = game.current_player
    odds = draft_odds(Decision(game, seat))
    assert odds and all(s != seat and 0 <= s < 4 and x > 0 for (_, s), x in odds.items())
    for r in range(5):
        assert draft_odds(Decision(game.determinize(seat, r), seat)) == odds


def test_beliefs_keep_the_samples_the_reading_favours():
    """`beliefs=k` draws k samples and keeps one in proportion to its characters' odds: with the odds made to favour
    one seat holding one character, the kept samples hold it far more often than the core's do; `beliefs=1` is the
    core's sample, iteration for iteration."""
    game = _action_phase(9)
    seat = game.current_player
    decision = Decision(game, seat)
    bot = agents.make("ppo+ismcts:net=ppo-v7,iters=5,beliefs=8", seed=1)
    base = agents.make("ppo+ismcts:net=ppo-v7,iters=5", seed=1)
    other = next(p for p in game.players if p.seat != seat)
    samples = [base._determinize(decision) for _ in range(200)]
    char = next(c for p in samples[:1] for c in p.players[other.seat].chars)
    plain = sum(char in g.players[other.seat].chars for g in samples)
    bot._odds = {(char, other.seat): 1000.0}
    kept = sum(char in bot._determinize(decision).players[other.seat].chars for _ in range(200))
    assert plain < 150 and kept > max(160, 2 * plain)  # 1 - (1 - share) ** 8 of the draws hold it
    from agents.guided import draft_odds

    bot.search(decision)  # every search reads the draft of its own decision first
    assert bot._odds == draft_odds(decision)
    one = agents.make("ppo+ismcts:net=ppo-v7,iters=30,beliefs=1", seed=1)
    again = agents.make("ppo+ismcts:net=ppo-v7,iters=30", seed=1)
    assert one.search_policy(decision) == again.search_policy(decision)
    for bad in ("0", "1.5", "x"):
        with pytest.raises(ValueError, match="beliefs"):
            agents.make(f"ppo+ismcts:beliefs={bad}")


def test_root_puct_keeps_the_prior_where_the_rollouts_cannot_tell_the_answers_apart(monkeypatch):
    """`root=puct` (AlphaZero's rule) spends the visits of answers that score alike in proportion to the prior,
    however many iterations run; `root=fading` (the default) lets UCB even them out after a few visits."""
    decision = _decision_with(3)
    a, b, c = decision.legal[:3]
    shares = {a: 1 / 2, b: 3 / 8, c: 1 / 8}  # exact in binary: the three hold all the prior
    got = {}
    for rule in ("fading", "puct"):
        bot = agents.make(f"ppo+ismcts:iters=400,root={rule}", seed=2)
        monkeypatch.setattr(bot.guide, "probabilities", lambda d: dict(shares))
        monkeypatch.setattr(bot, "_rollout", lambda g, stop: [0.25] * 4)  # every answer scores alike
        best, visits = bot.search_policy(decision)
        assert best == a and set(visits) == {a, b, c}
        got[rule] = visits
    assert got["puct"][a] > 0.4 and got["puct"][c] < 0.2
    assert max(got["fading"].values()) - min(got["fading"].values()) < 0.1
    with pytest.raises(ValueError, match="root must be 'fading'"):
        agents.make("ppo+ismcts:root=alphazero")


def test_skip_plays_a_sure_answer_unsearched_and_searches_every_answer_of_a_contested_decision(monkeypatch):
    """`skip` cuts the easy decisions apart from the width of the contested ones: an answer holding that much of the
    prior is played alone, and otherwise every answer `mass` keeps (with mass=1.0, all) is searched."""
    decision = _decision_with(3)
    a, b, c = decision.legal[:3]
    sure, contested = {a: 31 / 32, b: 3 / 128, c: 1 / 128}, {a: 1 / 2, b: 3 / 8, c: 1 / 8}
    for shares, skip, kept in ((sure, 0.95, (a,)), (sure, 0.99, (a, b, c)), (contested, 0.9, (a, b, c))):
        bot = agents.make(f"ppo+ismcts:iters=10,mass=1.0,skip={skip}", seed=2)
        monkeypatch.setattr(bot.guide, "probabilities", lambda d, shares=shares: dict(shares))
        assert bot.candidates(decision) == kept
    bot = agents.make("ppo+ismcts:iters=10,mass=0.8", seed=2)  # mass alone cuts the contested answers
    monkeypatch.setattr(bot.guide, "probabilities", lambda d: dict(contested))
    assert bot.candidates(decision) == (a, b)
    for bad in ("0", "1.5", "true"):
        with pytest.raises(ValueError, match="skip must be in"):
            agents.make(f"ppo+ismcts:skip={bad}")


def test_root_halving_plays_every_answer_left_from_the_same_samples(monkeypatch):
    """`root=halving` plays each answer still in on every sample (one determinization, the same random stream), and
    keeps the better half by mean reward: with answer-dependent rewards it finds the best of four whatever the
    prior says, spending the second round on the better two."""
    decision = _decision_with(4)
    a, b, c, d = decision.legal[:4]
    shares = {a: 1 / 2, b: 1 / 4, c: 1 / 8, d: 1 / 8}
    worth = {a: 0.2, b: 0.5, c: 0.3, d: 0.1}
    bot = agents.make("ppo+ismcts:iters=80,root=halving", seed=2)
    monkeypatch.setattr(bot.guide, "probabilities", lambda dec: dict(shares))
    samples, seen = [], []
    real = bot._determinize

    def determinize(dec):
        samples.append(real(dec))
        return samples[-1]

    def rollout(game, stop):
        root_answer = next(x for x in (a, b, c, d) if x.arg == game.players[decision.seat].chars[-1])
        seen.append((len(samples), root_answer, bot.rng.random()))
        out = [0.0] * 4
        out[decision.seat] = worth[root_answer]
        return out

    monkeypatch.setattr(bot, "_determinize", determinize)
    monkeypatch.setattr(bot, "_rollout", rollout)
    best, visits = bot.search_policy(decision)
    assert best == b
    assert visits[b] == visits[c] > visits[a] == visits[d]  # round one: 10 samples each; round two: 20 more for b, c
    assert len(samples) == 10 + 20 and len(seen) == 80
    for k in range(1, len(samples) + 1):  # every answer of a sample drew the same random stream
        draws = {x for n, _, x in seen if n == k}
        assert len(draws) == 1


def test_root_halving_needs_iterations_and_plays_a_game():
    with pytest.raises(ValueError, match=r"root=halving .* needs iters="):
        agents.make("ppo+ismcts:root=halving,time=0.1")
    bot = agents.make("ppo+ismcts:iters=20,root=halving", seed=1)
    others = [agents.make("heuristic") for _ in range(3)]
    assert play_game([bot, *others], GameConfig(players=4), seed=7) is not None


@pytest.mark.parametrize("net", ["ppo-v5", "ppo-v7"])
def test_tree_prior_is_the_networks_policy_read_from_the_acting_seats_observation(net):
    """`TreePrior` (numpy, legal rows only) gives the torch policy's probabilities at every decision of a game, for a
    network with and without history features."""
    bot = agents.make(f"ppo+ismcts:net={net},iters=10", seed=1)
    prior = TreePrior(bot.guide.play_size(4))
    game = Game(GameConfig(players=4), seed=5)
    h = agents.make("heuristic", seed=2)
    for _ in range(80):
        decision = Decision(game)
        want = bot.guide.probabilities(decision)
        got = prior(game, decision.legal)
        assert set(got) == set(decision.legal)
        assert max(abs(got[a] - want[a]) for a in decision.legal) < 1e-4
        game.apply(h.act(decision))


def _inner_tree(spec: str, monkeypatch) -> tuple[agents.Agent, object]:
    """A search of `spec` on a draft decision with every sample the real game (so that a path's legal answers never
    change), and the tree it grew."""
    decision = _decision_with(4)
    bot = agents.make(spec, seed=3)
    monkeypatch.setattr(bot, "_determinize", lambda dec: dec._game.clone())
    return bot, bot.search(decision, legal=decision.legal)


def _inner_nodes(root):
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children.values())


def test_inner_prior_tries_the_likeliest_answers_first_and_widens_with_the_visits(monkeypatch):
    """`inner=prior`: below the root each node tries its answers in the order of the network's prior for the seat
    acting there, and has no more tried than ceil(widen * sqrt(visits)); `ismcts`'s own tree breaks that bound."""
    for widen in (1, 2):
        bot, _ = _inner_tree(f"ppo+ismcts:net=ppo-v7,iters=150,inner=prior,widen={widen}", monkeypatch)
        assert bot._node_priors
        checked = 0
        for (node, seat), prior in bot._node_priors.items():
            tried = [a for (s, a) in node.children if s == seat]
            assert 1 <= len(tried) <= widened(node.visits, widen)
            shares = [prior[a] for a in tried]
            assert shares == sorted(shares, reverse=True)
            assert prior[tried[0]] == max(prior.values())
            checked += len(tried) > 1
        assert checked > 0  # some node was widened past its first answer
    _, plain = _inner_tree("ppo+ismcts:net=ppo-v7,iters=150", monkeypatch)
    assert any(len(node.children) > widened(node.visits, 1) for node in _inner_nodes(plain))


def test_inner_prior_is_checked_and_plays_a_game():
    for bad, message in (("inner=deep", "inner must be"), ("widen=0", "widen must be a positive"),
                         ("widen=2", "it needs inner=prior"), ("inner=prior,opponents=biased", "needs opponents=tree")):
        with pytest.raises(ValueError, match=message):
            agents.make(f"ppo+ismcts:{bad}")
    bot = agents.make("ppo+ismcts:iters=20,inner=prior", seed=1)
    others = [agents.make("heuristic") for _ in range(3)]
    assert play_game([bot, *others], GameConfig(players=4), seed=7) is not None


def test_searched_plays_the_prior_at_the_kinds_it_leaves_out():
    """`searched=turn+other` answers every draft pick with the prior's likeliest answer, unsearched, and searches
    the other kinds as before; a group that does not exist is refused."""
    bot = agents.make("ppo+ismcts:net=ppo-v7,iters=10,searched=turn+other", seed=2)
    full = agents.make("ppo+ismcts:net=ppo-v7,iters=10", seed=2)
    game = Game(GameConfig(players=4), seed=11)
    h = agents.make("heuristic", seed=1)
    kinds = set()
    for _ in range(60):
        decision = Decision(game)
        chosen = bot.candidates(decision)
        priors = bot._priors
        if kind_group(decision.kind) == "draft":
            assert chosen == (max(decision.legal, key=lambda a: priors[a]),)
        else:
            assert chosen == full.candidates(decision)
        kinds.add(kind_group(decision.kind))
        game.apply(h.act(decision))
    assert kinds == {"draft", "turn", "other"}
    for bad in ("draft+bid", "", "3"):
        with pytest.raises(ValueError, match="searched must join"):
            agents.make(f"ppo+ismcts:searched={bad}")


def test_draft_mass_cuts_the_drafts_answers_apart_from_the_other_kinds(monkeypatch):
    """`draft_mass` is `mass` at the draft's picks only: a pick the prior all but holds is searched with
    draft_mass=1.0 while a turn decision with the same prior is still played unsearched."""
    game = Game(GameConfig(players=4), seed=11)
    h = agents.make("heuristic", seed=1)
    seen = {}
    while len(seen) < 2:
        decision = Decision(game)
        group = kind_group(decision.kind)
        if len(decision.legal) >= 3 and group in ("draft", "turn") and group not in seen:
            seen[group] = Decision(game.clone())  # (a decision reads its game, which plays on)
        game.apply(h.act(decision))
    for group, decision in seen.items():
        a, b, c = decision.legal[:3]
        shares = {x: 0.0 for x in decision.legal} | {a: 31 / 32, b: 3 / 128, c: 1 / 128}
        bot = agents.make("ppo+ismcts:iters=10,mass=0.95,draft_mass=1.0", seed=2)
        monkeypatch.setattr(bot.guide, "probabilities", lambda d, shares=shares: dict(shares))
        assert bot.candidates(decision) == ((a, b, c) if group == "draft" else (a,))
    with pytest.raises(ValueError, match="draft_mass must be in"):
        agents.make("ppo+ismcts:draft_mass=0")


def test_c_prior_is_checked():
    assert agents.make("ppo+ismcts:c_prior=0").c_prior == 0  # pure UCB among the answers kept
    for bad in ("-1", "fast"):
        with pytest.raises(ValueError, match="c_prior must be a non-negative number"):
            agents.make(f"ppo+ismcts:c_prior={bad}")


def test_rollout_net_plays_the_searching_seats_rollout_moves_by_the_network(monkeypatch):
    """`rollout=net`: in the rollouts the searching seat makes the network's likeliest answer, read from its own
    observation of the sample (the torch policy's greedy answer), and every other seat the basic heuristic's;
    `rollout=net-all` gives every seat the network's."""
    from agents.heuristic import rollout_action

    seen: list[Game] = []
    decision = _decision_with(4)
    for spec, every in (("rollout=net", False), ("rollout=net-all", True)):
        bot = agents.make(f"ppo+ismcts:net=ppo-v7,iters=30,{spec}", seed=3)
        real_rollout = bot._rollout

        def keep(game, stop, real=real_rollout):
            seen.append(game.clone())
            return real(game, stop)

        monkeypatch.setattr(bot, "_rollout", keep)
        bot.search(decision, legal=decision.legal)
        assert bot._searcher == decision.seat
        guide, checked = bot.guide, {True: 0, False: 0}
        for game in seen[:5]:
            for _ in range(40):  # the rollout from there, each move checked
                legal = game.legal_actions()
                if game.is_over:
                    break
                mine = every or game.current_player == decision.seat
                want = (max(legal, key=guide.probabilities(Decision(game)).__getitem__) if mine
                        else rollout_action(game.clone(), random.Random(0)))
                got = bot._policy(game.clone(), random.Random(0))
                assert got == want
                checked[mine] += len(legal) > 1
                game.apply(got)
        assert checked[True] > 0 and (every or checked[False] > 0)
        seen.clear()


def test_rollout_is_checked_and_net_rollouts_play_a_game():
    with pytest.raises(ValueError, match="rollout must be"):
        agents.make("ppo+ismcts:rollout=deep")
    bot = agents.make("ppo+ismcts:net=ppo-v7,iters=20,rollout=net", seed=1)
    others = [agents.make("heuristic") for _ in range(3)]
    first = play_game([bot, *others], GameConfig(players=4), seed=7)
    again = play_game([agents.make("ppo+ismcts:net=ppo-v7,iters=20,rollout=net", seed=1),
                       *[agents.make("heuristic") for _ in range(3)]], GameConfig(players=4), seed=7)
    assert first is not None and first == again


class _Traced(Game):
    """A sample that writes each move (kind, seat, legal answers) into the list `_Traced.moves`."""

    __slots__ = ()
    moves: ClassVar[list] = []

    def apply(self, action):
        _Traced.moves.append((self.decision_kind, self.current_player, len(self.legal_actions())))
        super().apply(action)


def _traced_search(spec: str, decision: Decision, monkeypatch) -> tuple[list[list], list[int], list[str]]:
    """A search of `spec` on `decision`: each iteration's moves down the tree, its path's length, and the kinds of the
    decisions `unseen` answered off the tree."""
    bot = agents.make(spec, seed=5)
    paths: list[int] = []
    drawn: list[str] = []

    def sample(dec):
        _Traced.moves.append("sample")
        game = dec.determinize(bot.rng.getrandbits(64))
        game.__class__ = _Traced
        return game

    def descend(*args, real=bot._descend, **kw):
        path = real(*args, **kw)
        paths.append(len(path))
        _Traced.moves.append("rollout")
        return path

    if bot._unseen is not None:
        def pick(game, rng, real=bot._unseen):
            got = real(game, rng)
            if got is not None:
                drawn.append(game.decision_kind)
            return got

        monkeypatch.setattr(bot, "_unseen", pick)
    _Traced.moves = []
    monkeypatch.setattr(bot, "_determinize", sample)
    monkeypatch.setattr(bot, "_descend", descend)
    bot.search(decision, legal=decision.legal)
    monkeypatch.undo()
    segments, moves = [], None
    for m in _Traced.moves:
        if m == "sample":
            moves = []
        elif m == "rollout":
            segments.append(moves)
            moves = None
        elif moves is not None:
            moves.append(m)
    return segments, paths, drawn


def test_unseen_prior_draws_the_other_seats_draft_picks_off_the_tree(monkeypatch):
    """`unseen=prior`: at a draft pick the other seats' later picks, which the searching seat never sees, make no node
    of its tree (each iteration's path has one node per move with a choice, less those picks), and they are drawn
    from the network's policy; `unseen=tree` (SO-ISMCTS, the default) makes nodes of them."""
    decision = _decision_with(4)
    assert kind_group(decision.kind) == "draft" and decision.seat == 0
    for spec, off_tree in (("unseen=prior", True), ("unseen=tree", False)):
        for inner in ("ucb", "prior"):
            segments, paths, drawn = _traced_search(f"ppo+ismcts:net=ppo-v7,iters=40,inner={inner},{spec}",
                                                    decision, monkeypatch)
            assert len(segments) == len(paths) == 40
            others_picks = 0
            for moves, nodes in zip(segments, paths):
                hidden = sum(kind.startswith("draft_") and seat != 0 and n > 1 for kind, seat, n in moves)
                others_picks += hidden
                assert nodes == sum(n > 1 for _, _, n in moves) - (hidden if off_tree else 0)
            assert others_picks > 0
            assert (len(drawn) > 0) == off_tree and set(drawn) <= {"draft_keep", "draft_discard"}


def test_unseen_is_checked_and_plays_a_game():
    with pytest.raises(ValueError, match="unseen must be"):
        agents.make("ppo+ismcts:unseen=hidden")
    games = [play_game([agents.make("ppo+ismcts:net=ppo-v7,iters=20,unseen=prior", seed=1),
                        *[agents.make("heuristic") for _ in range(3)]], GameConfig(players=4), seed=7)
             for _ in range(2)]
    assert games[0] is not None and games[0] == games[1]
