"""The table screen: prompt line, ring, hand, action buttons, panels and log."""

from dataclasses import dataclass, field

from lepeuple import rewind

from ..i18n import power_name, t
from ..markup import classes, h
from ..model.playback import SCORING
from . import cards
from .common import badge, button, meeple_label, player_name
from .legend import legend
from .log import EARLIER_PAGE, applied_after, defended_event, describe, log as log_panel
from .outcome import outcome_text, power_text
from .panels import panels, piles, score_track
from .ring import how_icon, ring
from .why import hint_why_text


@dataclass
class Controls:
    """The table's state of play besides the choices: a bot thinking, the bots'
    pause controls, take back, the hint being worked out."""

    thinking: int | None = None  # a bot seat thinking now
    bots: str | None = None  # "running" (steps shown, bots playing), "paused", or None
    can_undo: bool = False  # the viewer may take back their last decision
    hint_busy: bool = False


@dataclass
class HintShown:
    """The Hint on screen: the hard bot's action (None: no hint), the tiles of a hinted
    move, and why (lepeuple.coach.reason; None: said from the preview instead)."""

    action: object = None
    path: list = field(default_factory=list)
    why: dict = None


@dataclass
class ReplayExtras:
    """What only the replay draws: every hand (a finished game watched by everyone,
    each seat's view) and a review's mistake (the action played, a better one, their tiles)."""

    hands: list = field(default_factory=list)
    marks: object = None
    paths: dict = field(default_factory=dict)  # their tiles (Game.path), by action


@dataclass
class TableModel:
    """Everything the table shows. `view` is the engine's view for `view["seat"]`
    (None on a pass screen or for a spectator: then no hand exists to draw)."""

    view: dict
    seats: list
    offer: object = None  # choices.Offer for the human at the device, else None
    log: list = field(default_factory=list)  # raw events, oldest first
    last: list = field(default_factory=list)  # events of the last action
    frame: object = None  # playback.Frame: the step being shown (its meeples, tiles, lines)
    later: list = field(default_factory=list)  # events after that step (already played)
    hint: HintShown = field(default_factory=HintShown)  # the Hint on screen (action None: none)
    whys: dict = field(default_factory=dict)  # log index of a bot decision's first event -> its reason
    can_hint: bool = False
    pass_to: int | None = None  # hot-seat: waiting for this human to take the device
    notices: list = field(default_factory=list)  # (key, fields) shown above the table (a save problem …)
    changes: dict = field(default_factory=dict)  # seat -> points since the viewer last decided
    controls: Controls = field(default_factory=Controls)
    replay: ReplayExtras = None  # the replay's own extras, else None
    earlier: int = EARLIER_PAGE  # folded turns of the log drawn (more on "show more")
    aside: object = None  # drawn at the top of the side column, beside the board (the replay's review)
    waiting_on: tuple = None  # (seat, its buttons): the game waits on a friend not connected (web/remote)
    # The table screen: the host's device of a game with friends takes no seat (every seat a
    # friend's or a bot's), so its screen is for everyone at the table: no hand, the last
    # action in large type instead (web/controllers/game.py).
    for_the_table: bool = False


def table_screen(m):
    v = _at_frame(m)
    return h("div", {"class": classes("table-screen", passing=m.pass_to is not None, over=v["over"],
                                      for_table=m.for_the_table)},
             # What a turn needs (prompt, ring, hand) fills the first screen, on a phone too;
             # scores and the log come beside it, or below it on a phone (one tap: "to-side").
             h("div", {"class": "play-area"},
               score_strip(v, m.seats),
               # A box of fixed size: its words scroll inside it, so the ring below never moves.
               h("div", {"class": "prompt-bar", "data-region": "prompt"},
                 h("div", {"class": "narration", "tabindex": 0},  # it may scroll: the keyboard reaches it
                   h("p", {"class": classes("prompt", scoring=_scoring(m) and not m.for_the_table), "data-announce": True,
                           "data-testid": "prompt"}, prompt(m)),
                   # "why?" ends the prompt's line, not a line of its own: the Hint's words
                   # below keep that line (the box's height is fixed).
                   prompt_why(m),
                   _hint_line(m)),
                 action_bar(m)),
               _notices(m.notices),
               # `showing` a step: on the board's region, which a step redraws anyway (on the
               # table's box it changed the skeleton, which the page then patched whole).
               h("div", {"class": classes("board", showing=m.frame is not None), "data-region": "board"},
                 ring(v, m.seats, m.offer, _marks(m), [score_track(v, m.seats), piles(v, *_last_card(m))], _walks(m))),
               legend(v["options"]["target"]),  # every mark of the board in words
               last_action(m) if m.for_the_table else all_hands(m) if m.replay and m.replay.hands else hand(m)),
             h("aside", {"class": "side", "id": "side"},
               m.aside,
               h("div", {"data-region": "panels"}, panels(v, m.seats, m.changes, _targets(m))),
               log_panel(m.log, m.seats, v["seat"], v["options"]["scores"] == "hidden",
                         fresh=(m.frame.end - m.frame.start) if m.frame else len(m.last), whys=m.whys,
                         earlier=m.earlier)))


def _at_frame(m):
    """The view as the step being shown has it: meeples where they stood then, whose step
    it is, and the rest as the engine rewinds it from the events still to come
    (lepeuple.core.positions.rewind). The viewer's own hand shows the present."""
    if m.frame is None:
        return m.view
    active = next((e.seat for e in reversed(m.log) if e.type == "turn"), m.view["active"])  # whose step it is
    return {**rewind(m.view, m.later), "meeples": m.frame.meeples, "active": active, "to_move": active}


def prompt_why(m):
    """A small "why?" beside the prompt: the rules section of the step asked for (or none)."""
    from .rules import why

    step = m.offer.step if m.offer is not None else None
    rule = {"defend": "R16", "partner": "R13", "target": "R5", "confirm": "R5", "swap1": "R5", "swap2": "R5",
            "meeple": "R11", "tile": "R11", "how": "R11"}.get(step)
    if step == "card":
        rule = "R10"
    return why(rule, cls="ghost why prompt-why") if rule else None


def _targets(m):
    """seat -> what the power card chosen would do there, in words: the panels' Target buttons."""
    if m.offer is None or m.offer.step != "target":
        return None
    return {a.target: power_text(e, m.seats, m.view["seat"]) if e else None for a, e in m.offer.effects.items()}


def _scoring(m):
    return m.frame is not None and m.frame.hold == SCORING


def _notices(notices):
    if not notices:
        return None
    return h("div", {"class": "notice", "role": "alert", "data-testid": "notices"},
             [h("p", t(key, **fields)) for key, fields in notices])


# ----- prompt ------------------------------------------------------------

def prompt(m):
    """One line: who must do what now."""
    v = m.view
    if m.frame is not None and not m.for_the_table:  # the table screen says the step in large (last_action)
        text = frame_text(m)
        return t("prompt.paused", text=text) if m.controls.bots == "paused" else text
    if v["over"]:
        return t("prompt.over")
    if m.pass_to is not None:
        return t("prompt.pass", name=player_name(m.seats, m.pass_to))
    seat = v["to_move"]
    name = player_name(m.seats, seat)
    if m.offer is None:
        if m.waiting_on is not None:
            return t("prompt.away", name=player_name(m.seats, m.waiting_on[0]))
        if m.controls.thinking is not None:
            return t("prompt.thinking", name=name)
        if m.controls.can_undo:
            return t("prompt.undo_window", name=name)
        return t("prompt.wait." + v["phase"], name=name)
    return _step_prompt(m, name)


def _step_prompt(m, name):
    o, v = m.offer, m.view
    if o.step == "card":
        if o.meeple is not None:  # a meeple chosen first
            return t("prompt.card_for", meeple=meeple_label(o.meeple))
        return t("prompt.power" if v["phase"] == "power" else "prompt.move", name=name)
    if o.step == "look":
        return t("prompt.look", card=o.selected)
    if o.step == "defend":
        return _defend_prompt(v, m.seats)
    if o.step == "partner":
        return t("prompt.partner", name=name, tile=v["pending"]["tile"])
    card = _card_word(o.selected)
    if o.step == "how":
        return t("prompt.how", tile=o.hows[0].tile if o.hows else "")
    if o.step == "meeple" and o.tile is not None:  # a tile chosen first, several meeples reach it
        text = t("prompt.which_meeple", card=card, tile=o.tile)
    else:
        text = t("prompt." + o.step, card=card, meeple=meeple_label(o.meeple) if o.meeple else "")
    return text[:1].upper() + text[1:]  # "card 8: …" starts a sentence


def _defend_prompt(v, seats):
    p = v["pending"]
    attacker = player_name(seats, p["attacker"])
    if p["kind"] == "power":
        return t("prompt.defend.power", attacker=attacker, card=power_name(p["action"]["card"]))
    loss = p["deltas"][v["seat"]] if v["seat"] is not None else -1
    return t("prompt.defend.event", attacker=attacker, home=p["home"], loss=cards.signed(loss))


def _card_word(card):
    if card is None:
        return ""
    return power_name(card) if isinstance(card, str) else t("card.number", id=card)


def frame_text(m):
    """The lines of the step being shown: what just happened, as the log says it."""
    return " ".join(action_lines(m, m.frame.events, m.frame.start))


def action_lines(m, events, start):
    """The lines of `events` (the log's from `start` on), as the log says them, but the next
    turn and routine draws (the log has them)."""
    v = m.view
    hidden = v["options"]["scores"] == "hidden"
    active = next((e.seat for e in reversed(m.log) if e.type == "turn"), None)
    lines = []
    for i, e in enumerate(events):
        if e.type == "turn" or (e.type == "draw" and e.kind == "movement"):
            continue
        defended = defended_event(m.log, start + i) if e.type == "defend" else None
        text = describe(e, m.seats, v["seat"], hidden, active,
                        applied_after(events, i) if e.type == "event" else None, defended)
        if text:
            lines.append(text)
    return lines


# ----- actions -----------------------------------------------------------

def action_bar(m):
    """The buttons of the current step (the same choices as on the ring, as buttons),
    "take back", and the bots' pause / play on / step."""
    o = m.offer
    items = []
    if o is not None:
        items += _step_buttons(o, m)
        if o.cancel:
            items.append(button(t("btn.cancel"), "cancel", cls="btn ghost", attrs={"data-testid": "cancel"}))
    if m.waiting_on is not None and o is None:
        items += m.waiting_on[1]
    if m.controls.can_undo:
        items.append(button(t("btn.undo"), "undo", cls="btn ghost undo-btn", attrs={"data-testid": "undo"}))
    if o is not None and m.can_hint:
        busy = m.controls.hint_busy
        items.append(button(t("hint.busy") if busy else t("btn.hint"), "hint",
                            cls=classes("btn", "ghost", "hint-btn", busy=busy),
                            attrs={"disabled": busy, "data-testid": "hint"}))
    items += _bot_buttons(m.controls.bots)
    items.append(h("a", {"class": "to-side", "href": "#side"}, t("btn.to_side")))  # phones: scores and log below
    return h("div", {"class": "actions", "data-keys": "actions"}, items)


def _hint_line(m):
    """The Hint's words, under the prompt (inside the narration's box, which scrolls)."""
    if m.hint.action is None or m.offer is None:
        return None
    return h("span", {"class": "hint-text", "data-testid": "hint-text"}, hint_text(m.hint.action, m))


def score_strip(view, seats):
    """Every player's score in one short line (phones: the panels are below the turn)."""
    items = []
    for s in range(view["players"]):
        score = view["scores"][s]
        shown = score if score is not None else view["bands"][s]
        items.append(h("li", {"class": classes("strip-seat", to_move=view["to_move"] == s, you=view["seat"] == s),
                              "data-key": f"strip-{s}", "title": player_name(seats, s)},
                       badge(s, size=None, extra="strip-badge"),
                       h("span", {"class": "visually-hidden"}, player_name(seats, s), ": "),
                       h("span", {"class": "strip-score"}, shown)))
    target = view["options"]["target"]
    return h("ol", {"class": "score-strip", "data-region": "strip", "aria-label": t("strip.label", target=target)},
             items, h("li", {"class": "strip-target", "aria-hidden": "true"}, t("strip.target", target=target)))


def _bot_buttons(state):
    if state == "running":
        return [button(t("btn.pause"), "pause", cls="btn ghost bot-ctl", attrs={"data-testid": "pause"})]
    if state == "paused":
        return [button(t("btn.play_on"), "play-on", cls="btn primary bot-ctl", attrs={"data-testid": "play-on"}),
                button(t("btn.step"), "step", cls="btn bot-ctl", attrs={"data-testid": "step"})]
    return []


def _step_buttons(o, m):
    hinted = m.hint.action
    if o.step in ("card", "look"):
        out = []
        if o.draw:
            out.append(button(t("btn.draw"), "draw", cls=classes("btn", "primary", hinted=_is(hinted, "draw")),
                              attrs={"data-testid": "draw"}))
        if o.skip:
            out.append(button(t("btn.skip"), "skip", cls=classes("btn", "primary", hinted=_is(hinted, "pass")),
                              attrs={"data-testid": "skip", "data-focus": True}))
        return out
    if o.step == "swap2" and o.effects:  # each swap with what it leads to (lepeuple.preview)
        tile = lambda mp: m.view["meeples"][mp[0]][mp[1]]
        out = [_effect_button(t("btn.meeple", label=meeple_label(a.other), tile=tile(a.other)),
                              "meeple", list(a.other), effect, m) for a, effect in o.effects.items()]
        for b in out:
            b.attrs["class"] += " meeple-btn"  # a meeple's button, as at every other step
        return _first(out)
    if o.step in ("meeple", "swap1", "swap2", "partner"):
        return _first([button(t("btn.meeple", label=meeple_label(mp), tile=m.view["meeples"][mp[0]][mp[1]]),
                              "meeple", list(mp), cls="btn meeple-btn") for mp in o.meeples])
    if o.step == "tile":  # one button per outcome, naming its way(s): a click plays it, never asks again
        return _first([_reach_button(r, "how", r.how, m) for r in o.choices])
    if o.step == "how":
        return _first([_reach_button(r, "how", r.how, m) for r in o.hows])
    if o.step == "target":  # each target says what the card would do there, "no effect" included
        return _first([_effect_button(t("btn.target_name", name=player_name(m.seats, a.target)), "target", a.target,
                                      effect, m) for a, effect in o.effects.items()])
    if o.step == "confirm":
        return [_effect_button(t("btn.play", card=_card_word(o.selected)), "confirm", None, o.effects.get(o.confirm), m,
                               {"data-testid": "confirm", "data-focus": True})]
    if o.step == "defend":
        return [button(t("btn.defend.yes"), "defend", True, cls="btn primary",
                       attrs={"data-testid": "defend-yes", "data-focus": True}),
                button(t("btn.defend.no"), "defend", False, cls="btn", attrs={"data-testid": "defend-no"})]
    return []


def _effect_button(words, act, value, effect, m, attrs=None):
    """A power card's choice with what it would do (lepeuple.preview): "at Bob · Bob has 0
    points: no effect"; a card that would do nothing is marked so (data-effect="none")."""
    said = power_text(effect, m.seats, m.view["seat"]) if effect is not None else None
    label = [words, h("span", {"class": "outcome"}, said)] if said else words
    nothing = effect is not None and effect["no_effect"] is not None
    return button(label, act, value, cls=classes("btn", "effect-btn", primary=not nothing, no_effect=nothing),
                  attrs={**(attrs or {}), "title": f"{words}: {said}" if said else words,
                         "data-effect": "none" if nothing else None})


def _first(buttons):
    """Mark the first choice of a step: keyboard focus goes there (web/dom.py)."""
    if buttons:
        buttons[0].attrs["data-focus"] = True
    return buttons


def _reach_button(r, act, value, m):
    """A way to a tile (or several with one result: "○ □ circle or square: to tile 5"), and what it does."""
    tiles = " → ".join(map(str, r.path))
    if r.also:
        hows = (r.how,) + r.also
        words = t("reach.same", hows=t("list.or").join(t("how." + x) for x in hows), tile=r.tile)
        label = [[how_icon(x), " "] for x in hows] + [words]
    else:
        words = t("reach." + r.how, tiles=tiles)
        label = [how_icon(r.how), " ", words]
    said = outcome_text(r.outcome, m.seats, m.view["seat"]) if r.outcome is not None else None
    if said:
        label += [h("span", {"class": "outcome"}, said)]
    return button(label, act, value, cls="btn reach-btn",
                  attrs={"data-how": r.how, "data-to": r.tile, "title": f"{words}: {said}" if said else words})


def _is(action, kind):
    return action is not None and action.type == kind


def hint_text(action, m):
    """The hinted choice and why (what it gains, from the player's view)."""
    if m.hint.why:
        return hint_why_text(action, m)
    if action.type == "move":
        what = t("hint.move", card=action.card, meeple=meeple_label(action.meeple), how=t("how." + action.how))
        outcome = preview_of(m, action)
        why = outcome_text(outcome, m.seats, m.view["seat"]) if outcome else ""
        return t("hint.because", hint=what, why=why) if why else what
    if action.type == "power":
        # The target by name: "the leader" was wrong when the player leads (issue 50).
        target = player_name(m.seats, action.target) if action.target is not None else None
        return t("hint.because", hint=t("hint.power", card=power_name(action.card)),
                 why=t("hint.why.power." + action.card, name=target))
    if action.type == "partner":
        return t("hint.partner", meeple=meeple_label(action.meeple))
    if action.type == "defend":
        return t("hint.defend.yes" if action.play else "hint.defend.no")
    return t("hint.because", hint=t("hint." + action.type), why=t("hint.why." + action.type))


def preview_of(m, action):
    """The preview of a move the chooser already computed, if any."""
    for r in (m.offer.reaches + m.offer.previews) if m.offer else ():
        if r.action == action:
            return r.outcome
    return None


# ----- the hand ----------------------------------------------------------

def last_action(m):
    """The table screen's large line where a hand would be: who did what (the first line of
    the step on screen, else of the last action), to be read across the table; what followed
    from it under it, smaller."""
    if m.frame is not None:
        lines = action_lines(m, m.frame.events, m.frame.start)
    else:
        lines = action_lines(m, m.last, len(m.log) - len(m.last))
    return h("section", {"class": classes("last-action", scoring=_scoring(m)), "aria-label": t("table.last"),
                         "data-region": "hand", "data-testid": "last-action"},
             h("p", {"class": "last-action-text"}, lines[0] if lines else t("log.empty")),
             h("p", {"class": "last-action-more"}, " ".join(lines[1:])) if len(lines) > 1 else None)


def hand(m):
    """The viewer's hand; nothing at all when the view has none (pass screen, spectator)."""
    v = m.view
    if v["hand"] is None:
        return h("section", {"class": "hand empty-hand", "aria-label": t("hand.none"), "data-region": "hand"},
                 h("p", {"class": "muted"}, t("hand.none")))
    o = m.offer
    playable = o.cards if o is not None else set()
    hinted = m.hint.action
    hint_card = getattr(hinted, "card", None) if hinted is not None and hinted.type in ("move", "power") else None
    shield = v["options"]["defense"] == "shield"
    # During the Défense question the card in question stands out (the answer is a button).
    chosen = "defense" if o is not None and o.step == "defend" else (o.selected if o is not None else None)
    items = [cards.card(c, playable=c in playable, selected=chosen == c,
                        hinted=c == hint_card, shield_mode=shield)
             for c in v["hand"]["movement"] + v["hand"]["power"]]
    if o is not None and o.step == "card" and v["phase"] == "move":  # keyboard focus: the first playable card
        first = next((card for card in items if card.tag == "button"), None)
        if first is not None:
            first.attrs["data-focus"] = True
    name = player_name(m.seats, v["seat"])
    return h("section", {"class": classes("hand", my_turn=o is not None), "aria-label": t("hand.heading", name=name),
                         "data-testid": "hand", "data-region": "hand",
                         "data-seat": v["seat"]},
             h("h2", t("hand.heading", name=name)),
             h("div", {"class": "hand-cards", "data-keys": "hand"}, items or h("p", {"class": "muted"}, t("hand.empty"))))


def all_hands(m):
    """Every player's hand (a finished game watched by everyone)."""
    shield = m.view["options"]["defense"] == "shield"
    return h("section", {"class": "hand all-hands", "aria-label": t("replay.hands"), "data-testid": "hands",
                         "data-region": "hand"},
             [h("div", {"class": "seat-hand", "data-seat": v["seat"]},
                h("h2", t("hand.heading", name=player_name(m.seats, v["seat"]))),
                h("div", {"class": "hand-cards"},
                  [cards.card(c, shield_mode=shield, small=True) for c in v["hand"]["movement"] + v["hand"]["power"]]
                  or h("p", {"class": "muted"}, t("hand.empty"))))
              for v in m.replay.hands])


# ----- highlights --------------------------------------------------------

def _marks(m):
    """tile -> classes: the step being shown, else the last action's trail; the hint."""
    marks = {}

    def add(tile, name):
        marks.setdefault(tile, []).append(name)

    if m.frame is not None:
        for tile, name in m.frame.tiles.items():
            add(tile, name)
    for e in m.last:
        if e.type in ("move", "redeploy"):
            add(e.src, "trail-from")
            add(e.dst, "trail-to")
        elif e.type == "event":
            add(e.home, "event-home")
    hinted = m.hint.action
    if hinted is not None and hinted.type == "move" and m.offer is not None:
        add(m.view["meeples"][hinted.meeple[0]][hinted.meeple[1]], "hint-from")
        if m.hint.path:
            add(m.hint.path[-1], "hint-to")
    if m.replay is not None and m.replay.marks is not None:  # a review's mistake: the move played and a better one
        for action, name in zip(m.replay.marks, ("played", "hint")):
            if getattr(action, "type", None) == "move":
                add(m.view["meeples"][action.meeple[0]][action.meeple[1]], name + "-from")
                for tile in m.replay.paths.get(action, ()):
                    add(tile, name + "-to")
    return marks


def _walks(m):
    """meeple -> the tiles it walked through in the step shown (only walks of two tiles or more)."""
    if m.frame is None:
        return {}
    return {meeple: tiles for meeple, tiles in m.frame.walks.items() if len(tiles) > 1}


def _last_card(m):
    """The card of the step being shown, else the card played last, and who played it."""
    events = m.frame.events if m.frame is not None else []
    for e in list(reversed(events)) + list(reversed(m.log)):
        if e.type in ("play", "power"):
            return e.card, player_name(m.seats, e.seat)
    return None, None
