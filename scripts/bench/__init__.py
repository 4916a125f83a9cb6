"""Benchmarks and measures, each printing its own figures: `python -m scripts.bench.NAME`
from the repository root (docs/figures.md lists them with their latest figures)."""
