"""Nothing lost, nothing stuck, on the real page: stored junk never stops the start,
two tabs never roll a game back, storage that keeps nothing is said, a name cannot
turn the page around, a link's ignored parameters are shown above the table."""

import json

import pytest

from play_helpers import actions_count, game_url, play_decision, shoot, wait_actions, wait_for_person
from web.model.storage import MAX_DEPTH


@pytest.fixture
def context_options():
    return {"viewport": {"width": 1366, "height": 768}}


@pytest.mark.parametrize("prefs", ['{"speed": ["x"]}', '{"lang": ["x"]}', '{"lang": {}}', "]"])
def test_bad_preferences_are_reset_and_the_page_starts(page, site_url, wait_ready, prefs):
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("p => localStorage.setItem('lepeuple.prefs', p)", prefs)
    page.reload()
    wait_ready(page)
    assert "preferences could not be read" in page.locator("[data-testid=notices]").inner_text()
    page.reload()  # reset for good: no notice the second time
    wait_ready(page)
    assert page.locator("[data-testid=notices]").count() == 0


def test_a_save_nested_ten_thousand_deep_opens_the_unreadable_save_screen(page, site_url, wait_ready):
    deep = '{"app": "lepeuple", "version": 1, "seats": [], "record": ' + "[" * 10000 + "]" * 10000 + "}"
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("s => localStorage.setItem('lepeuple.save', s)", deep)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.screen") == "broken"
    assert f"nested more than {MAX_DEPTH} deep" in page.locator("[data-testid=broken-save]").inner_text()
    assert page.evaluate("localStorage.getItem('lepeuple.save')") == deep  # kept, downloadable


def test_two_tabs_never_roll_a_game_back(context, site_url, wait_ready, recorder):
    a = context.new_page()
    a.goto(site_url + game_url("human,bot:easy,bot:easy", 5))
    wait_ready(a)
    b = context.new_page()  # opened on the same game before tab A plays
    b.goto(site_url + "?speed=instant")
    wait_ready(b)
    wait_for_person(a)
    before = actions_count(a)
    play_decision(a)
    wait_for_person(a)
    played = json.loads(a.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["actions"]
    assert len(played) > before
    b.wait_for_selector("[data-testid=stale]")  # B heard of it and stopped
    shoot(b, "stale-tab")
    b.keyboard.press("Enter")  # the dialog's button has the focus: continue here
    b.wait_for_selector("[data-testid=stale]", state="detached")
    wait_actions(b, len(played))
    assert json.loads(b.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["actions"] == played
    assert not recorder.problems()


@pytest.fixture
def no_storage(context):
    """A browser that refuses localStorage (as with storage disabled)."""
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });""")


def test_storage_that_keeps_nothing_is_said(no_storage, goto_ready):
    page = goto_ready(game_url("human,bot:easy,bot:easy", 3))
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert "will be lost" in page.locator("[data-testid=notices]").inner_text()
    wait_for_person(page)
    play_decision(page)  # and the game goes on


def test_a_right_to_left_override_in_a_name_turns_nothing_around(goto_ready):
    page = goto_ready(game_url("human,human,bot:easy", 4, "&names=%E2%80%AEevil,Bob"))
    page.wait_for_selector("[data-testid=pass-screen]")
    text = page.locator("body").inner_text()
    assert "\u202e" not in text and "evil" in text
    shoot(page, "rlo-name")
    page.click("[data-testid=pass-ok]")
    assert page.locator("[data-testid=hand] h2").inner_text().startswith("evil")


def test_a_links_ignored_parameters_are_shown_above_the_table(goto_ready):
    page = goto_ready("?players=human,bot:normal,bot:normal&lang=xx&foo=1&speed=warp")
    assert page.evaluate("document.body.dataset.screen") == "table"
    notices = page.locator("[data-testid=notices]").inner_text()
    assert "foo" in notices and "xx" in notices and "warp" in notices
