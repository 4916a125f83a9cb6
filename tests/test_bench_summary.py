"""scripts/bench/bench_browser.py's summary of its pairs of runs (Pyodide, CPython): pure
arithmetic, tested without a browser (tests/e2e/test_bench_browser.py runs it in one)."""

from scripts.bench import bench_browser


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
