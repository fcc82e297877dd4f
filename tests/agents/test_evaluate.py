"""The evaluator: Wilson intervals, lineups, seat rotation, seeds, workers, ratings, files, errors."""

import json

import pytest

from agents import Agent, register
from agents.eval_report import EvalReport, GameOutcome, summarise, wilson_interval
from agents.evaluate import EvaluationError, evaluate, resolve_lineup, seats_of_game
from citadels_env.core import Action


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 4, 0.0456, 0.6994),
])
def test_wilson_interval_known_values(wins, n, low, high):
    lo, hi = wilson_interval(wins, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_edge_cases():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo99, hi99 = wilson_interval(50, 100, z=2.576)
    assert lo99 < 0.4038 and hi99 > 0.5962


def test_lineup_first_id_against_the_rest_repeated():
    assert resolve_lineup(["a", "b"], 4) == ["a", "b", "b", "b"]
    assert resolve_lineup(["a", "b", "c"], 4) == ["a", "b", "c", "b"]
    assert resolve_lineup(["a", "b", "c"]) == ["a", "b", "c"]
    assert resolve_lineup(["a"]) == ["a"] * 4
    with pytest.raises(ValueError):
        resolve_lineup(["a", "b", "c"], 2)
    with pytest.raises(ValueError):
        resolve_lineup([], 4)


def test_seats_of_game_rotate_every_entry_through_every_seat():
    for players in range(2, 9):
        seen = {e: set() for e in range(players)}
        for k in range(players):
            entries = seats_of_game(k, players)
            assert sorted(entries) == list(range(players))
            for seat, e in enumerate(entries):
                seen[e].add(seat)
        assert all(seats == set(range(players)) for seats in seen.values())


class Recorder(Agent):
    """Random play; records the seat and seed of every game it is reset for."""

    def __init__(self, name):
        self.name = name
        self.games = []

    def reset(self, seat, config, seed=None):
        import random

        self.games.append((seat, seed))
        self.rng = random.Random(seed)

    def act(self, decision):
        return decision.legal[self.rng.randrange(len(decision.legal))]


def test_seat_rotation_and_seeds_with_recording_agents():
    lineup = [Recorder(f"r{i}") for i in range(4)]
    report = evaluate(lineup, games=8, seed=100, progress=False)
    for e, agent in enumerate(lineup):
        seats = [seat for seat, _ in agent.games]
        assert seats == [(e + k) % 4 for k in range(8)]  # entry e sits at seat (e + k) mod 4 in game k
        assert [seed for _, seed in agent.games] == [(100 + k) * 1009 + seat for k, seat in enumerate(seats)]
        assert report.entries[e].seat_games == [2, 2, 2, 2]
        assert report.entries[e].games == 8
        assert sum(report.entries[e].seat_wins) == report.entries[e].wins
    assert [g.seed for g in report.results] == list(range(100, 108))
    assert [g.index for g in report.results] == list(range(8))
    assert sum(s.wins for s in report.entries) == 8
    for g in report.results:
        assert g.seats == seats_of_game(g.index, 4)


def test_entries_sharing_an_id_are_aggregated_and_rated_as_one_player():
    report = evaluate(["random", "random:seed=1"], games=8, players=4, progress=False)
    assert report.lineup == ["random", "random:seed=1", "random:seed=1", "random:seed=1"]
    assert [s.name for s in report.agents] == ["random", "random:seed=1"]
    rest = report.agent("random:seed=1")
    assert rest.games == 24 and report.agent("random").games == 8
    assert rest.wins == sum(s.wins for s in report.entries[1:])
    assert rest.seat_games == [6, 6, 6, 6]
    assert all(s.mu == rest.mu and s.sigma == rest.sigma for s in report.entries[1:])
    assert rest.ordinal == pytest.approx(rest.mu - 3 * rest.sigma)
    assert report.parity == 0.25


def outcome(k, players, winner_entry):
    """A constructed game: entries ranked winner_entry first, then by entry index."""
    seats = seats_of_game(k, players)
    order = [winner_entry] + [e for e in range(players) if e != winner_entry]
    ranking = [seats.index(e) for e in order]
    scores = [0] * players
    for place, seat in enumerate(ranking):
        scores[seat] = 30 - place
    return GameOutcome(k, k, seats, scores, ranking, [10] * players, [0.0] * players)


def test_summary_on_constructed_games():
    results = [outcome(k, 3, winner_entry=0) for k in range(30)]
    entries, agents = summarise(["a", "b", "c"], 3, results)
    assert entries == agents  # one entry per id
    a, b, c = agents
    assert (a.wins, a.win_rate, a.mean_rank, a.mean_score) == (30, 1.0, 1.0, 30.0)
    assert (b.wins, b.mean_rank, c.mean_rank) == (0, 2.0, 3.0)
    assert (a.ci_low, a.ci_high) == pytest.approx(wilson_interval(30, 30))
    assert a.mu > b.mu > c.mu and a.mu > 25 > c.mu  # the OpenSkill ratings follow the ranking
    assert a.seat_wins == [10, 10, 10]
    # self-play carries no rating information: the mean stays put
    _, (same,) = summarise(["x", "x", "x"], 3, results)
    assert same.mu == pytest.approx(25.0) and same.win_rate == pytest.approx(1 / 3)


def test_results_do_not_depend_on_the_number_of_workers():
    kwargs = dict(games=12, players=3, seed=7, progress=False, chunk_size=2)
    one = evaluate(["random", "random:seed=2", "random:seed=3"], workers=1, **kwargs)
    two = evaluate(["random", "random:seed=2", "random:seed=3"], workers=2, **kwargs)
    assert two.workers == 2

    def key(r):
        return [(g.index, g.seed, g.seats, g.scores, g.ranking, g.decisions) for g in r.results]

    assert key(one) == key(two)
    strip = ("think_s",)
    for a, b in zip(one.agents + one.entries, two.agents + two.entries):
        da, db = ({k: v for k, v in vars(s).items() if k not in strip} for s in (a, b))
        assert da == db


def test_json_round_trip_table_and_plot(tmp_path):
    report = evaluate(["random", "random:seed=1"], games=4, progress=False)
    path = report.to_json(tmp_path / "out" / "results.json")
    data = json.loads(path.read_text())
    assert data["format"] == "citadels-eval/1" and data["games"] == 4 and len(data["results"]) == 4
    assert data["games_per_s"] > 0 and data["wall_s"] >= 0
    back = EvalReport.load(path)
    assert back.to_dict() == report.to_dict()
    assert back.game_config().players == 2
    text = report.table()
    assert "random:seed=1" in text and "95% CI" in text and "win rate" in text
    assert "|---|" in report.table(markdown=True)
    png = report.plot(tmp_path / "out" / "winrates.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_warns_when_games_are_not_a_multiple_of_players():
    with pytest.warns(UserWarning, match="multiple"):
        evaluate(["random"] * 3, games=4, progress=False)


class Illegal(Agent):
    name = "illegal"

    def act(self, decision):
        return Action("build", "secret_vault")


class Crashing(Agent):
    name = "crashing"

    def act(self, decision):
        raise KeyError("boom")


register("illegal-test", Illegal)


def test_an_illegal_answer_names_the_agent_and_the_seed():
    with pytest.raises(EvaluationError, match=r"seed 5\b.*'illegal'") as info:
        evaluate([Illegal(), "random"], games=2, seed=5, progress=False)
    assert "answered" in str(info.value)
    with pytest.raises(EvaluationError, match=r"game 0 \(seed 4\b.*'crashing'.*KeyError: 'boom'"):
        evaluate(["random", Crashing()], games=2, seed=4, progress=False)


def test_unknown_ids_fail_before_playing():
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        evaluate(["random", "nobody"], games=2, progress=False)


def test_an_illegal_answer_in_a_worker_process_surfaces():
    with pytest.raises(EvaluationError, match=r"game \d+ \(seed \d+.*'illegal-test'"):
        evaluate(["random", "illegal-test"], games=4, workers=2, chunk_size=1, progress=False)


def test_wilson_interval_holds_the_rate_at_the_extremes():
    """All wins (or none): the interval still contains the observed rate despite rounding."""
    for n in range(1, 200):
        low, high = wilson_interval(n, n)
        assert low < 1.0 and high == 1.0
        low, high = wilson_interval(0, n)
        assert low == 0.0 and high > 0.0


def test_registered_agents_reach_the_workers_whatever_the_default_start_method(monkeypatch):
    """Importing torchrl makes "spawn" the process-wide start method; evaluation workers are still forked (where the
    platform can), so an agent registered in this process plays in them."""
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "spawn")
    monkeypatch.setattr(multiprocessing.context._default_context, "_actual_context",
                        multiprocessing.get_context("spawn"))
    with pytest.raises(EvaluationError, match=r"game \d+ \(seed \d+.*'illegal-test'"):
        evaluate(["random", "illegal-test"], games=4, workers=2, chunk_size=1, progress=False)


def test_the_table_says_above_below_or_tie_with_parity_from_the_interval():
    from dataclasses import replace

    report = evaluate(["random", "random"], games=4, players=2, seed=3, progress=False)
    s = report.agents[0]
    assert report.versus_parity(replace(s, ci_low=0.51, ci_high=0.7)) == "above"
    assert report.versus_parity(replace(s, ci_low=0.2, ci_high=0.49)) == "below"
    assert report.versus_parity(replace(s, ci_low=0.4, ci_high=0.6)) == "tie"
    assert "vs parity" in report.table()
