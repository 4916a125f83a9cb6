"""What a move will do, worked out from what the player can see (a view) only.

The page shows it while a player points at a landing tile. `preview(view, action)`
reads nothing but the view — the ring, the meeples, hand sizes, deck sizes, the
scores the viewer may see and the public shields — so two games that look the same
to the viewer preview the same, whatever the hidden hands and decks hold. It
never says which card a pickaxe draws, whether the victim of an event holds
Défense (option reaction: only that the event could be defended), nor where a
redeployment puts the meeples (deck order is hidden).

The steps, their stops and the events' points are the engine's own resolution
(lepeuple/core/resolve.py); what the preview adds is what the viewer can tell of the
hidden rest: whether a pickaxe finds a card, how the floor at 0 bites on scores it
sees. tests/test_preview.py checks each preview against the events the engine then
produces.

>>> from lepeuple import new_game, preview
>>> g = new_game(3, None, 1, {"meeples": [[3, 2], [6, 6], [10, 10]],
...                           "hands": [{"movement": [8]}, {}, {}]})
>>> p = preview(g.view(0), {"type": "move", "card": 8, "meeple": [0, 1], "how": "circle"})
>>> p["steps"], p["final"], p["exposed"]
([{'tile': 5}], 5, True)
"""

import json

from ..core import ring
from ..core.actions import Move, from_json
from ..core.cards import MOVEMENT
from ..core.errors import IllegalAction, InvalidAction
from ..core.game import HAND_LIMIT
from ..core.resolve import PICKAXE, hops, is_offensive, points, resolve


def preview(view, action):
    """A plain dict saying what Move `action` (object or JSON) does, seen from `view`:

    - "steps": one dict per step, in order: {"tile": t} plus, when the tile does
      something, "pickaxe": True (the moved meeple's owner draws a power card) with
      "hand_full": True when the limit stops the draw or "deck_empty": True when
      there is nothing to draw; or "event": {...} (see `_event`); or
      "partner_choice": [[seat, index], ...] with "outcomes": [event, ...] (one per
      choice) when the mover must choose the partner — the preview stops there.
    - "partner_choice": True when a partner choice stops the preview.
    - "stops_early": True when a split's first step causes an event (R11).
    - "redeployed": True when an event sends both meeples to redeployment (R17);
      where they go is hidden.
    - "final": the moved meeple's tile after the move, None when it is redeployed.
    - "exposed": True when the viewer's own meeple ends the move on a flank whose
      opposite flank is empty: a meeple that ends a move there scores with it, the
      viewer's meeple the helper (R14: its mover +2, the viewer +1, the home's owner −1);
      "exposed_home": that flank's home (None when not exposed).
    - "owner": the seat owning the moved meeple (who draws at a pickaxe).
    - "key": a string equal for two moves exactly when their results are the same
      (the same pickaxe draws and events, the same final tile); see `same_outcome`.

    Raises InvalidAction for anything that is not a Move, IllegalAction for a move
    the viewer cannot play now.
    """
    move = _checked(view, action)
    owner = move.meeple[0]
    pos = [t for pair in view["meeples"] for t in pair]
    m = 2 * move.meeple[0] + move.meeple[1]
    draws = _Draws(view)
    steps: list[dict] = []
    out: dict = {"partner_choice": False, "stops_early": False, "redeployed": False}
    path = hops(move.card, move.how, pos[m], view["tiles"])
    for to, stop in resolve(pos, m, path, view["active"]):
        step = {"tile": to}
        steps.append(step)
        if stop is PICKAXE:  # R12: the moved meeple's owner draws a power card
            step.update(draws.power(owner))
        elif stop is not None:  # R13: an event
            _meet(step, out, view, m, to, stop)
            out["stops_early"] = len(steps) < len(path)
    final = None if out["redeployed"] else steps[-1]["tile"]
    out["steps"], out["final"] = steps, final
    pos[m] = steps[-1]["tile"]
    out["exposed"] = (final is not None and owner == view["seat"] and ring.is_flank(final)
                      and ring.opposite(final) not in pos)
    out["exposed_home"] = ring.flanked_home(final) if out["exposed"] else None
    out["key"] = _key(steps, final)
    out["owner"] = owner
    return out


def _checked(view, action):
    """The Move of `action`, if the viewer may play it now; else a typed error."""
    move = from_json(action)
    if type(move) is not Move:
        raise InvalidAction(f"a preview is of a move, not a {move.type}")
    seat, active = view["seat"], view["active"]
    card, owner = MOVEMENT[move.card], move.meeple[0]
    if view["phase"] != "move" or seat != active:
        raise IllegalAction(f"seat {seat} has no move to play now")
    if move.card not in view["hand"]["movement"]:
        raise IllegalAction(f"movement card {move.card} is not in seat {seat}'s hand")
    if owner >= view["players"] or (owner == active) != card.own:
        raise IllegalAction(f"card {move.card} cannot move meeple {list(move.meeple)}")
    if move.how == "split" and card.split is None:
        raise IllegalAction(f"card {move.card} has no split")
    return move


class _Draws:
    """Power cards drawn on pickaxes during the move, against public hand and pile sizes."""

    def __init__(self, view):
        self.sizes = [h["movement"] + h["power"] for h in view["hand_sizes"]]
        self.sizes[view["active"]] -= 1  # the card played leaves the hand first (R7)
        self.left = view["power_deck"] + len(view["power_discard"])

    def power(self, owner):
        """What a pickaxe step says: a card drawn, or why none (R8, R7)."""
        if self.sizes[owner] >= HAND_LIMIT:
            return {"pickaxe": True, "hand_full": True}
        if not self.left:
            return {"pickaxe": True, "deck_empty": True}
        self.sizes[owner] += 1
        self.left -= 1
        return {"pickaxe": True}


def _meet(step, out, view, m, to, choices):
    """An event on flank `to` (R13): its points, or the partner choice that decides them."""
    if len(choices) > 1:
        step["partner_choice"] = [list(_meeple(k)) for k in choices]
        step["outcomes"] = [_event(view, m, k, to) for k in choices]
        out["partner_choice"] = True
    else:
        step["event"] = _event(view, m, choices[0], to)
    out["redeployed"] = True


def same_outcome(view, a, b):
    """Do moves `a` and `b` (of one card and meeple, say, reaching one tile) lead to
    the same result — the same pickaxe draws and events, the same final tile? The
    page asks "which way?" only when they do not."""
    return preview(view, a)["key"] == preview(view, b)["key"]


def _key(steps, final):
    """What a move results in, without the tiles it only passed through."""
    done = [{k: v for k, v in step.items() if k != "tile"} for step in steps]
    return json.dumps([[d for d in done if d], final], sort_keys=True)


def _meeple(k):
    return (k >> 1, k & 1)


def _event(view, m, k, tile):
    """The event of moved meeple m with partner k on `tile` (R14-R16), scored against
    the scores `view` shows: {"kind", "home", "meeple", "partner", "deltas",
    "raw", "defendable", "shield"}.

    "deltas" are the changes as applied, the floor at 0 included (R15). A score the
    viewer cannot see (option scores=hidden) is known only by its band: when the
    band cannot tell whether the floor bites, that seat's delta is the raw change
    and the seat is listed in "raw". "defendable" (option reaction): the victim is
    another player than the active one and may hold Défense (whether they do is
    hidden); if they play it nobody scores. "shield" (option shield): the victim's
    face-down Défense cancels its −1, as reflected in "deltas"."""
    active, players = view["active"], view["players"]
    kind, home, deltas = points(m, k, tile, active, players)
    victim = ring.home_owner(home)
    offensive = is_offensive(kind, victim, active)
    shield = offensive and view["options"]["defense"] == "shield" and view["shields"][victim]
    if shield:
        deltas[victim] += 1
    applied, raw = [], []
    for seat in range(players):
        delta, score = deltas[seat], view["scores"][seat]
        if score is None:
            low = int(view["bands"][seat].split("-")[0].rstrip("+"))
            if low + delta < 0:
                raw.append(seat)
            else:
                score = low
        applied.append(delta if score is None else max(0, score + delta) - score)
    return {"kind": kind, "home": home, "meeple": list(_meeple(m)), "partner": list(_meeple(k)),
            "deltas": applied, "raw": raw,
            "defendable": offensive and view["options"]["defense"] == "reaction",
            "shield": bool(shield)}
