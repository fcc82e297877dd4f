"""The specs in docs/ stay in sync with the code."""

from pathlib import Path

from citadels_env.core import DECISIONS
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE, STATE_SIZE, spec_tables

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_environment_spec_tables_are_current():
    text = (DOCS / "ENVIRONMENT.md").read_text()
    assert spec_tables() in text
    assert f"Discrete({NUM_ACTIONS})" in text and f"({OBS_SIZE},)" in text and f"({STATE_SIZE},)" in text


def test_core_doc_lists_every_decision():
    text = (DOCS / "CORE.md").read_text()
    for kind in DECISIONS:
        assert f"| `{kind}` |" in text
