"""scripts/ is a package: its modules import one another, lepeuple and web by their full
names and run as `python -m scripts.NAME` from the repository root, so none edits
sys.path to find a module, and no benchmark or research screen imports a test."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted([*(ROOT / "scripts").glob("*.py"), *(ROOT / "scripts").glob("*/*.py")])


def edits_sys_path(node):
    """Is `node` a call of a method of sys.path (sys.path.insert(...), sys.path.append(...))?"""
    target = node.func.value if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else None
    return (isinstance(target, ast.Attribute) and target.attr == "path"
            and isinstance(target.value, ast.Name) and target.value.id == "sys")


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_script_finds_its_modules_by_their_full_names(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not [node.lineno for node in ast.walk(tree) if edits_sys_path(node)]
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in imported if name.split(".")[0] in ("tests", "conftest") or name.startswith("test_")]
    assert "noqa: E402" not in path.read_text(encoding="utf-8")
