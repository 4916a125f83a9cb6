"""The guided game in the browser: every chapter completed by clicks only, by
keyboard only and on a 390×844 phone; left and resumed; axe-clean; a screenshot of
every step (test-results/screenshots/tutorial-*.png)."""

import json
import time

import pytest

from lepeuple.coach.guide_script import CHAPTER_IDS, CHAPTERS, STEPS
from play_helpers import menu_click, shoot
from test_a11y import serious_violations, tab_to

DESKTOP = {"viewport": {"width": 1366, "height": 768}, "bypass_csp": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def step_id(page):
    return page.get_attribute("[data-testid=tutorial]", "data-step")


def targets(exp):
    """The selectors a person uses, in order, for one scripted decision."""
    if exp["type"] == "defend":
        return ["[data-testid=defend-yes]"]
    if exp["type"] == "draw":
        return ["[data-testid=draw]"]
    if exp["type"] == "power":
        card = [f'[data-testid=hand] .card[data-arg=\'"{exp["card"]}"\']']
        if "target" in exp:
            return card + [f'.actions [data-act=target][data-arg="{exp["target"]}"]']
        if "meeple" in exp:
            return card + [f".actions .meeple-btn[data-arg='{_json(exp['meeple'])}']",
                           f".actions .meeple-btn[data-arg='{_json(exp['other'])}']"]
        return card + ["[data-testid=confirm]"]
    return [f'[data-testid=hand] .card[data-arg="{exp["card"]}"]']


def _json(value):
    return json.dumps(value, separators=(",", ":"))


def finish_move(page, exp, press):
    """After the card: the meeple, the tile, the way (whichever the page asks for)."""
    meeple = _json(exp["meeple"])
    for _ in range(4):
        if page.get_attribute("[data-testid=tutorial]", "data-done") == "1":
            return
        if page.locator(f".actions .meeple-btn[data-arg='{meeple}']").count():
            press(f".actions .meeple-btn[data-arg='{meeple}']")
        elif page.locator(f'.actions .reach-btn[data-how="{exp["how"]}"][data-act=how]').count():
            press(f'.actions .reach-btn[data-how="{exp["how"]}"][data-act=how]')
        else:
            tile = page.locator(".tile.hint-to").get_attribute("data-tile")
            press(f'.actions .reach-btn[data-to="{tile}"]')
        page.wait_for_timeout(30)
    assert page.get_attribute("[data-testid=tutorial]", "data-done") == "1"


def play_through(page, press, name, stop_at=None, chapters=CHAPTER_IDS):
    """Every step of the chapters named, each chapter opened from the guide bar's chapter list."""
    for chapter in chapters:
        steps = CHAPTERS[CHAPTER_IDS.index(chapter)]["steps"]
        if page.get_attribute("[data-testid=tutorial]", "data-chapter") != chapter:
            press(f"[data-testid=tut-chapter-{chapter}]")
        for i, step in enumerate(steps):
            page.wait_for_selector(f"[data-testid=tutorial][data-step={step['id']}]")
            assert page.evaluate("document.body.dataset.screen") == "tutorial"
            shoot(page, f"tutorial-{name}-{chapter}-{i + 1}-{step['id']}")
            if stop_at == step["id"]:
                return
            if step["expect"]:
                exp = step["expect"][0]
                for sel in targets(exp):
                    press(sel)
                if exp["type"] == "move":
                    finish_move(page, exp, press)
                page.wait_for_selector("[data-testid=tutorial][data-done='1']")
                assert not page.locator("[data-testid=coach-refused]").count()
                shoot(page, f"tutorial-{name}-{chapter}-{i + 1}-{step['id']}-done")
            if i + 1 < len(steps):
                press("[data-testid=tut-next]")
        assert page.locator("[data-testid=tut-play]").count() == 1
        assert page.locator(f"[data-testid=tut-chapter-{chapter}] .tut-chapter-state").count() == 1  # marked read


@pytest.mark.parametrize("context_options", [DESKTOP])
def test_the_guided_game_by_clicks_only(goto_ready, page):
    goto_ready("?tutorial=1")
    start = time.monotonic()
    play_through(page, page.click, "clicks")
    print(f"\nguided game by clicks: {time.monotonic() - start:.1f} s of page time, {len(STEPS)} steps")
    assert not serious_violations(page)
    page.click("[data-testid=tut-play]")
    assert page.evaluate("document.body.dataset.screen") == "new"


@pytest.mark.parametrize("context_options", [DESKTOP])
def test_the_guided_game_by_keyboard_only(goto_ready, page):
    goto_ready("?tutorial=1")

    def press(selector):
        tab_to(page, selector, limit=250)
        page.keyboard.press("Enter")

    play_through(page, press, "keys")


def tapper(page):
    """Taps as a person taps: a tap near the last one, sooner than a double tap's interval,
    would be its second tap, which the page never acts on (web/page/input.mjs): wait it out."""
    last = {"at": 0.0, "x": -99.0, "y": -99.0}

    def tap(selector):
        target = page.locator(selector).first
        box = target.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        wait = DOUBLE_TAP_S - (time.monotonic() - last["at"])
        if wait > 0 and abs(x - last["x"]) + abs(y - last["y"]) < 60:
            time.sleep(wait)
        target.tap()
        last.update(at=time.monotonic(), x=x, y=y)
    return tap


DOUBLE_TAP_S = 0.6  # longer than a browser's double-tap interval (500 ms in Chromium)


@pytest.mark.parametrize("context_options", [PHONE])
def test_the_guided_game_on_a_phone(goto_ready, page):
    goto_ready("?tutorial=1")
    play_through(page, tapper(page), "phone")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("context_options", [DESKTOP])
def test_left_and_resumed(goto_ready, page, site_url, wait_ready):
    goto_ready("")
    assert page.locator("[data-testid=tut-offer]").count() == 1  # first visit: offered
    page.click("[data-testid=tut-start]")
    play_through(page, page.click, "resume", stop_at="pickaxe")
    page.click("[data-testid=tut-leave]")
    assert page.evaluate("document.body.dataset.screen") == "new"
    assert page.evaluate("localStorage.getItem('lepeuple.save')") is None  # no game saved by it
    page.reload()
    wait_ready(page)
    assert "4" in page.locator("[data-testid=tut-start]").inner_text()
    page.click("[data-testid=tut-start]")
    page.wait_for_selector("[data-testid=tutorial][data-step=pickaxe]")
    assert page.locator(".pawn[data-on='2'][data-key='meeple-0-1']").count() == 1  # the same table
    card_13 = "[data-testid=hand] .card[data-arg='13']"
    if page.locator(card_13).count():
        page.click(card_13)
    page.click("[data-testid=tut-leave]")
    menu_click(page, "[data-testid=tutorial-open]")  # from the header's menu
    assert step_id(page) == "pickaxe"


@pytest.mark.parametrize("context_options", [PHONE])
def test_in_japanese_the_coach_names_power_cards_as_the_summary_does(goto_ready, page):
    goto_ready("?tutorial=1&lang=ja")
    page.locator("[data-testid=tut-chapter-cards]").tap()
    page.wait_for_selector("[data-testid=tutorial][data-step=soin]")
    assert "治療" in page.inner_text("[data-testid=coach-text]")
    card = "[data-testid=hand] .card[data-arg='\"soin\"']"
    assert page.inner_text(f"{card} .power-name") == "Soin"  # the face keeps its printed name
    assert page.get_attribute(card, "aria-label").startswith("治療（Soin）")
    shoot(page, "tutorial-ja-cards-soin")
