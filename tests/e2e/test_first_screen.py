"""The first screen before Python is ready (web/startup/firstscreen.mjs): the new-game form
is there and usable at once, Python keeps every choice made on it, an early Start
starts the game when Python is ready, and a returning player sees the table as it
was left. Python's start is held back by holding the snapshot's download."""

import json

import pytest

from play_helpers import game_url
from test_first_visit import CSP_WATCH
from test_startup import play_one_move

SNAPSHOT = "**/pyodide-snapshot.bin.gz"
READY = "body[data-ready]"

# No service worker: the page's own requests go through page.route.
pytestmark = pytest.mark.parametrize("context_options", [{"service_workers": "block"}])


class Held:
    """The snapshot's download held back until release(): Python cannot start before."""

    def __init__(self, page):
        self.page, self.routes = page, []
        page.route(SNAPSHOT, self.hold)

    def hold(self, route):
        self.routes.append(route)

    def release(self):
        for route in self.routes:
            route.continue_()
        self.page.unroute(SNAPSHOT, self.hold)


def not_ready(page):
    return page.locator(READY).count() == 0


def early_form(page, site_url, path=""):
    page.add_init_script(CSP_WATCH)
    held = Held(page)
    page.goto(site_url + path)
    page.wait_for_selector(".first select[name=kind-1]:enabled", timeout=10_000)
    return held


@pytest.mark.parametrize("seats", [3, 4])
def test_the_early_form_is_what_python_then_draws(page, site_url, wait_ready, seats):
    held = early_form(page, site_url)
    if seats != 3:
        page.click(f"[data-act=seats][data-arg='{seats}']")
    page.evaluate("document.querySelector('.first input[type=file]').disabled = false")  # Python's own, once ready
    early = page.evaluate("document.querySelector('.first .page').outerHTML")
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.locator("select[name^=kind-]").count() == seats
    assert page.evaluate("document.querySelector('#app .page').outerHTML") == early


def test_the_form_is_usable_before_python_and_every_choice_survives(page, site_url, wait_ready):
    held = early_form(page, site_url)
    page.click("[data-act=seats][data-arg='4']")
    page.select_option("select[name=kind-1]", "human")
    page.fill("input[name=name-0]", "Ann")
    page.fill("input[name=name-1]", "Bea")
    page.select_option("select[name=kind-3]", "bot:hard")
    page.check("input[name=defense][value=shield]")
    page.fill("input[name=target]", "15")
    page.select_option("select[name=lang]", "fr")  # another language: the choices stay
    page.select_option("select[name=speed]", "fast")
    assert page.inner_text("[data-testid=start]") == "Commencer la partie"
    assert page.input_value("input[name=name-1]") == "Bea"
    assert page.locator("[data-level=hard].used").count() == 1
    page.click("[data-testid=rules-open]")  # the rules, in the language chosen
    page.wait_for_selector(".first [data-testid=rules] #rules-title")
    assert page.inner_text("#rules-title") == "Comment jouer"
    page.click("[data-testid=rules-close]")
    assert not_ready(page)
    assert page.evaluate("location.href") == site_url  # nothing changed the address
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.locator(".first").count() == 0  # Python drew the page
    assert page.evaluate("document.body.dataset.screen") == "new"
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert [page.input_value(f"input[name=name-{i}]") for i in (0, 1)] == ["Ann", "Bea"]
    assert [page.input_value(f"select[name=kind-{i}]") for i in range(4)] == ["human", "human", "bot:normal", "bot:hard"]
    assert page.is_checked("input[name=defense][value=shield]") and page.input_value("input[name=target]") == "15"
    assert page.input_value("select[name=speed]") == "fast"
    assert json.loads(page.evaluate("localStorage.getItem('lepeuple.prefs')")) == {"lang": "fr", "speed": "fast"}
    assert page.evaluate("window.__violations") == []


def test_an_early_start_starts_the_game_once_python_is_ready(page, site_url, wait_ready):
    held = early_form(page, site_url)
    page.fill("input[name=name-0]", "Ann")
    page.select_option("select[name=kind-2]", "bot:easy")
    page.click("[data-testid=start]")
    page.wait_for_function("() => /Starting when ready — \\d+ %/.test(document.getElementById('loading-text').textContent)")
    bar = page.evaluate("document.getElementById('loading-bar').getAttribute('aria-valuetext')")
    assert bar.startswith("Starting when ready")
    assert not_ready(page)
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.evaluate("document.body.dataset.screen") == "table"
    seats = json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))["seats"]
    assert seats == [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "normal"},
                     {"kind": "bot", "level": "easy"}]
    assert page.evaluate("window.__violations") == []


def test_an_early_start_with_a_bad_target_shows_the_error_on_the_form(page, site_url, wait_ready):
    held = early_form(page, site_url)
    page.fill("input[name=target]", "99")
    page.click("[data-testid=start]")
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.evaluate("document.body.dataset.screen") == "new"
    assert "99" in page.inner_text("[data-testid=errors]")  # what was typed is refused, as after ready


def test_a_returning_player_sees_the_table_before_python_is_ready(page, site_url, wait_ready):
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page, timeout_ms=120_000)
    play_one_move(page)
    page.wait_for_function("() => !document.body.dataset.thinking")
    hand = page.inner_text("[data-testid=hand]")
    held = Held(page)
    page.reload()
    page.wait_for_selector(".first.kept [data-testid=hand]", timeout=10_000)
    assert not_ready(page)
    assert page.evaluate("document.querySelector('.first.kept').inert")  # read-only
    assert page.inner_text(".first.kept [data-testid=hand]") == hand
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.locator(".first").count() == 0
    assert page.inner_text("[data-testid=hand]") == hand
    play_one_move(page)  # playable


def test_hot_seat_keeps_only_the_pass_screen(page, site_url, wait_ready):
    page.goto(site_url + game_url("human,human,bot:easy", 8))
    wait_ready(page, timeout_ms=120_000)
    page.wait_for_selector("[data-testid=pass-screen]")
    kept = json.loads(page.evaluate("localStorage.getItem('lepeuple.table')"))
    assert 'data-testid="pass-screen"' in kept["html"] and "card movement" not in kept["html"]
    page.click("[data-testid=pass-ok]")
    page.wait_for_selector("[data-testid=hand] .card")
    assert page.evaluate("localStorage.getItem('lepeuple.table')") is None  # a hand is on the page
    held = Held(page)
    page.reload()
    page.wait_for_timeout(1000)
    assert page.locator(".first").count() == 0 and not_ready(page)  # nothing private, nothing shown
    held.release()
    wait_ready(page, timeout_ms=120_000)


def test_a_link_that_starts_a_game_shows_no_form_before_python(page, site_url, wait_ready):
    held = Held(page)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    page.wait_for_selector("#loading-bar")
    page.wait_for_timeout(500)
    assert page.locator(".first").count() == 0
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.evaluate("document.body.dataset.screen") == "table"


@pytest.mark.parametrize(("search", "guided"), [("?tutorial=1&tutorial=0", False), ("?tutorial=0&tutorial=1", True)])
def test_of_a_repeated_tutorial_key_the_last_decides_the_first_screen(page, site_url, wait_ready, search, guided):
    held = Held(page)
    page.goto(site_url + search)
    page.wait_for_selector("#loading-bar")
    page.wait_for_timeout(500)
    assert page.locator(".first select[name=kind-1]").count() == (0 if guided else 1)
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.evaluate("document.body.dataset.screen") == ("tutorial" if guided else "new")


def assert_refused(page, typed, focused):
    """Each field of `typed` shows its text, marked invalid, described by the message that
    quotes it; the focus is on `focused`."""
    errors = page.inner_text("[data-testid=errors]")
    for name, text in typed.items():
        field = page.locator(f"input[name={name}]")
        assert field.input_value() == text and field.get_attribute("aria-invalid") == "true"
        assert f"“{text}”" in page.inner_text("#" + field.get_attribute("aria-describedby")) and text in errors
    assert page.evaluate("document.activeElement.name") == focused


def test_refused_fields_keep_what_was_typed_before_and_after_python_is_ready(page, site_url, wait_ready):
    """Issue 33: target 99999 and seed -5 were said back, but the fields showed 12 and nothing."""
    held = early_form(page, site_url)
    page.fill("input[name=target]", "99999")
    page.fill("input[name=seed]", "-5")
    page.click("[data-testid=start]")
    assert_refused(page, {"target": "99999", "seed": "-5"}, "target")  # said at once, nothing waits to start
    assert not_ready(page) and "Starting when ready" not in page.inner_text("#loading")
    held.release()
    wait_ready(page, timeout_ms=120_000)
    assert page.locator(".first").count() == 0 and page.evaluate("document.body.dataset.screen") == "new"
    assert_refused(page, {"target": "99999", "seed": "-5"}, "target")  # Python says it again
    page.fill("input[name=target]", "15")
    page.click("[data-testid=start]")
    assert_refused(page, {"seed": "-5"}, "seed")
    assert page.locator("input[name=target]").get_attribute("aria-invalid") is None
    assert page.input_value("input[name=target]") == "15"
    page.fill("input[name=seed]", "4")
    page.click("[data-testid=start]")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["seed"] == 4
