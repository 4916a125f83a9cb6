"""What the page's benchmarks share: which built site they measure (the one the
repository builds, or another one: an older build, for before and after), served
on 127.0.0.1, and the machine's load while they ran (timings drift with it)."""

import argparse
import contextlib
import os
from pathlib import Path

from scripts import browser, build_site, serve


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


@contextlib.contextmanager
def browsing(args):
    """(the site's base URL, the load watch, Playwright) while the site of `args` is served."""
    from playwright.sync_api import sync_playwright

    with served(args) as (base, load), sync_playwright() as playwright:
        yield base, load, playwright


@contextlib.contextmanager
def opened(playwright, url, init_script=None, viewport=(1366, 900)):
    """A page of a Chromium of its own at `url`, ready (body[data-ready]); `init_script` runs
    before the page's own scripts; the browser is closed after."""
    chromium = browser.launch(playwright)
    try:
        size = {"viewport": {"width": viewport[0], "height": viewport[1]}} if viewport else {}
        page = chromium.new_context(**size).new_page()
        if init_script:
            page.add_init_script(init_script)
        page.goto(url)
        browser.wait_ready(page, timeout_ms=120_000)
        yield page
    finally:
        chromium.close()


class Load:
    """The load average before and after a measure."""

    def __init__(self):
        self.before = os.getloadavg()

    def figures(self):
        return [round(x, 2) for x in self.before + os.getloadavg()]

    def line(self):
        load = self.figures()
        return f"load average (1, 5, 15 min) before: {load[:3]}, after: {load[3:]}; {os.cpu_count()} CPUs"
