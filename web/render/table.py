"""The table screen: prompt line, ring, hand, action buttons, panels and log."""

from dataclasses import dataclass, field

from lepeuple.cards import NAMES

from ..i18n import t
from ..markup import classes, h
from . import cards
from .common import button, meeple_label, meeple_text, player_name
from .log import log as log_panel
from .panels import panels, piles
from .ring import how_icon, ring


@dataclass
class TableModel:
    """Everything the table shows. `view` is the engine's view for `view["seat"]`
    (None on a pass screen or for a spectator: then no hand exists to draw)."""

    view: dict
    seats: list
    offer: object = None  # choices.Offer for the human at the device, else None
    log: list = field(default_factory=list)  # raw events, oldest first
    last: list = field(default_factory=list)  # events of the last action
    announce: object = None  # (seat, action, path) a bot is about to play
    thinking: int | None = None  # a bot seat thinking now
    hint: object = None  # the hinted action
    hint_path: list = field(default_factory=list)  # tiles of a hinted move
    hint_busy: bool = False
    can_hint: bool = False
    pass_to: int | None = None  # hot-seat: waiting for this human to take the device
    notice: object = None  # (key, fields) shown above the table (e.g. a save problem)


def table_screen(m):
    v = m.view
    return h("div", {"class": classes("table-screen", passing=m.pass_to is not None, over=v["over"])},
             h("div", {"class": "prompt-bar", "data-region": "prompt"},
               h("p", {"class": "prompt", "role": "status", "aria-live": "polite", "data-testid": "prompt"}, prompt(m)),
               action_bar(m)),
             _notice(m.notice),
             h("div", {"class": "board", "data-region": "board"},
               ring(v, m.seats, m.offer, _marks(m), piles(v, *_last_card(m)))),
             hand(m),
             h("aside", {"class": "side"},
               h("div", {"data-region": "panels"}, panels(v, m.seats, _bumps(m), m.offer.targets if m.offer else None)),
               log_panel(m.log, m.seats, v["seat"], v["options"]["scores"] == "hidden", fresh=len(m.last))))


def _notice(notice):
    if not notice:
        return None
    key, fields = notice
    return h("p", {"class": "notice", "role": "alert"}, t(key, **fields))


# ----- prompt ------------------------------------------------------------

def prompt(m):
    """One line: who must do what now."""
    v = m.view
    if v["over"]:
        return t("prompt.over")
    if m.pass_to is not None:
        return t("prompt.pass", name=player_name(m.seats, m.pass_to))
    seat = v["to_move"]
    name = player_name(m.seats, seat)
    if m.announce is not None:
        return announce_text(m.announce, m.seats)
    if m.offer is None:
        if m.thinking is not None:
            return t("prompt.thinking", name=name)
        return t("prompt.wait." + v["phase"], name=name)
    return _step_prompt(m, name)


def _step_prompt(m, name):
    o, v = m.offer, m.view
    if o.step == "card":
        return t("prompt.power" if v["phase"] == "power" else "prompt.move", name=name)
    if o.step == "defend":
        return _defend_prompt(v, m.seats)
    if o.step == "partner":
        return t("prompt.partner", name=name, tile=v["pending"]["tile"])
    card = _card_word(o.selected)
    if o.step == "how":
        return t("prompt.how", tile=o.hows[0].tile if o.hows else "")
    fields = {"card": card, "meeple": meeple_label(o.meeple) if o.meeple else ""}
    text = t("prompt." + o.step, **fields)
    return text[:1].upper() + text[1:]  # "card 8: …" starts a sentence


def _defend_prompt(v, seats):
    p = v["pending"]
    attacker = player_name(seats, p["attacker"])
    if p["kind"] == "power":
        return t("prompt.defend.power", attacker=attacker, card=NAMES[p["action"]["card"]])
    loss = p["deltas"][v["seat"]] if v["seat"] is not None else -1
    return t("prompt.defend.event", attacker=attacker, home=p["home"], loss=cards.signed(loss))


def _card_word(card):
    if card is None:
        return ""
    return NAMES[card] if isinstance(card, str) else t("card.number", id=card)


def announce_text(announce, seats):
    """What a bot is about to do, in words (shown with a pause before it happens)."""
    seat, action, path = announce
    name = player_name(seats, seat)
    kind = action.type
    if kind == "move":
        return t("announce.move", name=name, card=action.card, meeple=meeple_text(seats, action.meeple),
                 how=t("how." + action.how), tiles=" → ".join(map(str, path)))
    if kind == "power":
        if action.target is not None:
            return t("announce.power.target", name=name, card=NAMES[action.card], target=player_name(seats, action.target))
        if action.meeple is not None:
            return t("announce.power.swap", name=name, card=NAMES[action.card],
                     meeple=meeple_text(seats, action.meeple), other=meeple_text(seats, action.other))
        return t("announce.power", name=name, card=NAMES[action.card])
    if kind == "partner":
        return t("announce.partner", name=name, meeple=meeple_text(seats, action.meeple))
    if kind == "defend":
        return t("announce.defend.yes" if action.play else "announce.defend.no", name=name)
    return t("announce." + kind, name=name)


# ----- actions -----------------------------------------------------------

def action_bar(m):
    """The buttons of the current step (the same choices as on the ring, as buttons)."""
    o = m.offer
    items = []
    if o is not None:
        items += _step_buttons(o, m)
        if o.cancel:
            items.append(button(t("btn.cancel"), "cancel", cls="btn ghost", attrs={"data-testid": "cancel"}))
        if m.can_hint:
            items.append(button(t("hint.busy") if m.hint_busy else t("btn.hint"), "hint",
                                cls=classes("btn", "ghost", "hint-btn", busy=m.hint_busy),
                                attrs={"disabled": m.hint_busy, "data-testid": "hint"}))
    if m.hint is not None and o is not None:
        items.append(h("span", {"class": "hint-text", "data-testid": "hint-text"}, hint_text(m.hint, m.seats)))
    return h("div", {"class": "actions", "data-keys": "actions"}, items)


def _step_buttons(o, m):
    hinted = m.hint
    if o.step == "card":
        out = []
        if o.draw:
            out.append(button(t("btn.draw"), "draw", cls=classes("btn", "primary", hinted=_is(hinted, "draw")),
                              attrs={"data-testid": "draw"}))
        if o.skip:
            out.append(button(t("btn.skip"), "skip", cls=classes("btn", "primary", hinted=_is(hinted, "pass")),
                              attrs={"data-testid": "skip"}))
        return out
    if o.step in ("meeple", "swap1", "swap2", "partner"):
        return [button(t("btn.meeple", label=meeple_label(mp), tile=m.view["meeples"][mp[0]][mp[1]]), "meeple",
                       list(mp), cls="btn meeple-btn") for mp in o.meeples]
    if o.step == "tile":
        return [_reach_button(r, "tile", r.tile) for r in o.reaches]
    if o.step == "how":
        return [_reach_button(r, "how", r.how) for r in o.hows]
    if o.step == "target":
        return [button(t("btn.target_name", name=player_name(m.seats, s)), "target", s, cls="btn primary")
                for s in o.targets]
    if o.step == "confirm":
        return [button(t("btn.play", card=_card_word(o.selected)), "confirm", cls="btn primary",
                       attrs={"data-testid": "confirm"})]
    if o.step == "defend":
        return [button(t("btn.defend.yes"), "defend", True, cls="btn primary", attrs={"data-testid": "defend-yes"}),
                button(t("btn.defend.no"), "defend", False, cls="btn", attrs={"data-testid": "defend-no"})]
    return []


def _reach_button(r, act, value):
    tiles = " → ".join(map(str, r.path))
    return button([how_icon(r.how), " ", t("reach." + r.how, tiles=tiles)], act, value, cls="btn reach-btn",
                  attrs={"data-how": r.how, "data-to": r.tile})


def _is(action, kind):
    return action is not None and action.type == kind


def hint_text(action, seats):
    if action.type == "move":
        return t("hint.move", card=action.card, meeple=meeple_label(action.meeple), how=t("how." + action.how))
    if action.type == "power":
        return t("hint.power", card=NAMES[action.card])
    if action.type == "partner":
        return t("hint.partner", meeple=meeple_label(action.meeple))
    if action.type == "defend":
        return t("hint.defend.yes" if action.play else "hint.defend.no")
    return t("hint." + action.type)


# ----- the hand ----------------------------------------------------------

def hand(m):
    """The viewer's hand; nothing at all when the view has none (pass screen, spectator)."""
    v = m.view
    if v["hand"] is None:
        return h("section", {"class": "hand empty-hand", "aria-label": t("hand.none"), "data-region": "hand"},
                 h("p", {"class": "muted"}, t("hand.none")))
    o = m.offer
    playable = o.cards if o is not None else set()
    hint_card = getattr(m.hint, "card", None) if m.hint is not None and m.hint.type in ("move", "power") else None
    shield = v["options"]["defense"] == "shield"
    # During the Défense question the card in question stands out (the answer is a button).
    chosen = "defense" if o is not None and o.step == "defend" else (o.selected if o is not None else None)
    items = [cards.card(c, playable=c in playable, selected=chosen == c,
                        hinted=c == hint_card, shield_mode=shield)
             for c in v["hand"]["movement"] + v["hand"]["power"]]
    name = player_name(m.seats, v["seat"])
    return h("section", {"class": classes("hand", my_turn=o is not None), "aria-label": t("hand.heading", name=name),
                         "data-testid": "hand", "data-region": "hand",
                         "data-seat": v["seat"]},
             h("h2", t("hand.heading", name=name)),
             h("div", {"class": "hand-cards", "data-keys": "hand"}, items or h("p", {"class": "muted"}, t("hand.empty"))))


# ----- highlights --------------------------------------------------------

def _marks(m):
    """tile -> classes: the last action's trail, a bot's announced path, the hint."""
    marks = {}

    def add(tile, name):
        marks.setdefault(tile, []).append(name)

    for e in m.last:
        if e[0] in ("move", "redeploy"):
            src, dst = (e[2], e[3]) if e[0] == "move" else (e[3], e[4])
            add(src, "trail-from")
            add(dst, "trail-to")
        elif e[0] == "event":
            add(e[2], "event-home")
    if m.announce is not None and m.announce[2]:
        mover = m.announce[1].meeple
        add(m.view["meeples"][mover[0]][mover[1]], "announce-from")
        for tile in m.announce[2]:
            add(tile, "announce")
    if m.hint is not None and m.hint.type == "move" and m.offer is not None:
        add(m.view["meeples"][m.hint.meeple[0]][m.hint.meeple[1]], "hint-from")
        if m.hint_path:
            add(m.hint_path[-1], "hint-to")
    return marks


def _bumps(m):
    """seat -> points gained or lost in the last action (as the viewer may see)."""
    out = {}
    for e in m.last:
        if e[0] == "score" and (m.view["scores"][e[1]] is not None):
            out[e[1]] = out.get(e[1], 0) + e[2]
    return out


def _last_card(m):
    """The card being played by a bot now, else the card played last, and who plays it."""
    if m.announce is not None and getattr(m.announce[1], "card", None) is not None:
        return m.announce[1].card, player_name(m.seats, m.announce[0])
    for e in reversed(m.log):
        if e[0] == "play":
            return e[2], player_name(m.seats, e[1])
        if e[0] == "power":
            return e[2], player_name(m.seats, e[1])
    return None, None
