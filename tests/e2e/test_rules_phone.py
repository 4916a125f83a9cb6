"""The rules page (reachable from the header, in every language, with its
diagrams), the long-press explanation on touch screens, and phone layouts:
no horizontal scrolling at 360×740 and 1366×768, touch targets of 44 px."""

import pytest

from play_helpers import game_url, menu_click, shoot, visible, wait_for_person
from test_a11y import serious_violations

SIZES = [(360, 740), (1366, 768)]
NO_SCROLL = "document.scrollingElement.scrollWidth <= window.innerWidth"
# Every visible control of the page whose box is under 44 px either way.
# A radio button counts with its label (the whole label is the target).
SMALL_TARGETS = """() => [...document.querySelectorAll('#app button, #app select, #app input, #app a[href]')]
  .filter(e => e.offsetParent !== null && !e.disabled)
  .map(e => e.type === 'radio' ? e.closest('label') : e)
  .map(e => [e.getBoundingClientRect(), e])
  .filter(([r, e]) => r.width < 43.5 || r.height < 43.5)  // sub-pixel layout: 43.9 px is 44
  .map(([r, e]) => `${e.className || e.tagName} ${e.dataset.act || e.name || ''} `
                 + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


# axe-core is injected by the test (never part of the page), as an inline
# script the page's Content-Security-Policy forbids: bypassed here, as in test_a11y.
@pytest.mark.parametrize("context_options", [{"bypass_csp": True}])
@pytest.mark.parametrize("lang, heading, noble", [("en", "How to play", "Noble attack"),
                                                   ("fr", "Comment jouer", "Attaque noble"),
                                                   ("ja", "遊び方", "ノーブルアタック")])
def test_rules_page_from_the_header(goto_ready, page, lang, heading, noble):
    goto_ready(f"?lang={lang}")
    menu_click(page, "[data-testid=rules-open]")
    assert page.evaluate("document.body.dataset.screen") == "rules"
    rules = page.locator("[data-testid=rules]")
    assert heading in rules.locator("h2").inner_text()
    for kind in ("supply", "noble", "sneaky"):
        assert page.locator(f"[data-testid=diagram-{kind}] .d-meeple").count() == 2
    assert noble in rules.inner_text()
    shoot(page, f"rules-{lang}", full_page=True)
    if lang == "en":
        assert not serious_violations(page)
    page.click("[data-testid=rules-close]")
    assert page.evaluate("document.body.dataset.screen") == "new"


@pytest.mark.parametrize("context_options", [{"has_touch": True, "viewport": {"width": 360, "height": 740}}])
def test_long_press_explains_a_tile_and_a_card(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    wait_for_person(page)
    for selector, words in (("[data-tile='4']", "power card"), ("[data-testid=hand] .card.movement", "circle")):
        page.locator(selector).first.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
        page.wait_for_selector("#tip:not([hidden])", timeout=3000)
        assert words in page.locator("#tip").inner_text()
        page.locator(selector).first.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
        shoot(page, "long-press-360x740")
        page.locator("body").dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    # The long-press says which rule explains it, one tap away: the rules open beside the game.
    page.locator("[data-tile='4']").dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    page.wait_for_selector("#tip:not([hidden]) .tip-why", timeout=3000)
    page.locator("[data-tile='4']").dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
    page.click("#tip .tip-why")
    page.wait_for_selector("[data-testid=rules-panel]")
    assert "R12" in page.locator("[data-testid=rules-panel]").inner_text()


@pytest.mark.parametrize("context_options", [{"has_touch": True, "viewport": {"width": 390, "height": 844}}])
def test_a_long_press_on_a_card_shows_it_larger_on_screen_until_the_next_touch(goto_ready, page):
    """A phone has no hover: a long press on any card of the hand shows its larger copy,
    whole on the screen, with its words above it, and the next touch elsewhere puts it away."""
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    wait_for_person(page)
    for _ in range(2):  # a fuller hand: its last card's copy stays on screen too
        page.click("[data-testid=draw]")
        wait_for_person(page)
    cards = page.locator("[data-testid=hand] .card[data-zoom]")
    assert cards.count() >= 5
    for i in range(cards.count()):
        card = cards.nth(i)
        copy = card.locator(".card-zoom")
        assert not copy.is_visible()
        card.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
        page.wait_for_selector("[data-testid=hand] .card.zoomed > .card-zoom", timeout=3000)
        card.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
        box, big = card.bounding_box(), copy.bounding_box()
        assert big["width"] > 1.5 * box["width"], (i, box, big)
        assert big["x"] >= 0 and big["x"] + big["width"] <= 390 and big["y"] >= 0, (i, big)
        tip = page.locator("#tip").bounding_box()  # its words too, on the screen, clear of the copy
        assert tip["y"] >= 0 and tip["y"] + tip["height"] <= min(844, big["y"]), (i, tip, big)
        if i == 1:
            shoot(page, "long-press-zoom-390x844")
        page.locator("[data-testid=prompt]").dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
        assert not copy.is_visible() and page.locator(".zoomed").count() == 0


@pytest.mark.parametrize("width, height", SIZES)
def test_no_horizontal_scrolling_and_big_touch_targets(page, site_url, wait_ready, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url)
    wait_ready(page)
    small = page.evaluate(SMALL_TARGETS)
    menu_click(page, "[data-testid=rules-open]")
    screens = {}
    screens["rules"] = page.evaluate(NO_SCROLL)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page)
    wait_for_person(page)
    page.locator("[data-testid=hand] button.card.movement").first.click()
    if visible(page, ".actions .meeple-btn"):
        page.locator(".actions .meeple-btn").first.click()
    shoot(page, f"phone-table-{width}x{height}", full_page=True)
    assert page.evaluate(NO_SCROLL), page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert screens["rules"]
    if width < 900:  # a phone: touch targets
        small += page.evaluate(SMALL_TARGETS)
        assert not small, small
