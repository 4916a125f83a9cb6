"""A decision's reason in words: the facts of `lepeuple.coach.reason` said for a viewer.

The same words serve a bot's line in the log and the Hint: they say what the
action gains ("noble attack on Ann's home: you +3, Ann −1", "a power card for
you at the pickaxe on tile 8"), then, when the search weighed alternatives,
its estimated chance to win against the runner-up's.

Hidden means hidden: a card the reason knows in someone's hand is named only
to that hand's holder; with hidden scores only the viewer's own points show.
"""

from lepeuple import GAINS, action_from_json

from ..i18n import power_name, t, tn
from ..markup import h
from .cards import signed
from .common import meeple_label, meeple_text, player_name

CLOSE_CALL = 0.02  # chances to win this close (two points in a hundred) are a close call, not a choice


def reason_line(reason, seats, viewer, hidden=False):
    """The element a log line carries: data-reason holds the reason's kind (None: no reason,
    or one that would tell nothing the log's line does not)."""
    if not reason:
        return None
    try:
        text = why_text(reason, seats, viewer, hidden)
    except (KeyError, TypeError, ValueError, IndexError):
        return None  # a reason kept in a save that no longer reads: it only explained, the game goes on
    if not text:
        return None
    return h("span", {"class": "why-line", "data-reason": reason["kind"]}, text)


def why_text(reason, seats, viewer, hidden=False):
    """One line: what the action gains, then how the search weighed it, said as whose chance
    it is; None when it would only repeat the log (a plain move, nothing weighed)."""
    say = _Say(seats, viewer, hidden)
    text = _WORDS[reason["kind"]](reason, say)
    weighed = _weighed(reason, seats, viewer)
    if weighed:
        return t("why.then", why=text, weighed=weighed) if text else weighed[:1].upper() + weighed[1:]
    return text or None


def _weighed(reason, seats, viewer):
    """How the search weighed the choice: "a close call" when the runner-up was as good, else
    whose chance to win it judged this gives, and the runner-up's; None when nothing was weighed."""
    nxt = reason.get("next")
    if "chance" not in reason or nxt is None:
        return None
    own = viewer == reason["seat"]
    alt = _alternative(nxt["action"], seats, own)
    if abs(reason["chance"] - nxt["chance"]) < CLOSE_CALL:
        return t("why.close", alt=alt)
    fields = {"chance": _percent(reason["chance"]), "alt": alt, "next": _percent(nxt["chance"])}
    if own:  # the Hint, or one's own decision: "gives you"
        return t("why.chance.you", **fields)
    return t("why.chance", name=player_name(seats, reason["seat"]), **fields)


def action_words(data, seats):
    """An action (JSON notation) in a few words: "card 7, Z1, circle", "draw two"."""
    a = action_from_json(data)
    if a.type == "move":
        return t("act.move", card=a.card, meeple=meeple_label(a.meeple), how=t("how." + a.how))
    if a.type == "power":
        if a.target is not None:
            return t("act.power.target", card=power_name(a.card), target=player_name(seats, a.target))
        if a.meeple is not None:
            return t("act.power.swap", card=power_name(a.card), meeple=meeple_label(a.meeple), other=meeple_label(a.other))
        return power_name(a.card)
    if a.type == "partner":
        return t("act.partner", meeple=meeple_label(a.meeple))
    if a.type == "defend":
        return t("act.defend.yes" if a.play else "act.defend.no")
    return t("act." + a.type)


def _alternative(action, seats, own):
    """The runner-up in a few words. Not played, its card is still in the decider's hand:
    named to the decider only (the Hint), to others just "another move", "a power card"."""
    if not own and action["type"] in ("move", "power"):
        return t("why.other." + action["type"])
    return action_words(action, seats)


def _percent(p):
    return round(100 * p)


class _Say:
    def __init__(self, seats, viewer, hidden):
        self.seats, self.viewer, self.hidden = seats, viewer, hidden

    def name(self, seat):
        return t("outcome.you") if seat == self.viewer else player_name(self.seats, seat)

    def said(self, key, seat, n=None, **fields):
        """Message `key` with `seat` as its subject ({name}): said to the viewer, its second
        person form (`key`.you: "you lead", "vous menez"), never "you leads"."""
        key = key + ".you" if seat == self.viewer else key
        fields["name"] = self.name(seat)
        return t(key, **fields) if n is None else tn(key, n, **fields)

    def home(self, seat):
        return t("why.home.you") if seat == self.viewer else t("why.home", name=player_name(self.seats, seat))

    def meeple(self, m):
        return meeple_text(self.seats, tuple(m))

    def points(self, deltas):
        """"you +3, Ann −1"; with hidden scores the viewer's own change only."""
        parts = [f"{self.name(s)} {signed(d)}" for s, d in enumerate(deltas)
                 if d and (not self.hidden or s == self.viewer)]
        return ", ".join(parts) or t("log.no_points")


def _event(r, say):
    text = t("why.event", event=t("event." + r["event"]), home=say.home(r["victim"]), points=say.points(r["deltas"]))
    return _wins(text, r)


def _wins(text, r):
    return t("why.wins", why=text, target=r["target"]) if r.get("wins") else text


def _off_flank(r, say):
    if r["supply"]:
        return t("why.off_flank.supply", meeple=say.meeple(r["meeple"]), tile=r["from"], name=say.name(r["owner"]))
    return t("why.off_flank", meeple=say.meeple(r["meeple"]), tile=r["from"], home=say.home(r["victim"]))


def _power(r, say):
    card, name = r["card"], power_name(r["card"])
    if card in GAINS:  # Force, Soin: the engine's points
        gain = GAINS[card]
        if r["score"] is None or say.hidden or r.get("after") is None:
            return _wins(t("why.power.gain.hidden", card=name, gain=gain), r)
        return _wins(t("why.power.gain", card=name, gain=gain, was=r["score"], new=r["after"]), r)
    if card == "permutation":
        return t("why.power.permutation", card=name, meeple=say.meeple(r["meeple"]), a=r["tiles"][0],
                 other=say.meeple(r["other"]), b=r["tiles"][1])
    if "target" not in r:
        return t("why.power." + card, card=name)
    target = say.name(r["target"])
    if card in ("bandit", "magie_noire"):
        return tn("why.power." + card, r["target_hand"], card=name, name=target)
    if card == "troc":
        return t("why.power.troc", card=name, name=target, mine=r["hand"], theirs=r["target_hand"])
    if card == "massue":
        text = say.said("why.power.massue", r["target"], card=name)
    else:
        text = t("why.power." + card, card=name, name=target)
    score = r.get("target_score")
    if score is not None and not say.hidden:
        key = "why.leader" if r.get("leader") and score else "why.score"
        text = f"{text} ({say.said(key, r['target'], score)})"
    return text


def _pass(r, say):
    text = tn("why.pass", r["powers"])
    # A card known in another's hand is named only to its holder (hidden means hidden).
    shown = [held for held in r.get("known", ()) if held[0] == say.viewer]
    if shown:
        text += "; " + t("list.sep").join(say.said("why.holds", s, card=power_name(c)) for s, c in shown)
    return text


def _defend(r, say):
    attacker = player_name(say.seats, r["attacker"])
    if r["against"] == "event":
        if r["play"]:
            return tn("why.defend.yes.event", r["loss"], home=say.home(r["seat"]))
        return tn("why.defend.no.event", r["loss"])
    card = power_name(r["against"])
    return t("why.defend." + ("yes" if r["play"] else "no") + ".power", card=card, name=attacker)


_WORDS = {
    "event": _event,
    "partner_choice": lambda r, say: t("why.partner_choice", tile=r["tile"]),
    "pickaxe": lambda r, say: t("why.pickaxe", name=say.name(r["drawer"]), tile=r["tile"]),
    "off_flank": _off_flank,
    "anchor": lambda r, say: t("why.anchor", meeple=say.meeple(r["meeple"]), tile=r["tile"], home=say.home(r["victim"])),
    "move": lambda r, say: None,  # the log's own line says where the meeple went: nothing to add
    "draw": lambda r, say: tn("why.draw", r["after"]),
    "power": _power,
    "pass": _pass,
    "partner": lambda r, say: t("why.partner", meeple=say.meeple(r["partner"]), points=say.points(r["deltas"])),
    "defend": _defend,
}


def hint_why_text(action, m):
    """The Hint's line: the hinted choice, then what it gains ("Why: …"), from the player's
    view (a TableModel `m` whose hint.why is the hint's reason)."""
    if action.type == "move":
        what = t("hint.move", card=action.card, meeple=meeple_label(action.meeple), how=t("how." + action.how))
    elif action.type == "power":
        what = t("hint.power", card=power_name(action.card))
    elif action.type == "partner":
        what = t("hint.partner", meeple=meeple_label(action.meeple))
    elif action.type == "defend":
        what = t("hint.defend.yes" if action.play else "hint.defend.no")
    else:
        what = t("hint." + action.type)
    hidden = m.view["options"]["scores"] == "hidden"
    why = why_text(m.hint.why, m.seats, m.view["seat"], hidden)
    return t("hint.because", hint=what, why=why) if why else what


def mistake_line(mistake, seats):
    """One line of reason for a reviewed mistake, from its facts (lepeuple.coach.review.facts),
    said to the reviewed player: the open flank the move left, the card that did nothing,
    what the better action would have done. None for a review made without facts."""
    facts = mistake.get("why")
    if not facts:
        return None
    seat = facts["played"]["seat"]
    say = _Say(seats, seat, False)
    try:
        return _mistake(facts, say, seats, seat)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _mistake(facts, say, seats, seat):
    played, better = facts["played"], facts["better"]
    if facts.get("exposed") is not None:
        from lepeuple import home_owner

        return t("review.why.exposed", home=say.home(home_owner(facts["exposed"])))
    if played["kind"] == "power" and played.get("target_score") == 0 and played["card"] in ("voleur", "sortilege"):
        return t("review.why.no_points", card=power_name(played["card"]), name=say.name(played["target"]))
    if played["kind"] == "power" and played.get("target_hand") == 0 and played["card"] in ("bandit", "magie_noire"):
        return t("review.why.no_cards", card=power_name(played["card"]), name=say.name(played["target"]))
    words = why_text(better, seats, seat)
    if better["kind"] in ("event", "pickaxe", "partner_choice") and played["kind"] != better["kind"] and words:
        return t("review.why.missed", better=words)
    if not words and better["kind"] == "move":  # a plain move: where it would have gone
        words = t("review.why.to", meeple=say.meeple(better["meeple"]), tile=better["tile"])
    return t("review.why.instead", better=words) if words else None
