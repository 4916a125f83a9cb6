"""Issue 33 in Chromium: a game made endless by drawing. The page warns before its record
is full, ends it there and reads back every save; a huge finished game opened from a
link stays light (its score table folded, its review bounded and said up front)."""

import json

from lepeuple import new_game
from lepeuple.core.actions import DRAW
from lepeuple.core.game import RECORD_TEXT
from play_helpers import shoot
from scripts.bench.replay_costs import long_game
from web.model.replay_game import pack
from web.model.storage import MAX_TEXT

PEOPLE = [{"kind": "human", "name": name} for name in ("Ann", "Bob", "Cy")]
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


def nearly_full(room):
    """lepeuple.new_game(3, {}, 1), then "draw two" until its record has `room` characters left."""
    game = new_game(3, {}, 1)
    while (1 - game.record_used()) * RECORD_TEXT > room:
        game.apply(DRAW)
    return game.record()


def test_a_game_drawn_until_its_record_is_full_is_said_ended_and_read_back(page, site_url, wait_ready):
    save = json.dumps({"app": "lepeuple", "version": 1, "seats": PEOPLE, "record": nearly_full(120)},
                      separators=(",", ":"))
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    page.evaluate("save => localStorage.setItem('lepeuple.save', save)", save)
    page.reload()
    wait_ready(page, timeout_ms=120_000)
    assert "record is 99% full" in page.inner_text("body")  # said before it happens
    for _ in range(40):
        if page.locator("[data-testid=end-screen]").count():
            break
        page.click("[data-testid=pass-ok], [data-testid=hand-over-ok], [data-testid=draw]", timeout=60_000)
    end = page.locator("[data-testid=end-screen]")
    assert "The game's record is full" in end.inner_text()
    shoot(page, "record-full-end")
    text = page.evaluate("localStorage.getItem('lepeuple.save')")
    assert len(text) <= MAX_TEXT
    page.reload()
    wait_ready(page, timeout_ms=120_000)
    assert page.locator("[data-testid=end-screen]").count() == 1  # the finished game, read back
    assert page.locator("[data-testid=broken-save]").count() == 0


def test_a_huge_finished_game_from_a_link_opens_light_with_its_table_folded_and_its_review_bounded(
        page, site_url, wait_ready):
    """99,082 actions: the score chart's table made 495,169 elements; the review would have
    run 15 hours. (scripts/bench/huge_replay.py measures how long opening takes.)"""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site_url + pack(SEATS, long_game(99_000)))
    wait_ready(page, timeout_ms=120_000)
    assert page.evaluate("document.body.dataset.screen") == "replay"
    assert page.evaluate("document.getElementsByTagName('*').length") < 50_000
    rows = page.locator("[data-testid=score-chart] tbody tr")
    assert 0 < rows.count() <= 300
    page.click("[data-testid=score-chart] summary")
    shown = rows.count()
    assert "earlier turns are not listed" in page.inner_text("[data-testid=chart-earlier]")
    page.click("[data-testid=chart-more]")
    assert rows.count() > shown  # nothing is dropped: earlier turns on demand
    page.click("[data-testid=review]")
    plan = page.wait_for_selector("[data-testid=review-plan]", timeout=120_000).inner_text()
    assert "long game" in plan and "the 40 with the biggest swings" in plan
    shoot(page, "huge-replay-review")
    page.click("[data-testid=review-cancel]", timeout=120_000)
