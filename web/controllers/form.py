"""The new-game form, "discard the game in progress?", and an unreadable save."""

from ..model.newgame import Seat, Setup, default_level, setup_from_form
from ..model.storage import BROKEN_PREFIX
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
        levels = app.device.levels
        self.draft = Setup([Seat(), Seat("bot", level=default_level(levels)), Seat("bot", level=default_level(levels))])
        self.errors, self.notices = [], []
        self.typed = {}  # field name -> its text as typed, for the fields the draft could not take
        self.link_setup = None  # a setup from the URL or the form's Start, waiting for "discard the game?"
        self.pending_import = None  # (seats, record) of a file, waiting for "discard the game?"
        self.confirm_key = "confirm.text"
        self.broken = None  # SaveError of an unreadable save
        self.aside = None  # setting it aside: None, "pending" (asked of the browser), "full" (refused)
        self.downloaded = set()  # what of it was downloaded: None (the save), kept copies' keys
        self.forgetting = None  # the kept copy whose removal waits for "yes"

    def ask_discard(self, key, link_setup=None, pending_import=None):
        """"Discard the game in progress?" before a link's game, the form's or a file's game replaces it."""
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
        self.broken, self.aside, self.forgetting, self.downloaded = error, None, None, set()

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
        app.device.store.clear()
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
        """A new game over an unreadable save: the save is first kept under a backup name.
        If the browser's storage is full, nothing is overwritten: the player is asked to
        download it, discard it, or make room by removing an older kept copy."""
        if self.aside == "pending":
            return
        self.aside = "pending"
        self.app.device.store.set_aside_broken(self._set_aside)

    def _set_aside(self, error):
        if error:
            self.aside = "full"
        else:
            self.broken, self.aside = None, None
            self.app.go("new")
        self.app.render()

    def download_broken(self, key):
        """The unreadable save (key None), or a kept copy, as a file."""
        store = self.app.device.store
        text = self.broken.text if key is None and self.broken else store.set_aside().get(key)
        if text is not None:
            self.app.device.dom.download(text, broken_file_name(key))
            self.downloaded.add(key)

    def discard_broken(self, _):
        """The player said to discard the unreadable save (it is downloaded, or not wanted)."""
        if self.broken is not None and self.aside == "full":
            self.app.device.store.clear()
            self.broken, self.aside = None, None
            self.app.go("new")

    def forget_kept(self, key):
        """Remove an older kept copy, once asked (key: the copy; "yes": the one asked about)."""
        store = self.app.device.store
        if key == "yes" and self.forgetting is not None:
            store.forget(self.forgetting)
            self.forgetting = None
            self.new_after_broken(None)  # now there may be room
        elif key in store.set_aside():
            self.forgetting = key
        else:
            self.forgetting = None

    def seats(self, count):
        if count in (3, 4, 5):
            self.draft, _ = self._read(count)

    def start(self, _):
        """Start the game the form sets up; else say why not (see `check`). A game in
        progress is not replaced without asking, as a link to another setup asks."""
        focus = self.check()
        if self.errors:
            return focus
        game = self.app.game.session
        if game is not None and not game.game.is_over:
            self.notices = []  # the form's words: not carried to the table if it starts
            self.ask_discard("confirm.text", link_setup=self.draft)
        else:
            self.app.game.start(self.draft)
        return None

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
        fields = self.app.device.dom.read_form()
        setup, errors = setup_from_form(fields, self.app.device.levels, count)
        self.typed = {FIELD_OF[key]: fields.get(FIELD_OF[key], "") for key, _ in errors if key in FIELD_OF}
        return setup, errors

    # ----- screens ---------------------------------------------------------------

    def render_new(self):
        app = self.app
        can_resume = app.game.in_progress()
        return [app.guide.offer(), app.remote.join_offer(),  # a friend's game is joined by its invitation
                screens.new_game(self.draft, app.device.levels, self.errors, self.notices, can_resume,
                                 app.stats.panel(), self.typed)]

    def render_confirm(self):
        session = self.app.game.session
        which = ()
        if self.confirm_key == "confirm.link" and self.link_setup is not None and session is not None:
            which = (screens.link_game_line(self.link_setup), screens.saved_game_line(session))
        return screens.confirm_discard(self.confirm_key, which)

    def render_broken(self):
        kept = self.app.device.store.set_aside() if self.aside == "full" else {}
        return screens.broken_save(self.broken.reason, self.broken.text, self.aside, kept, self.downloaded,
                                   self.forgetting)


def broken_file_name(key):
    """The file an unreadable save is downloaded as (a kept copy's says when it was kept)."""
    return "lepeuple-unreadable-save.json" if key is None else f"lepeuple-unreadable-save-{key[len(BROKEN_PREFIX):]}.json"
