"""Friends on their own devices, in real browsers (shared by the e2e tests of play with
friends): the host's page, the invitation opened from its bar, a friend's page joining by
it, the reply pasted back; and what a friend's page received over its data channel, as
it came off the channel, to check against the engine's view of its seat."""

import json

# Every text a page's data channels receive, kept in order in `lepeupleReceived` (run
# before the page's own scripts: it wraps the channel's onmessage, which web/page/rtc.mjs
# sets; what the page does with a message is unchanged).
RECORD_RECEIVED = """(() => {
  const received = [];
  Object.defineProperty(window, "lepeupleReceived", { value: received });
  const own = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    configurable: true,
    get() { return own.get.call(this); },
    set(handler) {
      own.set.call(this, handler && function (event) {
        if (typeof event.data === "string") received.push(event.data);
        return handler.call(this, event);
      });
    },
  });
})();"""


def friend_context(browser, **options):
    """A friend's device: a browser context of its own whose pages keep what they receive."""
    context = browser.new_context(**options)
    context.add_init_script(RECORD_RECEIVED)
    return context


# The host's query: speed=instant, so that bots' steps do not wait.
PLAY = "&seed={seed}&speed=instant&target={target}"


def open_host(context, site_url, players, names, seed=5, target=12):
    page = context.new_page()
    page.goto(f"{site_url}?players={players}&names={names}" + PLAY.format(seed=seed, target=target))
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    return page


def invitation(host, seat):
    """The seat's invitation, opened from the host's bar in a sheet over the table."""
    host.click(f"[data-testid=open-invite-{seat}]")
    host.wait_for_selector(f"[data-testid=invite-{seat}-link]", timeout=60_000)
    return host.input_value(f"[data-testid=invite-{seat}-link]")


def join(context, link):
    """A friend opens the invitation (at the tests' speed: steps not held on screen): their
    page's reply to send back."""
    guest = context.new_page()
    guest.goto(link.replace("#", "?speed=instant#", 1))
    guest.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    guest.wait_for_selector("[data-testid=reply-link]", timeout=60_000)
    return guest, guest.input_value("[data-testid=reply-link]")


def connect(host, seat, reply):
    host.fill(f"[data-testid=reply-{seat}]", reply)
    host.click(f"[data-testid=reply-{seat}-connect]")
    host.wait_for_function(f"() => /connected/.test(document.querySelector('[data-testid=remote-state-{seat}]')"
                           "?.textContent || '')", timeout=60_000)


def seat_friend(host, browser, site_url, seat, **options):
    """Seat `seat`'s friend, on a device (browser context, with `options`) of their own; their
    page on its table."""
    context = friend_context(browser, **options)
    guest, reply = join(context, invitation(host, seat))
    connect(host, seat, reply)
    guest.wait_for_selector("[data-testid=remote-bar]", timeout=60_000)
    return context, guest


def in_view(page, selector):
    """Is the element wholly inside the window, as it stands (no scrolling)?"""
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0; }""", selector)


def received(page):
    """The host's messages the page received over its channels since it was loaded, in
    order, a long one's parts put back together (web/remote/protocol.py)."""
    out, parts = [], []
    for text in page.evaluate("[...window.lepeupleReceived]"):
        message = json.loads(text)
        if message["t"] != "part":
            out.append(message)
            continue
        parts.append(message["text"])
        if len(parts) == message["of"]:
            out.append(json.loads("".join(parts)))
            parts = []
    return out


def friends_python(page, code):
    """Run Python in a friend's page's worker (to send what no page of ours would)."""
    [worker] = page.workers
    return worker.evaluate("code => pyodide.runPython(code)", code)
