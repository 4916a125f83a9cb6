"""The browser layer: Python that turns engine views into DOM and clicks into actions.

Only web/startup/boot.py and web/dom.py touch the browser (pyscript / js); every other
module is plain Python that runs and is unit-tested under CPython (tests/web/).
"""
