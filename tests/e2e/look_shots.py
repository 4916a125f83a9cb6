"""The screenshots of docs/look/: the table, the hand, a power card's targets, the phone
and its menu, the rules panel open, the guided game, the end of a game (1280 × 800 and
on a phone),
the replay and the review, each at a small scale. Played by clicks on a built site:

    .venv/bin/python -m tests.e2e.look_shots SITE OUTDIR TAG    # e.g. _site docs/look after
"""

import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts import browser as chromium, serve

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: its neighbour play_helpers
from play_helpers import open_scenario, play_decision, visible, wait_for_person

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
SETUP = {"meeples": [[2, 3], [6, 7], [10, 11]], "scores": [3, 0, 5],
         "hands": [{"movement": [8, 7, 21], "power": ["sortilege", "force", "bandit", "chance"]},
                   {"movement": [2]}, {"movement": [3], "power": ["defense"]}]}
LAPTOP = {"viewport": {"width": 1366, "height": 900}, "device_scale_factor": 0.55}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 0.8}
SMALL_LAPTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 0.55}


def settle(page, x=5, y=5):
    """The pointer off the cards (no zoom), a moment for the page to draw."""
    time.sleep(0.5)
    page.mouse.move(x, y)
    time.sleep(0.3)


def table(browser, url, shot, hand):
    """A power card's targets (and the hand), then a movement card's landing tiles."""
    page = browser.new_context(**LAPTOP).new_page()
    open_scenario(page, url, chromium.wait_ready, SEATS, SETUP)
    wait_for_person(page)
    page.click("[data-testid=hand] button.card[data-arg='\"sortilege\"']")
    settle(page)
    shot(page, "power-targets")
    page.locator("[data-testid=hand]").screenshot(path=hand)
    page.click("[data-testid=cancel]")
    page.click("[data-testid=skip]")
    wait_for_person(page)
    page.click("[data-testid=hand] button.card[data-arg='7']")
    settle(page)
    shot(page, "table")
    page.click("[data-testid=rules-open]")
    settle(page)
    shot(page, "rules-panel")
    page.context.close()


def guide(browser, url, shot):
    """The guided game at 1280 × 800, its first move's card chosen."""
    page = browser.new_context(**SMALL_LAPTOP).new_page()
    page.goto(url + "?tutorial=1")
    chromium.wait_ready(page)
    page.wait_for_selector("[data-testid=tutorial]")
    for _ in range(6):
        if page.locator("[data-testid=hand] button.card.movement").count():
            break
        page.locator(".coach-actions .btn.primary").first.click()
    page.locator("[data-testid=hand] button.card.movement").first.click()
    settle(page)
    shot(page, "guide")
    page.context.close()


def game(browser, options, url, query, decisions):
    """A page on a new game after `decisions` decisions (None: to its end)."""
    page = browser.new_context(**options).new_page()
    page.goto(url + query)
    chromium.wait_ready(page)
    made = 0
    while decisions is None or made < decisions:
        wait_for_person(page, 120_000)
        if play_decision(page) == "end":
            break
        made += 1
    return page


def phone(browser, url, shot):
    page = game(browser, PHONE, url, "?players=human,bot:easy,bot:easy&seed=3&speed=instant", 3)
    wait_for_person(page)
    page.locator("[data-testid=hand] button.card.movement").first.click()
    settle(page, 1, 300)
    shot(page, "phone")
    if visible(page, "[data-testid=menu-open]"):
        page.click("[data-testid=menu-open]")
        settle(page, 1, 300)
    shot(page, "phone-menu")
    page.context.close()


def phone_end(browser, url, shot):
    """The end of a game on a phone (390 × 844): its title, the ranking and the main buttons at once."""
    page = game(browser, PHONE, url, "?players=human,bot:easy,bot:easy&seed=5&speed=instant&target=6", None)
    settle(page, 1, 300)
    shot(page, "end-phone")
    page.context.close()


def review(browser, url, shot):
    """The end of a game at 1280 × 800, its replay, then its review."""
    page = game(browser, SMALL_LAPTOP, url, "?players=human,bot:easy,bot:easy&seed=5&speed=instant&target=6", None)
    settle(page)
    shot(page, "end")
    page.set_viewport_size(LAPTOP["viewport"])
    page.click("[data-testid=end-replay]")
    page.wait_for_selector("[data-testid=replay-bar]")
    page.click("[data-testid=replay-back]")
    settle(page)
    shot(page, "replay")
    page.click("[data-testid=replay-close]")
    page.click("[data-testid=end-review]")
    page.wait_for_selector("[data-testid=review-panel]:not([aria-busy])", timeout=600_000)
    page.locator("[data-testid=review-item]").first.click()
    settle(page, 700, 5)
    shot(page, "review")
    page.context.close()


def main(site, out, tag):
    from tests.e2e.conftest import _settle_after_inputs

    _settle_after_inputs()  # each click waits for the page to have handled it, as in the e2e tests
    out.mkdir(parents=True, exist_ok=True)
    server, url = serve.start_server(site)

    def shot(page, name):
        page.screenshot(path=str(out / f"{name}-{tag}.png"))

    try:
        with sync_playwright() as playwright:
            browser = chromium.launch(playwright)
            table(browser, url, shot, str(out / f"hand-{tag}.png"))
            phone(browser, url, shot)
            phone_end(browser, url, shot)
            guide(browser, url, shot)
            review(browser, url, shot)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
