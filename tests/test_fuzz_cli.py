"""`citadels fuzz` at scale: the configuration cycle, the parallel driver and the report line."""

import argparse
import re

import pytest

import citadels_cli.fuzz as fuzz
from citadels_cli.games import cmd_fuzz
from citadels_env.core import PRESET_NAMES, Game, Rulings
from citadels_env.core.invariants import InvariantError


def test_the_cycle_covers_every_size_preset_rank9_and_ruling():
    configs = [fuzz.fuzz_config(i, 0) for i in range(len(fuzz.CYCLE))]
    assert {c.players for c in configs} == set(range(2, 9))
    assert {c.preset for c in configs} == {*PRESET_NAMES, None}  # None: a random selection of cards
    assert {(c.players, c.use_rank9) for c in configs if c.use_rank9} == {(n, True) for n in range(4, 8)}
    defaults = Rulings()
    toggled = {name for c in configs for name in vars(defaults) if getattr(c.rulings, name) != getattr(defaults, name)}
    assert toggled == set(vars(defaults))  # each ruling moved off its default somewhere
    for n in range(2, 9):  # every preset with every ruling at every size
        for preset in PRESET_NAMES:
            assert {c.rulings for c in configs if c.players == n and c.preset == preset} == set(fuzz.RULING_VARIANTS)
    for i, config in enumerate(configs):  # each one is a legal game
        Game(config, i)
    assert [c.players for c in configs[:7]] == [2, 3, 4, 5, 6, 7, 8]  # sizes interleaved: short runs mix them
    assert fuzz.fuzz_config(len(fuzz.CYCLE), 0).crown_seat is None  # the second pass draws the first crown


def test_game_i_is_the_same_whatever_the_workers():
    one = fuzz.run(30, seed=7, workers=1, progress=False)
    two = fuzz.run(30, seed=7, workers=2, progress=False, chunk_size=4)
    assert one[0] == two[0] == 30 and one[1] == two[1] > 0 and one[3] == two[3] == []


def test_the_report_line_and_workers_option(capsys):
    args = argparse.Namespace(games=12, seed=3, deep=False, workers=2)
    assert cmd_fuzz(args) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"12 games, \d+ decisions, \d+\.\d s, 0 violations", line), line
    assert cmd_fuzz(argparse.Namespace(games=2, seed=0, deep=True)) == 0  # no --workers attribute: 1 process
    assert capsys.readouterr().out.strip().startswith("2 games, ")


def test_a_violation_is_reported_with_its_seed_and_config_and_fails(monkeypatch, capsys):
    real = fuzz.playout

    def broken(config, seed, deep=False):
        if seed == 5:
            raise InvariantError("district cards not conserved")
        return real(config, seed, deep)

    monkeypatch.setattr(fuzz, "playout", broken)
    assert cmd_fuzz(argparse.Namespace(games=4, seed=2, deep=False, workers=1)) == 1
    captured = capsys.readouterr()
    assert "game 3 (seed 5): GameConfig(players=5" in captured.err and "not conserved" in captured.err
    assert captured.out.strip().endswith("1 violation")


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="--workers 0"):
        fuzz.run(5, workers=0, progress=False)
    with pytest.raises(ValueError, match="--games -1"):
        fuzz.run(-1, progress=False)
