"""The guided first game: its own game (lepeuple/tutorial.py's scenario), the
step the player is on, and what a click means there.

Each step either waits for one decision (the script's `expect`) or is a page
to read. The player makes the move with the table's ordinary controls (the
Chooser over the engine's legal actions); any other move is refused with a
line saying why, and nothing is played. Once the move is made, the step
explains what happened; "Next" plays the other players' scripted actions and
goes on. The other players never think: the script decides for them, so the
guided game is the same every time.

Progress is kept in localStorage under its own key (never the saved game):
{"step": n, "done": bool}. The game itself is replayed from the script, so
leaving and coming back finds the very same table.
"""

import json

from lepeuple import tutorial as script
from lepeuple.actions import from_json
from lepeuple.preview import preview

from .choices import Chooser
from .i18n import t
from .newgame import Seat, Setup
from .render.common import meeple_label
from .session import Session
from .storage import parse

KEY = "lepeuple.tutorial"
STEPS = script.STEPS


class Tutorial:
    def __init__(self, backend, step=0, done=False):
        self.backend = backend
        self.index, self.done = step, done
        self.refusal = None
        self._build()

    @classmethod
    def resume(cls, backend):
        """The guided game where the player left it (or from the start)."""
        step, done = progress(backend)
        return cls(backend, step if step is not None else 0, done)

    def _build(self):
        game, _ = script.replay(0, False)
        seats = [Seat(), Seat("bot", level="easy"), Seat("bot", level="easy")]
        self.session = Session(Setup(seats, dict(script.OPTIONS), script.SEED), game)
        self.mine = []  # events of the player's own last decision (highlights)
        for i, step in enumerate(STEPS[:self.index + (1 if self.done else 0)]):
            if step["expect"] is not None:
                self.mine = self.session.apply(from_json(step["expect"][0]))
            if i < self.index:
                for action in step["then"]:
                    self.session.apply(from_json(action))
        self.chooser = None

    # ----- reading -------------------------------------------------------

    @property
    def step(self):
        return STEPS[self.index]

    @property
    def game(self):
        return self.session.game

    @property
    def finished(self):
        return self.index == len(STEPS) - 1

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
        try:
            self.backend.setItem(KEY, json.dumps({"step": self.index, "done": self.done}))
        except Exception:  # noqa: BLE001 — storage full or refused: the guided game goes on unsaved
            pass

    def next(self):
        """After the explanation (or a page to read): the others' scripted turns, the next step."""
        if self.expected() is not None or self.finished:
            return False
        for action in self.step["then"] if self.done else ():
            self.session.apply(from_json(action))
        self.index, self.done, self.refusal, self.chooser = self.index + 1, False, None, None
        self.save()
        return True

    def click(self, act, arg):
        """A click on the table: the expected decision is played, anything else refused."""
        exp = self.expected()
        chooser = self.current_chooser()
        if exp is None or chooser is None:
            return False
        why = self._refuse_early(exp, act, arg)
        if why is None:
            action = chooser.click(act, arg)
            if action is None:
                why = self._refuse_tile(exp, act, arg, chooser)
                if why is None:
                    self.refusal = None
                    return True
            elif action == exp:
                self.mine = self.session.apply(action)
                self.done, self.refusal, self.chooser = True, None, None
                self.save()
                return True
            else:
                why = self._why_not(exp, action)
        self.refusal = t("tut.refused", why=why)
        self.chooser = None
        kept = self.current_chooser()
        if act != "card" and getattr(exp, "card", None) is not None and exp.type in ("move", "power"):
            kept.click("card", exp.card)  # the right card stays selected
        return True

    def _refuse_early(self, exp, act, arg):
        card = getattr(exp, "card", None)
        if act == "draw":
            return t("tut.refuse.draw")
        if act == "skip":
            return t("tut.refuse.skip", card=card)
        if act == "defend" and not arg:
            return t("tut.refuse.defend")
        if act == "card" and arg != card:
            return _card_refusal(exp)
        if act == "meeple" and exp.type == "move" and tuple(arg or ()) != tuple(exp.meeple):
            return t("tut.refuse.meeple", meeple=meeple_label(exp.meeple))
        if act == "tile" and exp.type == "move" and arg != self.game.path(exp)[-1]:
            return t("tut.refuse.tile", tile=self.game.path(exp)[-1])
        if act == "target" and arg != getattr(exp, "target", None):
            return t("tut.refuse.other")
        return None

    def _refuse_tile(self, exp, act, arg, chooser):
        return None

    def _why_not(self, exp, action):
        if getattr(action, "card", None) != getattr(exp, "card", None):
            return _card_refusal(exp)
        if exp.type == "move":
            if action.meeple != exp.meeple:
                return t("tut.refuse.meeple", meeple=meeple_label(exp.meeple))
            return t("tut.refuse.how", how=t("how." + exp.how))
        return t("tut.refuse.other")


def _card_refusal(exp):
    if exp.type == "power":
        from lepeuple.cards import NAMES

        return t("tut.refuse.power", card=NAMES[exp.card])
    if exp.type == "move":
        return t("tut.refuse.card", card=exp.card)
    if exp.type == "defend":
        return t("tut.refuse.defend")
    return t("tut.refuse.other")


def progress(backend):
    """(step, done) kept by an earlier visit, or (None, False) when there is none (or it is unreadable)."""
    try:
        raw = backend.getItem(KEY)
        data = parse(raw) if raw else None  # bounded in size and depth (web/storage.py)
    except (ValueError, TypeError):
        return None, False
    except Exception:  # noqa: BLE001 — storage that cannot be read: no progress
        return None, False
    if not isinstance(data, dict):
        return None, False
    step, done = data.get("step"), data.get("done")
    if type(step) is not int or not 0 <= step < len(STEPS) or type(done) is not bool:
        return None, False
    if done and STEPS[step]["expect"] is None:
        done = False
    return step, done


def forget(backend):
    try:
        backend.removeItem(KEY)
    except Exception:  # noqa: BLE001
        pass
