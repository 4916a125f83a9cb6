#!/usr/bin/env python3
"""The round trip of web/page/rtc.mjs's data channel between two browser contexts
of one headless Chromium, over real WebRTC on loopback with no ICE server.

    python -m scripts.bench.rtc_roundtrip [--messages 200] [--size 200] [--runs 3]

Builds the site, serves it on 127.0.0.1, opens a small page importing
/web/page/rtc.mjs in two contexts (a host and a guest: separate profiles, as two
devices), connects them the way the game does (offer, answer, accept), then the
guest echoes and the host times `--messages` round trips of a `--size`-character
string, one after another. Prints how long connecting took and the round trip's
median, p90 and maximum in milliseconds, per run, as JSON lines, to 0.1 ms:
the page's clock (performance.now) ticks in 0.1 ms steps in a page that is not
cross-origin isolated. This is the channel alone: the game's action round trip
adds the page's Python on both sides.

Also imported by tests/e2e/test_rtc_transport.py (open_net_page, connect, ...).
"""

import argparse
import datetime
import json
import os
import statistics
import time

from scripts import browser, build_site, serve

# A page that only loads the module, served by a route on the site's origin:
# the site itself ships no such page.
NET_PAGE = "rtc-test.html"
NET_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rtc.mjs</title><link rel="icon" href="data:,"></head>
<body><script type="module">
  import { listen } from "./web/page/rtc.mjs";
  window.heard = [];  // every browser -> Python message, in order
  listen((message) => window.heard.push(message));
  document.body.dataset.ready = "1";
</script></body></html>
"""

# Resolves to the first message heard since index `since` with this op (and peer).
WAIT_HEARD = """async ([op, peer, since, timeout]) => {
  const end = performance.now() + timeout;
  for (;;) {
    const found = window.heard.slice(since).find((m) => m.op === op && (peer === null || m.peer === peer));
    if (found) return found;
    if (performance.now() > end) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}"""

# On the guest: send back every message that arrives.
ECHO = """() => lepeupleNet.listen((m) => {
  window.heard.push(m);
  if (m.op === "message") lepeupleNet.send({ op: "send", peer: m.peer, data: m.data });
})"""

# On the host: `count` round trips of a `size`-character string; their times in ms.
ROUND_TRIPS = """async ([peer, count, size]) => {
  let arrived = null;
  lepeupleNet.listen((m) => { if (m.op === "message") arrived?.(m.data); });
  const times = [];
  for (let i = 0; i < count; i++) {
    const data = String(i).padEnd(size, ".");
    const back = new Promise((resolve) => { arrived = resolve; });
    const start = performance.now();
    lepeupleNet.send({ op: "send", peer, data });
    if (await back !== data) throw new Error(`message ${i} came back changed`);
    times.push(performance.now() - start);
  }
  return times;
}"""


def open_net_page(context, base):
    """A page of `context` on the site's origin with rtc.mjs loaded; what it
    hears accumulates in window.heard."""
    context.route(base + NET_PAGE, lambda route: route.fulfill(body=NET_HTML, content_type="text/html; charset=utf-8"))
    page = context.new_page()
    page.goto(base + NET_PAGE)
    browser.wait_ready(page, 10_000)
    return page


def net_send(page, message):
    page.evaluate("(message) => lepeupleNet.send(message)", message)


def heard_count(page):
    return page.evaluate("window.heard.length")


def wait_heard(page, op, peer=None, since=0, timeout_ms=10_000):
    """The first message with `op` (and `peer`) heard after the first `since`; fails after timeout_ms."""
    found = page.evaluate(WAIT_HEARD, [op, peer, since, timeout_ms])
    if found is None:
        heard = page.evaluate("window.heard")
        raise AssertionError(f"no {op!r} for peer {peer!r} within {timeout_ms} ms; heard: {heard}")
    return found


def connect(host, guest, peer="p1", ice=()):
    """Offer on the host, answer on the guest, accept on the host; returns the
    host's offer and the guest's answer once both sides heard "open"."""
    net_send(host, {"op": "offer", "peer": peer, "ice": list(ice)})
    offer = wait_heard(host, "offer", peer)
    net_send(guest, {"op": "answer", "peer": peer, "offer": offer["sdp"], "ice": list(ice)})
    answer = wait_heard(guest, "answer", peer)
    net_send(host, {"op": "accept", "peer": peer, "answer": answer["sdp"]})
    wait_heard(host, "open", peer)
    wait_heard(guest, "open", peer)
    return offer, answer


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_once(chromium, base, messages, size):
    contexts = [chromium.new_context(), chromium.new_context()]
    try:
        host, guest = (open_net_page(c, base) for c in contexts)
        guest.evaluate(ECHO)
        start = time.perf_counter()
        connect(host, guest, "bench")
        connect_ms = (time.perf_counter() - start) * 1000
        times = host.evaluate(ROUND_TRIPS, ["bench", messages, size])
    finally:
        for context in contexts:
            context.close()
    return {"connect_ms": round(connect_ms), "messages": messages, "size": size,
            "median_ms": round(statistics.median(times), 1), "p90_ms": round(percentile(times, 0.9), 1),
            "max_ms": round(max(times), 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--size", type=int, default=200, help="characters per message")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build_site.build(snapshot=False)
    server, base = serve.start_server(build_site.ROOT / "_site")
    try:
        with sync_playwright() as playwright:
            chromium = browser.launch(playwright)
            print(json.dumps({"date": datetime.date.today().isoformat(), "chromium": chromium.version,
                              "load_1min": round(os.getloadavg()[0], 2)}))
            for _ in range(args.runs):
                print(json.dumps(run_once(chromium, base, args.messages, args.size)), flush=True)
            chromium.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
