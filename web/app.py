"""The controller: what screen is up, what a click means, bots taking their turns.

It talks to the browser only through `dom` (web/dom.py in the page, a fake in
tests): render a tree, read the form, set a flag, spawn a coroutine, sleep.
So the whole page logic runs and is tested under CPython as well.

What tests may rely on (and nothing else is test-only): the URL speed
`instant` (no pauses between bot steps), and flags on <body>:
data-ready (web/boot.py), data-screen (new | confirm | broken | table | rules),
data-actions (actions in the game record), data-thinking (a bot is thinking),
data-bot-stats (JSON: bot decision times on this device, botrunner.Stats).
A scenario is played by saving a record with a `setup` (lepeuple.record) to
localStorage before the page loads: the normal resume path.
"""

import random

from . import botrunner, i18n
from .choices import Chooser
from .markup import h
from .newgame import Seat, Setup, default_level, parse_query, setup_from_form
from .render import screens
from .render.rules import rules_page
from .render.table import TableModel, table_screen
from .session import Session
from .storage import SaveError, Store, decode

# Seconds a bot's step stays on screen: (announced before it happens, shown after).
# "instant" is for tests (URL ?speed=instant): no pauses, bots still think in slices.
PAUSES = {"slow": (1.6, 1.0), "normal": (0.9, 0.6), "fast": (0.35, 0.2), "instant": (0.0, 0.0)}


class App:
    def __init__(self, dom, backend, search="", languages=(), clock=None, rng=None):
        self.dom = dom
        self.store = Store(backend, clock)
        self.rng = rng or random.Random()
        self.levels = botrunner.levels()
        self.search, self.languages = search, languages
        self.screen = "new"  # new | confirm | broken | table | rules
        self.back_to = "new"  # the screen the rules page returns to
        self.session = None
        self.chooser = None
        self.draft = Setup([Seat(), Seat("bot", level=default_level(self.levels)),
                            Seat("bot", level=default_level(self.levels))])
        self.errors, self.notices = [], []
        self.link_setup = None  # a setup from the URL, waiting for "discard the game?"
        self.confirm_key = "confirm.text"
        self.broken = None  # SaveError of an unreadable save
        self.notice = None  # (key, fields) above the table
        self.generation = 0  # bumped by every new game: stale coroutines stop
        self.driving = False
        self.announce = self.thinking = None
        self.hint = None
        self.hint_path = []
        self.hint_busy = False
        self.show_end = True
        self.speed = "normal"

    # ----- start-up ------------------------------------------------------

    def boot(self):
        """Read preferences, the URL and the save; show the right screen."""
        prefs = self.store.prefs()
        query = parse_query(self.search, self.levels)
        lang = query.lang or prefs.get("lang") or i18n.pick_language(self.languages)
        self.set_language(lang, remember=bool(query.lang))
        self.speed = query.speed or (prefs.get("speed") if prefs.get("speed") in PAUSES else "normal")
        self.errors, self.notices = query.errors, query.notices
        self._load_save()
        if query.setup is not None:
            self.dom.replace_query(self._kept_query(query))
            if self.session is not None and not self.session.game.is_over:
                self.link_setup, self.confirm_key, self.screen = query.setup, "confirm.link", "confirm"
            elif self.broken is None:
                self.start(query.setup)
                return
            else:
                self.draft = query.setup
        elif query.draft is not None:
            self.draft = query.draft
            self.screen = "new" if self.broken is None else "broken"
        self.render()
        self.kick()

    def _load_save(self):
        text = self.store.load_text()
        if text is None:
            return
        try:
            seats, record = decode(text)
            self.session = Session.resume(seats, record, self.levels, text)
            self.draft = self.session.setup
            self.screen = "table"
        except SaveError as e:
            self.broken, self.screen = e, "broken"

    def _kept_query(self, query):
        """The URL after a link started its game: only the preferences stay."""
        keep = [f"speed={query.speed}"] if query.speed else []
        keep += [f"lang={query.lang}"] if query.lang else []
        return "?" + "&".join(keep) if keep else ""

    # ----- games ---------------------------------------------------------

    def start(self, setup):
        """A new game from a setup (the save is replaced at once)."""
        self.generation += 1
        self.session = Session.start(setup, self.rng)
        self.draft = self.session.setup
        self.screen, self.errors, self.notices, self.link_setup = "table", [], [], None
        self.show_end = True
        self._reset_turn_state()
        self._save()
        self.render()
        self.kick()

    def _reset_turn_state(self):
        self.chooser = None
        self.announce = self.thinking = self.hint = None
        self.hint_path, self.hint_busy = [], False

    def play(self, action):
        """Apply a (legal) action, save, redraw, and let the bots go on."""
        self.session.apply(action)
        self._reset_turn_state()
        self._save()
        self.render()
        self.kick()

    def _save(self):
        error = self.store.save(self.session.seats, self.session.record())
        self.notice = ("save.failed", {"reason": error}) if error else None

    def kick(self):
        """Start the bot loop if a bot is to move (at most one loop runs)."""
        s = self.session
        if self.screen == "table" and s and not self.driving and s.is_bot(s.game.to_move):
            self.dom.spawn(self.drive())

    async def drive(self):
        """Bots play their decisions one after another, each step shown with a pause."""
        self.driving = True
        generation = self.generation
        try:
            while self._bot_turn(generation):
                await self._bot_step(generation)
        finally:
            self.driving = False

    def _bot_turn(self, generation):
        s = self.session
        return generation == self.generation and self.screen == "table" and s.is_bot(s.game.to_move)

    async def _bot_step(self, generation):
        game, seat = self.session.game, self.session.game.to_move
        self.thinking = seat
        self.dom.flag("thinking", "1")
        self.render()
        await self.dom.sleep(0)  # let the browser paint before thinking starts
        level = self.session.seats[seat].level
        stale = lambda: generation != self.generation
        action = await botrunner.decide(game.view(seat), level, self.session.bot_seed(), stale)
        self.dom.flag("thinking", None)
        self.dom.flag("bot-stats", botrunner.STATS.to_json())
        if action is None or stale():
            return
        before, after = PAUSES[self.speed]
        self.thinking = None
        if before:  # show what the bot is about to do, then do it
            self.announce = (seat, action, game.path(action) if action.type == "move" else [])
            self.render()
        await self.dom.sleep(before)  # a new browser task even when there is no pause
        if stale():
            return
        self.play(action)
        await self.dom.sleep(after)

    # ----- what is on screen ---------------------------------------------

    def current_chooser(self):
        """The choices of the human at the device, or None (bot's turn, pass screen, over)."""
        s = self.session
        if s is None or not s.human_to_move() or s.needs_pass() or self.announce is not None:
            return None
        if self.chooser is None:
            g = s.game
            self.chooser = Chooser(g.legal_actions(), g.phase, g.path)
        return self.chooser

    def render(self):
        body = {"new": self._new_screen, "confirm": self._confirm_screen,
                "broken": self._broken_screen, "table": self._table, "rules": rules_page}[self.screen]()
        in_game = self.screen == "table"
        self.dom.render(h("div", {"class": f"page screen-{self.screen}"},
                          screens.header(i18n.language(), self.speed, in_game),
                          h("main", {"class": "content"}, body)))
        self.dom.flag("screen", self.screen)
        self.dom.flag("actions", str(len(self.session.game.history)) if self.session else None)

    def _new_screen(self):
        can_resume = self.session is not None and not self.session.game.is_over
        return screens.new_game(self.draft, self.levels, self.errors, self.notices, can_resume)

    def _confirm_screen(self):
        return screens.confirm_discard(self.confirm_key)

    def _broken_screen(self):
        return screens.broken_save(self.broken.reason, self.broken.text)

    def _table(self):
        s = self.session
        chooser = self.current_chooser()
        passing = s.game.to_move if s.needs_pass() else None
        view = s.game.view(None if passing is not None else s.viewer())
        model = TableModel(view=view, seats=s.seats, offer=chooser.offer() if chooser else None, log=s.log,
                           last=s.last, announce=self.announce, thinking=self.thinking, hint=self.hint,
                           hint_path=self.hint_path, hint_busy=self.hint_busy, can_hint=chooser is not None,
                           pass_to=passing, notice=self.notice)
        parts = [table_screen(model)]
        if passing is not None:
            reason = {"defend": "pass.text.defend", "partner": "pass.text.partner"}.get(s.game.phase, "pass.text.turn")
            parts.append(screens.pass_screen(s.seats, passing, reason))
        if s.game.is_over:
            parts.append(screens.end_screen(view, s.seats, s.log) if self.show_end else screens.end_bar())
        return parts

    # ----- input ---------------------------------------------------------

    def command(self, act, arg=None):
        """A click on an element with data-act (arg: its data-arg, parsed JSON)."""
        handler = getattr(self, "_do_" + act.replace("-", "_"), None)
        if handler is not None:
            handler(arg)
            return
        chooser = self.current_chooser()
        if chooser is None:
            return
        action = chooser.click(act, arg)
        if action is not None:
            self.play(action)
        else:
            self.render()

    def change(self, name, value):
        """A select changed (data-change names which)."""
        if name == "lang":
            self.set_language(value, remember=True)
        elif name == "speed" and value in PAUSES:
            self.speed = value
            self.store.set_pref("speed", value)
        elif name == "form":
            self.draft, _ = setup_from_form(self.dom.read_form(), self.levels)
        self.render()

    def set_language(self, code, remember=False):
        code = i18n.set_language(code)
        self.dom.set_language(code)
        if remember:
            self.store.set_pref("lang", code)

    def _do_rules(self, _):
        if self.screen != "rules":
            self.back_to, self.screen = self.screen, "rules"
            self.render()

    def _do_rules_close(self, _):
        if self.screen == "rules":
            self.screen = self.back_to
            self.render()
            self.kick()

    def _do_pass_ok(self, _):
        if self.session and self.session.needs_pass():
            self.session.confirm_pass()
            self._reset_turn_state()
            self.render()

    def _do_hint(self, _):
        if self.current_chooser() is not None and not self.hint_busy:
            self.hint_busy = True
            self.render()
            self.dom.spawn(self._think_hint())

    async def _think_hint(self):
        s = self.session
        generation, moment = self.generation, len(s.game.history)
        stale = lambda: generation != self.generation or len(s.game.history) != moment
        action = await botrunner.decide(s.game.view(s.game.to_move), botrunner.HINT_LEVEL, s.bot_seed(1), stale)
        if action is None or stale():
            return
        self.hint_busy = False
        self.hint = action
        self.hint_path = s.game.path(action) if action.type == "move" else []
        self.render()

    def _do_new(self, _):
        s = self.session
        if s is not None and not s.game.is_over and self.screen == "table":
            self.confirm_key, self.screen = "confirm.text", "confirm"
        else:
            self.screen, self.errors, self.notices = "new", [], []
        self.render()

    def _do_discard(self, _):
        self.generation += 1
        self.store.clear()
        self.session = None
        if self.link_setup is not None:
            self.start(self.link_setup)
            return
        self.screen = "new"
        self.render()

    def _do_keep(self, _):
        self.link_setup = None
        self.screen = "table" if self.session is not None else "new"
        self.render()
        self.kick()

    def _do_resume(self, _):
        if self.session is not None:
            self._do_keep(None)

    def _do_new_after_broken(self, _):
        error = self.store.set_aside_broken()
        if error:
            self.notices = [("save.failed", {"reason": error})]
        self.broken, self.screen = None, "new"
        self.render()

    def _do_seats(self, count):
        if count in (3, 4, 5):
            self.draft, _ = setup_from_form(self.dom.read_form(), self.levels, count)
            self.render()

    def _do_start(self, _):
        setup, errors = setup_from_form(self.dom.read_form(), self.levels)
        if errors:
            self.draft, self.errors, self.notices = setup, errors, []
            self.render()
            return
        self.start(setup)

    def _do_again(self, _):
        s = self.session
        self.start(Setup(list(s.seats), dict(s.setup.options), None))

    def _do_hide_end(self, _):
        self.show_end = False
        self.render()

    def _do_show_end(self, _):
        self.show_end = True
        self.render()
