"""ISMCTS guided by a trained policy (`ppo+ismcts`): the network proposes, the search disposes, the network judges.

At the searching seat's own decision the policy network ranks the legal answers and gives each its probability; the
search spends its iterations among them by UCB plus a prior bonus that fades as an answer is sampled (PUCT), and can
prune them to the most likely ones (`top`, `mass`; by default the 30 likeliest, and none past the point where
the kept ones hold all the probability: where the network puts (to float precision) all of it on one answer, that
answer is played without a search, which is why a sharper prior thinks for less time). With `value=net` (the default)
the same network's value head scores the positions where the rollouts stop (agents/leaf_value.py): each seat's
chance to win, read from its own observation of the sampled game. With `beliefs=k` each iteration's sample of the
hidden state is kept from k by the odds of the characters it deals the other seats under the strong heuristic's
reading of the draft (`draft_odds`, `read_sample`): the core samples every unseen pick alike, a reader knows that
players take what they want (benchmarks/draft_reading.py: 68.2 % of the other seats' sampled characters right with
the core's samples, 70.8 % with k = 3). With `inner=prior` the nodes below the root try their answers likeliest first
by the same network's policy, progressively widened (agents/tree_prior.py). Every other part of the search is
`agents.ismcts` unchanged: determinizations from the seat's own knowledge, the shared tree, heuristic rollouts cut at
the next round.

Why: with 300 iterations spread over a dozen answers (a build turn, a draft with 6 characters) each is sampled ~25
times and the rollouts' noise decides; the prior sends the samples where a trained policy already looks, and the
search corrects it where the rollouts disagree. The value head judges a cut position better than `ismcts`'s
5-feature fitted win model, which pays for its cost (0.2 ms a leaf): 200 iterations with it take 0.79 x the mean think
time of `ismcts`'s 300 on the same decisions, though a longer median (benchmarks/think_time.py, README). Against three `heuristic-strong` at 4 players (docs/AGENTS.md has every figure): the defaults
(prior and value `ppo-v5`, 200 iterations) win 55.0 % [50.1, 59.8] on the selection seeds (400 games) where `ppo-v5`
alone wins 45.9 %, and the fitted model with 300 iterations 53.5 %; with the value head scoring the new node itself
(`cut=leaf`, no rollout) 46.8 %. Against three `ismcts` with `net=ppo-v7,mass=0.9,iters=300` (docs/TRAINING.md, item
6): trusting the prior more among the answers searched loses: AlphaZero's root rule (`root=puct`), which keeps the
prior's pull, lost 13.5 points [3.8, 23.2] to the default fading bonus on the same 200 deals; four times the
iterations won no more, nor did the network's prior below the root (`inner=prior`: 193 of the issue's 400 deals, as
without it); leaving the draft to the prior, or searching only the draft, lost 17-18 points deal by deal.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from citadels_env.core import Action, Game

from .base import Decision
from .heuristic.model import HolderModel
from .heuristic.table import Table
from .ismcts import ISMCTSAgent, _heuristic_rollout, _Node
from .leaf_value import LeafValue
from .policy import PolicyAgent, is_draft, shipped
from .tree_prior import TreePrior, network_rollout, widened


def load_guide(net: str, seed: int | None = None, option: str = "net") -> PolicyAgent:
    """A shipped policy by name (`dagger`, `ppo`) or a `.pt` checkpoint path; ValueError, naming `option`, for
    anything else."""
    if not net.endswith(".pt") and shipped(net).exists():
        return PolicyAgent.from_checkpoint(shipped(net), seed=seed)
    if not net.endswith(".pt"):
        raise ValueError(f"{option}={net!r}: the guide must be a trained policy (a shipped one such as dagger or ppo, "
                         "or a .pt checkpoint)")
    return PolicyAgent.from_checkpoint(net, seed=seed)


#: Iterations per move when neither `iters` nor `time` is given: with the value head at the leaves, 200 take less
#: mean think time than `ismcts`'s default 300 (README: its median decision is longer; `time=` caps each move).
DEFAULT_ITERS = 200


class GuidedISMCTSAgent(ISMCTSAgent):
    """`ismcts` with a policy network's prior at the root and its value at the leaves. Options: `net` (an agent id or
    `.pt` path of a trained policy; default the shipped `ppo-v5`), `top` (at most this many root answers), `mass`
    (stop adding answers once they hold this much prior probability), `skip` (play the prior's likeliest answer
    unsearched where it holds at least this much, and otherwise search the answers `top` and `mass` keep: the easy
    decisions cut apart from the contested ones' width; default none, `mass` alone decides), `c_prior` (weight of the
    prior bonus), `value` (`net`: the network's value head scores the leaves; `model`: `ismcts`'s fitted win model),
    `value_temp` (the value head's temperature, agents/leaf_value.py: above 1 tempers an overconfident head), `value_net` (another trained
    policy whose value head scores the leaves, the prior staying `net`'s: which head limits a search), `cut` (`round`: roll
    out to the start of the next round, then score; `leaf`: score the new node), `beliefs` (each iteration draws
    this many samples of the hidden state and keeps one by the odds of its characters under the strong heuristic's
    reading of the draft, `draft_odds`; 1, the default, keeps the core's sample), `root` (`fading`: UCB plus a prior
    bonus that fades as an answer is sampled; `puct`: AlphaZero's rule, the prior's pull growing with the root's
    visits; `halving`: sequential halving on shared samples, `halving_search`), `inner` (`ucb`: the nodes below the
    root are `ismcts`'s; `prior`: they try their answers likeliest first by the network, no more of them than
    ceil(`widen` x sqrt(visits)), agents/tree_prior.py), `widen` (1.0), `searched` (the decision kinds searched,
    some of `draft`, `turn` and `other` joined by `+`; the others play the prior's likeliest answer; default all),
    `draft_mass` (`mass` at the draft's picks; default `mass`), `rollout` (`ismcts`'s `heuristic` or `random`, or
    `net`: the searching seat plays its rollout moves as the network's likeliest answers, the others the heuristic;
    `net-all`: every seat the network's), `unseen` (`tree`: the other seats' draft picks are nodes of the tree, as in
    `ismcts`; `prior`: drawn from the network's policy off the tree, `_unseen_pick`), and every other `ismcts`
    option; without `iters` or `time`, 200 iterations. The defaults are the measured ones (docs/AGENTS.md)."""

    name = "ppo+ismcts"

    def __init__(self, seed: int | None = None, net: str = "ppo-v5", top: int = 30, mass: float = 1.0,
                 c_prior: float = 1.0, value: str = "net", cut: str = "round", value_temp: float = 1.0,
                 value_net: str | None = None, beliefs: int = 1, root: str = "fading", skip: float | None = None,
                 inner: str = "ucb", widen: float = 1.0, searched: str = "draft+turn+other", draft_mass: float | None = None,
                 rollout: str = "heuristic", unseen: str = "tree", **options: Any) -> None:
        if options.get("iters") is None and options.get("time") is None:
            options["iters"] = DEFAULT_ITERS
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be 'heuristic', 'random' (ismcts's rollout policies), 'net' (the searching "
                             f"seat plays the network's likeliest answers, the others the heuristic) or 'net-all' "
                             f"(every seat the network's, from its own observation), got {rollout!r}")
        super().__init__(seed=seed, rollout="heuristic" if rollout.startswith("net") else rollout, **options)
        self.rollout = rollout
        if unseen not in ("tree", "prior"):
            raise ValueError(f"unseen must be 'tree' (the other seats' draft picks are nodes of the search's tree) or "
                             f"'prior' (drawn from the network's policy, off the tree), got {unseen!r}")
        if value not in ("model", "net"):
            raise ValueError(f"value must be 'model' (the fitted win model) or 'net' (the network's value head), "
                             f"got {value!r}")
        if cut not in ("round", "leaf"):
            raise ValueError(f"cut must be 'round' (roll out to the next round) or 'leaf' (score the new node), "
                             f"got {cut!r}")
        if not isinstance(top, int) or top < 1:
            raise ValueError(f"top must be a positive integer, got {top!r}")
        if not 0.0 < mass <= 1.0:
            raise ValueError(f"mass must be in (0, 1], got {mass!r}")
        if isinstance(c_prior, bool) or not isinstance(c_prior, (int, float)) or not c_prior >= 0:
            raise ValueError(f"c_prior must be a non-negative number (the weight of the prior's bonus), got {c_prior!r}")
        if draft_mass is not None and (isinstance(draft_mass, bool) or not isinstance(draft_mass, (int, float))
                                       or not 0.0 < draft_mass <= 1.0):
            raise ValueError(f"draft_mass must be in (0, 1] (mass at the draft's picks), got {draft_mass!r}")
        if skip is not None and (isinstance(skip, bool) or not isinstance(skip, (int, float)) or not 0.0 < skip <= 1.0):
            raise ValueError(f"skip must be in (0, 1] (the prior share that plays an answer unsearched), got {skip!r}")
        if not isinstance(value_temp, (int, float)) or not value_temp > 0:
            raise ValueError(f"value_temp must be a positive number, got {value_temp!r}")
        if value_temp != 1.0 and value != "net":
            raise ValueError("value_temp tempers the network's value head: it needs value=net")
        if not isinstance(beliefs, int) or isinstance(beliefs, bool) or beliefs < 1:
            raise ValueError(f"beliefs must be a positive integer (samples drawn per iteration), got {beliefs!r}")
        if root not in ROOT_RULES:
            raise ValueError(f"root must be 'fading' (UCB plus a prior bonus that fades as an answer is sampled), "
                             f"'puct' (AlphaZero's rule: the prior's pull grows with the root's visits) or 'halving' "
                             f"(sequential halving over the answers on shared samples), got {root!r}")
        if root == "halving" and options.get("iters") is None:
            raise ValueError("root=halving splits a number of iterations between the answers: it needs iters=")
        if inner not in ("ucb", "prior"):
            raise ValueError(f"inner must be 'ucb' (every node below the root tries its answers in random order, as "
                             f"ismcts does) or 'prior' (likeliest first by the network, progressively widened), "
                             f"got {inner!r}")
        if isinstance(widen, bool) or not isinstance(widen, (int, float)) or not widen > 0:
            raise ValueError(f"widen must be a positive number, got {widen!r}")
        if widen != 1.0 and inner != "prior":
            raise ValueError("widen sets how fast the inner nodes' answers are widened: it needs inner=prior")
        groups = set(searched.split("+")) if isinstance(searched, str) else set()
        if not groups or not groups <= set(KIND_GROUPS):
            raise ValueError(f"searched must join some of {', '.join(KIND_GROUPS)} with '+' (the decision kinds that "
                             f"are searched; the others play the prior's likeliest answer), got {searched!r}")
        if inner == "prior" and options.get("opponents", "tree") != "tree":
            raise ValueError("inner=prior models the other seats' nodes by the network: it needs opponents=tree")
        if options.get("trees", "one") == "seat" and (inner != "ucb" or root == "halving"):
            raise ValueError("trees=seat searches a tree per seat with UCB below the root: it needs inner=ucb and a "
                             "root rule other than halving")
        if value_net is not None and value != "net":
            raise ValueError("value_net names the network whose value head scores the leaves: it needs value=net")
        self.guide = load_guide(net, seed)
        judge = self.guide if value_net is None else load_guide(value_net, seed, "value_net")
        self.top, self.mass, self.c_prior, self.skip = top, mass, c_prior, skip
        self.draft_mass = mass if draft_mass is None else float(draft_mass)
        self.beliefs = beliefs
        self._odds: dict[tuple[str, int], float] = {}
        self.cut = cut
        if value == "net" and not judge.sized:
            self._leaf_score = LeafValue(judge.net, temp=value_temp)
        elif value == "net":  # a judge with networks for particular sizes: its table's network's value head
            leaves = {id(net): LeafValue(net, temp=value_temp) for net in judge.networks()}
            self._leaf_score = lambda game: leaves[id(judge.play_size(game.num_players))](game)
        self._priors: dict[Action, float] = {}
        self.last_candidates: tuple[Action, ...] = ()
        self.root_rule = root
        self.inner, self.widen = inner, float(widen)
        self.searched = frozenset(groups)
        #: With `inner=prior`, `rollout=net*` or `unseen=prior`: the `TreePrior` of the guide's network for a game's
        #: table size.
        self._tree_prior_of: Callable[[Game], TreePrior] | None = None
        #: The searching seat of the search under way (`rollout=net` plays its rollout moves by the network).
        self._searcher = -1
        if inner == "prior" or rollout.startswith("net") or unseen == "prior":
            priors = {id(net): TreePrior(net) for net in self.guide.networks()}
            self._tree_prior_of = lambda game: priors[id(self.guide.play_size(game.num_players))]
        if unseen == "prior":
            self._unseen = self._unseen_pick
        self._node_priors: dict[tuple[_Node, int], dict[Action, float]] = {}
        self._select_root = self._alphazero_root if root == "puct" else self._puct_root

    def candidates(self, decision: Decision) -> tuple[Action, ...]:
        """The root answers the search will consider, most likely first."""
        priors = self.guide.probabilities(decision)
        ranked = sorted(decision.legal, key=lambda a: -priors.get(a, 0.0))
        self._priors = priors
        if self.skip is not None and priors.get(ranked[0], 0.0) >= self.skip:
            return (ranked[0],)
        group = kind_group(decision.kind)
        if group not in self.searched:
            return (ranked[0],)
        mass = self.draft_mass if group == "draft" else self.mass
        chosen, held = [], 0.0
        for a in ranked:
            chosen.append(a)
            held += priors.get(a, 0.0)
            if len(chosen) >= self.top or held >= mass:
                break
        return tuple(chosen)

    def act(self, decision: Decision) -> Action:
        return self.search_policy(decision)[0]

    def search_policy(self, decision: Decision) -> tuple[Action, dict[Action, float]]:
        """The answer `act` plays (the most visited, ties to the higher prior; with `root=halving` the best mean of the
        last round) and the root's visit shares over the candidates: the improved policy that expert iteration
        (training/expert.py) teaches the network."""
        legal = decision.legal
        if len(legal) == 1:
            return legal[0], {legal[0]: 1.0}
        chosen = self.candidates(decision)
        self.last_candidates = chosen
        if len(chosen) == 1:
            return chosen[0], {chosen[0]: 1.0}
        seat = decision.seat
        halving = self.root_rule == "halving"
        root = self.halving_search(decision, chosen) if halving else self.search(decision, legal=chosen)
        visits = {}
        for a in chosen:
            child = root.children.get((seat, a))
            visits[a] = child.visits if child is not None else 0
        if halving:  # the best mean among the last round's answers (they hold the most visits)
            most = max(visits.values())
            best = max((a for a in chosen if visits[a] == most),
                       key=lambda a: (_mean(root.children[(seat, a)]), self._priors.get(a, 0.0)))
        else:
            best = max(chosen, key=lambda a: (visits[a], self._priors.get(a, 0.0)))
        total = sum(visits.values())
        if total == 0:  # no iteration ran (a zero time budget): the prior alone
            return best, {a: self._priors.get(a, 0.0) for a in chosen}
        return best, {a: v / total for a, v in visits.items()}

    def search(self, decision: Decision, legal: Sequence[Action] | None = None) -> _Node:
        """`ismcts`'s search, with `beliefs=k` the draft read once for this decision first."""
        self._searcher = decision.seat
        self._odds = draft_odds(decision) if self.beliefs > 1 else {}
        self._node_priors = {}
        return super().search(decision, legal)

    def halving_search(self, decision: Decision, chosen: Sequence[Action]) -> _Node:
        """Sequential halving on shared samples (`root=halving`): in each of ceil(log2 k) rounds every answer still
        in is played from the same samples of the hidden state, with the same chance and the same random stream for
        what follows, and the better half by mean reward goes on; the iterations are split evenly between rounds.
        Why: the root compares answers, and on a shared sample the luck of the deal is common to all of them, so the
        difference of their means is far less noisy than UCB's separate averages over different samples. Below the
        root the tree is `ismcts`'s."""
        self._load_rollout_policy()
        self._searcher = decision.seat
        self._odds = draft_odds(decision) if self.beliefs > 1 else {}
        self._node_priors = {}
        seat = decision.seat
        root = _Node(seat)
        for a in chosen:
            root.children[(seat, a)] = _Node(seat)
        alive = list(chosen)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        main_rng = self.rng
        start = time.perf_counter()
        deadline = math.inf if self.time is None else start + self.time
        done = 0
        try:
            for r in range(rounds):
                for _ in range(max(1, self.iters // (rounds * len(alive)))):
                    if time.perf_counter() >= deadline:
                        break
                    base = self._determinize(decision)
                    stop = None if self.horizon <= 0 else base.round + self.horizon
                    stream = main_rng.getrandbits(64)
                    for a in alive:
                        self.rng = random.Random(stream)  # _descend and _rollout draw from self.rng
                        game = base.clone()
                        child = root.children[(seat, a)]
                        game.apply(a)
                        path = [child, *self._descend(game, child, frozenset(), root_rule=False)]
                        reward = self._rollout(game, stop)
                        for node in path:
                            node.visits += 1
                            node.total += reward[node.seat]
                        done += 1
                    self.rng = main_rng
                if r < rounds - 1:
                    alive.sort(key=lambda a: -_mean(root.children[(seat, a)]))
                    alive = alive[:math.ceil(len(alive) / 2)]
        finally:
            self.rng = main_rng
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return root

    def _load_rollout_policy(self) -> None:
        """`ismcts`'s rollout policy; with `rollout=net` the searching seat's moves by the network instead, with
        `rollout=net-all` every seat's."""
        if self._policy is not None or not self.rollout.startswith("net"):
            super()._load_rollout_policy()
            return
        assert self._tree_prior_of is not None
        every = self.rollout == "net-all"
        self._policy = network_rollout(self._tree_prior_of, _heuristic_rollout(),
                                       lambda seat: every or seat == self._searcher)

    def _unseen_pick(self, game: Game, rng: random.Random) -> Action | None:
        """`unseen=prior`: another seat's draft pick, which the searching seat never sees, drawn from the network's
        policy read from that seat's observation of the sample instead of being a node of the tree (None for every
        other decision). Why: SO-ISMCTS keys the searcher's later nodes by the other seats' picks, so an Assassin's or
        Thief's target below them is chosen as if it knew who took what, and the draft's root values those picks as
        a clairvoyant would; off the tree, the searcher's later nodes average over the picks it cannot see."""
        if not is_draft(game.decision_kind):
            return None
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert self._tree_prior_of is not None
        return self._tree_prior_of(game).sample(game, legal, rng)

    def _determinize(self, decision: Decision) -> Game:
        """With `beliefs=k`, one of k samples kept by the odds of its characters (`read_sample`)."""
        if not self._odds:
            return super()._determinize(decision)
        return read_sample(decision, self._odds, self.beliefs, self.rng)

    def _rollout(self, game: Game, stop_round: int | None) -> list[float]:
        """With `cut=leaf`, the leaf score (the value head, or the fitted model) judges the new node itself."""
        if self.cut == "leaf" and not game.is_over:
            return self._leaf_score(game)
        return super()._rollout(game, stop_round)

    def _descend(self, game: Game, root: _Node, root_legal: frozenset[Action],
                 root_rule: bool = True) -> list[_Node]:
        if self.inner == "ucb":
            return super()._descend(game, root, root_legal, root_rule)
        return self._descend_by_prior(game, root, root_legal, root_rule)

    def _descend_by_prior(self, game: Game, root: _Node, root_legal: frozenset[Action],
                          root_rule: bool) -> list[_Node]:
        """`ismcts`'s selection and expansion with `inner=prior` (agents/tree_prior.py): the root keeps its own rule;
        every node below it tries its answers likeliest first by the network read from the acting seat's observation
        of the sample, no more of them than `widened(visits, widen)`, and picks among those tried by UCB plus the
        fading prior bonus of the root's default rule. The prior of a (node, seat) is read once, and again only for
        answers a later sample makes legal that the first did not."""
        rng, widen = self.rng, self.widen
        assert self._tree_prior_of is not None
        prior_of, cache = self._tree_prior_of(game), self._node_priors
        node, path, me = root, [], root.seat
        legal: frozenset[Action] | None = root_legal
        while (acts := self._next_choice(game, me, legal, None, rng)) is not None:
            legal = None
            seat = game.current_player
            children = node.children
            tried = [a for a in acts if (seat, a) in children]
            untried = [a for a in acts if (seat, a) not in children]
            if node is root and root_rule:  # the root: untried answers first in random order, then its rule
                if not untried:
                    node = self._walk(game, path, *self._select_root(acts, children, seat))
                    continue
                a = untried[rng.randrange(len(untried))]
            else:
                prior = cache.get((node, seat))
                if prior is None or any(a not in prior for a in acts):
                    fresh = prior_of(game, acts)
                    prior = cache[(node, seat)] = fresh if prior is None else {**fresh, **prior}
                if not untried or len(tried) >= widened(node.visits, widen):
                    node = self._walk(game, path, *self._fading(tried, children, seat, prior))
                    continue
                a = max(untried, key=prior.__getitem__)
            for b in tried:
                children[(seat, b)].avail += 1
            child = children[(seat, a)] = _Node(seat)
            path.append(child)
            game.apply(a)
            return path
        return path

    @staticmethod
    def _walk(game: Game, path: list[_Node], action: Action, child: _Node) -> _Node:
        """Play the selected answer on the sample and step down to its node."""
        path.append(child)
        game.apply(action)
        return child

    def _puct_root(self, acts: list[Action], children: dict, seat: int) -> tuple[Action, _Node]:
        """PUCT at the root: UCB plus a prior bonus that fades as an answer is sampled."""
        return self._fading(acts, children, seat, self._priors)

    def _fading(self, acts: list[Action], children: dict, seat: int,
                prior: dict[Action, float]) -> tuple[Action, _Node]:
        """The answer among `acts` (all tried) with the best UCB plus `c_prior` x prior / (1 + visits): the root's
        default rule, and with `inner=prior` every node's below it."""
        c, cp = self.c, self.c_prior
        best_a, best_child, best_v = acts[0], None, -math.inf
        for a in acts:
            child = children[(seat, a)]
            child.avail += 1
            v = (child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                 + cp * prior.get(a, 0.0) / (1 + child.visits))
            if v > best_v:
                best_a, best_child, best_v = a, child, v
        assert best_child is not None
        return best_a, best_child

    def _alphazero_root(self, acts: list[Action], children: dict, seat: int) -> tuple[Action, _Node]:
        """AlphaZero's PUCT at the root: the mean reward plus `c_prior` x prior x sqrt(root visits) / (1 + visits),
        with no UCB term. The prior keeps its weight as the search grows, so an answer the rollouts rate alike stays
        with the prior, where `fading` leaves it to UCB's noise after a few visits."""
        cp = self.c_prior
        nodes = [children[(seat, a)] for a in acts]
        for child in nodes:
            child.avail += 1
        root_visits = math.sqrt(sum(child.visits for child in nodes))
        best_a, best_child, best_v = acts[0], None, -math.inf
        for a, child in zip(acts, nodes):
            v = child.total / child.visits + cp * self._priors.get(a, 0.0) * root_visits / (1 + child.visits)
            if v > best_v:
                best_a, best_child, best_v = a, child, v
        assert best_child is not None
        return best_a, best_child


#: The groups of decision kinds `searched=` names: the character draft's picks, the turn menu, and every other
#: decision (targets, cards, payments...).
KIND_GROUPS = ("draft", "turn", "other")


def kind_group(kind: str | None) -> str:
    """The `searched=` group of a decision kind."""
    return "draft" if is_draft(kind) else "turn" if kind == "turn" else "other"


#: The rollout policies (`rollout=`): `ismcts`'s two, and the network's likeliest answers for the searching seat
#: (`net`) or for every seat (`net-all`).
ROLLOUTS = ("heuristic", "random", "net", "net-all")

#: The root's selection rules (`root=`): the prior's bonus fading with visits, AlphaZero's PUCT, or sequential
#: halving on shared samples.
ROOT_RULES = ("fading", "puct", "halving")


def _mean(node: _Node) -> float:
    return node.total / node.visits if node.visits else -math.inf


#: How much sharper than uniform the reading may make any one seat's holding (keeps every sample possible).
_ODDS_FLOOR = 1e-3


def read_sample(decision: Decision, odds: dict[tuple[str, int], float], k: int, rng: random.Random) -> Game:
    """k samples of the hidden state, one kept in proportion to the product of its other seats' characters' odds
    (sampling-importance resampling: the core samples the unseen draft picks uniformly, a reader knows that players
    take what they want)."""
    me = decision.seat
    games, weights = [], []
    for _ in range(k):
        game = decision.determinize(rng.getrandbits(64))
        w = 1.0
        for p in game.players:
            if p.seat != me:
                for c in p.chars:
                    w *= odds.get((c, p.seat), 1.0)
        games.append(game)
        weights.append(w)
    x = rng.random() * sum(weights)
    for game, w in zip(games, weights):
        x -= w
        if x < 0:
            return game
    return games[-1]


def draft_odds(decision: Decision) -> dict[tuple[str, int], float]:
    """(character, seat) -> how much likelier the strong heuristic's reading of the draft (`HolderModel`: what each
    player probably wanted, fitted to what the seat saw) makes `seat` holding the character than the same reading
    with no preferences (every consistent pick alike, as the core samples). Reads only the seat's view."""
    view = decision.view
    table = Table(view)
    wanted, flat = HolderModel(table).p, HolderModel(table, temperature=1e9).p
    odds = {}
    for c, row in flat.items():
        for s, q in row.items():
            if q > 0 and s != view.seat and s < view.num_players:
                odds[(c, s)] = max(wanted.get(c, {}).get(s, 0.0), _ODDS_FLOOR * q) / q
    return odds
