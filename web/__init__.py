"""The browser layer: Python that turns engine views into DOM and clicks into actions.

Its rooms: startup/ (from the first byte until Python draws the page), model/ (what
the page knows: the game's host and what a table is told, its setup, who may see
what, clicks to actions, steps, bots in slices, storage), controllers/ (one per feature, each
owning its state), render/ (views to markup); beside them main.py (the entry
index.html runs), app.py (the dispatcher), dom.py (the browser), markup.py and the
words (i18n.py, msgfmt.py, locales/).

Only web/startup/boot.py and web/dom.py touch the browser (pyscript / js); every other
module is plain Python that runs and is unit-tested under CPython (tests/web/).
"""
