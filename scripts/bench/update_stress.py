"""How often an update gets stuck: the page's "new version" reload, repeated under load.

Each run builds the site afresh, opens it in a fresh browser, makes a new build
(scripts/site_update.py's `new_build`), reloads until the new service worker
waits, then reloads once more as a player would: the old worker answers with
the "new version" page, which must reload itself onto the new build. A run is
stuck when the new build is not on screen `--wait` seconds later.
`--busy N` keeps N processes spinning beside it (the load under which a stuck
update was seen). UPDATE_STRESS_DEBUG=1 prints, for a stuck run,
chrome://serviceworker-internals (which worker runs, which waits).

    .venv/bin/python -m scripts.bench.update_stress --runs 40 --busy 2
"""

import argparse
import multiprocessing
import os
import tempfile
from pathlib import Path

from scripts import browser as chromium, build_site, serve
from scripts.site_update import CACHES, new_build, reload_onto_new_build, wait_for_new_worker

DEBUG = bool(os.environ.get("UPDATE_STRESS_DEBUG"))  # print what a stuck run waits on


def spin():
    while True:
        pass


def one_update(playwright, wait):
    """Seconds from the last reload to the new build on screen, or None if stuck."""
    out = Path(tempfile.mkdtemp()) / "site"
    build_site.build(out)
    server, url = serve.start_server(out)
    browser = chromium.launch(playwright)
    try:
        page = browser.new_context().new_page()
        page.goto(url)
        chromium.wait_ready(page)
        page.evaluate(CACHES)
        new_build(out)
        page.bring_to_front()
        page.reload()
        chromium.wait_ready(page)
        wait_for_new_worker(page)
        seconds = reload_onto_new_build(page, wait)
        if seconds is not None:
            return seconds
        if DEBUG:
            internals = page.context.new_page()
            internals.goto("chrome://serviceworker-internals/")
            internals.wait_for_timeout(500)
            print(internals.locator("body").inner_text())
        return None
    finally:
        server.shutdown()
        browser.close()


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--runs", type=int, default=20)
    a.add_argument("--busy", type=int, default=0, help="spinning processes beside it")
    a.add_argument("--wait", type=float, default=30.0, help="seconds before a run counts as stuck")
    args = a.parse_args()
    from playwright.sync_api import sync_playwright

    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for p in spinners:
        p.start()
    stuck, times = 0, []
    try:
        with sync_playwright() as playwright:
            for i in range(args.runs):
                seconds = one_update(playwright, args.wait)
                if seconds is None:
                    stuck += 1
                else:
                    times.append(seconds)
                print(f"run {i + 1}: " + ("STUCK" if seconds is None else f"{seconds:.2f} s"), flush=True)
    finally:
        for p in spinners:
            p.terminate()
    times.sort()
    median = f"{times[len(times) // 2]:.2f} s" if times else "-"
    print(f"{args.runs} updates, {args.busy} busy processes: {stuck} stuck; median time to the new build {median}")


if __name__ == "__main__":
    main()
