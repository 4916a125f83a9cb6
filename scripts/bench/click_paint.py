#!/usr/bin/env python3
"""How soon a click shows its result: from a player's click until the page has
painted what it changed, with the CPU slowed down like a mid-range phone's.

    python -m scripts.bench.click_paint [--clicks 40] [--bots-clicks 12] [--throttle 4] [--seed 3]
        [--pointer rest|jump|touch] [--rest-ms 250] [--site DIR] [--no-build]

A person plays against two easy bots (speed=instant) in headless Chromium,
the CPU slowed down `--throttle` times (Emulation.setCPUThrottlingRate), by
clicks as a person would: "Draw two" on one turn, a move the next (the card,
then its landing tile, and the meeple or the way when asked). For each click:
the milliseconds from the click until the frame that paints the first change it
made to the page (a MutationObserver on #app, then that frame's animation-frame
callback, which runs just before its paint), ("shown") the first frame painted
after the click, what a player sees at once (the pressed control; on a page that
draws in its click handler, the result itself), and ("chosen") the first frame
painted with the card, the meeple's tile or the landing tile marked chosen (or, for
a tile, the move already drawn there). Then, in a game of three hard bots at fast
speed, `--bots-clicks` times each: Pause, Next step and Play on, the same way (until
the control that follows
is painted). Prints, for each kind of click (draw, card, meeple, tile, pause,
step, play-on), the median, the 90th percentile and the longest, for the person's
clicks together, and for "Draw two" and a move's last click ("move"); then one JSON
line. `--site` measures another build (an older one, for before and after).

How the person points (`--pointer`):
    rest   (default) a mouse at 1366x900: the pointer comes onto the control, rests there
           `--rest-ms` (250) as a hand does before it presses, then clicks. What the
           pointer's arrival shows (a card's enlarged copy, a tile's words) is laid out
           while it rests, as for a person, not counted in the click.
    jump   a mouse at 1366x900 that clicks the moment it arrives (Playwright's bare
           click): the arrival's hover and the click in one frame, which no hand does.
    touch  a phone, 390x844 with touch: a tap (no hover).
"""

import json
import statistics

from scripts import browser
from scripts.bench import site

# Installed before each click: two promises, each resolving with milliseconds from the click:
# `__shown`, the first frame painted after it (what the click shows at once: the pressed
# control, or, on a page that draws in its click handler, the result); `__painted`, the paint
# of the click's first change to the page made by a drawing (a render from the page's worker:
# its count grows; on a page without one, its first change) or, with `selector`, of the
# first change after which `selector` matches; `__chosen`, the first frame painted in which
# `chosen` matches (the control pressed shown chosen), null without one.
ARM = """([selector, chosen]) => {
  const app = document.getElementById("app");
  const stats = window.lepeupleWorker?.stats;
  const renders = stats ? stats.renders : 0;
  // The frame that paints it: its animation-frame callbacks run just before its paint. (A
  // message posted from there would queue behind the page's other messages: a worker's.)
  const painted = (resolve, start) => requestAnimationFrame(() => resolve(performance.now() - start));
  let start = null, shown = null;
  window.__shown = new Promise((resolve) => { shown = resolve; });
  window.__painted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (stats && stats.renders === renders) return;  // the click's own pressed mark, not a drawing
      if (selector && !document.querySelector(selector)) return;
      observer.disconnect();
      painted(resolve, start);
    });
    addEventListener("pointerdown", () => {
      start = performance.now();
      observer.observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
    }, { capture: true, once: true });
    addEventListener("click", () => painted(shown, start), { once: true });
  });
  window.__chosen = new Promise((resolve) => {
    if (!chosen) return resolve(null);
    const seen = () => (document.querySelector(chosen) ? resolve(performance.now() - start) : requestAnimationFrame(seen));
    addEventListener("click", () => requestAnimationFrame(seen), { once: true });
  });
}"""
WAITING = """() => !!(document.querySelector('[data-testid=end-screen]')
    || document.querySelector('.actions [data-act]:not([data-act=hint]):not([data-act=cancel])'
        + ':not([data-act=undo]):not([data-act=pause]):not([data-act=play-on]):not([data-act=step])'))"""
SETTLED = "() => !document.body.dataset.busy"


# How the person points: "rest", "jump" or "touch" (main's --pointer), and the rest in ms.
POINTER = {"how": "rest", "rest_ms": 250}


def press(page, locator):
    """The person's press on `locator`, as POINTER says."""
    if POINTER["how"] == "touch":
        locator.tap()
    elif POINTER["how"] == "rest":
        locator.hover()  # the pointer onto it (scrolled there, visible, stable) ...
        page.wait_for_timeout(POINTER["rest_ms"])  # ... resting as a hand does, then the press
        page.mouse.down()
        page.mouse.up()
    else:
        locator.click()


def timed_click(page, locator, kind, samples, until=None, chosen=None):
    page.evaluate(ARM, [until, chosen])
    press(page, locator)
    samples.setdefault(kind, []).append(page.evaluate("window.__painted"))
    samples.setdefault("shown", []).append(page.evaluate("window.__shown"))
    if chosen:
        samples.setdefault("chosen", []).append(page.evaluate("window.__chosen"))
    page.wait_for_function(SETTLED)


def chosen_mark(locator, kind):
    """The selector of the mark a click on `locator` shows chosen (a card, a meeple's tile, a tile)."""
    if kind == "card":
        return f"[data-testid=hand] .card.selected[data-arg='{locator.get_attribute('data-arg')}']"
    if kind == "meeple":
        return ".ring .tile.chosen"
    to = locator.get_attribute("data-to")
    return f".ring .tile.picked[data-tile='{to}'], .ring .tile.trail-to[data-tile='{to}']"


def decide(page, turn, samples):
    """One decision of the person; False once the game is over."""
    page.wait_for_function(WAITING, timeout=120_000)
    if page.locator("[data-testid=end-screen]").count():
        return False
    for testid in ("skip", "defend-no", "pass-ok"):
        if page.locator(f"[data-testid={testid}]").count():
            page.click(f"[data-testid={testid}]")
            page.wait_for_function(SETTLED)
            return True
    cards = page.locator("[data-testid=hand] button.card.movement")
    if turn % 2 == 0 and page.locator("[data-testid=draw]").count() or not cards.count():
        timed_click(page, page.locator("[data-testid=draw]"), "draw", samples)
        return True
    timed_click(page, cards.first, "card", samples, chosen=chosen_mark(cards.first, "card"))
    for _ in range(4):
        for selector, kind in ((".actions .meeple-btn", "meeple"), (".actions .reach-btn", "tile")):
            if page.locator(selector).count():
                control = page.locator(selector).first
                timed_click(page, control, kind, samples, chosen=chosen_mark(control, kind))
                break
        else:
            return True
    return True


def bot_controls(page, clicks, samples):
    """Pause, Next step and Play on while hard bots play: each until what follows is painted."""
    for _ in range(clicks):
        for testid, next_one in (("pause", "step"), ("step", "play-on"), ("play-on", "pause")):
            page.wait_for_selector(f"[data-testid={testid}]", timeout=120_000)
            until = None if testid == "step" else f"[data-testid={next_one}]"
            timed_click(page, page.locator(f"[data-testid={testid}]"), testid, samples, until)
            page.wait_for_selector(f"[data-testid={next_one}]", timeout=120_000)


def summary(values):
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return {"n": len(values), "median_ms": round(statistics.median(values)), "p90_ms": round(p90),
            "max_ms": round(values[-1])}


def throttled_page(chromium, url, throttle):
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    laptop = {"viewport": {"width": 1366, "height": 900}}
    page = chromium.new_context(**(phone if POINTER["how"] == "touch" else laptop)).new_page()
    page.goto(url)
    browser.wait_ready(page, timeout_ms=120_000)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def play(playwright, base, seed, clicks, bots_clicks, throttle):
    chromium = browser.launch(playwright)
    samples = {}
    try:
        page = throttled_page(chromium, f"{base}?players=human,bot:easy,bot:easy&seed={seed}&speed=instant", throttle)
        turn = 0
        while len(samples.get("shown", [])) < clicks and decide(page, turn, samples):  # one "shown" a click
            turn += 1
        if bots_clicks:
            page = throttled_page(chromium, f"{base}?players=bot:hard,bot:hard,bot:hard&seed={seed}&speed=fast", throttle)
            bot_controls(page, bots_clicks, samples)
    finally:
        chromium.close()
    return samples


def main():
    parser = site.parser(__doc__)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--bots-clicks", type=int, default=12)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--pointer", choices=("rest", "jump", "touch"), default="rest")
    parser.add_argument("--rest-ms", type=int, default=250)
    args = parser.parse_args()
    POINTER.update(how=args.pointer, rest_ms=args.rest_ms)

    with site.browsing(args) as (base, load, playwright):
        samples = play(playwright, base, args.seed, args.clicks, args.bots_clicks, args.throttle)
    rows = {kind: summary(values) for kind, values in samples.items()}
    rows["person"] = summary([v for kind in ("draw", "card", "meeple", "tile") for v in samples.get(kind, [])])
    rows["move"] = summary([v for kind in ("draw", "tile") for v in samples.get(kind, [])])  # Draw two, a move
    print(f"click until painted, CPU slowed {args.throttle:g}x, pointer {args.pointer} ({args.site}):")
    for kind, row in rows.items():
        print(f"  {kind:<6} {row['n']:>3} clicks: median {row['median_ms']} ms, p90 {row['p90_ms']} ms, "
              f"longest {row['max_ms']} ms")
    print(load.line())
    print(json.dumps({"click_paint": rows, "throttle": args.throttle, "pointer": args.pointer, "site": str(args.site),
                      "load_average": load.figures()}))


if __name__ == "__main__":
    main()
