#!/usr/bin/env python3
"""Does the table stall while bots think? The page's main thread over a minute of
hard bots, with the CPU slowed down like a mid-range phone's.

    python -m scripts.bench.smooth [--seconds 60] [--throttle 4] [--players 3] [--seed 5]
                                   [--site DIR] [--no-build]

Opens the built page in headless Chromium with `?players=bot:hard,…&speed=fast`,
waits until it is ready, slows the CPU down (the DevTools protocol's
Emulation.setCPUThrottlingRate, `--throttle` times) and watches the page's main
thread for `--seconds` while the bots play: every task over 50 ms (a
PerformanceObserver of long tasks) and every gap over 100 ms between two
animation frames (a requestAnimationFrame loop). Prints the longest task, how
many tasks passed 50 and 100 ms, how many frame gaps passed 100 ms and the worst,
and how many actions the bots played meanwhile; then one JSON line. `--site`
measures another build (an older one, for before and after).
"""

import json
import time

from scripts.bench import site

WATCH = """
window.__smooth = { tasks: [], frames: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__smooth.tasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
const frame = (t) => { window.__smooth.frames.push(t); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
"""
ACTIONS = "() => Number(document.body.dataset.actions || 0)"


def watch(playwright, url, seconds, throttle):
    """What the main thread did during `seconds` of bots playing, throttled."""
    with site.opened(playwright, url, WATCH) as page:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        start, played = page.evaluate("performance.now()"), page.evaluate(ACTIONS)
        time.sleep(seconds)
        seen = page.evaluate("window.__smooth")
        played = page.evaluate(ACTIONS) - played
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        tasks = [duration for at, duration in seen["tasks"] if at >= start]
        frames = [t for t in seen["frames"] if t >= start]
        gaps = [b - a for a, b in zip(frames, frames[1:])]
        return {"longest_task_ms": round(max(tasks, default=0)), "tasks_over_50ms": len(tasks),
                "tasks_over_100ms": sum(d > 100 for d in tasks), "frame_gaps_over_100ms": sum(g > 100 for g in gaps),
                "worst_gap_ms": round(max(gaps, default=0)), "frames": len(frames), "actions": played}


def main():
    parser = site.parser(__doc__)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()

    seats = ",".join(["bot:hard"] * args.players)
    with site.browsing(args) as (base, load, playwright):
        row = watch(playwright, f"{base}?players={seats}&seed={args.seed}&speed=fast", args.seconds, args.throttle)
    print(f"{args.seconds:g} s of {args.players} hard bots at fast speed, CPU slowed {args.throttle:g}x: "
          f"longest main-thread task {row['longest_task_ms']} ms; tasks over 50 ms {row['tasks_over_50ms']}, "
          f"over 100 ms {row['tasks_over_100ms']}; frame gaps over 100 ms {row['frame_gaps_over_100ms']} "
          f"(worst {row['worst_gap_ms']} ms, {row['frames']} frames); {row['actions']} actions played")
    print(load.line())
    print(json.dumps({"smooth": row, "seconds": args.seconds, "throttle": args.throttle, "players": args.players,
                      "site": str(args.site), "load_average": load.figures()}))


if __name__ == "__main__":
    main()
