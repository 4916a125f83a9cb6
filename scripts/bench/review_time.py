#!/usr/bin/env python3
"""How long the review of a finished game takes in the browser, and whether the page's
thread stays free meanwhile (the review thinks in the page's Web Worker).

    python -m scripts.bench.review_time [--record tests/records/3p-seed2026.json] [--throttle 1]
                                        [--site DIR] [--no-build]

Opens the built page, opens the record as a file (the new-game screen's "Open a game
file"), clicks Review (the first player's game) and waits for its result. Prints the
seconds from the click to the result, how many decisions it looked at, and the page's
main-thread tasks over 50 ms meanwhile (a PerformanceObserver of long tasks); then one
JSON line. `--throttle` slows the CPU down (the DevTools protocol's
Emulation.setCPUThrottlingRate) like a phone's.
"""

import json
import time
from pathlib import Path

from scripts.bench import site

ROOT = Path(__file__).resolve().parents[2]
WATCH = """
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def review(playwright, base, record, throttle):
    with site.opened(playwright, base, WATCH) as page:
        page.set_input_files("input[type=file]", files=[{
            "name": "game.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}])
        page.wait_for_selector("[data-testid=replay-bar]")
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        start = page.evaluate("performance.now()")
        clock = time.perf_counter()
        page.click("[data-testid=review]")
        page.wait_for_selector("[data-testid=review-panel] h2", timeout=600_000)
        seconds = time.perf_counter() - clock
        tasks = [d for at, d in page.evaluate("window.__tasks") if at >= start]
        text = page.inner_text("[data-testid=review-panel]")
        return {"seconds": round(seconds, 1), "tasks_over_50ms": len(tasks),
                "longest_task_ms": round(max(tasks, default=0)), "panel": text[:200]}


def main():
    parser = site.parser(__doc__)
    parser.add_argument("--record", type=Path, default=ROOT / "tests/records/3p-seed2026.json")
    parser.add_argument("--throttle", type=float, default=1)
    args = parser.parse_args()

    data = json.loads(args.record.read_text())
    record = data.get("record", data)
    with site.browsing(args) as (base, load, playwright):
        row = review(playwright, base, record, args.throttle)
    print(f"review of {args.record.name} ({len(record['actions'])} actions), CPU slowed {args.throttle:g}x: "
          f"{row['seconds']} s from the click to the result; main-thread tasks over 50 ms {row['tasks_over_50ms']}, "
          f"longest {row['longest_task_ms']} ms")
    print(f"the panel: {row['panel']!r}")
    print(load.line())
    print(json.dumps({"review": row, "record": args.record.name, "throttle": args.throttle,
                      "load_average": load.figures()}))


if __name__ == "__main__":
    main()
