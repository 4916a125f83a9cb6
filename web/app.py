"""The controller: what screen is up, what a click means, bots taking their turns.

It talks to the browser only through `dom` (web/dom.py in the page, a fake in
tests): render a tree, read the form, set a flag, spawn a coroutine, sleep.
So the whole page logic runs and is tested under CPython as well.

Every action is shown as frames (web/playback.py): a bot's turn step by step,
each held on screen for the speed's pause, scoring steps longer. The same
loop (`drive`) shows frames and lets bots decide; "pause" stops it after the
current step, "step" runs one more. After a human's decision that can still
be taken back (the engine's undo policy), a bot waits a moment before acting.

What tests may rely on (and nothing else is test-only): the URL speed
`instant` (no pauses between bot steps), and flags on <body>:
data-ready (web/boot.py), data-screen (new | confirm | broken | table | rules),
data-actions (actions in the game record), data-thinking (a bot is thinking),
data-bot-stats (JSON: bot decision times on this device, botrunner.Stats).
A scenario is played by saving a record with a `setup` (lepeuple.record) to
localStorage before the page loads: the normal resume path.
"""

import random

from lepeuple.preview import preview

from . import botrunner, i18n, playback, stats
from .choices import Chooser
from .markup import h
from .newgame import Seat, Setup, default_level, parse_query, setup_from_form
from .render import screens
from .render.rules import anchor, rules_page, rules_panel
from .render.tutorial import offer as tutorial_offer, tutorial_screen
from .tutorial import STEPS as TUTORIAL_STEPS, Tutorial, forget as forget_tutorial, progress as tutorial_progress
from .render.table import TableModel, table_screen
from .render import replay as replay_view
from .render.common import button, player_name
from .replay_app import ReplayCommands
from .session import Session
from .storage import PREFS_KEY, SAVE_KEY, SaveError, Store, decode
from .storage import encode as storage_encode

# Seconds a step stays on screen: (an ordinary step, a scoring step), and the undo
# window: how long a bot waits after a human's decision that can still be taken back.
# "instant" is for tests (URL ?speed=instant): no pauses, bots still think in slices.
PAUSES = {"slow": (1.8, 4.0), "normal": (1.1, 2.6), "fast": (0.5, 1.3), "instant": (0.0, 0.0)}
UNDO_WINDOW = {"slow": 3.0, "normal": 2.0, "fast": 1.2, "instant": 0.0}


class App(ReplayCommands):
    def __init__(self, dom, backend, search="", languages=(), clock=None, rng=None, saving=True, fragment=""):
        self.dom = dom
        self.store = Store(backend, clock)
        self.saving = saving  # False: the browser keeps nothing (storage disabled), say so
        self.fragment = fragment  # location.hash: a shared game (#g=…) opens in the replay viewer
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
        self.notice = None  # (key, fields) of a save problem, above the table
        self.link_notices = []  # what the link that started the game ignored, above the table
        self.stale = False  # another tab changed the saved game: this one stops
        self.asking_reset = False  # "reset the stats?" asked, waiting for the answer
        self.generation = 0  # bumped by every new game: stale coroutines stop
        self.driving = False
        self.thinking = None
        self.frames = []  # playback.Frame still to show
        self.frame = None  # the frame on screen
        self.paused = False
        self.step_once = False  # "step": one frame or one bot decision, then pause again
        self.hint = self.hint_why = None
        self.hint_path = []
        self.hint_busy = False
        self.show_end = True
        self.speed = "normal"
        self.sound = "off"  # a tone when it becomes the person's turn: "on" | "off" (a preference)
        self.panel = None  # the rules beside the board: the section (rule id) it is open at
        self.tutorial = None  # web.tutorial.Tutorial: the guided first game
        self.tutorial_back = "new"  # the screen "leave" returns to
        self.first_visit = False  # no save and no preferences: the guided game is offered

    # ----- start-up ------------------------------------------------------

    def boot(self):
        """Read preferences, the URL and the save; show the right screen."""
        prefs, reset = self._prefs()
        query = parse_query(self.search, self.levels)
        lang = query.lang or prefs.get("lang") or i18n.pick_language(self.languages)
        self.set_language(lang, remember=bool(query.lang))
        self.speed = query.speed or prefs.get("speed") or "normal"
        self.sound = prefs.get("sound", "off")
        self.dom.set_sound(self.sound == "on")
        self.errors, self.notices = query.errors, query.notices + reset
        if not self.saving:
            self.notices.append(("save.memory", {}))
        self._load_save()
        self.first_visit = self.session is None and self.store.backend.getItem(PREFS_KEY) is None
        if "tutorial=1" in self.search.lstrip("?").split("&"):  # ?tutorial=1: the guided game
            self.notices = [n for n in self.notices if n != ("err.unknown_param", {"name": "tutorial"})]
            self.dom.replace_query(self._kept_query(query))
            self._do_tutorial(None)
            return
        if self.fragment and self.open_link(self.fragment):  # the saved game stays as it was
            return
        if query.setup is not None:
            self.dom.replace_query(self._kept_query(query))
            if self.session is not None and not self.session.game.is_over:
                self.link_setup, self.confirm_key, self.screen = query.setup, "confirm.link", "confirm"
            elif self.broken is None:
                self.start(query.setup, self.notices)
                return
            else:
                self.draft = query.setup
        elif query.draft is not None:
            self.draft = query.draft
            self.screen = "new" if self.broken is None else "broken"
        self.render()
        self.kick()

    def _prefs(self):
        """(preferences, notices): only values the page knows are kept; anything else
        in storage is reset (with a notice), so no stored value can stop the page."""
        raw = self.store.prefs()
        allowed = {"lang": i18n.CODES, "speed": tuple(PAUSES), "sound": ("on", "off")}
        prefs = {key: value for key, value in (raw or {}).items()
                 if key in allowed and isinstance(value, str) and value in allowed[key]}
        if raw is not None and prefs == raw:
            return prefs, []
        if raw is None and self.store.backend.getItem(PREFS_KEY) is None:
            return {}, []  # none stored yet
        self.store.replace_prefs(prefs)
        return prefs, [("prefs.reset", {})]

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

    def start(self, setup, notices=()):
        """A new game from a setup (the save is replaced at once); `notices`: what the
        link that asked for it ignored, shown above the table."""
        self.generation += 1
        self.session = Session.start(setup, self.rng)
        self.draft = Setup(list(setup.seats), dict(setup.options), None)  # the next game: a new seed
        self.link_notices = [n for n in notices if n[0] != "save.memory"]
        self.screen, self.errors, self.notices, self.link_setup = "table", [], [], None
        self.frames, self.frame, self.paused, self.stale = [], None, False, False
        self.show_end = True
        self._reset_turn_state()
        self._save(replace=True)
        self.render()
        self.kick()

    def _reset_turn_state(self):
        self.chooser = None
        self.thinking = self.hint = self.hint_why = None
        self.hint_path, self.hint_busy = [], False

    def play(self, action, why=None):
        """Apply a (legal) action, save, redraw, and let the bots go on (`why`: a bot's reason).

        Its events become frames to show one by one. A person's own decision is
        not played back to them, but when someone else goes next, its scoring
        and redeployment steps are held on screen before the game goes on."""
        s = self.session
        by, start, before = s.game.to_move, len(s.log), s.game.view(None)["meeples"]
        events = s.apply(action, why)
        frames = playback.frames(events, start, before)
        if not s.is_bot(by):
            frames = [] if s.human_to_move() else playback.from_scoring(frames)
        self.frames += frames
        self.said = None
        self._reset_turn_state()
        self._save()
        if s.game.is_over:
            self.note_result()
        self.render()
        self.kick()

    def _save(self, replace=False):
        error = self.store.save(self.session.seats, self.session.record(), replace, self.session.whys)
        if self.store.stale:
            self._go_stale()
            return
        self.notice = ("save.failed", {"reason": error}) if error else None

    # ----- another tab -----------------------------------------------------

    def storage_changed(self, key):
        """The browser says another tab wrote to storage (key None: storage cleared)."""
        if key in (SAVE_KEY, None) and self.session is not None and self.store.changed_elsewhere():
            self._go_stale()
            self.render()

    def _go_stale(self):
        """Another tab played on: stop here (bots too) until the player continues the newer game."""
        self.stale = True
        self.generation += 1

    def _do_continue_here(self, _):
        self.stale, self.session, self.broken = False, None, None
        self.generation += 1
        self.frames, self.frame, self.screen = [], None, "new"
        self._reset_turn_state()
        self._load_save()
        self.render()
        self.kick()

    def kick(self):
        """Start the loop that shows frames and lets bots play (at most one runs)."""
        s = self.session
        if self.screen != "table" or s is None or self.driving or (self.paused and not self.step_once):
            return
        if self.frames or s.is_bot(s.game.to_move):
            self.dom.spawn(self.drive())

    async def drive(self):
        """Frames one after another, each held on screen; then bots' decisions."""
        self.driving = True
        generation = self.generation
        try:
            while self._going(generation):
                if self.frames:
                    await self._show_frame(generation)
                elif self._bot_turn(generation):
                    if await self._undo_window(generation):
                        await self._bot_step(generation)
                else:
                    break
                if self.step_once:
                    self.step_once = False
        finally:
            self.driving = False
        if generation == self.generation and not self.frames and self.frame is not None and not self.paused:
            self.frame = None
            self.render(focus="choice")

    def _going(self, generation):
        return (generation == self.generation and self.screen == "table" and not self.stale
                and (not self.paused or self.step_once))

    def _bot_turn(self, generation):
        s = self.session
        return generation == self.generation and self.screen == "table" and s.is_bot(s.game.to_move)

    async def _show_frame(self, generation):
        self.frame = self.frames.pop(0)
        step, scoring = PAUSES[self.speed]
        hold = {0: 0.0, 1: step, playback.SCORING: scoring}[self.frame.hold]
        if hold:
            self.render()
        await self.dom.sleep(hold)
        if generation == self.generation and not self.frames:
            self.frame = None
            self.render(focus="choice")

    async def _undo_window(self, generation):
        """After a person's decision that can still be taken back, give them a moment
        before a bot acts on it; True when the bot may go on."""
        wait = UNDO_WINDOW[self.speed] if self.session.undoable_by_human() else 0
        if wait:
            self.render()
            await self.dom.sleep(wait)
        return generation == self.generation and self._going(generation)

    async def _bot_step(self, generation):
        game, seat = self.session.game, self.session.game.to_move
        self.thinking = seat
        self.dom.flag("thinking", "1")
        self.render()
        await self.dom.sleep(0)  # let the browser paint before thinking starts
        level = self.session.seats[seat].level
        stale = lambda: generation != self.generation
        decision = await botrunner.decide(game.view(seat), level, self.session.bot_seed(), stale)
        self.dom.flag("thinking", None)
        self.dom.flag("bot-stats", botrunner.STATS.to_json())
        if decision is None or stale():
            return
        self.thinking = None
        self.play(decision.action, decision.why)

    # ----- what is on screen ---------------------------------------------

    def current_chooser(self):
        """The choices of the human at the device, or None (bot's turn, pass screen, over,
        or steps still being shown)."""
        s = self.session
        if s is None or not s.human_to_move() or s.needs_pass() or self.frames or self.frame is not None:
            return None
        if self.chooser is None:
            g = s.game
            view = g.view(g.to_move)
            self.chooser = Chooser(g.legal_actions(), g.phase, g.path, lambda action: preview(view, action))
        return self.chooser

    def render(self, focus=None):
        """Draw the current screen. focus="choice": keyboard focus goes to the first
        choice of the new step (marked data-focus), not left behind on a used control."""
        body = {"new": self._new_screen, "confirm": self._confirm_screen, "broken": self._broken_screen,
                "table": self._table, "rules": rules_page, "replay": self._replay_screen,
                "tutorial": self._tutorial_screen}[self.screen]()
        in_game = self.screen if self.screen in ("table", "replay", "tutorial") else None
        panel = rules_panel(self.panel) if self.panel is not None and self.screen in ("table", "tutorial") else None
        self.dom.render(h("div", {"class": f"page screen-{self.screen}"},
                          screens.header(i18n.language(), self.speed, in_game, self.sound),
                          h("main", {"class": "content" + (" with-panel" if panel else "")}, body, panel)),
                          focus=focus)
        self.dom.flag("screen", self.screen)
        self.dom.flag("actions", str(len(self.session.game.history)) if self.session else None)

    def _new_screen(self):
        can_resume = self.session is not None and not self.session.game.is_over
        box = screens.stats_panel(stats.load(self.store), self.asking_reset)
        return [self._tutorial_offer(), screens.new_game(self.draft, self.levels, self.errors, self.notices, can_resume, box)]

    def _do_stats_reset(self, sure):
        """First click asks; then True resets, False keeps."""
        if sure is True:
            stats.reset(self.store)
        self.asking_reset = sure is None
        self.render()

    def _confirm_screen(self):
        return screens.confirm_discard(self.confirm_key)

    def _broken_screen(self):
        return screens.broken_save(self.broken.reason, self.broken.text)

    def _table(self):
        s = self.session
        chooser = self.current_chooser()
        showing = bool(self.frames) or self.frame is not None
        passing = s.game.to_move if s.needs_pass() and not showing else None
        view = s.game.view(None if passing is not None else s.viewer())
        upto = self.frame.end if self.frame is not None else len(s.log)
        changes = {seat: d for seat, d in s.score_changes(view["seat"], upto).items() if view["scores"][seat] is not None}
        model = TableModel(view=view, seats=s.seats, offer=chooser.offer() if chooser else None, log=s.log[:upto], later=s.log[upto:],
                           last=s.last if not showing else [], frame=self.frame, thinking=self.thinking,
                           hint=self.hint, hint_path=self.hint_path, hint_busy=self.hint_busy, hint_why=self.hint_why,
                           whys=s.log_whys(),
                           can_hint=chooser is not None, pass_to=passing, notices=self._notices(), changes=changes,
                           can_undo=s.undoable() > 0 and not showing, bots=self._bot_controls())
        parts = [table_screen(model)]
        if self.stale:
            parts.append(screens.stale_game())
        elif passing is not None:
            reason = {"defend": "pass.text.defend", "partner": "pass.text.partner"}.get(s.game.phase, "pass.text.turn")
            parts.append(screens.pass_screen(s.seats, passing, reason))
        if s.game.is_over and not showing:
            parts.append(screens.end_screen(view, s.seats, s.log, self._end_extra()) if self.show_end
                         else screens.end_bar())
        return parts

    def _end_extra(self):
        """On the end screen: the score chart, replay, the game as a file, a link to it."""
        s = self.session
        return [replay_view.chart(s.log, s.seats, s.game.options["target"]),
                h("div", {"class": "form-actions"},
                  button(i18n.t("menu.replay"), "replay-open", cls="btn", attrs={"data-testid": "end-replay"}),
                  [button(i18n.t("review.start", name=player_name(s.seats, seat)), "review", seat, cls="btn",
                          attrs={"data-testid": "end-review"}) for seat in s.setup.humans],
                  replay_view.download_link(storage_encode(s.seats, s.record()), self.file_name()),
                  replay_view.share_box(self.share_link(), self.share_state))]

    def _notices(self):
        """Above the table: a save problem, storage that keeps nothing, what the link ignored."""
        out = [self.notice] if self.notice else []
        out += [self.said] if self.said else []
        if not self.saving:
            out.append(("save.memory", {}))
        return out + self.link_notices

    def _bot_controls(self):
        """"pause" while steps are shown or bots play, "paused" once stopped, else None."""
        if self.paused:
            return "paused"
        s = self.session
        busy = self.frames or self.frame is not None or (s.is_bot(s.game.to_move) and not s.game.is_over)
        return "running" if busy else None

    # ----- input ---------------------------------------------------------

    def command(self, act, arg=None):
        """A click on an element with data-act (arg: its data-arg, parsed JSON)."""
        if self.stale and act != "continue-here":
            return  # this tab's game is out of date: nothing but "continue here"
        handler = getattr(self, "_do_" + act.replace("-", "_"), None)
        if handler is not None:
            handler(arg)
            return
        if self.screen == "tutorial":  # the guided game's own table
            if self.tutorial is not None and self.tutorial.click(act, arg):
                self.render(focus="choice")
            return
        chooser = self.current_chooser()
        if chooser is None:
            return
        action = chooser.click(act, arg)
        if self.hint is not None and not chooser.agrees(self.hint):
            self.hint, self.hint_path = None, []  # the player chose otherwise
        if action is not None:
            self.play(action)
        else:
            self.render(focus="choice")

    def change(self, name, value):
        """A select changed (data-change names which)."""
        if name == "lang":
            self.set_language(value, remember=True)
        elif name == "speed" and value in PAUSES:
            self.speed = value
            self.store.set_pref("speed", value)
        elif name == "sound" and value in ("on", "off"):
            self.sound = value
            self.store.set_pref("sound", value)
            self.dom.set_sound(value == "on")
        elif name == "form":
            self.draft, _ = setup_from_form(self.dom.read_form(), self.levels)
        elif name.startswith("replay-"):
            self.replay_change(name, value)
        self.render()

    def set_language(self, code, remember=False):
        code = i18n.set_language(code)
        self.dom.set_language(code)
        if remember:
            self.store.set_pref("lang", code)

    def _do_rules(self, rule):
        """The rules: in a game, a panel beside the board opened at `rule`'s section
        (the header's button opens or closes it); elsewhere the rules page."""
        if self.screen in ("table", "tutorial"):
            if rule is None and self.panel is not None:
                self._do_rules_close(None)
                return
            self.panel = rule if isinstance(rule, str) and anchor(rule) else "R1"
            self.render(focus="#" + anchor(self.panel))
            return
        if self.screen != "rules":
            self.back_to, self.screen = self.screen, "rules"
            self.render()

    def _do_rules_close(self, _):
        if self.panel is not None:
            self.panel = None
            self.render(focus="choice")
            return
        if self.screen == "rules":
            self.screen = self.back_to
            self.render()
            self.kick()

    # ----- the guided first game (web/tutorial.py) ----------------------------

    def _do_tutorial(self, _):
        """Open the guided game where it was left; the game in progress waits."""
        if self.screen != "tutorial":
            self.tutorial_back = "table" if self.screen == "table" else "new"
        if self.tutorial is None:
            self.tutorial = Tutorial.resume(self.store.backend)
            self.tutorial.save()
        self.screen, self.panel = "tutorial", None
        self.render(focus="choice")

    def _tutorial_screen(self):
        return tutorial_screen(self.tutorial)

    def _tutorial_offer(self):
        step, _ = tutorial_progress(self.store.backend)
        if step is None and not self.first_visit:
            return None
        return tutorial_offer(step, len(TUTORIAL_STEPS))

    def _do_tut_next(self, _):
        if self.screen == "tutorial" and self.tutorial.next():
            self.render(focus="choice")

    def _do_tut_leave(self, _):
        if self.screen == "tutorial":
            self.screen = "table" if self.tutorial_back == "table" and self.session is not None else "new"
            self.panel = None
            self.render()
            self.kick()

    def _do_tut_again(self, _):
        if self.screen == "tutorial":
            forget_tutorial(self.store.backend)
            self.tutorial = Tutorial(self.store.backend)
            self.tutorial.save()
            self.render(focus="choice")

    def _do_tut_play(self, _):
        """The guided game is over: on to a real game (the offer is not made again)."""
        forget_tutorial(self.store.backend)
        self.tutorial, self.first_visit, self.panel = None, False, None
        self.screen = "table" if self.tutorial_back == "table" and self.session is not None else "new"
        self.render()
        self.kick()

    def _do_undo(self, _):
        s = self.session
        if self.screen == "table" and s is not None and s.undoable() > 0:
            self.generation += 1  # a bot thinking on the state taken back stops
            s.undo()
            self.frames, self.frame = [], None
            self._reset_turn_state()
            self._save()
            self.render(focus="choice")
            self.kick()

    def _do_pause(self, _):
        if self.screen == "table" and not self.paused:
            self.paused = True
            self.render()

    def _do_play_on(self, _):
        if self.paused:
            self.paused = self.step_once = False
            self.render()
            self.kick()

    def _do_step(self, _):
        if self.paused and not self.driving:
            self.step_once = True
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
        decision = await botrunner.decide(s.game.view(s.game.to_move), botrunner.HINT_LEVEL, s.bot_seed(1), stale)
        if decision is None or stale():
            return
        self.hint_busy = False
        action = self.hint = decision.action
        self.hint_why = decision.why
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
        if self.pending_import is not None:  # a game file to play on, instead of this game
            self._take_import(self.pending_import)
            return
        self.store.clear()
        self.session = None
        if self.link_setup is not None:
            self.start(self.link_setup, self.notices)
            return
        self.screen = "new"
        self.render()

    def _do_keep(self, _):
        self.link_setup = self.pending_import = None
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
