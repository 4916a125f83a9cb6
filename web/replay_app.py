"""The controller's replay, file and link commands (a mixin of web/app.App).

Opening a replay never touches the saved game: the viewer works on its own
copy of a record (the game in progress, a finished one, a file, or a link).
"""

import asyncio
import time

from lepeuple import action_from_json
from lepeuple.review import Review

from . import stats
from .render import replay as replay_view
from .markup import h
from .render.table import TableModel, table_screen
from .replay import EVERYONE, Replay, file_name, pack, read_file, unpack
from .storage import SaveError, encode

REPLAY_STEP = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}  # seconds between actions played back
REVIEW_SLICE = 0.02  # seconds of review work per browser task (a unit of work may add ~25 ms in CPython)
REVIEW_TOP = 8  # mistakes listed


class ReplayCommands:
    """Replay, export, import, share and stats: what App does with them."""

    replay = None
    replay_back = "new"  # the screen "close" returns to
    replay_playing = False
    share_state = None  # None: not asked; True: copied; False: copy it by hand
    pending_import = None  # (seats, record) waiting for "discard the game in progress?"
    said = None  # (key, fields): a word about the last file or link, above the table or replay
    review = None  # the review running or done: {"seat", "done", "total", "result", "job"}

    # ----- opening ---------------------------------------------------------

    def open_link(self, fragment):
        """A shared game's link (#g=…): its replay, or a notice saying why not."""
        try:
            seats, record, text = unpack(fragment)
            replay = Replay(seats, record, self.levels, text=text)
        except SaveError as e:
            self.notices.append(("link.broken", {"reason": e.reason}))
            return False
        if not replay.finished:  # a link would show every hand of a game still being played
            self.notices.append(("link.unfinished", {}))
            return False
        self._show_replay(replay, "table" if self.session is not None else "new")
        return True

    def import_text(self, text):
        """A game file dropped or picked: its replay; a file that is no game changes nothing."""
        try:
            seats, record = read_file(text)
            humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
            replay = Replay(seats, record, self.levels, text=text)
        except SaveError as e:
            self._say(("import.broken", {"reason": e.reason}))
            return
        if not replay.finished:  # only one person's eyes on a game still being played
            replay.viewer = humans[0] if len(humans) == 1 else None
        replay.import_ = (seats, record)
        self._show_replay(replay, self.screen if self.screen != "replay" else self.replay_back)

    def _say(self, notice):
        """A word about the last thing asked (a file that is no game), on whatever screen is up."""
        self.notices = [notice]  # the new-game screen
        self.said = notice  # the table and the replay
        self.render()

    def _show_replay(self, replay, back):
        self.generation += 1  # bots of the live game pause while it is out of sight
        self.replay, self.replay_back, self.replay_playing, self.share_state = replay, back, False, None
        self.said = None
        self.screen = "replay"
        self.render(focus="choice")

    def _do_replay_open(self, _):
        s = self.session
        if s is None or self.screen != "table":
            return
        viewer = EVERYONE if s.game.is_over else s.viewer()
        self._show_replay(Replay([seat.to_json() for seat in s.seats], s.record(), self.levels, viewer), "table")

    # ----- moving about ------------------------------------------------------

    def _do_replay_step(self, delta):
        if self.replay is not None and delta in (-1, 1):
            self.replay.go(self.replay.index + delta)
            self.render(focus=None)

    def _do_replay_go(self, index):
        if self.replay is not None and isinstance(index, int):
            self.replay.go(index)
            self.render()

    def replay_change(self, name, value):
        r = self.replay
        if r is None:
            return
        if name == "replay-turn" and value.isdigit():
            r.go(int(value))
        elif name == "replay-viewer":
            viewer = EVERYONE if value == EVERYONE else int(value) if value.isdigit() else None
            if r.can_see(viewer):
                r.viewer = viewer

    def _do_replay_play(self, _):
        if self.replay is None:
            return
        self.replay_playing = not self.replay_playing
        self.render()
        if self.replay_playing:
            self.dom.spawn(self._play_replay(self.replay))

    async def _play_replay(self, replay):
        """Step forward at the bot speed until the end, a pause, or the viewer closes."""
        while self.replay is replay and self.replay_playing and replay.index < replay.total:
            await self.dom.sleep(REPLAY_STEP[self.speed])
            if self.replay is not replay or not self.replay_playing:
                return
            replay.go(replay.index + 1)
            self.render()
        self.replay_playing = False
        if self.replay is replay:
            self.render()

    def _do_replay_close(self, _):
        if self.screen == "replay":
            self.review = None
            if self.fragment:  # a shared game's link: a reload now shows the player's own game
                self.fragment = ""
                self.dom.drop_fragment()
            self.replay, self.replay_playing, self.screen = None, False, self.replay_back
            self.render()
            self.kick()

    def _do_replay_continue(self, _):
        """Play on an unfinished game opened from a file (it becomes the saved game)."""
        r = self.replay
        if r is None or r.finished or getattr(r, "import_", None) is None:
            return
        if self.session is not None and not self.session.game.is_over:
            self.pending_import, self.confirm_key, self.screen = r.import_, "confirm.import", "confirm"
            self.render()
            return
        self._take_import(r.import_)

    def _take_import(self, imported):
        seats, record = imported
        self.pending_import, self.replay = None, None
        self.store.save(seats, record, replace=True)
        self.session = None
        self._load_save()
        self.screen = "table" if self.session is not None else self.screen
        self.render()
        self.kick()

    # ----- the review ("coach") -------------------------------------------------

    def _do_review(self, seat):
        """Review a finished game for one seat: the hard bot re-decides each of its
        decisions from its view at the time; runs in slices, shows progress, can stop.
        Every heavy step (the replay, the review's own replay) is a browser task of its own."""
        if self.replay is None and not (self.session is not None and self.session.game.is_over):
            return
        if self.replay is not None and not self.replay.finished:
            return
        self.dom.spawn(self._start_review(seat))

    async def _start_review(self, seat):
        if self.replay is None:
            s = self.session
            replay = Replay([x.to_json() for x in s.seats], s.record(), self.levels)
            await asyncio.sleep(0)
            self._show_replay(replay, "table")
        r = self.replay
        seats = r.setup.humans or list(range(len(r.seats)))
        seat = seat if isinstance(seat, int) and seat in range(len(r.seats)) else seats[0]
        self.review = {"seat": seat, "done": 0, "total": 0, "result": None, "job": None}
        await asyncio.sleep(0)
        self.render()
        await self._run_review(self.review, r.record)

    async def _run_review(self, review, record):
        """Set the review up in a task of its own (it replays the game), then work in slices."""
        await asyncio.sleep(0)  # the click's own task ends here: the panel is already drawn
        if self.review is not review:
            return
        job = review["job"] = Review(record, review["seat"], "hard", seed=record["seed"])
        review["total"] = job.progress[1]
        last = 0.0
        while self.review is review:
            await asyncio.sleep(0)
            if self.review is not review:
                return  # stopped
            if job.step(REVIEW_SLICE):
                review.update(done=job.progress[0], result=job.result(top=REVIEW_TOP), job=None)
                self.render()
                return
            now = time.perf_counter()
            if now - last > 0.25:  # progress, a few times a second
                review["done"] = job.progress[0]
                self.render()
                last = now

    def _do_review_cancel(self, _):
        self.review = None
        self.render()

    def _do_review_show(self, index):
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
        r.paths = {a: game.path(a) for a in marks if a.type == "move"}
        self.render()

    # ----- sharing -----------------------------------------------------------

    def share_link(self):
        r = self.replay
        seats = r.seats if r is not None else self.session.seats
        record = r.record if r is not None else self.session.record()
        return self.dom.page_url() + pack(seats, record)

    def _do_share(self, _):
        finished = self.replay.finished if self.replay is not None else bool(self.session and self.session.game.is_over)
        if not finished:
            return  # a link to a game in progress would show every hand
        self.share_state = self.dom.copy_text(self.share_link())
        self.render()

    # ----- what the replay screen shows ---------------------------------------

    def _replay_screen(self):
        r = self.replay
        view = r.view()
        hands = []
        if r.viewer == EVERYONE:
            hands = [r.game().view(s) for s in range(len(r.seats))]
        model = TableModel(view=view, seats=r.seats, log=r.events(), last=r.last() if r.marks is None else [],
                           hands=hands, notices=[self.said] if self.said else [], replay_marks=r.marks,
                           replay_paths=getattr(r, "paths", {}) if r.marks else {})
        extra = [replay_view.download_link(encode(r.seats, r.record), self.file_name())]
        if r.finished:
            extra.append(replay_view.share_box(self.share_link(), self.share_state))
        if r.finished and self.review is None:
            extra.append(replay_view.review_button(r))
        bar = replay_view.controls(r, self.replay_playing, not r.finished and getattr(r, "import_", None) is not None,
                                   extra)
        panel = replay_view.review_panel(self.review, r) if self.review else h("div", {"data-region": "review"})
        parts = [bar, panel, table_screen(model)]
        if r.finished and r.index == r.total:
            parts.append(replay_view.chart(r.log, r.seats, r.record["options"]["target"]))
        return parts

    def file_name(self):
        return file_name(time.localtime(self.store.clock()))

    # ----- stats ---------------------------------------------------------------

    def note_result(self):
        """A game just ended: count it in this device's stats (one person's games only)."""
        s = self.session
        if s is not None and s.game.is_over and len(s.setup.humans) == 1:
            stats.record(self.store, s.setup, s.game)
