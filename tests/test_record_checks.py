"""A record replays only as it states (issue 13): its format, config, seed, actions, digest and result are all checked,
and a `RecordError` names the first mismatch (after the file's path when loaded from a file)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields

import pytest

from citadels_env.core import Game, GameConfig
from citadels_env.core import record as rec
from citadels_env.core.record import FORMAT, RecordError, digest, load, replay, save, to_record


def play(config: GameConfig, seed: int, steps: int | None = None) -> Game:
    g, pick = Game(config, seed), random.Random(seed)
    while not g.is_over and (steps is None or len(g.actions) < steps):
        g.apply(pick.choice(g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def finished() -> dict:
    return json.loads(json.dumps(to_record(play(GameConfig(players=4, preset="cunning_agents", use_rank9=True), 3))))


def edited(record: dict, change, redigest: bool = False) -> dict:
    """A deep copy of `record` changed by `change(copy)`; with redigest, its digest recomputed (a careful forger)."""
    r = copy.deepcopy(record)
    change(r)
    if redigest:
        r["digest"] = digest(r["config"], r["seed"], r["actions"])
    return r


def check(record: dict, pattern: str, upto: int | None = None) -> None:
    with pytest.raises(RecordError, match=pattern):
        replay(record, upto)


# -- round trips --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_saved_games_of_every_table_size_load_identical(players, tmp_path):
    g = play(GameConfig(players=players, use_rank9=players % 2 == 0), 100 + players)
    path = tmp_path / f"{players}.json"
    save(g, path)
    stored = json.loads(path.read_text())
    assert stored["digest"] == digest(stored["config"], g.seed, [str(a) for a in g.actions])
    assert stored["result"] == json.loads(json.dumps(g.result().to_dict()))
    assert load(path) == g
    assert replay(to_record(g)) == g  # the in-memory record (tuples, not lists) too


def test_a_record_written_before_digests_still_loads(finished):
    old = edited(finished, lambda r: r.pop("digest"))
    assert replay(old).result().to_dict() == finished["result"]


def test_an_unfinished_record_replays_without_a_result():
    g = play(GameConfig(players=3), 8, steps=60)
    record = to_record(g)
    assert "result" not in record and replay(record) == g


# -- format, fields, config, seed ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("change", "pattern"), [
    (lambda r: r.update(format="citadels-record/2"), r"unknown record format 'citadels-record/2'.*citadels-record/1"),
    (lambda r: r.pop("format"), r"unknown record format None"),
    (lambda r: r.pop("seed"), r"missing: \['seed'\]"),
    (lambda r: r.update(comment="hi"), r"unknown record field\(s\) \['comment'\]"),
    (lambda r: r["config"].update(colour="red"), r"unknown config field\(s\) \['colour'\]"),
    (lambda r: r["config"].update(players="4"), r"config\.players must be int, got '4'"),
    (lambda r: r["config"].update(players=True), r"config\.players must be int, got True"),
    (lambda r: r["config"].update(players=9), r"^config: players must be an integer from 2 to 8, got 9"),
    (lambda r: r["config"].update(use_rank9=1), r"config\.use_rank9 must be bool, got 1"),
    (lambda r: r["config"].update(completion_size=True), r"config\.completion_size must be int or null"),
    (lambda r: r["config"].update(preset="chaos"), r"^config: unknown preset 'chaos'"),
    (lambda r: r["config"].update(characters=["king", 3]), r"config\.characters must list strings"),
    (lambda r: r["config"]["rulings"].update(tiebreak="coin"), r"^config: rulings\.tiebreak must be"),
    (lambda r: r["config"]["rulings"].update(house_rule=True), r"unknown config\.rulings field\(s\) \['house_rule'\]"),
    (lambda r: r.update(config=[]), r"config must be a JSON object, got list"),
    (lambda r: r.update(seed="3"), r"seed must be an int, got '3'"),
    (lambda r: r.update(seed=3.0), r"seed must be an int, got 3\.0"),
    (lambda r: r.update(seed=True), r"seed must be an int, got True"),
    (lambda r: r.update(actions="gather:gold"), r"actions must be a JSON list of strings, got str"),
])
def test_each_broken_statement_is_named(finished, change, pattern):
    check(edited(finished, change), pattern)


def test_non_records_are_refused():
    check([], r"a record is a JSON object, got list")
    check({"format": FORMAT, "config": {}, "seed": 0, "actions": [], "x": {1, 2}}, r"only JSON values")


def test_config_types_cover_every_config_field():
    assert set(rec._CONFIG_TYPES) == {f.name for f in fields(GameConfig)}


# -- actions ------------------------------------------------------------------------------------------------------------
def test_an_illegal_action_is_named_with_its_number_and_decision(finished):
    k = 40
    bad = edited(finished, lambda r: r["actions"].__setitem__(k - 1, "build:no_such_district"), redigest=True)
    game = replay(finished, upto=k - 1)
    where = f"decision {game.decision_kind!r} of seat {game.current_player}"
    shown = ", ".join(str(a) for a in game.legal_actions())
    check(bad, rf"^action #{k} 'build:no_such_district' is illegal at {where} \(legal: {shown}\)$")
    unsigned = edited(bad, lambda r: r.pop("digest"))
    check(unsigned, rf"^action #{k} 'build:no_such_district' is illegal at {where} \(legal: ")
    stale = edited(finished, lambda r: r["actions"].__setitem__(k - 1, "build:no_such_district"))
    check(stale, r"is illegal at .*and the digest does not match")


@pytest.mark.parametrize(("text", "pattern"), [
    ("player:01", r"action #5 'player:01' does not parse \(it would read as 'player:1'\)"),
    ("player:", r"action #5 'player:' does not parse"),
    (7, r"action #5 7 is not a string"),
    (None, r"action #5 None is not a string"),
])
def test_actions_that_do_not_parse_back_are_refused(finished, text, pattern):
    bad = edited(finished, lambda r: r["actions"].__setitem__(4, text), redigest=True)
    check(bad, pattern)
    check(bad, pattern, upto=2)  # checked even beyond `upto`


def test_a_wrongly_typed_action_text_is_illegal(finished):
    """`player:2.0` (what a float seat used to be recorded as) must not replay as seat 2."""
    for k, text in enumerate(finished["actions"], 1):
        if text.startswith("player:"):
            bad = edited(finished, lambda r, k=k, text=text: r["actions"].__setitem__(k - 1, text + ".0"),
                         redigest=True)
            check(bad, rf"^action #{k} '{text}\.0' is illegal at decision ")
            return
    pytest.fail("the record has no player choice")


def test_actions_after_the_end_of_the_game_are_illegal(finished):
    bad = edited(finished, lambda r: r["actions"].append("end_turn"), redigest=True)
    check(bad, rf"^action #{len(bad['actions'])} 'end_turn' is illegal at the end of the game")


# -- digest -------------------------------------------------------------------------------------------------------------
def test_an_edited_digest_is_a_mismatch(finished):
    check(edited(finished, lambda r: r.update(digest="sha256:" + "0" * 64)), r"^digest mismatch: the record states")


def test_a_short_record_under_another_seed_is_caught_by_its_digest():
    """Without the digest a short record replays silently under a different seed (the draft picks stay legal)."""
    g = play(GameConfig(players=4), 21, steps=3)
    record = json.loads(json.dumps(to_record(g)))
    for seed in range(22, 200):
        moved = edited(record, lambda r, seed=seed: r.update(seed=seed))
        try:
            replay(edited(moved, lambda r: r.pop("digest")))
        except RecordError:
            continue
        check(moved, r"^digest mismatch")
        return
    pytest.fail("no other seed accepts these actions")


def test_an_edited_config_is_caught_by_the_digest(finished):
    check(edited(finished, lambda r: r["config"].update(crown_seat=1)), r"digest")


# -- result -------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("change", "path"), [
    (lambda res: res["scores"].__setitem__(1, res["scores"][1] + 1), r"result\.scores\[1\]: the record states \d+ but the replayed game gives \d+$"),
    (lambda res: res["breakdowns"][2].__setitem__("total", 99), r"result\.breakdowns\[2\]\.total: the record states 99 but"),
    (lambda res: res.update(winner=(res["winner"] + 1) % 4), r"result\.winner: the record states"),
    (lambda res: res["ranking"].reverse(), r"result\.ranking\[0\]: the record states"),
    (lambda res: res.update(mvp=0), r"result\.mvp: the record states 0 but the replayed game gives '<absent>'"),
    (lambda res: res.pop("tiebreak_ranks"), r"result\.tiebreak_ranks: the record states '<absent>' but the replayed game gives \["),
    (lambda res: res["scores"].__setitem__(0, float(res["scores"][0])), r"result\.scores\[0\]: the record states \d+\.0 but the replayed game gives \d+$"),
])
def test_an_edited_result_names_the_first_differing_field(finished, change, path):
    check(edited(finished, lambda r: change(r["result"])), rf"^{path}")


def test_a_truncated_record_replays_as_a_prefix_but_not_as_a_complete_game(finished):
    cut = edited(finished, lambda r: r.__setitem__("actions", r["actions"][:-5]), redigest=True)
    n = len(cut["actions"])
    assert len(replay(cut, upto=n).actions) == n and len(replay(cut, upto=10).actions) == 10
    check(cut, rf"states a result but the game is not over after its {n} actions")
    check(cut, r"upto=1000 but the record has only", upto=1000)
    with pytest.raises(ValueError, match="upto must be"):
        replay(cut, upto=-1)


# -- files --------------------------------------------------------------------------------------------------------------
def test_file_errors_start_with_the_path(finished, tmp_path):
    text = json.dumps(finished)
    for name, content in [("truncated.json", text[: len(text) // 2]), ("notes.json", "hello"), ("empty.json", "")]:
        path = tmp_path / name
        path.write_text(content)
        with pytest.raises(RecordError, match=rf"^{path}: not a JSON game record"):
            load(path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match=rf"^{binary}: not a JSON game record"):
        load(binary)
    edited_file = tmp_path / "edited.json"
    edited_file.write_text(json.dumps(edited(finished, lambda r: r["result"].update(winner=-1))))
    with pytest.raises(RecordError, match=rf"^{edited_file}: result\.winner: the record states -1"):
        load(edited_file)
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "missing.json")


def test_config_from_dict_takes_the_in_memory_form_too():
    """`agents.evaluate` keeps `config_to_dict`'s tuples in memory; a JSON round trip turns them into lists."""
    config = GameConfig(players=5, characters=("assassin", "thief", "magician", "king", "bishop", "merchant",
                                               "architect", "warlord"), unique_districts="random")
    as_dict = rec.config_to_dict(config)
    assert rec.config_from_dict(as_dict) == config == rec.config_from_dict(json.loads(json.dumps(as_dict)))
