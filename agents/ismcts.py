"""Information-set Monte-Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples a full game from what the seat knows (`Decision.determinize`, the only way the agent touches
the game, so it cannot cheat), walks down one tree shared by all samples, expands one node, plays the rest of the
sample with a fast rollout policy, and backs up one reward per seat.

Rollouts stop by default at the start of the next round and score the position with `evaluate`, a win-probability
model fitted on games between the heuristic bots: a round of rollout costs a third of a whole game and the fitted
value is far less noisy than one random ending, which is what lets a few hundred iterations tell moves apart (the
same search with whole-game rollouts and a hand-made point estimate won about 30 % against three `heuristic-strong`
bots; with it, about 45 %).

Tree: edges are `(acting seat, action)`. Keying by the seat as well as the action matters in Citadels: who plays next
depends on the hidden characters, so the same node can be another seat's decision in another sample, and its
statistics must not be mixed. Opponents' decisions are nodes of the same tree, where each seat maximises its own
reward (max^n). Actions differ between samples (hands, draws), so selection is UCB1 with availability counts: a
child's exploration term counts the visits of its parent in which it was legal. Forced moves (one legal action) make
no node. Chance (draws, the Seer, the Emperor's card) is re-sampled with each determinization, so nodes average over
it.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Callable, Sequence

from citadels_env.core import Action, Game, GameConfig
from citadels_env.core.scoring import best_breakdown

from .base import Agent, Decision

RolloutFn = Callable[[Game, random.Random], Action]

#: `opp_bias` unless given: the bonus of the rollout policy's answer at the other seats' nodes (`opponents=biased`).
DEFAULT_OPP_BIAS = 0.5


class _Node:
    """Statistics of one edge (`seat` played the action that leads here) and the children below it."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1  # parent visits in which this edge was legal (counting the one that expanded it)
        self.total = 0.0  # sum of `seat`'s rewards
        self.children: dict[tuple[int, Action], _Node] = {}


def _random_rollout(game: Game, rng: random.Random) -> Action:
    acts = game.legal_actions()
    return acts[rng.randrange(len(acts))] if len(acts) > 1 else acts[0]


def _heuristic_rollout() -> RolloutFn:
    from .heuristic import rollout_action  # written alongside this module: imported on first use

    return rollout_action


class ISMCTSAgent(Agent):
    """SO-ISMCTS. Options (all reachable from `agents.make("ismcts:key=value,...")`):

    * `iters`: iterations per move; `time`: seconds per move; with both, whichever ends first (default 300
      iterations: 0.1-0.4 s a move in a 4-player game).
    * `c`: UCB exploration constant (rewards lie in [0, 1]).
    * `rollout`: `"heuristic"` (agents/heuristic/rollout.py's `rollout_action`) or `"random"`.
    * `horizon`: a rollout stops at the start of the round `horizon` rounds after the searched one and the position
      is scored by `evaluate` (cheaper and smoother than playing on); 0 plays every rollout to the end.
    * `margin`: weight of the final score margin in the reward of a finished game (the rest is winning).
    * `opponents`: `"tree"` (the other seats' decisions are tree nodes where each maximises its own reward),
      `"rollout"` (they play the rollout policy inside the tree too; only the searching seat's decisions branch) or
      `"biased"` (tree nodes, but the rollout policy's answer is expanded first and keeps a bonus of
      `opp_bias / (1 + visits)`: the other seats are searched as players who mostly do the sensible thing rather
      than as UCB's uniform first tries).
    * `opp_bias`: the weight of that bonus (rewards lie in [0, 1]); only with `opponents="biased"`.
    * `trees`: `"one"` (SO-ISMCTS: one tree keyed by every seat's actions) or `"seat"` (MO-ISMCTS, Cowling, Powley &
      Whitehouse 2012: a tree per seat, in which the other seats' answers that seat cannot see, `HIDDEN_ANSWERS`,
      are merged into one edge; each seat chooses in its own tree, `_descend_by_seat`).
    """

    name = "ismcts"

    def __init__(self, seed: int | None = None, iters: int | None = None, time: float | None = None,
                 c: float = 0.7, rollout: str = "heuristic", horizon: int = 1, margin: float = 0.0,
                 opponents: str = "tree", opp_bias: float = DEFAULT_OPP_BIAS, trees: str = "one") -> None:
        if iters is None and time is None:
            iters = 300
        if iters is not None and iters < 1:
            raise ValueError(f"iters must be at least 1, got {iters}")
        if time is not None and time <= 0:
            raise ValueError(f"time must be positive, got {time}")
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', got {rollout!r}")
        if opponents not in ("tree", "rollout", "biased"):
            raise ValueError(f"opponents must be 'tree', 'rollout' or 'biased', got {opponents!r}")
        if not isinstance(opp_bias, (int, float)) or isinstance(opp_bias, bool) or opp_bias < 0:
            raise ValueError(f"opp_bias must be a non-negative number, got {opp_bias!r}")
        if opp_bias != DEFAULT_OPP_BIAS and opponents != "biased":
            raise ValueError("opp_bias weights the rollout policy's answer at the other seats' nodes: it needs "
                             "opponents=biased")
        if trees not in ("one", "seat"):
            raise ValueError(f"trees must be 'one' (one tree keyed by every seat's actions) or 'seat' (a tree per seat, "
                             f"blind to the answers that seat cannot see), got {trees!r}")
        self.trees = trees
        self.seed = seed
        self.rng = random.Random(seed)
        self.iters = iters
        self.time = time
        self.c = c
        self.rollout = rollout
        self.horizon = horizon
        self.margin = margin
        self.opponents = opponents
        self.opp_bias = float(opp_bias)
        self._policy: RolloutFn | None = None
        #: A different selection rule at the root (`agents.guided`'s prior), or None for UCB1 everywhere.
        self._select_root: Callable[[list[Action], dict, int], tuple[Action, _Node]] | None = None
        #: Answers another seat's decision off the tree (`agents.guided`'s `unseen=prior`), or returns None to leave
        #: it to the tree; None for SO-ISMCTS, where every other seat's decision with a choice is a node.
        self._unseen: Callable[[Game, random.Random], Action | None] | None = None
        #: What scores a rollout cut before the end (`agents.guided`'s value head, or the fitted `evaluate`).
        self._leaf_score: Callable[[Game], list[float]] = evaluate
        #: Statistics of the last search (iterations, seconds), for benchmarks, and its trees (one per seat with
        #: `trees=seat`, else the root's alone).
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_trees: list[_Node] = []

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        if seed is not None:
            self.rng.seed(seed)

    # -- search ----------------------------------------------------------------------------------------------------
    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        root = self.search(decision)
        best, best_visits = legal[0], -1
        seat = decision.seat
        for a in legal:  # the most visited root action; ties go to the first in the legal order
            child = root.children.get((seat, a))
            if child is not None and child.visits > best_visits:
                best, best_visits = a, child.visits
        return best

    def search(self, decision: Decision, legal: Sequence[Action] | None = None) -> _Node:
        """Run the iterations for `decision` and return the root of the tree; `legal` restricts the root's answers
        to some of the legal ones (a guide's candidates)."""
        self._load_rollout_policy()
        root = _Node(decision.seat)
        root_legal = frozenset(decision.legal if legal is None else legal)
        start = _time.perf_counter()
        deadline = None if self.time is None else start + self.time
        limit = self.iters
        done = 0
        game_round = -1
        roots = [root]  # with trees=seat, one per seat once the first sample gives the table's size
        while True:
            game = self._determinize(decision)
            if game_round < 0:
                game_round = game.round
                if self.trees == "seat":
                    roots = [root if s == root.seat else _Node(s) for s in range(game.num_players)]
            if self.trees == "seat":
                path = self._descend_by_seat(game, roots, root_legal, root.seat)
            else:
                path = self._descend(game, root, root_legal)
            reward = self._rollout(game, None if self.horizon <= 0 else game_round + self.horizon)
            for node in path:
                node.visits += 1
                node.total += reward[node.seat]
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and _time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_seconds = _time.perf_counter() - start
        self.last_trees = roots
        return root

    def _load_rollout_policy(self) -> None:
        if self._policy is None:
            self._policy = _heuristic_rollout() if self.rollout == "heuristic" else _random_rollout

    def _determinize(self, decision: Decision) -> Game:
        """One iteration's sample of the hidden state (`agents.guided` can weight it by a reading of the draft)."""
        return decision.determinize(self.rng.getrandbits(64))

    @staticmethod
    def _answers(game: Game, root_legal: frozenset[Action] | None) -> list[Action]:
        """The legal answers at `game`; at the sample's root decision (`root_legal` given) the real decision's answers
        among them (all of them where none is legal in this sample)."""
        acts = game.legal_actions()
        if root_legal is not None:
            acts = [a for a in acts if a in root_legal] or acts
        return acts

    def _descend(self, game: Game, root: _Node, root_legal: frozenset[Action],
                 root_rule: bool = True) -> list[_Node]:
        """Selection and expansion on one sample (applied to `game` in place); returns the edges walked. With
        `root_rule=False` the root's own selection rule is not used (a descent that starts below the real root)."""
        rng = self.rng
        select_root = self._select_root if root_rule else None
        me = root.seat
        policy = self._policy if self.opponents == "rollout" else None
        guess = self._policy if self.opponents == "biased" else None
        node = root
        path: list[_Node] = []
        legal: frozenset[Action] | None = root_legal
        while (acts := self._next_choice(game, me, legal, policy, rng)) is not None:
            legal = None
            seat = game.current_player
            hint = guess(game, rng) if guess is not None and seat != me else None
            a, child, expanded = self._choose(node, acts, seat, hint, select_root if node is root else None)
            path.append(child)
            game.apply(a)
            if expanded:
                return path
            node = child
        return path

    def _descend_by_seat(self, game: Game, roots: list[_Node], root_legal: frozenset[Action],
                         me: int) -> list[_Node]:
        """MO-ISMCTS's selection and expansion on one sample: every seat has its own tree (`roots`, the searching
        seat `me`'s is the real root), the acting seat chooses by UCB in its tree (at the real root by the root's rule),
        and every tree steps down the edge of the answer as its seat saw it (`seen_as`). Returns the edges walked in
        all the trees; each counts the reward of the seat that acted on it. Why: in one tree keyed by every answer,
        another seat's node below the searching seat's draft pick is chosen as if that seat knew the pick (an
        Assassin always names the character taken), and the searching seat's own later nodes below the other seats'
        picks as if it knew theirs; in its own tree each seat answers only what it could have seen."""
        rng = self.rng
        real_root = roots[me]
        policy = self._policy if self.opponents == "rollout" else None
        guess = self._policy if self.opponents == "biased" else None
        nodes = list(roots)
        path: list[_Node] = []
        legal: frozenset[Action] | None = root_legal
        while (acts := self._next_choice(game, me, legal, policy, rng)) is not None:
            legal = None
            seat = game.current_player
            node = nodes[seat]
            hint = guess(game, rng) if guess is not None and seat != me else None
            a, chosen, expanded = self._choose(node, acts, seat, hint,
                                               self._select_root if node is real_root else None)
            path.append(chosen)
            nodes[seat] = chosen
            key = (seat, seen_as(game.decision_kind, a))
            for s, other in enumerate(nodes):
                if s != seat:
                    step = other.children.get(key)
                    if step is None:
                        step = other.children[key] = _Node(seat)
                    path.append(step)
                    nodes[s] = step
            game.apply(a)
            if expanded:
                return path
        return path

    def _next_choice(self, game: Game, me: int, root_legal: frozenset[Action] | None,
                     policy: RolloutFn | None, rng: random.Random) -> list[Action] | None:
        """Play on `game` the moves that make no node (the other seats' by `policy` where given, those `_unseen`
        answers off the tree, forced ones) until a seat has a choice; its answers (`_answers` with `root_legal`), or
        None once the game is over."""
        unseen = self._unseen
        while not game.is_over:
            seat = game.current_player
            if policy is not None and seat != me:
                game.apply(policy(game, rng))
                continue
            if unseen is not None and seat != me and self._played_off_tree(game, rng):
                continue
            acts = self._answers(game, root_legal)
            root_legal = None
            if len(acts) == 1:
                game.apply(acts[0])
                continue
            return acts
        return None

    def _choose(self, node: _Node, acts: list[Action], seat: int, hint: Action | None,
                select_root: Callable[[list[Action], dict, int], tuple[Action, _Node]] | None,
                ) -> tuple[Action, _Node, bool]:
        """`seat`'s answer at `node`: an untried one (`hint` first) as a new child, else by `select_root` (given at
        the real root) or UCB1 with availability counts, the hint keeping a bonus of `opp_bias / (1 + visits)`.
        Returns the answer, its child and whether the child is new (the descent ends there)."""
        children = node.children
        untried = [a for a in acts if (seat, a) not in children]
        if untried:
            if hint is not None and (seat, hint) not in children:
                a = hint
            else:
                a = untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            for b in acts:
                child = children.get((seat, b))
                if child is not None:
                    child.avail += 1
            child = children[(seat, a)] = _Node(seat)
            return a, child, True
        if select_root is not None:
            a, child = select_root(acts, children, seat)
            return a, child, False
        c, log, sqrt = self.c, math.log, math.sqrt
        best_a, best_child, best_v = acts[0], None, -1.0
        for a in acts:
            child = children[(seat, a)]
            child.avail += 1
            v = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
            if v > best_v:
                best_a, best_child, best_v = a, child, v
        if hint is not None:  # the rollout policy's answer with its bonus (kept out of the loop above)
            child = children[(seat, hint)]
            v = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
            if v + self.opp_bias / (1 + child.visits) > best_v:
                best_a, best_child = hint, child
        assert best_child is not None
        return best_a, best_child, False

    def _played_off_tree(self, game: Game, rng: random.Random) -> bool:
        """Play another seat's decision on the sample by `_unseen` if it answers it (no node); whether it did."""
        assert self._unseen is not None
        answer = self._unseen(game, rng)
        if answer is None:
            return False
        game.apply(answer)
        return True

    # -- rollout and evaluation ------------------------------------------------------------------------------------
    def _rollout(self, game: Game, stop_round: int | None) -> list[float]:
        """Play the sample on with the rollout policy; score it at the start of `stop_round` if it gets there."""
        policy, rng = self._policy, self.rng
        assert policy is not None
        if stop_round is None:
            while not game.is_over:
                game.apply(policy(game, rng))
        else:
            while not game.is_over:
                if game.round >= stop_round:
                    return self._leaf_score(game)
                game.apply(policy(game, rng))
        return self._final_reward(game)

    def _final_reward(self, game: Game) -> list[float]:
        """1 for the winner, 0 for the others, blended (`margin`) with a squashed margin over the best other score."""
        result = game.result()
        scores = result.scores
        winner = result.winner
        m = self.margin
        if m == 0.0:
            out = [0.0] * len(scores)
            out[winner] = 1.0
            return out
        out = []
        for s, sc in enumerate(scores):
            best_other = max(x for o, x in enumerate(scores) if o != s)
            out.append((1.0 - m) * (s == winner) + m * (0.5 + 0.5 * math.tanh((sc - best_other) / 8.0)))
        return out


#: Decision kinds whose answer the other seats do not see when it is given, only that it was given: a draft pick
#: (the next drafter sees which characters are left, not which was taken), the card kept of those drawn, a card put
#: under the Museum, discarded to the Laboratory, put under the deck by the Magician or paid to the Thieves' Den
#: (tests/agents/test_ismcts_seat_trees.py checks against the core's views that the argument reaches no other seat).
HIDDEN_ANSWERS = frozenset({"draft_keep", "draft_discard", "keep_card", "scholar_keep", "museum", "laboratory",
                            "magician_discard", "thieves_den_cards"})


def seen_as(kind: str | None, action: Action) -> Action:
    """`action`, answered to a decision of `kind`, as the other seats see it: its verb alone where the argument is
    hidden from them (`HIDDEN_ANSWERS`; "done" stays "done"), else the action itself."""
    if kind in HIDDEN_ANSWERS and action.arg is not None:
        return Action(action.verb)
    return action


#: Conditional-logit weights of `evaluate`: (constant part, part per district of the largest city) for the score,
#: gold, distinct unbuilt cards in hand (at most 4), the crown and the number of districts. Fitted on the round starts
#: of 6000 four-player games between the heuristic bots (log-likelihood of the winner -1.21 against -1.39 for a coin).
_W_SCORE = (0.009, 0.028)
_W_GOLD = (0.057, 0.031)
_W_CARDS = (-0.033, 0.042)
_W_CROWN = (-0.107, -0.025)
_W_CITY = (0.174, 0.098)


def evaluate(game: Game) -> list[float]:
    """Each seat's chance to win a game cut off at the start of a round: a softmax over a linear value of its score,
    gold, useful cards, districts and crown whose weights grow as the largest city nears completion (the same gold
    lead matters more when little time is left)."""
    players = game.players
    mc = max(len(p.city) for p in players)
    ws, wg, wk, wc, wd = (_W_SCORE[0] + _W_SCORE[1] * mc, _W_GOLD[0] + _W_GOLD[1] * mc,
                          _W_CARDS[0] + _W_CARDS[1] * mc, _W_CROWN[0] + _W_CROWN[1] * mc,
                          _W_CITY[0] + _W_CITY[1] * mc)
    crown = game.crown
    logits = []
    for p in players:
        city = p.city
        useful = len(set(p.hand).difference(city))
        logits.append(ws * best_breakdown(game, p.seat)["total"] + wg * p.gold + wk * min(useful, 4)
                      + wd * len(city) + (wc if p.seat == crown else 0.0))
    top = max(logits)
    exps = [math.exp(x - top) for x in logits]
    z = sum(exps)
    return [e / z for e in exps]
