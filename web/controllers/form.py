"""The new-game form, "discard the game in progress?", and an unreadable save."""

from ..model.newgame import Seat, Setup, default_level, setup_from_form
from ..render import screens

# The form's fields whose value can be refused, by the message that refuses it (web/model/newgame.py).
FIELD_OF = {"err.target": "target", "err.seed": "seed"}


class FormController:
    """The form's draft setup and what it says (errors, notices), what waits for
    "discard the game?" (a link's setup, a file's game), and an unreadable save.
    The draft holds only values a game can take: a field's text that was refused is
    kept as typed (`typed`), so the form shows it again, marked."""

    def __init__(self, app):
        self.app = app
        levels = app.page.levels
        self.draft = Setup([Seat(), Seat("bot", level=default_level(levels)), Seat("bot", level=default_level(levels))])
        self.errors, self.notices = [], []
        self.typed = {}  # field name -> its text as typed, for the fields the draft could not take
        self.link_setup = None  # a setup from the URL, waiting for "discard the game?"
        self.pending_import = None  # (seats, record) of a file, waiting for "discard the game?"
        self.confirm_key = "confirm.text"
        self.broken = None  # SaveError of an unreadable save

    def ask_discard(self, key, link_setup=None, pending_import=None):
        """"Discard the game in progress?" before a link's game or a file's game replaces it."""
        self.confirm_key, self.link_setup, self.pending_import = key, link_setup, pending_import
        self.app.go("confirm")

    def fill(self, setup):
        """The form shows `setup` (a link's that waits, a save's, the first screen's choices)."""
        self.draft, self.typed = setup, {}

    def report(self, errors, notices):
        """What the form says at start-up: the URL's errors, and notices (the URL's, storage's)."""
        self.errors, self.notices = list(errors), list(notices)

    def add_notice(self, notice):
        self.notices.append(notice)

    def say(self, notice):
        """A word about the last thing asked replaces the notices (the errors stay)."""
        self.notices = [notice]

    def unreadable(self, error):
        """The save cannot be read (a SaveError): the broken-save screen shows it."""
        self.broken = error

    def drop_import(self):
        """The file's game that waited for "discard the game?" is played on now."""
        self.pending_import = None

    def game_started(self, setup):
        """A game started from `setup`: the next one is the same, with a new seed."""
        self.draft = Setup(list(setup.seats), dict(setup.options), None)
        self.errors, self.notices, self.link_setup, self.pending_import = [], [], None, None
        self.typed = {}

    # ----- commands ------------------------------------------------------------

    def new(self, _):
        game = self.app.game
        if game.in_progress() and self.app.screen == "table":  # a friend's device leaves the table instead
            self.ask_discard("confirm.leave" if game.guest else "confirm.text")
        else:
            self.errors, self.notices = [], []
            self.app.go("new")

    def discard(self, _):
        app = self.app
        if app.game.guest and self.pending_import is None:  # a friend's table: left, this device's save kept
            app.remote.leave_table()
            app.go("new")
            return
        if self.pending_import is not None:  # a game file to play on, instead of this game
            app.replay.take_import(self.pending_import)
            return
        app.page.store.clear()
        app.game.drop()
        if self.link_setup is not None:
            app.game.start(self.link_setup, self.notices)
            return
        app.go("new")

    def keep(self, _):
        self.link_setup = self.pending_import = None
        self.app.go("table" if self.app.game.has_game() else "new")

    def resume(self, _):
        if self.app.game.has_game():
            self.keep(None)

    def new_after_broken(self, _):
        error = self.app.page.store.set_aside_broken()
        if error:
            self.notices = [("save.failed", {"reason": error})]
        self.broken = None
        self.app.go("new")

    def seats(self, count):
        if count in (3, 4, 5):
            self.draft, _ = self._read(count)

    def start(self, _):
        """Start the game the form sets up; else say why not (see `check`)."""
        focus = self.check()
        if not self.errors:
            self.app.game.start(self.draft)
        return focus

    def check(self):
        """Read the form: what it cannot set up is said (errors), the refused fields marked;
        returns the first of them, for the focus (None when all is well)."""
        self.draft, self.errors = self._read()
        if not self.errors:
            return None
        self.notices = []
        refused = [FIELD_OF[key] for key, _ in self.errors if key in FIELD_OF]
        return f'form input[name="{refused[0]}"]' if refused else None

    def form_changed(self):
        self.draft, _ = self._read()

    def _read(self, count=None):
        """(setup, errors) of the form as it is now; the refused fields' text kept as typed."""
        fields = self.app.page.dom.read_form()
        setup, errors = setup_from_form(fields, self.app.page.levels, count)
        self.typed = {FIELD_OF[key]: fields.get(FIELD_OF[key], "") for key, _ in errors if key in FIELD_OF}
        return setup, errors

    # ----- screens ---------------------------------------------------------------

    def render_new(self):
        app = self.app
        can_resume = app.game.in_progress()
        return [app.guide.offer(), screens.new_game(self.draft, app.page.levels, self.errors, self.notices, can_resume,
                                                    app.stats.panel(), self.typed)]

    def render_confirm(self):
        return screens.confirm_discard(self.confirm_key)

    def render_broken(self):
        return screens.broken_save(self.broken.reason, self.broken.text)
