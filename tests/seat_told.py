"""What a friend's device was told, checked against the engine (docs/remote.md, What each
device holds): every message it receives names no card its seat never sees, tells views
of its own seat only, each the engine's view of that seat at that moment, and with hidden
scores no other player's points. Used over the in-memory network (tests/web) and over
real WebRTC (tests/e2e), on the messages as they came off the channel."""

import json

from lepeuple import Positions, redact_event as redact, replay_record as replay

# Where an event names a card: its type -> the index of the card.
CARD_AT = {"play": 2, "power": 2, "draw": 3, "steal": 3, "discard": 2, "redeploy": 2, "no_effect": 2, "defend": 3}


def seen_cards(record, seat):
    """Every card `seat` sees at some moment of the game, as the engine says what a seat
    sees (lepeuple.core.view, events.redact): its views, the events, its legal actions."""
    seen = set()
    for game, events, _ in replay(record):
        v = game.view(seat)
        seen.update(v["hand"]["movement"] + v["hand"]["power"] + v["movement_discard"] + v["power_discard"])
        for cards in v["known"]:
            seen.update(cards)
        for e in events:
            e = redact(e, seat, False)
            if e[0] in CARD_AT:
                seen.add(e[CARD_AT[e[0]]])
        if game.to_move == seat:
            seen.update(getattr(a, "card", None) for a in game.legal_actions())
    return seen - {None}


def cards_named(messages):
    """Every card the messages name: in a view, an event, a legal action, a bot's reason."""
    named = set()
    for m in messages:
        if m["t"] in ("sync", "update"):
            for v in [m["state"]["view"]] + (m.get("seen") or {}).get("views", []):
                _view_cards(v, named)
            _walk([m["state"]["legal"], m["whys"]], named)
            _event_cards(m.get("log", []) + m.get("events", []), named)
    return named - {None, "event"}


def _view_cards(v, named):
    if v["hand"]:
        named.update(v["hand"]["movement"] + v["hand"]["power"])
    named.update(v["movement_discard"] + v["power_discard"])
    for cards in v["known"]:
        named.update(cards)
    _walk(v["pending"], named)


def _event_cards(events, named):
    for e in events:
        if e[0] == "took_back":
            _walk(e[2], named)
        elif e[0] in CARD_AT:
            named.add(e[CARD_AT[e[0]]])


def _walk(x, named):
    """The cards of actions and reasons: their "card" and "against" fields, and [seat, card] pairs."""
    if isinstance(x, dict):
        named.update(x[k] for k in ("card", "against") if k in x and isinstance(x[k], (int, str)))
        for value in x.values():
            _walk(value, named)
    elif isinstance(x, list):
        if len(x) == 2 and isinstance(x[0], int) and isinstance(x[1], str):  # [seat, card] a reason knows
            named.add(x[1])
        for value in x:
            _walk(value, named)


def told_at(message):
    """How many actions the game had when a "sync" or "update" told its state."""
    return len(message["actors"]) if message["t"] == "sync" else message["acts"] + len(message["actors"])


def views_checked(messages, record, seat):
    """Every view the messages tell (the state's, and a sync's views for the replay) is of
    `seat` and is the engine's view(seat) at that moment of the record; a moment taken back
    later is left out (the record no longer holds it). Returns how many were compared."""
    positions = Positions(record)
    told = [(i, m) for i, m in enumerate(messages) if m["t"] in ("sync", "update")]
    cuts = [(i, m["acts"]) for i, m in told if m["t"] == "update" and not m["actors"]]  # the take backs
    compared = 0
    for i, m in told:
        at = told_at(m)
        views = [(at, m["state"]["view"])]
        if m.get("seen"):
            views += [(m["seen"]["from"] + k, v) for k, v in enumerate(m["seen"]["views"])]
        for when, view in views:
            assert view["seat"] == seat, f"a view of seat {view['seat']} told to seat {seat}"
            if any(j > i and when > cut for j, cut in cuts):
                continue
            assert view == _plain(positions.at(when).view(seat)), f"the view after {when} actions"
            compared += 1
    return compared


def _plain(value):
    return json.loads(json.dumps(value))


def others_points(messages, seat):
    """Whatever the messages say of another player's score or points, while the game goes
    on (hidden scores: there should be none): (where, value) pairs."""
    found = []
    for m in messages:
        if m["t"] not in ("sync", "update"):
            continue
        views = [m["state"]["view"]] + (m.get("seen") or {}).get("views", [])
        found += [("view", v["scores"]) for v in views if not v["over"]
                  and any(score is not None for s, score in enumerate(v["scores"]) if s != seat)]
        for e in m.get("log", []) + m.get("events", []):
            if e[0] == "score" and e[1] != seat and e[2:] != [None, None]:
                found.append(("score", e))
            elif e[0] == "event" and any(d is not None for s, d in enumerate(e[5]) if s != seat):
                found.append(("event", e))
        for why in filter(None, m["whys"]):
            if any(d is not None for s, d in enumerate(why.get("deltas") or []) if s != seat) \
                    or why.get("seat") != seat and why.get("score") is not None:
                found.append(("why", why))
    return found
