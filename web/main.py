"""Entry module of the page: index.html imports it and calls main().

The page itself starts in web/startup/boot.py (controller, DOM, storage); main()
returns once the first screen is drawn and body[data-ready] is set. A Python
error is shown on the page (web/dom.show_error, or the bootstrap in index.html).
"""

from .startup.boot import start


def main():
    start()
