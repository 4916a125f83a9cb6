"""The game's pictures, drawn here as small inline SVG (our own art: no image file, no
third-party drawing): the meeples as pawns, each people's emblem on its home, and an
illustration for each of the twelve power cards.

A pawn is drawn in its people's colour with its people's shape as its head and its
number on its body (R2: never colour alone). Emblems are white line drawings that sit
on the home's colour. Power card pictures use a few flat colours each.
"""

from ..markup import h
from .common import COLOURS, INK, SHAPE_SVG, SHAPES

# The head of a pawn: the people's shape (common.SHAPE_SVG, 24 units) brought to about 10
# units wide, centred at (10, 8).
_HEAD = "translate(4.6 2.6) scale(0.45)"


def pawn(seat, index):
    """A standing pawn (20 × 26 units): base, body in the people's colour, the people's
    shape as its head, its number (1 or 2) on its body."""
    colour, ink = COLOURS[seat], INK[seat]
    tag, attrs = SHAPE_SVG[SHAPES[seat]]
    edge = {"stroke": "#fff", "stroke-width": 1.1, "stroke-linejoin": "round"}
    return h("svg", {"class": "pawn-art", "viewBox": "0 0 20 26", "aria-hidden": "true", "focusable": "false"},
             h("ellipse", {"cx": 10, "cy": 23.6, "rx": 8.2, "ry": 2.2, "fill": colour, **edge}),
             h("path", {"d": "M4.6 23.2 C5.4 18.5 6.8 15.2 8.4 13.6 L11.6 13.6 C13.2 15.2 14.6 18.5 15.4 23.2 Z",
                        "fill": colour, **edge}),
             h(tag, {**attrs, "fill": colour, **edge, "stroke-width": 2.4, "transform": _HEAD}),
             h("text", {"x": 10, "y": 21.6, "text-anchor": "middle", "font-size": 6.6, "font-weight": 800,
                        "fill": ink}, index + 1))


# Each people's emblem: white lines on its home's colour, inside the people's shape.
_EMBLEMS = {
    # Zombies Polaires: a snowflake.
    0: [("path", {"d": "M12 4.5 V19.5 M5.5 8.2 L18.5 15.8 M5.5 15.8 L18.5 8.2 M10 5.8 L12 7.6 L14 5.8"
                       " M10 18.2 L12 16.4 L14 18.2"})],
    # Barbares Bichettes: a horned helmet.
    1: [("path", {"d": "M6.5 15 Q6.5 8.5 12 8.5 Q17.5 8.5 17.5 15 Z"}),
        ("path", {"d": "M7 11 Q3.5 9.5 4 5.5 M17 11 Q20.5 9.5 20 5.5 M6.5 15 H17.5 M12 8.5 V15"})],
    # Fées des Rots: a pair of wings and a wand's star.
    2: [("path", {"d": "M12 14 Q5 4 4.5 11 Q5 15.5 12 14 Q19 15.5 19.5 11 Q19 4 12 14"}),
        ("path", {"d": "M12 14 V19.5 M9.5 20 H14.5"})],
    # Orcs Idées: a tusked face with an idea's light above it.
    3: [("path", {"d": "M7 11 Q7 18.5 12 18.5 Q17 18.5 17 11 Z M9.5 16 V13.8 M14.5 16 V13.8"}),
        ("path", {"d": "M12 4 V6.5 M8 5.2 L9.2 7.2 M16 5.2 L14.8 7.2"})],
    # P-Trolls: a rock of a head with two small eyes and a club.
    4: [("path", {"d": "M6 18 Q5 10 9 8 Q12 5.5 15.5 8 Q19 10.5 18 18 Z"}),
        ("path", {"d": "M9.6 12 H10.4 M13.6 12 H14.4 M10 15.5 Q12 14.5 14 15.5"})],
}


def emblem(seat):
    """The people's emblem for its home tile: its shape's outline and its picture, in white."""
    # White on the home's colour, dark on orange (INK: the readable ink on each colour).
    stroke = {"fill": "none", "stroke": INK[seat], "stroke-width": 1.5, "stroke-linecap": "round",
              "stroke-linejoin": "round"}
    return h("svg", {"class": "emblem", "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
             [h(tag, {**attrs, **stroke}) for tag, attrs in _EMBLEMS[seat]])


# ----- the twelve power cards ------------------------------------------------

_INK, _GOLD, _RED, _GREEN, _BLUE, _PURPLE, _BROWN, _GREY = (
    "#2a1440", "#f2b705", "#d6333a", "#2f9e44", "#2f6fd6", "#6a33a0", "#8a5a2b", "#8a8f98")


def _p(d, fill="none", stroke=_INK, width=1.6):
    return ("path", {"d": d, "fill": fill, "stroke": stroke, "stroke-width": width,
                     "stroke-linecap": "round", "stroke-linejoin": "round"})


def _c(cx, cy, r, fill, stroke=_INK, width=1.4):
    return ("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke, "stroke-width": width})


_PICTURES = {
    # Force: a raised arm, flexed.
    "force": [_p("M8 30 L8 20 Q8 12 15 11 Q20 10.5 21 15 Q18 17 15.5 16.5 L15 22 Q22 21 26 25 L26 30 Z", "#f1c27d"),
              _p("M15.5 16.5 Q18 19 21 17", width=1.2), _p("M27 8 L29 5 M30 11 L33 10 M24 6 L24 3", stroke=_GOLD)],
    # Soin: a potion flask with a green cross.
    "soin": [_p("M15 6 H21 M16 6 V12 L10 24 Q9 29 14 29 H22 Q27 29 26 24 L20 12 V6", "#e6f6ea"),
             _p("M11.5 22 H24.5 L26 24 Q27 29 22 29 H14 Q9 29 10 24 Z", "#7fd39a", width=1.2),
             _p("M18 19.5 V27 M14.3 23.2 H21.7", stroke=_GREEN, width=2.2)],
    # Voleur: a hand reaching for a gold coin.
    "voleur": [_c(26, 11, 5, _GOLD), _p("M24.5 11 H27.5", width=1.2),
               _p("M4 27 L11 20 Q13 17 15.5 18 L19 14.5 Q21 13 22 15 L18 19.5 L21 18 Q22.5 19.5 21 21 L15 26 Z",
                  "#f1c27d")],
    # Sortilège: a wand casting a star.
    "sortilege": [_p("M6 30 L19 17", stroke=_BROWN, width=2.6),
                  _p("M23 5 L24.6 9.6 L29.5 10 L25.7 13 L27 17.8 L23 15 L19 17.8 L20.3 13 L16.5 10 L21.4 9.6 Z",
                     _GOLD),
                  _p("M11 10 L12 12 M31 21 L33 22 M29 26 L30 29", stroke=_PURPLE)],
    # Bandit: a masked face.
    "bandit": [_c(18, 18, 11, "#f1c27d"), _p("M7.5 15 Q18 9 28.5 15 L28 19.5 Q18 15 8 19.5 Z", _INK),
               _c(13.5, 16.3, 1.5, "#fff", stroke="#fff", width=0.5), _c(22.5, 16.3, 1.5, "#fff", stroke="#fff", width=0.5),
               _p("M14 24 Q18 26.5 22 24", width=1.3)],
    # Magie Noire: a black cauldron with green smoke.
    "magie_noire": [_p("M8 17 H28 Q28 29 18 29 Q8 29 8 17 Z", "#262626"), _p("M6.5 17 H29.5", width=2.2),
                    _p("M12 13 Q10 9.5 13 7.5 Q16 5 14 2.5 M20 13 Q18.5 10 21 8.5 Q24 6.5 22 4", stroke=_GREEN,
                       width=1.8),
                    _p("M11 29 L9.5 32 M25 29 L26.5 32", width=1.8)],
    # Troc: two cards changing hands, arrows both ways.
    "troc": [("rect", {"x": 5, "y": 9, "width": 10, "height": 14, "rx": 1.5, "fill": "#fffdf8", "stroke": _INK,
                       "stroke-width": 1.4}),
             ("rect", {"x": 21, "y": 13, "width": 10, "height": 14, "rx": 1.5, "fill": "#e6d6fa", "stroke": _INK,
                       "stroke-width": 1.4}),
             _p("M13 6 Q20 2.5 27 8 M24.5 8.2 H27.2 V5.5", stroke=_BLUE),
             _p("M23 30 Q16 33.5 9 28 M11.5 27.8 H8.8 V30.5", stroke=_RED)],
    # Vitesse: a winged boot.
    "vitesse": [_p("M10 10 H17 V22 L27 24 Q29 25 28.5 28 H8.5 Z", _RED),
                _p("M17 12 Q24 6 31 8 Q26 10 24 13 Q28 12.5 30 14 Q24 16 17 16", "#fff"),
                _p("M2 18 H7 M3 23 H8 M4 28 H7", stroke=_GREY)],
    # Massue: a wooden club with studs.
    "massue": [_p("M8 30 L18 16", stroke=_BROWN, width=3),
               _p("M16 18 Q13 12 18 7 Q23 2.5 28 6 Q31.5 10 27 15 Q22 20 16 18 Z", "#b07a45"),
               _c(21, 9, 1.1, _GREY, width=0.8), _c(25.5, 11, 1.1, _GREY, width=0.8), _c(21.5, 14, 1.1, _GREY, width=0.8)],
    # Permutation: two pawns swapping places.
    "permutation": [_p("M6 28 Q6.5 21 9.5 19.5 A3.5 3.5 0 1 1 12.5 19.5 Q15.5 21 16 28 Z", _BLUE),
                    _p("M20 28 Q20.5 21 23.5 19.5 A3.5 3.5 0 1 1 26.5 19.5 Q29.5 21 30 28 Z", _RED),
                    _p("M9 10 Q18 3 27 10 M24.5 10.5 H27.3 V7.7", stroke=_INK)],
    # Chance: a four-leaf clover.
    "chance": [_c(14, 12, 5, "#7fd39a", _GREEN), _c(22, 12, 5, "#7fd39a", _GREEN), _c(14, 20, 5, "#7fd39a", _GREEN),
               _c(22, 20, 5, "#7fd39a", _GREEN), _p("M18 16 Q20 25 25 31", stroke=_GREEN, width=2)],
    # Défense: a shield with a band.
    "defense": [_p("M18 4 L29 8 V17 Q29 27 18 32 Q7 27 7 17 V8 Z", _BLUE),
                _p("M18 4 V32 M7.5 15 H28.5", stroke="#fff", width=2), _p("M18 4 L29 8 V17 Q29 27 18 32 Q7 27 7 17 V8 Z")],
}


def power_picture(card):
    """The illustration of a power card (36 × 34 units)."""
    return h("svg", {"class": "power-art", "viewBox": "0 0 36 34", "aria-hidden": "true", "focusable": "false"},
             [h(tag, attrs) for tag, attrs in _PICTURES[card]])
