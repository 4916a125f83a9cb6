"""Player panels (name, people, score or band, cards in hand, skips, shield) and
the piles in the middle of the ring (deck and discard sizes, the last card played)."""

from ..i18n import power_name, t, tn
from ..markup import classes, h
from . import cards
from .common import badge, button, people, player_name


def panels(view, seats, score_deltas=None, targets=None):
    """One panel per seat; `targets` maps the seats a power card may be played at now to
    what it would do there (words, or None)."""
    score_deltas = score_deltas or {}
    return h("ol", {"class": "panels", "aria-label": t("panels.label")},
             [_panel(view, seats, s, score_deltas.get(s), targets) for s in range(view["players"])])


def _panel(view, seats, seat, delta, targets):
    to_move = view["to_move"] == seat
    facts = [_score(view, seat, delta),
             h("span", {"class": "fact cards-count"},
               t("panel.cards", movement=tn("panel.cards.movement", view["hand_sizes"][seat]["movement"]),
                 power=tn("panel.cards.power", view["hand_sizes"][seat]["power"])))]
    if view["skips"][seat]:
        facts.append(h("span", {"class": "fact warn"}, tn("panel.skips", view["skips"][seat])))
    if view["shields"][seat]:
        facts.append(h("span", {"class": "fact shield"}, t("panel.shield")))
    if view["active"] == seat and view["extra_turns"] and not view["over"]:
        facts.append(h("span", {"class": "fact"}, tn("panel.extra", view["extra_turns"])))
    if view["known"][seat] and seat != view["seat"]:
        facts.append(h("span", {"class": "fact known"},
                       t("panel.known", cards=", ".join(_card_name(c) for c in view["known"][seat]))))
    kind = t("panel.bot", level=t("level." + seats[seat].level)) if seats[seat].is_bot else t("panel.human")
    cls = classes("panel", f"seat-{seat}", to_move=to_move, active=view["active"] == seat and not view["over"],
                  you=view["seat"] == seat, winner=seat in view["winners"])
    return h("li", {"class": cls, "data-seat": seat, "data-key": f"panel-{seat}"},
             badge(seat, size=30),
             h("div", {"class": "panel-body"},
               h("div", {"class": "panel-name"}, h("span", {"class": "name"}, player_name(seats, seat)),
                 h("span", {"class": "you-tag"}, t("panel.you")) if view["seat"] == seat else None,
                 h("span", {"class": "turn-tag"}, t("panel.to_move")) if to_move else None),
               h("div", {"class": "panel-people"}, people(seat), " · ", kind),
               h("div", {"class": "panel-facts"}, facts)),
             _target_button(seat, targets))


def _score(view, seat, delta):
    score = view["scores"][seat]
    text = tn("panel.score", score, score=score) if score is not None else t("panel.band", band=view["bands"][seat])
    bump = None
    if delta:
        bump = h("span", {"class": classes("bump", up=delta > 0, down=delta < 0)}, cards.signed(delta))
    what = t("panel.score.what" if score is not None else "panel.band.what", target=view["options"]["target"])
    return h("span", {"class": classes("fact", "score", hidden_score=score is None), "title": what}, text,
             h("span", {"class": "visually-hidden"}, f" ({what})"), bump)


def _target_button(seat, targets):
    if not targets or seat not in targets:
        return None
    said = targets[seat]
    return button(t("btn.target"), "target", seat, cls="btn target-btn",
                  attrs={"title": said, "aria-label": f"{t('btn.target')}: {said}" if said else None})


def _card_name(card):
    return power_name(card) if isinstance(card, str) else t("card.number", id=card)


def piles(view, last_card=None, last_by=None):
    """Decks and discard piles, and the card played last (in the ring's middle); each
    caption is also the pile's title (a short middle shows no captions: style.css)."""
    mdisc, pdisc = view["movement_discard"], view["power_discard"]
    return h("div", {"class": "piles"},
             _pile("movement", view["movement_deck"], tn("piles.movement", len(mdisc), deck=view["movement_deck"])),
             _pile("power", view["power_deck"], tn("piles.power", len(pdisc), deck=view["power_deck"])),
             _last(last_card, last_by, view))


def _pile(kind, count, words):
    return h("div", {"class": "pile", "title": words}, cards.back(kind, count), h("span", {"class": "pile-label"}, words))


def _last(card_id, by, view):
    if card_id is None:
        return None
    shield = view["options"]["defense"] == "shield"
    # The label under the card, as under the decks: above it, it ran into the card on small rings.
    words = t("piles.last", name=by) if by else t("piles.last_anon")
    return h("div", {"class": "last-played", "title": words},
             cards.card(card_id, shield_mode=shield, small=True), h("span", {"class": "pile-label"}, words))


# A marker's width on the score track: a twelfth of the track at most (style.css
# .score-track --badge), so markers at neighbouring scores of a track to 12 never touch.
BADGES_ALONG = 12


def score_track(view, seats):
    """A score track in the ring's middle: a bar from 0 to the target score, ticked, the
    target flagged at its end, each player's marker (their people's shape in its colour) at
    their score; a hidden score shows its band. A marker that would touch another goes up
    a row (--level): tied markers stand one above the other, each seen whole."""
    target = view["options"]["target"]
    every = 1 if target <= 15 else 5
    ticks = [h("span", {"class": classes("track-tick", major=n % 5 == 0),
                        "style": f"left:{100 * n / target:.2f}%"}) for n in range(every, target, every)]
    spots = {}
    for s in range(view["players"]):
        score = view["scores"][s]
        low, high = _band(view, s) if score is None else (score, score)
        spots.setdefault(min(low, target), []).append((s, high))
    markers, rows = [], 0
    for where, level, (s, high) in _track_places(spots, target):
        rows = max(rows, level + 1)
        style = f"left:{100 * where / target:.2f}%;--level:{level}"
        if high != where:  # a hidden score: its band
            style += f";--span:{100 * (min(high, target) - where) / target:.2f}%"
        markers.append(h("span", {"class": classes("track-marker", band=high != where), "style": style,
                                  "data-key": f"track-{s}", "title": player_name(seats, s)},
                         badge(s, size=None, extra="track-badge")))
    return h("div", {"class": "score-track", "role": "img", "style": f"--rows:{rows}",
                     "aria-label": t("track.label", target=target,
                                     scores=", ".join(_said(view, seats, s) for s in range(view["players"])))},
             h("div", {"class": "track-bar"}, ticks, h("span", {"class": "track-target"}, target)),
             h("div", {"class": "track-markers", "aria-hidden": "true"}, markers))


def _track_places(spots, target):
    """(score, row, marker) for each marker: each at its score, on the lowest row where it
    touches no other marker (tied ones one above the other)."""
    per = max(1, target / BADGES_ALONG)  # a marker's width, in points of the track
    rows = []  # per row: the scores of the markers on it
    out = []
    for where, group in sorted(spots.items()):
        for marker in group:
            level = next((i for i, row in enumerate(rows) if all(abs(where - other) >= per - 1e-9 for other in row)),
                         len(rows))
            if level == len(rows):
                rows.append([])
            rows[level].append(where)
            out.append((where, level, marker))
    return sorted(out, key=lambda placed: placed[2])  # in seat order, as drawn before


def _band(view, seat):
    """(low, high) of a hidden score's band ("3-5", "12+")."""
    band = view["bands"][seat]
    low, _, high = band.rstrip("+").partition("-")
    return int(low), int(high) if high else view["options"]["target"]


def _said(view, seats, seat):
    score = view["scores"][seat]
    shown = score if score is not None else view["bands"][seat]
    return f"{player_name(seats, seat)} {shown}"
