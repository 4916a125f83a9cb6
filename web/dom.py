"""The page's only contact with the browser (PyScript): drawing, input, timers.

`BrowserDom` implements the small interface web/app.py uses; tests use a fake
with the same methods. Clicks are delegated: one listener on #app reads the
clicked element's data-act / data-arg and calls `App.command`.
"""

import asyncio
import json
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from .i18n import t
from .markup import join_regions, to_regions

try:
    from pyodide.ffi import jsnull  # PyScript hands JavaScript's null over as jsnull
except ImportError:
    jsnull = None


def absent(value):
    """True for JavaScript's null or undefined as they reach Python."""
    return value is None or value is jsnull


def show_error(text):
    """A readable message on the page (and in the console) for a Python error."""
    box = document.getElementById("error")
    box.textContent = t("error.python") + "\n\n" + text
    box.hidden = False
    window.console.error(text)


LONG_PRESS_MS = 500
FLIGHT = {"duration": 450, "easing": "ease-in-out"}  # meeples gliding, cards flying (ms)
ARROWS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
FOCUSABLE = "button:not([disabled])"
MODAL = '[aria-modal="true"]'


class BrowserDom:
    """Slip-proof input: a click acts only on the control the press began on (one
    that was on screen then), the second click of a double click never acts, and
    a held key's repeats never press a control again. So a double click on
    "Skip" cannot also press the "Draw two" drawn in its place."""

    def __init__(self, root):
        self.root = root
        self.app = None
        self._proxies = []  # kept alive as long as the page: the listeners use them
        self._skeleton, self._regions = None, {}
        self._press = self._timer = None  # the element held down (long-press), its timer
        self._pressed = None  # the control a pointer press began on
        self._said = None  # the text last written into the live region
        self._my_turn = False  # was the person at the device asked to decide at the last render?
        self.sound = False  # a short tone when it becomes their turn (a preference, off by default)
        self._audio = None  # the WebAudio context, made at the first tone

    def bind(self, app):
        """Route clicks and select changes inside #app to the controller."""
        self.app = app
        for kind, handler in (("dragover", lambda event: event.preventDefault()), ("drop", self._on_drop)):
            proxy = create_proxy(self._guard(handler))  # anywhere on the page: never open the file instead
            self._proxies.append(proxy)
            document.addEventListener(kind, proxy)
        for kind, handler in (("click", self._on_click), ("change", self._on_change), ("keydown", self._on_key),
                              ("pointerdown", self._press_start), ("pointerup", self._press_end),
                              ("pointercancel", self._press_end), ("pointerleave", self._press_end)):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            self.root.addEventListener(kind, proxy)
        self._tip_proxy = create_proxy(self._guard(lambda *_: self._show_tip()))
        # Another tab wrote to storage (the event never fires in the tab that wrote).
        storage = create_proxy(self._guard(lambda event: app.storage_changed(None if absent(event.key) else str(event.key))))
        self._proxies.append(storage)
        window.addEventListener("storage", storage)

    @staticmethod
    def _guard(handler):
        def run(event=None):
            try:
                handler(event)
            except Exception:  # shown on the page; the listener must survive
                show_error(traceback.format_exc())
        return run

    def _on_click(self, event):
        el = event.target.closest("[data-act]")
        if absent(el) or el.disabled:
            return
        event.preventDefault()
        clicks = int(event.detail or 0)  # 0: from the keyboard; 2 and up: a double click's later clicks
        pressed, self._pressed = self._pressed, None
        if clicks > 1 or (clicks == 1 and (absent(pressed) or pressed != el)):
            return
        raw = el.getAttribute("data-arg")
        raw = None if absent(raw) else str(raw)
        self.app.command(str(el.dataset.act), json.loads(raw) if raw else None)

    def _on_change(self, event):
        el = event.target.closest("[data-change]")
        if absent(el):
            return
        if str(el.type) == "file":  # "open a game file"
            if el.files.length:
                self.spawn(self._read_file(el.files.item(0)))
            return
        self.app.change(str(el.dataset.change), str(el.value))

    def _on_drop(self, event):
        """A game file dropped anywhere on the page opens in the replay viewer."""
        event.preventDefault()
        files = event.dataTransfer.files if not absent(event.dataTransfer) else None
        if files is not None and files.length:
            self.spawn(self._read_file(files.item(0)))

    def _on_key(self, event):
        """Arrow keys move the focus between the buttons of one group (hand, ring, choices);
        Tab stays inside a modal dialog; a held Enter or Space presses nothing twice."""
        key = str(event.key)
        if event.repeat and key in ("Enter", " "):
            event.preventDefault()
            return
        if key == "Tab" and self._trap_tab(event):
            return
        if key == "Escape":  # closes what says so (the rules panel: data-escape="rules-close")
            closer = self.root.querySelector("[data-escape]")
            if not absent(closer) and absent(self.root.querySelector(MODAL)):
                event.preventDefault()
                self.app.command(str(closer.dataset.escape))
                return
        step = ARROWS.get(key)
        el = document.activeElement
        if step is None or absent(el) or event.altKey or event.ctrlKey or event.metaKey:
            return
        group = el.closest("[data-keys]")
        if absent(group):
            return
        items = [x for x in group.querySelectorAll(FOCUSABLE)]
        index = next((i for i, x in enumerate(items) if x == el), None)
        if index is None or not items:
            return
        event.preventDefault()
        items[(index + step) % len(items)].focus()

    # ----- long-press: a card's or tile's explanation on touch screens -----

    def _trap_tab(self, event):
        """Keep Tab inside the open modal dialog (the pass screen); True if handled."""
        modal = self.root.querySelector(MODAL)
        if absent(modal):
            return False
        items = [x for x in modal.querySelectorAll(FOCUSABLE)]
        if not items:
            return False
        here = next((i for i, x in enumerate(items) if x == document.activeElement), None)
        step = -1 if event.shiftKey else 1
        event.preventDefault()
        items[0 if here is None else (here + step) % len(items)].focus()
        return True

    def _press_start(self, event):
        el = event.target.closest("[data-act]")
        self._pressed = None if absent(el) else el
        self._hide_tip()
        if str(event.pointerType) == "mouse":
            return  # a mouse shows the title as the browser's own tooltip
        el = event.target.closest("[title]")
        if not absent(el) and self.root.contains(el):
            self._press = el
            self._timer = window.setTimeout(self._tip_proxy, LONG_PRESS_MS)

    def _press_end(self, _event):
        if self._timer is not None:
            window.clearTimeout(self._timer)
        self._timer = None

    def _show_tip(self):
        el, self._timer = self._press, None
        if absent(el) or not el.isConnected:
            return
        tip = document.getElementById("tip")
        if absent(tip):
            tip = document.createElement("div")
            tip.id, tip.className = "tip", "tip"
            tip.setAttribute("role", "tooltip")
            document.body.appendChild(tip)
        tip.textContent = el.getAttribute("title")
        rule = el.getAttribute("data-rule")
        if not absent(rule) and rule:  # the rules section that explains it, one tap away
            why = document.createElement("button")
            why.type, why.className, why.textContent = "button", "btn why tip-why", t("rules.why")
            proxy = create_proxy(self._guard(lambda _event: (self._hide_tip(), self.app.command("rules", str(rule)))))
            self._proxies.append(proxy)
            why.addEventListener("click", proxy)
            tip.appendChild(why)
        box = el.getBoundingClientRect()
        tip.style.left = f"{max(4, min(box.left, window.innerWidth - 260))}px"
        tip.style.top = f"{box.bottom + window.scrollY + 6}px"
        tip.hidden = False

    def _hide_tip(self):
        tip = document.getElementById("tip")
        if not absent(tip):
            tip.hidden = True

    # ----- what App calls ------------------------------------------------

    def render(self, node, focus=None):
        """Update the page: only the regions whose markup changed, or all of it when
        its frame changed. Keyboard focus: inside a modal dialog when one is open (the
        rest of the page inert); on the step's first choice (data-focus) when
        focus="choice"; on the control `focus` names when it is a selector; else on the
        same control as before."""
        skeleton, regions = to_regions(node)
        kept = self._focus_key()
        places = self._places()
        if skeleton != self._skeleton:
            self.root.innerHTML = join_regions(skeleton, regions)
        else:
            for name, html in regions.items():
                if self._regions.get(name) != html:
                    self.root.querySelector(f'[data-region="{name}"]').outerHTML = html
        self._skeleton, self._regions = skeleton, regions
        self._draw_qr()
        self._fly(places)
        self._announce()
        self._your_turn()
        modal = self._isolate()
        # A selector: the control to focus (a section of the rules panel, a refused field ...).
        wanted = self.root.querySelector(focus) if focus and focus != "choice" else None
        if not absent(modal):
            if not absent(wanted) and modal.contains(wanted):
                wanted.focus()
            elif not modal.contains(document.activeElement):
                el = modal.querySelector("[data-focus]")
                (modal.querySelector(FOCUSABLE) if absent(el) else el).focus()
            return
        first = self.root.querySelector("[data-focus]") if focus == "choice" else wanted
        if not absent(first):
            first.focus()
        elif kept:
            el = self.root.querySelector(kept)
            if absent(el):  # the control is gone (a step was taken): go on to the next choices
                el = self.root.querySelector(".actions " + FOCUSABLE)
            if not absent(el):
                el.focus()

    # ----- what a screen reader hears, the tab's title, the turn's tone -----

    def _announce(self):
        """Write the step's text (the first element marked data-announce: the prompt, or the
        guided game's coach text above it) into the page's one polite live region (#live
        in index.html, never redrawn): a screen reader hears each step, which a live
        region drawn anew at each render never says."""
        live = document.getElementById("live")
        el = self.root.querySelector("[data-announce]")
        if absent(live) or absent(el):
            return
        text = str(el.textContent).strip()
        if text and text != self._said:
            self._said = text
            live.textContent = text

    def _your_turn(self):
        """The tab's title says when the person at the device is asked to decide (their
        hand waits: .hand.my-turn); a short tone too, when they chose it."""
        mine = not absent(self.root.querySelector("[data-testid=hand].my-turn"))
        document.title = t("title.your_turn") if mine else t("title")
        if mine and not self._my_turn and self.sound:
            self._tone()
        self._my_turn = mine

    def set_sound(self, on):
        self.sound = bool(on)

    def _tone(self):
        """Two short soft notes made with WebAudio (no sound file)."""
        try:
            if self._audio is None:
                self._audio = window.AudioContext.new()
            ctx = self._audio
            for i, pitch in enumerate((660, 880)):
                start = ctx.currentTime + 0.14 * i
                osc, gain = ctx.createOscillator(), ctx.createGain()
                osc.frequency.value = pitch
                gain.gain.setValueAtTime(0.08, start)
                gain.gain.exponentialRampToValueAtTime(0.001, start + 0.13)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(start)
                osc.stop(start + 0.14)
        except Exception:  # no audio on this device: the title still says it
            self._audio = None

    def _isolate(self):
        """Make everything but the open modal dialog inert (not focusable, not
        clickable); returns the dialog, or None when there is none."""
        for el in self.root.querySelectorAll("[inert]"):
            el.inert = False
        modal = self.root.querySelector(MODAL)
        if absent(modal):
            return None
        el = modal
        while el != self.root and not absent(el.parentElement):
            for sibling in el.parentElement.children:
                if sibling != el:
                    sibling.inert = True
            el = el.parentElement
        return modal

    # ----- animations: what moved glides from where it was -----------------

    def _origin(self):
        """The ring's top-left corner on screen: places are measured from it, so that a
        prompt growing a line (which moves the whole table down) makes nothing fly."""
        ring = self.root.querySelector(".ring")
        if absent(ring):
            return 0.0, 0.0
        box = ring.getBoundingClientRect()
        return box.left, box.top

    def _places(self):
        """data-fly key -> centre of every meeple and card now shown, from the ring's corner."""
        out = {}
        ox, oy = self._origin()
        for el in self.root.querySelectorAll("[data-fly]"):
            box = el.getBoundingClientRect()
            out[str(el.dataset.fly)] = (box.left + box.width / 2 - ox, box.top + box.height / 2 - oy)
        return out

    def _fly(self, before):
        """Animate each meeple or card from its old place to its new one (none if the
        player asks for reduced motion)."""
        if not before or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        drawn = self._drawn_from(before)
        ox, oy = self._origin()
        for el in self.root.querySelectorAll("[data-fly]"):
            key = str(el.dataset.fly)
            old = before.get(key) or drawn.get(key)
            if old is None:
                continue
            box = el.getBoundingClientRect()
            dx, dy = old[0] + ox - box.left - box.width / 2, old[1] + oy - box.top - box.height / 2
            if abs(dx) + abs(dy) >= 2:
                frames = [{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "none"}]
                el.animate(to_js(frames), to_js(FLIGHT))

    def _drawn_from(self, before):
        """New cards of a hand that was already shown: they come from their deck."""
        hand = [str(el.dataset.fly) for el in self.root.querySelectorAll("[data-testid=hand] [data-fly]")]
        if not any(key in before for key in hand):
            return {}  # a new hand on screen (another player, a swap): nothing flies
        decks = {False: before.get("deck-movement"), True: before.get("deck-power")}
        return {key: decks[not key.removeprefix("card-").isdigit()] for key in hand if key not in before}

    def _focus_key(self):
        el = document.activeElement
        if absent(el) or not self.root.contains(el) or el == self.root:
            return None
        for attr in ("data-act", "data-change", "name"):
            value = el.getAttribute(attr)
            if not absent(value) and value:
                selector = f'[{attr}="{window.CSS.escape(value)}"]'
                arg = el.getAttribute("data-arg")
                if not absent(arg) and arg and attr == "data-act":
                    selector += f'[data-arg="{window.CSS.escape(arg)}"]'
                name = el.getAttribute("name")
                if attr == "data-change" and not absent(name) and name:  # the form's menus share data-change
                    selector += f'[name="{window.CSS.escape(name)}"]'
                return selector
        return None

    def read_form(self):
        """The new-game form's fields as {name: value} (disabled fields are left out)."""
        form = self.root.querySelector("form")
        if absent(form):
            return {}
        data = window.FormData.new(form)
        return {str(pair[0]): str(pair[1]) for pair in data.entries()}

    def flag(self, name, value):
        """body[data-NAME]: state for tests and styles (None removes it)."""
        if value is None:
            document.body.removeAttribute("data-" + name)
        else:
            document.body.setAttribute("data-" + name, value if isinstance(value, str) else json.dumps(value))

    def set_language(self, code):
        document.documentElement.lang = code
        document.title = t("title.your_turn") if self._my_turn else t("title")

    def replace_query(self, query):
        window.history.replaceState(None, "", window.location.pathname + query)

    def drop_fragment(self):
        window.history.replaceState(None, "", window.location.pathname + window.location.search)

    def page_url(self):
        """The page's address without query or fragment (shared links start with it)."""
        return str(window.location.origin) + str(window.location.pathname)

    def copy_text(self, text):
        """Put text on the clipboard; False where the browser offers no clipboard here."""
        clipboard = getattr(window.navigator, "clipboard", None)
        if absent(clipboard):
            return False
        try:
            clipboard.writeText(text)
        except Exception:  # refused (no permission): the link is shown to copy by hand
            return False
        return True

    def download(self, text, name):
        """Save `text` as the file `name` (JSON), made when asked: a long game's file is
        never written into the page."""
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, name
        link.click()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)

    # ----- friends on their own devices (docs/remote.md) -----------------------

    def net(self, message):
        """A message to the browser's WebRTC side (web/net/rtc.mjs: globalThis.lepeupleNet);
        what it says back reaches App.net_event."""
        net = getattr(window, "lepeupleNet", None)
        if absent(net):
            self.spawn(self._no_net(message.get("peer")))
            return
        if getattr(self, "_net_heard", None) is None:
            self._net_heard = create_proxy(self._guard(lambda said: self.app.net_event(said.to_py())))
            net.listen(self._net_heard)
        net.send(to_js(message))

    async def _no_net(self, peer):
        self.app.net_event({"op": "error", "peer": peer, "reason": "this page cannot open a connection (no WebRTC)"})

    def share_text(self, text):
        """The device's share sheet with `text`; False where the browser has none."""
        if absent(getattr(window.navigator, "share", None)):
            return False
        window.navigator.share(to_js({"text": text}))
        return True

    def _draw_qr(self):
        """QR codes (elements with data-qr) drawn by the browser side (web/net/qr.mjs), where loaded."""
        draw = getattr(window, "lepeupleDrawQr", None)
        if not absent(draw):
            for el in self.root.querySelectorAll("[data-qr]"):
                draw(el)

    async def _read_file(self, file):
        """A picked or dropped file's text, handed to the controller."""
        text = await file.text()
        self.app.import_text(str(text))

    def spawn(self, coro):
        async def run():
            try:
                await coro
            except Exception:  # a bot or hint failing is shown on the page
                show_error(traceback.format_exc())
        asyncio.ensure_future(run())

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)
