"""The guided first game (web/model/guide_game.py): opening it, its steps, leaving it."""

from ..model import guide_game
from ..model.guide_game import GuideGame
from ..model.storage import PREFS_KEY
from ..render import guide_view


class GuideController:
    """The guided game (`guide_game`, loaded when first opened) and whether it is
    offered on the new-game screen (`first_visit`: no save and no preferences)."""

    def __init__(self, app):
        self.app = app
        self.guide_game = None
        self.first_visit = False

    def note_visit(self):
        """At start-up: a first visit (no save, no preferences) is offered the guided game."""
        store = self.app.device.store
        self.first_visit = self.app.game.session is None and store.backend.getItem(PREFS_KEY) is None

    def open(self, _):
        """Open the guided game where it was left; the game in progress waits."""
        if self.guide_game is None:
            self.guide_game = GuideGame.resume(self.app.device.store.backend)
            self.guide_game.save()
        self.app.close_panel()
        self.app.go("tutorial")
        return "choice"

    def click(self, act, arg):
        """A game control on the guided game's own table."""
        if self.guide_game is not None and self.guide_game.click(act, arg):
            return "choice"
        return None

    def next(self, _):
        if self.app.screen == "tutorial" and self.guide_game.next():
            return "choice"
        return None

    def leave(self, _):
        if self.app.screen == "tutorial":
            self.app.close_panel()
            self.app.go_back()

    def again(self, _):
        if self.app.screen == "tutorial":
            guide_game.forget(self.app.device.store.backend)
            self.guide_game = GuideGame(self.app.device.store.backend)
            self.guide_game.save()
            return "choice"
        return None

    def play(self, _):
        """The guided game is over: on to a real game (the offer is not made again)."""
        guide_game.forget(self.app.device.store.backend)
        self.guide_game, self.first_visit = None, False
        self.app.close_panel()
        self.app.go_back()

    def offer(self):
        step, _ = guide_game.progress(self.app.device.store.backend)
        if step is None and not self.first_visit:
            return None
        return guide_view.offer(step, len(guide_game.STEPS))

    def render(self):
        return guide_view.guide_screen(self.guide_game)
