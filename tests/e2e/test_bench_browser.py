"""scripts/bench/bench_browser.py: the engine benchmark runs in Pyodide inside Chromium,
and plays exactly the games CPython plays from the same seeds (docs/engine.md: the
same seed and actions replay identically on CPython and in Pyodide)."""

from lepeuple.tools.stats import bench
from scripts import serve
from scripts.bench import bench_browser


def test_bench_in_chromium_plays_the_same_games_as_cpython(context):
    server, base = serve.start_server(serve.ROOT)
    try:
        figures = bench_browser.bench_in_page(context.new_page(), base, players=3, games=4, seed=9)
    finally:
        server.shutdown()
    assert figures["runtime"].startswith("pyodide 3.")
    assert figures["games_per_s"] > 0
    assert figures["actions_per_game"] == bench(3, 4, 9, rounds=1)["actions_per_game"]

