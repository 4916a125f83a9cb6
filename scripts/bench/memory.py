#!/usr/bin/env python3
"""The page's memory in a game of five hard bots: its main thread's JavaScript heap
and its workers', as the DevTools protocol reports them.

    python -m scripts.bench.memory [--actions 60] [--seed 3] [--site DIR] [--no-build]

Opens the built page in headless Chromium with five hard bots (speed=instant),
waits until they have played `--actions` actions, then asks each of the page's
JavaScript contexts for its heap (Runtime.getHeapUsage): the page's main thread
and each dedicated worker (the page's Python runs in one: PyScript's),
each as the heap's used bytes and the bytes of the ArrayBuffers it holds
(Pyodide's WebAssembly memory is one), and their total. The service worker is
left out (it only caches). Prints a table, then one JSON line. `--site` measures
another build (an older one, for before and after).
"""

import json
import time

from scripts.bench import site

MB = 1e6


def heap(result):
    return {"heap_mb": round(result["usedSize"] / MB, 1), "buffers_mb": round(result.get("backingStorageSize", 0) / MB, 1)}


def answered(replies, event):
    """A worker's answer to our question (the events its session also sends are not)."""
    message = json.loads(event["message"])
    if message.get("id") == 1 and "result" in message:
        replies[event["sessionId"]] = message


def workers_heaps(cdp, page):
    """Runtime.getHeapUsage of each dedicated worker of the page (attached through the page's session)."""
    attached, replies = [], {}
    cdp.on("Target.attachedToTarget", lambda event: attached.append(event))
    cdp.on("Target.receivedMessageFromTarget", lambda e: answered(replies, e))
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
    with site.opened(playwright, url, viewport=None) as page:
        page.wait_for_function(f"() => Number(document.body.dataset.actions || 0) >= {actions}", timeout=900_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("HeapProfiler.collectGarbage")
        contexts = {"page": heap(cdp.send("Runtime.getHeapUsage")), **workers_heaps(cdp, page)}
        total = {key: round(sum(c[key] for c in contexts.values()), 1) for key in ("heap_mb", "buffers_mb")}
        return {"contexts": contexts, "total": total, "total_mb": round(total["heap_mb"] + total["buffers_mb"], 1)}


def main():
    parser = site.parser(__doc__)
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    started = time.perf_counter()
    with site.browsing(args) as (base, load, playwright):
        row = measure(playwright, f"{base}?players={','.join(['bot:hard'] * 5)}&seed={args.seed}&speed=instant",
                      args.actions)
    print(f"memory after {args.actions} actions of five hard bots ({args.site}, {time.perf_counter() - started:.0f} s):")
    for name, c in row["contexts"].items():
        print(f"  {name:<12} JavaScript heap {c['heap_mb']:6.1f} MB, ArrayBuffers {c['buffers_mb']:6.1f} MB")
    print(f"  {'in all':<12} JavaScript heap {row['total']['heap_mb']:6.1f} MB, ArrayBuffers {row['total']['buffers_mb']:6.1f} MB"
          f" = {row['total_mb']} MB")
    print(load.line())
    print(json.dumps({"memory": row, "actions": args.actions, "site": str(args.site), "load_average": load.figures()}))


if __name__ == "__main__":
    main()
