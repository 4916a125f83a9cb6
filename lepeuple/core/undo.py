"""Taking decisions back (docs/engine.md; the policy: docs/rules-readings.md): which of a seat's last decisions may be
undone, and undoing them exactly.

A seat may take back the longest run of actions at the end of the history that it
decided itself (it was `to_move` when each was applied) and none of whose events
revealed something hidden or decided something at random (`BARRIERS`). Anything
before a barrier, or before another seat's action, stays.

Whether an action can be taken back depends only on what its actor saw: otherwise
"Take back" itself would tell a secret. So a targeted power card played at a seat
holding any power card is a barrier under option `defense=reaction`, whether or not
that seat was asked about Défense: offering to take it back only when nobody was
asked would tell the actor that the target held no Défense (`guarded`).

How the engine knows who decided each action and what it caused: by replaying the
record, here, when `undoable` is asked — never on the play path. `Game.apply` and
`push` record nothing more than the action (bots' search clones have no history
at all), so the speed of play is untouched. The replay is incremental
(lepeuple/core/shadow.py): a private shadow game keeps the marks of the actions replayed
so far, and the next question replays only the actions appended since; any other
change to the history (an undo, a hand-edited list) starts the replay afresh.

`undo(count)` replays the setup and `history[:-count]` into a fresh game and takes
its whole state: the record, every view, `legal_actions()`, the random source and
`last_events()` are those of a game that never played the undone actions.
`last_events()` afterwards is the events of the new last action (or of setting the
game up when no action is left).
"""

from .cards import TARGETED
from .errors import UndoError, show
from .shadow import Shadow

BARRIERS = frozenset({
    "draw",  # a card drawn: movement-phase draws, pickaxes, Chance (hidden and random)
    "reshuffle",  # a discard pile shuffled (random)
    "steal",  # Bandit: a card chosen at random, seen by two players
    "discard",  # Magie Noire: a card chosen at random, shown
    "redeploy",  # the top movement card decides where a meeple goes
    "ask_defense",  # a Défense question shows that the target holds the card
    "swap_hands",  # Troc: each side sees the hand it receives
    "over",  # the game ended
})
"""Event types that no decision can be taken back across."""

# Every slot of Game that a replay rebuilds; the rest (players, options, seed, tiles,
# setup, what set it up, history and this module's replay) are the game's identity and
# are kept.
_KEPT = frozenset({"players", "options", "seed", "tiles", "setup", "made_by", "history", "shadow"})


def marks(game):
    """[(seat that decided it, whether it crossed a barrier)] for each action of the
    history, in order; [] for a game without history."""
    history = game.history
    if not history:
        return []
    shadow = getattr(game, "shadow", None)  # an unset slot: never asked yet, or a clone
    if shadow is None or not shadow.fits(history):
        shadow = game.shadow = Shadow(game)
    return shadow.follow(history, _mark)


def _mark(shadow, action):
    seat = shadow.to_move
    barrier = guarded(shadow, action)  # asked before the action changes the hands
    return seat, any(e[0] in BARRIERS for e in shadow.push(action)) or barrier


def guarded(game, action):
    """Might Défense have met `action` (R16, option reaction)? True for a targeted power
    card at a seat holding at least one power card: how many power cards a seat holds
    is public (R9), which of them is Défense is not."""
    return (action.type == "power" and action.card in TARGETED and game.options["defense"] == "reaction"
            and bool(game.hand(action.target)[1]))


def undoable(game, seat):
    """How many of the last actions of the history `seat` may take back now."""
    count = 0
    for decider, barrier in reversed(marks(game)):
        if barrier or decider != seat:
            break
        count += 1
    return count


def undo(game, count=1):
    """Take back the last `count` actions; raise UndoError and change nothing unless
    1 <= count <= undoable(game, seat that decided the last action)."""
    if type(count) is not int:
        raise UndoError(f"undo takes a whole number of actions, not {show(count)}")
    done = marks(game)
    allowed = undoable(game, done[-1][0]) if done else 0
    if not 1 <= count <= allowed:
        if not done:
            raise UndoError("nothing to undo: no action has been played")
        raise UndoError(f"cannot undo {show(count)} action{'s' if count != 1 else ''}: "
                        f"seat {done[-1][0]} may take back {allowed} now")
    g = game.fresh()
    kept = game.history[:-count]
    for action in kept:
        g.push(action)
    for name in type(game).__slots__:
        if name not in _KEPT:
            setattr(game, name, getattr(g, name))
    del game.history[len(kept):]  # in place: whoever holds the list sees it shortened
    game.shadow = None
