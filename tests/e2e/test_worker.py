"""The page's thread only draws: the game's Python (the engine, the bots' search,
the review, every screen's drawing) runs in a module Web Worker
(PyScript's: web/main.py), and a worker that dies is restarted with nothing lost."""

import json
from pathlib import Path

import pytest

from play_helpers import actions_count, game_url, play_decision, saved_actions, wait_for_person

ROOT = Path(__file__).resolve().parents[2]
STATS = "() => window.lepeupleWorker.stats"


def stats(page):
    return page.evaluate(STATS)


def worker_python(page, code):
    """The value of `code`'s last line, run by the Python of the page's worker."""
    [worker] = page.workers
    return worker.evaluate("code => pyodide.runPython(code)", code)


def page_thread_has_no_python(page):
    return page.evaluate("""() => typeof window.pyodide === "undefined" && typeof window.loadPyodide === "undefined"
        && !document.querySelector('script[type="py"]:not([worker]), py-script:not([worker])')""")


def test_hard_bots_think_in_the_worker_and_the_page_only_draws(goto_ready):
    page = goto_ready(game_url("bot:hard,bot:hard,bot:normal", 4))
    first = stats(page)
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 6", timeout=120_000)
    bots = json.loads(page.evaluate("document.body.dataset.botStats"))
    assert bots["levels"]["hard"]["decisions"] >= 1  # real decisions, with a choice
    assert worker_python(page, "import sys; 'lepeuple.bots.search' in sys.modules") is True
    assert page_thread_has_no_python(page)
    later = stats(page)
    assert later["received"] > first["received"] and later["renders"] > first["renders"]
    assert later["restarts"] == 0


def test_the_review_runs_in_the_worker(goto_ready, site_url, page):
    """A finished game opened from a file: Review works it out in the worker, with its progress drawn."""
    record = json.loads((ROOT / "tests/records/3p-seed2026.json").read_text())["record"]  # a bare engine record
    goto_ready()
    page.set_input_files("input[type=file]", files=[{
        "name": "game.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}])
    page.wait_for_selector("[data-testid=replay-bar]")
    before = stats(page)
    page.click("[data-testid=review]")
    page.wait_for_selector("[data-testid=review-panel] h2", timeout=300_000)  # its result
    assert worker_python(page, "import sys; 'lepeuple.coach.review' in sys.modules") is True
    assert page_thread_has_no_python(page)
    assert stats(page)["renders"] > before["renders"] + 1  # its progress, then its result


@pytest.mark.realtime
def test_a_worker_that_dies_mid_game_is_restarted_and_the_game_goes_on(goto_ready):
    """The worker closes itself in the middle of a bots' game (as a crash would end it):
    the page notices its silence, starts another, and the same game goes on from its save."""
    page = goto_ready(game_url("bot:hard,bot:normal,bot:easy", 9))
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 4", timeout=120_000)
    [worker] = page.workers
    worker.evaluate("close()")
    page.wait_for_function("() => window.lepeupleWorker.stats.restarts === 1", timeout=60_000)
    played = saved_actions(page)
    page.wait_for_function(f"() => Number(document.body.dataset.actions || 0) >= {len(played) + 4}",
                           timeout=120_000)
    assert saved_actions(page)[:len(played)] == played  # the same game, resumed
    assert page.locator("#error").is_hidden()
    assert stats(page)["restarts"] == 1


def test_a_browser_without_workers_is_told_so_on_the_page(page, site_url, recorder):
    """The game's Python needs PyScript's worker (the page's own thread runs no Python):
    a browser where PyScript cannot make one gets words."""
    recorder.allow_console("no workers here|could not start")
    page.add_init_script("window.Worker = function () { throw new TypeError('no workers here'); };")
    page.goto(site_url + game_url("bot:easy,bot:easy,bot:easy", 2))
    page.wait_for_selector("#error:not([hidden])", timeout=30_000)
    assert "The game could not start" in page.inner_text("#error")
    assert "no workers here" in page.inner_text("#error")
    assert page.locator("body[data-ready]").count() == 0


@pytest.mark.parametrize("context_options", [{"service_workers": "block", "locale": "fr-FR"}])
@pytest.mark.parametrize("missing", ["vendor/pyscript/core.js", "pyscript.toml", "web/startup/interpreter.mjs"])
def test_pyscript_its_configuration_or_the_interpreter_missing_is_said_in_the_browsers_language(
        page, site_url, recorder, missing):
    """Where PyScript's core, its configuration or our interpreter module cannot be loaded, the
    page says so in words, here in French (the browser's language), never a blank page."""
    recorder.allow_console(".")  # the browser reports the failed request and what followed
    page.route(f"**/{missing}", lambda route: route.abort())  # it cannot be fetched
    page.goto(site_url + game_url("bot:easy,bot:easy,bot:easy", 2))
    page.wait_for_selector("#error:not([hidden])", timeout=30_000)
    assert "Le jeu n’a pas pu démarrer" in page.inner_text("#error")
    assert page.locator("body[data-ready]").count() == 0


def test_a_worker_message_that_is_not_json_is_set_aside_and_the_game_goes_on(goto_ready, recorder):
    """A text from the worker that is not JSON (a stray print, a cut message) is warned of in the
    console, once each; the page shows no error and goes on drawing what the worker sends."""
    recorder.allow_console("not JSON")
    page = goto_ready(game_url("human,bot:easy,bot:easy", 3))
    warned = []
    page.on("console", lambda m: warned.append(m.text) if "not JSON" in m.text else None)
    page.evaluate("""() => { const worker = document.querySelector('script[type="py"][worker]').xworker;
        for (const text of ["not json", "{", "[1,"]) worker.dispatchEvent(new MessageEvent("message", { data: text })); }""")
    wait_for_person(page)
    before = actions_count(page)
    play_decision(page, play_cards=False)
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before, timeout=30_000)
    assert page.locator("#error").is_hidden() and len(warned) == 3
