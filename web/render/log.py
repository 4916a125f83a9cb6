"""The log: every event in words, newest first, as the viewer may see it.

Events arrive raw from the engine and go through `lepeuple.events.redact`
here, for the seat at the device (None: a spectator sees no private card).
"""

from lepeuple.cards import NAMES
from lepeuple.events import redact

from ..i18n import language, t
from ..markup import cached, classes, h
from .cards import signed
from .common import meeple_text, people, player_name

MAX_LINES = 80  # older lines are left off the page (the save keeps everything)
_LINES = {}  # (event, viewer, hidden, language, names, fresh) -> the line's markup


def card_name(card):
    if card is None:
        return t("log.a_card")
    return NAMES[card] if isinstance(card, str) else t("card.number", id=card)


def describe(event, seats, viewer, hidden_scores=False):
    """One event in words for `viewer`, or None when it says nothing worth a line."""
    event = redact(event, viewer, hidden_scores)
    kind = event[0]
    handler = _HANDLERS.get(kind)
    return handler(event, _Ctx(seats, viewer, hidden_scores)) if handler else None


class _Ctx:
    def __init__(self, seats, viewer, hidden):
        self.seats, self.viewer, self.hidden = seats, viewer, hidden

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
    _, kind, home, meeple, partner, deltas = e
    owner = (home - 2) // 4
    return t("log.event." + kind, home=home, people=people(owner), victim=c.name(owner),
             mover=c.meeple(meeple), partner=c.meeple(partner), points=_points(deltas, c))


def _defend(e, c):
    _, seat, play, against = e
    if not play:
        return t("log.defend.no", name=c.name(seat))
    return t("log.defend.yes." + against, name=c.name(seat))


def _score(e, c):
    _, seat, delta, score = e
    if delta is None:
        return None  # someone else's hidden score: the event line said what can be said
    return t("log.score", name=c.name(seat), delta=signed(delta), score=score)


def _redeploy(e, c):
    _, meeple, card, src, dst = e
    if card is None:
        return t("log.redeploy.none", meeple=c.meeple(meeple), tile=src)
    return t("log.redeploy", meeple=c.meeple(meeple), card=card, src=src, dst=dst)


def _draw(e, c):
    _, seat, kind, card = e
    if card is None:
        return t("log.draw.hidden." + kind, name=c.name(seat))
    return t("log.draw", name=c.name(seat), card=card_name(card))


def _steal(e, c):
    _, seat, target, card = e
    if card is None:
        return t("log.steal.hidden", name=c.name(seat), target=c.name(target))
    return t("log.steal", name=c.name(seat), target=c.name(target), card=card_name(card))


def _power(e, c):
    _, seat, card, target = e
    if target is None:
        return t("log.power", name=c.name(seat), card=NAMES[card])
    return t("log.power.target", name=c.name(seat), card=NAMES[card], target=c.name(target))


def _over(e, c):
    winners = [c.name(s) for s in e[1]]
    from .common import join_names

    return t("log.over.shared" if len(winners) > 1 else "log.over", names=join_names(winners))


_HANDLERS = {
    "turn": lambda e, c: t("log.turn.extra" if e[2] else "log.turn", name=c.name(e[1])),
    "skip": lambda e, c: t("log.skip", name=c.name(e[1])),
    "pass": lambda e, c: t("log.pass", name=c.name(e[1])),
    "power": _power,
    "draw_two": lambda e, c: t("log.draw_two", name=c.name(e[1])),
    "play": lambda e, c: t("log.play", name=c.name(e[1]), card=e[2], meeple=c.meeple(e[3]), how=t("how." + e[4])),
    "move": lambda e, c: t("log.move", meeple=c.meeple(e[1]), src=e[2], dst=e[3]),
    "draw": _draw,
    "hand_full": lambda e, c: t("log.hand_full." + e[2], name=c.name(e[1])),
    "deck_empty": lambda e, c: t("log.deck_empty." + e[1]),
    "reshuffle": lambda e, c: t("log.reshuffle." + e[1]),
    "pickaxe": lambda e, c: t("log.pickaxe", meeple=c.meeple(e[1]), tile=e[2]),
    "event": _event_line,
    "ask_defense": lambda e, c: t("log.ask_defense", name=c.name(e[1])),
    "defend": _defend,
    "shield": lambda e, c: t("log.shield", name=c.name(e[1])),
    "score": _score,
    "redeploy": _redeploy,
    "steal": _steal,
    "discard": lambda e, c: t("log.discard", name=c.name(e[1]), card=card_name(e[2])),
    "swap_hands": lambda e, c: t("log.swap_hands", name=c.name(e[1]), target=c.name(e[2])),
    "swap_meeples": lambda e, c: t("log.swap_meeples", meeple=c.meeple(e[1]), other=c.meeple(e[2])),
    "no_effect": lambda e, c: t("log.no_effect", card=NAMES[e[2]]),
    "extra_turn": lambda e, c: t("log.extra_turn", name=c.name(e[1])),
    "over": _over,
}

_STRONG = {"turn", "event", "over", "defend", "power"}


def log(events, seats, viewer, hidden_scores=False, fresh=0):
    """The log panel: newest first; the last `fresh` events are marked new.

    Lines are rendered once and kept (events never change): the log is redrawn
    after every step, and on a phone's Python that would take too long."""
    names = tuple(player_name(seats, s) for s in range(len(seats)))
    lines = []
    for i in range(len(events) - 1, -1, -1):
        line = _line(events[i], seats, viewer, hidden_scores, names, i >= len(events) - fresh)
        if line is not None:
            lines.append(line)
            if len(lines) >= MAX_LINES:
                break
    return h("section", {"class": "log", "aria-label": t("log.heading"), "data-region": "log"},
             h("h2", t("log.heading")),
             h("ol", {"class": "log-lines", "aria-live": "polite", "tabindex": 0, "aria-label": t("log.heading")},
               lines or h("li", {"class": "muted"}, t("log.empty"))))


def _line(event, seats, viewer, hidden, names, fresh):
    key = (event, viewer, hidden, language(), names, fresh)
    if key in _LINES:
        return _LINES[key]
    text = describe(event, seats, viewer, hidden)
    line = None
    if text is not None:
        kind = event[0]
        line = cached(h("li", {"class": classes(f"log-{kind}", strong=kind in _STRONG, fresh=fresh)}, text))
    if len(_LINES) > 5000:
        _LINES.clear()
    _LINES[key] = line
    return line
