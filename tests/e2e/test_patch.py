"""web/page/patch.mjs in a real browser's DOM: regions patched in place.

Each case draws markup into an element, then patches it with a render as the
worker sends one (web/markup.to_regions: the skeleton when it changed, the
regions whose own markup changed, each holding markers for the regions inside
it), and checks what the player relies on: the page shows the new markup, and
what did not change is the same element as before (so it keeps its focus, what
was typed, a <details> opened, a glide under way).

The module is imported into a blank page of the site's own origin (a route: the
site ships no test page), as the game page imports it.
"""

import pytest

from web.markup import h, join_regions, to_regions

BLANK = "lepeuple-test-patch.html"


@pytest.fixture
def blank(page, site_url):
    page.route(f"**/{BLANK}", lambda route: route.fulfill(body="<!doctype html><div id=root></div>",
                                                          content_type="text/html"))
    page.goto(site_url + BLANK)
    page.evaluate("async () => { window.patcher = await import('./web/page/patch.mjs'); }")
    return page


def draw(page, node):
    """The first drawing: the whole markup."""
    page.evaluate("html => { document.getElementById('root').innerHTML = html; }", join_regions(*to_regions(node)))


def patch(page, old, new):
    """Patch `old` (drawn) into `new` as the worker would: only what changed is sent."""
    old_skeleton, old_regions = to_regions(old)
    skeleton, regions = to_regions(new)
    changed = {name: html for name, html in regions.items() if old_regions.get(name) != html}
    page.evaluate("([skeleton, regions]) => patcher.patch(document.getElementById('root'), skeleton, regions)",
                  [skeleton if skeleton != old_skeleton else None, changed])
    return changed


def html(page):
    return page.evaluate("document.getElementById('root').innerHTML")


def mark(page, selector):
    """Tag an element, to know later whether it is still the same one."""
    page.evaluate("s => { document.querySelector(s).__mark = true; }", selector)


def same(page, selector):
    return page.evaluate("s => !!document.querySelector(s)?.__mark", selector)


def log(turns, fresh=None):
    return h("section", {"data-region": "log"}, h("h2", "Log"),
             h("ol", [h("li", {"data-region": f"turn-{n}", "class": "fresh" if n == fresh else None}, f"turn {n}")
                      for n in reversed(turns)]))


def table(turns, prompt="Your turn", fresh=None):
    return h("div", {"class": "page"}, h("p", {"data-region": "prompt"}, prompt), log(turns, fresh))


def test_a_new_log_turn_sends_only_that_turn_and_the_rest_stays(blank):
    draw(blank, table([1, 2, 3]))
    mark(blank, "[data-region=turn-2]")
    mark(blank, "[data-region=prompt]")
    changed = patch(blank, table([1, 2, 3]), table([1, 2, 3, 4], fresh=4))
    assert set(changed) == {"log", "turn-4"}  # the log's own markup holds a marker for the new turn
    assert html(blank) == join_regions(*to_regions(table([1, 2, 3, 4], fresh=4)))
    assert same(blank, "[data-region=turn-2]") and same(blank, "[data-region=prompt]")


def test_a_region_moved_into_a_new_element_is_the_same_element(blank):
    """The skeleton changes around an unchanged region (the regression: the region was the
    next place of its old parent and went into a new element first)."""
    before = h("main", h("p", {"data-region": "prompt"}, "hi"), h("div", {"data-region": "board"}, "ring"))
    after = h("main", h("section", {"class": "wrap"}, h("div", {"data-region": "board"}, "ring")),
              h("p", {"data-region": "prompt"}, "hi"))
    draw(blank, before)
    mark(blank, "[data-region=board]")
    assert patch(blank, before, after) == {}
    assert html(blank) == join_regions(*to_regions(after))
    assert same(blank, "[data-region=board]")


def test_keyed_children_keep_their_elements_when_reordered(blank):
    def hand(cards, selected=None):
        return h("div", {"data-region": "hand"},
                 [h("button", {"data-key": f"card-{c}", "class": "card on" if c == selected else "card"}, str(c))
                  for c in cards])

    draw(blank, hand([3, 7, 13]))
    mark(blank, "[data-key=card-13]")
    patch(blank, hand([3, 7, 13]), hand([13, 9, 3], selected=13))
    assert html(blank) == join_regions(*to_regions(hand([13, 9, 3], selected=13)))
    assert same(blank, "[data-key=card-13]")
    assert blank.evaluate("document.querySelector('[data-key=card-7]')") is None


def test_what_the_player_typed_and_opened_stays_until_the_markup_says_otherwise(blank):
    def form(value, note):
        return h("div", {"data-region": "form"}, h("input", {"name": "reply", "value": value}),
                 h("details", h("summary", "more"), "text"), h("p", note))

    draw(blank, form("", "a"))
    blank.fill("input[name=reply]", "typed")
    blank.click("summary")
    patch(blank, form("", "a"), form("", "b"))  # another part of the region changed
    assert blank.input_value("input[name=reply]") == "typed"
    assert blank.evaluate("document.querySelector('details').open") is True
    patch(blank, form("", "b"), form("set", "b"))  # the markup's own value changed: it is shown
    assert blank.input_value("input[name=reply]") == "set"
