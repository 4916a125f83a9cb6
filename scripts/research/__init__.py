"""Screens and fits of the bots' models, each printing its own figures:
`python -m scripts.research.NAME` from the repository root (docs/bots.md describes them)."""
