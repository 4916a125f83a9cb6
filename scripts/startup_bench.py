#!/usr/bin/env python3
"""Startup time of the page: navigation until body[data-ready], in seconds.

    python scripts/startup_bench.py [--runs 3] [--no-build]

For the game page (/) and the bare runtime page (/bare/), each run starts a
browser on a new empty profile and loads the page (cold: everything comes from
the local server), waits until the service worker has precached the site,
restarts the browser on the same profile and loads it again (warm: the service
worker and the browser's caches apply). Prints a table, then one JSON line.
Needs Playwright (requirements-e2e.txt) and a built site (built unless --no-build).
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser  # noqa: E402
import build_site  # noqa: E402
import serve  # noqa: E402

PAGES = {"game": "", "bare": "bare/"}


def load(playwright, profile, url, settle=False):
    """Seconds from navigation to body[data-ready] in a browser on `profile`."""
    context = browser.launch_persistent(playwright, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        start = time.perf_counter()
        page.goto(url)
        browser.wait_ready(page, timeout_ms=120_000)
        elapsed = time.perf_counter() - start
        if settle:  # let the service worker finish installing (precache) first
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        return elapsed
    finally:
        context.close()


def main():
    parser = argparse.ArgumentParser(description="Measure the page's startup time.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build_site.build()

    from playwright.sync_api import sync_playwright

    server, base = serve.start_server()
    times = {(name, kind): [] for name in PAGES for kind in ("cold", "warm")}
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for name, path in PAGES.items():
                    with tempfile.TemporaryDirectory(prefix="lepeuple-profile-") as profile:
                        times[name, "cold"].append(load(playwright, profile, base + path, settle=True))
                        times[name, "warm"].append(load(playwright, profile, base + path))
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
    finally:
        server.shutdown()

    summary = {f"{name}_{kind}": {"median": round(statistics.median(t), 3),
                                  "min": round(min(t), 3), "max": round(max(t), 3)}
               for (name, kind), t in times.items()}
    print(f"{'page':<6} {'start':<5} {'median s':>9} {'min s':>7} {'max s':>7}   ({args.runs} runs)")
    for key, row in summary.items():
        name, kind = key.split("_")
        print(f"{name:<6} {kind:<5} {row['median']:>9.2f} {row['min']:>7.2f} {row['max']:>7.2f}")
    print(json.dumps({"startup_seconds": summary, "runs": args.runs}))


if __name__ == "__main__":
    main()
