"""Full states consistent with one seat's view (lepeuple/core/view.py).

`Resampler(view).sample(rng)` redeals every card the viewer cannot see — the
determinisation a fair search bot needs (OpenSpiel's `resample_from_infostate`).
"""

from .actions import from_json
from .cards import POWER_IDS, movement_ids
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
        # Per other seat: (known movement, known power, unknown movement count, unknown power count)
        self.others = []
        for s in range(n):
            if s == seat:
                continue
            km = [c for c in known[s] if not isinstance(c, str)]
            kp = [c for c in known[s] if isinstance(c, str)]
            sizes = v["hand_sizes"][s]
            self.others.append((s, km, kp, sizes["movement"] - len(km), sizes["power"] - len(kp)))

    @staticmethod
    def _template(v):
        """The view as a full state with no hidden card anywhere yet (sample deals them)."""
        n, seat = v["players"], v["seat"]
        moves, powers = [[] for _ in range(n)], [[] for _ in range(n)]
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

    def sample(self, rng):
        """A full game consistent with the view, unseen cards dealt from `rng` (an Rng)."""
        g = self.template.clone()
        g.rng = Rng(rng.next64())
        pool_m, pool_p = self.pool_m[:], self.pool_p[:]
        rng.shuffle(pool_m)
        rng.shuffle(pool_p)
        for s, km, kp, um, up in self.others:
            g.moves[s] = km + pool_m[len(pool_m) - um:] if um else list(km)
            del pool_m[len(pool_m) - um:]
            g.powers[s] = kp + pool_p[len(pool_p) - up:] if up else list(kp)
            del pool_p[len(pool_p) - up:]
        g.mdeck, g.pdeck = pool_m, pool_p
        self.hidden_scores(g, rng)
        g.note_scores()
        return g

    def hidden_scores(self, g, rng):
        """Others' hidden scores: anywhere in the band the viewer sees (option scores=hidden)."""
        v = self.view
        for s, score in enumerate(v["scores"]):
            if score is None:
                low = int(v["bands"][s].split("-")[0].rstrip("+"))
                high = low + 2 if not v["bands"][s].endswith("+") else max(low, g.options["target"] - 1)
                g.scores[s] = low + rng.below(high - low + 1)


def resample(v, rng):
    """One full game consistent with view `v` (see Resampler)."""
    return Resampler(v).sample(rng if isinstance(rng, Rng) else Rng(rng.getrandbits(64)))
