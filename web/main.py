"""The page's Python: PyScript runs this file in its worker (index.html's
`<script type="py" worker name="game">`, configured by pyscript.toml), after
unpacking lepeuple/ and web/ beside it.

It hands each message of the page (web/page/page.mjs) to web/startup/boot.py and
sends the page what the App draws, through PyScript's `xworker`: JSON texts,
each of a kind web/contract.py declares. PyScript says on the page's side when
this file has run (the XWorker's `ready`): the page then sends "boot".
"""

from polyscript import xworker

from web.startup.boot import serve

receive = serve(xworker.postMessage)
xworker.onmessage = lambda event: receive(event.data)
