"""Saved as you go: reload resumes, "new game" asks, a broken save is kept."""

from pathlib import Path

import pytest

from play_helpers import game_url, hand_ids, play_decision, visible, wait_for_person

BROKEN = '{"app": "lepeuple", "version": 1, "seats": [{"kind": "human"}], "record": {"format": 1, "players"'


def snapshot(page):
    """What a person sees of the game (the log, panels, prompt, ring and hand)."""
    return {
        "prompt": page.locator("[data-testid=prompt]").inner_text(),
        "hand": hand_ids(page),
        "panels": page.locator(".panels").inner_text(),
        "ring": page.locator(".ring").inner_text(),
        "log": page.locator("[data-testid=log]").inner_text(),
        "actions": page.evaluate("document.body.dataset.actions"),
    }



@pytest.fixture
def context_options():
    """Screenshots and layout at a laptop's size (phones are set per test)."""
    return {"viewport": {"width": 1366, "height": 768}}

def test_reload_in_the_middle_of_a_turn_resumes_it(goto_ready, page, wait_ready):
    goto_ready(game_url("human,bot:normal,bot:easy", 21))
    for _ in range(8):  # a few turns, bots included
        wait_for_person(page)
        play_decision(page)
    wait_for_person(page)
    for _ in range(30):  # mid-turn: skip a power phase, then the turn waits for a move
        if visible(page, "[data-testid=skip]"):
            page.click("[data-testid=skip]")
            break
        play_decision(page)
        wait_for_person(page)
    before = snapshot(page)
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    after = snapshot(page)
    assert after == before
    # "New game" asks first; keeping the game changes nothing.
    page.click("[data-testid=new-game]")
    assert visible(page, "[data-testid=confirm-discard]")
    page.click("[data-testid=keep]")
    assert snapshot(page) == before


def test_a_corrupt_save_is_reported_and_kept(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("text => localStorage.setItem('lepeuple.save', text)", BROKEN)
    page.reload()
    wait_ready(page)
    box = page.locator("[data-testid=broken-save]")
    assert "cannot be read" in box.inner_text()
    assert page.locator("[data-testid=raw-save]").input_value() == BROKEN
    with page.expect_download() as download:
        page.click("[data-testid=download-save]")
    assert Path(download.value.path()).read_text() == BROKEN
    assert page.evaluate("localStorage.getItem('lepeuple.save')") == BROKEN
    # Reloading does not drop it either.
    page.reload()
    wait_ready(page)
    assert visible(page, "[data-testid=broken-save]")
    # A new game keeps the broken save under a backup key.
    page.click("[data-testid=new-after-broken]")
    keys = page.evaluate("Object.keys(localStorage)")
    backups = [k for k in keys if k.startswith("lepeuple.save.broken.")]
    assert backups and page.evaluate("k => localStorage.getItem(k)", backups[0]) == BROKEN
    assert visible(page, "[data-testid=newgame]")


def test_a_setup_link_opened_again_resumes_its_game_and_another_asks_which(goto_ready, page, wait_ready):
    """Issue 33: the link that started a game, opened again, did not show that game. Now it
    resumes it; a link to another setup asks whether to start it or resume the saved game."""
    link = game_url("human,bot:easy,bot:easy", 31, "&names=Ann")
    goto_ready(link)
    for _ in range(3):
        wait_for_person(page)
        play_decision(page)
    wait_for_person(page)
    before = snapshot(page)
    goto_ready(link)
    wait_for_person(page)
    assert page.evaluate("document.body.dataset.screen") == "table" and snapshot(page) == before
    goto_ready(game_url("human,bot:easy,bot:easy", 32, "&names=Ann"))
    question = page.locator("[data-testid=confirm-discard]")
    assert "another game than the one saved" in question.inner_text()
    assert page.inner_text("[data-testid=discard]") == "Start the link's game"
    page.click("[data-testid=keep]")
    assert page.evaluate("document.body.dataset.screen") == "table" and snapshot(page) == before
    # Kept: the address no longer names the other game, so a reload resumes the saved one, its
    # table shown from the first paint (never the new-game form) and not asked about again.
    assert "seed=32" not in page.url
    page.reload(wait_until="commit")
    page.wait_for_selector(".first.kept [data-testid=hand], body[data-ready]", timeout=30_000)
    assert page.locator(".first form").count() == 0
    wait_ready(page)
    wait_for_person(page)
    assert page.locator("[data-testid=confirm-discard]").count() == 0
    assert page.evaluate("document.body.dataset.screen") == "table" and snapshot(page) == before
