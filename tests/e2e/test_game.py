"""Whole games on the real page: one human against bots, played by clicks only."""

import json
from urllib.parse import quote

import pytest

from play_helpers import game_url, hand_ids, play_decision, shoot, visible, wait_for_person


@pytest.fixture
def context_options():
    """Screenshots and layout at a laptop's size (phones are set per test)."""
    return {"viewport": {"width": 1366, "height": 768}}

def test_one_human_and_two_bots_play_to_the_end_screen(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 12))
    assert page.url.endswith("?speed=instant")  # the link's setup is not started again on reload
    kinds, shots = [], False
    for _ in range(400):
        wait_for_person(page)
        assert not visible(page, "[data-testid=pass-screen]")  # one human: never a pass screen
        if not shots and visible(page, "[data-testid=hand] button.card.movement") and not visible(page, "[data-testid=skip]"):
            _screenshots_with_a_card_selected(page)
            shots = True
        kind = play_decision(page)
        kinds.append(kind)
        if kind == "end":
            break
    assert kinds[-1] == "end", kinds[-10:]
    assert "move" in kinds
    end = page.locator("[data-testid=end-screen]")
    assert "Game over" in end.inner_text()
    assert page.locator(".ranking li").count() == 3
    shoot(page, "end-1366x768")
    # Play again: same seats, a new game at once.
    page.click("[data-testid=again]")
    wait_for_person(page)
    assert not visible(page, "[data-testid=end-screen]")
    assert page.locator(".panel").count() == 3


def _screenshots_with_a_card_selected(page):
    """The table at desktop and phone sizes, with a card's reachable tiles highlighted."""
    page.locator("[data-testid=hand] button.card.movement").first.click()
    if visible(page, ".actions .meeple-btn"):
        page.locator(".actions .meeple-btn").first.click()
    assert page.locator(".tile.reach").count() >= 1
    shoot(page, "table-1366x768")
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, "table-390x844")
    shoot(page, "table-390x844-full", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.click("[data-testid=cancel]")
    if visible(page, "[data-testid=cancel]"):
        page.click("[data-testid=cancel]")


def test_a_hostile_name_is_shown_as_text(goto_ready, page):
    name = "<img src=x onerror=alert(1)>"
    page.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError("a dialog opened: " + d.message)))
    goto_ready(game_url("human,bot:easy,bot:easy", 3, "&names=" + quote(name)))
    wait_for_person(page)
    assert page.locator("img").count() == 0
    assert page.locator(".panel.seat-0 .name").inner_text() == name
    assert name in page.locator("[data-testid=hand] h2").inner_text()


def test_nonsense_link_gets_clear_messages(goto_ready, page):
    goto_ready("?players=human,wizard&seed=abc&target=99")
    errors = page.locator("[data-testid=errors]").inner_text()
    assert "3 to 5 players" in errors and "“abc”" in errors and "“99”" in errors
    assert visible(page, "[data-testid=newgame]") and visible(page, "[data-testid=start]")
    shoot(page, "new-game-errors-1366x768")


def test_new_game_form_starts_the_chosen_game(goto_ready, page):
    goto_ready()
    page.click("button[data-act=seats][data-arg='4']")
    page.select_option("select[name=kind-1]", "human")
    page.fill("input[name=name-0]", "Ann")
    page.fill("input[name=name-1]", "Bob")
    page.check("input[name=scores][value=hidden]")
    page.fill("input[name=target]", "8")
    page.fill("input[name=seed]", "77")
    shoot(page, "new-game-1366x768")
    page.click("[data-testid=start]")
    wait_for_person(page)
    assert page.locator("[data-testid=pass-screen] h2").inner_text() == "Pass the device to Ann"
    assert page.locator(".panel").count() == 4
    save = json.loads(page.evaluate("localStorage.getItem('lepeuple.save')"))
    assert save["record"]["seed"] == 77 and save["record"]["options"] == {
        "defense": "reaction", "scores": "hidden", "target": 8}
    shoot(page, "pass-screen-1366x768")
    page.click("[data-testid=pass-ok]")
    assert hand_ids(page)  # Ann's cards, now that she holds the device


def test_hint_shows_the_hard_bots_choice(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy", 31))
    wait_for_person(page)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-text]", timeout=60_000)
    assert page.locator(".hinted, .tile.hint-from").count() >= 1
    assert "Hint:" in page.locator("[data-testid=hint-text]").inner_text()
