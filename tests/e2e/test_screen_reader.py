"""A screen reader hears each step: a whole game against two bots played through roles
and accessible names only (as a person with a keyboard and a screen reader would find
the controls), with the one polite live region saying every step, and the tab's title
saying when it is the person's turn."""

import re

from play_helpers import game_url, shoot, wait_for_person

LISTEN = """() => { const live = document.getElementById('live'); window.__said = [];
  new MutationObserver(() => window.__said.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true}); }"""

CARD = re.compile(r"^card \d+, ")
TILE = re.compile(r"^move to tile \d+")
WAY = re.compile(r"^(circle|square|split): ")
MEEPLE = re.compile(r"^[ZBFOP][12] on tile \d+$")


def said(page):
    return page.evaluate("window.__said.length")


def click_first(page, role_name):
    buttons = page.get_by_role("button", name=role_name)
    if buttons.count():
        buttons.first.click()
        return True
    return False


def decide(page):
    """One click of the person's decision, found by role and name only."""
    if click_first(page, "Let it happen"):
        return
    if click_first(page, re.compile(r"^Skip$")):
        return
    for name in (MEEPLE, WAY, TILE):  # the chosen tile stays a button while its ways are offered
        if click_first(page, name):
            return
    hand = page.get_by_role("region", name=re.compile("hand"))
    cards = hand.get_by_role("button", name=CARD)
    if cards.count() and page.get_by_role("button", name="Draw two").count():
        cards.first.click()
        return
    page.get_by_role("button", name="Draw two").click()


def test_a_whole_game_through_roles_and_names_with_each_step_said(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    live = page.get_by_role("status").filter(has=page.locator("xpath=self::*[@id='live']"))
    assert live.count() == 1 and live.get_attribute("aria-live") == "polite"
    page.evaluate(LISTEN)
    steps = heard = 0
    for _ in range(800):
        wait_for_person(page)
        if page.get_by_role("dialog", name="Game over").count():
            break
        prompt = page.get_by_test_id("prompt").inner_text().strip()
        page.wait_for_function("t => document.getElementById('live').textContent.trim() === t", arg=prompt)
        assert page.title() == "Your turn — Le Dernier Peuple"
        assert steps == 0 or said(page) > heard, f"step {steps} was not said: {prompt}"  # (0: said before listening)
        heard = said(page)
        assert page.locator("[aria-live]").count() == 1  # one live region, not one per render
        decide(page)
        steps += 1
    else:
        raise AssertionError("the game did not end")
    assert steps > 10
    assert page.title() == "Le Dernier Peuple"
    shoot(page, "screen-reader-game-over")
