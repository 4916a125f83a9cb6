"""The log: every event in words, grouped by turn, as the viewer may see it.

The newest turn is on top, its heading ("Ann's turn") above its own lines,
which read in the order they happened. Nothing is ever dropped: older turns
fold into "earlier turns", still on the page. The page stays small whatever
the game's length: the folded part holds the EARLIER_PAGE newest of them (a
whole real game has about 50 turns), and a button shows EARLIER_PAGE more. Events arrive raw from the
engine and go through `lepeuple.core.events.redact` here, for the seat at the
device (None: a spectator sees no private card).
"""

from bisect import bisect_left
from collections import OrderedDict

from lepeuple import action_to_json as action_json, home_owner, named_event as named, redact_event as redact
from lepeuple.coach.explain import event_parts

from ..i18n import language, power_name, t, tn
from ..markup import cached, classes, h
from .cards import signed
from .common import button, meeple_text, people, player_name
from .rules import log_why
from .why import action_words, reason_line

OPEN_TURNS = 6  # the newest turns shown open; older ones fold (never vanish)
EARLIER_PAGE = 200  # folded turns drawn, and drawn more on "show more" (the controller counts them)
# A turn's markup, kept: (events of a turn, viewer, hidden, language, names, fresh, reasons)
# -> its markup, the least recently used dropped past GROUPS_KEPT (a turn's markup is about
# 1 kB: 2 MB at most; a whole game has about 50 turns, the log draws at most OPEN_TURNS +
# EARLIER_PAGE of them).
GROUPS_KEPT = 2000
_GROUPS = OrderedDict()


def card_name(card):
    if card is None:
        return t("log.a_card")
    return power_name(card) if isinstance(card, str) else t("log.card", id=card)


def describe(event, seats, viewer, hidden_scores=False, active=None, applied=None, defended=None):
    """One event in words for `viewer`, or None when it says nothing worth a line.

    For an "event", `active` is the player whose turn it is and `applied` the
    score changes that followed it (seat -> change after the floor at 0). For
    Défense played against an event, `defended` is that event (`defended_event`):
    the line says every point it cancelled."""
    if event[0] == "took_back":  # the page's own line (web/model/session.TookBack), no engine event
        return t("log.took_back", name=player_name(seats, event.seat), action=action_words(action_json(event.action), seats))
    event = redact(named(event), viewer, hidden_scores)
    handler = _HANDLERS.get(event.type)
    if defended is not None:
        defended = redact(named(defended), viewer, hidden_scores)
    return handler(event, _Ctx(seats, viewer, hidden_scores, active, applied, defended)) if handler else None


def defended_event(events, i):
    """The "event" that a Défense at events[i] answers (the last one before it in its turn), or None."""
    for e in reversed(events[max(0, i - 12):i]):  # it comes a few events before: ask_defense, then the answer
        if e.type == "event":
            return e
        if e.type == "turn":
            return None
    return None


class _Ctx:
    def __init__(self, seats, viewer, hidden, active=None, applied=None, defended=None):
        self.seats, self.viewer, self.hidden = seats, viewer, hidden
        self.active, self.applied, self.defended = active, applied, defended

    def name(self, seat):
        return player_name(self.seats, seat)

    def meeple(self, m):
        return meeple_text(self.seats, tuple(m))


def _points(deltas, c):
    """"Ann +2, Bob +1, Cy −1"; with hidden scores only the viewer's own change."""
    parts = []
    for seat, delta in enumerate(deltas):
        if delta and (not c.hidden or seat == c.viewer):
            parts.append(f"{c.name(seat)} {signed(delta)}")
    if c.hidden and any(d is None for d in deltas):  # redacted: others' points
        parts.append(t("log.points_hidden"))
    return ", ".join(parts) or t("log.no_points")


def _event_line(e, c):
    owner = home_owner(e.home)
    points = _parts(e, c) if c.active is not None else _points(e.deltas, c)
    return t("log.event." + e.kind, home=e.home, people=people(owner), victim=c.name(owner),
             mover=c.meeple(e.meeple), partner=c.meeple(e.partner), points=points)


def _parts(e, c):
    """Every player's change with its reasons: "Ann +1 (helper), −1 (home attacked): 0"."""
    by_seat = {}
    for seat, delta, reason in event_parts(e, c.active):
        by_seat.setdefault(seat, []).append((delta, reason))
    out = []
    for seat, parts in by_seat.items():
        if e.deltas[seat] is None:  # hidden scores: someone else's points
            continue
        words = t("list.sep").join(t("log.part", delta=signed(d), reason=t("reason." + r)) for d, r in parts)
        net = sum(d for d, _ in parts)
        applied = c.applied.get(seat, 0) if c.applied is not None else net
        if applied != net:
            words = t("log.part.floor", parts=words, applied=signed(applied))
        elif len(parts) > 1:
            words = t("log.part.net", parts=words, net=signed(net))
        out.append(f"{c.name(seat)} {words}")
    if c.hidden and any(d is None for d in e.deltas):
        out.append(t("log.points_hidden"))
    return "; ".join(out)


def _defend(e, c):
    if not e.play:
        return t("log.defend.no", name=c.name(e.seat))
    if e.against == "event" and c.defended is not None:  # every point it cancelled, with its reason
        said = _Ctx(c.seats, c.viewer, c.hidden, c.active)  # no `applied`: the points as the event had them
        parts = _parts(c.defended, said) if c.active is not None else _points(c.defended.deltas, c)
        return t("log.defend.yes.event.cancelled", name=c.name(e.seat), points=parts)
    return t("log.defend.yes." + e.against, name=c.name(e.seat))


def _score(e, c):
    if not e.delta:
        return None  # someone else's hidden score, or no change (the floor at 0): said by the line above
    return t("log.score", name=c.name(e.seat), delta=signed(e.delta), score=e.score)


def _redeploy(e, c):
    if e.card is None:
        return t("log.redeploy.none", meeple=c.meeple(e.meeple), tile=e.src)
    if e.src == e.dst:  # the card's square is the tile it stands on: say it, or it looks like nothing happened
        return t("log.redeploy.same", meeple=c.meeple(e.meeple), card=e.card, tile=e.src)
    return t("log.redeploy", meeple=c.meeple(e.meeple), card=e.card, src=e.src, dst=e.dst)


def _draw(e, c):
    if e.card is None:
        return t("log.draw.hidden." + e.kind, name=c.name(e.seat))
    return t("log.draw", name=c.name(e.seat), card=card_name(e.card))


def _steal(e, c):
    if e.card is None:
        return t("log.steal.hidden", name=c.name(e.seat), target=c.name(e.target))
    return t("log.steal", name=c.name(e.seat), target=c.name(e.target), card=card_name(e.card))


def _power(e, c):
    if e.target is None:
        return t("log.power", name=c.name(e.seat), card=power_name(e.card))
    return t("log.power.target", name=c.name(e.seat), card=power_name(e.card), target=c.name(e.target))


def _over(e, c):
    winners = [c.name(s) for s in e.winners]
    from .common import join_names

    return t("log.over.shared" if len(winners) > 1 else "log.over", names=join_names(winners))


_HANDLERS = {
    "turn": lambda e, c: t("log.turn.extra" if e.extra else "log.turn", name=c.name(e.seat)),
    "skip": lambda e, c: t("log.skip", name=c.name(e.seat)),
    "pass": lambda e, c: t("log.pass", name=c.name(e.seat)),
    "power": _power,
    "draw_two": lambda e, c: t("log.draw_two", name=c.name(e.seat)),
    "play": lambda e, c: t("log.play", name=c.name(e.seat), card=e.card, meeple=c.meeple(e.meeple), how=t("how." + e.how)),
    "move": lambda e, c: t("log.move", meeple=c.meeple(e.meeple), src=e.src, dst=e.dst),
    "draw": _draw,
    "hand_full": lambda e, c: t("log.hand_full." + e.kind, name=c.name(e.seat)),
    "deck_empty": lambda e, c: t("log.deck_empty." + e.kind),
    "reshuffle": lambda e, c: t("log.reshuffle." + e.kind),
    "pickaxe": lambda e, c: t("log.pickaxe", meeple=c.meeple(e.meeple), tile=e.tile),
    "event": _event_line,
    "ask_defense": lambda e, c: t("log.ask_defense", name=c.name(e.seat)),
    "defend": _defend,
    "shield": lambda e, c: t("log.shield", name=c.name(e.seat)),
    "score": _score,
    "redeploy": _redeploy,
    "steal": _steal,
    "discard": lambda e, c: t("log.discard", name=c.name(e.seat), card=card_name(e.card)),
    "swap_hands": lambda e, c: t("log.swap_hands", name=c.name(e.seat), target=c.name(e.target)),
    "swap_meeples": lambda e, c: t("log.swap_meeples", meeple=c.meeple(e.meeple), other=c.meeple(e.other)),
    "no_effect": lambda e, c: t("log.no_effect", card=power_name(e.card)),
    "extra_turn": lambda e, c: t("log.extra_turn", name=c.name(e.seat)),
    "over": _over,
    "record_full": lambda e, c: t("log.record_full"),
}

_STRONG = {"turn", "event", "over", "defend", "power", "record_full"}


def turns(events):
    """(start, end) of each turn's events, oldest first: a turn opens with its
    "turn" (or a "skip") event; what comes before the first one sets up the game."""
    opens, count = _opens(events)
    return [_span(events, opens, count, k) for k in range(_first(events, opens, count), count)]


def _first(events, opens, count):
    """-1 when events come before the first turn (a set-up span of their own), else 0."""
    return 0 if not events or count and opens[0] == 0 else -1


def _span(events, opens, count, k):
    """(start, end) of the k-th turn (k = -1: the set-up before the first)."""
    return (opens[k] if k >= 0 else 0, opens[k + 1] if k + 1 < count else len(events))


class _Seen:
    """The events last looked at and where their turns open, kept so that a log one
    action longer or shorter (a game going on, a replay stepping) is not scanned
    again from its start: each event is looked at once."""

    events, opens = [], []


def _opens(events):
    """(where turns open in the events last seen, how many of them are in `events`)."""
    seen, n = _Seen, len(events)
    k = len(seen.events)
    if n and k and events[0] is seen.events[0]:
        if n <= k and events[n - 1] is seen.events[n - 1]:  # a prefix: a step back
            return seen.opens, bisect_left(seen.opens, n)
        if n > k and events[k - 1] is seen.events[k - 1]:  # the same log, grown
            seen.events.extend(events[k:])
            seen.opens.extend(i for i in range(k, n) if events[i].type in ("turn", "skip"))
            return seen.opens, len(seen.opens)
    seen.events = list(events)
    seen.opens = [i for i, e in enumerate(events) if e.type in ("turn", "skip")]
    return seen.opens, len(seen.opens)


def log(events, seats, viewer, hidden_scores=False, fresh=0, whys=None, earlier=EARLIER_PAGE):
    """The log panel: turns newest first, each turn's lines in order; the last
    `fresh` events are marked new; `whys`: index of a bot decision's first event -> its reason;
    `earlier`: how many folded turns are drawn (the controller showing the log counts
    them: EARLIER_PAGE more on each "show more").

    A turn's markup is made once and kept (its events never change once
    played): the log is redrawn after every step, and on a phone's Python that
    would take too long. Only the turns drawn are looked at: the newest open,
    then at most `earlier` folded ones."""
    names = tuple(player_name(seats, s) for s in range(len(seats)))
    first_fresh = len(events) - fresh
    opens, count = _opens(events)
    k, first = count - 1, _first(events, opens, count)
    groups, drawn = [], OPEN_TURNS + earlier
    while k >= first and len(groups) < drawn:
        start, end = _span(events, opens, count, k)
        group = _group(events, start, end, seats, viewer, hidden_scores, names, first_fresh, whys or {})
        if group is not None:
            groups.append(group)
        k -= 1
    recent, earlier = groups[:OPEN_TURNS], groups[OPEN_TURNS:]
    hidden = k - first + 1  # older turns not drawn yet
    folded = None
    if earlier or hidden:
        more = button(tn("log.earlier.more", min(EARLIER_PAGE, hidden)), "log-more", cls="btn ghost",
                      attrs={"data-testid": "log-more"}) if hidden else None
        folded = h("li", {"class": "log-earlier"},
                   h("details", h("summary", tn("log.earlier", len(earlier) + hidden)),
                     h("ol", {"class": "log-turns"}, earlier), more))
    return h("section", {"class": "log", "aria-label": t("log.heading"), "data-region": "log", "data-testid": "log"},
             h("h2", t("log.heading")),
             h("ol", {"class": "log-turns", "tabindex": 0, "aria-label": t("log.heading")},
               recent or h("li", {"class": "muted"}, t("log.empty")), folded))


def _group(events, start, end, seats, viewer, hidden, names, first_fresh, whys):
    """One turn: its heading, then its lines in the order they happened."""
    chunk = tuple(events[start:end])
    fresh_from = max(first_fresh - start, 0) if first_fresh < end else None
    whys = {i - start: whys[i] for i in range(start, end) if i in whys}
    key = (start, chunk, viewer, hidden, language(), names, fresh_from, repr(whys))
    if key in _GROUPS:
        _GROUPS.move_to_end(key)
        return _GROUPS[key]
    head = chunk[0] if chunk[0].type in ("turn", "skip") else None
    active = head.seat if head is not None else None
    lines = []
    for i, e in enumerate(chunk):
        if e is head:
            continue
        applied = applied_after(chunk, i) if e.type == "event" else None
        defended = defended_event(chunk, i) if e.type == "defend" else None
        text = describe(e, seats, viewer, hidden, active, applied, defended)
        if text is not None:
            fresh = fresh_from is not None and i >= fresh_from
            lines.append(h("li", {"class": classes(f"log-{e.type}", strong=e.type in _STRONG, fresh=fresh)},
                           h("span", {"class": "log-text"}, text), log_why(e, active),
                           reason_line(whys.get(i), seats, viewer, hidden)))
    heading = describe(head, seats, viewer, hidden) if head is not None else t("log.setup")
    group = None
    if lines or head is not None:
        group = cached(h("li", {"class": classes("log-turn", fresh=fresh_from is not None),
                                "data-seat": active, "data-region": f"turn-{start}"},  # sent alone when it changes
                         h("h3", {"class": "log-turn-head"}, heading), h("ol", {"class": "log-lines"}, lines)))
    _GROUPS[key] = group
    if len(_GROUPS) > GROUPS_KEPT:
        _GROUPS.popitem(last=False)
    return group


def applied_after(events, i):
    """seat -> score change actually applied for the event at events[i] (the "score"
    events after it), or None while a Défense question is open or once Défense was
    played (its own line says what changed)."""
    out = {}
    for e in events[i + 1:]:
        if e.type == "score":
            if e.delta is not None:  # hidden scores: someone else's change is not told
                out[e.seat] = out.get(e.seat, 0) + e.delta
        elif e.type == "defend" and e.play:
            return None
        elif e.type not in ("ask_defense", "defend"):
            return out
    return None if any(e.type == "ask_defense" for e in events[i + 1:]) else out
