"""The page stays responsive while bots think: no long task over 100 ms.

Bots think in slices of 30 ms on the page's only thread (web/model/botrunner.py);
a PerformanceObserver installed before the page loads records long tasks, and
those after body[data-ready] (the runtime's own start-up is excluded) must
all stay under 100 ms while hard and normal bots play.
"""

import json

OBSERVE = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""


def test_no_long_task_while_bots_think(page, site_url, wait_ready):
    page.add_init_script(OBSERVE)
    page.goto(site_url + "?players=bot:hard,bot:normal,bot:hard&seed=4&speed=instant")
    wait_ready(page)
    ready = page.evaluate("performance.now()")
    page.wait_for_function("() => Number(document.body.dataset.actions || 0) >= 6", timeout=120_000)
    tasks = page.evaluate("window.__longtasks")
    after = [d for start, d in tasks if start > ready]
    stats = json.loads(page.evaluate("document.body.dataset.botStats"))
    print(f"\nlong tasks after ready (ms): {sorted(after, reverse=True)[:5]}; bots: {stats}")
    assert stats["decisions"] >= 4
    assert not after or max(after) <= 100, after
