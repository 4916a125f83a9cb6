"""Full states consistent with one seat's view (lepeuple/core/view.py).

`Resampler(view).sample(rng)` redeals every card the viewer cannot see — the
determinisation a fair search bot needs (OpenSpiel's `resample_from_infostate`).
It deals by deck generation (lepeuple/core/decks.py): each hand gets as many
cards of each generation as the public history says it holds, and the deck only
cards of the latest one; within those counts every deal is equally likely.
"""

from .actions import from_json
from .cards import POWER_IDS, movement_ids
from .decks import Origins
from .game import Game, check_options
from .rng import Rng


def _pending_from_json(data, phase):
    if data is None:
        return None
    if phase == "partner":
        m = data["meeple"]
        return (2 * m[0] + m[1], tuple(2 * c[0] + c[1] for c in data["choices"]))
    if data["kind"] == "power":
        return ("power", from_json(data["action"]))
    m, k = data["meeple"], data["partner"]
    return ("event", 2 * m[0] + m[1], 2 * k[0] + k[1], list(data["deltas"]))


class Resampler:
    """Full games consistent with one view: everything the viewer sees is kept,
    every card it cannot see is dealt again at random."""

    def __init__(self, v):
        self.view = v
        self.seat = seat = v["seat"]
        n = v["players"]
        self.template = self._template(v)
        known = v["known"]
        own = v["hand"] or {"movement": [], "power": []}
        seen_m = set(own["movement"]) | set(v["movement_discard"])
        seen_p = set(own["power"]) | set(v["power_discard"]) | {"defense" for s in v["shields"] if s}
        for s in range(n):
            seen_m |= {c for c in known[s] if not isinstance(c, str)}
            seen_p |= {c for c in known[s] if isinstance(c, str)}
        self.pool_m = [c for c in movement_ids(n) if c not in seen_m]
        self.pool_p = [c for c in POWER_IDS if c not in seen_p]
        self.origins = None if v.get("decks") is None else Origins.from_json(v["decks"], self.template.options)
        # Per other seat: (known movement, known power, unknown movement count, unknown power count)
        self.others = []
        for s in range(n):
            if s == seat:
                continue
            km = [c for c in known[s] if not isinstance(c, str)]
            kp = [c for c in known[s] if isinstance(c, str)]
            sizes = v["hand_sizes"][s]
            self.others.append((s, km, kp, sizes["movement"] - len(km), sizes["power"] - len(kp)))
        self.slots = None if self.origins is None else [self._slots(k) for k in range(2)]

    @staticmethod
    def _template(v):
        """The view as a full state with no hidden card anywhere yet (sample deals them)."""
        n, seat = v["players"], v["seat"]
        moves: list[list] = [[] for _ in range(n)]
        powers: list[list] = [[] for _ in range(n)]
        if v["hand"] is not None:
            moves[seat], powers[seat] = list(v["hand"]["movement"]), list(v["hand"]["power"])
        g = Game(players=n, options=check_options(v["options"]), seed=0,
                 pos=[t for pair in v["meeples"] for t in pair], moves=moves, powers=powers,
                 scores=[0 if s is None else s for s in v["scores"]], mdeck=[], mdisc=list(v["movement_discard"]),
                 pdeck=[], pdisc=list(v["power_discard"]), active=v["active"], phase=v["phase"],
                 to_move=v["to_move"], skips=list(v["skips"]), extra=v["extra_turns"], shields=list(v["shields"]),
                 winners=list(v["winners"]), rng=Rng(0), pending=_pending_from_json(v["pending"], v["phase"]),
                 known=[{card: frozenset({seat}) for card in cards} for cards in v["known"]])
        g.note_scores()
        return g


    def _slots(self, k):
        """Per kind: per other seat, the generation of each hidden slot (None: unknown),
        the viewer's known cards in that hand taken off; None if the counts do not add
        up (then that kind is dealt as if nothing were known of generations)."""
        o = self.origins
        assert o is not None  # slots are worked out only when the view has decks
        out = []
        for s, km, kp, um, up in self.others:
            slots, unknown = o.held[k][s][:], o.unknown[k][s]
            for card in (kp if k else km):
                g = o.generation(card)
                if slots[g]:
                    slots[g] -= 1
                else:
                    unknown -= 1
            hidden = [g for g, count in enumerate(slots) for _ in range(count)] + [None] * unknown
            if unknown < 0 or len(hidden) != (up if k else um):
                return None
            out.append(hidden)
        return out

    def sample(self, rng, origins=True):
        """A full game consistent with the view, unseen cards dealt from `rng` (an Rng);
        with `origins=False` it keeps no deck generations (a search's games need none)."""
        g = self.template.clone()
        g.rng = Rng(rng.next64())
        hands_m, hands_p, g.mdeck, g.pdeck = self.deal(rng)
        for (s, km, kp, _, _), hm, hp in zip(self.others, hands_m, hands_p):
            g.moves[s] = km + hm
            g.powers[s] = kp + hp
        if origins and self.origins is not None:
            g.origins = self.origins.copy()
        self.hidden_scores(g, rng)
        g.note_scores()
        return g

    def deal(self, rng):
        """The unseen cards dealt once: (movement cards, power cards) of each other seat
        (`others`' order; oldest generation first), then the movement and power decks."""
        pool_m, pool_p = self.pool_m[:], self.pool_p[:]
        rng.shuffle(pool_m)
        rng.shuffle(pool_p)
        return self._deal(pool_m, 0, rng), self._deal(pool_p, 1, rng), pool_m, pool_p

    def _deal(self, pool, k, rng):
        """Each other seat's hidden cards of kind k, taken from the shuffled `pool`,
        which is left as the deck."""
        slots = self.slots and self.slots[k]
        if not slots:
            counts = [o[4] if k else o[3] for o in self.others]
            return [_take(pool, count) for count in counts]
        origins = self.origins
        assert origins is not None  # slots come from origins
        latest = origins.latest[k]
        generation = origins.generation
        by_gen: list[list] = [[] for _ in range(latest + 1)]
        for card in pool:  # already shuffled: each generation's list is too
            by_gen[generation(card)].append(card)
        hands = [[by_gen[g].pop() if g is not None and by_gen[g] else None for g in hidden] for hidden in slots]
        # Cards of an older generation cannot be in the deck: they fill the unknown slots first.
        rest = [c for cards in by_gen[:latest] for c in cards]
        rng.shuffle(rest)
        rest += by_gen[latest]
        empty = [(hand, i) for hand in hands for i, card in enumerate(hand) if card is None]
        rng.shuffle(empty)  # which unknown slots the older cards fill: any, equally likely
        for hand, i in empty:
            hand[i] = rest.pop(0)
        pool[:] = rest
        return hands

    def hidden_scores(self, g, rng):
        """Others' hidden scores: anywhere in the band the viewer sees (option scores=hidden)."""
        v = self.view
        for s, score in enumerate(v["scores"]):
            if score is None:
                low = int(v["bands"][s].split("-")[0].rstrip("+"))
                high = low + 2 if not v["bands"][s].endswith("+") else max(low, g.options["target"] - 1)
                g.scores[s] = low + rng.below(high - low + 1)


def _take(pool, count):
    """The last `count` cards of `pool`, taken off it."""
    if not count:
        return []
    cards = pool[len(pool) - count:]
    del pool[len(pool) - count:]
    return cards


def resample(v, rng):
    """One full game consistent with view `v` (see Resampler)."""
    return Resampler(v).sample(rng if isinstance(rng, Rng) else Rng(rng.getrandbits(64)))
