"""benchmarks/web_load.py on a small scale: rooms at once on loopback, every game finished with a valid record, none
stalled, also with a spectator that never reads in some rooms."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load():
    spec = importlib.util.spec_from_file_location("web_load", ROOT / "benchmarks" / "web_load.py")
    web_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(web_load)
    return web_load


@pytest.mark.slow
def test_load_benchmark_plays_every_room_to_a_valid_record(tmp_path):
    web_load = _load()
    out = tmp_path / "load.json"
    assert web_load.main(["--rooms", "4", "--games", "2", "--players", "3", "--bot", "random", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures["games_finished"] == figures["valid_records"] == 8 and figures["stalled_rooms"] == 0
    assert figures["decisions"] > 8 * 50 and figures["client_moves"] > 0 and figures["latency_ms_p95"] > 0


@pytest.mark.slow
def test_load_benchmark_compares_a_run_with_silent_spectators(tmp_path):
    web_load = _load()
    out = tmp_path / "load.json"
    assert web_load.main(["--rooms", "4", "--games", "1", "--players", "3", "--bot", "random", "--stalled-every", "2",
                          "--compare", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures["plain"]["silent_spectators"] == 0 and figures["stalled"]["silent_spectators"] == 2
    assert figures["stalled"]["stalled_rooms"] == 0 and figures["stalled"]["games_finished"] == 4
    assert figures["throughput_ratio"] > 0
