"""Where the tiles go: an oval of upright cards, as large as the space allows.

The ring is drawn in a box of a fixed shape (wide on a laptop, tall on a
phone; style.css picks one by media query). For each shape we find the
largest card that keeps every card clear of its neighbours, by bisection,
and place the cards on the largest oval the box holds. Positions are
percentages of the box, so the same markup scales with the screen.
"""

import math
from functools import lru_cache
from itertools import pairwise

CARD_RATIO = 1.25  # a tile card is 1.25 times as tall as wide
GAP = 1.06  # neighbouring cards keep 6 % of a card between them
MARGIN = 0.006  # of the box width, around the outermost cards
# The box shapes (width / height) of style.css: .ring and its phone variant.
WIDE, TALL = 1.5, 0.7


@lru_cache(maxsize=16)
def layout(tiles, aspect):
    """(card width %, [(left %, top %) of tiles 1..n]) for a box of width/height `aspect`."""
    low, high = 0.02, 0.3
    for _ in range(30):
        width = (low + high) / 2
        if _fits(tiles, aspect, width):
            low = width
        else:
            high = width
    centres = _centres(tiles, aspect, low)
    height = 1 / aspect
    return round(low * 100, 2), [(round(x * 100, 2), round(y / height * 100, 2)) for x, y in centres]


def _centres(tiles, aspect, width, samples=720):
    """Card centres in a box 1 wide and 1/aspect tall, evenly spaced along the oval
    (equal arc lengths, not equal angles: the long sides get more cards);
    tile 1 at the top, numbers clockwise."""
    height = 1 / aspect
    rx = 0.5 - width / 2 - MARGIN
    ry = height / 2 - width * CARD_RATIO / 2 - MARGIN
    points = [(0.5 + rx * math.sin(a), height / 2 - ry * math.cos(a))
              for a in (2 * math.pi * k / samples for k in range(samples + 1))]
    lengths = [0.0]
    for (x0, y0), (x1, y1) in pairwise(points):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    out, k = [], 0
    for i in range(tiles):
        goal = lengths[-1] * i / tiles
        while lengths[k + 1] < goal:
            k += 1
        out.append(points[k])
    return out


def _fits(tiles, aspect, width):
    """True when no two cards (nearest two on each side) overlap and the oval has room."""
    if 0.5 - width / 2 - MARGIN <= 0 or 1 / aspect / 2 - width * CARD_RATIO / 2 - MARGIN <= 0:
        return False
    centres = _centres(tiles, aspect, width)
    for i, (x, y) in enumerate(centres):
        for step in (1, 2):
            ox, oy = centres[(i + step) % tiles]
            if abs(ox - x) < width * GAP and abs(oy - y) < width * CARD_RATIO * GAP:
                return False
    return True
