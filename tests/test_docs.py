"""The docs link to what is there: every Markdown link of the README and docs/ names a
file of the repository (no link leaves it)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_link_names_a_file_of_the_repository(doc):
    for target in LINK.findall(doc.read_text()):
        path = target.split("#", 1)[0]
        assert not re.match(r"[a-z]+:", target), target  # no link outside the repository
        if path:
            assert (doc.parent / path).resolve().is_relative_to(ROOT) and (doc.parent / path).exists(), target
