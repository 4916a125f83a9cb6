"""Hidden means hidden, over the wire (issue 41): every message a friend's device receives
over a whole game is recorded; then the cards that friend never saw are dealt otherwise
and the same game is played again, the same decisions made: every message is the same.

Which cards are redealt: the movement cards the friend never saw (in the others' hands
and in the deck), and the power cards that stayed in the deck, never drawn. Where a power
card sits is public in part, by the rules: the power phase is skipped when its player
holds none they can play, and Défense is asked for (docs/rules.md, R5 and R16); a redeal
that moves power cards between hands changes that course of the game, so it would not
be the same game played again. Once the game is over, every seat is told the record
(every hand may be shown then): that last piece is left out of the comparison.

The bots' decisions are replayed as they were, with their reasons: so the reasons are
checked apart, as every message is: no card is named in what the friend receives that
the engine lets that seat see at no moment of the game."""

import json
import random

import lepeuple
from fakenet import Net
from lepeuple import action_from_json
from remote_kit import host_app, join, play_to_the_end, received
from tests.seat_told import cards_named, seen_cards
from web.model import botrunner
from web.model.storage import encode

SEED = 13  # a game where a bot's runner-up names a card the friend never sees
SEATS = [{"kind": "human", "name": "Ann"},
         {"kind": "remote", "name": "Bea", "table": "TABLEtable01", "token": "TOKENtoken01"},
         {"kind": "remote", "name": "Cy", "table": "TABLEtable01", "token": "TOKENtoken02"},
         {"kind": "bot", "level": "normal"}]
GUEST = 1


def first_deal(seed):
    """The setup (lepeuple.core.setup: hands, decks top first) a new game of `seed` deals."""
    g = lepeuple.new_game(4, None, seed)
    return {"hands": [{"movement": list(g.moves[s]), "power": list(g.powers[s])} for s in range(4)],
            "movement_deck": list(reversed(g.mdeck)), "power_deck": list(reversed(g.pdeck))}


def saved(setup):
    record = {"format": 1, "players": 4, "options": {}, "seed": SEED, "actions": [], "setup": setup}
    return {"lepeuple.save": encode(SEATS, record)}


def redealt(setup, seen, final):
    """The setup with the cards never seen moved round: the movement cards in the others'
    hands and the deck, and the power cards the game never drew from its deck."""
    out = json.loads(json.dumps(setup))
    places = [(hand["movement"], i) for s, hand in enumerate(out["hands"]) if s != GUEST
              for i in range(len(hand["movement"]))]
    places += [(out["movement_deck"], i) for i in range(len(out["movement_deck"]))]
    undrawn = len(final.pdeck)
    places_power = [(out["power_deck"], i) for i in range(len(out["power_deck"]) - undrawn, len(out["power_deck"]))]
    for group in (places, places_power):
        unseen = [(where, i) for where, i in group if where[i] not in seen]
        cards = [where[i] for where, i in unseen]
        for (where, i), card in zip(unseen, cards[1:] + cards[:1]):
            where[i] = card
    return out


def play(setup, drive):
    """One game from `setup`: (messages the friend at GUEST received, the host's game)."""
    net = Net()
    host = host_app(net, "?speed=instant", saved(setup))
    guests = {seat: join(net, host, seat, seed=10 + seat) for seat in (1, 2)}
    drive(net, host, guests)
    messages = received(net, guests[GUEST])
    for m in messages:  # the record, told once the game is over, shows every card by design
        if m["t"] in ("sync", "update"):
            m["state"]["record"] = None
    return messages, host.session


def test_redealing_the_cards_a_friend_never_saw_changes_no_message_they_receive(monkeypatch):
    setup = first_deal(SEED)
    first, session = play(setup, lambda net, host, guests: play_to_the_end(
        net, host, [host, *guests.values()], random.Random(4)))
    assert session.game.is_over and len(first) > 50
    actions, whys = session.game.record()["actions"], list(session.whys)
    seen = seen_cards(session.game.record(), GUEST)
    assert cards_named(first) <= seen  # nothing named that the friend never sees, reasons included
    other = redealt(setup, seen, session.game)
    moved = [(a, b) for a, b in zip(json.dumps(setup).split(","), json.dumps(other).split(",")) if a != b]
    assert len(moved) >= 4  # cards were moved round, in hands and decks

    host_of = {}

    async def decided_as_before(view, level, seed, cancelled=lambda: False, slice_s=0):
        i = len(host_of["host"].session.game.history)
        return botrunner.Decision(action_from_json(actions[i]), whys[i])

    monkeypatch.setattr(botrunner, "decide", decided_as_before)

    def again(net, host, guests):
        host_of["host"] = host
        from web.remote import protocol

        tables = {0: host, **guests}
        net.run()
        while not host.session.game.is_over:
            i = len(host.session.game.history)
            seat = host.session.game.to_move
            assert seat in tables, "a bot's turn waits: the loop plays it"
            tables[seat].game.send(protocol.act(seat, i, action_from_json(actions[i])))
            net.run()

    second, replayed = play(other, again)
    assert replayed.game.record()["actions"] == actions
    assert replayed.game.hand(0) != session.game.hand(0) or replayed.game.hand(2) != session.game.hand(2) \
        or replayed.game.mdeck != session.game.mdeck  # the others' cards were not the same
    assert len(second) == len(first)
    for a, b in zip(first, second):
        assert a == b
