"""Nothing moves under a player's eyes: the table's boxes keep their place and size.

A game is played by clicks at each screen size of issue 42 (a laptop, a small
laptop, a phone upright and on its side) while the page records, on every frame
the browser draws, where tile 1 of the ring and the hand are. The prompt's words
change at every step (a bot's narration, the Hint, the choices of a move); they
scroll inside their box, so the ring moves or resizes by at most 2 px, the hand
never leaves the screen, and the page never scrolls sideways. On the two sizes of
the issue's goal the game is played to its end. On a phone upright, the score strip
shows every player's score on every frame.

The header's controls (language, speed, sound, Rules, Guided game, Replay, New game)
are all reachable at each size, behind ☰ on a narrow screen, with no sideways
scrolling.
"""

import json

import pytest

from play_helpers import game_url, play_decision, shoot, visible, wait_for_person

# On every frame: tile 1's box (page coordinates), the hand's box (screen), the page's
# width and scroll; kept as [min, max] per measure so that a long game costs nothing.
SAMPLER = """
window.__layout = {frames: 0, spread: {}, handBottom: 0, handTop: 1e9, wide: 0, scrollY: 0};
const keep = (name, value) => {
  const s = window.__layout.spread; const r = s[name] || (s[name] = [value, value]);
  r[0] = Math.min(r[0], value); r[1] = Math.max(r[1], value);
};
const tick = () => {
  const tile = document.querySelector('.ring .tile[data-tile="1"]');
  const hand = document.querySelector('[data-testid=hand]');
  const L = window.__layout;
  if (tile && hand && !document.querySelector('[data-testid=end-screen]')) {
    const a = tile.getBoundingClientRect(), b = hand.getBoundingClientRect();
    L.frames += 1;
    keep('x', a.left + window.scrollX); keep('y', a.top + window.scrollY);
    keep('w', a.width); keep('h', a.height);
    L.handBottom = Math.max(L.handBottom, b.bottom); L.handTop = Math.min(L.handTop, b.top);
    L.wide = Math.max(L.wide, document.documentElement.scrollWidth - window.innerWidth);
    L.scrollY = Math.max(L.scrollY, window.scrollY);
    if ((L.wide > 0 || L.scrollY > 0 || b.top < L.firstTop - 2) && !L.culprit) {  // what moved: for the failure's message
      const out = [...document.querySelectorAll('body *')].filter((e) => {
          const r = e.getBoundingClientRect();
          return e.checkVisibility() && (r.right > innerWidth + 0.5 || r.bottom + scrollY > innerHeight + 0.5);
        })
        .slice(0, 3).map((e) => `${e.tagName}.${e.getAttribute('class')} ${JSON.stringify(e.getBoundingClientRect())}`);
      L.culprit = [out, document.querySelector('[data-testid=prompt]')?.textContent.slice(0, 90), JSON.stringify(b),
                   window.scrollY, document.documentElement.scrollHeight, innerHeight,
                   document.activeElement?.outerHTML.slice(0, 160)];
    }
    L.firstTop = L.firstTop || b.top;
    const strip = document.querySelector('.score-strip');
    if (strip && strip.checkVisibility()) {  // a phone: every player's score in view, on every frame
      const seen = [...strip.querySelectorAll('.strip-seat')].filter((e) => {
        const r = e.getBoundingClientRect(), box = strip.getBoundingClientRect();
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= 0 && r.bottom <= innerHeight;
      });
      L.stripFrames = (L.stripFrames || 0) + 1;
      L.stripSeen = Math.min(L.stripSeen ?? 99, seen.length);
    }
  }
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""

SIZES = [(1366, 900, None), (390, 844, None), (1280, 720, 14), (844, 390, 14)]  # None: to the game's end
HEADER = ["select[name=lang]", "select[name=speed]", "select[name=sound]", "[data-testid=rules-open]",
          "[data-testid=tutorial-open]", "[data-testid=replay-open]", "[data-testid=new-game]"]


def play_and_measure(page, decisions):
    """Play by clicks (a Hint asked now and then, which grows the prompt's words) until
    the end or `decisions` decisions; returns the sampler's record."""
    made, ended = 0, False
    while decisions is None or made < decisions:
        wait_for_person(page, 240_000)
        if made % 5 == 2 and visible(page, "[data-testid=hint]:not([disabled])"):
            page.click("[data-testid=hint]", scroll="none")  # a tap needs no scroll: none by the test either
            page.wait_for_selector("[data-testid=hint-text]", timeout=120_000)
        if play_decision(page, scroll="none") == "end":
            ended = True
            break
        made += 1
    return page.evaluate("window.__layout"), made, ended


@pytest.mark.parametrize("width,height,decisions", SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_the_ring_and_the_hand_keep_their_place_through_a_game(page, site_url, wait_ready, width, height, decisions):
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(SAMPLER)
    page.goto(site_url + game_url("human,bot:easy,bot:normal", 5))
    wait_ready(page)
    shoot(page, f"layout-{width}x{height}-start")
    layout, made, ended = play_and_measure(page, decisions)
    shoot(page, f"layout-{width}x{height}-end")
    spread = {k: round(hi - lo, 1) for k, (lo, hi) in layout["spread"].items()}
    print(f"\n{width}x{height}: {made} decisions, {layout['frames']} frames; tile 1 spread {spread}; "
          f"hand {layout['handTop']:.0f}-{layout['handBottom']:.0f}; sideways {layout['wide']}")
    assert (ended or made >= decisions) and made >= 6 and layout["frames"] > 50
    assert ended or decisions is not None  # the goal's sizes: a whole game
    assert max(spread.values()) <= 2, spread
    assert layout["handTop"] >= 0 and layout["handBottom"] <= height, json.dumps(layout.get("culprit"))
    assert layout["wide"] == 0 and layout["scrollY"] == 0, json.dumps(layout, indent=1)
    if width < 600:  # a phone upright: the compact strip keeps every player's score in view
        assert layout.get("stripFrames", 0) >= layout["frames"] - 5 and layout["stripSeen"] == 3, layout


@pytest.mark.parametrize("width,height", [(w, h) for w, h, _ in SIZES] + [(1024, 768)])
def test_every_header_control_is_reachable_without_sideways_scrolling(goto_ready, page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    goto_ready(game_url("human,bot:easy,bot:easy", 3))
    wait_for_person(page)
    if page.locator("[data-testid=menu-open]").is_visible():  # narrow: the menu folds behind ☰
        page.click("[data-testid=menu-open]")
        assert page.get_attribute("[data-testid=menu-fold]", "open") is not None
    for selector in HEADER:
        control = page.locator(selector)
        control.scroll_into_view_if_needed()
        box = control.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
        control.click(trial=True)  # visible, enabled, not covered: a tap would reach it
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(page, f"header-{width}x{height}")
