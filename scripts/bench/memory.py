#!/usr/bin/env python3
"""The page's memory in a game of five hard bots: its main thread's JavaScript heap
and its workers', as the DevTools protocol reports them.

    python -m scripts.bench.memory [--actions 60] [--seed 3] [--site DIR] [--no-build]

Opens the built page in headless Chromium with five hard bots (speed=instant),
waits until they have played `--actions` actions, then asks each of the page's
JavaScript contexts for its heap (Runtime.getHeapUsage): the page's main thread
and each dedicated worker (the page's Python runs in one: web/startup/worker.mjs),
each as the heap's used bytes and the bytes of the ArrayBuffers it holds
(Pyodide's WebAssembly memory is one), and their total. The service worker is
left out (it only caches). Prints a table, then one JSON line. `--site` measures
another build (an older one, for before and after).
"""

import argparse
import json
import os
import time
from pathlib import Path

from scripts import browser, build_site, serve

MB = 1e6


def heap(result):
    return {"heap_mb": round(result["usedSize"] / MB, 1), "buffers_mb": round(result.get("backingStorageSize", 0) / MB, 1)}


def workers_heaps(cdp, page):
    """Runtime.getHeapUsage of each dedicated worker of the page (attached through the page's session)."""
    attached, replies = [], {}
    cdp.on("Target.attachedToTarget", attached.append)
    cdp.on("Target.receivedMessageFromTarget", lambda e: replies.__setitem__(e["sessionId"], json.loads(e["message"])))
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
    page.wait_for_timeout(500)
    workers = {e["sessionId"]: e["targetInfo"]["url"] for e in attached if e["targetInfo"]["type"] == "worker"}
    for session in workers:
        cdp.send("Target.sendMessageToTarget",
                 {"sessionId": session, "message": json.dumps({"id": 1, "method": "Runtime.getHeapUsage"})})
    for _ in range(50):
        if all(s in replies for s in workers):
            break
        page.wait_for_timeout(100)
    return {url.rsplit("/", 1)[-1].split("?")[0]: heap(replies[s]["result"]) for s, url in workers.items() if s in replies}


def measure(playwright, url, actions):
    chromium = browser.launch(playwright)
    try:
        page = chromium.new_context().new_page()
        page.goto(url)
        browser.wait_ready(page, timeout_ms=120_000)
        page.wait_for_function(f"() => Number(document.body.dataset.actions || 0) >= {actions}", timeout=900_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("HeapProfiler.collectGarbage")
        contexts = {"page": heap(cdp.send("Runtime.getHeapUsage")), **workers_heaps(cdp, page)}
        total = {key: round(sum(c[key] for c in contexts.values()), 1) for key in ("heap_mb", "buffers_mb")}
        return {"contexts": contexts, "total": total, "total_mb": round(total["heap_mb"] + total["buffers_mb"], 1)}
    finally:
        chromium.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--site", type=Path, default=build_site.ROOT / "_site")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build and args.site == build_site.ROOT / "_site":
        build_site.build()

    from playwright.sync_api import sync_playwright

    server, base = serve.start_server(args.site)
    load_before = os.getloadavg()
    started = time.perf_counter()
    try:
        with sync_playwright() as playwright:
            row = measure(playwright, f"{base}?players={','.join(['bot:hard'] * 5)}&seed={args.seed}&speed=instant",
                          args.actions)
    finally:
        server.shutdown()
    loadavg = [round(x, 2) for x in load_before + os.getloadavg()]
    print(f"memory after {args.actions} actions of five hard bots ({args.site}, {time.perf_counter() - started:.0f} s):")
    for name, c in row["contexts"].items():
        print(f"  {name:<12} JavaScript heap {c['heap_mb']:6.1f} MB, ArrayBuffers {c['buffers_mb']:6.1f} MB")
    print(f"  {'in all':<12} JavaScript heap {row['total']['heap_mb']:6.1f} MB, ArrayBuffers {row['total']['buffers_mb']:6.1f} MB"
          f" = {row['total_mb']} MB")
    print(f"load average (1, 5, 15 min) before: {loadavg[:3]}, after: {loadavg[3:]}; {os.cpu_count()} CPUs")
    print(json.dumps({"memory": row, "actions": args.actions, "site": str(args.site), "load_average": loadavg}))


if __name__ == "__main__":
    main()
