"""The ring: 4N tiles laid out as a circle of cards, meeples on them, and the
highlights of the current choice (reachable tiles marked by how they are reached)."""

from functools import lru_cache

from lepeuple import ring as rules_ring
from lepeuple.coach.exposure import exposed_meeples

from ..i18n import language, t
from ..markup import cached, classes, h
from .art import emblem, pawn
from .cards import signed
from .common import COLOURS, arg, badge, meeple_label, meeple_text, people, player_name
from .layout import CARD_RATIO, TALL, WIDE, centre_box, layout, tag_sides
from .outcome import outcome_tag, outcome_text

# Tiles rarely change between steps, so each tile's markup is kept by everything it shows:
# at most TILES of them, the least recently drawn dropped first (their memory when full:
# scripts/bench/tile_cache.py, docs/figures.md).
TILES = 3000

PICKAXE = h("svg", {"class": "pickaxe", "viewBox": "0 0 24 24", "aria-hidden": "true"},
            h("path", {"d": "M7 20 L16.5 7.5", "stroke": "#6b4a2b", "stroke-width": 2.6,
                       "stroke-linecap": "round", "fill": "none"}),
            h("path", {"d": "M6 6.5 Q14 1.5 22 9 Q15 5.5 8.5 8.5 Z", "fill": "#7b3fb5"}))


def how_icon(how):
    """The mark of a way to move: ○ circle, □ square, two chained steps for split."""
    shapes = {
        "circle": h("circle", {"cx": 12, "cy": 12, "r": 8, "fill": "none", "stroke": "currentColor", "stroke-width": 2.6}),
        "square": h("rect", {"x": 4, "y": 4, "width": 16, "height": 16, "fill": "none", "stroke": "currentColor",
                             "stroke-width": 2.6}),
        "split": h("path", {"d": "M3 17 Q7 6 12 12 Q17 18 21 7 M17 7 H21 V11", "fill": "none",
                            "stroke": "currentColor", "stroke-width": 2.6, "stroke-linecap": "round"}),
    }
    return h("svg", {"class": f"how how-{how}", "viewBox": "0 0 24 24", "aria-hidden": "true"}, shapes[how])


TILE_RULES = {"home": "R1", "pickaxe": "R12", "flank": "R13"}  # the rules section a tile's long-press opens


def tile_kind(tile):
    if rules_ring.is_home(tile):
        return "home"
    return "pickaxe" if rules_ring.is_pickaxe(tile) else "flank"


def tile_words(tile, meeples):
    """The tile in words: number, kind, and who stands there (an accessible name);
    `meeples` are the words for each meeple on it (`meeple_text`)."""
    kind = tile_kind(tile)
    if kind == "home":
        what = t("tile.home", people=people(rules_ring.home_owner(tile)))
    elif kind == "pickaxe":
        what = t("tile.pickaxe")
    else:
        what = t("tile.flank", people=people(rules_ring.home_owner(rules_ring.flanked_home(tile))))
    return ", ".join([t("tile.number", n=tile), what, *meeples])


def ring(view, seats, offer=None, marks=None, center=None, walks=None):
    """The ring of tiles and, in a layer of their own, the meeples standing on them;
    `marks` maps tile -> extra classes (trail, hint, announce); `walks` maps a meeple
    to the tiles it walked through in the step shown (data-walk)."""
    tiles = view["tiles"]
    on = {}
    for seat, pair in enumerate(view["meeples"]):
        for index, tile in enumerate(pair):
            on.setdefault(tile, []).append((seat, index))
    clickable = set(map(tuple, offer.meeples)) if offer else set()
    chosen = tuple(offer.meeple) if offer and offer.meeple else None
    reach = _reach_marks(offer, seats, view)
    marks = marks or {}
    (wide, places), (tall, places_tall) = layout(tiles, WIDE), layout(tiles, TALL)
    spots = [(*wide_at, *tall_at, *sides) for wide_at, tall_at, sides  # each tile's place, where its tags hang
             in zip(places, places_tall, zip(tag_sides(tiles, WIDE), tag_sides(tiles, TALL)))]
    style = f"--tiles:{tiles};--tile-w:{wide}%;--tile-w2:{tall}%"
    return h("div", {"class": f"ring ring-{tiles}", "style": style, "role": "group", "aria-label": t("ring.label"),
                     "data-keys": "ring"},
             [_cached_tile(n, spots[n - 1], seats, on.get(n, []), reach.get(n),
                           tuple(marks.get(n, ())) + (("chosen",) if chosen in on.get(n, []) else ()))
              for n in range(1, tiles + 1)],
             h("div", {"class": "ring-center", "data-region": "ring-center", "style": _centre_style(tiles)}, center),
             _meeple_layer(on, seats, clickable, (wide, places), (tall, places_tall), walks or {},
                           _open_words(view, seats)))


def _centre_style(tiles):
    """The ring's middle: the box no tile touches, in the wide and the tall layout (style.css)."""
    return ";".join(f"--c{k}{n}:{v}%" for n, aspect in ((1, WIDE), (2, TALL))
                    for k, v in zip("ltwh", centre_box(tiles, aspect)))


def _open_words(view, seats):
    """meeple -> (threats, words) for every exposed meeple (lepeuple.coach.exposure decides
    which and who could score off it): the seats to mark on it and the sentence saying so."""
    out = {}
    for e in exposed_meeples(view):
        m = tuple(e["meeple"])
        who = [(t("outcome.you") if s == view["seat"] else player_name(seats, s)) + " " + signed(g)
               for s, g in zip(e["threats"], e["gains"])]
        label = meeple_text(seats, m)
        words = (t("meeple.open", meeple=label, opposite=e["opposite"], gains=t("list.sep").join(who)) if who
                 else t("meeple.open.none", meeple=label, opposite=e["opposite"]))
        out[m] = (tuple(e["threats"]), words)
    return out


def _meeple_layer(on, seats, clickable, wide, tall, walks, exposed):
    """Every meeple as a pawn, placed by a CSS transform over the lower part of its tile
    (never over a home's emblem), keyed by meeple so that the page moves it, not redraws it;
    an exposed one (`exposed`: meeple -> (threats, words)) carries its mark."""
    pawns = []
    for tile, here in sorted(on.items()):
        spots = {m: [_spot(tile, k, len(here), width, places, aspect) for (width, places), aspect in ((wide, WIDE), (tall, TALL))]
                 for k, m in enumerate(here)}
        hangs = {m: [] for m in here if m in exposed}  # each mark's (side, row) in each layout
        for shape, (_, places) in enumerate((wide, tall)):
            for m, side_row in _mark_places({m: spots[m][shape][0] for m in hangs}, places[tile - 1][0]).items():
                hangs[m].append(side_row)
        for m in here:
            mark = (*exposed[m], hangs[m]) if m in exposed else None
            pawns.append(_meeple(m, seats, m in clickable, tile, spots[m], walks.get(m), mark))
    return h("div", {"class": "meeple-layer", "data-keys": "meeples", "data-region": "meeples"}, pawns)


def _spot(tile, k, count, width, places, aspect):
    """(x %, y %, pawn width %) of the k-th of `count` meeples on `tile`: side by side in the
    tile's lower part, in two rows when more than three share it, smaller when crowded."""
    x, y = places[tile - 1]
    per_row = count if count <= 3 else (count + 1) // 2
    row, col = divmod(k, per_row)
    size = width * (0.42 if per_row <= 2 else 0.34 if per_row == 3 else 0.26)
    dx = (col - (per_row - 1) / 2) * size * 0.92
    rows = 1 if count <= 3 else 2
    dy = (0.24 + 0.2 * (row - (rows - 1) / 2)) * width * CARD_RATIO * aspect  # of the ring's height
    return round(x + dx, 2), round(y + dy, 2), round(size, 2)


def _mark_places(xs, tile_x):
    """meeple -> (side, row) of the marks of a tile's exposed meeples at `xs` (% of the ring):
    all hang towards the ring's middle (side 1: to the left of the pawn, 0: to its right;
    hung outwards on the ring's side, a mark ran past the ring's edge, where the meeples'
    layer clips it); the pawn nearest that side has row 0, at its head, and each mark that
    passes over another pawn stands a row higher, over that pawn's head."""
    left = int(tile_x > 50)
    order = sorted(xs, key=lambda m: xs[m], reverse=not left)
    return {m: (left, row) for row, m in enumerate(order)}


def _reach_marks(offer, seats, view):
    """tile -> {"hows": (...), "via": bool, "ways": ((how, tag), ...), "words": str} for the
    selected meeple's moves, or, before a meeple is chosen, for every meeple the card can
    move: how each reaches the tile, and what each way would do there (lepeuple.preview),
    one tag per way."""
    out = {}
    viewer = view["seat"]
    if offer is None:
        return out

    def mark(tile):
        return out.setdefault(tile, {"hows": [], "via": False, "ways": [], "words": []})

    for r in offer.reaches or offer.previews:
        m = mark(r.tile)
        if r.how not in m["hows"]:
            m["hows"].append(r.how)
        if r.outcome is not None:
            tag, words = outcome_tag(r.outcome, view), outcome_text(r.outcome, seats, viewer)
            same = next((way for way in m["ways"] if way[1] == tag), None)  # ways with one tag: one tag
            if tag and same is None:
                m["ways"].append(([r.how], tag))
            elif tag and r.how not in same[0]:
                same[0].append(r.how)
            line = t("tile.outcome", meeple=meeple_label(r.action.meeple), how=t("how." + r.how), outcome=words)
            if line not in m["words"]:
                m["words"].append(line)
        if len(r.path) == 2 and r.path[0] != r.tile:
            mark(r.path[0])["via"] = True
    look = offer.step == "look"  # shown, not yet playable (the power phase): marks, no buttons
    return {tile: {"hows": tuple(m["hows"]), "via": m["via"], "ways": tuple((tuple(hows), tag) for hows, tag in m["ways"]),
                   "words": " ".join(m["words"]), "look": look} for tile, m in out.items()}


def _cached_tile(n, place, seats, here, reach, marks):
    """The tile's markup, from the cache when everything it shows was drawn before."""
    meeples = tuple((m, meeple_text(seats, m)) for m in here)
    return _tile(n, place, meeples, tuple(reach.items()) if reach else None, tuple(marks), language())


@lru_cache(maxsize=TILES)
def _tile(n, place, meeples, reach, marks, lang):
    """One tile card as markup (its meeples are drawn in the ring's own layer); `place` is
    its centre in the wide and the tall layout (%), `meeples` each meeple there with its
    words (its accessible name says who stands there), `lang` the language the words are in;
    `place` ends with where its tags hang in each layout (layout.tag_sides)."""
    words = tile_words(n, [text for _, text in meeples])
    reach = dict(reach) if reach else None
    kind = tile_kind(n)
    owner = rules_ring.home_owner(n if kind == "home" else rules_ring.flanked_home(n)) if kind != "pickaxe" else None
    target = bool(reach and reach["hows"])
    cls = classes("tile", kind, *marks, reach=target, via=bool(reach and reach["via"]),
                  crowded=len(meeples) > 4, occupied=bool(meeples))
    style = "--x:{}%;--y:{}%;--x2:{}%;--y2:{}%".format(*place)
    # Where its tags hang, in the wide and the tall layout: on the ring's sides they open
    # towards its middle (anchored at the tile's outer edge), never off the screen.
    style += ";--ax1:{}%;--ax2:{}%".format(*(_anchor(x) for x in (place[0], place[2])))
    style += "".join(f";--t{k}{shape}:{v}" for shape, side in enumerate(place[4:], 1)  # its tags: layout.tag_sides
                     for k, v in zip(("l", "t", "dx", "dy"), side))
    style += f";--people:{COLOURS[owner]}" if owner is not None else ""
    tip = t("words.join", move=words, tile=t("tip." + kind))
    return cached(h(
        "div", {"class": cls, "style": style, "data-tile": n, "data-region": f"tile-{n}", "title": tip,
                "data-rule": TILE_RULES[kind]},
        h("span", {"class": "tile-num"}, n),
        _icon(n, kind, owner),
        _target(n, reach, words) if target else None))


def _anchor(x):
    """0 (a tile on the ring's left), 100 (its right) or 50: which of the tile's edges its tags hang from."""
    return 0 if x < 42 else 100 if x > 58 else 50


def _icon(n, kind, owner):
    if kind == "home":
        return h("span", {"class": "tile-icon home-icon"}, emblem(owner))
    if kind == "pickaxe":
        return h("span", {"class": "tile-icon"}, PICKAXE)
    # A flank: a small arrow toward the home it flanks (the next or previous tile).
    towards = "cw" if rules_ring.flanked_home(n) > n else "ccw"
    return h("span", {"class": f"tile-icon flank-mark {towards}", "aria-hidden": "true"})


def _meeple(m, seats, clickable, tile, spots, walk, exposed=None):
    """A pawn at its spot in the wide and the tall layout (CSS custom properties, read by a
    transform); a button when it may be chosen; `walk`: the tiles it walked through in
    the step shown, for the page to move it along the ring (data-walk); `exposed`: (threats,
    words, [(side, row) in each layout]) when it stands open, marked "!" with the badges of
    who could score off it, where _mark_places hangs it."""
    label = meeple_text(seats, m) if exposed is None else exposed[1]
    key = f"meeple-{m[0]}-{m[1]}"  # keyed: the page moves it from its old place, not redraws it
    (x1, y1, w1), (x2, y2, w2) = spots
    attrs = {"style": f"--mx1:{x1};--my1:{y1};--pw1:{w1};--mx2:{x2};--my2:{y2};--pw2:{w2}", "data-key": key,
             "data-fly": key, "data-on": tile, "data-walk": " ".join(map(str, walk)) if walk else None,
             "title": label}
    mark = None
    if exposed is not None:  # the words are the title and the name: the mark itself is hidden from readers
        (left1, row1), (left2, row2) = exposed[2]
        mark = h("span", {"class": "open-mark", "aria-hidden": "true",
                          "style": f"--mf1:{left1};--mr1:{row1};--mf2:{left2};--mr2:{row2}"},
                 h("span", {"class": "open-bang"}, "!"), [badge(s, size=12) for s in exposed[0]])
    if clickable:
        return h("button", {"type": "button", "class": "meeple pawn clickable" + (" exposed" if exposed else ""),
                            "data-act": "meeple",
                            "data-arg": arg(list(m)), "aria-label": label, **attrs}, pawn(*m), mark)
    return h("span", {"class": "meeple pawn" + (" exposed" if exposed else ""), "role": "img" if exposed else None,
                      "aria-label": label if exposed else None, **attrs}, pawn(*m), mark)


def _target(n, reach, words):
    """The button over a tile the selected meeple can reach (the whole tile, meeples
    included); its name says the move, what it would do, and the tile."""
    hows = reach["hows"]
    move = t("tile.move_to", n=n, hows=", ".join(t("how." + x) for x in hows))
    if reach["words"]:
        move = f"{move} {reach['words']}"
    label = t("words.join", move=move, tile=words)
    if reach["look"]:  # a movement card looked at before its phase: the same marks, nothing to click
        return h("span", {"class": "tile-target looking", "role": "note", "aria-label": label},
                 _target_marks(reach, move))
    return h("button", {"type": "button", "class": "tile-target", "data-act": "tile", "data-arg": str(n),
                        "aria-label": label}, _target_marks(reach, move))


def _target_marks(reach, move):
    """What a landing tile shows: its ways' marks, one tag per result, and the tags in words."""
    return [h("span", {"class": "how-marks"}, [how_icon(x) for x in reach["hows"]]),
            h("span", {"class": "outcome-tag", "aria-hidden": "true"},  # the label says it in words
              [h("span", {"class": "way-tag"}, [how_icon(how) for how in way_hows], tag)
               for way_hows, tag in reach["ways"]])
            if reach["ways"] else None,
            # The tags in words, shown on hover and on keyboard focus (style.css).
            h("span", {"class": "tag-words", "aria-hidden": "true"}, move)]
