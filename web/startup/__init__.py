"""The page's start-up: everything between the first byte and Python drawing the page.

In the order they run: loader.mjs (the loading bar, errors outside Python, the
service worker's registration), firstscreen.mjs (the new-game screen usable
before Python is ready; keys.mjs, written by the build, gives it the Python's
storage and URL keys), then, in PyScript's worker (index.html's
<script type="py" worker>, pyscript.toml), interpreter.mjs (Pyodide from its memory snapshot, whose
file format is snapshotfile.mjs), boot.py (the App, its DOM and storage, from
what the page tells it) and takeover.py (what the player did on the first
screen, carried over). sw.template.js becomes the service worker (sw.js) at
build time; loading.css styles the loading screen. No Python module here
imports the browser: the worker's Python reaches the page by messages.
"""
