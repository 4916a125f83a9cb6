"""The game on this device's table: its steps on screen, bots taking turns, the choices
of the person at the device.

The table draws what it is told (web/remote/seatgame.SeatGame), never an engine game:
at the host's device as on a friend's. When this device hosts the game, `host`
(web/remote/host.Host) holds it and this table is one of its links, told every seat
played here (and a spectator's view for the pass screen and the table screen); on a
friend's device (`guest`) the messages come over the network (web/remote/controller.py).
A decision goes to the host as a message (web/remote/protocol.py), which plays it and
tells every table: one path for every seat.

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

from lepeuple.coach.preview import coming_moves

from .. import i18n
from ..markup import h
from ..model import botrunner, playback
from ..model.choices import Chooser
from ..model.eyes import Eyes
from ..model.newgame import Setup
from ..model.session import Session
from ..model.storage import UNREADABLE, decode
from ..remote import protocol
from ..remote.host import Host, Link
from ..remote.seatgame import SeatGame
from ..render import replay_view, screens
from ..render.common import button, player_name
from ..render.table import Controls, HintShown, TableModel, frame_text, table_screen
from .folds import Folds

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


class Seating:
    """Where this table's game comes from and who sits at this device (the GameController's)."""

    def __init__(self, host=None, link=None, guest=False, here=(), lead=None):
        self.host = host  # web/remote/host.Host when this device hosts the game
        self.link = link  # this table's link to that host
        self.guest = guest  # this table is on a friend's device: the host is elsewhere
        self.tables = {}  # seat (None: a spectator) -> SeatGame: what this device is told
        self.here = list(here)  # the seats of the people at this device
        self.lead = lead  # the seat whose updates make the steps shown (the spectator's, if told)
        self.at_device = None  # hot-seat: the person who took the device (the pass screen)
        # Hot-seat: that person's turn is over and they still hold the device, looking at what
        # they drew; the pass screen waits for their OK (GameController.hand_over).
        self.handing = False


class GameController(Folds):
    """The game on this device's table: what it was told, and everything moving on it."""

    def __init__(self, app):
        self.app = app
        self.seating = Seating()  # where the game comes from, who is at this device
        self.sent = None  # a decision sent to the host, not yet played: the moment it was sent at
        self.steps = playback.Steps()
        self.chooser = None  # choices.Chooser of the person to move (made when first asked)
        self.hint = Hint()
        self.thinking = None  # the bot seat thinking now (this device's host)
        self.once = False  # paused: "Next step" asked for one more step from a bot
        self.loop = None  # (epoch, token) of the loop running (None: no loop runs)
        self.show_end = True  # the end screen (False: folded to a bar)
        self.notice = None  # (key, fields) of a save problem or a refusal, above the table
        self.link_notices = []  # what the link that started the game ignored, above the table
        self.stale = False  # another tab changed the saved game: this one stops

    # Read by the other controllers: where the game comes from, who is at this device.
    host = property(lambda self: self.seating.host)
    guest = property(lambda self: self.seating.guest)
    here = property(lambda self: self.seating.here)
    at_device = property(lambda self: self.seating.at_device)

    # ----- making and loading a game ---------------------------------------

    @property
    def session(self):
        """The host's game (None when this device hosts none)."""
        return self.host.session if self.host is not None else None

    def start(self, setup, notices=()):
        """A new game from a setup (the save is replaced at once); `notices`: what the
        link that asked for it ignored, shown above the table."""
        self.app.cancel_stale(game_changed=True)
        self._hosting(Session.start(setup, self.app.device.rng))
        self.app.form.game_started(setup)
        self.link_notices = [n for n in notices if n[0] != "save.memory"]
        self.stale, self.show_end = False, True
        self.save(replace=True)
        if self.session is not None:  # not when an unreadable save is there: it is shown instead
            self.app.go("table")
            self.app.remote.hosting()

    def load(self):
        """The saved game, if any: True when one was resumed; SaveError when unreadable."""
        text = self.app.device.store.load_text()
        if text is None:
            return False
        seats, record = decode(text)
        self._hosting(Session.resume(seats, record, self.app.device.levels, text))
        dropped = self.session.dropped  # an earlier version's save that went on after the game was over
        self.notice = ("game.past_end", {"last": len(self.session.game.history), "count": dropped}) if dropped else None
        self.app.remote.hosting()  # friends' seats: new invitations (this page was reloaded)
        return True

    def _hosting(self, session):
        """This device hosts `session`: its table is told the seats of the people here (and a
        spectator's view when there is not exactly one of them: the pass and table screens)."""
        here = session.setup.here
        streams = here + ([None] if len(here) != 1 else [])
        self.seating = Seating(Host(session, self._host_changed), Link(self.receive, streams, here), here=here,
                               lead=streams[-1])
        self.sent = None
        self.reset()
        self.host.attach(self.seating.link)

    def be_guest(self, seat):
        """This device is a friend's: the seat's game comes from a host elsewhere."""
        self.app.cancel_stale(game_changed=True)
        self.seating, self.sent = Seating(guest=True, here=[seat], lead=seat), None
        self.stale, self.show_end, self.notice, self.link_notices = False, True, None, []
        self.reset()

    def reset(self):
        """Nothing of the previous moment is left: steps, choices, hint, thinking."""
        self.steps, self.chooser, self.hint, self.thinking, self.once = playback.Steps(), None, Hint(), None, False

    def drop(self):
        """No game on this table any more (its save cleared or replaced): work on it stops."""
        self.app.cancel_stale(game_changed=True)
        self.seating = Seating()
        self.app.remote.game_dropped()

    def save(self, replace=False):
        s, store = self.session, self.app.device.store
        error = store.save(s.seats, s.record(), replace, s.whys)
        if store.stale:
            self.go_stale()
            return
        if error == UNREADABLE:  # a new game never overwrites a save that cannot be read: it is shown
            self.drop()
            self.app.resume_saved()
            return
        self.notice = ("save.failed", {"reason": error}) if error else None

    def save_refused(self):
        """The browser refused the last save (storage full): said above the table."""
        self.notice = ("save.failed", {"reason": i18n.t("save.failed.full")})

    def go_stale(self):
        """Another tab played on: stop here (bots too) until the player continues the newer game."""
        self.stale = True
        self.app.cancel_stale()

    def continue_here(self, _):
        """The newer game (another tab's) is played on here."""
        self.stale = False
        self.drop()
        self.app.resume_saved()

    def _host_changed(self, kind):
        """The host (this device) changed the game: save it; a game that ended is counted."""
        if kind == "undone":
            self.app.cancel_stale()  # a bot thinking on the state taken back stops
        self.save()
        if kind == "played" and self.session.game.is_over:
            self.app.stats.note_result(self.session)

    # ----- what the host tells this table ---------------------------------------

    def receive(self, message):
        """A message from the host (this device's, or a friend's: already read by
        web/remote/protocol.Reader); protocol.Unreadable when it cannot be used."""
        kind, seat = message["t"], message.get("seat")
        if kind == "sync":
            self.seating.tables[seat] = SeatGame(message)
            if seat == self.seating.lead:
                self.reset()
                self.sent = None
        elif kind == "update" and seat in self.seating.tables:
            change = self.seating.tables[seat].update(message)
            if seat == self.seating.lead:
                self._show(change)
        elif kind == "status":
            for game in self.seating.tables.values():
                game.status(message)
        elif kind == "refused":
            self.sent = None
            self.notice = ("net.refused", {"why": i18n.t("net.refused." + str(message.get("code"))
                                                      if message.get("code") in protocol.REFUSALS else "net.refused.shape")})

    def _show(self, change):
        """The steps of what just happened: a person's own decision is not played back to
        them, but when someone not at this device goes next, its scoring and redeployment
        steps are held on screen before the game goes on. A take back starts afresh."""
        self.sent = None
        self.chooser, self.hint = None, Hint()
        self.app.clear_said()
        if change.by is None:
            self.reset()
        else:
            frames = playback.frames(change.events, change.start, change.before)
            if change.by in self.here:
                frames = [] if self.person_to_move() else playback.from_scoring(frames)
            self.thinking = None
            self.steps.add(frames)
            self._settle()
        if self.hotseat and self.to_move() != self.at_device:
            if change.by is not None and change.by == self.at_device and _drew_two(change.events):
                # Their own Draw two ended it: they see the cards drawn before the pass
                # screen, which waits for their OK (hand_over); bots wait too. (A move's one
                # card drawn is not held: the move itself is what they were looking at.)
                self.seating.handing = True
            else:
                # Whoever held the device is done: hide their hand at once, even
                # while bots play before the next person takes the device.
                self.seating.at_device, self.seating.handing = None, False
        elif change.by is None:
            self.seating.handing = False  # taken back: their turn again

    # ----- reading: who is at the device, what it shows -------------------------

    def shown(self):
        """The SeatGame this device draws now: the device holder's, else the spectator's."""
        holder = self.holder()
        return self.seating.tables.get(holder) if holder in self.seating.tables else self.seating.tables.get(None)

    def lead_game(self):
        return self.seating.tables.get(self.seating.lead)

    def has_game(self):
        """Is there a game on this table (hosted here, or told by a host elsewhere)?"""
        return self.lead_game() is not None

    def in_progress(self):
        g = self.lead_game()
        return g is not None and not g.over

    def to_move(self):
        g = self.lead_game()
        return None if g is None else g.to_move

    @property
    def hotseat(self):
        """Two or more people share this device: hands are shown only after a pass screen."""
        return len(self.here) >= 2

    def person_to_move(self):
        """Is a person at this device to decide now?"""
        return self.to_move() in self.here

    def needs_pass(self):
        """True when a person here must decide and someone else may still be holding the device."""
        return (self.hotseat and self.person_to_move() and self.at_device != self.to_move()
                and not self.seating.handing)

    def holder(self):
        """The seat whose eyes the device is for now: the only person here; in hot-seat the
        person who passed the pass screen (nobody while it is up); nobody with none here."""
        if len(self.here) == 1:
            return self.here[0]
        if self.seating.handing:
            return self.at_device  # done, still looking at their hand until they hand over
        if not self.here or self.needs_pass():
            return None
        return self.at_device

    def eyes(self):
        """Whose eyes this device's screens may show (web/model/eyes.Eyes)."""
        g = self.lead_game()
        return Eyes(g.players, self.holder(), g.over, self.hotseat, record=self.has_record())

    def has_record(self):
        """Does this device hold the game's record (the host's; a friend's once the game is over)?"""
        g = self.lead_game()
        return self.session is not None or (g is not None and g.record is not None)

    def record(self):
        """The game's record, where this device holds it: the host's, or a finished game's."""
        if self.session is not None:
            return self.session.record()
        g = self.lead_game()
        return g.record if g is not None else None

    def seats(self):
        return self.session.seats if self.session is not None else self.lead_game().seats

    def export_seats(self):
        """The seats as a file or a link of this game says them: no friend's token."""
        return [s.public_json() for s in self.seats()]

    def actions_played(self):
        g = self.lead_game()
        return None if g is None else g.actions

    # ----- playing -----------------------------------------------------------

    def send(self, message):
        """A message of this table's to the host: here, or over the network."""
        if self.host is not None:
            self.host.receive(self.seating.link, message)
        else:
            self.app.remote.to_host(message)

    def click(self, act, arg):
        """A game control (card, meeple, tile, …) of the person to move."""
        chooser = self.current_chooser()
        if chooser is None:
            return None
        action = chooser.click(act, arg)
        if self.hint.action is not None and not chooser.agrees(self.hint.action):
            self.hint = Hint()  # the player chose otherwise
        if action is not None:
            g = self.shown()
            self.sent = g.actions
            self.send(protocol.act(g.seat, g.actions, action))
        return "choice"

    def current_chooser(self):
        """The choices of the person at the device, or None (not theirs to decide, a pass
        screen, a step on screen, a decision on its way to the host, the host away)."""
        g = self.shown()
        if g is None or g.seat is None or g.to_move != g.seat or self.needs_pass() or self.stale:
            return None
        if self.steps.current is not None or self.sent is not None or not self.connected():
            return None
        if self.chooser is None:
            self.chooser = Chooser(g.legal, g.view["phase"], g.path, g.preview, coming_moves(g.view))
        return self.chooser

    def connected(self):
        """Does a decision made here reach the host now?"""
        return self.host is not None or self.app.remote.host_here()

    def bot_to_move(self):
        return self.host is not None and self.host.bot_to_move()

    def _settle(self):
        """Nothing waits and a person is to move: "paused" means nothing any more."""
        if self.steps.current is None and not self.bot_to_move():
            self.steps.paused, self.once = False, False

    # ----- the loop: steps on screen, bots deciding ---------------------------

    def kick(self):
        """Start the loop that shows steps and lets bots play, unless one runs already."""
        app = self.app
        if app.screen != "table" or not self.has_game() or self.stale or self.seating.handing:
            return
        if self.loop is not None and self.loop[0] == app.epoch:
            return  # a loop runs (a loop of an earlier epoch stops by itself)
        steps = self.steps
        if (steps.current is not None and not steps.paused) or (self.bot_to_move() and (not steps.paused or self.once)):
            self.loop = (app.epoch, object())
            app.device.dom.spawn(self.drive(self.loop))

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
        return (self.loop is loop and self.app.live(loop[0]) and self.app.screen == "table" and not self.stale
                and not self.seating.handing)

    async def _hold(self, loop):
        """Hold the step on screen, then show the next one; False when the loop must stop."""
        await self.app.device.dom.sleep(playback.hold_seconds(self.app.device.speed, frame_text(self.model())))
        if not self._live(loop) or self.steps.paused:
            return False  # paused during the hold: this step stays on screen
        self.steps.advance()
        self._settle()
        self.app.render(focus="choice" if self.steps.current is None else None)
        return True

    async def _undo_window(self, loop):
        """After a person's decision that can still be taken back, give them a moment
        before a bot acts on it; True when the bot may go on."""
        wait = UNDO_WINDOW[self.app.device.speed] if self.session.undoable_by_person() and not self.once else 0
        if wait:
            await self.app.device.dom.sleep(wait)
        return self._live(loop)

    async def _bot_step(self, loop):
        """The bot to move decides from its view (the host asks it) and plays; True when it did."""
        dom = self.app.device.dom
        seat = self.session.game.to_move
        await dom.sleep(0)  # the step just shown is drawn in a task of its own
        if not self._live(loop):
            return False
        self.thinking = seat
        dom.flag("thinking", "1")
        self.app.render()
        await dom.sleep(0)  # let the browser paint before thinking starts
        played = await self.host.bot_plays(lambda: not self._live(loop))
        if self.loop in (loop, None):  # a loop that took over and thinks now keeps the flag
            dom.flag("thinking", None)
        dom.flag("bot-stats", botrunner.STATS.to_json())
        if not played or not self._live(loop):
            if self.loop in (loop, None):
                self.thinking = None
            return False
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
        """Ask the host to take back the last decision of the person at the device (the
        engine's policy decides, at the host)."""
        g = self.shown()
        if self.app.screen != "table" or g is None or g.seat is None or g.undo <= 0 or not self.connected():
            return None
        self.app.cancel_stale()  # a bot thinking on the state taken back stops
        self.send(protocol.undo(g.seat, g.actions))
        return "choice"

    def hand_over(self, _):
        """Hot-seat: the person whose turn ended has seen their hand: it is hidden, the game
        goes on (the pass screen, or bots)."""
        if self.seating.handing:
            self.seating.at_device, self.seating.handing = None, False

    def pass_ok(self, _):
        if self.needs_pass():
            self.seating.at_device = self.to_move()
            self.chooser, self.hint = None, Hint()

    def ask_hint(self, _):
        """The hard bot's choice from the view of the person to move, on this device (web/model/eyes)."""
        g = self.shown()
        if self.current_chooser() is not None and not self.hint.busy and self.holder() == g.to_move:
            self.hint.busy = True
            self.app.device.dom.spawn(self._think_hint(g, self.app.epoch))

    async def _think_hint(self, g, epoch):
        hint, moment = self.hint, g.actions
        stale = lambda: not self.app.live(epoch) or g.actions != moment or self.hint is not hint
        decision = await botrunner.decide(g.view, botrunner.HINT_LEVEL, g.hint_seed(), stale)
        if decision is None or stale():
            return
        action = decision.action
        hint.busy, hint.action, hint.why = False, action, decision.why
        hint.path = g.path(action) if action.type == "move" else []
        self.app.render()

    def again(self, _):
        s = self.session
        if s is not None:
            self.start(Setup(list(s.seats), dict(s.setup.options), None))

    def hide_end(self, _):
        self.show_end = False

    def show_end_screen(self, _):
        self.show_end = True

    def seat_as(self, seat, kind):
        """The host gives a friend's seat to a bot, or back to the friend."""
        if self.host is not None and isinstance(seat, int) and 0 <= seat < len(self.host.session.seats):
            self.host.seat_as(seat, kind)

    # ----- what is on screen ---------------------------------------------------

    def bot_controls(self):
        """"running" (Pause) while steps wait or bots play, "paused" (Play on, Next step), else None."""
        if not self.waiting():
            return None
        return "paused" if self.steps.paused else "running"

    def model(self):
        """The table at the moment on screen: the end of the step shown, else the game as it stands."""
        g, frame = self.shown(), self.steps.current
        chooser = self.current_chooser()
        passing = self.to_move() if self.needs_pass() and frame is None else None
        view = g.view
        upto = frame.end if frame is not None else len(g.log)
        changes = {seat: d for seat, d in g.score_changes(view["seat"], upto).items()
                   if view["scores"][seat] is not None}
        hint = self.hint
        thinking = self.thinking if self.host is not None else g.thinking
        return TableModel(view=view, seats=g.seats, offer=chooser.offer() if chooser else None, log=g.log[:upto],
                          later=g.log[upto:], last=g.last if frame is None else [], frame=frame,
                          hint=HintShown(hint.action, hint.path, hint.why), whys=g.log_whys(),
                          can_hint=chooser is not None, pass_to=passing,
                          notices=self._notices(), changes=changes, earlier=self.earlier,
                          waiting_on=self.app.remote.waiting_on(view["to_move"]) if frame is None and not view["over"]
                          else None, for_the_table=self.for_the_table(),
                          controls=Controls(thinking=thinking, bots=self.bot_controls(),
                                            can_undo=g.undo > 0 and frame is None and self.connected(),
                                            hint_busy=hint.busy))

    def render(self):
        g = self.shown()
        model = self.model()
        parts = [self.app.remote.table_bar(), table_screen(model)]
        if self.stale:
            parts.append(screens.stale_game())
        elif self.seating.handing:
            parts.append(screens.hand_over_bar(g.seats, self.at_device, _drawn(g.last, self.at_device)))
        elif model.pass_to is not None:
            reason = {"defend": "pass.text.defend", "partner": "pass.text.partner"}.get(g.view["phase"], "pass.text.turn")
            parts.append(screens.pass_screen(g.seats, model.pass_to, reason, self._pass_menu()))
        if g.over and model.frame is None:
            hosted = self.host is not None  # only the host starts the next game
            parts.append(screens.end_screen(model.view, g.seats, g.log, self._end_extra(g), hosted) if self.show_end
                         else screens.end_bar(hosted))
        return parts

    def for_the_table(self):
        """Is this the table screen: the host's device of a game with friends, where nobody
        sits (every seat a friend's or a bot's)? Its screen is for everyone at the table."""
        return self.host is not None and not self.here and self.host.table is not None

    def pass_screen_up(self):
        """Is the pass screen on the table now (a person is to take the device, no hand shown)?"""
        return self.has_game() and self.needs_pass() and self.steps.current is None and not self.stale

    def _pass_menu(self):
        """(what the pass screen's menu offers, whether it is open): the game as a file (web/eyes)."""
        offer, asking = self.app.replay.file_offer()
        control = replay_view.download_control(offer, asking)
        return (control, asking) if control is not None else None

    def _end_extra(self, g):
        """On the end screen: the score chart, replay, review, the game as a file, a link to it."""
        replay = self.app.replay
        return [replay_view.chart(g.log, g.seats, g.view["options"]["target"], self.chart_rows),
                h("div", {"class": "form-actions"},
                  button(i18n.t("menu.replay"), "replay-open", cls="btn", attrs={"data-testid": "end-replay"}),
                  [button(i18n.t("review.start", name=player_name(g.seats, seat)), "review", seat, cls="btn",
                          attrs={"data-testid": "end-review"}) for seat in g.setup().humans]
                  if self.has_record() else None,
                  replay_view.download_control(*replay.file_offer()),
                  replay_view.share_box(replay.shown_link(), replay.share_state))]

    def _notices(self):
        """Above the table: a save problem or a refusal, a word about the last file, a record
        nearly full, storage that keeps nothing, what the link ignored."""
        out = [self.notice] if self.notice else []
        out += [self.app.said] if self.app.said else []
        s = self.session
        if s is not None:
            used = s.game.record_used()
            if used >= NEARLY_FULL and not s.game.is_over:
                out.append(("save.nearly_full", {"percent": int(100 * used)}))
            if not self.app.device.saving:
                out.append(("save.memory", {}))
        return out + self.link_notices


def _drawn(events, seat):
    """The movement and power cards `seat` drew in `events` (its own stream: it sees them)."""
    return [e.card for e in events if e.type == "draw" and e.seat == seat and getattr(e, "card", None) is not None]


def _drew_two(events):
    return any(e.type == "draw_two" for e in events)
