"""scripts/bench_browser.py: the engine benchmark runs in Pyodide inside Chromium,
and plays exactly the games CPython plays from the same seeds (docs/engine.md: the
same seed and actions replay identically on CPython and in Pyodide)."""

import bench_browser  # scripts/, on the path through conftest
import serve
from lepeuple.stats import bench


def test_bench_in_chromium_plays_the_same_games_as_cpython(context):
    server, base = serve.start_server(serve.ROOT)
    try:
        figures = bench_browser.bench_in_page(context.new_page(), base, players=3, games=4, seed=9)
    finally:
        server.shutdown()
    assert figures["runtime"].startswith("pyodide 3.")
    assert figures["games_per_s"] > 0
    assert figures["actions_per_game"] == bench(3, 4, 9, rounds=1)["actions_per_game"]


def test_pairs_are_summed_up_by_the_median_ratio_and_the_ratio_of_the_bests():
    # Engine figures are rates (higher is faster); reference figures are times (lower is faster).
    rates = [({"games_per_s": 600}, {"games_per_s": 1000}), ({"games_per_s": 900}, {"games_per_s": 1200}),
             ({"games_per_s": 700}, {"games_per_s": 1400})]
    assert bench_browser.summary(rates, reference=False) == {
        "games_per_s": {"median_share": 0.6, "share_of_bests": round(900 / 1400, 3)}}
    times = [({"loop": 2.0, "runtime": "pyodide"}, {"loop": 1.0, "runtime": "cpython"}),
             ({"loop": 1.5, "runtime": "pyodide"}, {"loop": 1.2, "runtime": "cpython"})]
    assert bench_browser.summary(times, reference=True) == {
        "loop": {"median_share": round((0.5 + 0.8) / 2, 3), "share_of_bests": round(1.0 / 1.5, 3)}}
