#!/usr/bin/env python3
"""A friend's action, there and back: from their click until their own page has
painted the result the host sent, over a real WebRTC data channel on loopback.

    python -m scripts.bench.remote_roundtrip [--actions 30] [--seed 3] [--no-build]

A host page (its seats: one friend's, two easy bots; speed=instant, so that bots
answer at once) and the friend's page, each in a browser context of its own in one
headless Chromium, joined by the invitation and its reply as people join
(docs/remote.md). The friend then plays, by clicks: "Draw two" on one turn, a move
the next. For each decision's last click (Draw two, or the landing tile), the
milliseconds from the click until the friend's page has painted the game after it
(its body[data-actions] grown: the host applied the action and told the friend's
page, which drew it). Prints the median, the 90th percentile and the longest, and
connecting: from the host's "Connect" (the reply pasted) until the friend's page shows
its table; then one JSON line.
"""

import json
import statistics
import time

from scripts import browser
from scripts.bench import site

# Resolves with the ms from the next click until the paint after body[data-actions] grew.
ARM = """() => {
  const before = Number(document.body.dataset.actions || 0);
  window.__painted = new Promise((resolve) => {
    let start = null;
    const observer = new MutationObserver(() => {
      if (start === null || Number(document.body.dataset.actions || 0) <= before) return;
      observer.disconnect();
      // The frame that paints it: its animation-frame callbacks run just before its paint.
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-actions"] });
    addEventListener("pointerdown", () => { start = performance.now(); }, { capture: true, once: true });
  });
}"""
WAITING = """() => !!(document.querySelector('[data-testid=end-screen]')
    || document.querySelector('.actions [data-act]:not([data-act=hint]):not([data-act=cancel])'
        + ':not([data-act=undo]):not([data-act=pause]):not([data-act=play-on]):not([data-act=step])'))"""
SETTLED = "() => !document.body.dataset.busy"


def joined(chromium, base, seed):
    """The host's page and the friend's, connected, and the ms from the host's "Connect"
    (the reply pasted) until the friend's page shows its table: connecting."""
    host = chromium.new_context().new_page()
    host.goto(f"{base}?players=remote,bot:easy,bot:easy&names=Bea&seed={seed}&speed=instant&target=30")
    browser.wait_ready(host, timeout_ms=120_000)
    host.click("[data-testid=open-invite-0]")  # the invitation, from the host's bar
    host.wait_for_selector("[data-testid=invite-0-link]", timeout=60_000)
    friend = chromium.new_context().new_page()
    friend.goto(host.input_value("[data-testid=invite-0-link]").replace("#", "?speed=instant#", 1))
    browser.wait_ready(friend, timeout_ms=120_000)
    friend.wait_for_selector("[data-testid=reply-link]", timeout=60_000)
    host.fill("[data-testid=reply-0]", friend.input_value("[data-testid=reply-link]"))
    start = time.perf_counter()
    host.click("[data-testid=reply-0-connect]")
    friend.wait_for_selector("[data-testid=remote-bar]", timeout=60_000)
    return host, friend, (time.perf_counter() - start) * 1000


def click(page, selector):
    page.locator(selector).first.click()
    page.wait_for_function(SETTLED)


def decide(page, turn, samples):
    """One decision of the friend, its last click timed; False once the game is over."""
    page.wait_for_function(WAITING, timeout=120_000)
    if page.locator("[data-testid=end-screen]").count():
        return False
    for testid in ("skip", "defend-no"):
        if page.locator(f"[data-testid={testid}]").count():
            click(page, f"[data-testid={testid}]")
            return True
    cards = page.locator("[data-testid=hand] button.card.movement")
    page.evaluate(ARM)
    if turn % 2 == 0 and page.locator("[data-testid=draw]").count() or not cards.count():
        click(page, "[data-testid=draw]")
    else:
        click(page, "[data-testid=hand] button.card.movement")
        for _ in range(4):
            if page.locator(".actions .meeple-btn").count():
                click(page, ".actions .meeple-btn")
            elif page.locator(".actions .reach-btn").count():
                page.evaluate(ARM)  # the decision's last click
                click(page, ".actions .reach-btn")
                break
    samples.append(page.evaluate("window.__painted"))
    return True


def main():
    parser = site.parser(__doc__)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    samples = []
    with site.served(args) as (base, load), sync_playwright() as playwright:
        chromium = browser.launch(playwright)
        try:
            _, friend, connect_ms = joined(chromium, base, args.seed)
            turn = 0
            while len(samples) < args.actions and decide(friend, turn, samples):
                turn += 1
        finally:
            chromium.close()
    values = sorted(samples)
    row = {"n": len(values), "median_ms": round(statistics.median(values)),
           "p90_ms": round(values[min(len(values) - 1, int(0.9 * len(values)))]), "max_ms": round(values[-1]),
           "connect_ms": round(connect_ms)}
    print(f"connecting: the host's Connect (the reply pasted) to the friend's table on screen: {row['connect_ms']} ms")
    print(f"a friend's action over WebRTC on loopback, click to its result painted on their page: "
          f"median {row['median_ms']} ms, p90 {row['p90_ms']} ms, longest {row['max_ms']} ms ({row['n']} actions)")
    print(load.line())
    print(json.dumps({"remote_roundtrip": row, "site": str(args.site), "load_average": load.figures()}))


if __name__ == "__main__":
    main()
