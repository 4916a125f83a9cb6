"""The guided first game (web/model/tutorial_game.py): opening it, its steps, leaving it."""

from ..model.storage import PREFS_KEY
from ..model.tutorial_game import STEPS as TUTORIAL_STEPS, Tutorial, forget as forget_tutorial, progress as tutorial_progress
from ..render.tutorial_view import offer as tutorial_offer, tutorial_screen


class GuideController:
    """The guided game (`tutorial`, loaded when first opened) and whether it is
    offered on the new-game screen (`first_visit`: no save and no preferences)."""

    def __init__(self, app):
        self.app = app
        self.tutorial = None
        self.first_visit = False

    def note_visit(self):
        """At start-up: a first visit (no save, no preferences) is offered the guided game."""
        store = self.app.device.store
        self.first_visit = self.app.game.session is None and store.backend.getItem(PREFS_KEY) is None

    def open(self, _):
        """Open the guided game where it was left; the game in progress waits."""
        if self.tutorial is None:
            self.tutorial = Tutorial.resume(self.app.device.store.backend)
            self.tutorial.save()
        self.app.close_panel()
        self.app.go("tutorial")
        return "choice"

    def click(self, act, arg):
        """A game control on the guided game's own table."""
        if self.tutorial is not None and self.tutorial.click(act, arg):
            return "choice"
        return None

    def next(self, _):
        if self.app.screen == "tutorial" and self.tutorial.next():
            return "choice"
        return None

    def leave(self, _):
        if self.app.screen == "tutorial":
            self.app.close_panel()
            self.app.go_back()

    def again(self, _):
        if self.app.screen == "tutorial":
            forget_tutorial(self.app.device.store.backend)
            self.tutorial = Tutorial(self.app.device.store.backend)
            self.tutorial.save()
            return "choice"
        return None

    def play(self, _):
        """The guided game is over: on to a real game (the offer is not made again)."""
        forget_tutorial(self.app.device.store.backend)
        self.tutorial, self.first_visit = None, False
        self.app.close_panel()
        self.app.go_back()

    def offer(self):
        step, _ = tutorial_progress(self.app.device.store.backend)
        if step is None and not self.first_visit:
            return None
        return tutorial_offer(step, len(TUTORIAL_STEPS))

    def render(self):
        return tutorial_screen(self.tutorial)
