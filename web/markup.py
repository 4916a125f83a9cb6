"""A tiny HTML builder: render functions return trees, `to_html` escapes everything.

The page is drawn from markup, one string per region (`to_regions`), sent from
the worker to the page's patcher (web/page/patch.mjs), which parses it and
patches the elements already there. That is only safe because every text and
attribute value is escaped here (`_text`, `_attr`: the standard library's
`html.escape`), and nothing else in web/ writes markup by hand (`Raw` is only
ever our own rendered markup). Player names therefore stay text:
`<img src=x onerror=alert(1)>` shows as typed.

>>> to_html(h("p", {"class": "x", "data-arg": '"q"'}, "<b>", 1))
'<p class="x" data-arg="&quot;q&quot;">&lt;b&gt;1</p>'
"""

import functools
import html
import re

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "path", "circle", "rect",
                  "polygon", "line", "ellipse", "polyline", "use"})
_NAME_OK = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-:")
_MARKER = re.compile(r"<!--region:([^>]*?)-->")


class Node:
    """An element: a tag, its attributes (None and False are left out) and children."""

    __slots__ = ("attrs", "children", "tag")

    def __init__(self, tag, attrs, children):
        self.tag, self.attrs, self.children = tag, attrs, children

    def __repr__(self):
        return f"Node({self.tag!r}, {self.attrs!r}, {len(self.children)} children)"


class Raw:
    """Trusted markup written in this package (SVG art with no outside data, or a
    subtree rendered once: `cached`); `region`: the region it is, if it is one."""

    __slots__ = ("region", "text")

    def __init__(self, text, region=None):
        self.text, self.region = text, region


def h(tag, attrs=None, *children):
    """An element; children may be nodes, strings, numbers, None or (nested) lists."""
    if attrs is not None and not isinstance(attrs, dict):
        children = (attrs,) + children
        attrs = None
    return Node(tag, attrs or {}, children)


def to_html(node):
    """The markup of a tree, every text and attribute value escaped."""
    out = []
    _write(node, out, None)
    return "".join(out)


def to_regions(node):
    """(skeleton, {name: markup}): elements with data-region="name" are rendered
    apart and replaced by a marker where they stand (in the skeleton, or in the
    region that holds them: regions nest), so that only the regions whose own
    markup changed are sent and patched. The log's turns are regions of the log:
    a new turn sends that turn, not the whole log."""
    out, regions = [], {}
    _write(node, out, regions)
    return "".join(out), regions


def region_marker(name):
    return f"<!--region:{name}-->"


def join_regions(skeleton, regions):
    """The full markup again (regions within regions too)."""
    def fill(markup):
        return _MARKER.sub(lambda m: fill(regions[m[1]]) if m[1] in regions else m[0], markup)

    return fill(skeleton)


def _text(value):
    return html.escape(str(value), quote=False)


def _attr(value):
    return html.escape(str(value))


def _write(node, out, regions):
    if isinstance(node, str):
        out.append(_text(node))
    elif isinstance(node, Node):
        if regions is not None and "data-region" in node.attrs:
            name = node.attrs["data-region"]
            inner = []
            _element(node, inner, regions)
            regions[name] = "".join(inner)
            out.append(region_marker(name))
        else:
            _element(node, out, regions)
    elif isinstance(node, (list, tuple)):
        for child in node:
            _write(child, out, regions)
    elif isinstance(node, Raw):
        if regions is not None and node.region is not None:
            regions[node.region] = node.text
            out.append(region_marker(node.region))
        else:
            out.append(node.text)
    elif node is None or node is False or node is True:
        return
    else:
        out.append(_text(node))


def _element(node, out, regions):
    tag = node.tag
    _check_name(tag)
    parts = ["<", tag]
    for name, value in node.attrs.items():
        if value is None or value is False:
            continue
        _check_name(name)
        parts.append(f" {name}" if value is True else f' {name}="{_attr(value)}"')
    if tag in VOID and not node.children:
        parts.append(">" if tag in ("br", "hr", "img", "input", "meta", "link") else "/>")
        out.append("".join(parts))
        return
    parts.append(">")
    out.append("".join(parts))
    for child in node.children:
        _write(child, out, regions)
    out.append(f"</{tag}>")


@functools.cache  # the names our code uses: a few dozen
def _check_name(name):
    """Tag and attribute names come from our code, never from data: refuse oddities."""
    if not name or not set(name.lower()) <= _NAME_OK:
        raise ValueError(f"bad tag or attribute name {name!r}")


def cached(node):
    """A subtree rendered once to trusted markup (its text was escaped when rendered);
    still a region of its own when it is one (data-region)."""
    return Raw(to_html(node), node.attrs.get("data-region"))


def text_of(node):
    """All the text in a tree (for tests and accessible labels)."""
    if node is None or isinstance(node, (bool, Raw)):
        return ""
    if isinstance(node, Node):
        return "".join(text_of(c) for c in node.children)
    if isinstance(node, (list, tuple)):
        return "".join(text_of(c) for c in node)
    return str(node)


def classes(*names, **flags):
    """A class attribute value: the names given plus each flag that is true."""
    return " ".join([n for n in names if n] + [k.replace("_", "-") for k, v in flags.items() if v])
