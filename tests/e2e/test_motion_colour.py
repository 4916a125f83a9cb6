"""Animations and colour: meeples glide and cards fly (Web Animations started by
web/dom.py), none at all under prefers-reduced-motion; and the table seen
through a simulated deuteranopia filter, saved for a person to look at."""

import pytest

from play_helpers import SCREENSHOTS, finish_move, game_url, hand_ids, play_decision, visible, wait_for_person

# Record every Element.animate() call: which data-fly element it moved.
SPY = """
window.__flights = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__flights.push(this.dataset.fly || this.tagName);
  return animate.apply(this, args);
};
"""

# Deuteranopia (Machado, Oliveira & Fernandes 2009, severity 1) as an SVG colour matrix.
DEUTERANOPIA = """() => {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('style', 'position:absolute;width:0;height:0');
  svg.innerHTML = `<filter id="deuteranopia"><feColorMatrix type="matrix" values="
     0.367322 0.860646 -0.227968 0 0
     0.280085 0.672501  0.047413 0 0
    -0.011820 0.042940  0.968881 0 0
     0        0         0        1 0"/></filter>`;
  document.body.appendChild(svg);
  document.documentElement.style.filter = 'url(#deuteranopia)';
}"""


@pytest.fixture
def context_options():
    return {"viewport": {"width": 1366, "height": 768}}


def play_until_moves(page, count):
    """Play (as the human) until `count` actions are in the record."""
    for _ in range(40):
        if int(page.evaluate("document.body.dataset.actions || 0")) >= count:
            return
        wait_for_person(page)
        play_decision(page)
        page.wait_for_timeout(100)
    raise AssertionError("the game did not go on")


def test_meeples_glide_and_cards_fly(page, site_url, wait_ready):
    page.add_init_script(SPY)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page)
    play_until_moves(page, 4)
    flights = page.evaluate("window.__flights")
    assert any(f.startswith("meeple-") for f in flights), flights
    assert any(f.startswith("card-") for f in flights), flights


def test_drawn_cards_fly_from_the_deck_into_the_hand(page, site_url, wait_ready):
    page.add_init_script(SPY)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page)
    wait_for_person(page)
    before = set(hand_ids(page))
    page.evaluate("window.__flights = []")
    page.click("[data-testid=draw]")
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 1")
    new = set(hand_ids(page)) - before
    assert new
    assert {f"card-{c}" for c in new} <= set(page.evaluate("window.__flights"))


# Every Element.animate() call on a card: its key and where it starts (its first frame's
# offset from its place now).
CARD_SPY = """
window.__cards = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, ...rest) {
  if ((this.dataset.fly || '').startsWith('card-')) {
    const m = /translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/.exec(frames[0].transform || '');
    window.__cards.push({key: this.dataset.fly, dx: m ? Number(m[1]) : 0, dy: m ? Number(m[2]) : 0,
                         pile: !!this.closest('.last-played')});
  }
  return animate.call(this, frames, ...rest);
};
"""


def test_a_played_card_goes_from_the_hand_to_its_pile(page, site_url, wait_ready):
    """The movement card a player plays leaves the hand and flies to the ring's middle,
    where the card played last lies, starting from where it was in the hand (below)."""
    page.add_init_script(CARD_SPY)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page)
    wait_for_person(page)
    for _ in range(20):  # to a turn where a movement card is played (a power phase skipped)
        if page.locator("[data-testid=hand] button.card.movement").count() and not visible(page, "[data-testid=skip]"):
            break
        play_decision(page)
        wait_for_person(page)
    card = page.locator("[data-testid=hand] button.card.movement").first
    key = card.get_attribute("data-fly")
    page.evaluate("window.__cards = []")
    card.click()
    finish_move(page)
    page.wait_for_function("key => window.__cards.some(f => f.key === key)", arg=key)
    flights = [f for f in page.evaluate("window.__cards") if f["key"] == key]
    assert flights and flights[0]["pile"] and flights[0]["dy"] > 40, flights  # from the hand, below the ring
    assert page.locator(f"[data-testid=hand] [data-fly='{key}']").count() == 0


def test_reduced_motion_means_no_motion(page, site_url, wait_ready):
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(SPY)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 7))
    wait_ready(page)
    play_until_moves(page, 4)
    assert page.evaluate("window.__flights") == []
    page.locator("[data-testid=hand] button.card.movement").first.click()
    running = page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length")
    assert running == 0


def test_table_under_deuteranopia(goto_ready, page):
    goto_ready(game_url("human,bot:easy,bot:easy,bot:easy,bot:easy", 7))
    wait_for_person(page)
    page.evaluate(DEUTERANOPIA)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / "table-deuteranopia-1366x768.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    # Colour is never alone: every people's home shows its own emblem, and every pawn its
    # people's shape (its head) and its number.
    homes = page.eval_on_selector_all(".tile.home .emblem", "els => els.map(e => e.innerHTML)")
    assert len(homes) == len(set(homes)) >= 3
    pawns = page.eval_on_selector_all(".pawn .pawn-art", "els => els.map(e => e.innerHTML.replace(/fill=\"[^\"]*\"/g, ''))")
    assert len(set(pawns)) == len(pawns) == 10  # five peoples' shapes, two numbers: no two alike without colour
