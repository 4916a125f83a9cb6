"""A huge finished game opened from a link, in Chromium: how long it takes and how
much it builds. Prints a table, then one JSON line.

    .venv/bin/python -m scripts.bench.huge_replay [--actions 99000] [--runs 3] [--no-build]

The game: every seat passes and draws until the given length, then plays at random
to the end (scripts/bench/replay_costs.py `long_game`: a game made long as "draw two"
allows, R8); seat 0 is a person, the others easy bots. Its link (`#g=…`, as "Copy
a link" makes it) is opened in a browser whose caches are warm (the page loaded
once before), and measured:

    open_s        navigation to the replay drawn (body[data-ready], the replay screen)
    elements      elements in the document then; markup: characters of its HTML
    chart_rows    rows of the score chart's table
    earlier_s     "earlier turns" of the log opened: the click to the next frame drawn
    review_s      "Review" pressed: the click to the panel saying what it will review
    review_says   what the panel says up front; review_left: its progress once it says the time left

Needs Playwright (requirements-e2e.txt) and a built site (built unless --no-build).
"""

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from scripts import browser, build_site, serve
from scripts.bench.replay_costs import long_game
from web.model.replay_game import pack

HERE = Path(__file__).resolve().parent

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def measure(page, url):
    """One opening of the link, and what the page then does with it."""
    page.goto("about:blank")
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready][data-screen=replay]", state="attached", timeout=120_000)
    page.evaluate(NEXT_FRAME)
    out = {"open_s": round(time.perf_counter() - start, 2)}
    out["elements"] = page.evaluate("document.getElementsByTagName('*').length")
    out["markup"] = page.evaluate("document.documentElement.outerHTML.length")
    out["chart_rows"] = page.locator("[data-testid=score-chart] tbody tr").count()
    summary = page.locator(".log-earlier summary")
    if summary.count():
        start = time.perf_counter()
        summary.click()
        page.evaluate(NEXT_FRAME)
        out["earlier_s"] = round(time.perf_counter() - start, 2)
    review = page.locator("[data-testid=review]")
    if review.count():
        start = time.perf_counter()
        review.click()
        said = page.wait_for_selector("[data-testid=review-plan]",
                                      timeout=120_000)
        out["review_s"] = round(time.perf_counter() - start, 2)
        out["review_says"] = said.inner_text()
        left = page.wait_for_selector("[data-testid=review-panel] [role=status]:text-matches('left')", timeout=300_000)
        out["review_left"] = left.inner_text()
        page.click("[data-testid=review-cancel]", timeout=600_000)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=99_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build_site.build()
    record = long_game(args.actions)
    fragment = pack(SEATS, record)
    server, base = serve.start_server(HERE.parents[1] / "_site")
    from playwright.sync_api import sync_playwright

    runs = []
    try:
        with sync_playwright() as playwright:
            chromium = browser.launch(playwright)
            page = chromium.new_context(viewport={"width": 1366, "height": 768}).new_page()
            page.goto(base)  # caches warm, as for a returning player
            browser.wait_ready(page)
            for _ in range(args.runs):
                runs.append(measure(page, base + fragment))
            chromium.close()
    finally:
        server.shutdown()
    said = ("review_says", "review_left")
    keys = [k for k in runs[0] if k not in said]
    summary = {"actions": len(record["actions"]), "link_chars": len(fragment), "runs": len(runs),
               **{k: statistics.median(r[k] for r in runs) for k in keys},
               **{k: runs[-1].get(k) for k in said}, "load": round(os.getloadavg()[0], 1)}
    for key, value in summary.items():
        print(f"{key:12} {value}")
    print(json.dumps(summary, ensure_ascii=False))


if __name__ == "__main__":
    main()
