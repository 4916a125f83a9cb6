#!/usr/bin/env python3
"""Lighthouse's performance audit of the page, as a phone on a mobile network
(its mobile preset, simulated throttling), run with the pinned Lighthouse from npm.

    python -m scripts.bench.lighthouse [--runs 3] [--site DIR] [--no-build]

Serves the built site and runs `node_modules/lighthouse` on its first page in
Debian's Chromium (or $CHROMIUM), each run on a new empty profile (a first
visit). Prints, for each run and as the median: the Performance score, Total
Blocking Time, Largest Contentful Paint and the max potential first input delay;
then one JSON line. `--site` measures another build (an older one, for before
and after).

Which element the largest contentful paint was is asked of the browser itself
(a PerformanceObserver, on a phone-sized page with the CPU slowed down 4x, until
Python is ready): Lighthouse 12.2.3's own audit of it fails on Chromium 156
("Cannot read properties of undefined (reading 'frame_sequence')").
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from scripts import browser, build_site, serve

LIGHTHOUSE = build_site.ROOT / "node_modules/lighthouse/cli/index.js"


def audit(url):
    """One Lighthouse run's figures."""
    chrome = browser.chromium_path() or "/usr/bin/chromium"
    flags = " ".join(["--headless=new", *browser.LAUNCH_ARGS])
    run = subprocess.run(["node", str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
                          "--output-path=stdout", "--quiet", f"--chrome-flags={flags}"],
                         capture_output=True, text=True, env={**os.environ, "CHROME_PATH": chrome}, timeout=600)
    if run.returncode:
        raise SystemExit(f"lighthouse failed:\n{run.stderr[-2000:]}")
    report = json.loads(run.stdout)
    audits = report["audits"]
    items = (audits.get("largest-contentful-paint-element", {}).get("details") or {}).get("items") or []
    node = next((row["items"][0]["node"] for row in items if row.get("items") and "node" in row["items"][0]), {})
    return {"performance": round(100 * report["categories"]["performance"]["score"]),
            "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
            "lcp_s": round(audits["largest-contentful-paint"]["numericValue"] / 1000, 2),
            "lcp_element": node.get("selector") or node.get("snippet", "")[:80] or None,
            "max_fid_ms": round(audits["max-potential-fid"]["numericValue"])}


# Every largest-contentful-paint entry until Python is ready: when, how large, what, and
# whether it was part of the first screen (web/startup/firstscreen.mjs) shown before Python.
LCP_WATCH = """
window.__lcp = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const el = e.element;
    const text = el ? el.textContent.trim().slice(0, 40) : "";
    const element = el ? `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${text}"` : null;
    window.__lcp.push({ at_ms: Math.round(e.startTime), size: e.size, first_screen: !!el?.closest(".first"), element });
  }
}).observe({ type: "largest-contentful-paint", buffered: true });
"""


def lcp_element(url):
    """The page's last largest-contentful-paint entry once Python is ready, on a phone, CPU slowed 4x."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = browser.launch(playwright)
        try:
            page = chromium.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True).new_page()
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.add_init_script(LCP_WATCH)
            page.goto(url)
            browser.wait_ready(page, timeout_ms=180_000)
            page.wait_for_timeout(1000)
            entries = page.evaluate("window.__lcp")
        finally:
            chromium.close()
    return entries[-1] if entries else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=build_site.ROOT / "_site")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build and args.site == build_site.ROOT / "_site":
        build_site.build()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: run `npm ci` (package.json pins it)")

    server, base = serve.start_server(args.site)
    load_before = os.getloadavg()
    runs = []
    try:
        for i in range(args.runs):
            runs.append(audit(base))
            print(f"run {i + 1}/{args.runs}: {runs[-1]}", file=sys.stderr)
        lcp = lcp_element(base)
    finally:
        server.shutdown()
    median = {key: statistics.median(r[key] for r in runs) for key in ("performance", "tbt_ms", "lcp_s", "max_fid_ms")}
    loadavg = [round(x, 2) for x in load_before + os.getloadavg()]
    print(f"Lighthouse (mobile, simulated throttling), median of {args.runs} ({args.site}): Performance "
          f"{median['performance']:g}, Total Blocking Time {median['tbt_ms']:g} ms, Largest Contentful Paint "
          f"{median['lcp_s']:g} s, max potential first input delay {median['max_fid_ms']:g} ms")
    if lcp:
        where = "the first screen, before Python" if lcp["first_screen"] else "drawn by Python"
        print(f"largest contentful paint (the browser's, phone, CPU 4x): {lcp['element']} at {lcp['at_ms']} ms ({where})")
    print(f"load average (1, 5, 15 min) before: {loadavg[:3]}, after: {loadavg[3:]}; {os.cpu_count()} CPUs")
    print(json.dumps({"lighthouse": median, "lcp": lcp, "runs": runs, "site": str(args.site), "load_average": loadavg}))


if __name__ == "__main__":
    main()
