#!/usr/bin/env python3
"""The engine benchmark in Pyodide inside headless Chromium (the page's own
runtime), next to CPython's in the same minute.

    python scripts/bench_browser.py [--players 4] [--games 1000] [--seed 1]

Runs `python -m lepeuple bench` under this CPython, then the same `bench()` in
Pyodide (from node_modules, with lepeuple/ written into its file system) in
Chromium, then CPython once more; prints each JSON line and a last one with
the ratio of Pyodide's figure to the mean of CPython's two. Both are best of 3
rounds. Pyodide's clock there is the wall clock: on a busy machine its figure
suffers more than CPython's CPU time, so the load average is printed too.
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser  # noqa: E402
import serve  # noqa: E402

ROOT = serve.ROOT

# Runs in the page: load Pyodide from the local server, write the engine in, bench it.
RUN_IN_PAGE = """async ({files, call}) => {
  const { loadPyodide } = await import("/node_modules/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: "/node_modules/pyodide/" });
  for (const [path, text] of Object.entries(files)) {
    pyodide.FS.mkdirTree("/bench/" + path.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile("/bench/" + path, text);
  }
  return pyodide.runPython(`
import sys, json
sys.path.insert(0, "/bench")
from lepeuple.stats import bench
figures = ${call}
figures["runtime"] = "pyodide " + sys.version.split()[0] + " in " + ${JSON.stringify(navigator.userAgent.match(/Chrom\\S+/)[0])}
json.dumps(figures)`);
}"""


def engine_files():
    """lepeuple's modules (bots included), path -> source."""
    paths = sorted(ROOT.glob("lepeuple/*.py")) + sorted(ROOT.glob("lepeuple/bots/*.py"))
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}


def bench_in_page(page, base, players, games, seed):
    """bench() in Pyodide in `page`; `base`: a server of the repository (start_server(ROOT))."""
    page.goto(base + "README.md")  # any page of that server: an origin for the import
    call = f"bench({players}, {games}, {seed})"
    return json.loads(page.evaluate(RUN_IN_PAGE, {"files": engine_files(), "call": call}))


def in_chromium(args):
    from playwright.sync_api import sync_playwright

    server, base = serve.start_server(ROOT)  # the repository: node_modules/pyodide and the engine
    try:
        with sync_playwright() as playwright:
            chromium = browser.launch(playwright)
            try:
                return bench_in_page(chromium.new_context().new_page(), base, args.players, args.games, args.seed)
            finally:
                chromium.close()
    finally:
        server.shutdown()


def in_cpython(args):
    command = [sys.executable, "-m", "lepeuple", "bench", "--players", str(args.players),
               "--games", str(args.games), "--seed", str(args.seed)]
    return json.loads(subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout)


def main():
    parser = argparse.ArgumentParser(description="The engine benchmark in Pyodide in Chromium, next to CPython.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    before = in_cpython(args)
    print(json.dumps(before))
    pyodide = in_chromium(args)
    print(json.dumps(pyodide))
    after = in_cpython(args)
    print(json.dumps(after))
    cpython = (before["games_per_s"] + after["games_per_s"]) / 2
    print(f"load average (1, 5, 15 min): {[round(x, 2) for x in os.getloadavg()]}; {os.cpu_count()} CPUs")
    print(json.dumps({"players": args.players, "pyodide_games_per_s": pyodide["games_per_s"],
                      "cpython_games_per_s": round(cpython, 1),
                      "pyodide_share": round(pyodide["games_per_s"] / cpython, 3)}))


if __name__ == "__main__":
    main()
