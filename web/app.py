"""The page's dispatcher: which screen is up, which controller a click goes to.

It talks to the browser only through `dom` (web/dom.py in the page, a fake in
tests): render a tree, read the form, set a flag, spawn a coroutine, sleep.
So the whole page logic runs and is tested under CPython as well.

The controllers (web/controllers/) own their state and draw their screens:
`game` (the game being played, its steps and bots), `form` (new game,
"discard?", an unreadable save), `guide` (the guided first game), `replay`
(replay, files, links, sharing, the review), `stats` and `remote` (friends on their
own devices: invitations, replies, the data channels; the browser's WebRTC reaches
it through `net_event`, docs/remote.md). A command (a click,
a select changed) goes through `command`/`change`: the controller acts, then
the page is drawn once and the game loop driven once. Coroutines (bots, step
timers, the hint, replay playback, the review) belong to an epoch; the one
place that ends them is `cancel_stale`, called when the screen or the game
changes.

The screen is one value, one of SCREENS: new | confirm | broken | table |
rules | replay | tutorial | join (the pass and end screens are parts of the table;
join: a friend's device before its table, or a reply link opened in a tab of its own).

What tests may rely on (and nothing else is test-only): the URL speed
`instant` (no pauses between bot steps), and flags on <body>:
data-ready (web/startup/boot.py), data-screen (one of SCREENS),
data-actions (actions in the game record), data-thinking (a bot is thinking),
data-bot-stats (JSON: bot decision times on this device, botrunner.Stats).
A scenario is played by saving a record with a `setup` (lepeuple.core.record) to
localStorage before the page loads: the normal resume path.
"""

from . import i18n
from .controllers import UNCHANGED
from .controllers.device import Device
from .controllers.form import FormController
from .controllers.game import GameController
from .controllers.guide import GuideController
from .controllers.replay import ReplayController
from .controllers.stats import StatsController
from .markup import h
from .model import device_stats as stats, playback
from .model.newgame import parse_query, same_game
from .model.storage import PREFS_KEY, SAVE_KEY, SaveError
from .remote.controller import RemoteController
from .render import screens
from .render.rules import anchor, rules_page, rules_panel

SCREENS = ("new", "confirm", "broken", "table", "rules", "replay", "tutorial", "join")
# Screens visited from another, and left back to it ("close", "leave").
VISITS = ("rules", "replay", "tutorial")


class App:
    """The screen on show (`screen`, with where each visited screen returns in `back`),
    the rules panel beside a game (`panel`: the rule id it is open at), a word about
    the last file or link asked for (`said`), the epoch of wanted work, the five
    controllers, and the command routes."""

    def __init__(self, dom, backend, search="", languages=(), clock=None, rng=None, saving=True, fragment=""):
        self.device = Device(dom, backend, search, languages, clock, rng, saving)
        self.screen = "new"
        self.back = {}  # visited screen -> the screen it returns to
        self.panel = None
        self.said = None  # (key, fields), above the table or the replay
        self.epoch = 0  # work of an earlier epoch stops (cancel_stale)
        self.game = GameController(self)
        self.form = FormController(self)
        self.guide = GuideController(self)
        self.replay = ReplayController(self, fragment)
        self.stats = StatsController(self)
        self.remote = RemoteController(self, fragment)
        self.routes = self._routes()

    def _routes(self):
        """Every data-act the page offers, and who handles it. A handler may return
        where keyboard focus goes ("choice": the first choice of the new step), or
        UNCHANGED (web/controllers: nothing to draw now)."""
        g, f, gd, r, s, n = self.game, self.form, self.guide, self.replay, self.stats, self.remote
        return {
            "continue-here": g.continue_here, "undo": g.undo, "pause": g.pause, "play-on": g.play_on,
            "step": g.step, "pass-ok": g.pass_ok, "hand-over": g.hand_over, "hint": g.ask_hint, "again": g.again,
            "hide-end": g.hide_end, "show-end": g.show_end_screen,
            "new": f.new, "discard": f.discard, "keep": f.keep, "resume": f.resume,
            "new-after-broken": f.new_after_broken, "download-broken": f.download_broken,
            "discard-broken": f.discard_broken, "forget-kept": f.forget_kept, "seats": f.seats, "start": f.start,
            "tutorial": gd.open, "tut-next": gd.next, "tut-leave": gd.leave, "tut-again": gd.again,
            "tut-play": gd.play,
            "replay-open": r.open, "replay-step": r.step, "replay-go": r.go_to, "replay-play": r.toggle_play,
            "replay-close": r.close, "replay-continue": r.play_on_file, "review": r.start_review,
            "review-cancel": r.cancel_review, "review-show": r.show_mistake, "share": r.share,
            "download-ask": r.ask_file, "download": r.download, "download-cancel": r.cancel_file,
            "stats-reset": s.reset, "rules": self.rules, "rules-close": self.rules_close,
            "log-more": self.log_more, "chart-more": self.chart_more,
            "net-copy": n.copy, "net-share": n.share, "net-invite": n.invite, "net-bot": n.seat_to_bot,
            "net-back": n.seat_back, "net-rejoin": n.rejoin, "net-connect": n.connect, "net-leave": n.leave,
            "net-open": n.open_sheet, "net-close": n.close_sheet, "net-scan": n.scan, "net-scan-stop": n.scan_stop,
        }

    # ----- what tests and the browser layer read ----------------------------

    @property
    def store(self):
        return self.device.store

    @property
    def levels(self):
        return self.device.levels

    @property
    def session(self):
        return self.game.session

    @property
    def stale(self):
        return self.game.stale

    @property
    def guide_game(self):
        return self.guide.guide_game

    def moment(self):
        """How far play has gone on the screen up: a choice of play clicked on an older
        drawing is not acted on (web/startup/boot.Link.command)."""
        game = self.guide.guide_game.game if self.screen == "tutorial" and self.guide.guide_game else None
        game = game or (self.session.game if self.session else None)
        return self.screen, len(game.history) if game else None

    def storage_refused(self, key, reason=None):
        """The browser refused to write `key`. The save: a full storage is said above the
        table; a save that was not the one this tab expected there (another tab's, or one
        that cannot be read) is left alone, and this tab stops until the player continues."""
        if key != SAVE_KEY or self.session is None:
            return
        if reason == "changed":
            self.game.go_stale()
        else:
            self.game.save_refused()
        self.render()

    def file_name(self):
        return self.replay.file_name()

    # ----- start-up ------------------------------------------------------

    def boot(self):
        """Read preferences, the URL and the save; show the right screen."""
        device, form = self.device, self.form
        prefs, reset = self._prefs()
        query = parse_query(device.search, device.levels)
        lang = query.lang or prefs.get("lang") or i18n.pick_language(device.languages)
        self.set_language(lang, remember=bool(query.lang))
        device.set_speed(query.speed or prefs.get("speed") or "normal")
        device.set_sound(prefs.get("sound", "off"))
        guided = _last_value(device.search, "tutorial") == "1"  # ?tutorial=1: the guided game
        form.report(query.errors, self._start_notices(query, reset, guided))
        if self.remote.opens(self.remote.fragment):  # a friend's invitation, or a reply to hand on
            self.render()
            return
        self.resume_saved()
        self.guide.note_visit()
        if guided:
            device.dom.replace_query(self._kept_query(query))
            self.command("tutorial")
            return
        if self.replay.fragment and self.replay.open_link(self.replay.fragment):  # the save stays as it was
            self.render(focus="choice")
            return
        if query.setup is not None:
            device.dom.replace_query(self._kept_query(query))
            if self.session is not None and not self.session.game.is_over:
                if not same_game(query.setup, self.session.setup):  # the same: the saved game resumes
                    form.ask_discard("confirm.link", link_setup=query.setup)
            elif form.broken is None:
                self.game.start(query.setup, form.notices)
            else:
                form.fill(query.setup)
        elif query.draft is not None:
            form.fill(query.draft)
            self.go("new" if form.broken is None else "broken")
        self.render()
        self.game.kick()

    def _start_notices(self, query, reset, guided):
        """What the new-game screen says at start-up: the URL's notices (but "tutorial" when
        it opens the guided game), preferences reset, stats set aside, storage keeping nothing."""
        device = self.device
        notices = query.notices + reset + stats.check(device.store) + ([] if device.saving else [("save.memory", {})])
        return [n for n in notices if not guided or n != ("err.unknown_param", {"name": "tutorial"})]

    def _prefs(self):
        """(preferences, notices): only values the page knows are kept; anything else
        in storage is reset (with a notice), so no stored value can stop the page."""
        store = self.device.store
        raw = store.prefs()
        allowed = {"lang": i18n.CODES, "speed": tuple(playback.READ), "sound": ("on", "off")}
        prefs = {key: value for key, value in (raw or {}).items()
                 if key in allowed and isinstance(value, str) and value in allowed[key]}
        if raw is not None and prefs == raw:
            return prefs, []
        if raw is None and store.backend.getItem(PREFS_KEY) is None:
            return {}, []  # none stored yet
        store.replace_prefs(prefs)
        return prefs, [("prefs.reset", {})]

    def resume_saved(self):
        """The saved game on the table (or the form when none; the broken-save screen
        when it cannot be read)."""
        try:
            found = self.game.load()
        except SaveError as e:
            self.form.unreadable(e)
            self.go("broken")
            return
        if found:
            self.form.fill(self.game.session.setup)
        self.go("table" if found else "new")

    def _kept_query(self, query):
        """The URL after a link started its game: only the preferences stay."""
        keep = [f"speed={query.speed}"] if query.speed else []
        keep += [f"lang={query.lang}"] if query.lang else []
        return "?" + "&".join(keep) if keep else ""

    # ----- screens and stale work ----------------------------------------------

    def go(self, screen, returning=False):
        """Show `screen` (one of SCREENS); work of the screen left behind stops. A
        visited screen (rules, replay, tutorial) remembers where it returns; the
        replay is forgotten once left (unless for the rules page, which returns to it)."""
        assert screen in SCREENS, screen
        if screen == self.screen:
            return
        if screen in VISITS and not returning:
            self.back[screen] = ("table" if self.screen == "table" else "new") if screen == "tutorial" else self.screen
        if self.screen == "replay":
            self.replay.screen_left(screen)
        self.screen = screen
        self.remote.screen_left()  # a camera reads only on the screen it was asked for
        self.cancel_stale()

    def go_back(self):
        """Back from a visited screen to where it was opened (the form if that game is gone)."""
        target = self.back.pop(self.screen, "new")
        if (target in ("table", "confirm") and not self.game.has_game()) or (target == "replay" and self.replay.replay is None):
            target = "new"
        self.go(target, returning=True)

    def cancel_stale(self, game_changed=False):
        """The one place stale work stops: bots thinking, steps being timed, the hint,
        replay playback and the review all end when the epoch moves on. A new or
        another game also drops what was about the old one (a review, a word said)."""
        self.epoch += 1
        if game_changed:
            self.replay.cancel_review(None)
            self.said = None

    def live(self, epoch):
        """Is work started in `epoch` still wanted?"""
        return epoch == self.epoch

    # ----- input ---------------------------------------------------------

    def command(self, act, arg=None):
        """A click on an element with data-act (arg: its data-arg, parsed JSON): the
        controller acts, then the page is drawn once and the game loop driven once."""
        if self.stale and act != "continue-here":
            return  # this tab's game is out of date: nothing but "continue here"
        handler = self.routes.get(act)
        if handler is not None:
            focus = handler(arg)
        elif self.screen == "tutorial":  # the guided game's own table
            focus = self.guide.click(act, arg)
        elif self.screen == "table":
            focus = self.game.click(act, arg)
        else:
            focus = None
        if focus != UNCHANGED:
            self.render(focus=focus)
        self.game.kick()

    def change(self, name, value):
        """A select changed (data-change names which)."""
        if name == "lang":
            self.set_language(value, remember=True)
        elif name == "speed" and value in playback.READ:
            self.device.set_speed(value, remember=True)
        elif name == "sound" and value in ("on", "off"):
            self.device.set_sound(value, remember=True)
        elif name == "form":
            self.form.form_changed()
        elif name.startswith("replay-"):
            self.replay.change(name, value)
        elif name.startswith("net-"):
            self.remote.change(name, value)
        self.render()
        self.game.kick()

    def net_event(self, message):
        """The browser's WebRTC side says something (web/page/rtc.mjs; docs/remote.md)."""
        self.remote.event(message)
        self.render()
        self.game.kick()

    def scanned(self, target, text=None, trouble=None):
        """The camera read a QR code for the box `target`, or could not (web/page/scan.mjs)."""
        self.remote.scanned(target, text, trouble)
        self.render()
        self.game.kick()

    def fragment_changed(self, fragment):
        """The tab was sent to one of our links while open (a hashchange): a game's link
        (#g=…) opens its replay; an invitation, a reply or a request to rejoin is taken as
        at start-up (docs/remote.md)."""
        if fragment.startswith("#g="):
            self.open_fragment(fragment)
        elif self.remote.opens(fragment):
            self.render()

    def import_text(self, text):
        """A game file dropped or picked (web/dom.py)."""
        self.replay.import_text(text)
        self.render(focus="choice")

    def open_fragment(self, fragment):
        """A game's link (#g=…) opened in this tab while it is open: its replay, the saved game
        untouched, as at start-up; or a word on why not."""
        self.render(focus="choice" if self.replay.follow_link(fragment) else None)

    def say(self, notice):
        """A word about the last thing asked (a file that is no game), on whatever screen is up."""
        self.form.say(notice)  # the new-game screen
        self.said = notice  # the table and the replay

    def clear_said(self):
        """The word said is old news (a move was made, another replay opened)."""
        self.said = None

    def storage_changed(self, key):
        """The browser says another tab wrote to storage (key None: storage cleared)."""
        if key in (SAVE_KEY, None) and self.session is not None and self.device.store.changed_elsewhere():
            self.game.go_stale()
            self.render()

    def set_language(self, code, remember=False):
        code = i18n.set_language(code)
        self.device.dom.set_language(code)
        if remember:
            self.device.store.set_pref("lang", code)

    def log_more(self, _):
        """The log's older folded turns: the next page of them drawn on demand, by the
        controller whose table is up (the guided game's log never folds that many)."""
        owner = {"table": self.game, "replay": self.replay}.get(self.screen)
        if owner is not None:
            owner.show_more_earlier()

    def chart_more(self, _):
        """The score table's earlier turns: the next page of them drawn on demand, by the
        controller whose score chart is up (the end screen's, or the replay's)."""
        owner = {"table": self.game, "replay": self.replay}.get(self.screen)
        if owner is not None:
            owner.show_more_rows()

    def rules(self, rule):
        """The rules: in a game, a panel beside the board opened at `rule`'s section
        (the header's button opens or closes it); elsewhere the rules page."""
        if self.screen in ("table", "tutorial"):
            if rule is None and self.panel is not None:
                return self.rules_close(None)
            self.panel = rule if isinstance(rule, str) and anchor(rule) else "R1"
            return "#" + anchor(self.panel)
        if self.screen != "rules":
            self.go("rules")
        return None

    def close_panel(self):
        """The rules panel beside the game closes (if it was open)."""
        self.panel = None

    def rules_close(self, _):
        if self.panel is not None:
            self.close_panel()
            return "choice"
        if self.screen == "rules":
            self.go_back()
        return None

    # ----- drawing -------------------------------------------------------------

    def render(self, focus=None):
        """Draw the current screen. focus="choice": keyboard focus goes to the first
        choice of the new step (marked data-focus), not left behind on a used control."""
        body = {"new": self.form.render_new, "confirm": self.form.render_confirm, "broken": self.form.render_broken,
                "table": self.game.render, "rules": rules_page, "replay": self.replay.render,
                "tutorial": self.guide.render, "join": self.remote.render}[self.screen]()
        in_game = self.screen if self.screen in ("table", "replay", "tutorial") else None
        panel = rules_panel(self.panel) if self.panel is not None and self.screen in ("table", "tutorial") else None
        dom = self.device.dom
        dom.render(h("div", {"class": f"page screen-{self.screen}"},
                     screens.header(i18n.language(), self.device.speed, in_game, self.device.sound),
                     h("main", {"class": "content" + (" with-panel" if panel else "")}, body, panel)),
                   focus=focus)
        dom.flag("screen", self.screen)
        played = self.game.actions_played()
        dom.flag("actions", None if played is None else str(played))


def _last_value(search, name):
    """The value of the last `name=` in a URL's query, as for every repeated parameter (the last
    counts: "?tutorial=1&tutorial=0" is 0), or None."""
    values = [part.partition("=")[2] for part in search.lstrip("?").split("&") if part.partition("=")[0] == name]
    return values[-1] if values else None
