"""Entry module of the page's Python, in its Web Worker: web/startup/worker.mjs imports
it and calls serve(post) with the function that sends a message to the page.

The page itself starts in web/startup/boot.py (the App, its storage, what the
page's first screen did); a Python error is shown on the page (WorkerDom.show_error).
"""

from .startup.boot import serve

__all__ = ["serve"]
