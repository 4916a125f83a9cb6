"""Pieces used everywhere: peoples' colours and shapes, meeple tokens, names."""

import json
import unicodedata

from lepeuple import PEOPLES

from ..i18n import LETTERS, meeple_label, t
from ..markup import h

# Seat i's people (docs/rules.md R2). Colour is never alone: each people also has a
# shape and a letter (the first of its name), on homes, meeples and panels.
COLOURS = ("#2f6fd6", "#ee8a1c", "#d6333a", "#2f9e44", "#262626")
INK = ("#ffffff", "#1d1d1d", "#ffffff", "#ffffff", "#ffffff")  # readable text on each colour
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
SHAPE_SVG = {
    "circle": ("circle", {"cx": 12, "cy": 12, "r": 10.5}),
    "square": ("rect", {"x": 2, "y": 2, "width": 20, "height": 20, "rx": 2.5}),
    "triangle": ("polygon", {"points": "12,1 23.5,22.5 0.5,22.5"}),
    "diamond": ("polygon", {"points": "12,0.5 23.5,12 12,23.5 0.5,12"}),
    "hexagon": ("polygon", {"points": "6,1.5 18,1.5 23.5,12 18,22.5 6,22.5 0.5,12"}),
}


def people(seat):
    return PEOPLES[seat]


def player_name(seats, seat):
    """What a seat is called on screen: the human's name, or "Bot (level)".

    A name written right to left is isolated (U+2068 … U+2069) so that it cannot
    reorder the sentence around it: "Ann's turn" stays in order whatever the name."""
    s = seats[seat]
    if s.is_bot:
        return t("bot.name", people=PEOPLES[seat].split()[0], level=t("level." + s.level))
    if not s.name:
        return t("default.name", n=seat + 1)
    return f"\u2068{s.name}\u2069" if any(unicodedata.bidirectional(ch) in RTL for ch in s.name) else s.name


RTL = ("R", "AL", "AN")  # right-to-left letters and Arabic digits (Unicode bidirectional classes)


def badge(seat, label=None, size=24, extra=""):
    """The people's shape in its colour with its letter (SVG, scales with font size)."""
    tag, attrs = SHAPE_SVG[SHAPES[seat]]
    text_y = 18 if SHAPES[seat] == "triangle" else 16.2
    return h("svg", {"class": f"badge {extra}".strip(), "viewBox": "0 0 24 24", "width": size, "height": size,
                     "aria-hidden": "true", "focusable": "false"},
             h(tag, {**attrs, "fill": COLOURS[seat], "stroke": "#fff", "stroke-width": 1.2}),
             h("text", {"x": 12, "y": text_y, "text-anchor": "middle", "font-size": 11.5,
                        "font-weight": 800, "fill": INK[seat]}, label or LETTERS[seat]))


def meeple_text(seats, meeple):
    return t("meeple", name=player_name(seats, meeple[0]), n=meeple[1] + 1, label=meeple_label(meeple))


def arg(value):
    """A click argument as JSON (read back by the controller)."""
    return json.dumps(value, separators=(",", ":"))


def button(label, act, value=None, cls="btn", attrs=None):
    """A button the controller understands: data-act names the command, data-arg its JSON argument."""
    return h("button", {"type": "button", "class": cls, "data-act": act,
                        "data-arg": None if value is None else arg(value), **(attrs or {})}, label)


def join_names(names):
    if len(names) <= 1:
        return "".join(names)
    return t("list.and", head=t("list.sep").join(names[:-1]), last=names[-1])
