"""The public record of the opponents' recent movement decisions: what the inference
of `hard-infer` reads (docs/bots.md, "Inference").

`view(game, seat)` is a snapshot: it says where the meeples stand, not that seat 1
drew two last turn while standing beside a +3. `with_log(view, game)` adds to the
view a key `"log"` built from public facts only (docs/rules.md R9): for each other seat,
its last few movement-phase decisions (`"phase": "move"`) — the action (public: draw
two, or the card played and how), the board, the scores and every seat's hand sizes
just before it, whether the power piles still held a card — and how many movement
cards that seat has drawn since (a draw is public, the card is not); and its last
power-phase decision (`"phase": "power"`: pass or the card played, the hand sizes,
`drawn` = the power cards drawn since). A seat whose hand changed in any other way
since (Bandit, Troc, Magie Noire) has no older entries: which cards it kept is then
unknown.

How the facts are gathered: by replaying the game's record on a private shadow game,
as `lepeuple.core.undo` does — incrementally, checked against the history each time,
never on the engine's play path. Only what every seat saw at the table goes out.
A game without history (a search clone) gets an empty log.
"""

import functools
import json

from ..core.actions import Draw, Move, Pass, Power, to_json
from ..core.shadow import Shadow

DEPTH = 3
"""Decisions kept per seat (the most recent first)."""

_HAND_CHANGES = frozenset({"steal", "swap_hands", "discard"})



class _Record:
    """One action as replayed: who decided it, the public state before a movement
    decision, the movement cards drawn into each hand, the hands changed otherwise."""

    __slots__ = ("seat", "entry", "drawn", "changed")

    def __init__(self, seat, entry, drawn, changed):
        self.seat, self.entry, self.drawn, self.changed = seat, entry, drawn, changed


def records(game):
    """The replayed records of every action of `game.history` (incremental, cached)."""
    history = game.history
    if not history:
        return []
    held = _replay_of(_setup_key(game))
    if not held or not held[0].fits(history):
        held[:] = [Shadow(game)]
    return held[0].follow(history, _record)


@functools.lru_cache(maxsize=8)  # the games followed at once: an arena's, a research script's
def _replay_of(setup):
    """The holder of the Shadow (lepeuple/core/shadow.py) replaying the history of the game set up as
    `setup` (_setup_key): a one-item list, refilled when the history no longer fits it."""
    return []


def _setup_key(game):
    """Everything a replay depends on besides the history: the record's other fields.
    Not the objects' id(), which Python gives again to objects made after others are
    freed: two games with the same set-up and one history share a replay, and the
    shadow's `fits` check against the history does the rest."""
    return json.dumps([game.players, game.options, game.seed, game.setup], sort_keys=True)


def _record(shadow, action):
    """What the table saw of one action: the decision, the cards drawn, the hands changed."""
    n = shadow.players
    seat = shadow.to_move
    entry = None
    kind = type(action)
    phase = shadow.phase
    if (phase == "move" and (kind is Move or kind is Draw)) or (phase == "power" and (kind is Pass or kind is Power)):
        entry = {
            "seat": seat,
            "phase": phase,
            "action": to_json(action),
            "meeples": [[shadow.pos[2 * s], shadow.pos[2 * s + 1]] for s in range(n)],
            "scores": shadow.scores[:],
            "hand_sizes": [[len(shadow.moves[s]), len(shadow.powers[s])] for s in range(n)],
            "power_left": bool(shadow.pdeck or shadow.pdisc),
        }
    drawn = [[0, 0] for _ in range(n)]  # per seat: movement, power cards drawn
    changed = set()
    for e in shadow.push(action):
        kind = e[0]
        if kind == "draw":
            drawn[e[1]][e[2] != "movement"] += 1
        elif kind in _HAND_CHANGES:
            changed.add(e[1])
            if kind != "discard":
                changed.add(e[2])
    return _Record(seat, entry, drawn, frozenset(changed))


def public_log(game, seat, depth=DEPTH):
    """Per seat (None for `seat` itself), the most recent first: its last `depth` movement
    decisions and its last power-phase decision, each a dict with `drawn`, the cards of
    that kind it drew since (its own draw after a move included). Empty lists when
    scores are hidden from `seat`."""
    n = game.players
    log = [None if s == seat else [] for s in range(n)]
    if game.options.get("scores") == "hidden" and not game.is_over:
        return log
    drawn = [[0, 0] for _ in range(n)]
    moves = [0] * n
    power = [False] * n
    closed = [s == seat for s in range(n)]
    for r in reversed(records(game)):
        for s in range(n):
            drawn[s][0] += r.drawn[s][0]
            drawn[s][1] += r.drawn[s][1]
        for s in r.changed:
            closed[s] = True
        s = r.seat
        entry = r.entry
        if entry is not None and not closed[s]:
            if entry["phase"] == "move" and moves[s] < depth:
                log[s].append({**entry, "drawn": drawn[s][0]})
                moves[s] += 1
            elif entry["phase"] == "power" and not power[s]:
                log[s].append({**entry, "drawn": drawn[s][1]})
                power[s] = True
            if moves[s] >= depth and power[s]:
                closed[s] = True
        if all(closed):
            break
    return log


def with_log(v, game, depth=DEPTH):
    """The view `v` of `game` with the public log of the others' decisions (key "log")."""
    return {**v, "log": public_log(game, v["seat"], depth)}
