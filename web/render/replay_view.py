"""The replay viewer's controls and the score chart (inline SVG, our own drawing,
with a table of the same numbers for screen readers)."""

from bisect import bisect_right

from ..i18n import t, tn
from ..markup import classes, h
from ..model.eyes import EVERYONE
from .common import COLOURS, button, player_name
from .why import action_words, mistake_line


def controls(replay, playing, can_continue, extra=None, allowed=()):
    """Start, back, play/pause, forward, end; jump to a turn; whose eyes ("Seen by":
    only the viewers `allowed` by web/model/eyes.Eyes); close."""
    i, total = replay.index, replay.total
    turns = replay.turn_starts()
    current = max((k for k, _ in turns if k <= i), default=0)
    viewers = [(EVERYONE, t("replay.everyone")) if v == EVERYONE else (str(v), player_name(replay.seats, v))
               for v in allowed]
    return h("div", {"class": "replay-bar", "data-region": "replay", "data-testid": "replay-bar"},
             h("div", {"class": "replay-steps", "data-keys": "replay"},
               button("|◀", "replay-go", 0, cls="btn", attrs={"aria-label": t("replay.start"), "title": t("replay.start"),
                                                            "disabled": i == 0, "data-testid": "replay-start"}),
               button("◀", "replay-step", -1, cls="btn", attrs={"aria-label": t("replay.back"), "title": t("replay.back"),
                                                              "disabled": i == 0, "data-testid": "replay-back"}),
               button(t("replay.pause") if playing else t("replay.play"), "replay-play", cls="btn primary",
                      attrs={"data-testid": "replay-play", "disabled": i == total and not playing}),
               button("▶", "replay-step", 1, cls="btn", attrs={"aria-label": t("replay.forward"),
                                                             "title": t("replay.forward"), "disabled": i == total,
                                                             "data-testid": "replay-forward", "data-focus": True}),
               button("▶|", "replay-go", total, cls="btn", attrs={"aria-label": t("replay.end"), "title": t("replay.end"),
                                                                "disabled": i == total, "data-testid": "replay-end"}),
               h("span", {"class": "replay-where", "data-testid": "replay-where"},
                 t("replay.where", index=i, total=total))),
             h("div", {"class": "replay-choices"},
               _select("replay-turn", t("replay.turn"), [(str(k), t("replay.turn_n", n=n + 1, name=player_name(replay.seats, s)))
                                                         for n, (k, s) in _near(turns, current)], str(current)),
               _select("replay-viewer", t("replay.viewer"), viewers,
                       EVERYONE if replay.viewer == EVERYONE else str(replay.viewer)) if viewers else None,
               button(t("replay.continue"), "replay-continue", cls="btn", attrs={"data-testid": "replay-continue"})
               if can_continue else None,
               extra,
               button(t("replay.close"), "replay-close", cls="btn ghost", attrs={"data-testid": "replay-close"})))


TURN_CHOICES = 100  # turns offered in "jump to a turn": a game made endless would offer thousands


def _near(turns, current):
    """(n, turn) of the first turn, the last, and the TURN_CHOICES turns round `current`."""
    if len(turns) <= TURN_CHOICES:
        return list(enumerate(turns))
    at = bisect_right(turns, (current, len(turns))) - 1
    low = max(0, min(at - TURN_CHOICES // 2, len(turns) - TURN_CHOICES))
    picked = sorted({0, len(turns) - 1, *range(low, low + TURN_CHOICES)})
    return [(n, turns[n]) for n in picked]


def _select(name, label, options, current):
    return h("label", {"class": "replay-select"}, h("span", label),
             h("select", {"name": name, "data-change": name, "aria-label": label},
               [h("option", {"value": value, "selected": value == current}, text) for value, text in options]))


def download_control(offer, asking):
    """The game as a file (web/eyes.Eyes.file): None, a button that saves it ("plain"),
    or ("ask") one that first says what the file shows and asks once (`asking`: asked now)."""
    if offer is None:
        return None
    if offer == "plain":
        return button(t("replay.download"), "download", cls="btn ghost", attrs={"data-testid": "download-game"})
    if not asking:
        return button(t("replay.download.more"), "download-ask", cls="btn ghost", attrs={"data-testid": "download-game"})
    return h("span", {"class": "download-ask", "role": "group", "aria-labelledby": "download-said",
                      "data-testid": "download-ask"},
             h("span", {"id": "download-said", "role": "status"}, t("replay.download.ask")),
             button(t("replay.download.sure"), "download", cls="btn", attrs={"data-testid": "download-sure"}),
             button(t("replay.download.cancel"), "download-cancel", cls="btn ghost",
                    attrs={"data-testid": "download-cancel"}))


def share_box(link, copied):
    """"Copy link" for a finished game, and the link itself to copy by hand (`copied`:
    None before it is asked for; "long": the game is too long for a link)."""
    if copied == "long":
        return h("span", {"class": "share"},
                 button(t("replay.share"), "share", cls="btn", attrs={"data-testid": "share"}),
                 h("span", {"class": "share-said", "role": "status"}, t("replay.too_long")))
    return h("span", {"class": "share"},
             button(t("replay.share"), "share", cls="btn", attrs={"data-testid": "share"}),
             h("input", {"type": "text", "readonly": True, "value": link, "class": "share-link",
                         "aria-label": t("replay.link"), "data-testid": "share-link"}) if copied is not None else None,
             h("span", {"class": "share-said", "role": "status"}, t("replay.copied" if copied else "replay.copy_by_hand"))
             if copied is not None else None)


# ----- the review ----------------------------------------------------------

def review_button(replay):
    """"Review" for the seat the replay is watched by (else the first person)."""
    seat = replay.viewer if isinstance(replay.viewer, int) else (replay.setup.humans or [0])[0]
    return button(t("review.start", name=player_name(replay.seats, seat)), "review", seat, cls="btn",
                  attrs={"data-testid": "review"})


def review_panel(review, replay):
    """Progress while the review runs (with a way to stop it); then the decisions where
    the most was lost (at least 3 points of win chance: lepeuple.coach.review.MIN_LOSS),
    largest first, each labelled by its turn as the replay's turn menu labels it and
    opening the replay at that step."""
    name = player_name(replay.seats, review["seat"])
    plan = _review_plan(review, name)
    if review["result"] is None:
        said = t("review.progress", done=review["done"], total=review["total"])
        if review.get("left") is not None:
            said += " — " + _time_left(review["left"])
        return h("section", {"class": "review", "data-testid": "review-panel", "aria-busy": "true",
                             "data-region": "review"},  # progress redraws this region only
                 plan,
                 h("label", t("review.running", name=name),
                   h("progress", {"max": max(1, review["total"]), "value": review["done"],
                                  "aria-valuetext": said})),
                 h("span", {"role": "status"}, said),
                 button(t("review.cancel"), "review-cancel", cls="btn ghost", attrs={"data-testid": "review-cancel"}))
    result = review["result"]
    mistakes = result["mistakes"]
    items = [h("li", button([h("strong", t("review.loss", loss=round(100 * m["loss"]))), " ",
                             t("review.item", turn=turn_label(m, replay.seats),
                               played=action_words(m["played"], replay.seats),
                               better=action_words(m["better"], replay.seats)),
                             _mistake_why(m, replay.seats)],
                            "review-show", m["index"], cls="btn review-item", attrs={"data-testid": "review-item"}))
             for m in mistakes]
    return h("section", {"class": "review", "data-testid": "review-panel", "data-region": "review"},
             h("h2", t("review.heading", name=name)),
             plan if result.get("made", 0) > result["decisions"] else None,
             h("p", tn("review.summary", result["decisions"], name=name) if mistakes
               else tn("review.none", result["decisions"])),
             h("p", {"class": "review-key"}, t("review.key")) if items else None,
             h("ol", {"class": "review-list"}, items) if items else None,
             button(t("review.close"), "review-cancel", cls="btn ghost"))


def _mistake_why(mistake, seats):
    """The mistake's reason in words, under its line (web/render/why.mistake_line)."""
    line = mistake_line(mistake, seats)
    return h("span", {"class": "review-why", "data-testid": "review-why"}, line) if line else None


def _review_plan(review, name):
    """What the review looks at, said before it starts: every decision, or in a long game
    the ones with the biggest swings."""
    made, total = review.get("made"), review.get("total")
    if made is None or total is None:
        return None
    text = (tn("review.plan.some", made, name=name, most=total) if made > total
            else tn("review.plan.all", made, name=name))
    return h("p", {"class": "review-plan", "data-testid": "review-plan"}, text)


def _time_left(seconds):
    if seconds < 90:
        return tn("review.left.s", max(1, round(seconds)))
    return tn("review.left.min", round(seconds / 60))


def turn_label(mistake, seats):
    """"Turn 12: Ann": the turn of a reviewed decision, named as the replay's turn menu names it."""
    return t("replay.turn_n", n=mistake["turn"], name=player_name(seats, mistake["player"]))


# ----- the score chart ---------------------------------------------------

CHART_POINTS = 300  # points of each player's line at most: a longer game's turns are sampled (the chart is 600 wide)
CHART_PAGE = 200  # the table's rows drawn, the newest turns, and drawn more on "show more" (as the log's earlier turns)
_ROWS = [None, None]  # (the log last read, its rows): a finished game's log is read once, not at every drawing


def score_rows(log, players):
    """[(turn number, seat whose turn, [score of each seat after it], event kinds in it)]:
    the scores as each turn ended, read from the log's "score" events."""
    key = (len(log), id(log[-1]) if log else None, players)
    if _ROWS[0] == key:
        return _ROWS[1]
    scores, rows = [0] * players, []
    turn, seat, kinds = 0, None, []
    for e in log:  # named events (lepeuple.core.events.named): a NamedTuple is a tuple, no bigger
        kind = e.type
        if kind == "turn":
            if seat is not None:
                rows.append((turn, seat, list(scores), kinds))
            turn, seat, kinds = turn + 1, e.seat, []
        elif kind == "score" and e.score is not None:
            scores[e.seat] = e.score
        elif kind == "event":
            kinds.append(e.kind)
    if seat is not None:
        rows.append((turn, seat, list(scores), kinds))
    _ROWS[:] = [key, rows]
    return rows


def _sampled(rows, most):
    """The rows a line goes through: all of them, or `most` spread evenly (the last always)."""
    if len(rows) <= most:
        return rows
    step = (len(rows) - 1) / (most - 1)
    return [rows[round(k * step)] for k in range(most)]


def chart(log, seats, target, shown=CHART_PAGE):
    """Every player's score after each turn: a line each in the people's colour (and
    its letter at the end), events marked by a dot; the numbers again in a table.
    A long game's lines go through CHART_POINTS of its turns, and the table shows
    its `shown` newest turns, with a button for earlier ones."""
    players = len(seats)
    rows = score_rows(log, players)
    if not rows:
        return None
    width, height, pad, left, foot = 600, 240, 28, 44, 40
    top = max([target] + [max(r[2]) for r in rows])
    last_turn = rows[-1][0]
    x = lambda n: left + (width - left - pad) * (n - 1) / max(1, last_turn - 1)
    y = lambda v: height - foot - (height - foot - pad / 2) * v / top
    points = _sampled(rows, CHART_POINTS)
    lines, marks = [], []
    for s in range(players):
        line = " ".join(f"{x(r[0]):.1f},{y(r[2][s]):.1f}" for r in points)
        lines.append(h("polyline", {"points": line, "fill": "none", "stroke": COLOURS[s], "stroke-width": 2.5,
                                    "stroke-dasharray": ("", "6 3", "2 3", "8 3 2 3", "1 2")[s] or None}))
        last = rows[-1][2][s]
        lines.append(h("text", {"x": width - pad + 4, "y": y(last) + 4, "font-size": 12, "fill": COLOURS[s],
                                "font-weight": 800}, "ZBFOP"[s]))
    marked = {}  # one dot per point of the line at most: (x, y) -> the seat whose event it marks
    for n, seat, scores, kinds in rows:
        if kinds:
            marked.setdefault((f"{x(n):.0f}", f"{y(scores[seat]):.0f}"), (n, seat, scores))
        if len(marked) >= CHART_POINTS:
            break
    for n, seat, scores in marked.values():
        marks.append(h("circle", {"cx": f"{x(n):.1f}", "cy": f"{y(scores[seat]):.1f}", "r": 4,
                                  "fill": "#fff", "stroke": COLOURS[seat], "stroke-width": 2}))
    axis = _axes(x, y, (left, width - pad, height - foot), last_turn, top, target)
    return h("figure", {"class": "score-chart", "data-testid": "score-chart"},
             h("svg", {"viewBox": f"0 0 {width} {height}", "role": "img", "aria-label": t("chart.label")},
               axis, lines, marks),
             h("figcaption", t("chart.caption")),
             h("details", {"class": "chart-table"},
               h("summary", t("chart.table")),
               _table(rows, seats, shown)))


def _axes(x, y, box, turns, top, target):
    """The chart's axes: turns along the foot, points up the side (ticks and their numbers,
    each axis named), and the target score as a dashed line that says what it is."""
    left, right, foot = box
    grey, ink = "#8c8270", "#4a4458"
    out = [h("line", {"x1": left, "y1": foot, "x2": right, "y2": foot, "stroke": grey}),
           h("line", {"x1": left, "y1": foot, "x2": left, "y2": y(top), "stroke": grey})]
    for n in _ticks(turns, 10, first=1):
        out += [h("line", {"x1": f"{x(n):.1f}", "y1": foot, "x2": f"{x(n):.1f}", "y2": foot + 4, "stroke": grey}),
                h("text", {"x": f"{x(n):.1f}", "y": foot + 15, "font-size": 11, "fill": ink, "text-anchor": "middle"}, n)]
    for v in _ticks(top, 6, first=0):
        out += [h("line", {"x1": left - 4, "y1": f"{y(v):.1f}", "x2": left, "y2": f"{y(v):.1f}", "stroke": grey}),
                h("text", {"x": left - 7, "y": f"{y(v) + 4:.1f}", "font-size": 11, "fill": ink, "text-anchor": "end"}, v)]
    out += [h("text", {"x": (left + right) / 2, "y": foot + 32, "font-size": 12, "fill": ink, "text-anchor": "middle",
                       "font-weight": 700}, t("chart.axis.turns")),
            h("text", {"x": 12, "y": (foot + y(top)) / 2, "font-size": 12, "fill": ink, "text-anchor": "middle",
                       "font-weight": 700, "transform": f"rotate(-90 12 {(foot + y(top)) / 2:.1f})"}, t("chart.axis.points")),
            h("line", {"x1": left, "y1": f"{y(target):.1f}", "x2": right, "y2": f"{y(target):.1f}", "stroke": "#c0392b",
                       "stroke-dasharray": "5 4", "stroke-width": 1.5}),
            h("text", {"x": left + 6, "y": f"{y(target) - 5:.1f}", "font-size": 11, "fill": "#a0301f", "font-weight": 700},
              t("chart.target", target=target))]
    return out


def _ticks(most, count, first):
    """Round numbers from `first` to `most` for an axis, about `count` of them (1, 2, 5, 10, 20 … apart)."""
    step, scale = 1, 1
    while most / step > count:
        step = next((k * scale for k in (1, 2, 5) if most / (k * scale) <= count), 10 * scale)
        scale *= 10
    return sorted({first, *range(step, most + 1, step)})


def _table(rows, seats, most):
    """The numbers of the chart: a row per turn, the `most` newest of them, and a button
    for earlier ones (never dropped: drawn on demand)."""
    players = len(seats)
    shown = rows[-most:]
    hidden = len(rows) - len(shown)
    more = h("p", {"class": "chart-earlier", "data-testid": "chart-earlier"}, tn("chart.earlier", hidden), " ",
             button(tn("chart.more", min(CHART_PAGE, hidden)), "chart-more", cls="btn ghost",
                    attrs={"data-testid": "chart-more"})) if hidden else None
    return [more,
            h("table",
              h("thead", h("tr", h("th", {"scope": "col"}, t("chart.turn")),
                           [h("th", {"scope": "col"}, player_name(seats, s)) for s in range(players)])),
              h("tbody", [h("tr", h("th", {"scope": "row"}, t("replay.turn_n", n=n, name=player_name(seats, seat))),
                            [h("td", {"class": classes(event=bool(kinds) and s == seat)}, scores[s])
                             for s in range(players)])
                          for n, seat, scores, kinds in shown]))]
