#!/usr/bin/env python3
"""A player's first visit: bytes sent and time until ready, on an emulated phone.

    python -m scripts.bench.first_visit_bench [--runs 1] [--no-build] [--site DIR] [--screenshot PNG] [--form-shots DIR]

Serves the built site with a server that compresses nothing and counts what
it sends (headers and bodies, per file). For the game page (/) and the bare
page (/bare/: npm's Pyodide started the ordinary way in a worker, no service worker), side by side
in one run, each in Chromium on a new empty profile under its DevTools
protocol's emulation of a phone on 4G (9 Mbps down, 60 ms latency, 4x CPU
slowdown): seconds from navigation to body[data-ready], and the bytes sent
until then, for the game page until its service worker has finished
installing too (navigator.serviceWorker.ready; it starts once the page is
ready). For the game page also the seconds until its new-game form is
usable (a seat's menu shown and enabled, as Playwright sees it:
web/startup/firstscreen.mjs shows it before Python is ready), and when the browser
first painted it (form_painted_s: its first largest-contentful-paint, on the
page's clock). Prints a table per file and the game page's timeline (when
each large download started and ended, the page's performance marks), then
one JSON line:

    {"game": {"ready_s", "form_s", "form_painted_s", "bytes", "files": {path: bytes}, "requests",
              "timeline": {"files": [[path, start, end]], "marks": [[name, at]], "now"}},
     "bare": {...},
     "ready_ratio": game/bare, "mb_sent": game MB, "runs", "load_average"}

--screenshot saves the game page half-way through its download (the progress bar);
--form-shots DIR saves the phone's screen once the form is usable
(form-before-ready.png) and once Python is ready (form-ready.png).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

from scripts import browser, build_site, serve

FORM = "select[name=kind-1]:enabled"  # a seat's menu: the new-game form can be used
# When the form was first painted, in seconds from the navigation's start (the
# page's own clock): its first largest-contentful-paint entry (Chrome reports
# each larger text painted) inside the first screen (web/startup/firstscreen.mjs).
FORM_PAINTED = """() => new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
        const entry = list.getEntries().find((e) => e.element && e.element.closest('.first'));
        observer.disconnect();
        resolve(entry ? Math.round(entry.startTime) / 1000 : null);
    }).observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => resolve(null), 5000);
})"""
# Where the seconds go, on the page's clock: when each large download started
# and ended (resource timing), and the page's performance marks.
TIMELINE = """() => {
    const s = (t) => Math.round(t) / 1000;
    const files = performance.getEntriesByType("resource").filter((e) => e.encodedBodySize >= 100000 || e.transferSize >= 100000)
        .map((e) => [new URL(e.name).pathname, s(e.startTime), s(e.responseEnd)]);
    const marks = performance.getEntriesByType("mark").map((e) => [e.name, s(e.startTime)]);
    return {files, marks, now: s(performance.now())};
}"""
PHONE = {"offline": False, "latency": 60, "downloadThroughput": 9_000_000 / 8, "uploadThroughput": 9_000_000 / 8}
CPU_SLOWDOWN = 4
VIEWPORT = {"width": 412, "height": 839}


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.files, self.requests = defaultdict(int), defaultdict(int)

    def add(self, path, n, request=False):
        with self.lock:
            self.files[path] += n
            self.requests[path] += request

    def snapshot(self):
        with self.lock:
            return dict(self.files), dict(self.requests)


class CountingWriter:
    def __init__(self, raw, count):
        self.raw, self.count = raw, count

    def write(self, data):
        self.count(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def counting_server(directory, counter):
    class Handler(serve.QuietHandler):
        def setup(self):
            super().setup()
            self.wfile = CountingWriter(self.wfile, lambda n: counter.add(self._counted_path(), n))

        def _counted_path(self):
            return urlsplit(getattr(self, "path", "?")).path

        def handle_one_request(self):
            super().handle_one_request()
            if getattr(self, "command", None):
                counter.add(self._counted_path(), 0, request=True)

    import functools
    from http.server import ThreadingHTTPServer
    server = ThreadingHTTPServer((serve.HOST, 0), functools.partial(Handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{serve.HOST}:{server.server_address[1]}/"


def visit(playwright, url, counter, service_worker, screenshot=None, form_shots=None, form=False):
    counter.reset()
    with tempfile.TemporaryDirectory(prefix="lepeuple-phone-") as profile:
        context = browser.launch_persistent(playwright, profile, viewport=VIEWPORT, is_mobile=True,
                                            has_touch=True, device_scale_factor=2,
                                            service_workers="allow" if service_worker else "block")
        try:
            page = context.pages[0] if context.pages else context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", PHONE)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            start = time.perf_counter()
            page.goto(url, wait_until="commit")
            form_s = painted = None
            if form:
                page.wait_for_selector(FORM, timeout=300_000)
                form_s = round(time.perf_counter() - start, 2)
                painted = page.evaluate(FORM_PAINTED)
                if form_shots:
                    page.screenshot(path=str(form_shots / "form-before-ready.png"))
            if screenshot:
                page.wait_for_function("() => { const b = document.querySelector('#loading-bar');"
                                       " return b && b.max > 1 && b.value / b.max >= 0.5; }", timeout=300_000)
                page.screenshot(path=str(screenshot))
            browser.wait_ready(page, timeout_ms=300_000)
            ready = time.perf_counter() - start
            timeline = page.evaluate(TIMELINE) if form else None
            if form_shots:
                page.screenshot(path=str(form_shots / "form-ready.png"))
            if service_worker:
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            installed = time.perf_counter() - start
            time.sleep(0.5)  # the last responses' bytes
            files, requests = counter.snapshot()
            return {"ready_s": round(ready, 2), "form_s": form_s, "form_painted_s": painted,
                    "installed_s": round(installed, 2),
                    "bytes": sum(files.values()), "files": files, "requests": sum(requests.values()),
                    "timeline": timeline}
        finally:
            context.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--site", type=Path, default=build_site.ROOT / "_site")
    parser.add_argument("--screenshot", type=Path)
    parser.add_argument("--form-shots", type=Path, help="directory for the form's screenshots")
    args = parser.parse_args()
    if not args.no_build and args.site == build_site.ROOT / "_site":
        build_site.build()
    if args.form_shots:
        args.form_shots.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    counter = Counter()
    server, base = counting_server(args.site, counter)
    load_before = os.getloadavg()
    results = {"game": [], "bare": []}
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                first = run == 0
                results["game"].append(visit(playwright, base, counter, True, args.screenshot if first else None,
                                             args.form_shots if first else None, form=True))
                results["bare"].append(visit(playwright, base + "bare/", counter, False))
                print(f"run {run + 1}/{args.runs}: game form {results['game'][-1]['form_s']} s, "
                      f"ready {results['game'][-1]['ready_s']} s, bare {results['bare'][-1]['ready_s']} s",
                      file=sys.stderr)
    finally:
        server.shutdown()

    def summary(runs):
        best = min(runs, key=lambda r: r["bytes"])
        forms = [r["form_s"] for r in runs if r["form_s"] is not None]
        painted = [r["form_painted_s"] for r in runs if r["form_painted_s"] is not None]
        return {"ready_s": round(statistics.median(r["ready_s"] for r in runs), 2),
                "ready_runs": [r["ready_s"] for r in runs], "bytes": best["bytes"],
                "form_s": round(statistics.median(forms), 2) if forms else None, "form_runs": forms,
                "form_painted_s": round(statistics.median(painted), 2) if painted else None,
                "requests": best["requests"], "files": dict(sorted(best["files"].items(), key=lambda kv: -kv[1])),
                "timeline": runs[0]["timeline"]}

    out = {name: summary(runs) for name, runs in results.items()}
    for name, row in out.items():
        form = (f"form usable {row['form_s']:.2f} s (painted at {row['form_painted_s']} s), "
                if row["form_s"] is not None else "")
        print(f"{name}: {form}ready {row['ready_s']:.2f} s, {row['bytes'] / 1e6:.2f} MB in {row['requests']} requests")
        for path, n in row["files"].items():
            if n >= 10_000:
                print(f"  {n / 1e6:8.3f} MB  {path}")
        if row["timeline"]:
            print("  timeline (s, first run): " + ", ".join(
                [f"{path} {start}-{end}" for path, start, end in row["timeline"]["files"]]
                + [f"{name} {at}" for name, at in row["timeline"]["marks"]] + [f"ready by {row['timeline']['now']}"]))
    out["ready_ratio"] = round(out["game"]["ready_s"] / out["bare"]["ready_s"], 3)
    out["mb_sent"] = round(out["game"]["bytes"] / 1e6, 2)
    out["runs"] = args.runs
    out["load_average"] = [round(x, 2) for x in load_before + os.getloadavg()]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
