"""The shape of the code (docs/ARCHITECTURE.md): layers that only point down, no import circle, no huge file.

Every import counts, also one inside a function; an import under `if TYPE_CHECKING:` does not (it never runs).
The layers, lowest first: the rules core (`citadels_env.core`, standard library only), the environment (the rest of
`citadels_env`), `agents`, `training`, the browser server (`citadels_web`), and the command line (`citadels_cli`), which may see everything.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("citadels_env", "agents", "training", "citadels_web", "citadels_cli")
LAYERS = ("citadels_env.core", "citadels_env", "agents", "training", "citadels_web", "citadels_cli")
MAX_LINES = 900


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules `name` imports, wherever the import statement is (TYPE_CHECKING blocks excepted)."""
    tree = ast.parse(path.read_text())
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom) or _type_checking_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        for t in targets:
            while t and t not in modules:  # `import a.b.c` of a name inside a module: the module itself
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def layer(module: str) -> int:
    return max(i for i, prefix in enumerate(LAYERS) if module == prefix or module.startswith(prefix + "."))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking(tmp_path):
    """The checker itself: an import in a function is an edge, one under TYPE_CHECKING is not."""
    graph = import_graph()
    assert "citadels_env.core.state" in graph["citadels_env.core.game"]
    src = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n"
           "def f():\n    from .c import Y\n")
    path = tmp_path / "a.py"
    path.write_text(src)
    mods = {"p.a": path, "p.b": path, "p.c": path}
    assert imports_of("p.a", path, mods) == {"p.c"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle():
    assert cycles(import_graph()) == []


def test_no_layer_imports_a_layer_above_it():
    upward = [(m, t) for m, targets in import_graph().items() for t in targets if layer(t) > layer(m)]
    assert upward == []


def test_the_rules_core_uses_the_standard_library_only():
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    modules = project_modules()
    for name, path in modules.items():
        if layer(name) != 0:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                tops = [a.name.partition(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                tops = [(node.module or "").partition(".")[0]]
            else:
                continue
            assert all(t in stdlib or t == "citadels_env" for t in tops), (name, tops)


@pytest.mark.parametrize("module", ["citadels_env", "citadels_env.aec", "citadels_env.gym_env",
                                    "citadels_env.encoding", "citadels_env.text", "citadels_env.core"])
def test_importing_the_environment_loads_no_higher_layer(module):
    code = (f"import sys, {module}\n"
            "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('agents', 'training', 'citadels_cli')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_no_python_file_is_huge():
    files = [p for p in ROOT.rglob("*.py") if ".venv" not in p.parts and "runs" not in p.parts]
    big = {str(p.relative_to(ROOT)): n for p in files if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert big == {}
