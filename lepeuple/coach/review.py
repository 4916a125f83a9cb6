"""The review ("coach"): where a seat lost the most win chance in a finished game.

For each decision of `seat` in the record that had a choice, the bot at `level`
(default `hard`) decides again from `view(game, seat)` *at that moment*, and both
the action played and the bot's action are estimated on the same redeals of the
cards that view hides:

- redeal j (j < budget) is `Resampler(view).sample(...)`, seeded from the review
  seed, the action's index and j only;
- on a copy of it each action is played, then every seat plays as greedy
  (`search.imitate_greedy`, the rule `hard` uses in its playouts) until the end
  of the seat's next turn, with the same chance stream for both actions; the
  position reached is scored by the bots' win-chance evaluation
  (`evaluate.evaluate`, 0..1; a finished game 1, 1/k or 0);
- win(action) is the mean over the redeals, and
  loss = max(0, win(bot's action) − win(played)); 0 when the bot's action leads to
  the same position as the one played (then nothing is estimated): the same
  action, or another that the engine plays to the same state on the first
  `SAME_DEALS` redeals, each seat's two meeples taken as a pair (moving one twin
  meeple or the other from a tile is the same move).

The result lists the decisions that cost at least `MIN_LOSS` (3 points of win
chance), each labelled as the replay labels turns: its turn number (counting
every turn begun, extra turns included) and the seat whose turn it was.

A long game (one made endless by drawing, R8) has thousands of decisions: with
`most`, only that many are reviewed, those with the biggest swings first — the
most the seat's lead changed (its score less the best other score) from that
decision to its next one — and they are reviewed in that order, so a review
stopped early has looked at the biggest first. The scores read are the finished
game's, which everyone sees once it is over.

Fair: what decides is the view at that moment, the action played there and the
review's own seed. Neither the true state, the record's seed nor any later
action is read (the record is replayed once, up front, only to take the views).

The work runs in slices like the bots: `step(seconds)` does whole small units
(one search iteration, or one action of a playout: a few ms) until about
`seconds` have passed, so the page can call `step(0.03)` between browser tasks.

    r = Review(record, seat=0)          # record: the JSON dict of a finished game
    while not r.step(0.03):             # the page: one slice per browser task
        show(r.progress)                # (decisions reviewed, decisions to review)
    r.result()  # {"seat": 0, "decisions": 21, "made": 21, "mistakes": [{"index": 40, "turn": 14,
                #   "player": 0, "played": {...}, "better": {...}, "loss": 0.21, "why": {...}}, ...]}

Each mistake carries "why" (`facts`): what the action played and the better one do, from
the seat's view then, for the page to say in one line.
"""

import copy
import time

from ..bots import spec, think
from ..bots.evaluate import evaluate
from ..bots.search import imitate_greedy
from ..core.actions import from_json, to_json
from ..core.errors import RecordError, show
from ..core.game import Game
from ..core.record import replay
from ..core.resample import Resampler
from ..core.rng import Rng
from ..core.setup import new_game
from ..core.view import view
from .preview import preview
from .reason import why

DEFAULT_BUDGET = 64
"""Redeals per estimated decision (each plays both actions out: 2 playouts)."""

TOPK = 6  # the greedy imitation's shortlist of movements: `normal`'s (hard's 12 would cost 1.5x)
TOP = 5  # mistakes listed by default
MIN_LOSS = 0.03
"""A decision is listed as a mistake only when it cost at least this much win chance
(3 points): smaller estimates are within the noise of a few dozen redeals."""
SAME_DEALS = 4  # redeals on which two actions must reach the same state to count as the same move

_THINK_SALT = 0x9E3779B97F4A7C15
_DEAL_SALT = 0xD1B54A32D192ED03
_PLAY_SALT = 0x8CB92BA72F3D8DD7
_MASK = 0xFFFFFFFFFFFFFFFF


class Review:
    """A review of `seat`'s decisions in a finished game record, run in slices.

    `record`: the JSON record (a dict, as `lepeuple.core.record` writes it) or a
    finished `Game`. `level`: a bot name that `bots.think` accepts (`hard`,
    `normal`, `greedy`, `hard:100` …). `budget`: redeals per estimate
    (DEFAULT_BUDGET). `most`: how many decisions to review at most, the biggest
    swings first (None: every one, in record order). Raises RecordError for a
    record that cannot be replayed or is not finished, ValueError for a bad seat,
    level, budget or most.
    """

    def __init__(self, record, seat, level="hard", seed=0, budget=None, most=None):
        if isinstance(record, Game):
            record = record.record()
        if type(seat) is not int or not 0 <= seat < 5:
            raise ValueError(f"the seat must be a whole number from 0 to 4, not {show(seat)}")
        if most is not None and (type(most) is not int or most < 1):
            raise ValueError(f"most is a whole number of decisions ≥ 1, not {show(most)}")
        if not isinstance(level, str):
            raise ValueError(f"the level is a bot name such as hard, not {show(level)}")
        if spec(level)[3]:  # ValueError for an unknown name
            raise ValueError(f"a review decides from the seat's view: no cheating bot ({level})")
        if budget is None:
            budget = DEFAULT_BUDGET
        if type(budget) is not int or budget < 1:
            raise ValueError(f"the budget is a whole number of redeals ≥ 1, not {show(budget)}")
        if type(seed) is not int:
            raise ValueError(f"the seed is a whole number, not {show(seed)}")
        made, players = _choices(record, seat)  # RecordError naming what is wrong, or a game not finished
        if not seat < players:
            raise ValueError(f"the seat must be a whole number from 0 to {players - 1}, not {show(seat)}")
        self.seat, self.level, self.seed, self.budget = seat, level, seed, budget
        self.players = players
        self.made = len(made)  # the seat's decisions with a choice
        if most is not None and most < len(made):  # the biggest swings first, the latest of equal ones
            made = sorted(made, key=lambda d: (-d[3], -d[0]))[:most]
        # A second replay: the seat's view at each decision to review.
        self._decisions = _views(record, seat, made)
        self.entries = []
        """Every reviewed decision so far, in the order reviewed (the record's, or the biggest
        swings first): index, turn, player, played, better (JSON), win_played and win_better
        (None when the bot's action leads to the same position as the one played), loss."""
        self._current = None
        self.seconds = 0.0  # time spent in step()

    # ----- progress --------------------------------------------------------

    @property
    def progress(self):
        """(decisions reviewed, decisions to review)."""
        return len(self.entries), len(self._decisions)

    @property
    def done(self):
        return len(self.entries) == len(self._decisions)

    def step(self, seconds):
        """Work for about `seconds` (at least one small unit); True once every decision is reviewed."""
        start = time.perf_counter()
        deadline = start + seconds
        while not self.done:
            self._unit(deadline)
            if time.perf_counter() >= deadline:
                break
        self.seconds += time.perf_counter() - start
        return self.done

    def run(self):
        """Review to the end at once; return result()."""
        while not self.step(1.0):
            pass
        return self.result()

    def result(self, top=TOP):
        """{"seat", "decisions", "made", "mistakes"}: the decisions to review and all the
        seat's decisions with a choice, and the `top` decisions (of those reviewed so far)
        that lost the most win chance, at least MIN_LOSS each, largest loss first (then
        record order); each names its action index, turn and player (see the module)."""
        lost = [e for e in self.entries if e["loss"] >= MIN_LOSS]
        lost.sort(key=lambda e: (-e["loss"], e["index"]))
        if top is not None:
            lost = lost[:top]
        keys = ("index", "turn", "player", "played", "better", "loss", "why")
        return {"seat": self.seat, "decisions": len(self._decisions), "made": self.made,
                "mistakes": [{k: copy.deepcopy(e[k]) for k in keys if k in e} for e in lost]}

    # ----- the work ----------------------------------------------------------

    def _unit(self, deadline):
        """One small piece of work: start a decision, a slice of thinking, or one action of a playout."""
        cur = self._current
        if cur is None:
            self._current = _Decision(*self._decisions[len(self.entries)], self.level, self.seed)
            return
        if cur.best is None:  # thinking (a bot such as random is done at once)
            if not cur.thinking.done:
                cur.thinking.step(max(0.0, deadline - time.perf_counter()))
            if cur.thinking.done:
                cur.best = cur.thinking.action()
                if cur.best == cur.played:
                    self._finish(cur, None, None)
                    return
                cur.resampler = Resampler(cur.view)
                if all(same_position(self._deal(cur, j), cur.played, cur.best) for j in range(SAME_DEALS)):
                    self._finish(cur, None, None)  # another way to the same position: no better
            return
        run = cur.run
        if run is None:  # the next playout: even ones the played action on a new redeal, odd ones the bot's
            j, which = divmod(cur.playouts, 2)
            if which == 0:
                cur.deal = self._deal(cur, j)
            action = cur.played if which == 0 else cur.best
            cur.run = run = Playout(cur.deal, self.seat, action, Rng(_mix(cur.seed ^ _PLAY_SALT, j)))
        else:
            run.advance()
        if run.value is None:
            return
        cur.totals[cur.playouts % 2] += run.value
        cur.run = None
        cur.playouts += 1
        if cur.playouts == 2 * self.budget:
            self._finish(cur, cur.totals[0] / self.budget, cur.totals[1] / self.budget)

    @staticmethod
    def _deal(cur, j):
        """Redeal j of a decision: the same for a given review seed, index and j."""
        return cur.resampler.sample(Rng(_mix(cur.seed ^ _DEAL_SALT, j)), origins=False)

    def _finish(self, cur, win_played, win_better):
        loss = 0.0
        if win_played is not None:
            win_played, win_better = round(win_played, 4), round(win_better, 4)
            loss = round(max(0.0, win_better - win_played), 4)
        entry = {"index": cur.index, "turn": cur.turn, "player": cur.player, "played": cur.raw,
                 "better": to_json(cur.best), "loss": loss, "win_played": win_played, "win_better": win_better}
        if loss >= MIN_LOSS:  # a mistake: what each action does, for its reason in words
            entry["why"] = facts(cur.view, cur.played, cur.best)
        self.entries.append(entry)
        self._current = None


def facts(v, played, better):
    """Why a decision cost win chance, from the same facts the previews and the bots'
    reasons use (lepeuple.coach.reason, lepeuple.coach.preview), seen from the seat's view
    then: {"played": reason, "better": reason, "exposed": the home by whose open flank the
    played move left the seat's meeple (and the better move did not), else None}."""
    exposed = [_exposed(v, a) for a in (played, better)]
    return {"played": why(v, played), "better": why(v, better),
            "exposed": exposed[0] if exposed[1] is None else None}


def _exposed(v, action):
    if action.type != "move":
        return None
    return preview(v, action)["exposed_home"]


class _Decision:
    """The review of one decision in progress."""

    def __init__(self, index, turn, player, v, raw, played, level, seed):
        self.index, self.turn, self.player = index, turn, player
        self.view, self.raw, self.played = v, raw, played
        self.seed = _mix(seed, index)
        self.thinking = think(v, level, self.seed ^ _THINK_SALT)
        self.best = None
        self.resampler = None
        self.deal = None
        self.run = None  # the Playout in progress
        self.playouts = 0
        self.totals = [0.0, 0.0]  # played, better


def _choices(record, seat):
    """([(index, turn, player, swing)] for each action `seat` decided with more than one
    legal action, the number of players), the record checked and replayed once: turn and
    player are the number of turns begun so far and the seat whose turn it is (as the
    replay counts them, from the "turn" events); swing is how much the seat's lead
    changed from that decision to its next one (or the end)."""
    out, lead, g = [], [], None
    turn, player = 0, None
    for g, events, _ in replay(record):  # RecordError naming what is wrong
        turn, player = _turns(events, turn, player)
        if g.to_move == seat and len(g.legal_actions()) > 1:
            out.append([len(g.history), turn, player, 0])
            lead.append(_lead(g.scores, seat))
    if not g.is_over:
        raise RecordError("the game in this record is not finished: only a finished game can be reviewed")
    for k, decision in enumerate(out):
        decision[3] = abs((lead[k + 1] if k + 1 < len(out) else _lead(g.scores, seat)) - lead[k])
    return [tuple(d) for d in out], g.players


def _lead(scores, seat):
    return scores[seat] - max(s for k, s in enumerate(scores) if k != seat)


def _views(record, seat, chosen):
    """(index, turn, player, view, JSON action, action) of each chosen decision, in the
    order given, from one more replay."""
    wanted = {d[0]: d for d in chosen}
    found = {}
    g = new_game(record["players"], record["options"], record["seed"], record.get("setup"))
    for i, raw in enumerate(record["actions"]):
        action = from_json(raw)
        if i in wanted:
            index, turn, player, _ = wanted[i]
            found[i] = (index, turn, player, view(g, seat), copy.deepcopy(raw), action)
            if len(found) == len(wanted):
                break
        g.apply(action)
    return [found[d[0]] for d in chosen]


def _turns(events, turn, player):
    """(turns begun, seat whose turn it is) after `events`."""
    for e in events:
        if e[0] == "turn":
            turn, player = turn + 1, e[1]
    return turn, player


def same_position(deal, a, b):
    """Do actions a and b, each played on its own copy of the full state `deal` (with the
    same chance stream), reach the same position? Compared: what every seat sees after
    (lepeuple.core.view), each seat's meeples as a pair of tiles — which of a seat's two
    identical meeples stands where makes no difference."""
    after = []
    for action in (a, b):
        g = deal.clone()
        g.apply(action)
        after.append([_unlabelled(view(g, s)) for s in range(g.players)])
    return after[0] == after[1]


def _unlabelled(v):
    """A view with meeples named by seat and tile instead of seat and index."""
    tiles = v["meeples"]

    def at(meeple):
        return [meeple[0], tiles[meeple[0]][meeple[1]]]

    pending = v["pending"]
    if pending is not None:
        pending = {key: (at(value) if key in ("meeple", "partner") else
                         [at(m) for m in value] if key == "choices" else value) for key, value in pending.items()}
    return {**v, "meeples": [sorted(pair) for pair in tiles], "pending": pending}


def playout(g, seat, action, rng):
    """The win chance for `seat` after `action` on determinisation `g` (left untouched):
    every seat then plays as greedy (the imitation of `hard`'s playouts) until the end
    of `seat`'s next turn, and the position is scored by the evaluation."""
    run = Playout(g, seat, action, rng)
    while run.value is None:
        run.advance()
    return run.value


class Playout:
    """`playout` one action at a time (`advance`), so that a slice never waits for a
    whole playout; `value` is set once it is over."""

    def __init__(self, g, seat, action, rng):
        self.g, self.seat, self.rng = g.clone(), seat, rng
        self.mine = 0  # turns of `seat` begun since the action
        self.value = None
        self._after(self.g.apply(action))

    def advance(self):
        g = self.g
        self._after(g.apply(imitate_greedy(g, self.rng, topk=TOPK)))

    def _after(self, events):
        """Stop when the game is over, or once `seat`'s next turn has been played."""
        g, seat = self.g, self.seat
        if g.phase != "over":
            started = _turn_started(events)
            if started is None:
                return
            if started == seat:
                self.mine += 1
                if self.mine < 2:
                    return
            elif not self.mine:
                return
        self.value = evaluate(g, seat)


def _turn_started(events):
    for e in reversed(events):
        if e[0] == "turn":
            return e[1]
    return None


def _mix(seed, j):
    """A seed for the pair (seed, j) (SplitMix64 through Rng)."""
    return Rng((seed * 0x9E3779B97F4A7C15 + j) & _MASK).next64()
