"""Hot-seat privacy: two humans and a bot on one device.

The game is set up exactly by a saved game whose engine record carries a
scenario `setup` (the record format of lepeuple.core.record): Ann (seat 0) holds
Voleur and movement cards 8 and 3, with meeples on tiles 4 and 5; Bob (seat 1)
holds Défense and card 2. Ann's Voleur at Bob, then her card 8 (+3: tile 4 ->
7, opposite her meeple on 5, a noble attack on Bob's home 6) each ask Bob the
Défense question on Ann's turn. No test-only code in the page is needed.
"""

import json
from pathlib import Path

import pytest

from play_helpers import hand_ids, play_decision, shoot, visible, wait_for_person

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "level": "easy"}]
SETUP = {
    "meeples": [[4, 5], [6, 6], [10, 10]],
    "hands": [{"movement": [8, 3], "power": ["voleur"]}, {"movement": [2], "power": ["defense"]},
              {"movement": [4, 9], "power": []}],
    "scores": [2, 3, 1],
}
RECORD = {"format": 1, "players": 3, "options": {"defense": "reaction", "scores": "visible", "target": 12},
          "seed": 5, "actions": [], "setup": SETUP}
ANN = {8, 3, "Voleur"}
BOB = {2, "Défense"}


def open_saved_game(page, site_url, wait_ready):
    save = json.dumps({"app": "lepeuple", "version": 1, "seats": SEATS, "record": RECORD})
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    page.evaluate("save => localStorage.setItem('lepeuple.save', save)", save)
    page.reload()
    wait_ready(page)


def assert_pass_screen_for(page, name):
    """The pass screen, and no hand at all in the DOM (only public things remain)."""
    wait_for_person(page)
    assert page.locator("[data-testid=pass-screen] h2").inner_text() == f"Pass the device to {name}"
    assert page.locator("[data-testid=hand] .card").count() == 0
    assert 'data-testid="hand"' not in page.content()


def take_device(page, name, expected):
    """Confirm the pass screen; exactly the expected hand is shown (so not the other's)."""
    page.click("[data-testid=pass-ok]")
    assert not visible(page, "[data-testid=pass-screen]")
    assert set(hand_ids(page)) == expected
    assert page.locator("[data-testid=hand]").get_attribute("data-seat") == str(["Ann", "Bob"].index(name))
    assert page.locator("[data-testid=hand] h2").inner_text() == f"{name}'s hand"



@pytest.fixture
def context_options():
    """Screenshots and layout at a laptop's size (phones are set per test)."""
    return {"viewport": {"width": 1366, "height": 768}}

def test_pass_screen_and_hidden_hands(page, site_url, wait_ready):
    open_saved_game(page, site_url, wait_ready)
    # Ann first; she plays Voleur at Bob.
    assert_pass_screen_for(page, "Ann")
    shoot(page, "hotseat-pass-1366x768")
    take_device(page, "Ann", ANN)
    page.locator("[data-testid=hand] button.card.power").first.click()
    page.locator(".actions button[data-act=target]", has_text="Bob").click()
    # Bob must answer the Défense question on Ann's turn: pass screen first.
    assert_pass_screen_for(page, "Bob")
    take_device(page, "Bob", BOB)
    assert "Voleur" in page.locator("[data-testid=prompt]").inner_text()
    shoot(page, "hotseat-defense-1366x768")
    page.click("[data-testid=defend-no]")
    # Back to Ann for her move: card 8 from tile 4 to 7 attacks Bob's home.
    assert_pass_screen_for(page, "Ann")
    take_device(page, "Ann", {8, 3})
    page.locator("[data-testid=hand] button.card[data-arg='8']").click()
    page.locator(".actions .meeple-btn", has_text="tile 4").click()
    page.locator(".actions .reach-btn[data-to='7']").click()
    assert_pass_screen_for(page, "Bob")
    take_device(page, "Bob", BOB)
    assert "attacks your home" in page.locator("[data-testid=prompt]").inner_text()
    page.click("[data-testid=defend-yes]")
    # Bob answered on the device and it is his turn now: no pass screen.
    wait_for_person(page)
    assert not visible(page, "[data-testid=pass-screen]")
    assert "Bob:" in page.locator("[data-testid=prompt]").inner_text()
    log = page.locator(".log").inner_text()
    assert "Bob plays Défense" in log and "Noble attack" in log
    # Bob plays; the bot plays; then Ann must take the device again.
    play_decision(page)
    wait_for_person(page)
    assert_pass_screen_for(page, "Ann")


def test_the_game_as_a_file_is_offered_on_the_pass_screen_only_and_says_what_it_shows(page, site_url, wait_ready):
    """Issue 33: the replay's Download of a game going on held every hand and the cards to
    come. In hot-seat it is offered only from the pass screen's menu, and asks once."""
    open_saved_game(page, site_url, wait_ready)
    assert_pass_screen_for(page, "Ann")
    page.click("[data-testid=pass-menu] summary")
    page.click("[data-testid=download-game]")
    assert "This file shows every hand" in page.inner_text("[data-testid=download-ask]")
    assert page.evaluate("document.activeElement.dataset.testid") == "download-sure"
    shoot(page, "hotseat-pass-download")
    with page.expect_download() as info:
        page.click("[data-testid=download-sure]")
    download = info.value
    saved = json.loads(Path(download.path()).read_text())
    assert download.suggested_filename.startswith("lepeuple-") and saved["record"] == RECORD
    assert saved["seats"] == SEATS
    take_device(page, "Ann", ANN)  # Ann's turn: nowhere a file, not even in the replay
    assert page.locator("[data-testid=download-game], [data-testid=download-sure]").count() == 0
    page.click("[data-testid=replay-open]")
    page.wait_for_selector("[data-testid=replay-bar]")
    assert page.locator("[data-testid=download-game], [data-testid=download-sure]").count() == 0


def test_reload_in_hot_seat_hides_the_hand_again(page, site_url, wait_ready):
    open_saved_game(page, site_url, wait_ready)
    wait_for_person(page)
    page.click("[data-testid=pass-ok]")
    assert hand_ids(page)
    page.reload()
    wait_ready(page)
    wait_for_person(page)
    assert visible(page, "[data-testid=pass-screen]")
    assert page.locator("[data-testid=hand] .card").count() == 0


SEEN_BY = "() => [...document.querySelectorAll('select[name=replay-viewer] option')].map(o => o.value)"


def replay_eyes(page):
    """Open the replay, read whose eyes "Seen by" offers and which hands are drawn, close it."""
    page.click("[data-testid=replay-open]")
    page.wait_for_selector("[data-testid=replay-bar]")
    offered = page.evaluate(SEEN_BY)
    hands = page.eval_on_selector_all("[data-testid=hand][data-seat]", "els => els.map(e => e.dataset.seat)")
    everyone = visible(page, "[data-testid=hands]")
    page.click("[data-testid=replay-close]")
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    return offered, hands, everyone


def test_a_hot_seat_game_by_clicks_shows_each_person_only_their_own_hand(goto_ready, page):
    """Ann and Bob share the device against a bot, to the end: no hand while a pass
    screen is up; the replay's "Seen by" offers only the person who took the device
    after it; "Everyone" and every seat once the game is over."""
    goto_ready("?players=human,human,bot:easy&names=Ann,Bob&seed=21&speed=instant")
    checked = {"pass": 0, "holder": 0}
    for turn in range(600):
        wait_for_person(page)
        if visible(page, "[data-testid=end-screen]"):
            break
        if visible(page, "[data-testid=pass-screen]"):  # the header is out of reach: no replay, no hand
            assert 'data-testid="hand"' not in page.content()
            checked["pass"] += 1
        elif turn % 4 == 0:
            holder = page.locator("[data-testid=hand]").get_attribute("data-seat")
            offered, hands, everyone = replay_eyes(page)
            assert not everyone and offered == [holder] and hands == offered, (holder, offered, hands)
            checked["holder"] += 1
        play_decision(page)
    assert visible(page, "[data-testid=end-screen]")
    assert checked["pass"] and checked["holder"], checked
    shoot(page, "hotseat-game-over-1366x768")
    page.click("[data-testid=end-replay]")
    page.wait_for_selector("[data-testid=replay-bar]")
    assert page.evaluate(SEEN_BY) == ["all", "0", "1", "2"]
    assert visible(page, "[data-testid=hands]")
    shoot(page, "hotseat-replay-everyone-1366x768")
