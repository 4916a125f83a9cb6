"""The guided game: its chapters (lepeuple/coach/guide_script.py's scenarios), the step the
player is on in each, and what a click means there.

Each step either waits for one decision (the script's `expect`) or is a page
to read. The player makes the move with the table's ordinary controls (the
Chooser over the engine's legal actions); any other move is refused with a
line saying why, and nothing is played. Once the move is made, the step
explains what happened; "Next" plays the other players' scripted actions and
goes on. The other players never think: the script decides for them, so the
guided game is the same every time.

The chapters can be taken one at a time, in any order: the guide bar lists them,
and a click on one ("tut-chapter", its id) opens it where it was left.
Progress is kept in localStorage under its own key (never the saved game):
{"chapter": id, "places": {id: [step, done]}, "finished": [ids]} — the open
chapter, where each chapter was left, and the chapters read to their end.
The game itself is replayed from the script, so leaving and coming back finds
the very same table.
"""

import json

from lepeuple import action_from_json as from_json
from lepeuple.coach import guide_script as script
from lepeuple.coach.preview import preview

from ..i18n import meeple_label, power_name, t
from .choices import Chooser
from .newgame import Seat, Setup
from .session import Session
from .storage import parse

KEY = "lepeuple.tutorial"
STEPS = script.STEPS  # every step of every chapter (the new-game screen counts them)
CHAPTERS = script.CHAPTER_IDS


class GuideGame:
    def __init__(self, backend, chapter=0, step=0, done=False, places=None, finished=()):
        self.backend = backend
        self.chapter, self.index, self.done = chapter, step, done
        self.places = dict(places or {})  # chapter id -> (step, done) where each other chapter was left
        self.chapters_done = set(finished)  # chapters read to their end
        self.refusal = None
        self._build()

    @classmethod
    def resume(cls, backend):
        """The guided game where the player left it: the open chapter, else the
        first one not read to its end (the others' places kept)."""
        memory = _memory(_stored(backend))
        chapter, places = memory["chapter"], memory["places"]
        if chapter is not None:
            step, done = places.get(CHAPTERS[chapter], (0, False))
        else:
            chapter = next((i for i, c in enumerate(CHAPTERS) if c not in memory["finished"]), 0)
            step, done = _opening(chapter, places.get(CHAPTERS[chapter]))
        return cls(backend, chapter, step, done, memory["places"], memory["finished"])

    def _build(self):
        """The table of the current step, replayed from the setup of its table."""
        chapter_steps = script.steps(self.chapter)
        base = script.table_start(self.chapter, self.index)
        seats = [Seat(), Seat("bot", level="easy"), Seat("bot", level="easy")]
        self.session = Session(Setup(seats, dict(script.OPTIONS), chapter_steps[base]["setup"]["seed"]),
                               script.new_table(chapter_steps[base]))
        self.mine = []  # events of the player's own last decision (highlights)
        for i in range(base, self.index + (1 if self.done else 0)):
            step = chapter_steps[i]
            if step["expect"] is not None:
                self.mine = self.session.apply(from_json(step["expect"][0]))
            if i < self.index:
                for action in step["then"]:
                    self.session.apply(from_json(action))
        self.chooser = None

    # ----- reading -------------------------------------------------------

    @property
    def chapter_id(self):
        return CHAPTERS[self.chapter]

    @property
    def steps(self):
        return script.steps(self.chapter)

    @property
    def step(self):
        return self.steps[self.index]

    @property
    def game(self):
        return self.session.game

    @property
    def at_end(self):
        """On the chapter's last page."""
        return self.index == len(self.steps) - 1

    def place(self, chapter_id):
        """(step, done) where a chapter is (or was left), (0, False) when never opened."""
        if chapter_id == self.chapter_id:
            return self.index, self.done
        return self.places.get(chapter_id, (0, False))

    def expected(self):
        """The decision this step waits for (an engine action), or None."""
        if self.done or self.step["expect"] is None:
            return None
        return from_json(self.step["expect"][0])

    def current_chooser(self):
        exp = self.expected()
        if exp is None or self.game.to_move != 0:
            return None
        if self.chooser is None:
            g = self.game
            view = g.view(0)
            self.chooser = Chooser(g.legal_actions(), g.phase, g.path, lambda action: preview(view, action))
        return self.chooser

    def text_key(self):
        sid = self.step["id"]
        if self.step["expect"] is None:
            return f"tut.{sid}.text"
        return f"tut.{sid}.done" if self.done else f"tut.{sid}.do"

    # ----- changing ------------------------------------------------------

    def save(self):
        places = {**self.places, self.chapter_id: (self.index, self.done)}
        data = {"chapter": self.chapter_id, "places": {c: [s, d] for c, (s, d) in places.items()},
                "finished": [c for c in CHAPTERS if c in self.chapters_done]}
        try:
            self.backend.setItem(KEY, json.dumps(data))
        except Exception:  # storage full or refused: the guided game goes on unsaved
            pass

    def next(self):
        """After the explanation (or a page to read): the others' scripted turns, the next step."""
        if self.expected() is not None or self.at_end:
            return False
        then = self.step["then"] if self.done else ()
        self.index, self.done, self.refusal, self.chooser = self.index + 1, False, None, None
        if "setup" in self.step:
            self._build()  # a new table
        else:
            for action in then:
                self.session.apply(from_json(action))
        if self.at_end:
            self.chapters_done.add(self.chapter_id)
        self.save()
        return True

    def open_chapter(self, chapter_id):
        """Open a chapter where it was left (from its start when it was read to its end)."""
        if chapter_id not in CHAPTERS:
            return False
        self.places[self.chapter_id] = (self.index, self.done)
        self.chapter = CHAPTERS.index(chapter_id)
        self.index, self.done = _opening(self.chapter, self.places.pop(chapter_id, None))
        self.refusal = None
        self._build()
        self.save()
        return True

    def restart_chapter(self):
        self.index, self.done, self.refusal = 0, False, None
        self._build()
        self.save()
        return True

    def click(self, act, arg):
        """A click on the guided game: a chapter to open, or a click on the table
        (the expected decision is played, anything else refused)."""
        if act == "tut-chapter":
            return self.open_chapter(arg)
        if act == "tut-restart":
            return self.restart_chapter()
        exp = self.expected()
        chooser = self.current_chooser()
        if exp is None or chooser is None:
            return False
        act, arg = self._as_said(exp, act, arg, chooser)
        why = self._refuse_early(exp, act, arg, chooser)
        if why is None:
            action = chooser.click(act, arg)
            if action is None:
                self.refusal = None
                return True
            if action == exp:
                self.mine = self.session.apply(action)
                self.done, self.refusal, self.chooser = True, None, None
                self.save()
                return True
            why = self._why_not(exp, action)
        self.refusal = t("tut.refused", why=why)
        self._keep_right_choices(exp, act, chooser)
        return True

    def _as_said(self, exp, act, arg, chooser):
        """A click as the step's words mean it: the step says "choose Z2 (tile 2)", so before a
        meeple is chosen a click on the tile where the step's meeple stands chooses that meeple,
        even when the tile is also where another meeple could land."""
        if act == "tile" and exp.type == "move" and chooser.meeple is None:
            here = self.game.meeple_tile(tuple(exp.meeple))
            if arg == here and arg != self.game.path(exp)[-1]:
                return "meeple", list(exp.meeple)
        return act, arg

    def _keep_right_choices(self, exp, act, chooser):
        """After a refusal: the right card stays selected, and the right meeple once chosen."""
        right_meeple = getattr(exp, "meeple", None)
        had_meeple = right_meeple is not None and chooser.meeple == tuple(right_meeple)
        self.chooser = None
        kept = self.current_chooser()
        if act == "card" or getattr(exp, "card", None) is None or exp.type not in ("move", "power"):
            return
        kept.click("card", exp.card)
        if had_meeple and kept.meeple is None and kept.step in ("meeple", "swap1"):
            kept.click("meeple", right_meeple)

    def _refuse_early(self, exp, act, arg, chooser):
        card = getattr(exp, "card", None)
        if act == "draw":
            return None if exp.type == "draw" else t("tut.refuse.draw")
        if act == "skip":
            return t("tut.refuse.skip", card=power_name(card)) if exp.type == "power" else t("tut.refuse.other")
        if act == "defend" and not arg:
            return t("tut.refuse.defend")
        if act == "card" and arg != card:
            return _card_refusal(exp)
        if act == "meeple":
            return self._refuse_meeple(exp, tuple(arg or ()), chooser.step)
        if act == "tile" and exp.type == "move" and arg != self.game.path(exp)[-1]:
            return t("tut.refuse.tile", tile=self.game.path(exp)[-1])
        if act == "target" and arg != getattr(exp, "target", None):
            return t("tut.refuse.other")
        return None

    @staticmethod
    def _refuse_meeple(exp, meeple, step):
        """A meeple clicked: the step's own, or (Permutation) the one it swaps with."""
        if exp.type == "move" and meeple != tuple(exp.meeple):
            return t("tut.refuse.meeple", meeple=meeple_label(exp.meeple))
        if exp.type == "power" and exp.card == "permutation":
            want = tuple(exp.other) if step == "swap2" else tuple(exp.meeple)
            if meeple != want:
                return t("tut.refuse.meeple", meeple=meeple_label(want))
        return None

    def _why_not(self, exp, action):
        if getattr(action, "card", None) != getattr(exp, "card", None):
            return _card_refusal(exp)
        if exp.type == "move":
            if action.meeple != exp.meeple:
                return t("tut.refuse.meeple", meeple=meeple_label(exp.meeple))
            return t("tut.refuse.how", how=t("how." + exp.how))
        return t("tut.refuse.other")


def _opening(chapter, place):
    """Where a chapter opens: where it was left, or its start (never left, or read to its end)."""
    if place is None or place[0] == len(script.steps(chapter)) - 1:
        return 0, False
    return place


def _card_refusal(exp):
    if exp.type == "power":
        return t("tut.refuse.power", card=power_name(exp.card))
    if exp.type == "move":
        return t("tut.refuse.card", card=exp.card)
    if exp.type == "defend":
        return t("tut.refuse.defend")
    if exp.type == "draw":
        return t("tut.refuse.must_draw")
    return t("tut.refuse.other")


def _stored(backend):
    """What an earlier visit kept under KEY: a dict, or None when there is none or it is unreadable."""
    try:
        raw = backend.getItem(KEY)
        data = parse(raw) if raw else None  # bounded in size and depth (web/model/storage.py)
    except (ValueError, TypeError):
        return None
    except Exception:  # storage that cannot be read: no progress
        return None
    return data if isinstance(data, dict) else None


def _memory(data):
    """The kept progress, checked: {"chapter": index or None, "places": {id: (step, done)},
    "finished": set of ids}. Whatever does not fit the script is dropped. A record of the
    single-chapter guided game ({"step", "done"}) is the basics chapter's place."""
    memory = {"chapter": None, "places": {}, "finished": set()}
    if data is None:
        return memory
    if "chapter" not in data and "places" not in data and "step" in data:
        data = {"chapter": CHAPTERS[0], "places": {CHAPTERS[0]: [data.get("step"), data.get("done")]}}
    places = data.get("places")
    for chapter, place in (places.items() if isinstance(places, dict) else ()):
        if chapter in CHAPTERS and _valid_place(CHAPTERS.index(chapter), place):
            step, done = place
            memory["places"][chapter] = (step, done and script.steps(CHAPTERS.index(chapter))[step]["expect"] is not None)
    finished = data.get("finished")
    memory["finished"] = {c for c in (finished if isinstance(finished, list) else ()) if c in CHAPTERS}
    if data.get("chapter") in CHAPTERS:
        memory["chapter"] = CHAPTERS.index(data["chapter"])
    return memory


def _valid_place(chapter, place):
    if not isinstance(place, list) or len(place) != 2:
        return False
    step, done = place
    return type(step) is int and 0 <= step < len(script.steps(chapter)) and type(done) is bool


def progress(backend):
    """(step, done) of the open chapter kept by an earlier visit — step counted over
    every chapter's steps (STEPS) — or (None, False) when none is open (or it is unreadable)."""
    memory = _memory(_stored(backend))
    chapter = memory["chapter"]
    if chapter is None:
        return None, False
    step, done = memory["places"].get(CHAPTERS[chapter], (0, False))
    return script.first_index(chapter) + step, done


def forget(backend):
    """The guided game is closed for a real game: no chapter stays open (nothing to
    resume is offered), but the chapters read and where each was left are kept."""
    memory = _memory(_stored(backend))
    try:
        if not memory["places"] and not memory["finished"]:
            backend.removeItem(KEY)
            return
        backend.setItem(KEY, json.dumps({"places": {c: list(p) for c, p in memory["places"].items()},
                                         "finished": [c for c in CHAPTERS if c in memory["finished"]]}))
    except Exception:
        pass
