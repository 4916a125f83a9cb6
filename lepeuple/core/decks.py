"""Deck generations: what the public history says about where each hidden card is (R7, R9).

When a deck runs out, its discard pile, face up for everyone, is shuffled into
the new deck (R7). So every card belongs to a *generation* of its deck: 0 for
the first deck, g for the cards shuffled in at the g-th reshuffle of that kind.
A deck only ever holds cards of its latest generation, and how many cards of
each generation every hand holds follows from public facts alone:

- a draw takes a card of the latest generation (the deck holds no other);
- a card played or discarded face up shows its generation, and leaves a slot
  of that generation (or, failing one, an unknown slot: see below);
- Troc moves whole hands, slots included;
- Bandit: the kind of the card taken is public (hand sizes), its generation is
  not, except to the two players involved. For everyone else the victim's
  slots of that kind become *unknown* generation, and the thief gains one
  unknown slot. (An exact answer would be a mixture over the victim's slots;
  this keeps every count a whole number, loses a little and tells nothing.)

The count of a hand's slots of each generation is thus the same for every
seat that looks: it lives in the game (`Game.origins`), is shown by `view`
and is what `Resampler` deals by. A seat that knows a card in another's hand
(Bandit, Troc, a Défense question) takes it off that hand's slots itself.

The engine's one hook is `reshuffled`, called when a discard pile becomes a
deck; `consume` reads the events of each action, in order, for the rest.
"""

KINDS = ("movement", "power")


def kind_of(card):
    """0 for a movement card (an int), 1 for a power card (a string)."""
    return 1 if isinstance(card, str) else 0


class Origins:
    """Per kind: the latest generation, each reshuffled card's generation, and
    per seat how many cards of each generation (and of unknown generation) it holds."""

    __slots__ = ("latest", "gen_of", "held", "unknown", "reaction", "_pending")

    def __init__(self, latest, gen_of, held, unknown, reaction=True):
        self.latest = latest  # [movement, power]: reshuffles so far
        self.gen_of = gen_of  # [movement, power]: card -> generation, for generations >= 1
        self.held = held  # [kind][seat]: list of counts, index = generation
        self.unknown = unknown  # [kind][seat]: slots of unknown generation
        self.reaction = reaction  # option defense=reaction: a Défense answered comes from the hand
        self._pending = []  # decks made by reshuffles whose event is not read yet

    @classmethod
    def dealt(cls, moves, powers, options):
        """At the start: every card in a hand is of generation 0."""
        return cls([0, 0], [{}, {}], [[[len(h)] for h in moves], [[len(h)] for h in powers]],
                   [[0] * len(moves), [0] * len(moves)], options["defense"] == "reaction")

    def copy(self):
        return Origins(self.latest[:], [dict(g) for g in self.gen_of],
                       [[h[:] for h in per_seat] for per_seat in self.held], [u[:] for u in self.unknown],
                       self.reaction)

    def generation(self, card):
        return self.gen_of[kind_of(card)].get(card, 0)

    # ----- following the game ----------------------------------------------

    def reshuffled(self, kind, deck):
        """The engine's hook: `deck` (the cards, any order) is a new deck of `kind`."""
        self._pending.append((KINDS.index(kind), list(deck)))

    def consume(self, events):
        """Follow one action's events, in the order they happened."""
        for e in events:
            handle = _HANDLERS.get(e[0])
            if handle is not None:
                handle(self, e)

    def _reshuffle(self, e):
        k, deck = self._pending.pop(0)
        assert KINDS[k] == e[1]
        self.latest[k] = g = self.latest[k] + 1
        gen_of = self.gen_of[k]
        for card in deck:
            gen_of[card] = g
        for slots in self.held[k]:
            slots.append(0)

    def _draw(self, e):
        k = KINDS.index(e[2])
        self.held[k][e[1]][self.latest[k]] += 1

    def leave(self, seat, card):
        """`card` left `seat`'s hand face up: take off a slot of its generation."""
        k = kind_of(card)
        slots = self.held[k][seat]
        g = self.gen_of[k].get(card, 0)
        if slots[g]:
            slots[g] -= 1
        else:  # it was in a slot of unknown generation (after Bandit)
            self.unknown[k][seat] -= 1

    def _shown(self, e):
        """A movement card played, a power card played (Défense laid as a shield too)
        or a card discarded by Magie Noire: (type, seat, card, …) left the hand face up."""
        self.leave(e[1], e[2])

    def _defend(self, e):
        # Played from the hand under the reaction rule; under the shield rule the card
        # spent lay in front of its owner, out of the hand since it was laid.
        if e[2] and self.reaction:
            self.leave(e[1], "defense")

    def _steal(self, e):
        thief, victim, card = e[1], e[2], e[3]
        k = kind_of(card)
        slots = self.held[k][victim]
        self.unknown[k][victim] += sum(slots) - 1
        slots[:] = [0] * len(slots)
        self.unknown[k][thief] += 1

    def _swap_hands(self, e):
        a, b = e[1], e[2]
        for k in range(2):
            held, unknown = self.held[k], self.unknown[k]
            held[a], held[b] = held[b], held[a]
            unknown[a], unknown[b] = unknown[b], unknown[a]

    # ----- as data ---------------------------------------------------------

    def to_json(self):
        """Plain data for a view: per kind the latest generation, the cards of each
        reshuffle still of that generation, and each seat's slots."""
        out = {}
        for k, name in enumerate(KINDS):
            by_gen: list[list] = [[] for _ in range(self.latest[k])]
            for card, g in self.gen_of[k].items():
                by_gen[g - 1].append(card)
            out[name] = {"generation": self.latest[k], "reshuffled": [sorted(c) for c in by_gen],
                         "held": [h[:] for h in self.held[k]], "unknown": self.unknown[k][:]}
        return out

    @classmethod
    def from_json(cls, data, options):
        latest, gen_of, held, unknown = [], [], [], []
        for name in KINDS:
            d = data[name]
            latest.append(d["generation"])
            gen_of.append({card: g + 1 for g, cards in enumerate(d["reshuffled"]) for card in cards})
            held.append([h[:] for h in d["held"]])
            unknown.append(d["unknown"][:])
        return cls(latest, gen_of, held, unknown, options["defense"] == "reaction")


_HANDLERS = {"reshuffle": Origins._reshuffle, "draw": Origins._draw, "play": Origins._shown,
             "power": Origins._shown, "defend": Origins._defend, "discard": Origins._shown,
             "steal": Origins._steal, "swap_hands": Origins._swap_hands}
