"""The new-game form says what each bot level does: every level's text under the
seats, the chosen levels marked, each bot seat's menu described by its level's
text (what a screen reader reads with the menu), on a phone without sideways
scrolling and on a laptop."""

import pytest
from playwright.sync_api import expect

from lepeuple.bots import LEVELS
from play_helpers import shoot
from test_a11y import serious_violations
from test_rules_phone import NO_SCROLL
from web import i18n

FR = i18n.catalog("fr")


def _choose_hard_with_the_keyboard(page):
    """Seat 3 goes from "Bot – normal" to "Bot – hard" by an arrow key; the focus stays on its menu."""
    menu = page.locator("select[name=kind-2]")
    expect(menu).to_have_value("bot:normal")
    menu.focus()
    page.keyboard.press("ArrowDown")
    expect(menu).to_have_value("bot:hard")
    assert page.evaluate("document.activeElement.name") == "kind-2"  # not thrown back to seat 1
    return menu


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 390, "height": 844}, "bypass_csp": True}])
def test_a_phone_shows_what_the_chosen_level_does(goto_ready, page):
    goto_ready()
    menu = _choose_hard_with_the_keyboard(page)
    expect(menu).to_have_accessible_description(LEVELS["hard"])
    expect(page.locator("select[name=kind-1]")).to_have_accessible_description(LEVELS["normal"])
    assert page.locator("select[name=kind-0]").get_attribute("aria-describedby") is None  # a person
    notes = page.locator("[data-testid=level-notes]")
    for level, text in LEVELS.items():
        expect(notes.locator(f"[data-level={level}] dd")).to_have_text(text)
    expect(notes.locator("[data-level=hard]")).to_have_class("level-note used")
    expect(notes.locator("[data-level=easy]")).to_have_class("level-note")
    hard = notes.locator("[data-level=hard]")
    hard.scroll_into_view_if_needed()
    expect(hard).to_be_in_viewport()
    assert page.evaluate(NO_SCROLL), page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    box = hard.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    shoot(page, "new-game-levels-390x844")
    shoot(page, "new-game-levels-390x844-full", full_page=True)
    assert not serious_violations(page)
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate(NO_SCROLL), page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 1280, "height": 800}}])
def test_a_laptop_shows_the_levels_beside_the_seats(goto_ready, page):
    goto_ready()
    menu = _choose_hard_with_the_keyboard(page)
    expect(menu).to_have_accessible_description(LEVELS["hard"])
    notes = page.locator("[data-testid=level-notes]")
    expect(notes).to_be_in_viewport()
    shoot(page, "new-game-levels-1280x800")
    # Back to a person: no description, and "hard" is no longer marked as chosen.
    page.select_option("select[name=kind-2]", "human")
    assert page.locator("select[name=kind-2]").get_attribute("aria-describedby") is None
    expect(notes.locator("[data-level=hard]")).to_have_class("level-note")
    # The language menu: the texts follow it.
    page.select_option("select[name=lang]", "fr")
    page.select_option("select[name=kind-1]", "bot:hard")
    expect(page.locator("select[name=kind-1]")).to_have_accessible_description(FR["level.hard.about"])
    shoot(page, "new-game-levels-fr-1280x800")
