"""The package's layers depend one way: rules -> engine -> deal/evaluate -> analysis ->
report/io -> api -> cli. Only the engine imports numba; the rules import neither numpy nor
numba; the evaluator imports no engine."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "texas42"

# A module may import from its own layer and the layers ranked below it.
RANKS = {
    "errors": 0,
    "interrupts": 0,
    "rules": 1,
    "engine": 2,
    "deal": 3,
    "evaluate": 3,
    "analysis": 4,
    "report": 5,
    "io": 6,
    "_local_cluster": 6,
    "api": 7,
    "cli": 8,
    "__init__": 9,
    "__main__": 9,
}


def _layer(path: Path) -> str:
    return path.relative_to(PACKAGE).with_suffix("").parts[0]


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            if node.module == "texas42":
                names.update(f"texas42.{alias.name}" for alias in node.names)
    return names


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer() -> None:
    assert {_layer(path) for path in MODULES} <= set(RANKS)


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_dependencies_run_one_way(path: Path) -> None:
    layer = _layer(path)
    for name in _imports(path):
        if not name.startswith("texas42.") or name == "texas42.__version__":
            continue
        target = name.split(".")[1]
        assert RANKS[target] <= RANKS[layer], f"{path.name} ({layer}) imports {name}"


def test_imports_are_absolute() -> None:
    """A relative import (``from ..report import x``) would slip past the one-way check,
    which reads modules' absolute names: there are none."""
    relative = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in MODULES
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.level > 0
    ]
    assert relative == []


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_only_the_engine_imports_numba_and_the_rules_no_numpy(path: Path) -> None:
    imported = {name.split(".")[0] for name in _imports(path)}
    layer = _layer(path)
    if layer != "engine":
        assert not imported & {"numba", "llvmlite"}, path
    if layer in ("rules", "errors", "interrupts"):
        assert "numpy" not in imported, path


def test_the_command_lines_help_imports_no_numba() -> None:
    code = "import sys, texas42.cli; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["solve", "--help"]])
def test_version_and_help_import_no_numba(args: list[str]) -> None:
    code = (
        "import sys\nfrom texas42.__main__ import main\nsys.argv = ['texas42', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\nprint('numba' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "False"


def test_the_version_and_the_package_import_no_numpy() -> None:
    """``texas42 --version`` answers at once, and ``import texas42`` loads its public names
    (hence numpy and the analysis) only when they are used."""
    code = (
        "import sys\nfrom texas42.__main__ import main\nsys.argv = ['texas42', '--version']\nmain()\n"
        "print('numpy' in sys.modules)\nimport texas42\nprint('numpy' in sys.modules)\n"
        "texas42.parse_hand\nprint('numpy' in sys.modules)\ntexas42.analyze\nprint('numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["texas42", "0.1.0", "False", "False", "False", "True"]


def test_the_evaluator_imports_no_engine_and_no_numba() -> None:
    for path in sorted((PACKAGE / "evaluate").rglob("*.py")):
        imported = _imports(path)
        assert not any(n.startswith(("texas42.engine", "texas42.deal", "numba")) for n in imported), path
    code = (
        "import sys, numpy as np, texas42.evaluate as e; "
        "e.estimate(np.array([127]));  print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
