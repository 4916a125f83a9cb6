"""What a move would do, in words and as a small tag on its landing tile.

The facts come from `lepeuple.preview` (worked out from the player's view);
this module only says them: "noble attack: you +3, Fées −1", "pickaxe: a
power card", "stops at 5", a warning when the meeple is left where an
opponent could score with it.
"""

from ..i18n import t
from .cards import signed
from .common import player_name


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
        parts.append(t("outcome.exposed", tile=outcome["final"]))
    return "; ".join(parts) if parts else t("outcome.nothing")


def _event(event, seats, viewer):
    points = []
    for seat, delta in enumerate(event["deltas"]):
        if delta:
            who = t("outcome.you") if seat == viewer else player_name(seats, seat)
            points.append(f"{who} {signed(delta)}")
    text = t("outcome.event", kind=t("event." + event["kind"]), points=", ".join(points) or t("log.no_points"))
    if event.get("defendable"):
        text = t("outcome.defendable", text=text)
    return text


def outcome_tag(outcome, viewer):
    """A few characters for the landing tile: the viewer's points, "+card" for a
    pickaxe draw (an emoji pickaxe is missing from many fonts), "?" for a partner
    choice, "!" when the meeple would be left where an opponent can score with it."""
    tags = []
    for step in outcome["steps"]:
        if "event" in step:
            tags.append(signed(step["event"]["deltas"][viewer]) if viewer is not None else "*")
        elif step.get("pickaxe") and not (step.get("hand_full") or step.get("deck_empty")):
            tags.append(t("outcome.tag.pickaxe"))
        elif "partner_choice" in step:
            tags.append("?")
    if outcome.get("exposed"):
        tags.append("!")
    return " ".join(tags)
