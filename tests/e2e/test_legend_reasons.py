"""The legend of the board's marks on a phone (one tap, no hover), and the bots' reasons
in the log of a real game (elements with data-reason)."""

import re

import pytest

from play_helpers import SCREENSHOTS, game_url, shoot, wait_for_person


@pytest.fixture
def context_options():
    return {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def test_the_legend_opens_with_one_tap_on_a_phone(goto_ready, page):
    goto_ready(game_url("human,bot:normal,bot:normal", 7))
    wait_for_person(page)
    legend = page.get_by_test_id("legend")
    summary = legend.locator("summary")
    assert summary.is_visible() and not legend.get_attribute("open")
    pill = summary.bounding_box()
    for tile in page.locator(".tile").all():  # the closed legend hides no tile of the ring
        box = tile.bounding_box()
        assert not (box["x"] < pill["x"] + pill["width"] and pill["x"] < box["x"] + box["width"]
                    and box["y"] < pill["y"] + pill["height"] and pill["y"] < box["y"] + box["height"]), \
            tile.get_attribute("data-tile")
    summary.tap()
    body = legend.locator(".legend-body")
    assert body.is_visible()
    box = body.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # on the phone's screen
    assert "score with it (+2" in body.inner_text()  # what an open meeple risks
    shoot(page, "legend-phone-390x844")
    summary.tap()
    assert not body.is_visible()


def test_bot_decisions_in_the_log_say_why(goto_ready, page):
    goto_ready(game_url("human,bot:normal,bot:hard", 5))
    for _ in range(3):  # three turns of the person: draw two; the bots play in between
        wait_for_person(page)
        if page.get_by_role("button", name=re.compile("^Skip$")).count():
            page.get_by_role("button", name=re.compile("^Skip$")).click()
            wait_for_person(page)
        page.get_by_role("button", name="Draw two").click()
    wait_for_person(page)
    reasons = page.locator(".log [data-reason]").all_text_contents()
    assert len(reasons) >= 4, reasons
    assert all(r.strip() for r in reasons)
    assert any("chance to win" in r for r in reasons)
    log = page.get_by_test_id("log")
    # For the screenshot only: the whole log, not its scrolled box.
    page.evaluate("() => { for (const el of document.querySelectorAll('.log, .log-turns, .side'))"
                  " { el.style.maxHeight = 'none'; el.style.height = 'auto';"
                  " el.style.overflow = 'visible'; el.style.flex = 'none'; } }")
    log.scroll_into_view_if_needed()
    log.screenshot(path=str(SCREENSHOTS / "log-reasons-phone.png"))
    print("\n".join(reasons))


def test_phone_menus_and_log_whys_read_plainly(goto_ready, page):
    """On a phone the header has no room for labels: each menu's shown option says what it
    sets; a log line's "why?" (a 44 px target) stands at the line's right, its text unstretched."""
    goto_ready(game_url("human,bot:easy,bot:easy", 7))
    wait_for_person(page)
    shown = page.evaluate("() => ['speed', 'sound'].map(n => { const s = document.querySelector(`select[name=${n}]`);"
                          " return s.options[s.selectedIndex].text; })")
    assert shown[0].startswith("Bot speed: ") and shown[1] == "Sound: off", shown
    for _ in range(4):  # the person draws two; the bots' turns fill the log
        skip = page.get_by_role("button", name=re.compile("^Skip$"))
        if skip.count():
            skip.click()
            wait_for_person(page)
        page.get_by_role("button", name="Draw two").click()
        wait_for_person(page)
    lines = page.evaluate("""() => [...document.querySelectorAll('.log-lines li')]
      .filter(li => li.querySelector(':scope > .btn.why') && li.offsetParent !== null)
      .map(li => { const text = document.createRange(); text.selectNodeContents(li.firstChild);
                   const t = text.getBoundingClientRect(), b = li.querySelector('.btn.why').getBoundingClientRect(),
                         l = li.getBoundingClientRect();
                   return {text: t.top - l.top, button: [b.width, b.height], right: l.right - b.right}; })""")
    assert lines, "no log line with a why? button"
    for line in lines:
        assert line["text"] <= 4, line  # the text starts at the line's top: no 44 px line box above it
        assert min(line["button"]) >= 43.5 and line["right"] <= 2, line
