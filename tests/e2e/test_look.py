"""The finished look, screen by screen and language by language (issue 42): axe-core finds
nothing serious or critical on the new-game screen, the table (a move's landing tiles, a
power card's targets with their effects), the phone's header menu, the rules, the end
screen and the replay with its review beside the board, in English, French and Japanese;
and the review and the board are both in view at 1366 × 900."""

import json

import pytest

from play_helpers import game_url, open_scenario, play_decision, shoot, visible, wait_for_person
from test_a11y import serious_violations

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


@pytest.fixture
def context_options():
    return {"viewport": {"width": 1366, "height": 900}, "bypass_csp": True}  # axe is injected by the test


def clean(page, name):
    page.wait_for_timeout(900)  # short animations (a score's bump) end
    shoot(page, f"look-{name}")
    found = serious_violations(page)
    assert not found, (name, json.dumps(found, indent=1))


def play_to_the_end(page):
    while play_decision(page) != "end":
        wait_for_person(page)


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_no_serious_accessibility_problem_on_any_screen(page, site_url, wait_ready, lang):
    page.goto(site_url + f"?lang={lang}")
    wait_ready(page)
    clean(page, f"{lang}-new")
    # A power card's targets, each saying what it would do; then a movement card's tiles.
    open_scenario(page, site_url, wait_ready, SEATS,
                  {"meeples": [[2, 3], [6, 6], [10, 10]], "scores": [3, 0, 5],
                   "hands": [{"movement": [8], "power": ["sortilege"]}, {"movement": [2]}, {"movement": [3]}]})
    page.goto(site_url + f"?lang={lang}&speed=instant")
    wait_ready(page)
    wait_for_person(page)
    page.click("[data-testid=hand] button.card[data-arg='\"sortilege\"']")
    assert visible(page, ".actions [data-effect=none]")  # Sortilège at a player with 0 points: no effect
    clean(page, f"{lang}-targets")
    page.click("[data-testid=hand] button.card[data-arg='8']")  # looked at in the power phase
    clean(page, f"{lang}-look")
    page.click("[data-testid=skip]")
    wait_for_person(page)
    page.click("[data-testid=hand] button.card[data-arg='8']")
    clean(page, f"{lang}-tiles")
    page.click("[data-testid=rules-open]")
    page.wait_for_selector("[data-testid=rules-panel], .rules-page")
    clean(page, f"{lang}-rules")


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_end_the_replay_and_the_review_beside_the_board(page, site_url, wait_ready, lang):
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 5, f"&target=6&lang={lang}"))
    wait_ready(page)
    wait_for_person(page)
    play_to_the_end(page)
    clean(page, f"{lang}-end")
    page.click("[data-testid=end-review]")
    page.wait_for_selector("[data-testid=review-panel]:not([aria-busy])", timeout=600_000)
    review = page.locator("[data-testid=review-panel]").bounding_box()
    ring = page.locator(".ring").bounding_box()
    assert review["x"] >= ring["x"] + ring["width"]  # beside the board, not above it
    for box in (review, ring):  # both in view
        assert box["y"] >= 0 and box["y"] + min(box["height"], 200) <= 900 and box["x"] + box["width"] <= 1366
    clean(page, f"{lang}-review")


def test_the_phone_menu_and_score_strip(page, site_url, wait_ready):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 3))
    wait_ready(page)
    wait_for_person(page)
    strip = page.locator(".score-strip")
    assert strip.is_visible() and strip.locator(".strip-seat").count() == 3
    clean(page, "phone-table")
    page.click("[data-testid=menu-open]")
    clean(page, "phone-menu")


def test_a_card_under_the_pointer_zooms_and_its_neighbour_stays_within_reach(page, site_url, wait_ready):
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 3))
    wait_ready(page)
    wait_for_person(page)
    cards = page.locator("[data-testid=hand] button.card[data-zoom]")
    card, copy = cards.first, cards.first.locator(".card-zoom")
    assert not copy.is_visible()
    card.hover()
    page.wait_for_timeout(900)  # it waits a moment, so that passing over the hand shows nothing
    box, big = card.bounding_box(), copy.bounding_box()
    assert copy.is_visible() and big["width"] > 1.5 * box["width"] and big["height"] > 1.5 * box["height"]
    assert big["y"] >= 0 and big["y"] + big["height"] <= box["y"]  # above the card, over the board, on screen
    cards.nth(1).click(trial=True)  # the card beside it takes a click: the copy takes none


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_power_cards_words_stay_inside_the_card_and_the_zoom_says_them_whole(page, site_url, wait_ready, lang):
    powers = ["permutation", "magie_noire", "troc", "vitesse", "voleur"]  # the longest texts
    open_scenario(page, site_url, wait_ready, SEATS,
                  {"meeples": [[2, 3], [6, 6], [10, 10]], "scores": [3, 2, 5],
                   "hands": [{"movement": [8, 7], "power": powers}, {"movement": [2]}, {"movement": [3]}]})
    page.goto(site_url + f"?lang={lang}&speed=instant")
    wait_ready(page)
    wait_for_person(page)
    spill = page.eval_on_selector_all("[data-testid=hand] .card.power", """cards => cards.map(c => {
        const text = c.querySelector(':scope > .power-text');  // the face's, not the zoom's
        return text && text.getBoundingClientRect().bottom - c.getBoundingClientRect().bottom; })""")
    assert len(spill) == len(powers) and all(s is not None and s <= -1 for s in spill), spill
    shoot(page, f"look-{lang}-power-hand")
    card = page.locator("[data-testid=hand] .card.power-permutation")
    card.hover()
    copy = card.locator(".card-zoom .power-text")
    copy.wait_for(state="visible")
    whole = copy.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    assert whole and len(copy.inner_text()) > 30


def test_a_power_cards_targets_fit_a_phones_width_each_saying_what_it_would_do(page, site_url, wait_ready):
    """At 390 × 844, Sortilège's two targets stand side by side on the screen, each with its
    effect in words (a narrow column): no sideways swipe to find the second one."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_scenario(page, site_url, wait_ready, SEATS,
                  {"meeples": [[2, 3], [6, 6], [10, 10]], "scores": [3, 2, 5],
                   "hands": [{"movement": [8], "power": ["sortilege"]}, {"movement": [2]}, {"movement": [3]}]})
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    wait_for_person(page)
    page.click("[data-testid=hand] button.card[data-arg='\"sortilege\"']")
    targets = page.locator(".actions button[data-act=target]")
    assert targets.count() == 2
    for i in range(2):
        box = targets.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert targets.nth(i).locator(".outcome").inner_text().strip()  # what it would do, said
    bar = page.locator(".prompt-bar").bounding_box()
    box = targets.nth(1).bounding_box()
    assert box["y"] + box["height"] <= bar["y"] + bar["height"] + 1  # inside the prompt's box
    shoot(page, "look-phone-targets")
