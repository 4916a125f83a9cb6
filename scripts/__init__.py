"""The project's scripts, a package run from the repository root as modules:
`python -m scripts.build_site`, `python -m scripts.serve`, `python -m scripts.bench.NAME`.
They import one another, lepeuple and web by their full names (`from scripts import serve`)."""
