"""The rules beside the board: on a 1366×768 screen the panel leaves the ring, the
hand and the prompt visible and playable; "why?" on a log line opens it at the
example; Escape closes it; axe-clean. On a phone it is a sheet over the table."""

import pytest

from play_helpers import game_url, menu_click, shoot, wait_for_person
from test_a11y import serious_violations


def box(page, selector):
    return page.locator(selector).first.bounding_box()


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 1366, "height": 768}, "bypass_csp": True}])
def test_the_rules_panel_opens_beside_the_table(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    wait_for_person(page)
    menu_click(page, "[data-testid=rules-open]")
    panel = box(page, "[data-testid=rules-panel]")
    assert page.evaluate("document.body.dataset.screen") == "table"
    ring, hand = box(page, ".ring"), box(page, "[data-testid=hand]")
    for part in (ring, hand, box(page, "[data-testid=prompt]")):  # nothing of the game under the panel
        assert part["x"] + part["width"] <= panel["x"] + 1
        assert part["y"] >= 0 and part["y"] + part["height"] <= 768 + 1
    assert page.locator("#rules-R14 .diagram").count() >= 3
    shoot(page, "rules-panel-1366")
    assert not serious_violations(page)
    # The game goes on with the panel open: a card can be selected.
    card = page.locator("[data-testid=hand] button.card.movement").first
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=rules-panel]").count() == 0


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 1366, "height": 768}}])
def test_why_on_a_scoring_line_opens_its_example(goto_ready, page, site_url, wait_ready):
    goto_ready("?tutorial=1")
    page.click("[data-testid=tut-next]")
    page.click("[data-testid=hand] .card[data-arg='2']")
    page.click(".actions .reach-btn[data-to='3']")
    page.click("[data-testid=tut-next]")
    page.click("[data-testid=hand] .card[data-arg='13']")
    page.click("[data-tile='1'] .tile-target")
    page.click(".log-event .why")
    page.wait_for_selector("[data-testid=rules-panel]")
    assert page.evaluate("document.activeElement.id") == "rules-ex-supply"
    shoot(page, "rules-panel-why-supply")


@pytest.mark.parametrize("context_options", [{"viewport": {"width": 390, "height": 844}, "has_touch": True}])
def test_on_a_phone_the_rules_are_a_sheet(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    wait_for_person(page)
    menu_click(page, "[data-testid=rules-open]")
    panel = box(page, "[data-testid=rules-panel]")
    assert panel["y"] > 200 and panel["width"] <= 390
    shoot(page, "rules-panel-phone")
    page.click("[data-testid=rules-close]")
    assert page.locator("[data-testid=rules-panel]").count() == 0
