"""A move with the keyboard alone, a move on a phone without scrolling, and the
hot-seat pass screen holding the keyboard focus.

Positions come from a saved scenario (play_helpers.open_scenario): Ann (seat 0)
with meeples on tiles 2 and 3 holds movement cards 7 and 13.
"""

import pytest

from play_helpers import actions_count, open_scenario, saved_actions, shoot, visible, wait_for_person

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
HOTSEAT = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "level": "easy"}]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def setup(active=0):
    return {"meeples": [[2, 3], [6, 6], [10, 10]],
            "hands": [{"movement": [7, 13], "power": []}, {"movement": [2, 3], "power": []},
                      {"movement": [4, 9], "power": []}],
            "scores": [0, 0, 0], "active": active}


@pytest.fixture
def context_options(request):
    if "phone" in request.node.name:
        return PHONE
    return {"viewport": {"width": 1366, "height": 768}}


FOCUS = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return {act: el.getAttribute('data-act'), testid: el.getAttribute('data-testid'),
            cls: el.className, inHand: !!el.closest('[data-testid=hand]'),
            inActions: !!el.closest('.actions'), inPass: !!el.closest('[data-testid=pass-screen]'),
            text: (el.getAttribute('aria-label') || el.textContent || '').slice(0, 80)};
}"""


def focus(page):
    return page.evaluate(FOCUS)


# ----- keyboard ----------------------------------------------------------------

def test_keyboard_plain_move_in_at_most_8_presses(page, site_url, wait_ready):
    # The two bots play first; then Ann's turn starts with the focus on her first card.
    open_scenario(page, site_url, wait_ready, SEATS, setup(active=1))
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 2", timeout=60_000)
    wait_for_person(page)
    page.wait_for_selector("[data-testid=hand] button.card.movement")
    base = actions_count(page)
    start = focus(page)
    presses, where = [], []
    for _ in range(8):
        here = focus(page)
        where.append(here)
        # Enter on a choice of the move (a card, a meeple, a way to a tile); else Tab on.
        key = "Enter" if here and here["act"] in ("card", "meeple", "tile", "how") else "Tab"
        page.keyboard.press(key)
        presses.append(key)
        if actions_count(page) > base:
            break
    # (the bots then play on at once: the action at `base` is Ann's)
    assert actions_count(page) > base, f"no move after {presses}; focus was on {where}"
    assert saved_actions(page)[base]["type"] == "move", (presses, where)
    assert len(presses) <= 8
    # The turn began with the focus on the first playable card of the hand.
    assert start is not None and start["act"] == "card" and start["inHand"], start


def test_after_a_card_the_focus_is_on_the_first_meeple_choice(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, setup())
    wait_for_person(page)
    page.locator("[data-testid=hand] button.card[data-arg='7']").focus()
    page.keyboard.press("Enter")
    here = focus(page)
    assert here is not None and here["act"] == "meeple" and here["inActions"], here
    page.keyboard.press("Enter")
    here = focus(page)
    assert here is not None and here["act"] in ("tile", "how") and here["inActions"], here
    assert page.locator(".tile.reach .outcome-tag, .tile.reach .tile-target[aria-label]").count() >= 1


# ----- phone -----------------------------------------------------------------------

def assert_on_first_screen(page, selector):
    """The control is on the first screen (no scrolling needed) and nothing scrolled."""
    el = page.locator(selector).first
    box = el.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844 + 0.5, (selector, box)
    assert page.evaluate("window.scrollY") == 0
    return el


def test_phone_plain_move_without_scrolling(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, SEATS, setup())
    wait_for_person(page)
    assert page.evaluate("window.scrollY") == 0
    assert_on_first_screen(page, "[data-testid=prompt]")
    assert_on_first_screen(page, ".ring")
    assert_on_first_screen(page, "[data-testid=hand] button.card[data-arg='13']")
    assert_on_first_screen(page, "a.to-side")
    assert_on_first_screen(page, "[data-testid=hand] button.card[data-arg='7']").tap()
    assert page.evaluate("window.scrollY") == 0
    assert_on_first_screen(page, ".actions .meeple-btn").tap()
    assert page.evaluate("window.scrollY") == 0
    assert page.locator(".tile.reach").count() >= 1
    shoot(page, "story-phone")
    assert_on_first_screen(page, ".actions .reach-btn[data-to='6']").tap()
    page.wait_for_function("() => Number(document.body.dataset.actions) >= 1", timeout=10_000)
    assert saved_actions(page)[0] == {"type": "move", "card": 7, "meeple": [0, 0], "how": "square"}
    assert page.evaluate("window.scrollY") == 0
    # Scores and log are below the first screen, one tap away.
    # Measured inside the page in one go: the bots play on at instant speed and each
    # of their steps draws the table anew, so a two-step measure can meet a redraw.
    side = page.evaluate("() => { const s = document.querySelector('#side');"
                         " return s && s.getBoundingClientRect().top + window.scrollY; }")
    assert side is not None and side >= 844 - 1, side


# ----- hot-seat pass screen ----------------------------------------------------

def assert_pass_screen_holds_focus(page, name):
    page.wait_for_selector("[data-testid=pass-screen]")
    assert page.locator("[data-testid=pass-screen] h2").inner_text() == f"Pass the device to {name}"
    here = focus(page)
    assert here is not None and here["testid"] == "pass-ok", here
    for key in ("Tab", "Tab", "Tab", "Shift+Tab"):
        page.keyboard.press(key)
        here = focus(page)
        assert here is not None and here["inPass"], (key, here)
    # The rest of the page is inert: nothing behind the dialog takes a click or the focus.
    assert page.evaluate("""() => [...document.querySelectorAll('.table-screen button, header button, select')]
        .filter(el => !el.closest('[data-testid=pass-screen]'))
        .every(el => !!el.closest('[inert]'))""")


def test_pass_screen_focuses_its_button_and_keeps_focus(page, site_url, wait_ready):
    open_scenario(page, site_url, wait_ready, HOTSEAT, setup())
    wait_for_person(page)
    assert_pass_screen_holds_focus(page, "Ann")
    shoot(page, "story-pass-screen")
    page.locator("[data-testid=pass-ok]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=hand] button.card.movement")
    assert not visible(page, "[data-testid=pass-screen]")
    assert page.evaluate("!document.querySelector('[inert]')")
    # Ann moves; the pass screen for Bob comes up mid-game with the same focus rules.
    page.locator("[data-testid=hand] button.card[data-arg='7']").click()
    page.locator(".actions .meeple-btn", has_text="tile 2").click()
    page.locator(".actions .reach-btn[data-to='6']").click()
    wait_for_person(page)
    assert_pass_screen_holds_focus(page, "Bob")
