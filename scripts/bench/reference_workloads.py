"""Plain Python workloads that are not our engine, to see how fast a runtime
runs Python in general (scripts/bench/bench_browser.py --reference).

Each workload is written the way ordinary Python is written: recursion,
float arithmetic over lists, a dictionary word count, objects with __slots__
calling methods. `run()` returns {workload: best seconds of 3}. Standard
library only: it also runs in Pyodide.
"""

import random
import time


def recursion(n=26):
    return n if n < 2 else recursion(n - 1) + recursion(n - 2)


def floats(steps=15000):
    bodies = [[random.Random(i).random() for _ in range(6)] + [1.0] for i in range(5)]
    for _ in range(steps):
        for i in range(5):
            a = bodies[i]
            for j in range(i + 1, 5):
                b = bodies[j]
                dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
                d2 = dx * dx + dy * dy + dz * dz + 0.01
                mag = 0.001 / (d2 * d2 ** 0.5)
                a[3] -= dx * b[6] * mag
                b[3] += dx * a[6] * mag
        for body in bodies:
            body[0] += 0.001 * body[3]
            body[1] += 0.001 * body[4]
            body[2] += 0.001 * body[5]


def word_count(n=300_000):
    draw, counts = random.Random(1).random, {}
    vocabulary = [f"w{i}" for i in range(500)]
    for _ in range(n):
        word = vocabulary[int(draw() * 500)]
        counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items(), key=lambda kv: -kv[1])[:10]


class _Task:
    __slots__ = ("priority", "next", "state", "count")

    def __init__(self, priority, following):
        self.priority, self.next, self.state, self.count = priority, following, 0, 0

    def run(self):
        self.count += 1
        if self.count % 3 == 0:
            self.state = 1 - self.state
        return self.next


def objects(n=400_000):
    first = None
    for i in range(10):
        first = _Task(i % 3, first)
    task, total = first, 0
    for _ in range(n):
        task = task.run() or first
        total += task.priority
    return total


WORKLOADS = (recursion, floats, word_count, objects)


def run(rounds=3):
    """{workload name: its best time of `rounds`, in seconds}."""
    best = {}
    for _ in range(rounds):
        for workload in WORKLOADS:
            start = time.perf_counter()
            workload()
            elapsed = time.perf_counter() - start
            best[workload.__name__] = min(elapsed, best.get(workload.__name__, elapsed))
    return best


if __name__ == "__main__":
    import json

    print(json.dumps({name: round(s, 4) for name, s in run().items()}))
