"""What a human may click now, built only from the engine's legal actions.

A decision takes a few clicks (a card, then a meeple, then a tile); until the
last one nothing is committed and "cancel" goes back. Every clickable thing is
derived from `legal_actions()`, so nothing illegal can be offered, and the
page never recomputes a rule: tiles come from the engine's `path(move)`.

`Chooser.click(kind, arg)` returns an action to commit, or None after
changing the selection (or ignoring a click that is not offered). Every click
on something offered does something: a landing tile that several meeples reach
asks which meeple; a way named on its button ("split: tiles 4 → 5") is played
as named, and "Which way?" is asked only after a click on the tile alone.
"""

from dataclasses import dataclass, field

from lepeuple import TARGETED


@dataclass
class Reach:
    """One way to move the selected meeple: the tiles it steps to, the action, and what
    it would do (lepeuple.preview, from the player's view), or None without a preview."""

    how: str
    path: list
    action: object
    outcome: dict = None
    also: tuple = ()  # other ways to the same tile with the same result (one choice: web/render/table.py)

    @property
    def tile(self):
        return self.path[-1]

    def result(self):
        """What the move leads to, for comparing two ways to one tile."""
        return None if self.outcome is None else self.outcome.get("key", repr(self.outcome))


@dataclass
class Offer:
    """Everything clickable at one moment, for the renderer."""

    step: str  # see Chooser.step
    cards: set = field(default_factory=set)  # card ids/names that can be selected
    selected: object = None  # the selected card
    meeples: list = field(default_factory=list)  # [seat, index] tuples clickable
    meeple: tuple | None = None  # the selected meeple
    tile: int | None = None  # the landing tile chosen before the meeple: "which meeple goes there?"
    reaches: list = field(default_factory=list)  # Reach, for the selected meeple
    choices: list = field(default_factory=list)  # the reaches with different outcomes: one button each
    previews: list = field(default_factory=list)  # Reach of every meeple, before one is chosen
    hows: list = field(default_factory=list)  # Reach, when one tile is reached several ways
    targets: list = field(default_factory=list)  # seats for a targeted power card
    effects: dict = field(default_factory=dict)  # power action -> what it would do (lepeuple.preview), when known
    confirm: object = None  # an action waiting for a "play" click
    draw: bool = False  # "draw two" offered
    skip: bool = False  # "skip" offered (power phase)
    defend: bool = False  # the Défense question
    cancel: bool = False


class Chooser:
    """The selection state of the human to move, over one set of legal actions."""

    def __init__(self, legal, phase, path, preview=None, ahead=()):
        self.legal = tuple(legal)
        self.phase = phase
        self.path = path  # move action -> tiles (Game.path)
        self.preview = preview  # move action -> what it would do (lepeuple.preview), optional
        # In the power phase: the moves of the movement phase to come (lepeuple.coach.preview.
        # coming_moves), so that a movement card can be looked at before deciding.
        self.ahead = tuple(ahead)
        self.card = self.meeple = self.tile = None
        self._outcomes = {}

    # ----- what is offered -----------------------------------------------

    @property
    def step(self):
        """card | meeple | tile | how | target | confirm | swap1 | swap2 | look | partner | defend | none."""
        if self.phase == "partner":
            return "partner"
        if self.phase == "defend":
            return "defend"
        if self.card is None:
            return "card" if self.legal else "none"
        if self.phase == "power":
            return "look" if isinstance(self.card, int) else self._power_step()
        if self.meeple is None:
            return "meeple"
        return "tile" if self.tile is None else "how"

    def _power_step(self):
        if self.card == "permutation":
            return "swap1" if self.meeple is None else "swap2"
        return "target" if self.card in TARGETED else "confirm"

    def offer(self):
        step = self.step
        o = Offer(step, selected=self.card, meeple=self.meeple, cancel=self.card is not None,
                  tile=self.tile if step == "meeple" else None)
        if step not in ("partner", "defend", "none"):  # another card can be chosen instead
            o.cards = {a.card for a in self.legal + self.ahead if a.type in ("move", "power")
                       and (self.meeple is None or self.card is not None or getattr(a, "meeple", None) == self.meeple)}
        if step == "look":  # a movement card looked at in the power phase: where it would go
            o.previews = [self._reach(a) for a in self.ahead if a.card == self.card]
            o.skip = any(a.type == "pass" for a in self.legal)
        elif step == "card":
            o.draw = any(a.type == "draw" for a in self.legal)
            o.skip = any(a.type == "pass" for a in self.legal)
            if self.phase == "move":  # a meeple may be chosen first, then a card for it
                o.meeples = self._unique(a.meeple for a in self.legal if a.type == "move")
        elif step == "meeple":
            o.previews = [self._reach(a) for a in self._of_card()]
            if self.tile is not None:  # which meeple goes to the chosen tile?
                o.previews = [r for r in o.previews if r.tile == self.tile]
                o.meeples = self._movers(self.tile)
            else:
                o.meeples = self._unique(a.meeple for a in self._of_card())
        elif step in ("tile", "how"):
            o.meeples = self._unique(a.meeple for a in self._of_card())
            o.reaches = self.reaches()
            o.choices = self.distinct(o.reaches)
            o.hows = self.ways(self.tile) if step == "how" else []
        elif step == "target":
            o.targets = [a.target for a in self._of_card()]
            o.effects = {a: self._effect(a) for a in self._of_card()}
        elif step == "confirm":
            o.confirm = self._of_card()[0]
            o.effects = {o.confirm: self._effect(o.confirm)}
        elif step == "swap1":
            o.meeples = self._unique(a.meeple for a in self._of_card())
        elif step == "swap2":  # each swap says what it leads to, as a target says what a card does
            swaps = [a for a in self._of_card() if a.meeple == self.meeple]
            o.meeples = self._unique(a.other for a in swaps)
            o.effects = {a: self._effect(a) for a in swaps}
        elif step == "partner":
            o.meeples = [a.meeple for a in self.legal]
        elif step == "defend":
            o.defend = True
        return o

    def reaches(self, meeple=None):
        """The ways the selected card moves the selected meeple (or `meeple`), from the engine's paths."""
        meeple = self.meeple if meeple is None else meeple
        return [self._reach(a) for a in self._of_card() if a.meeple == meeple]

    def _reach(self, action):
        if action not in self._outcomes:
            self._outcomes[action] = self.preview(action) if self.preview else None
        return Reach(action.how, list(self.path(action)), action, self._outcomes[action])

    def _effect(self, action):
        """What a power card would do (lepeuple.preview), or None without a preview."""
        if action not in self._outcomes:
            self._outcomes[action] = self.preview(action) if self.preview else None
        return self._outcomes[action]

    def ways(self, tile, meeple=None):
        """The selected meeple's (or `meeple`'s) ways to `tile` that lead to different results:
        one of each (a question is only worth asking when the answer changes something)."""
        out = []
        for r in self.reaches(meeple):
            if r.tile == tile and all(r.result() != w.result() or r.result() is None for w in out):
                out.append(r)
        return out

    @staticmethod
    def distinct(reaches):
        """One Reach per different outcome: ways to one tile with the same result (a circle
        and a square both to tile 5, nothing else happening) are one choice, the first way
        standing for the others (`also`: their names)."""
        out = []
        for r in reaches:
            same = next((w for w in out if w.tile == r.tile and r.result() is not None
                         and w.result() == r.result()), None)
            if same is None:
                out.append(Reach(r.how, r.path, r.action, r.outcome))
            else:
                same.also += (r.how,)
        return out

    def agrees(self, action):
        """Is the selection so far on the way to `action` (a hint)?"""
        chosen = self.card if self.card is not None else None
        return chosen is None or getattr(action, "card", None) == chosen

    def _of_card(self):
        return [a for a in self.legal if getattr(a, "card", None) == self.card]

    def looking(self):
        """Is a movement card looked at in the power phase (its moves shown, none playable yet)?"""
        return self.step == "look"

    @staticmethod
    def _unique(items):
        out = []
        for item in items:
            if item not in out:
                out.append(item)
        return out

    # ----- clicks --------------------------------------------------------

    def click(self, kind, arg=None):
        """Handle one click; returns the action to commit, or None."""
        handler = getattr(self, "_click_" + kind, None)
        return handler(arg) if handler else None

    def _click_cancel(self, _):
        if self.tile is not None:
            self.tile = None
        else:
            self.card = self.meeple = None

    def _click_card(self, card):
        if card not in self.offer().cards:
            return
        if card == self.card:  # a second click on the selected card puts it back
            self.card = self.meeple = self.tile = None
            return
        keep = self.meeple if self.card is None and self.phase == "move" else None  # chosen first
        self.card, self.meeple, self.tile = card, keep, None
        if keep is None:
            self._auto_meeple()
        return

    def _auto_meeple(self):
        """Skip the meeple step when every movable meeple is the same seat's on one tile
        (the opening position): any of them moves the same way."""
        if self.phase != "move":
            return
        meeples = self._unique(a.meeple for a in self._of_card())
        tiles = {tuple(self.path_from(m)) for m in meeples}
        if len(meeples) == 1 or (len({m[0] for m in meeples}) == 1 and len(tiles) == 1):
            self.meeple = meeples[0]

    def path_from(self, meeple):
        """The tiles of every move of the selected card for one meeple (to compare positions)."""
        return [tuple(self.path(a)) for a in self._of_card() if a.meeple == meeple]

    def _click_meeple(self, meeple):
        meeple = tuple(meeple)
        step = self.step
        if meeple not in self.offer().meeples:
            return None
        if step == "card":  # the meeple first: the cards that can move it stand out
            self.meeple = None if meeple == self.meeple else meeple
            return None
        if step == "partner":
            return next(a for a in self.legal if a.meeple == meeple)
        if step == "swap2":
            return next(a for a in self._of_card() if a.meeple == self.meeple and a.other == meeple)
        if step == "meeple" and self.tile is not None:  # the answer to "which meeple goes there?"
            return self._to_tile(meeple, self.tile)
        self.meeple, self.tile = meeple, None
        return None

    def _movers(self, tile):
        """The meeples the selected card can move to `tile`, one of each pair of twins (the
        same seat's two meeples on one tile move alike: either is the same answer)."""
        out, seen = [], set()
        for a in self._of_card():
            if tuple(self.path(a))[-1:] == (tile,):
                twin = (a.meeple[0], tuple(self.path_from(a.meeple)))
                if twin not in seen:
                    seen.add(twin)
                    out.append(a.meeple)
        return out

    def _click_tile(self, tile):
        if self.step == "meeple":  # a landing tile shown before a meeple is chosen
            meeples = self._movers(tile)
            if len(meeples) > 1:
                self.tile = tile  # asked: which meeple goes there?
                return None
            return self._to_tile(meeples[0], tile) if meeples else None
        if self.step not in ("tile", "how"):
            return None
        return self._to_tile(self.meeple, tile)

    def _to_tile(self, meeple, tile):
        """`meeple` goes to `tile`: the move, or None once "which way?" is asked (two ways
        there with different results) or when it cannot go there."""
        ways = self.ways(tile, meeple)
        if len(ways) == 1:
            return ways[0].action
        if ways:
            self.meeple, self.tile = meeple, tile
        return None

    def _click_how(self, how):
        """A way to move named on its button (or the answer to "which way?"): final."""
        if self.step not in ("tile", "how"):
            return None
        return next((r.action for r in self.reaches() if r.how == how), None)

    def _click_target(self, seat):
        if self.step != "target":
            return None
        return next((a for a in self._of_card() if a.target == seat), None)

    def _click_confirm(self, _):
        return self.offer().confirm if self.step == "confirm" else None

    def _click_draw(self, _):
        return next((a for a in self.legal if a.type == "draw"), None) if self.step == "card" else None

    def _click_skip(self, _):
        return next((a for a in self.legal if a.type == "pass"), None) if self.step in ("card", "look") else None

    def _click_defend(self, play):
        if self.step != "defend":
            return None
        return next((a for a in self.legal if a.play == bool(play)), None)
