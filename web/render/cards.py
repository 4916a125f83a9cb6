"""Card art, our own: movement cards (arrow, circled X, split Y/Z, squared S)
and power cards (printed French name, a glyph, the effect in the player's language)."""

from lepeuple import MOVEMENT, NAMES

from ..i18n import power_title, t
from ..markup import classes, h
from .art import power_picture


def signed(n):
    """+3, −2 (a real minus sign), 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def arrow(own):
    """Grey arrow pointing down: your meeple; black arrow pointing up: an opponent's (as printed)."""
    d = "M12 20 L5 11 H10 V4 H14 V11 H19 Z" if own else "M12 4 L19 13 H14 V20 H10 V13 H5 Z"
    return h("svg", {"class": "arrow", "viewBox": "0 0 24 24", "aria-hidden": "true"},
             h("path", {"d": d, "fill": "#8a8f98" if own else "#fff"}))


def kind_band(own):
    """The top of a movement card, read at a glance: a light band with the grey arrow and a
    pawn for "one of your meeples", a black band with the white arrow and a pawn with a
    cross-hatched head for "an opponent's meeple"."""
    head = h("circle", {"cx": 17, "cy": 7, "r": 3.2, "fill": "#8a8f98" if own else "#fff"})
    body = h("path", {"d": "M13 20 Q13.6 13 17 11.5 Q20.4 13 21 20 Z", "fill": "#8a8f98" if own else "#fff"})
    mark = None if own else h("path", {"d": "M24 6 L30 12 M30 6 L24 12", "stroke": "#f2b705", "stroke-width": 2.2,
                                       "stroke-linecap": "round"})
    return h("span", {"class": "kind-band"}, arrow(own),
             h("svg", {"class": "kind-pawn", "viewBox": "0 0 32 22", "aria-hidden": "true"}, head, body, mark))


def movement_label(card_id):
    """The card in words (accessible name and title)."""
    card = MOVEMENT[card_id]
    parts = [t("card.number", id=card_id), t("card.own" if card.own else "card.other"),
             t("card.circle", x=signed(card.shift))]
    if card.split:
        parts.append(t("card.split", y=signed(card.split[0]), z=signed(card.split[1])))
    parts.append(t("card.square", s=card.square))
    return ", ".join(parts)


def movement_face(card_id):
    """The face of a movement card (no button around it): whose meeple it moves (the band),
    the circled shift, the split's two steps inside the card, the squared tile."""
    card = MOVEMENT[card_id]
    split = None
    if card.split:
        # As printed: the first step unsigned when it goes clockwise ("2 ③ +1"); here under
        # the circle, inside the card at any size: "2 › +1".
        y = card.split[0]
        split = h("span", {"class": "split"}, h("span", {"class": "split-y"}, str(y) if y >= 0 else f"−{-y}"),
                  h("span", {"class": "split-then", "aria-hidden": "true"}, "›"),
                  h("span", {"class": "split-z"}, signed(card.split[1])))
    return [
        kind_band(card.own),
        h("span", {"class": "card-id"}, card_id),
        h("span", {"class": "shift"}, signed(card.shift)),
        split,
        h("span", {"class": "square"}, card.square),
    ]


def power_face(card_id, shield_mode=False, whole=False):
    """A power card's face: name, picture, text. Défense's whole text is too long for a card
    in the hand, which says it in a few words ("power.defense.face"); its zoomed copy, its
    name and its tip (`whole`, `power_label`) say it all."""
    text_key = _text_key(card_id, shield_mode)
    if card_id == "defense" and not whole:
        text_key += ".face"
    return [
        h("span", {"class": "power-name"}, NAMES[card_id]),
        power_picture(card_id),
        h("span", {"class": "power-text"}, t(text_key)),
    ]


def _text_key(card_id, shield_mode):
    return "power.defense.shield" if card_id == "defense" and shield_mode else "power." + card_id


def power_label(card_id, shield_mode=False):
    return f"{power_title(card_id)}: {t(_text_key(card_id, shield_mode))}"


def card(card_id, *, playable=False, selected=False, hinted=False, shield_mode=False, small=False):
    """A card of a hand (a button when it can be selected) or shown on the table."""
    is_power = isinstance(card_id, str)
    label = power_label(card_id, shield_mode) if is_power else movement_label(card_id)
    face = power_face(card_id, shield_mode) if is_power else movement_face(card_id)
    cls = classes("card", "power" if is_power else "movement", f"power-{card_id}" if is_power else None,
                  own=not is_power and MOVEMENT[card_id].own, other=not is_power and not MOVEMENT[card_id].own,
                  selected=selected, hinted=hinted, small=small, disabled=not playable)
    tip = label if is_power else t("words.join", move=label, tile=t("tip.movement"))
    fly = f"card-{card_id}"  # the same card anywhere on the page: web/dom.py animates its moves
    rule = "R5" if is_power else "R4"  # the rules section a long-press on the card opens
    # data-zoom: the card may be shown larger, by a copy of its face drawn above it (style.css:
    # on hover; on touch screens a long press marks the card .zoomed). The copy takes no
    # clicks, so the cards beside it stay within reach.
    shared = {"data-fly": fly, "data-key": fly, "data-rule": rule, "data-zoom": True, "title": tip, "aria-label": label}
    zoom = h("span", {"class": "card-zoom", "aria-hidden": "true"},
             power_face(card_id, shield_mode, whole=True) if is_power else movement_face(card_id))
    if not playable:
        return h("div", {"class": cls, "role": "img", **shared}, face, zoom)
    return h("button", {"type": "button", "class": cls, "data-act": "card", "data-arg": _card_arg(card_id),
                        "aria-pressed": "true" if selected else "false", **shared},
             face, zoom)


def _card_arg(card_id):
    return f'"{card_id}"' if isinstance(card_id, str) else str(card_id)


def back(kind, count):
    """A face-down deck with its size."""
    return h("div", {"class": f"card back back-{kind}", "aria-hidden": "true", "data-fly": f"deck-{kind}"},
             h("span", {"class": "back-mark"}, "LDP"), h("span", {"class": "back-count"}, count))
