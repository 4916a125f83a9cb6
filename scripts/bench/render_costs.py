#!/usr/bin/env python3
"""Where a redraw's time goes: the table's model, its markup tree, the markup sent,
and the page patching it in; in CPython and in Pyodide in the browser.

    python -m scripts.bench.render_costs [--renders 150] [--throttle 4] [--seed 5] [--no-build]

The same game of three normal bots (speed=instant, so that every step is drawn at
once) is drawn by the page's own Python: under CPython, in this process, through the
worker's real code (web/startup/boot.Link, web/dom.WorkerDom) with its messages
collected; and in Chromium, where that code runs in the page's Web Worker, at full
speed and with the CPU slowed down `--throttle` times. Timers wrapped around the
page's Python (App.render, GameController.model, the markup of the regions) give,
per redraw: the model (what the table shows), the tree (the render functions),
the markup (escaping, regions) and the characters sent; the page's own patch of
what it receives, with the layout it forces, comes from the page's statistics
(web/page/page.mjs). Prints median, 90th percentile and longest of each, in ms,
then one JSON line.
"""

import asyncio
import json
import statistics

from scripts.bench import site

# Timers around the page's Python, the same in CPython and in the worker's Pyodide.
TIMERS = """
import time
import web.app, web.dom, web.controllers.game

COSTS = {"render": [], "model": [], "markup": [], "sent": []}
_inside = []  # the parts of the redraw under way

def _render(original):
    def render(self, *args, **kwargs):
        _inside.append({"model": 0.0, "markup": 0.0})
        start = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            COSTS["render"].append(time.perf_counter() - start)
            parts = _inside.pop()
            COSTS["model"].append(parts["model"])
            COSTS["markup"].append(parts["markup"])
    return render

def _part(owner, name, key):
    original = getattr(owner, name)
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            if _inside:
                _inside[-1][key] += time.perf_counter() - start
    setattr(owner, name, timed)

web.app.App.render = _render(web.app.App.render)
_part(web.controllers.game.GameController, "model", "model")
_part(web.dom, "to_regions", "markup")
_send = web.dom.WorkerDom.send
def _counted(self, message):
    if message.get("type") == "render":
        COSTS["sent"].append(sum(len(v) for v in message["regions"].values()) + len(message.get("skeleton") or ""))
    return _send(self, message)
web.dom.WorkerDom.send = _counted
"""
READ = "import json; json.dumps(COSTS)"


def summary(values, scale=1000):
    values = sorted(v * scale for v in values)
    if not values:
        return None
    return {"median": round(statistics.median(values), 2), "p90": round(values[int(0.9 * (len(values) - 1))], 2),
            "max": round(values[-1], 2), "n": len(values)}


def costs(raw):
    """Per redraw: the model, the tree (the render less the model and the markup), the markup, characters sent."""
    tree = [r - m - k for r, m, k in zip(raw["render"], raw["model"], raw["markup"])]
    return {"render_ms": summary(raw["render"]), "model_ms": summary(raw["model"]), "tree_ms": summary(tree),
            "markup_ms": summary(raw["markup"]), "sent_chars": summary(raw["sent"], scale=1)}


async def in_cpython(url, renders):
    """The worker's code run here: a Link booted as the page boots it, its messages dropped."""
    namespace = {}
    exec(TIMERS, namespace)
    from web.startup.boot import Link

    link = Link(lambda text: None)
    link.receive(json.dumps({"type": "boot", "search": url, "hash": "", "languages": ["en"], "storage": {},
                             "saving": True, "url": "http://127.0.0.1/", "first": None}))
    while len(namespace["COSTS"]["render"]) < renders and not (link.app.session and link.app.session.game.is_over):
        await asyncio.sleep(0.001)
    return costs(namespace["COSTS"])


def in_browser(playwright, base, query, renders, throttle):
    with site.opened(playwright, base + query.replace("speed=instant", "speed=slow")) as page:  # held until the timers are in
        [worker] = page.workers
        worker.evaluate("code => pyodide.runPython(code)", TIMERS)
        if throttle != 1:
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        before = page.evaluate("() => ({...window.lepeupleWorker.stats})")
        # The menu offers "instant" only to a page opened at it (tests' speed): offered here, then chosen.
        page.eval_on_selector("select[name=speed]", "s => s.add(new Option('instant', 'instant'))")
        page.select_option("select[name=speed]", "instant")
        page.wait_for_function(f"() => window.lepeupleWorker.stats.renders >= {before['renders'] + renders}"
                               " || !!document.querySelector('[data-testid=end-screen]')", timeout=600_000)
        stats = page.evaluate("() => window.lepeupleWorker.stats")
        row = costs(json.loads(worker.evaluate("code => pyodide.runPython(code)", READ)))
        drawn = stats["renders"] - before["renders"]
        row["page_patch_ms_mean"] = round((stats["patch_ms"] - before["patch_ms"]) / max(1, drawn), 2)
        row["page_patch_ms_longest"] = round(stats["longest_patch_ms"], 1)
        return row


def main():
    parser = site.parser(__doc__)
    parser.add_argument("--renders", type=int, default=150)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    query = f"?players=bot:normal,bot:normal,bot:normal&seed={args.seed}&speed=instant"

    rows = {"cpython": asyncio.run(in_cpython(query, args.renders))}  # before Playwright's loop runs
    with site.browsing(args) as (base, load, playwright):
        rows |= {"pyodide": in_browser(playwright, base, query, args.renders, 1),
                f"pyodide_{args.throttle:g}x": in_browser(playwright, base, query, args.renders, args.throttle)}
    print(f"a redraw of the table, ms (median / p90 / longest), {args.renders} redraws of a game of three normal bots:")
    for name, row in rows.items():
        parts = [f"{key[:-3]} {row[key]['median']} / {row[key]['p90']} / {row[key]['max']}"
                 for key in ("render_ms", "model_ms", "tree_ms", "markup_ms") if row[key]]
        sent = row["sent_chars"]
        extra = (f"; the page's patch {row['page_patch_ms_mean']} ms on average, longest {row['page_patch_ms_longest']}"
                 if "page_patch_ms_mean" in row else "")
        print(f"  {name:<12} " + ", ".join(parts) + f"; sent {sent['median']:.0f} characters (median){extra}")
    print(load.line())
    print(json.dumps({"render_costs": rows, "renders": args.renders, "load_average": load.figures()}))


if __name__ == "__main__":
    main()
