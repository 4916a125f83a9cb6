"""Replay, files and links on the real page: a whole game, then its replay; the game
as a file and back; a finished game's link opened in a fresh browser."""

import json

import pytest

from play_helpers import game_url, play_decision, shoot, wait_for_person


@pytest.fixture
def context_options():
    return {"viewport": {"width": 1366, "height": 768}}


# Long tasks on the page's main thread from now on (the review runs in slices).
LONG_TASKS = """() => { window.__longTasks = []; new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration)); })
  .observe({type: 'longtask'}); }"""


def play_to_the_end(page):
    for _ in range(400):
        wait_for_person(page)
        if play_decision(page) == "end":
            return
    raise AssertionError("the game did not end")


def where(page):
    return page.locator("[data-testid=replay-where]").inner_text()


def test_a_finished_game_replays_step_by_step_and_travels_by_link(goto_ready, page, browser):
    goto_ready(game_url("human,bot:easy,bot:easy", 6, "&names=Ann"))
    play_to_the_end(page)
    assert page.locator("[data-testid=score-chart] svg polyline").count() == 3
    shoot(page, "end-chart")
    save = page.evaluate("localStorage.getItem('lepeuple.save')")
    page.click("[data-testid=end-replay]")
    page.wait_for_selector("[data-testid=replay-bar]")
    total = int(where(page).split()[2])
    page.click("[data-testid=replay-start]")
    assert where(page).startswith("0 of ")
    page.click("[data-testid=replay-forward]")
    page.click("[data-testid=replay-forward]")
    assert where(page).startswith("2 of ")
    page.click("[data-testid=replay-back]")
    assert where(page).startswith("1 of ")
    assert page.locator("[data-testid=hands] .seat-hand").count() == 3  # a finished game: every hand
    shoot(page, "replay")
    page.click("[data-testid=share]")
    link = page.locator("[data-testid=share-link]").input_value()
    assert "#g=" in link
    page.click("[data-testid=replay-close]")
    assert page.evaluate("localStorage.getItem('lepeuple.save')") == save  # the live game untouched
    fresh = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        other = fresh.new_page()
        other.goto(link)
        other.wait_for_selector("body[data-ready]", timeout=60_000)
        assert other.evaluate("document.body.dataset.screen") == "replay"
        assert other.locator("[data-testid=replay-where]").inner_text() == f"{total} of {total} actions played"
        assert other.locator("[data-testid=score-chart]").count() == 1
        assert other.evaluate("localStorage.getItem('lepeuple.save')") is None  # nothing saved by a link
        shoot(other, "replay-from-link")
    finally:
        fresh.close()


def test_a_game_file_opens_in_the_replay_and_plays_on(goto_ready, page, tmp_path):
    goto_ready(game_url("human,bot:easy,bot:easy", 8))
    for _ in range(4):
        wait_for_person(page)
        play_decision(page)
    wait_for_person(page)
    save = page.evaluate("localStorage.getItem('lepeuple.save')")
    actions = json.loads(save)["record"]["actions"]
    path = tmp_path / "lepeuple-game.json"
    path.write_text(save)
    junk = tmp_path / "junk.json"
    junk.write_text("{not a game")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    page.set_input_files("[data-testid=open-file]", str(junk))
    page.wait_for_selector("text=not a game of Le Dernier Peuple")
    assert page.evaluate("document.body.dataset.screen") == "new"
    # The input is emptied once its file is read: picking the same name again is a change
    # (a browser sends none when the value stays the same).
    assert page.eval_on_selector("[data-testid=open-file]", "el => el.value") == ""
    page.set_input_files("[data-testid=open-file]", str(path))
    page.wait_for_selector("[data-testid=replay-bar]")
    assert where(page) == f"{len(actions)} of {len(actions)} actions played"
    page.click("[data-testid=replay-continue]")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    assert json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))["record"]["actions"] == actions


def test_review_a_game_then_open_a_mistake_in_the_replay(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 6, "&names=Ann"))
    play_to_the_end(page)
    page.evaluate(LONG_TASKS)
    page.click("[data-testid=end-review]")
    page.wait_for_selector("[data-testid=review-panel] progress")
    # The review works in slices and the page draws between them: its bar is seen
    # at several values before the list comes. (How long a slice takes depends on
    # the machine's load: the longest task is printed, a figure, not asserted.)
    seen = set()
    while not page.locator("[data-testid=review-item]").count():
        seen.add(page.evaluate("document.querySelector('[data-testid=review-panel] progress')?.value ?? -1"))
        page.wait_for_timeout(100)
    assert len(seen - {-1}) >= 2, seen
    print("longest main-thread task during the review:", page.evaluate("Math.max(0, ...window.__longTasks)"), "ms")
    shoot(page, "review-list")
    item = page.locator("[data-testid=review-item]").first
    index = int(item.get_attribute("data-arg"))  # the decision's action in the record
    assert item.inner_text().startswith("−") and "Turn " in item.inner_text()  # its loss, its turn and player
    item.click()
    assert where(page).startswith(f"{index} of ")  # the position where the decision was made
    assert page.locator(".tile.played-from, .tile.hint-from, .tile.played-to, .tile.hint-to").count() >= 1 or \
        "card" not in item.inner_text()
    shoot(page, "review-mistake")


def test_a_game_file_dropped_on_the_page_opens_in_the_replay(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 9))
    for _ in range(3):
        wait_for_person(page)
        play_decision(page)
    wait_for_person(page)
    save = page.evaluate("localStorage.getItem('lepeuple.save')")
    actions = len(json.loads(save)["record"]["actions"])
    page.evaluate("""text => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'lepeuple-game.json', {type: 'application/json'}));
        document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", save)
    page.wait_for_selector("[data-testid=replay-bar]")
    assert where(page) == f"{actions} of {actions} actions played"
    assert page.evaluate("localStorage.getItem('lepeuple.save')") == save  # opening a file changes no save
