"""The page's start-up: everything between the first byte and Python drawing the page.

In the order they run: loader.mjs (the loading bar, errors outside Python, the
service worker's registration), firstscreen.mjs (the new-game screen usable
before Python is ready; keys.mjs, written by the build, gives it the Python's
storage and URL keys), interpreter.mjs (Pyodide from its memory snapshot, whose
file format is snapshotfile.mjs), then boot.py (the App, its DOM and storage)
and takeover.py (what the player did on the first screen, carried over).
sw.template.js becomes the service worker (sw.js) at build time; loading.css
styles the loading screen. Only boot.py of these imports the browser (pyscript).
"""
