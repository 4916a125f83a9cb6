"""Who may see what: the one place the page decides whose hidden cards a screen shows,
and what the host tells each seat.

Le Dernier Peuple is a game of hidden cards, and the page is held by one
person at a time. Every screen that could show a hand (the table, the replay
and its "Seen by" menu, the review, hints, take back) asks `Eyes`; none decides
by itself, and none decides from what a menu happens to offer.

What a seat is told (web/remote/host.py sends it, to a table at this device or on a
friend's): its view, its legal actions when it is to move, how many decisions it may
take back, the events as it may see them and the bots' reasons as it may read them
(`told`, `events_for`, `why_for`). A spectator (seat None) is told what everyone sees.
Once the game is over, every seat is also told the record: every hand may be shown.

- While a game is being played, the only eyes are those of the person holding
  the device: with one human, that human; in hot-seat, the human who passed
  the pass screen, and nobody while it is up; with bots only, nobody.
- Once the game is over, every hand may be shown: any seat, or everyone.
- A game opened from a file or a link and not finished: nobody's hand (public
  information only), since the file says nothing of who holds the device.
- A friend's device (a table that is not the host): its seat's eyes, always; the
  game's record is not there until the game is over (`record`).
- The game as a file holds the seed and every action, so every hand and the
  cards to come: once the game is over it is offered as any other view; while it
  goes on, only with a word on what it shows, asked once, and in hot-seat only
  from the pass screen, when nobody holds the device (`file`); never on a device
  that does not hold the record.

What a seat sees is then the engine's `view(seat)`, and nobody's eyes is the
spectator's `view(None)` (no hand at all): hidden means hidden at the source.
"""

from lepeuple import action_to_json, redact_event as redact

EVERYONE = "all"  # every hand shown, one seat at a time (finished games only)
# Event types that may say something a seat cannot see (lepeuple.core.events.redact):
# always, and with hidden scores.
PRIVATE = frozenset({"draw", "steal"})
PRIVATE_SCORES = PRIVATE | {"score", "event"}


class Eyes:
    """The views a screen may show: `holder` is the seat at the device (or None),
    `over` whether the game has ended, `shared` whether two or more people take
    turns at the device (hot-seat), `record` whether this device holds the game's
    record (a friend's device does not, until the game is over)."""

    def __init__(self, players, holder=None, over=False, shared=False, record=True):
        self.players, self.holder, self.over, self.shared = players, holder, over, shared
        self.record = record

    def allowed(self):
        """Every viewer that may be chosen: EVERYONE and each seat once the game is
        over, else only the device holder (none: the spectator's view)."""
        if self.over:
            return [EVERYONE] + list(range(self.players))
        return [self.holder] if self.holder is not None else []

    def may_see(self, viewer):
        """True when the screen may be seen as `viewer` (a seat, EVERYONE, or None: the spectator)."""
        return viewer is None or viewer in self.allowed()

    def default(self):
        """Whose eyes a screen opens with: everyone once over, else the holder's (or nobody's)."""
        return EVERYONE if self.over else self.holder

    def file(self, passing=False):
        """How the game may be offered as a file (it shows every hand): "plain" once the
        game is over; while it goes on "ask" (what it shows is said, and asked once), in
        hot-seat only on the pass screen (`passing`) while nobody holds the device; else None
        (and always None where the record is not)."""
        if not self.record:
            return None
        if self.over:
            return "plain"
        if self.shared:
            return "ask" if passing and self.holder is None else None
        return "ask"

    def views(self, game, viewer):
        """(the view of the board, the views whose hands to draw) of `game` as `viewer`
        sees it; a viewer not allowed sees as a spectator."""
        if not self.may_see(viewer):
            viewer = None
        if viewer == EVERYONE:
            return game.view(None), [game.view(s) for s in range(game.players)]
        return game.view(viewer), []


def told(session, seat):
    """What the host tells `seat` (None: a spectator) of the game as it stands: its view,
    its legal actions (JSON) when it is to move, how many decisions it may take back,
    and, once the game is over, the record (every hand may be shown then)."""
    g = session.game
    to_move = seat is not None and g.to_move == seat
    return {"view": g.view(seat), "legal": [action_to_json(a) for a in g.legal_actions()] if to_move else [],
            "undo": session.undoable(seat), "record": g.record() if g.is_over else None}


def events_for(events, seat, hidden_scores):
    """The events as `seat` may see them: others' drawn and stolen cards (and with hidden
    scores, others' points) left out (lepeuple.core.events.redact)."""
    private = PRIVATE_SCORES if hidden_scores else PRIVATE
    return [redact(e, seat, hidden_scores) if e[0] in private else e for e in events]


def why_for(why, seat, hidden_scores):
    """A bot's reason as `seat` may read it: a card the bot knows in a hand is told only to
    that hand's holder, the card of the runner-up it did not play to nobody (it is still in
    the bot's hand); with hidden scores, only `seat`'s own points and score."""
    if not why:
        return None
    out = dict(why)
    nxt = out.get("next")
    if nxt and nxt["action"].get("type") in ("move", "power") and out.get("seat") != seat:
        # the runner-up was not played: its card is still in the bot's hand
        out["next"] = {**nxt, "action": {"type": nxt["action"]["type"]}}
    if "known" in out:
        out["known"] = [held for held in out["known"] if held[0] == seat]
    if hidden_scores:
        if "deltas" in out:
            out["deltas"] = [d if s == seat else None for s, d in enumerate(out["deltas"])]
        if "score" in out and out.get("seat") != seat:
            out["score"] = None
        if "target_score" in out and out.get("target") != seat:
            out["target_score"] = None
    return out
