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
from ..core.actions import Move, Power, from_json
from ..core.cards import GAINS, MOVEMENT, TARGETED
from ..core.errors import IllegalAction, InvalidAction
from ..core.game import HAND_LIMIT, card_moves, reaches_target
from ..core.resolve import PICKAXE, hops, is_offensive, points, resolve, scoring
from .exposure import attack, exposed_meeples, turns_before


def preview(view, action):
    """A plain dict saying what Move or Power `action` (object or JSON) does, seen from
    `view`. A power card: see `power_preview`. A move:

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
      "exposed_home": that flank's home and "exposed_gain" the viewer's change then (+1,
      or 0 by their own home; None when not exposed); "exposed_threats": [[seat, gain], ...],
      the seats that play before the viewer's next turn and what each scores by ending a
      move of its own meeple on the other flank (lepeuple.coach.exposure; [] when not exposed).
    - "owner": the seat owning the moved meeple (who draws at a pickaxe).
    - "wins": True when the move's points take the viewer to the target score.
    - "key": a string equal for two moves exactly when their results are the same
      (the same pickaxe draws and events, the same final tile); see `same_outcome`.

    Raises InvalidAction for anything that is not a Move or a Power, IllegalAction for
    an action the viewer cannot play now. During the viewer's own power phase a move is
    previewed as the movement phase would play it if no power card changed the table first
    ("ahead": True).
    """
    if type(from_json(action)) is Power:
        return power_preview(view, action)
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
    out["exposed_gain"] = _helper_gain(view, out["exposed_home"]) if out["exposed"] else None
    out["exposed_threats"] = _threats(view, out["exposed_home"]) if out["exposed"] else []
    out["wins"] = _wins(view, steps)
    out["key"] = _key(steps, final)
    out["owner"] = owner
    out["ahead"] = view["phase"] == "power"
    return out


def coming_moves(view):
    """In the viewer's own power phase: every move of the movement phase to come, one per
    movement card in hand, meeple and way (the engine's own table, core.game.card_moves),
    so that a player may look at a movement card before deciding on a power card. Empty
    at any other moment. Each can be previewed (`preview`: "ahead")."""
    seat = view["seat"]
    if view["phase"] != "power" or seat != view["active"] or view["hand"] is None:
        return ()
    return tuple(a for card in view["hand"]["movement"] for a in card_moves(view["players"], seat, card))


def _helper_gain(view, home):
    """The viewer's change when an opponent ends a move opposite its meeple by `home` (R14:
    +1 as the helper, and the home's −1 too when the home is the viewer's own)."""
    seat = view["seat"]
    rival = next(s for s in range(view["players"]) if s != seat)
    _, parts = scoring(rival, seat, ring.home_owner(home), rival)
    return sum(d for s, d, _ in parts if s == seat)


def _threats(view, home):
    """[[seat, gain], ...] of whoever plays before the viewer's next turn, once this move is
    made, and could score off the viewer's meeple left beside `home` (coach.exposure)."""
    seat = view["seat"]
    return [[rival, attack(view["players"], rival, seat, ring.home_owner(home))[rival]]
            for rival in turns_before(view, seat, moved=True)]


def _wins(view, steps):
    """Does the move take the viewer to the target score (the game then ends with the turn: R21)?"""
    seat = view["seat"]
    score = view["scores"][seat] if seat is not None else None
    if score is None:
        return False
    gain = sum(step["event"]["deltas"][seat] for step in steps if "event" in step)
    return gain > 0 and reaches_target(score + gain, view["options"])


def _checked(view, action):
    """The Move of `action`, if the viewer may play it now; else a typed error."""
    move = from_json(action)
    if type(move) is not Move:
        raise InvalidAction(f"a preview is of a move, not a {move.type}")
    seat, active = view["seat"], view["active"]
    card, owner = MOVEMENT[move.card], move.meeple[0]
    if view["phase"] not in ("move", "power") or seat != active:
        raise IllegalAction(f"seat {seat} has no move to play now or in this turn's movement phase")
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
            "deltas": applied, "raw": raw, "parts": _parts(m, k, victim, active, applied, bool(shield)),
            "defendable": offensive and view["options"]["defense"] == "reaction",
            "shield": bool(shield)}


def _parts(m, k, victim, active, applied, shield):
    """[[seat, delta, reason], ...]: R14's parts of the event as they apply, the home's −1
    after R15's floor and a shield (0 when it does not happen)."""
    _, parts = scoring(m >> 1, k >> 1, victim, active)
    out = []
    for seat, delta, reason in parts:
        if reason == "home":  # what the home's owner really loses: the rest of its change is its gains
            delta = 0 if shield else applied[seat] - sum(d for s, d, r in parts if s == seat and r != "home")
        out.append([seat, delta, reason])
    return out


# ----- power cards (R5) ----------------------------------------------------

def power_preview(view, action):
    """What power card `action` (Power object or JSON) does, seen from `view`, before it is
    played: every fact the view allows, none it hides.

    - "card", "target" (a seat or None);
    - "deltas": each seat's score change (R15's floor applied to the scores the view
      shows; a hidden score's change is its raw change, that seat listed in "raw");
    - "cards": each seat's change in hand size (Bandit, Magie Noire, Troc, Chance: R8);
    - "no_effect": why the card would be spent without effect ("no_points", "empty_hand",
      "empty_hands", "nothing_to_draw", "shield": the target's face-down Défense cancels
      it), else None; "maybe_nothing": True when a hidden score may be 0;
    - "defendable": True for a targeted card under option reaction: the target may answer
      with Défense (whether they hold it is hidden, and it is said of every target alike);
    - "extra_turn", "skip" (the seat whose next turn is skipped), "swap" ([tile, tile] of a
      Permutation's two meeples) and "open_after" (the viewer's meeples then exposed: [{"meeple",
      "tile", "threats": [[seat, gain], ...]}], lepeuple.coach.exposure), "shield_laid" (Défense
      laid face down: option shield);
    - "wins": True when the viewer's own gain reaches the target score;
    - "key": equal for two cards exactly when their results are the same.

    >>> from lepeuple import new_game
    >>> g = new_game(3, None, 1, {"hands": [{"power": ["sortilege"]}, {}, {}], "scores": [2, 0, 3]})
    >>> power_preview(g.view(0), {"type": "power", "card": "sortilege", "target": 1})["no_effect"]
    'no_points'
    """
    power = _checked_power(view, action)
    seat, card, target, n = view["seat"], power.card, power.target, view["players"]
    sizes = [h["movement"] + h["power"] for h in view["hand_sizes"]]
    sizes[seat] -= 1  # the card played leaves the hand first (R7)
    out = {"card": card, "target": target, "deltas": [0] * n, "raw": [], "cards": [0] * n, "no_effect": None,
           "maybe_nothing": False, "defendable": False, "extra_turn": False, "skip": None, "swap": None,
           "shield_laid": False, "wins": False}
    if card in TARGETED and view["options"]["defense"] == "shield" and view["shields"][target]:
        out["no_effect"] = "shield"  # the target's face-down Défense cancels it (option shield)
    elif card in TARGETED and view["options"]["defense"] == "reaction":
        # R16: said of every target alike, as of every event: a caveat that named only the
        # targets holding a power card read as knowing who holds Défense.
        out["defendable"] = True
    if out["no_effect"] is None:
        _POWER_EFFECTS.get(card, lambda *_: None)(view, power, sizes, out)
    score = view["scores"][seat]
    out["wins"] = bool(out["deltas"][seat] > 0 and score is not None
                       and reaches_target(score + out["deltas"][seat], view["options"]))
    out["key"] = json.dumps({k: v for k, v in out.items() if k not in ("card", "target")}, sort_keys=True)
    return out


def _checked_power(view, action):
    power = from_json(action)
    seat = view["seat"]
    if view["phase"] != "power" or seat != view["active"]:
        raise IllegalAction(f"seat {seat} has no power card to play now")
    if power.card not in view["hand"]["power"]:
        raise IllegalAction(f"power card {power.card} is not in seat {seat}'s hand")
    if power.card in TARGETED and (power.target is None or not 0 <= power.target < view["players"]
                                   or power.target == seat):
        raise IllegalAction(f"{power.card} needs an opponent as its target")
    return power


def _score_change(view, out, seat, delta):
    """`seat`'s score changes by `delta`, the floor at 0 applied to the score the view shows (R15)."""
    score = view["scores"][seat]
    if score is None:
        low = int(view["bands"][seat].split("-")[0].rstrip("+"))
        if low + delta < 0:
            out["raw"].append(seat)
            out["maybe_nothing"] = True
        out["deltas"][seat] += delta
        return delta
    applied = max(0, score + delta) - score
    out["deltas"][seat] += applied
    return applied


def _gain(view, power, sizes, out):
    _score_change(view, out, view["seat"], GAINS[power.card])


def _voleur(view, power, sizes, out):
    taken = -_score_change(view, out, power.target, -1)  # nothing from a target at 0 (R5)
    if view["scores"][power.target] == 0:
        out["no_effect"] = "no_points"
    elif taken:
        _score_change(view, out, view["seat"], taken)


def _sortilege(view, power, sizes, out):
    if not _score_change(view, out, power.target, -1) and view["scores"][power.target] == 0:
        out["no_effect"] = "no_points"


def _bandit(view, power, sizes, out):
    if not sizes[power.target]:
        out["no_effect"] = "empty_hand"
        return
    out["cards"][view["seat"]] += 1
    out["cards"][power.target] -= 1


def _magie_noire(view, power, sizes, out):
    if not sizes[power.target]:
        out["no_effect"] = "empty_hand"
        return
    out["cards"][power.target] -= 1


def _troc(view, power, sizes, out):
    mine, theirs = sizes[view["seat"]], sizes[power.target]
    if not mine and not theirs:
        out["no_effect"] = "empty_hands"
        return
    out["cards"][view["seat"]] += theirs - mine
    out["cards"][power.target] += mine - theirs


def _chance(view, power, sizes, out):
    seat, held, drawn = view["seat"], sizes[view["seat"]], 0
    for kind in ("movement", "power"):  # one of each, the hand limit applying to each (R8)
        # Chance itself lies on the power discard by then (R7), so it can be drawn again.
        if held < HAND_LIMIT and view[f"{kind}_deck"] + len(view[f"{kind}_discard"]) + (kind == "power") > 0:
            held, drawn = held + 1, drawn + 1
    out["cards"][seat] = drawn
    if not drawn:
        out["no_effect"] = "nothing_to_draw"


def _permutation(view, power, sizes, out):
    """The two tiles swapped, and what the swap leads to: the viewer's meeples that then stand
    exposed (coach.exposure), with who could score off each before the viewer's next turn."""
    out["swap"] = [view["meeples"][m[0]][m[1]] for m in (power.meeple, power.other)]
    meeples = [list(pair) for pair in view["meeples"]]
    (s, i), (t, j) = power.meeple, power.other
    meeples[s][i], meeples[t][j] = meeples[t][j], meeples[s][i]
    out["open_after"] = [{"meeple": e["meeple"], "tile": e["tile"], "threats": [list(x) for x in zip(e["threats"], e["gains"])]}
                         for e in exposed_meeples({**view, "meeples": meeples}) if e["meeple"][0] == view["seat"]]


_POWER_EFFECTS = {
    "force": _gain, "soin": _gain, "voleur": _voleur, "sortilege": _sortilege, "bandit": _bandit,
    "magie_noire": _magie_noire, "troc": _troc, "chance": _chance, "permutation": _permutation,
    "vitesse": lambda view, power, sizes, out: out.update(extra_turn=True),
    "massue": lambda view, power, sizes, out: out.update(skip=power.target),
    "defense": lambda view, power, sizes, out: out.update(shield_laid=True),
}
