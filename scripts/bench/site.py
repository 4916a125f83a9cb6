"""What the page's benchmarks share: which built site they measure (the one the
repository builds, or another one: an older build, for before and after), served
on 127.0.0.1, and the machine's load while they ran (timings drift with it)."""

import argparse
import contextlib
import os
from pathlib import Path

from scripts import build_site, serve


def parser(doc, **defaults):
    """An argument parser with the benchmark's own options to add, and --site, --no-build."""
    out = argparse.ArgumentParser(description=doc.splitlines()[0])
    out.add_argument("--site", type=Path, default=build_site.ROOT / "_site",
                     help="the built site to measure (default: _site, built first unless --no-build)")
    out.add_argument("--no-build", action="store_true")
    out.set_defaults(**defaults)
    return out


@contextlib.contextmanager
def served(args):
    """(the site's base URL, the load watch) while the site of `args` is served; _site built first."""
    if not args.no_build and args.site == build_site.ROOT / "_site":
        build_site.build()
    server, base = serve.start_server(args.site)
    watch = Load()
    try:
        yield base, watch
    finally:
        server.shutdown()


class Load:
    """The load average before and after a measure."""

    def __init__(self):
        self.before = os.getloadavg()

    def figures(self):
        return [round(x, 2) for x in self.before + os.getloadavg()]

    def line(self):
        load = self.figures()
        return f"load average (1, 5, 15 min) before: {load[:3]}, after: {load[3:]}; {os.cpu_count()} CPUs"
