"""The Pages workflow: actions pinned by commit SHA, pull requests tested, only a
site that passed the README's test command deployed, and only from main, by the one
job that may write to Pages."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
PAGES = ROOT / ".github" / "workflows" / "pages.yml"
MAIN_ONLY = "if: github.event_name == 'push' && github.ref == 'refs/heads/main'"


def jobs(text):
    """name -> text of each job of a workflow (the keys two spaces in under `jobs:`)."""
    parts = re.split(r"(?m)^  ([\w-]+):\n", text[text.index("\njobs:\n"):])
    return dict(zip(parts[1::2], parts[2::2]))


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


def test_pull_requests_are_tested_and_only_a_push_to_main_deploys():
    text = PAGES.read_text()
    on = text[text.index("\non:\n"):text.index("\npermissions:")]
    assert re.search(r"(?m)^  push:\n    branches: \[main\]$", on) and re.search(r"(?m)^  pull_request:", on)
    build, deploy = jobs(text)["test-and-build"], jobs(text)["deploy"]
    upload = build.index("upload-pages-artifact")
    assert "if:" not in build[:upload]  # the tests run for every event
    assert MAIN_ONLY in build[upload:] and MAIN_ONLY in deploy


def test_only_the_deploy_job_may_write_to_pages():
    text = PAGES.read_text()
    assert re.search(r"(?m)^permissions:\n  contents: read\n(?!  )", text[:text.index("\njobs:\n") + 1])
    for name, job in jobs(text).items():
        writes = sorted(re.findall(r"(?m)^      ([\w-]+): write$", job))
        assert writes == (["id-token", "pages"] if name == "deploy" else []), name


def test_every_job_has_a_time_limit():
    for path in WORKFLOWS:
        for name, job in jobs(path.read_text()).items():
            assert re.search(r"(?m)^    timeout-minutes: \d+$", job), (path.name, name)


def test_the_workflow_and_ci_run_the_same_command():
    runs = re.findall(r"(?m)^\s+run: (.+)$", PAGES.read_text())
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert runs == ["scripts/test"]
    assert ci[-1] == 'exec bash ./scripts/test "$@"'  # CI gives it no argument
