"""Function sizes of the project's Python (lepeuple/ and web/): how many there are,
the median and 90th-percentile length in lines, and the five longest.

    python scripts/function_sizes.py [--root DIR]      # prints one JSON line

A function's length counts its lines from `def` to its last statement, its
docstring included, nested functions counted inside their parent (and once more
on their own)."""

import argparse
import ast
import json
import statistics
from pathlib import Path

FOLDERS = ("lepeuple", "web")


def sizes(root):
    """[(lines, "path:name")] of every function and method under the folders."""
    out = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.append((node.end_lineno - node.lineno + 1, f"{path.relative_to(root)}:{node.name}"))
    return out


def summary(found):
    lines = sorted(n for n, _ in found)
    return {"functions": len(lines), "median": statistics.median(lines),
            "p90": lines[int(0.9 * (len(lines) - 1))],
            "longest": [f"{name} {n}" for n, name in sorted(found, reverse=True)[:5]]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    print(json.dumps(summary(sizes(parser.parse_args().root)), ensure_ascii=False))


if __name__ == "__main__":
    main()
