"""The examples in docstrings run: each module with `>>>` examples is checked here."""

import doctest
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # web/ is a folder of the repository, not an installed package


def modules_with_examples():
    """Every module of lepeuple/ and web/ whose source holds a `>>>` example (web/ modules
    that need the browser have none)."""
    out = []
    for path in sorted([*ROOT.glob("lepeuple/**/*.py"), *ROOT.glob("web/**/*.py")]):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples_run(name):
    importlib.import_module(name)
    module = sys.modules[name]  # not the attribute: lepeuple.preview is also a function's name
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
