#!/usr/bin/env python3
"""Bot decision times in the browser: each level in its own game of three bots.

    python -m scripts.bench.bot_speed [--decisions 30] [--players 3] [--seed 11] [--levels hard,normal] [--no-build]

Opens the built page in headless Chromium with `?players=bot:L,bot:L,bot:L`
(speed=instant) for each level L, waits until the bots have made that many
decisions with a real choice, and reads the page's own bot statistics
(web/model/botrunner.Stats, in body[data-bot-stats]): mean and longest time per
decision (from the start of thinking to the chosen action, the 30 ms slices and
the browser's work between them included), search iterations per second of
thinking, the longest slice, and the longest main-thread task after
body[data-ready] (a PerformanceObserver of long tasks, over 50 ms: "-" when there
was none). Prints a table, then one JSON line. The figures depend on the load of
the machine: the load average is printed with them.
"""

import argparse
import json
import os

from lepeuple.bots import LEVELS
from scripts import browser, build_site, serve

LEVEL_STATS = "(level) => (JSON.parse(document.body.dataset.botStats || '{}').levels || {})[level]"
OBSERVE_LONG_TASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""


def measure(playwright, base, level, players, decisions, seed):
    """The page's statistics for `level` once its bots made `decisions` real decisions."""
    chromium = browser.launch(playwright)
    try:
        page = chromium.new_context().new_page()
        page.add_init_script(OBSERVE_LONG_TASKS)
        seats = ",".join([f"bot:{level}"] * players)
        page.goto(f"{base}?players={seats}&seed={seed}&speed=instant")
        browser.wait_ready(page, timeout_ms=120_000)
        ready = page.evaluate("performance.now()")
        # That many decisions, or the game's end (three beginners end a game in fewer).
        page.wait_for_function(f"() => (({LEVEL_STATS})('{level}') || {{}}).decisions >= {decisions}"
                               " || !!document.querySelector('[data-testid=end-screen]')", timeout=600_000)
        row = page.evaluate(f"({LEVEL_STATS})('{level}')")
        stats = page.evaluate("JSON.parse(document.body.dataset.botStats)")
        tasks = [duration for start, duration in page.evaluate("window.__longtasks") if start > ready]
        row["longest_slice_ms"] = stats["longest_slice_ms"]
        row["longest_task_ms"] = round(max(tasks)) if tasks else None
        return row
    finally:
        chromium.close()


def main():
    parser = argparse.ArgumentParser(description="Bot decision times in the browser.")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated, default every level")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build_site.build()

    from playwright.sync_api import sync_playwright

    server, base = serve.start_server()
    results = {}
    try:
        with sync_playwright() as playwright:
            for level in args.levels.split(","):
                results[level] = measure(playwright, base, level, args.players, args.decisions, args.seed)
    finally:
        server.shutdown()
    print(f"{'level':<8} {'decisions':>9} {'mean s':>7} {'longest s':>9} {'iterations/s':>12} "
          f"{'slice ms':>8} {'task ms':>7}   ({args.players} players, seed {args.seed})")
    for level, row in results.items():
        rate, task = row["iterations_per_s"], row["longest_task_ms"]
        print(f"{level:<8} {row['decisions']:>9} {row['mean_s']:>7.3f} {row['longest_s']:>9.3f} "
              f"{'-' if rate is None else rate:>12} {row['longest_slice_ms']:>8} {'-' if task is None else task:>7}")
    print(f"load average (1, 5, 15 min): {[round(x, 2) for x in os.getloadavg()]}; {os.cpu_count()} CPUs")
    print(json.dumps({"bot_speed": results, "players": args.players, "seed": args.seed}))


if __name__ == "__main__":
    main()
