"""Playing the page by clicks, as a person would (shared by the e2e tests).

A decision is made only through buttons the page offers: the action bar
(draw, skip, meeple, reach, target, defend buttons) and the cards of the hand.
"""

from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"

# True once the page waits for a person (or the game is over).
WAITING = """() => !!(document.querySelector('[data-testid=end-screen], [data-testid=pass-screen], [data-testid=hand-over]')
    || document.querySelector('.actions [data-act]:not([data-act=hint]):not([data-act=cancel])'
        + ':not([data-act=undo]):not([data-act=pause]):not([data-act=play-on]):not([data-act=step])'))"""

# Fast bots for tests: ?speed=instant removes the pauses shown between bot steps.
def game_url(players, seed, extra=""):
    return f"?players={players}&seed={seed}&speed=instant{extra}"


def wait_for_person(page, timeout_ms=120_000):
    page.wait_for_function(WAITING, timeout=timeout_ms)


def answered(page, timeout_ms=120_000):
    """Wait until the page has answered every click (its worker's `done`: no command pending,
    no control still shown pressed), so that the next look sees the drawing that followed."""
    page.wait_for_function("() => !document.body.dataset.busy && !document.querySelector('.pressed')",
                           timeout=timeout_ms)


def press(page, target, scroll="auto"):
    """Click a control (a selector or a locator) as a person would, then wait for the answer.
    scroll="none": the control must be in view as it is; Playwright then never scrolls the
    page itself (on a retry, say, while a card still glides, it would otherwise scroll it)."""
    (page.locator(target) if isinstance(target, str) else target).click(scroll=scroll)
    answered(page)


def visible(page, selector):
    return page.locator(selector).count() > 0


def hand_ids(page):
    """The cards shown in the hand, from their accessible labels (movement: 'card 7, …'; power: 'Force: …')."""
    labels = page.eval_on_selector_all("[data-testid=hand] .card", "els => els.map(e => e.getAttribute('aria-label'))")
    out = []
    for label in labels:
        head = label.split(",")[0].split(":")[0]
        out.append(int(head.split()[-1]) if head.startswith("card ") else head)
    return out


def play_decision(page, defend=False, play_cards=True, scroll="auto"):
    """Make the decision the page asks for; returns what kind it was (scroll: as press's)."""
    if visible(page, "[data-testid=end-screen]"):
        return "end"
    if visible(page, "[data-testid=pass-screen]"):
        press(page, "[data-testid=pass-ok]", scroll=scroll)
        return "pass"
    if visible(page, "[data-testid=hand-over-ok]"):  # hot-seat: the cards drawn were seen
        press(page, "[data-testid=hand-over-ok]", scroll=scroll)
        return "hand-over"
    if visible(page, "[data-testid=defend-yes]"):
        press(page, "[data-testid=defend-yes]" if defend else "[data-testid=defend-no]", scroll=scroll)
        return "defend"
    if visible(page, "[data-testid=skip]"):
        press(page, "[data-testid=skip]", scroll=scroll)
        return "skip"
    if visible(page, ".actions .meeple-btn"):  # a partner to choose
        press(page, page.locator(".actions .meeple-btn").first, scroll=scroll)
        return "partner"
    cards = page.locator("[data-testid=hand] button.card.movement")
    if play_cards and cards.count():
        press(page, cards.first, scroll=scroll)
        finish_move(page, scroll)
        return "move"
    press(page, "[data-testid=draw]", scroll=scroll)
    return "draw"


def finish_move(page, scroll="auto"):
    """After a movement card is selected: pick the meeple, then a tile (and how)."""
    for _ in range(4):
        if visible(page, ".actions .meeple-btn"):
            press(page, page.locator(".actions .meeple-btn").first, scroll=scroll)
        elif visible(page, ".actions .reach-btn"):
            press(page, page.locator(".actions .reach-btn").first, scroll=scroll)
        else:
            return
    raise AssertionError("a move took more than four clicks")


def shoot(page, name, full_page=False):
    """A screenshot under test-results/screenshots/, to look at after the run."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


# ----- scenarios and game state (tests/e2e/test_story.py, test_keyboard_phone.py) -----

OPTIONS = {"defense": "reaction", "scores": "visible", "target": 12}


def open_scenario(page, site_url, wait_ready, seats, setup, speed="instant", seed=1, options=None):
    """Open the page on a saved game whose engine record carries a scenario `setup`
    (docs/engine.md, Scenarios) and `options` (besides OPTIONS): the page's ordinary resume
    path, no test-only code."""
    import json

    record = {"format": 1, "players": len(seats), "options": {**OPTIONS, **(options or {})}, "seed": seed,
              "setup": setup, "actions": []}
    save = json.dumps({"app": "lepeuple", "version": 1, "seats": seats, "record": record})
    page.goto(site_url + f"?speed={speed}")
    wait_ready(page)
    page.evaluate("save => localStorage.setItem('lepeuple.save', save)", save)
    page.reload()
    wait_ready(page)


def saved_actions(page):
    """The actions of the game record in localStorage (what a reload would replay)."""
    import json

    return json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["actions"]


def actions_count(page):
    """body[data-actions]: how many actions the game record holds."""
    return int(page.evaluate("document.body.dataset.actions"))


def wait_actions(page, count, timeout_ms=30_000):
    page.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=count, timeout=timeout_ms)


def menu_click(page, selector):
    """Click a header control; on a narrow screen it is behind ☰ (web/render/screens.header): open that first."""
    if not page.locator(selector).is_visible() and page.locator("[data-testid=menu-open]").is_visible():
        page.click("[data-testid=menu-open]")
    page.click(selector)
