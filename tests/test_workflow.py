"""The Pages workflow (issue 22, 23): actions pinned by commit SHA, and only a site
that passed the README's test command is deployed."""

import re
from pathlib import Path

WORKFLOWS = sorted((Path(__file__).parent.parent / ".github" / "workflows").glob("*.yml"))
PAGES = Path(__file__).parent.parent / ".github" / "workflows" / "pages.yml"


def test_every_action_is_pinned_by_a_commit_sha():
    uses = [(path.name, ref) for path in WORKFLOWS for ref in re.findall(r"uses:\s*(\S+)", path.read_text())]
    assert uses
    for name, ref in uses:
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), (name, ref)


def test_the_site_deployed_is_the_one_the_test_command_built_and_passed():
    text = PAGES.read_text()
    job = text[text.index("test-and-build:"):text.index("\n  deploy:")]
    steps = [line.strip() for line in job.splitlines() if line.strip().startswith(("- ", "run:", "path:"))]
    test = next(i for i, s in enumerate(steps) if s.endswith("run: scripts/test") or s == "run: scripts/test")
    upload = next(i for i, s in enumerate(steps) if "upload-pages-artifact" in s)
    assert test < upload and "path: _site" in steps[upload + 1:]
    assert "build_site.py" not in job  # no second build after the tests
    assert "needs: test-and-build" in text[text.index("\n  deploy:"):]
