"""Load a script of benchmarks/ as a module: the scripts run as files (`python benchmarks/x.py`), not as a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_benchmark(name: str) -> ModuleType:
    """benchmarks/<name>.py, imported once under the name `name` (registered in sys.modules: dataclasses look their
    module up there)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
