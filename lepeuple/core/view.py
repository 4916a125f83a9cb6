"""What one seat may see (docs/rules.md R9).

`view(game, seat)` is plain JSON-able data: the UI and the bots work from it,
never from the true state (`Game.view` calls it; lepeuple/core/resample.py deals full
states consistent with a view). It reads the game's public fields only.
"""

from .actions import to_json

BANDS = ((0, 2), (3, 5), (6, 8), (9, 11), (12, None))


def band(score):
    """The progress band shown for a hidden score: '0-2' … '12+'."""
    for low, high in BANDS:
        if high is None or score <= high:
            return f"{low}-{high}" if high is not None else f"{low}+"
    raise AssertionError(score)


def view(game, seat):
    """The game as `seat` sees it; `seat=None` is a spectator (no hand at all)."""
    n = game.players
    hidden = game.options["scores"] == "hidden" and not game.is_over
    return {
        "seat": seat,
        "players": n,
        "options": dict(game.options),
        "tiles": game.tiles,
        "meeples": [[game.pos[2 * s], game.pos[2 * s + 1]] for s in range(n)],
        "scores": [None if hidden and s != seat else game.scores[s] for s in range(n)],
        "bands": [band(game.scores[s]) for s in range(n)],
        "hand": None if seat is None else {"movement": game.moves[seat][:], "power": game.powers[seat][:]},
        "hand_sizes": [{"movement": len(game.moves[s]), "power": len(game.powers[s])} for s in range(n)],
        "known": [_known(game, seat, s) for s in range(n)],
        "decks": None if game.origins is None else game.origins.to_json(),
        **public(game),
        "pending": _pending_json(game),
    }


def public(game):
    """What everyone sees of the table besides meeples and scores (R9): pile sizes and
    discards, whose turn and phase, skips, extra turns, shields, the end. The views and
    the scenario command's full state (lepeuple.core.setup.state_json) both show it."""
    return {
        "movement_deck": len(game.mdeck),
        "power_deck": len(game.pdeck),
        "movement_discard": game.mdisc[:],
        "power_discard": game.pdisc[:],
        "active": game.active,
        "to_move": game.to_move,
        "phase": game.phase,
        "skips": game.skips[:],
        "extra_turns": game.extra,
        "shields": game.shields[:],
        "over": game.is_over,
        "winners": game.winners[:],
    }


def _known(game, seat, holder):
    """The cards `seat` knows to be in `holder`'s hand (Bandit, Troc, a Défense question)."""
    if holder == seat:
        return []
    return sorted((c for c, seats in game.known[holder].items() if seat in seats), key=str)


def _pending_json(game):
    """The public details of a decision in progress (partner or Défense)."""
    p = game.pending
    if p is None:
        return None
    if game.phase == "partner":
        m, choices = p
        return {"kind": "partner", "meeple": list(_meeple(m)), "tile": game.pos[m],
                "choices": [list(_meeple(k)) for k in choices]}
    if p[0] == "power":
        return {"kind": "power", "action": to_json(p[1]), "attacker": game.active, "target": p[1].target}
    _, m, k, deltas = p
    return {"kind": "event", "meeple": list(_meeple(m)), "partner": list(_meeple(k)),
            "home": game.pos[m] + (1 if game.pos[m] % 4 == 1 else -1), "deltas": list(deltas),
            "attacker": game.active, "target": game.to_move}


def _meeple(m):
    """The (seat, index) pair of meeple number m."""
    return (m >> 1, m & 1)
