"""A card, a meeple or a tile pressed shows chosen at once, before the page's worker
has answered (web/page/input.mjs); the worker's drawing then confirms or corrects it.

The page's messages to its worker are held back here (the worker is slow, as on a
phone), so what the page shows before the answer is seen; then they are let through
as sent, or changed into another choice (the worker disagrees), or into one that
draws nothing.
"""

from play_helpers import game_url, wait_for_person

# Holds the page's commands while window.__hold is set; __let(rewrite) sends them on.
HOLD = """
window.__held = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (data, ...rest) {
  if (window.__hold && typeof data === 'string' && JSON.parse(data).type === 'command') {
    window.__held.push([this, data]);
    return;
  }
  return post.call(this, data, ...rest);
};
window.__let = (change) => {
  window.__hold = false;
  for (const [worker, data] of window.__held.splice(0)) {
    post.call(worker, JSON.stringify({ ...JSON.parse(data), ...(change || {}) }));
  }
};
"""
CHOSEN = "() => [...document.querySelectorAll('[data-testid=hand] .card.selected')].map(c => c.dataset.arg)"
SETTLED = "() => !document.body.dataset.busy && !document.querySelector('.pressed')"


def held_click(page, locator):
    """A click whose command the worker does not hear yet; what the page shows then."""
    page.evaluate("window.__hold = true")
    renders = page.evaluate("lepeupleWorker.stats.renders")
    box = locator.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate("window.__held.length") == 1
    assert page.evaluate("lepeupleWorker.stats.renders") == renders  # nothing drawn by the worker yet


def let_through(page, change=None):
    page.evaluate("change => window.__let(change)", change)
    page.wait_for_function(SETTLED, timeout=30_000)


def open_game(page, site_url, wait_ready):
    page.add_init_script(HOLD)
    page.goto(site_url + game_url("human,bot:easy,bot:easy", 3))
    wait_ready(page)
    wait_for_person(page)
    cards = page.locator("[data-testid=hand] button.card.movement")
    assert cards.count() >= 2
    return cards.nth(0).get_attribute("data-arg"), cards.nth(1).get_attribute("data-arg")


def card(page, arg):
    return page.locator(f"[data-testid=hand] button.card[data-arg='{arg}']")


def test_a_card_shows_chosen_before_the_worker_answers_and_its_drawing_confirms_it(page, site_url, wait_ready):
    first, second = open_game(page, site_url, wait_ready)
    held_click(page, card(page, first))
    assert page.evaluate(CHOSEN) == [first]
    let_through(page)
    assert page.evaluate(CHOSEN) == [first]
    assert card(page, first).get_attribute("aria-pressed") == "true"  # the worker's own drawing
    # Another card pressed: it is lifted at once and the first one put down.
    held_click(page, card(page, second))
    assert page.evaluate(CHOSEN) == [second]
    let_through(page)
    assert page.evaluate(CHOSEN) == [second]


def test_the_worker_corrects_a_card_shown_chosen(page, site_url, wait_ready):
    first, second = open_game(page, site_url, wait_ready)
    held_click(page, card(page, first))
    assert page.evaluate(CHOSEN) == [first]
    let_through(page, {"arg": int(second)})  # the worker takes the other card
    assert page.evaluate(CHOSEN) == [second]
    # A choice the worker draws nothing for: the mark shown at once goes away.
    held_click(page, card(page, first))
    assert page.evaluate(CHOSEN) == [first]
    let_through(page, {"act": "noop", "arg": None})
    assert page.evaluate(CHOSEN) == [second]


def test_a_meeple_and_a_tile_show_chosen_at_once(page, site_url, wait_ready):
    first, _ = open_game(page, site_url, wait_ready)
    card(page, first).click()
    meeples = page.locator(".ring button.meeple")
    if meeples.count():  # the card moves one of two meeples: one is chosen on the ring
        on = meeples.first.get_attribute("data-on")
        held_click(page, meeples.first)
        assert page.evaluate("() => [...document.querySelectorAll('.ring .tile.chosen')].map(t => t.dataset.tile)") == [on]
        let_through(page)
        assert page.locator(f".ring .tile.chosen[data-tile='{on}']").count() == 1
    target = page.locator(".ring .tile-target").first
    tile = target.locator("xpath=..").get_attribute("data-tile")
    held_click(page, target)
    assert page.evaluate("() => [...document.querySelectorAll('.ring .tile.picked')].map(t => t.dataset.tile)") == [tile]
    let_through(page)
    assert page.locator(".ring .tile.picked").count() == 0  # the worker's drawing: the move made, or its next question
