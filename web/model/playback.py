"""An action's events as steps a person can follow, one at a time.

A bot's turn is one `apply` that returns a dozen events at once (the card
played, each step of the meeple, a pickaxe draw, an event and its points, the
redeployments, the next draw). Shown all together nobody can follow it, so the
page cuts the events into frames and shows each for a while: the meeples where
they stand at that moment, the tiles concerned highlighted, the frame's lines
as the prompt. No rule is decided here: frames only read the engine's events.

`Steps` holds the frames still to show and the one on screen. Nothing waits
without being on screen: the moment the page shows (board, scores, piles, log,
prompt) is always the end of the step on screen, else the game as it stands.
A step stays on screen for `hold_seconds`: longer the more its text says.
"""

from dataclasses import dataclass, field

from lepeuple import walk_positions as walk

# Events that open a frame of their own, and how long it is held (a weight of
# the speed's pause: 0 is not held, 1 a step, 2 a scoring step).
OPENERS = {"power": 1, "draw_two": 1, "move": 1, "event": 2, "redeploy": 1, "skip": 1, "over": 0}
# A frame in which points change is held as a scoring step.
SCORING = 2


@dataclass
class Frame:
    """One step to show: its events, where the meeples stand after them, how long to hold it."""

    start: int  # index in the session log of the frame's first event
    end: int  # index after its last event
    events: list
    meeples: list  # [[tile, tile], ...] per seat, after this frame
    hold: int = 0
    tiles: dict = field(default_factory=dict)  # tile -> highlight class
    walks: dict = field(default_factory=dict)  # meeple -> the tiles it walked through, in order (data-walk)


def frames(events, start, meeples):
    """The frames of one action's `events` (named: lepeuple.core.events.named; found at
    `start` in the log), the meeples
    standing at `meeples` before it. Events before the first opener join the first frame."""
    where = [list(pair) for pair in meeples]
    out, played = [], _Played(len(meeples))
    for i, e in enumerate(events):
        if not out or (e.type in OPENERS and _opened(out[-1]) and not _same_step(out[-1], e)):
            out.append(Frame(start + i, start + i, [], None))
        frame = out[-1]
        frame.events.append(e)
        frame.end = start + i + 1
        _place(e, where, frame.tiles)
        played.see(e, frame.walks)
        frame.meeples = [list(pair) for pair in where]
    for frame in out:
        frame.hold = _hold(frame)
    while out and out[-1].events and out[-1].events[-1].type in ("turn", "skip") and len(out[-1].events) > 1:
        out[-1].end -= 1  # the next turn's heading waits until this step has been shown
        out[-1].events.pop()
    return out


class _Played:
    """The movement card being played (its card and way) and how many of its steps were seen,
    to say which tiles each step walks through (lepeuple.core.positions.walk)."""

    def __init__(self, players):
        self.players, self.card, self.how, self.steps = players, None, None, 0

    def see(self, e, walks):
        if e.type == "play":
            self.card, self.how, self.steps = e.card, e.how, 0
        elif e.type == "move" and self.card is not None:
            walked = walk(self.card, self.how, [(e.src, e.dst)], self.players, self.steps)
            walks[tuple(e.meeple)] = walks.get(tuple(e.meeple), []) + walked
            self.steps += 1
        elif e.type in ("turn", "redeploy"):
            self.card = None


def _opened(frame):
    """Has the frame an event of its own yet (else what comes joins it: the card
    played goes with the step it makes)?"""
    return any(e.type in OPENERS for e in frame.events)


def _same_step(frame, e):
    """Both redeployments of an event are one step."""
    return e.type == "redeploy" and frame.events[-1].type == "redeploy"


def _place(e, where, tiles):
    """Move the meeples as the event says, and mark the tiles it concerns."""
    kind = e.type
    if kind in ("move", "redeploy"):
        (seat, index) = e.meeple
        where[seat][index] = e.dst
        tiles.setdefault(e.src, "trail-from")
        tiles[e.dst] = "trail-to"
    elif kind == "swap_meeples":
        (s1, i1), (s2, i2) = e.meeple, e.other
        where[s1][i1], where[s2][i2] = where[s2][i2], where[s1][i1]
        tiles[where[s1][i1]] = tiles[where[s2][i2]] = "trail-to"
    elif kind == "event":  # the home and the two meeples round it
        for tile in (e.home, where[e.meeple[0]][e.meeple[1]], where[e.partner[0]][e.partner[1]]):
            tiles[tile] = "scoring"


def _hold(frame):
    kinds = {e.type for e in frame.events}
    if "score" in kinds or ("event" in kinds):
        return SCORING
    if kinds <= {"turn", "pass", "play", "draw", "hand_full", "deck_empty", "reshuffle"}:
        return 0  # nothing on the board changed that needs reading
    return max((OPENERS.get(k, 0) for k in kinds), default=0)


def from_scoring(frames):
    """The frames worth showing after a person's own decision: from its first
    scoring step on (they saw their move; the points and redeployments are news)."""
    for i, frame in enumerate(frames):
        if frame.hold == SCORING:
            return frames[i:]
    return []


# How long a step stays on screen: READ[speed] = (seconds to take in the board,
# characters of its text read per second, at most this many seconds). "instant"
# is for tests (URL ?speed=instant): nothing is held. docs/playing.md: "Every turn step by step".
READ = {"slow": (1.0, 25, 8.0), "normal": (0.6, 40, 5.0), "fast": (0.3, 70, 3.0), "instant": (0.0, None, 0.0)}


def hold_seconds(speed, text):
    """Seconds a step whose prompt says `text` stays on screen at `speed`."""
    start, per_second, most = READ[speed]
    if not per_second:
        return 0.0
    return min(most, start + len(text) / per_second)


class Steps:
    """The steps of actions already played, shown one at a time.

    `current` is the frame on screen (None: the game as it stands), `waiting` the
    frames after it, `paused` whether the page waits for "Next step" / "Play on".
    A frame with nothing to read (hold 0) is never put on screen on its own: its
    lines reach the log with the next step shown."""

    def __init__(self):
        self.waiting = []
        self.current = None
        self.paused = False

    def add(self, frames):
        """Queue an action's frames; the first goes on screen at once if none is."""
        self.waiting += frames
        if self.current is None:
            self.advance()

    def advance(self):
        """The next step worth a look goes on screen (None when nothing waits)."""
        while self.waiting:
            frame = self.waiting.pop(0)
            if frame.hold:
                self.current = frame
                return
        self.current = None
