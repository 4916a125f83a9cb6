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


# The ring's middle holds the score track over the decks and the last card: a box this
# many times as wide as tall on each shape of ring (its content scales with it, style.css).
CENTRE_SHAPE = {WIDE: 1.8, TALL: 1.0}
CENTRE_GAP = 0.015  # of the box width, between the middle's box and the nearest tile


@lru_cache(maxsize=16)
def centre_box(tiles, aspect):
    """(left %, top %, width %, height %) of the largest box of shape CENTRE_SHAPE[aspect],
    centred in the ring, that no tile card touches: what the ring's middle shows stays
    in it, so no caption, deck or score marker ever lies over a tile."""
    width, places = layout(tiles, aspect)
    width /= 100
    height = 1 / aspect
    cards = [(x / 100, y / 100 * height) for x, y in places]
    shape = CENTRE_SHAPE[aspect]

    def clear(size):
        half_w, half_h = size * shape / 2, size / 2
        return all(abs(x - 0.5) >= half_w + width / 2 + CENTRE_GAP
                   or abs(y - height / 2) >= half_h + width * CARD_RATIO / 2 + CENTRE_GAP for x, y in cards)

    low, high = 0.0, height
    for _ in range(30):
        size = (low + high) / 2
        low, high = (size, high) if clear(size) else (low, size)
    w, h = low * shape, low
    return round(50 - w * 50, 2), round(50 - h / height * 50, 2), round(w * 100, 2), round(h / height * 100, 2)


# A landing tile's tags, as large as they grow (style.css .outcome-tag): in tile widths
# and heights. Their place is chosen so that they lie over no other tile.
TAG_W, TAG_H = 1.4, 0.45
# Where tags hang: the point of the tile (% of its box) and their shift (% of their own size).
TAG_SIDES = {"below": (50, 100, -50, 0), "above": (50, 0, -50, -100),
             "right": (100, 58, 0, -50), "left": (0, 58, -100, -50),
             "below right": (80, 100, 0, 0), "below left": (20, 100, -100, 0),
             "above right": (80, 0, 0, -100), "above left": (20, 0, -100, -100)}


@lru_cache(maxsize=16)
def tag_sides(tiles, aspect):
    """For tiles 1..n, where their tags hang (a TAG_SIDES value): towards the ring's middle,
    below, beside, or below and to the side of the tile (on the ring's corners), whichever
    lies over no other tile (the first, when none does)."""
    width, places = layout(tiles, aspect)
    w = width / 100 * aspect  # in units of the box height
    h = w * CARD_RATIO
    cards = [(x / 100 * aspect, y / 100) for x, y in places]
    out = []
    for i, (cx, cy) in enumerate(cards):
        dx, dy = aspect / 2 - cx, 0.5 - cy  # towards the middle
        across = "right" if dx > 0 else "left"
        down = "below" if dy > 0 else "above"
        order = ((across, down) if abs(dx) > abs(dy) else (down, across)) + (f"{down} {across}",)
        free = [side for side in order if not any(_overlaps(_tag_box(side, cx, cy, w, h), (ox, oy, w, h))
                                                  for j, (ox, oy) in enumerate(cards) if j != i)]
        out.append(TAG_SIDES[(free or order)[0]])
    return out


def _tag_box(side, cx, cy, w, h):
    """(centre x, centre y, width, height) of a tile's tags hung on `side`."""
    tw, th = TAG_W * w, TAG_H * h
    down = (h / 2 + th / 2) * (1 if side.startswith("below") else -1)
    if side in ("below", "above"):
        return cx, cy + down, tw, th
    if " " in side:  # from the tile's last fifth, towards the middle
        return cx + (0.3 * w + tw / 2) * (1 if side.endswith("right") else -1), cy + down, tw, th
    return cx + (w / 2 + tw / 2) * (1 if side == "right" else -1), cy + 0.08 * h, tw, th


def _overlaps(a, b):
    return abs(a[0] - b[0]) < (a[2] + b[2]) / 2 and abs(a[1] - b[1]) < (a[3] + b[3]) / 2
