"""Card art, our own: movement cards (arrow, circled X, split Y/Z, squared S)
and power cards (printed French name, a glyph, the effect in the player's language)."""

from lepeuple.core.cards import MOVEMENT, NAMES

from ..i18n import power_title, t
from ..markup import classes, h

# One simple glyph per power card, drawn with SVG paths of our own.
_GLYPHS = {
    "force": "M5 15 L9 9 L13 13 L19 5 M15 5 H19 V9",  # rising arrow
    "soin": "M10 4 H14 V10 H20 V14 H14 V20 H10 V14 H4 V10 H10 Z",  # cross
    "voleur": "M4 12 Q12 4 20 12 Q12 20 4 12 Z M12 10 A2 2 0 1 0 12.01 10",  # eye
    "sortilege": "M12 3 L14 10 L21 12 L14 14 L12 21 L10 14 L3 12 L10 10 Z",  # star
    "bandit": "M3 9 H21 L19 13 H5 Z M8 13 V16 M16 13 V16",  # mask
    "magie_noire": "M12 3 A9 9 0 1 0 21 12 A7 7 0 1 1 12 3 Z",  # moon
    "troc": "M4 8 H18 L14 4 M20 16 H6 L10 20",  # swap arrows
    "vitesse": "M4 6 H12 M2 12 H12 M4 18 H12 M14 5 L20 12 L14 19",  # speed lines
    "massue": "M5 19 L13 11 M12 6 A5 5 0 1 1 18 12 A5 5 0 0 1 12 6 Z",  # club
    "permutation": "M6 4 V20 M18 4 V20 M6 8 L18 16 M18 8 L6 16",  # crossing
    "chance": "M5 5 H19 V19 H5 Z M9 9 H9.1 M15 15 H15.1 M15 9 H15.1 M9 15 H9.1",  # die
    "defense": "M12 3 L20 6 V12 Q20 18 12 21 Q4 18 4 12 V6 Z",  # shield
}


def signed(n):
    """+3, −2 (a real minus sign), 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def arrow(own):
    """Grey arrow pointing down: your meeple; black arrow pointing up: an opponent's."""
    d = "M12 20 L5 11 H10 V4 H14 V11 H19 Z" if own else "M12 4 L19 13 H14 V20 H10 V13 H5 Z"
    return h("svg", {"class": "arrow", "viewBox": "0 0 24 24", "aria-hidden": "true"},
             h("path", {"d": d, "fill": "#8a8f98" if own else "#111"}))


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
    """The face of a movement card (no button around it)."""
    card = MOVEMENT[card_id]
    split = None
    if card.split:
        # As printed: the first step unsigned when it goes clockwise ("2 ③ +1").
        y = card.split[0]
        split = [h("span", {"class": "split-y"}, str(y) if y >= 0 else f"−{-y}"),
                 h("span", {"class": "split-z"}, signed(card.split[1]))]
    return [
        h("span", {"class": "card-id"}, card_id),
        arrow(card.own),
        h("span", {"class": classes("shift-row", has_split=bool(split))},
          split[0] if split else None,
          h("span", {"class": "shift"}, signed(card.shift)),
          split[1] if split else None),
        h("span", {"class": "square"}, card.square),
    ]


def power_face(card_id, shield_mode=False):
    text_key = "power.defense.shield" if card_id == "defense" and shield_mode else "power." + card_id
    return [
        h("span", {"class": "power-name"}, NAMES[card_id]),
        h("svg", {"class": "glyph", "viewBox": "0 0 24 24", "aria-hidden": "true"},
          h("path", {"d": _GLYPHS[card_id], "fill": "none", "stroke": "currentColor",
                     "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round"})),
        h("span", {"class": "power-text"}, t(text_key)),
    ]


def power_label(card_id, shield_mode=False):
    text_key = "power.defense.shield" if card_id == "defense" and shield_mode else "power." + card_id
    return f"{power_title(card_id)}: {t(text_key)}"


def card(card_id, *, playable=False, selected=False, hinted=False, shield_mode=False, small=False):
    """A card of a hand (a button when it can be selected) or shown on the table."""
    is_power = isinstance(card_id, str)
    label = power_label(card_id, shield_mode) if is_power else movement_label(card_id)
    face = power_face(card_id, shield_mode) if is_power else movement_face(card_id)
    cls = classes("card", "power" if is_power else "movement",
                  own=not is_power and MOVEMENT[card_id].own, selected=selected,
                  hinted=hinted, small=small, disabled=not playable)
    tip = label if is_power else t("words.join", move=label, tile=t("tip.movement"))
    fly = f"card-{card_id}"  # the same card anywhere on the page: web/dom.py animates its moves
    rule = "R5" if is_power else "R4"  # the rules section a long-press on the card opens
    if not playable:
        return h("div", {"class": cls, "title": tip, "role": "img", "aria-label": label, "data-fly": fly,
                         "data-rule": rule}, face)
    return h("button", {"type": "button", "class": cls, "data-act": "card", "data-arg": _card_arg(card_id),
                        "data-fly": fly, "data-rule": rule,
                        "title": tip, "aria-label": label, "aria-pressed": "true" if selected else "false"},
             face)


def _card_arg(card_id):
    return f'"{card_id}"' if isinstance(card_id, str) else str(card_id)


def back(kind, count):
    """A face-down deck with its size."""
    return h("div", {"class": f"card back back-{kind}", "aria-hidden": "true", "data-fly": f"deck-{kind}"},
             h("span", {"class": "back-mark"}, "LDP"), h("span", {"class": "back-count"}, count))
