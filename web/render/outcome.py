"""What a move would do, in words and as a small tag on its landing tile.

The facts come from `lepeuple.preview` (worked out from the player's view);
this module only says them: "noble attack: you +3, Fées −1", "pickaxe: a
power card", "stops at 5", a warning when the meeple is left where an
opponent could score with it.
"""

from lepeuple import home_owner, opposite

from ..i18n import t, tn
from .cards import signed
from .common import LETTERS, meeple_label, player_name


def outcome_text(outcome, seats, viewer):
    """One short sentence for a move's preview ("" when there is nothing to say)."""
    parts = []
    for step in outcome["steps"]:
        if step.get("pickaxe"):
            parts.append(t("outcome.pickaxe.full" if step.get("hand_full") or step.get("deck_empty")
                           else "outcome.pickaxe", tile=step["tile"]))
        elif "event" in step:
            parts.append(_event(step["event"], seats, viewer))
        elif "partner_choice" in step:
            parts.append(t("outcome.partner", tile=step["tile"]))
    if outcome.get("stops_early"):
        parts.append(t("outcome.stops", tile=outcome["steps"][0]["tile"]))
    if outcome.get("redeployed"):
        parts.append(t("outcome.redeployed"))
    if outcome.get("exposed"):
        parts.append(exposed_text(outcome, seats, viewer))
    return "; ".join(parts) if parts else t("outcome.nothing")


def exposed_text(outcome, seats, viewer):
    """Both sides of a meeple left on an open flank: a risk for the home's owner, a
    helper's point for the viewer (R14), said from the preview's facts."""
    tile, home = outcome["final"], outcome["exposed_home"]
    victim = home_owner(home)
    if victim == viewer:
        return t("outcome.exposed.own", tile=tile, opposite=opposite(tile))
    return t("outcome.exposed", tile=tile, opposite=opposite(tile), victim=player_name(seats, victim))


def _event(event, seats, viewer):
    points = []
    for seat, delta in enumerate(event["deltas"]):
        if delta:
            who = t("outcome.you") if seat == viewer else player_name(seats, seat)
            points.append(f"{who} {signed(delta)}")
    text = t("outcome.event", kind=t("event." + event["kind"]), points=", ".join(points) or _none_told(event))
    if event.get("defendable"):
        text = t("outcome.defendable", text=text)
    return text


def _none_told(event):
    """No change to say: with hidden scores, others' points are untold, not none."""
    return t("log.points_hidden") if any(d is None for d in event["deltas"]) else t("log.no_points")


def outcome_tag(outcome, view):
    """A landing tag: the whole change of one way to a tile, in a few characters each —
    "you +2, B +1, your home −1" (R14's parts, others by their people's letter),
    "+card" for a pickaxe draw (with the letter of who draws when it is not the viewer),
    "?" for a partner choice, "reaches 12" when the viewer reaches the target score, "open: B +2,
    F +2" when the meeple would be left where those who play first could score with it."""
    viewer = view["seat"]
    tags = []
    for step in outcome["steps"]:
        if "event" in step:
            tags.append(", ".join(_parts(step["event"], view)) or _none_told(step["event"]))
        elif step.get("pickaxe") and not (step.get("hand_full") or step.get("deck_empty")):
            drawer = outcome["owner"]
            tags.append(t("outcome.tag.pickaxe") if drawer == viewer else f"{LETTERS[drawer]} {t('outcome.tag.pickaxe')}")
        elif "partner_choice" in step:
            tags.append(t("outcome.tag.partner"))
    if outcome.get("wins"):  # the engine's reading of the target (lepeuple.preview)
        tags.append(t("outcome.tag.target", target=view["options"]["target"]))
    if outcome.get("exposed"):  # who plays before the viewer and could score off the meeple left open
        # Letters only, to read at a glance: the tag's words (outcome_text) and the legend say the points.
        who = " ".join(LETTERS[s] for s, _ in outcome.get("exposed_threats", ()))
        tags.append(t("outcome.tag.open", who=who) if who else t("outcome.tag.open.none"))
    return " · ".join(tags)


def _parts(event, view):
    """["you +3", "B −1", …] of an event: each part of
    R14 with whose it is, a home's loss as "your home −1" / "B's home −1" (after the
    floor at 0: a loss that does not happen is left out). A seat whose change comes to 0
    is never listed, as in every other line that says points. Hidden scores: the viewer's only."""
    viewer = view["seat"]
    hidden = view["options"]["scores"] == "hidden"
    out = []
    for seat, delta, reason in event["parts"]:  # the home's part after the floor (lepeuple.preview)
        if (hidden and seat != viewer) or not event["deltas"][seat]:
            continue  # a seat whose change comes to 0 (a helper's +1 paid by its home) is not listed
        if reason == "home":
            if not delta:  # a loss that does not happen (the floor at 0)
                continue
            who = t("outcome.tag.home.you") if seat == viewer else t("outcome.tag.home", who=LETTERS[seat])
        else:
            who = t("outcome.you") if seat == viewer else LETTERS[seat]
        out.append(f"{who} {signed(delta)}")
    return out


# ----- power cards -----------------------------------------------------------

def power_text(effect, seats, viewer):
    """What a power card would do, in one sentence from its preview's facts: who gains or
    loses what, or why it would do nothing ("Bob has 0 points: no effect")."""
    target = player_name(seats, effect["target"]) if effect["target"] is not None else None
    said = _no_effect(effect, target)
    if said is None:
        parts = _gains(effect, seats, viewer) + _other_effects(effect, target, seats, viewer)
        said = t("list.sep").join(parts) if parts else t("outcome.nothing")
        if effect["maybe_nothing"]:
            said = t("power.effect.maybe", text=said, name=target)
    if effect["defendable"] and effect["no_effect"] is None:  # nothing to cancel: no caveat
        said = t("power.effect.defendable", text=said, name=target)
    return said


def _no_effect(effect, target):
    reason = effect["no_effect"]
    if reason is None:
        return None
    return t("power.effect.none." + reason, name=target)


def _gains(effect, seats, viewer):
    """"you +1, Bob −1"; "you +1 card, Bob −1 card": the changes of score and of hand."""
    who = lambda s: t("outcome.you") if s == viewer else player_name(seats, s)
    parts = [f"{who(s)} {signed(d)}" for s, d in enumerate(effect["deltas"]) if d]
    parts += [tn("power.effect.cards", abs(d), who=who(s), sign="+" if d > 0 else "−")
              for s, d in enumerate(effect["cards"]) if d]
    if effect["wins"]:
        parts.append(t("power.effect.wins"))
    return parts


def _open_after(opened, seats, viewer):
    """What a Permutation leads to: each of the viewer's meeples left exposed, with who could
    score off it and how much, or that none is."""
    if not opened:
        return t("power.effect.swap.safe")
    who = lambda s: t("outcome.you") if s == viewer else player_name(seats, s)
    return t("list.sep").join(
        t("power.effect.swap.open", meeple=meeple_label(e["meeple"]), tile=e["tile"],
          who=t("list.sep").join(f"{who(s)} {signed(g)}" for s, g in e["threats"])) if e["threats"]
        else t("power.effect.swap.open.later", meeple=meeple_label(e["meeple"]), tile=e["tile"])
        for e in opened)


def _other_effects(effect, target, seats=None, viewer=None):
    out = []
    if effect["extra_turn"]:
        out.append(t("power.effect.extra_turn"))
    if effect["skip"] is not None:
        out.append(t("power.effect.skip", name=target))
    if effect["swap"] is not None:
        # What it leads to first: the button's room is short, and the swap itself is its name.
        out.append(_open_after(effect.get("open_after", []), seats, viewer))
        out.append(t("power.effect.swap", a=effect["swap"][0], b=effect["swap"][1]))
    if effect["shield_laid"]:
        out.append(t("power.effect.shield_laid"))
    return out
