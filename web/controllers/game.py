"""The game being played: its steps on screen, bots taking turns, the player's choices.

Every action is shown as steps (web/model/playback.Steps): a bot's turn step by
step, each held on screen for a time that grows with its text
(playback.hold_seconds). One loop (`drive`) shows steps and lets bots decide;
"Pause" stops it after the step on screen, "Next step" shows exactly one more
step (a bot decides when none waits), "Play on" lets it run again. While
paused, Pause / Play on / Next step are offered only while steps wait or a bot
is to move; the moment a person is to move and nothing waits, their own
controls come back. After a person's decision that can still be taken back
(the engine's undo policy), a bot waits a moment before acting.

The loop and the hint run under the app's epoch (App.cancel_stale): a new
game, take back, another tab or leaving the table ends them; the app's
dispatcher starts the loop again (`kick`) when the table is back.
"""

from lepeuple.coach.preview import coming_moves, preview

from .. import i18n
from ..markup import h
from ..model import botrunner, playback
from ..model.choices import Chooser
from ..model.eyes import Eyes, device_holder
from ..model.newgame import Setup
from ..model.session import Session
from ..model.storage import decode
from ..render import replay_view, screens
from ..render.common import button, player_name
from ..render.log import EARLIER_PAGE
from ..render.table import Controls, HintShown, TableModel, frame_text, table_screen

# How long a bot waits after a person's decision that can still be taken back.
UNDO_WINDOW = {"slow": 3.0, "normal": 2.0, "fast": 1.2, "instant": 0.0}
# From how full a game's record is the table says that the game will end when it is
# full (the engine's rule, game.RECORD_TEXT): thousands of draws before it happens.
NEARLY_FULL = 0.95


class Hint:
    """The hard bot's suggestion for the person to move: asked (`busy`), then its action,
    path and why (lepeuple.coach.reason)."""

    def __init__(self):
        self.action, self.path, self.why, self.busy = None, [], None, False


class GameController:
    """The Session on this device and everything moving on its table."""

    def __init__(self, app):
        self.app = app
        self.session = None
        self.steps = playback.Steps()
        self.chooser = None  # choices.Chooser of the person to move (made when first asked)
        self.hint = Hint()
        self.thinking = None  # the bot seat thinking now
        self.once = False  # paused: "Next step" asked for one more step from a bot
        self.loop = None  # (epoch, token) of the loop running (None: no loop runs)
        self.show_end = True  # the end screen (False: folded to a bar)
        self.notice = None  # (key, fields) of a save problem, above the table
        self.link_notices = []  # what the link that started the game ignored, above the table
        self.stale = False  # another tab changed the saved game: this one stops
        self.earlier = EARLIER_PAGE  # the log's folded turns drawn (more on "show more")
        self.chart_rows = replay_view.CHART_PAGE  # the score table's turns drawn (more on "show more")

    # ----- making and loading a game ---------------------------------------

    def start(self, setup, notices=()):
        """A new game from a setup (the save is replaced at once); `notices`: what the
        link that asked for it ignored, shown above the table."""
        self.app.cancel_stale(game_changed=True)
        self.session = Session.start(setup, self.app.page.rng)
        self.app.form.game_started(setup)
        self.link_notices = [n for n in notices if n[0] != "save.memory"]
        self.stale, self.show_end = False, True
        self.reset()
        self.save(replace=True)
        self.app.go("table")

    def load(self):
        """The saved game, if any: True when one was resumed; SaveError when unreadable."""
        text = self.app.page.store.load_text()
        if text is None:
            return False
        seats, record = decode(text)
        self.session = Session.resume(seats, record, self.app.page.levels, text)
        self.reset()
        return True

    def reset(self):
        """Nothing of the previous moment is left: steps, choices, hint, thinking."""
        self.steps, self.chooser, self.hint, self.thinking, self.once = playback.Steps(), None, Hint(), None, False

    def drop(self):
        """No game on this table any more (its save cleared or replaced): work on it stops."""
        self.app.cancel_stale(game_changed=True)
        self.session = None

    def save(self, replace=False):
        store = self.app.page.store
        error = store.save(self.session.seats, self.session.record(), replace, self.session.whys)
        if store.stale:
            self.go_stale()
            return
        self.notice = ("save.failed", {"reason": error}) if error else None

    def go_stale(self):
        """Another tab played on: stop here (bots too) until the player continues the newer game."""
        self.stale = True
        self.app.cancel_stale()

    def continue_here(self, _):
        """The newer game (another tab's) is played on here."""
        self.stale, self.session = False, None
        self.app.cancel_stale(game_changed=True)
        self.app.resume_saved()

    # ----- playing -----------------------------------------------------------

    def play(self, action, why=None):
        """Apply a (legal) action and save (`why`: a bot's reason). Its events become steps to show one by one.
        A person's own decision is not played back to them, but when someone else goes
        next, its scoring and redeployment steps are held on screen before the game goes on."""
        s = self.session
        by, start, before = s.game.to_move, len(s.log), s.game.view(None)["meeples"]
        events = s.apply(action, why)
        frames = playback.frames(events, start, before)
        if not s.is_bot(by):
            frames = [] if s.human_to_move() else playback.from_scoring(frames)
        self.chooser, self.hint, self.thinking = None, Hint(), None
        self.app.clear_said()
        self.steps.add(frames)
        self._settle()
        self.save()
        if s.game.is_over:
            self.app.stats.note_result(s)

    def click(self, act, arg):
        """A game control (card, meeple, tile, …) of the person to move."""
        chooser = self.current_chooser()
        if chooser is None:
            return None
        action = chooser.click(act, arg)
        if self.hint.action is not None and not chooser.agrees(self.hint.action):
            self.hint = Hint()  # the player chose otherwise
        if action is not None:
            self.play(action)
        return "choice"

    def current_chooser(self):
        """The choices of the person at the device, or None (a bot's turn, a pass
        screen, the game over, or a step on screen)."""
        s = self.session
        if s is None or not s.human_to_move() or s.needs_pass() or self.steps.current is not None:
            return None
        if self.chooser is None:
            g = s.game
            view = g.view(g.to_move)
            self.chooser = Chooser(g.legal_actions(), g.phase, g.path, lambda action: preview(view, action),
                                   coming_moves(view))
        return self.chooser

    def bot_to_move(self):
        s = self.session
        return s is not None and not s.game.is_over and s.is_bot(s.game.to_move)

    def _settle(self):
        """Nothing waits and a person is to move: "paused" means nothing any more."""
        if self.steps.current is None and not self.bot_to_move():
            self.steps.paused, self.once = False, False

    # ----- the loop: steps on screen, bots deciding ---------------------------

    def kick(self):
        """Start the loop that shows steps and lets bots play, unless one runs already."""
        app = self.app
        if app.screen != "table" or self.session is None or self.stale:
            return
        if self.loop is not None and self.loop[0] == app.epoch:
            return  # a loop runs (a loop of an earlier epoch stops by itself)
        steps = self.steps
        if (steps.current is not None and not steps.paused) or (self.bot_to_move() and (not steps.paused or self.once)):
            self.loop = (app.epoch, object())
            app.page.dom.spawn(self.drive(self.loop))

    async def drive(self, loop):
        """Steps one after another, each held on screen; then bots' decisions."""
        try:
            while self._live(loop):
                if self.steps.current is not None:
                    if self.steps.paused or not await self._hold(loop):
                        return
                elif self.bot_to_move():
                    if self.steps.paused and not self.once:
                        return
                    if not await self._undo_window(loop) or not await self._bot_step(loop):
                        return
                else:
                    return
        finally:
            if self.loop is loop:
                self.loop = None

    def _live(self, loop):
        """Is this loop still wanted (same epoch, not replaced, the table on screen)?"""
        return self.loop is loop and self.app.live(loop[0]) and self.app.screen == "table" and not self.stale

    async def _hold(self, loop):
        """Hold the step on screen, then show the next one; False when the loop must stop."""
        await self.app.page.dom.sleep(playback.hold_seconds(self.app.page.speed, frame_text(self.model())))
        if not self._live(loop) or self.steps.paused:
            return False  # paused during the hold: this step stays on screen
        self.steps.advance()
        self._settle()
        self.app.render(focus="choice" if self.steps.current is None else None)
        return True

    async def _undo_window(self, loop):
        """After a person's decision that can still be taken back, give them a moment
        before a bot acts on it; True when the bot may go on."""
        wait = UNDO_WINDOW[self.app.page.speed] if self.session.undoable_by_human() and not self.once else 0
        if wait:
            await self.app.page.dom.sleep(wait)
        return self._live(loop)

    async def _bot_step(self, loop):
        """The bot to move decides from its view and plays; True when it did."""
        s, dom = self.session, self.app.page.dom
        seat = s.game.to_move
        await dom.sleep(0)  # the step just shown is drawn in a task of its own
        if not self._live(loop):
            return False
        self.thinking = seat
        dom.flag("thinking", "1")
        self.app.render()
        await dom.sleep(0)  # let the browser paint before thinking starts
        decision = await botrunner.decide(s.game.view(seat), s.seats[seat].level, s.bot_seed(),
                                          lambda: not self._live(loop))
        if self.loop in (loop, None):  # a loop that took over and thinks now keeps the flag
            dom.flag("thinking", None)
        dom.flag("bot-stats", botrunner.STATS.to_json())
        if decision is None or not self._live(loop):
            if self.loop in (loop, None):
                self.thinking = None
            return False
        self.play(decision.action, decision.why)
        if self.steps.current is not None:
            self.once = False  # the step asked for is on screen
        self.app.render(focus="choice" if self.steps.current is None else None)
        return True

    # ----- commands ------------------------------------------------------------

    def pause(self, _):
        if self.app.screen == "table" and self.waiting():
            self.steps.paused = True

    def play_on(self, _):
        if self.steps.paused:
            self.steps.paused = self.once = False
            if self.thinking is None:
                self.loop = None  # a loop waiting out a step's time gives way: the dispatcher starts one

    def step(self, _):
        """One more step: the next one waiting, else a bot's decision (its first step)."""
        if not self.steps.paused:
            return
        if self.steps.current is not None:
            self.steps.advance()
            self._settle()
            self.loop = None  # a loop waiting out the step just left gives way
        if self.steps.current is None and self.bot_to_move():
            self.once = True
            if self.thinking is None:
                self.loop = None  # a loop waiting out the undo window gives way: the bot goes now
        return "choice" if self.steps.current is None and not self.once else None

    def waiting(self):
        """True while steps wait to be shown or a bot is to move."""
        return self.steps.current is not None or self.bot_to_move()

    def undo(self, _):
        """Take back the last decision of the person at the device (the engine's policy)."""
        s = self.session
        if self.app.screen != "table" or s is None or s.undoable() <= 0:
            return None
        self.app.cancel_stale()  # a bot thinking on the state taken back stops
        s.undo()
        self.reset()
        self.save()
        return "choice"

    def pass_ok(self, _):
        if self.session and self.session.needs_pass():
            self.session.confirm_pass()
            self.chooser, self.hint = None, Hint()

    def ask_hint(self, _):
        """The hard bot's choice from the view of the person to move, who holds the device (web/model/eyes)."""
        s = self.session
        if self.current_chooser() is not None and not self.hint.busy and device_holder(s) == s.game.to_move:
            self.hint.busy = True
            self.app.page.dom.spawn(self._think_hint(self.app.epoch))

    async def _think_hint(self, epoch):
        s, hint = self.session, self.hint
        moment = len(s.game.history)
        stale = lambda: not self.app.live(epoch) or len(s.game.history) != moment or self.hint is not hint
        decision = await botrunner.decide(s.game.view(s.game.to_move), botrunner.HINT_LEVEL, s.bot_seed(1), stale)
        if decision is None or stale():
            return
        action = decision.action
        hint.busy, hint.action, hint.why = False, action, decision.why
        hint.path = s.game.path(action) if action.type == "move" else []
        self.app.render()

    def again(self, _):
        s = self.session
        if s is not None:
            self.start(Setup(list(s.seats), dict(s.setup.options), None))

    def show_more_earlier(self):
        """The log's "show more": EARLIER_PAGE more of its folded turns drawn."""
        self.earlier += EARLIER_PAGE

    def show_more_rows(self):
        """The score table's "show more": CHART_PAGE more of its earlier turns drawn."""
        self.chart_rows += replay_view.CHART_PAGE

    def hide_end(self, _):
        self.show_end = False

    def show_end_screen(self, _):
        self.show_end = True

    # ----- what is on screen ---------------------------------------------------

    def bot_controls(self):
        """"running" (Pause) while steps wait or bots play, "paused" (Play on, Next step), else None."""
        if not self.waiting():
            return None
        return "paused" if self.steps.paused else "running"

    def model(self):
        """The table at the moment on screen: the end of the step shown, else the game as it stands."""
        s, frame = self.session, self.steps.current
        chooser = self.current_chooser()
        passing = s.game.to_move if s.needs_pass() and frame is None else None
        eyes = Eyes.of_session(s)
        view, _ = eyes.views(s.game, device_holder(s))
        upto = frame.end if frame is not None else len(s.log)
        changes = {seat: d for seat, d in s.score_changes(view["seat"], upto).items()
                   if view["scores"][seat] is not None}
        hint = self.hint
        return TableModel(view=view, seats=s.seats, offer=chooser.offer() if chooser else None, log=s.log[:upto],
                          later=s.log[upto:], last=s.last if frame is None else [], frame=frame,
                          hint=HintShown(hint.action, hint.path, hint.why), whys=s.log_whys(),
                          can_hint=chooser is not None, pass_to=passing,
                          notices=self._notices(), changes=changes, earlier=self.earlier,
                          controls=Controls(thinking=self.thinking, bots=self.bot_controls(),
                                            can_undo=s.undoable() > 0 and frame is None, hint_busy=hint.busy))

    def render(self):
        s = self.session
        model = self.model()
        parts = [table_screen(model)]
        if self.stale:
            parts.append(screens.stale_game())
        elif model.pass_to is not None:
            reason = {"defend": "pass.text.defend", "partner": "pass.text.partner"}.get(s.game.phase, "pass.text.turn")
            parts.append(screens.pass_screen(s.seats, model.pass_to, reason, self._pass_menu()))
        if s.game.is_over and model.frame is None:
            parts.append(screens.end_screen(model.view, s.seats, s.log, self._end_extra()) if self.show_end
                         else screens.end_bar())
        return parts

    def pass_screen_up(self):
        """Is the pass screen on the table now (a person is to take the device, no hand shown)?"""
        s = self.session
        return s is not None and s.needs_pass() and self.steps.current is None and not self.stale

    def _pass_menu(self):
        """(what the pass screen's menu offers, whether it is open): the game as a file (web/eyes)."""
        offer, asking = self.app.replay.file_offer()
        control = replay_view.download_control(offer, asking)
        return (control, asking) if control is not None else None

    def _end_extra(self):
        """On the end screen: the score chart, replay, review, the game as a file, a link to it."""
        s, replay = self.session, self.app.replay
        return [replay_view.chart(s.log, s.seats, s.game.options["target"], self.chart_rows),
                h("div", {"class": "form-actions"},
                  button(i18n.t("menu.replay"), "replay-open", cls="btn", attrs={"data-testid": "end-replay"}),
                  [button(i18n.t("review.start", name=player_name(s.seats, seat)), "review", seat, cls="btn",
                          attrs={"data-testid": "end-review"}) for seat in s.setup.humans],
                  replay_view.download_control(*replay.file_offer()),
                  replay_view.share_box(replay.shown_link(), replay.share_state))]

    def _notices(self):
        """Above the table: a save problem, a word about the last file, a record nearly
        full, storage that keeps nothing, what the link ignored."""
        out = [self.notice] if self.notice else []
        out += [self.app.said] if self.app.said else []
        used = self.session.game.record_used()
        if used >= NEARLY_FULL and not self.session.game.is_over:
            out.append(("save.nearly_full", {"percent": int(100 * used)}))
        if not self.app.page.saving:
            out.append(("save.memory", {}))
        return out + self.link_notices

