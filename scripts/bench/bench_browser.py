#!/usr/bin/env python3
"""The engine benchmark in Pyodide inside headless Chromium (the page's own
runtime), side by side with CPython's.

    python -m scripts.bench.bench_browser [--players 4] [--games 1000] [--seed 1] [--pairs 3]
    python -m scripts.bench.bench_browser --reference [--pairs 3]
    python -m scripts.bench.bench_browser --pairs 6 --write   # and writes the engine's figures into docs/figures.md

Loads Pyodide (from node_modules, with lepeuple/ written into its file system)
once in one Chromium page, then `--pairs` times runs `python -m lepeuple bench`
under this CPython and the same `bench()` in the page, one after the other.
Prints each JSON line, each pair's ratio of Pyodide's figure to CPython's, and
last a summary: the median of those ratios and the ratio of the best figures.
Pairs matter here: this machine's speed drifts by tens of percent from minute
to minute, so only figures taken side by side compare.

The first `--warm-up` runs in the page (3) are printed as "warm_up" and left
out: Chromium's WebAssembly engine optimises Pyodide's interpreter loop only
after it has run a while (here 10-15 s of benchmark: with one warm-up run the
next two pairs were still 20-30 % slower), and a call that started before
keeps the slower code to its end (measured: 400-750 games/s in a fresh page's
first call, about 1,000 later). The page runs the engine in short calls for as
long as a game lasts, so what players get is the warm speed.

`--reference` times plain Python workloads that are not our engine
(scripts/bench/reference_workloads.py) the same way: what share of CPython's speed
this Pyodide gives ordinary Python code.
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from scripts import browser, serve
from scripts.bench import figures_table

ROOT = serve.ROOT
REFERENCE = Path(__file__).resolve().parent / "reference_workloads.py"

# Runs in the page once: load Pyodide from the local server and write the files in.
LOAD_IN_PAGE = """async ({files}) => {
  const { loadPyodide } = await import("/node_modules/pyodide/pyodide.mjs");
  window.pyodide = await loadPyodide({ indexURL: "/node_modules/pyodide/" });
  for (const [path, text] of Object.entries(files)) {
    pyodide.FS.mkdirTree("/bench/" + path.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile("/bench/" + path, text);
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/bench')");
  return navigator.userAgent.match(/Chrom\\S+/)[0];
}"""
# Then per call: a Python expression whose value is JSON-able.
CALL_IN_PAGE = """(expression) => pyodide.runPython(`import json\njson.dumps(${expression})`)"""


def engine_files():
    """lepeuple's modules (bots included) and the reference workloads, path -> source."""
    paths = sorted(p for p in ROOT.glob("lepeuple/**/*.py") if "__pycache__" not in p.parts)
    files = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}
    files[REFERENCE.name] = REFERENCE.read_text(encoding="utf-8")
    return files


class PyodidePage:
    """One Chromium page with Pyodide loaded; `call(expression)` evaluates Python there."""

    def __init__(self, page, base):
        page.goto(base + "README.md")  # any page of that server: an origin for the import
        self.page = page
        self.browser = page.evaluate(LOAD_IN_PAGE, {"files": engine_files()})
        self.version = self.call("sys.version.split()[0]")

    def call(self, expression):
        return json.loads(self.page.evaluate(CALL_IN_PAGE, expression))

    def bench(self, players, games, seed):
        return self._labelled(f"__import__('lepeuple.tools.stats').tools.stats.bench({players}, {games}, {seed})")

    def reference(self):
        return self._labelled("{k: round(v, 4) for k, v in __import__('reference_workloads').run().items()}")

    def _labelled(self, expression):
        figures = self.call(expression)
        figures["runtime"] = f"pyodide {self.version} in {self.browser}"
        return figures


def bench_in_page(page, base, players, games, seed):
    """bench() in Pyodide in `page`; `base`: a server of the repository (start_server(ROOT))."""
    return PyodidePage(page, base).bench(players, games, seed)


def cpython(args):
    if args.reference:
        command = [sys.executable, str(REFERENCE)]
    else:
        command = [sys.executable, "-m", "lepeuple", "bench", "--players", str(args.players),
                   "--games", str(args.games), "--seed", str(args.seed)]
    figures = json.loads(subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    figures["runtime"] = "cpython " + sys.version.split()[0]
    return figures


def pyodide(page, args):
    return page.reference() if args.reference else page.bench(args.players, args.games, args.seed)


def shares(pyodide_figures, cpython_figures, reference):
    """Pyodide's speed as a share of CPython's, per figure compared."""
    if reference:  # times: the shorter, the faster
        return {k: cpython_figures[k] / v for k, v in pyodide_figures.items() if k != "runtime"}
    return {"games_per_s": pyodide_figures["games_per_s"] / cpython_figures["games_per_s"]}


def summary(pairs, reference):
    """Median of the per-pair shares and the share of the best figures, per figure compared."""
    out = {}
    for key in shares(*pairs[0], reference):
        if reference:
            best = min(c[key] for _, c in pairs) / min(p[key] for p, _ in pairs)
        else:
            best = max(p[key] for p, _ in pairs) / max(c[key] for _, c in pairs)
        out[key] = {"median_share": round(statistics.median(shares(p, c, reference)[key] for p, c in pairs), 3),
                    "share_of_bests": round(best, 3)}
    return out


def figures_row(args, figures, load, date):
    """docs/figures.md's row for the engine's `figures` (a summary()), dated."""
    share = figures["games_per_s"]
    median, bests = round(100 * share["median_share"]), round(100 * share["share_of_bests"])
    return (f"| engine in Pyodide in Chromium, warm, against CPython side by side "
            f"| `.venv/bin/python -m scripts.bench.bench_browser --pairs {args.pairs}` "
            f"| median of the pairs' ratios {median} %, ratio of the best figures {bests} % ({args.players} players; "
            f"{date.isoformat()}, load {load:.1f}; under load Pyodide's clock also counts time spent waiting: "
            f"[engine-speed.md](engine-speed.md)) | 60 %: {'met' if share['median_share'] >= 0.6 else 'not met'} |")


def main():
    parser = argparse.ArgumentParser(description="The engine benchmark in Pyodide in Chromium, next to CPython.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3, help="CPython/Pyodide runs side by side")
    parser.add_argument("--reference", action="store_true", help="plain Python workloads instead of the engine")
    parser.add_argument("--warm-up", type=int, default=3, help="Pyodide runs left out first (default 3)")
    parser.add_argument("--write", action="store_true", help="write the engine's figures into docs/figures.md's row, dated")
    args = parser.parse_args()
    if args.pairs < 1:
        parser.error("--pairs is at least 1")
    if args.write and args.reference:
        parser.error("--write writes the engine's figures: not with --reference")
    from playwright.sync_api import sync_playwright

    server, base = serve.start_server(ROOT)  # the repository: node_modules/pyodide and the engine
    pairs = []
    try:
        with sync_playwright() as playwright:
            chromium = browser.launch(playwright)
            try:
                page = PyodidePage(chromium.new_context().new_page(), base)
                for _ in range(args.warm_up):
                    print(json.dumps({"warm_up": pyodide(page, args)}))
                for _ in range(args.pairs):
                    pair = (pyodide(page, args), cpython(args))
                    pairs.append(pair)
                    for figures in reversed(pair):
                        print(json.dumps(figures))
                    print(json.dumps({"pyodide_share": {k: round(v, 3) for k, v in shares(*pair, args.reference).items()}}))
            finally:
                chromium.close()
    finally:
        server.shutdown()
    load = os.getloadavg()
    print(f"load average (1, 5, 15 min): {[round(x, 2) for x in load]}; {os.cpu_count()} CPUs")
    what = "reference workloads" if args.reference else f"engine, {args.players} players"
    figures = summary(pairs, args.reference)
    print(json.dumps({"compared": what, "pairs": len(pairs), **figures}))
    if args.write:
        print(figures_table.write_row(figures_table.FIGURES, figures_row(args, figures, load[0], datetime.date.today())))


if __name__ == "__main__":
    main()
