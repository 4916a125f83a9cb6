"""Who may see what: the one place the page decides whose hidden cards a screen shows.

Le Dernier Peuple is a game of hidden cards, and the page is held by one
person at a time. Every screen that could show a hand (the table, the replay
and its "Seen by" menu, the review, hints, take back) asks `Eyes`; none decides
by itself, and none decides from what a menu happens to offer.

- While a game is being played, the only eyes are those of the person holding
  the device: with one human, that human; in hot-seat, the human who passed
  the pass screen, and nobody while it is up; with bots only, nobody.
- Once the game is over, every hand may be shown: any seat, or everyone.
- A game opened from a file or a link and not finished: nobody's hand (public
  information only), since the file says nothing of who holds the device.
- The game as a file holds the seed and every action, so every hand and the
  cards to come: once the game is over it is offered as any other view; while it
  goes on, only with a word on what it shows, asked once, and in hot-seat only
  from the pass screen, when nobody holds the device (`file`).

What a seat sees is then the engine's `view(seat)`, and nobody's eyes is the
spectator's `view(None)` (no hand at all): hidden means hidden at the source.
"""

EVERYONE = "all"  # every hand shown, one seat at a time (finished games only)


class Eyes:
    """The views a screen may show: `holder` is the seat at the device (or None),
    `over` whether the game has ended, `shared` whether two or more people take
    turns at the device (hot-seat)."""

    def __init__(self, players, holder=None, over=False, shared=False):
        self.players, self.holder, self.over, self.shared = players, holder, over, shared

    @classmethod
    def of_session(cls, session):
        """The eyes at a game being played on this device."""
        g = session.game
        return cls(g.players, device_holder(session), g.is_over, session.hotseat)

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
        hot-seat only on the pass screen (`passing`) while nobody holds the device; else None."""
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


def device_holder(session):
    """The seat whose eyes the device is for now: the only human; in hot-seat the
    human who passed the pass screen (nobody while it is up); nobody with bots only."""
    if session.needs_pass():
        return None
    return session.viewer()
