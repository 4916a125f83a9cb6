"""The browser layer: Python that turns engine views into DOM and clicks into actions.

All of it runs in the page's Web Worker (PyScript's: web/main.py); the page's own
thread only draws (web/page/*.mjs, JavaScript). Its rooms: startup/ (from the
first byte until Python draws the page), model/ (what the page knows: its setup, who may
see what, clicks to actions, steps, bots in slices, storage), remote/ (playing with friends
on their own devices: the game's host and what a table is told, the protocol, the links,
their controller), controllers/ (one per feature, each owning its state), render/
(views to markup); beside them main.py (the entry the worker imports), app.py
(the dispatcher), dom.py (the page, reached by messages), markup.py and the words
(i18n.py, msgfmt.py, locales/). page/ holds the main thread's JavaScript.

No module here imports the browser (js, pyodide): every one is plain Python that
runs and is unit-tested under CPython (tests/web/).
"""
