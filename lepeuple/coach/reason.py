"""Why a bot chose its action: the facts its decision weighed, for a page to put in words.

`why(view, action, weighed)` reads the deciding seat's view (never the true
state), the chosen action as `lepeuple.preview` works it out (a move's
pickaxes and events) or as the view shows its effect (a power card's target:
score, hand size), and what the search weighed (`Thinking.weighed()`: each
candidate it tried with its estimated chance to win). The answer is plain
JSON-able data, in no language:

    {"kind": "event", "event": "noble_attack", "victim": 1, "deltas": [3, -1, 0],
     "tile": 5, "seat": 0, "chance": 0.41, "next": {"action": {...}, "chance": 0.35}}

Kinds: "event" (a move that scores; "wins" when it reaches the target),
"partner_choice", "pickaxe" ("drawer": who draws the power card), "off_flank"
(an opponent's meeple taken off a flank: "supply" when it was on its own home's
flank), "anchor" (the seat's meeple set on a flank of "victim"'s home),
"move" (none of these), "draw", "power" (per card: "target" and what the
view shows of it), "pass", "partner", "defend". "chance" and "next" are
present when the bot weighed more than one action.

Hidden means hidden: everything here comes from the view, so redealing the
cards the seat cannot see changes nothing (tests/test_bot_reasons.py). A card
in someone's hand appears only in "known" (cards the seat knows another holds,
view["known"]); the page names such a card only to its holder.
"""

from ..core import ring
from ..core.actions import from_json, to_json
from ..core.cards import GAINS, TARGETED
from ..core.game import HAND_LIMIT, reaches_target
from .explain import scoring
from .preview import preview


def why(view, action, weighed=()):
    """The reason for `action` (object or JSON) chosen from `view`; `weighed` is
    [(action, chance to win, tries), ...] (empty: nothing weighed)."""
    action = from_json(action)
    out = _facts(view, action)
    out["seat"] = view["seat"]
    mine = next((w for w in weighed if w[0] == action), None)
    others = [w for w in weighed if w[0] != action]
    if mine is not None and others:
        out["chance"] = round(mine[1], 3)
        best = max(others, key=lambda w: (w[2], w[1]))  # the runner-up as the search ranks: tries, then mean
        out["next"] = {"action": to_json(best[0]), "chance": round(best[1], 3)}
    return out


def _facts(view, a):
    kind = a.type
    if kind == "move":
        return _move(view, a)
    if kind == "draw":
        seat = view["seat"]
        sizes = view["hand_sizes"][seat]
        held = sizes["movement"] + sizes["power"]
        return {"kind": "draw", "hand": held, "after": min(held + 2, HAND_LIMIT)}  # R8
    if kind == "power":
        return _power(view, a)
    if kind == "pass":
        return _pass(view)
    if kind == "partner":
        return _partner(view, a)
    return _defend(view, a)


def _move(view, a):
    """What the move does, most telling first: an event, a partner to choose, a power
    card drawn, an opponent's meeple taken off a flank, a meeple set by a rival's home."""
    seat, target = view["seat"], view["options"]["target"]
    p = preview(view, a)
    base = {"meeple": list(a.meeple), "card": a.card, "tile": p["final"]}
    for step in p["steps"]:
        if "event" in step:
            e = step["event"]
            score = view["scores"][seat]
            wins = score is not None and reaches_target(score + e["deltas"][seat], view["options"])
            return {**base, "kind": "event", "event": e["kind"], "victim": ring.home_owner(e["home"]),
                    "deltas": e["deltas"], "tile": step["tile"], "wins": wins, "target": target}
        if step.get("partner_choice"):
            return {**base, "kind": "partner_choice", "tile": step["tile"]}
    draws = [s for s in p["steps"] if s.get("pickaxe") and not (s.get("hand_full") or s.get("deck_empty"))]
    if draws:
        return {**base, "kind": "pickaxe", "drawer": a.meeple[0], "tile": draws[0]["tile"]}
    here = view["meeples"][a.meeple[0]][a.meeple[1]]
    if a.meeple[0] != seat and ring.is_flank(here):
        owner = ring.home_owner(ring.flanked_home(here))
        return {**base, "kind": "off_flank", "from": here, "victim": owner, "owner": a.meeple[0],
                "supply": owner == a.meeple[0]}
    final = p["final"]
    if a.meeple[0] == seat and final is not None and ring.is_flank(final):
        owner = ring.home_owner(ring.flanked_home(final))
        if owner != seat:
            return {**base, "kind": "anchor", "victim": owner}
    return {**base, "kind": "move"}


def _power(view, a):
    """The card and what the view shows of its effect: the target's score and hand,
    one's own score, the two meeples a Permutation swaps."""
    seat, card = view["seat"], a.card
    out = {"kind": "power", "card": card, "score": view["scores"][seat]}
    if card in TARGETED:
        t = a.target
        sizes = view["hand_sizes"][t]
        out.update(target=t, target_score=view["scores"][t], target_hand=sizes["movement"] + sizes["power"],
                   leader=_leads(view, t))
        if card == "troc":
            own = view["hand_sizes"][seat]
            out["hand"] = own["movement"] + own["power"] - 1  # Troc itself leaves the hand first
    elif card == "permutation":
        tiles = [view["meeples"][m[0]][m[1]] for m in (a.meeple, a.other)]
        out.update(meeple=list(a.meeple), other=list(a.other), tiles=tiles)
    elif card in GAINS:
        out["target"] = view["options"]["target"]
        out["after"] = None if out["score"] is None else out["score"] + GAINS[card]  # the score it leads to
        out["wins"] = out["after"] is not None and reaches_target(out["after"], view["options"])
    return out


def _leads(view, seat):
    """Is `seat` ahead of (or level with) every other opponent, as far as the view shows?"""
    scores = view["scores"]
    if scores[seat] is None:
        return False
    rivals = [s for s in range(view["players"]) if s not in (seat, view["seat"]) and scores[s] is not None]
    return all(scores[seat] >= scores[s] for s in rivals)


def _pass(view):
    """Keeping the power cards: how many, and the targeted cards the seat knows others hold."""
    seat = view["seat"]
    known = [[s, c] for s in range(view["players"]) for c in view["known"][s]
             if s != seat and isinstance(c, str) and c in TARGETED]
    return {"kind": "pass", "powers": view["hand_sizes"][seat]["power"], "known": known}


def _partner(view, a):
    """The chosen partner and the points it gives (R14)."""
    p = view["pending"]
    active, mover = view["active"], p["meeple"][0]
    home = ring.flanked_home(p["tile"])
    kind, parts = scoring(mover, a.meeple[0], ring.home_owner(home), active)
    deltas = [0] * view["players"]
    for s, d, _ in parts:
        deltas[s] += d
    return {"kind": "partner", "partner": list(a.meeple), "event": kind, "victim": ring.home_owner(home),
            "deltas": deltas, "tile": p["tile"]}


def _defend(view, a):
    """Défense played or kept, against what, and what the offensive would cost."""
    p, seat = view["pending"], view["seat"]
    out = {"kind": "defend", "play": a.play, "attacker": p["attacker"]}
    if p["kind"] == "power":
        out["against"] = p["action"]["card"]
    else:
        out["against"] = "event"
        out["loss"] = -p["deltas"][seat]
        out["gain"] = max(p["deltas"])
    return out
