#!/usr/bin/env python3
"""Startup time of the page: navigation until body[data-ready], in seconds.

    python -m scripts.bench.startup_bench [--runs 3] [--no-build]

For the game page (/) and the bare runtime page (/bare/), each run starts a
browser on a new empty profile and loads the page (cold: everything comes from
the local server), waits until the service worker has precached the site,
restarts the browser on the same profile and loads it again (warm: the service
worker and the browser's caches apply). The two pages alternate within a run,
so both see the same machine load. Prints a table, then one JSON line, with the
median time at which each step was reached (seconds since navigation):

    snapshot      the memory snapshot fetched and unpacked, in the page's worker (game page only)
    interpreter   Pyodide running with our files, in the worker (web/startup/interpreter.mjs; game page only)
    python        the worker's Python ready for the page's facts (game page only)
    ready         body[data-ready] set, once the page's Python has drawn its first screen (the bare
                  page: once Pyodide runs in its worker); seen in the page, the measured time is the
                  same seen from outside, a little later

Needs Playwright (requirements-e2e.txt) and a built site (built unless --no-build).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

from scripts import browser, build_site, serve

PAGES = {"game": "", "bare": "bare/"}
STEPS = ("snapshot", "interpreter", "python", "ready")

# Recorded in the page (it changes nothing there): when each step was reached.
WATCH = """
window.__steps = {};
const at = (name) => { window.__steps[name] ??= performance.now(); };
new MutationObserver(() => { if (document.body?.dataset.ready) at("ready"); })
    .observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""
STEPS_JS = """() => {
    const marks = Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]));
    return { ...window.__steps,
             snapshot: marks["lepeuple:snapshot-fetched"], interpreter: marks["lepeuple:interpreter-loaded"],
             python: marks["lepeuple:page-python"] };
}"""


def load(playwright, profile, url, settle=False):
    """Seconds from navigation to body[data-ready] in a browser on `profile`,
    and the seconds at which the page reached each of STEPS (None: not seen)."""
    context = browser.launch_persistent(playwright, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(WATCH)
        start = time.perf_counter()
        page.goto(url)
        browser.wait_ready(page, timeout_ms=120_000)
        elapsed = time.perf_counter() - start
        # performance.now() counts from the navigation's start, as `elapsed` roughly does
        steps = {k: (None if v is None else v / 1000) for k, v in page.evaluate(STEPS_JS).items()}
        if settle:  # let the service worker finish installing (precache) first
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        return elapsed, steps
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
    load_before = os.getloadavg()
    times = {(name, kind): [] for name in PAGES for kind in ("cold", "warm")}
    steps = {key: {step: [] for step in STEPS} for key in times}
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for name, path in PAGES.items():
                    with tempfile.TemporaryDirectory(prefix="lepeuple-profile-") as profile:
                        for kind in ("cold", "warm"):
                            elapsed, seen = load(playwright, profile, base + path, settle=kind == "cold")
                            times[name, kind].append(elapsed)
                            for step in STEPS:
                                if seen.get(step) is not None:
                                    steps[name, kind][step].append(seen[step])
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
    finally:
        server.shutdown()

    summary = {f"{name}_{kind}": {"median": round(statistics.median(t), 3),
                                  "min": round(min(t), 3), "max": round(max(t), 3),
                                  "steps": {step: round(statistics.median(v), 3)
                                            for step, v in steps[name, kind].items() if v}}
               for (name, kind), t in times.items()}
    print(f"{'page':<6} {'start':<5} {'median s':>9} {'min s':>7} {'max s':>7}   median s at each step "
          f"({args.runs} runs)")
    for key, row in summary.items():
        name, kind = key.split("_")
        reached = "  ".join(f"{step} {row['steps'][step]:.2f}" for step in STEPS if step in row["steps"])
        print(f"{name:<6} {kind:<5} {row['median']:>9.2f} {row['min']:>7.2f} {row['max']:>7.2f}   {reached}")
    loadavg = [round(x, 2) for x in load_before + os.getloadavg()]
    print(f"load average (1, 5, 15 min) before: {loadavg[:3]}, after: {loadavg[3:]}; {os.cpu_count()} CPUs")
    print(json.dumps({"startup_seconds": summary, "runs": args.runs, "load_average": loadavg}))


if __name__ == "__main__":
    main()
