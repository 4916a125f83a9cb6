"""The replay viewer and the review ("coach"): the game in progress, a finished
game, a file or a link, stepped through; sharing a finished game.

Opening a replay never touches the saved game: the viewer works on its own
copy of a record. Whose eyes it shows is decided by web/model/eyes.Eyes: in a game
still being played only the device holder's (nobody's for a file or a link),
every seat and "Everyone" once the game is over.
"""

import asyncio
import time

from lepeuple import action_from_json
from lepeuple.coach.review import Review

from ..markup import h
from ..model.eyes import EVERYONE, Eyes
from ..model.replay_game import Replay, file_name, fits_link, pack, read_file, unpack
from ..model.storage import SaveError, encode
from ..remote.seatgame import SeenReplay
from ..render import replay_view
from ..render.table import ReplayExtras, TableModel, table_screen
from . import UNCHANGED
from .folds import Folds

REPLAY_STEP = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}  # seconds between actions played back
REVIEW_SLICE = 0.02  # seconds of review work per browser task (a unit of work may add ~25 ms in CPython)
REVIEW_TOP = 8  # mistakes listed
REVIEW_MOST = 40  # decisions reviewed at most, the biggest swings first: about as many as a seat makes in a whole real game


class ReplayController(Folds):
    """The replay on screen (`replay`, a web/model/replay_game.Replay) with its `eyes`; a file's
    game that may be played on (`imported`); playing back; the share link's state;
    the review; the tiles of a review's two moves; a shared game's link (`fragment`)."""

    def __init__(self, app, fragment=""):
        self.app = app
        self.replay = None
        self.eyes = None
        self.imported = None  # (seats, record) of an unfinished game from a file
        self.playing = False
        self.share_state = None  # None: not asked; True: copied; False: copy it by hand; "long": too long for a link
        self.review = None  # {"seat", "done", "total", "made", "left", "result", "job"}: running or done
        self.paths = {}  # review: action -> its tiles (Game.path)
        self.fragment = fragment  # location.hash: a shared game (#g=…) opens here
        self.asking = None  # the moment (see _moment) "download the game?" was asked, while it lasts

    # ----- opening ---------------------------------------------------------

    def open_link(self, fragment):
        """A shared game's link (#g=…): its replay, or a notice saying why not."""
        app = self.app
        try:
            seats, record, text = unpack(fragment)
            replay = Replay(seats, record, app.device.levels, text=text)
        except SaveError as e:
            app.form.add_notice(("link.broken", {"reason": e.reason}))
            return False
        if not replay.finished:  # a link would show every hand of a game still being played
            app.form.add_notice(("link.unfinished", {}))
            return False
        self.show(replay, Eyes(len(replay.seats), None, True))
        self._say_dropped(replay)
        return True

    def follow_link(self, fragment):
        """A game's link opened in this tab while it is open (pasted into its address): as at
        start-up; when it cannot be shown, the notice is said where the player is. True if shown."""
        self.fragment = fragment
        if self.open_link(fragment):
            return True
        self.app.say(self.app.form.notices[-1])
        return False

    def import_text(self, text):
        """A game file dropped or picked: its replay; a file that is no game changes nothing.
        Not finished: public information only (nobody's hand), and it may be played on."""
        try:
            seats, record = read_file(text)
            replay = Replay(seats, record, self.app.device.levels, text=text)
        except SaveError as e:
            self.app.say(("import.broken", {"reason": e.reason}))
            return
        self.show(replay, Eyes(len(replay.seats), None, replay.finished))
        self.imported = None if replay.finished else (seats, record)
        self._say_dropped(replay)

    def _say_dropped(self, replay):
        """An earlier version's game that went on after it was over: read up to its end, said."""
        if replay.dropped:
            self.app.say(("game.past_end", {"last": replay.total, "count": replay.dropped}))

    def show(self, replay, eyes):
        """Put `replay` on screen as `eyes` allow: another game opening drops the review."""
        self.app.cancel_stale(game_changed=True)
        self.replay, self.eyes, self.imported, self.playing, self.share_state = replay, eyes, None, False, None
        self.review, self.paths, self.asking = None, {}, None
        replay.viewer = eyes.default()
        self.app.clear_said()
        self.app.go("replay")

    def screen_left(self, screen):
        """The replay screen gives way to `screen`: playing back stops; the replay is
        forgotten, unless the rules page opens over it (it returns here)."""
        self.playing = False
        if screen != "rules":
            self.close_replay()

    def close_replay(self):
        """Forget the replay and its review (the screen has changed)."""
        self.replay, self.eyes, self.imported, self.playing, self.review, self.paths = None, None, None, False, None, {}

    def open(self, _):
        """The game on the table, as the device holder sees it (everyone once it is over)."""
        game = self.app.game
        if not game.has_game() or self.app.screen != "table":
            return "choice"
        self.show(self._of_table(), game.eyes())
        return "choice"

    def _of_table(self):
        """The replay of the game on the table: from its record where this device holds it,
        else through the seat's own eyes, from what it was told (web/remote/seatgame)."""
        game = self.app.game
        record = game.record()
        if record is None:
            return SeenReplay(game.lead_game())
        return Replay(game.export_seats(), record, self.app.device.levels)

    # ----- moving about ------------------------------------------------------

    def step(self, delta):
        if self.replay is not None and delta in (-1, 1):
            self.replay.go(self.replay.index + delta)

    def go_to(self, index):
        if self.replay is not None and isinstance(index, int):
            self.replay.go(index)

    def change(self, name, value):
        """The turn menu or the "Seen by" menu changed; a viewer Eyes does not allow is ignored."""
        r = self.replay
        if r is None:
            return
        if name == "replay-turn" and value.isdigit():
            r.go(int(value))
        elif name == "replay-viewer":
            viewer = EVERYONE if value == EVERYONE else int(value) if value.isdigit() else None
            if self.eyes.may_see(viewer):
                r.viewer = viewer

    def toggle_play(self, _):
        if self.replay is None:
            return
        self.playing = not self.playing
        if self.playing:
            self.app.device.dom.spawn(self._play(self.replay, self.app.epoch))

    async def _play(self, replay, epoch):
        """Step forward at the bot speed until the end, a pause, or the viewer closes."""
        live = lambda: self.app.live(epoch) and self.replay is replay and self.playing
        while live() and replay.index < replay.total:
            await self.app.device.dom.sleep(REPLAY_STEP[self.app.device.speed])
            if not live():
                return
            replay.go(replay.index + 1)
            self.app.render()
        if self.replay is replay:
            self.playing = False
            self.app.render()

    def close(self, _):
        if self.app.screen != "replay":
            return
        if self.fragment:  # a shared game's link: a reload now shows the player's own game
            self.fragment = ""
            self.app.device.dom.drop_fragment()
        self.close_replay()
        self.app.go_back()

    def play_on_file(self, _):
        """Play on an unfinished game opened from a file (it becomes the saved game)."""
        if self.replay is None or self.imported is None:
            return
        if self.app.game.in_progress():
            self.app.form.ask_discard("confirm.import", pending_import=self.imported)
            return
        self.take_import(self.imported)

    def take_import(self, imported):
        seats, record = imported
        app = self.app
        app.game.drop()
        app.form.drop_import()
        self.close_replay()
        app.device.store.save(seats, record, replace=True)
        app.resume_saved()

    # ----- the review ("coach") -------------------------------------------------

    def start_review(self, seat):
        """Review a finished game for one seat: the hard bot re-decides each of its
        decisions from its view at the time; runs in slices, shows progress, can stop.
        Every heavy step (the replay, the review's own replay) is a browser task of its own."""
        game = self.app.game
        if self.replay is None and not (game.has_game() and not game.in_progress() and game.has_record()):
            return
        if self.replay is not None and not self.replay.finished:
            return
        self.app.device.dom.spawn(self._start_review(seat))
        return UNCHANGED  # the click's task stays short: the review draws itself

    async def _start_review(self, seat):
        app = self.app
        if self.replay is None:
            replay = self._of_table()
            await asyncio.sleep(0)
            self.show(replay, app.game.eyes())
            app.render(focus="choice")
        r = self.replay
        seats = r.setup.humans or list(range(len(r.seats)))
        seat = seat if isinstance(seat, int) and seat in range(len(r.seats)) else seats[0]
        review = self.review = {"seat": seat, "done": 0, "total": 0, "made": None, "left": None, "result": None,
                                "job": None}
        await asyncio.sleep(0)
        app.render()
        await self._run_review(review, r.record, app.epoch)

    async def _run_review(self, review, record, epoch):
        """Set the review up in a task of its own (it replays the game), then work in slices."""
        live = lambda: self.app.live(epoch) and self.review is review
        await asyncio.sleep(0)  # the click's own task ends here: the panel is already drawn
        if not live():
            return
        job = review["job"] = Review(record, review["seat"], "hard", seed=record["seed"], most=REVIEW_MOST)
        review["total"], review["made"] = job.progress[1], job.made
        self.app.render()  # what it will look at, said up front
        started = last = time.perf_counter()
        while True:
            await asyncio.sleep(0)
            if not live():
                return  # stopped
            if job.step(REVIEW_SLICE):
                review.update(done=job.progress[0], result=job.result(top=REVIEW_TOP), job=None)
                self.app.render()
                return
            now = time.perf_counter()
            if now - last > 0.25:  # progress, a few times a second
                done, total = job.progress
                review["done"] = done
                review["left"] = (now - started) / done * (total - done) if done else None
                self.app.render()
                last = now

    def cancel_review(self, _):
        self.review = None

    def show_mistake(self, index):
        """Open the replay at a mistake, both moves drawn: the one played, the better one."""
        r, review = self.replay, self.review
        if r is None or review is None or review["result"] is None:
            return
        mistake = next((m for m in review["result"]["mistakes"] if m["index"] == index), None)
        if mistake is None:
            return
        r.go(index)
        game = r.game()
        marks = tuple(action_from_json(mistake[k]) for k in ("played", "better"))
        r.marks = marks
        self.paths = {a: game.path(a) for a in marks if a.type == "move"}

    # ----- sharing -----------------------------------------------------------

    def share_link(self):
        r, game = self.replay, self.app.game
        seats = r.seats if r is not None else game.export_seats()
        record = r.record if r is not None else game.record()
        return self.app.device.dom.page_url() + pack(seats, record)

    def shown_link(self):
        """The link to copy by hand, once asked for (made only then: a long game's takes time)."""
        return self.share_link() if self.share_state in (True, False) else ""

    def share(self, _):
        game = self.app.game
        finished = self.replay.finished if self.replay is not None else game.has_game() and not game.in_progress()
        # A link to a game in progress would show every hand; a friend's device holds a record once over.
        if finished and (self.replay is not None or game.has_record()):
            link = self.share_link()
            self.share_state = self.app.device.dom.copy_text(link) if fits_link(link) else "long"

    def file_name(self):
        return file_name(time.localtime(self.app.device.store.clock()))

    # ----- the game as a file --------------------------------------------------

    def file_offer(self):
        """(how the game on screen may be saved as a file — web/eyes.Eyes.file —, whether
        "download it?" is being asked now)."""
        offer = self._offer()
        return offer, offer == "ask" and self.asking == self._moment()

    def _offer(self):
        app = self.app
        if app.screen == "replay" and self.replay is not None:
            return self.eyes.file()
        game = app.game
        passing = game.pass_screen_up()
        if app.screen == "table" and game.has_game() and (passing or not game.in_progress()):  # the pass and end screens
            return game.eyes().file(passing)
        return None

    def _moment(self):
        """What the question "download the game?" was asked about: it lasts while this stays."""
        game = self.app.game
        return self.app.screen, id(self.replay), id(game.lead_game()), game.actions_played(), game.to_move()

    def ask_file(self, _):
        """A game still going on: say what its file shows, and ask."""
        if self._offer() == "ask":
            self.asking = self._moment()
            return "[data-testid=download-sure]"
        return None

    def download(self, _):
        """Save the game on screen as a file (the save's JSON), if it may be now."""
        offer, asked = self.file_offer()
        if offer == "plain" or asked:
            r, game = self.replay, self.app.game
            text = encode(r.seats, r.record) if self.app.screen == "replay" else encode(game.export_seats(), game.record())
            self.app.device.dom.download(text, self.file_name())
        self.asking = None

    def cancel_file(self, _):
        self.asking = None
        return "[data-testid=download-game]"

    # ----- what the replay screen shows ---------------------------------------

    def render(self):
        r = self.replay
        view, hands = self.eyes.views(r.game(), r.viewer)
        said = self.app.said
        # The review beside the board (the side column's top), so both are in view at once.
        panel = replay_view.review_panel(self.review, r) if self.review else h("div", {"data-region": "review"})
        model = TableModel(view=view, seats=r.seats, log=r.events(), last=r.last() if r.marks is None else [],
                           notices=[said] if said else [], earlier=self.earlier, aside=panel,
                           replay=ReplayExtras(hands=hands, marks=r.marks, paths=self.paths if r.marks else {}))
        extra = [replay_view.download_control(*self.file_offer())]
        if r.finished:
            extra.append(replay_view.share_box(self.shown_link(), self.share_state))
        if r.finished and self.review is None:
            extra.append(replay_view.review_button(r))
        bar = replay_view.controls(r, self.playing, self.imported is not None, extra, self.eyes.allowed())
        parts = [bar, table_screen(model)]
        if r.finished and r.index == r.total:
            parts.append(replay_view.chart(r.log, r.seats, r.record["options"]["target"], self.chart_rows))
        return parts

