"""Scanning instead of pasting (docs/remote.md), in Chromium with a camera of its own: a
browser launched with Chromium's fake camera, which shows a Y4M file made here from the
QR code on the other device's screen. Chromium reads the file each time a page asks for
the camera, so each test writes what the camera is to see before Scan is pressed. Real
WebRTC between two browser contexts (two devices), as in test_friends.py.

Headless Chromium on Linux has no BarcodeDetector: what reads the codes here is jsQR,
loaded by web/page/scan.mjs when Scan is first pressed."""

import re

import pytest

from scripts import browser as chromium
from test_friends import invitation, open_host

QUIET = 4  # light modules around a code (web/page/qr.mjs)
SIDE = 480  # the fake camera's frames: SIDE x SIDE pixels
# Each stream the page is given, kept to see whether its camera is still on (tracks "live").
WATCH_CAMERA = """() => {
  const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  window.streams = [];
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await ask(constraints);
    window.streams.push(stream);
    return stream;
  };
}"""
CAMERA_ON = "() => window.streams.some((s) => s.getTracks().some((t) => t.readyState === 'live'))"


def write_y4m(path, code, frames=4):
    """The camera's view: `code` (rows of booleans, dark; its quiet zone included) as large as
    fits in three quarters of a grey frame, in YUV4MPEG2 (4:2:0, limited range), a few frames."""
    side = len(code)
    scale = SIDE * 3 // 4 // side
    left = top = (SIDE - side * scale) // 2
    luma = bytearray([128]) * (SIDE * SIDE)
    for y, row in enumerate(code):
        line = b"".join((b"\x10" if dark else b"\xeb") * scale for dark in row)
        for dy in range(scale):
            at = (top + y * scale + dy) * SIDE + left
            luma[at:at + len(line)] = line
    chroma = bytes([128]) * (SIDE * SIDE // 2)  # U and V: no colour
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{SIDE} H{SIDE} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + luma + chroma)


def qr_on_screen(page, testid):
    """The QR code a page shows (its SVG: web/page/qr.mjs), as the camera would see it."""
    svg = f"[data-testid={testid}] svg"
    page.wait_for_selector(svg, timeout=30_000)
    side = int(page.get_attribute(svg, "viewBox").split()[2])
    code = [[False] * side for _ in range(side)]
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)", page.get_attribute(f"{svg} path", "d")):
        for col in range(int(x), int(x) + int(width)):
            code[int(y)][col] = True
    return code


def qr_of(page, text):
    """The QR code of any text, as the page would draw it (its quiet zone added)."""
    modules = page.evaluate("async (text) => (await import(new URL('web/page/qr.mjs', location.href))).qrModules(text)",
                            text)
    light = [False] * (len(modules) + 2 * QUIET)
    return [light] * QUIET + [[False] * QUIET + row + [False] * QUIET for row in modules] + [light] * QUIET


@pytest.fixture(scope="module")
def camera(tmp_path_factory):
    return tmp_path_factory.mktemp("camera") / "view.y4m"


@pytest.fixture(scope="module")
def with_camera(browser, camera):
    """A Chromium whose camera shows the file `camera` (a blank grey view until a test writes it)."""
    write_y4m(camera, [[False]])
    args = [*chromium.LAUNCH_ARGS, "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={camera}"]
    instance = browser.browser_type.launch(**chromium.launch_options(args=args))
    yield instance
    instance.close()


def said(page, testid, words):
    page.wait_for_function("([testid, words]) => document.querySelector(`[data-testid=${testid}]`)"
                           "?.textContent.includes(words)", arg=[testid, words], timeout=30_000)


def test_a_friend_scans_the_invitation_and_the_host_scans_the_reply_nothing_pasted(with_camera, site_url, camera):
    host_context = with_camera.new_context(permissions=["camera"])
    friend_context = with_camera.new_context(permissions=["camera"])
    recorders = [chromium.Recorder(host_context), chromium.Recorder(friend_context)]
    host = open_host(host_context, site_url, "human,remote,bot:easy", "Ann,Bea")
    invitation(host, 1)
    write_y4m(camera, qr_on_screen(host, "invite-1-qr"))  # the host's screen, held up to the friend's camera

    friend = friend_context.new_page()
    friend.goto(site_url + "?speed=instant")  # a page with no game: the new-game screen
    chromium.wait_ready(friend)
    friend.click("[data-testid=join-scan]")
    friend.wait_for_selector("[data-testid=reply-link]", timeout=60_000)  # as if the link had been opened
    assert friend.evaluate("location.hash").startswith("#join=2.")
    write_y4m(camera, qr_on_screen(friend, "reply-qr"))  # and the friend's reply, to the host's camera

    host.evaluate(WATCH_CAMERA)
    host.click("[data-testid=reply-1-scan]")
    host.wait_for_function("() => /connected/.test(document.querySelector('[data-testid=remote-state-1]')"
                           "?.textContent || '')", timeout=60_000)
    assert not host.evaluate(CAMERA_ON) and host.evaluate("window.streams.length") == 1  # stopped once read
    friend.wait_for_selector("[data-testid=hand] .card", timeout=60_000)  # Bea's table, her hand on it
    assert not [p for r in recorders for p in r.problems()]  # nothing from another host, no error said
    friend_context.close()
    host_context.close()


def test_a_qr_code_of_something_else_is_said_the_paste_box_stays_and_cancel_stops_the_camera(
        with_camera, site_url, camera):
    context = with_camera.new_context(permissions=["camera"])
    recorder = chromium.Recorder(context)
    host = open_host(context, site_url, "human,remote,bot:easy", "Ann,Bea")
    invitation(host, 1)
    host.evaluate(WATCH_CAMERA)
    write_y4m(camera, [[False]])  # nothing to read
    host.click("[data-testid=reply-1-scan]")
    host.wait_for_selector("[data-testid=reply-1-scanner] [data-scan] video", timeout=30_000)
    assert host.evaluate(CAMERA_ON)
    host.click("[data-testid=reply-1-scan-cancel]")
    host.wait_for_function(f"() => !({CAMERA_ON})()", timeout=10_000)
    assert host.locator("[data-scan]").count() == 0

    write_y4m(camera, qr_of(host, "https://example.org/menu"))
    host.click("[data-testid=reply-1-scan]")
    said(host, "remote-trouble", "This QR code is not a link of this game")
    assert not host.evaluate(CAMERA_ON)
    host.fill("[data-testid=reply-1]", "still usable")  # the paste box is there, and takes a code
    assert host.locator("[data-testid=reply-1-scan]").is_visible()
    assert not recorder.problems()
    context.close()


def test_a_camera_refused_is_said_and_the_paste_box_stays(with_camera, site_url):
    context = with_camera.new_context()  # the camera not allowed: Chromium refuses it
    host = open_host(context, site_url, "human,remote,bot:easy", "Ann,Bea")
    invitation(host, 1)
    host.click("[data-testid=reply-1-scan]")
    said(host, "remote-trouble", "The camera was not allowed")
    assert host.locator("[data-testid=reply-1]").is_editable()
    context.close()


def test_no_camera_is_said(browser, site_url):
    context = browser.new_context(permissions=["camera"])  # the tests' own Chromium has no camera
    page = context.new_page()
    page.goto(site_url)
    chromium.wait_ready(page)
    page.click("[data-testid=join-scan]")
    said(page, "join-scan-trouble", "No camera can be used here")
    assert page.locator("[data-testid=join-scan]").is_visible()
    context.close()
