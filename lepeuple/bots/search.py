"""The thinking bots: random, greedy and ISMCTS, each run one small iteration at a time.

A bot decides from a *source* of full games: `ViewSource` redeals every card its
view hides (fair: all a bot ever gets is the view dict), `TrueSource` clones the
true state (the cheating variant that audits fairness in the arena only).
Every engine here does its work in `iterate()` calls, each far below 50 ms, so
a caller can slice thinking in time; iteration budgets alone decide the
result, so slicing never changes it.
"""

import math

from ..core.resample import Resampler
from ..core.rng import Rng
from ..core.view import view
from .evaluate import DEFAULT, MODEL, counts, evaluate, move_value, move_value_in, step_table
from .policy import draw_value, policy_action

_POLICY_SALT = 0x5DEECE66D
_PRE_SALT = 0x2545F4914F6CDD1D


class ViewSource:
    """Determinisations of one view: what a fair bot searches."""

    def __init__(self, view):
        if not isinstance(view, dict):
            raise TypeError(f"a bot decides from a view dict, not {type(view).__name__}")
        self.seat = view["seat"]
        self._resampler = Resampler(view)

    def sample(self, rng):
        return self._resampler.sample(rng, origins=False)  # playouts read no view: faster without


class TrueSource:
    """The true state itself, hands and deck order included: the cheating audit bot."""

    def __init__(self, game):
        self.seat = game.to_move
        self._game = game.clone()

    def sample(self, rng):
        return self._game.clone()


class RandomEngine:
    """Uniform over the legal actions."""

    def __init__(self, source, seed, budget=1, **options):
        self.legal = source.sample(Rng(seed)).legal_actions()
        self._choice = self.legal[Rng(seed).below(len(self.legal))]
        self.iterations, self.budget = 1, 1

    def iterate(self):
        pass

    def best(self):
        return self._choice


class PolicyEngine:
    """The light heuristic policy of the playouts, on one determinisation: the `easy` level."""

    def __init__(self, source, seed, budget=1, weights=DEFAULT, **options):
        g = source.sample(Rng(seed))
        self.legal = g.legal_actions()
        self._choice = policy_action(g, Rng(seed ^ _POLICY_SALT), weights)
        self.iterations, self.budget = 1, 1

    def iterate(self):
        pass

    def best(self):
        return self._choice


class GreedyEngine:
    """One-step lookahead: each legal action is played on `budget` determinisations
    (the same ones for every action) and scored by `evaluate`; the best average wins."""

    def __init__(self, source, seed, budget=8, weights=DEFAULT, model=MODEL, leaf=None):
        self.source, self.seat, self.w, self.model = source, source.seat, weights, model
        self.leaf = leaf() if callable(leaf) else leaf  # what scores a position (None: `model`)
        self.rng = Rng(seed)
        self.legal = source.sample(Rng(seed)).legal_actions()
        self.totals = [0.0] * len(self.legal)
        self.iterations, self.budget = 0, budget

    def iterate(self):
        g0 = self.source.sample(self.rng)
        leaf = self.leaf
        for i, a in enumerate(self.legal):
            g = g0.clone()
            g.push(a)
            self.totals[i] += leaf.evaluate(g, self.seat) if leaf else evaluate(g, self.seat, self.model, self.w)
        self.iterations += 1

    def best(self):
        best = max(range(len(self.legal)), key=lambda i: (self.totals[i], -i))
        return self.legal[best]

    def weighed(self):
        n = self.iterations
        return [(a, total / n, n) for a, total in zip(self.legal, self.totals)] if n else []


class Node:
    """A node of the information-set tree: one decision of the searching seat."""

    __slots__ = ("avail", "children", "prior", "total", "visits")

    def __init__(self):
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.prior = None


class IsmctsEngine:
    """Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) over the searching
    seat's decisions of its current turn.

    Each iteration picks a root action, redeals the hidden cards from the view,
    walks the tree with UCB (counting how often each action was available), adds
    one node, then lets every seat play on (the heuristic policy, or greedy as
    `imitate_greedy` guesses it) until the searching seat's next turn is over;
    that position is scored by `evaluate`, a chance to win. Opponents and chance are sampled, not branched on. The j-th try
    of every root action meets the j-th redeal and chance stream (common random
    numbers: the root's actions never depend on hidden cards).
    """

    def __init__(self, source, seed, budget=1000, weights=DEFAULT, model=MODEL, c=0.2,
                 imitate=0, topk=0, rootk=0, pre=8, per3=False, rr=False, own=0, leaf=None, horizon=1,
                 tree=True, halving=False):
        self.rr = rr
        # tree: the seat's own further decisions of this turn are walked in a tree by UCB; False: the
        # playout's rule (the imitation for `hard`) chooses them, as it does the seat's next turn.
        self.tree = tree
        self.own = own  # the imitated seat's redeals of its own view (0: none)
        # leaf: what scores a playout's last position (a `learned.Learned`; None: `model`, as the
        # imitated seats judge); horizon: how many more of the seat's turns a playout plays (0: none,
        # it stops when the current turn is over; 1: to the end of its next turn; 2: one round more).
        self.leaf, self.horizon = leaf() if callable(leaf) else leaf, horizon
        self.source, self.seat, self.w, self.model = source, source.seat, weights, model
        self.imitate, self.topk = imitate, topk  # imitate: 0 nobody, 1 the first reply, 2 every seat
        self.seed = seed
        first = source.sample(Rng(seed))
        self.legal = first.legal_actions()
        self.root = Node()
        self.c = c
        if per3:  # the budget is for 3 players; with more, playouts are longer: fewer iterations
            # (per3 is the power of 3/players: 2 when every seat's turn costs an imitation,
            # whose evaluation itself grows with the players)
            budget = max(pre + 1, round(budget * (3 / first.players) ** per3))
        self.iterations, self.budget = 0, budget
        # Root pruning: the first `pre` iterations score every root action greedily
        # (one redeal each, as greedy does), then the search keeps the `rootk` best.
        self.cands = self.legal
        self.pre = pre if rootk and len(self.legal) > rootk else 0
        self.rootk = rootk
        self.greedy_totals = [0.0] * len(self.legal) if self.pre else None
        # Sequential Halving at the root (Karnin et al. 2013, as Gumbel AlphaZero uses it): the kept
        # candidates share the budget in rounds; each round keeps the better half by mean.
        self.halving = Halving(budget - self.pre) if halving else None

    def iterate(self):
        if self.iterations < self.pre:
            self._prune()
            return
        action, node = self._select_root()
        j = node.visits
        g = self.source.sample(Rng(_mix(self.seed, j)))
        rng = Rng(_mix(self.seed ^ _POLICY_SALT, j))
        path = [self.root, node]
        reward = self._playout(g, rng, action, path, in_tree=j > 0 and self.tree)
        for n in path:
            n.visits += 1
            n.total += reward
        self.iterations += 1

    def _prune(self):
        """One of greedy's redeals: every root action played and scored; the last keeps the `rootk` best."""
        g0 = self.source.sample(Rng(_mix(self.seed ^ _PRE_SALT, self.iterations)))
        totals = self.greedy_totals
        for i, a in enumerate(self.legal):
            g = g0.clone()
            g.push(a)
            totals[i] += evaluate(g, self.seat, self.model, self.w)
        self.iterations += 1
        if self.iterations == self.pre:
            order = sorted(range(len(self.legal)), key=lambda i: (-totals[i], i))[: self.rootk]
            self.cands = [self.legal[i] for i in sorted(order)]

    def _playout(self, g, rng, action, path, in_tree):
        """Play `action`, the tree's choices while `in_tree`, then the playout policy, until
        `horizon` more turns of the seat are over; the seat's evaluation there. Nodes walked or
        added are appended to `path`."""
        seat, node, horizon = self.seat, path[-1], self.horizon
        mine = 0  # how many of the searching seat's turns have begun since the root
        turns = 0  # turns of any seat begun since the root
        while True:
            if action is None:
                if in_tree and g.to_move == seat:
                    legal = g.legal_actions()
                    if len(legal) == 1:
                        action = legal[0]
                    else:
                        action, node, expanded = self._select(node, legal, g)
                        path.append(node)
                        in_tree = not expanded
                elif self.imitate > 1 or (self.imitate and turns <= 1 and g.to_move != seat):
                    action = imitate_greedy(g, rng, self.model, self.w, self.topk, self.own)
                else:
                    action = policy_action(g, rng, self.w)
            started = _turn_started(g.push(action))
            action = None
            if g.phase == "over":
                break
            if started is not None:
                in_tree = False
                turns += 1
                if mine >= horizon:
                    break  # the last turn of the seat the playout plays is over
                mine += started == seat
        if self.leaf is not None:
            return self.leaf.evaluate(g, seat)
        return evaluate(g, seat, self.model, self.w)

    def _select_root(self):
        """The root action to try next: each once in turn, then the best UCB score."""
        children = self.root.children
        if self.halving is not None:
            a = self.halving.next(self.cands, children)
            return a, children.setdefault(a, Node())
        for a in self.cands:
            if a not in children:
                child = children[a] = Node()
                return a, child
        if self.rr:  # round robin: every candidate meets the same redeals (paired comparisons)
            a = min(self.cands, key=lambda a: children[a].visits)
            return a, children[a]
        log_n = math.log(self.root.visits)
        c = self.c
        best, best_score = None, -1.0
        for a in self.cands:
            child = children[a]
            score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best, children[best]

    def _select(self, node, legal, g):
        """(action, child, expanded?): an untried action by prior, else the best UCB score."""
        children = node.children
        if node.prior is None:
            node.prior = _priors(g, legal, self.w)
        untried = None
        for a in legal:
            child = children.get(a)
            if child is None:
                if untried is None or node.prior.get(a, -1e9) > node.prior.get(untried, -1e9):
                    untried = a
            else:
                child.avail += 1
        if untried is not None:
            child = children[untried] = Node()
            return untried, child, True
        best, best_score = None, -1.0
        c = self.c
        for a in legal:
            child = children[a]
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best, children[best], False

    def weighed(self):
        """The root candidates tried, with their mean reward (a chance to win) and tries."""
        return [(a, node.total / node.visits, node.visits)
                for a, node in self.root.children.items() if node.visits]

    def best(self):
        children = self.root.children
        if not children:
            if self.greedy_totals is not None and self.iterations:
                totals = self.greedy_totals
                return self.legal[max(range(len(self.legal)), key=lambda i: (totals[i], -i))]
            return self.legal[0]
        if self.halving is not None:
            return max(self.halving.alive or self.cands, key=lambda a: _mean(children.get(a)))
        if self.rr:
            return max(self.cands, key=lambda a: _mean(children.get(a)))
        return max(self.cands, key=lambda a: _rank(children.get(a)))


class Halving:
    """Sequential Halving's schedule over the root's candidates: in each of ceil(log2 k) rounds
    every candidate still alive is tried equally often (the j-th try of each meets the j-th
    redeal), then the worse half by mean is dropped. Each round spends an equal part of what
    the budget has left; the tries of earlier rounds count in the means (as Gumbel AlphaZero's)."""

    def __init__(self, budget):
        self.left = budget  # iterations not yet given out
        self.alive = None  # the candidates of the current round, None before the first
        self.target = 0  # the tries each alive candidate has when the round is over

    def next(self, cands, children):
        """The candidate to try next, closing rounds as they fill."""
        if self.alive is None:
            self.alive = list(cands)
            self._plan(children)
        while True:
            behind = [a for a in self.alive if _tries(children.get(a)) < self.target]
            if behind:
                self.left -= 1
                return min(behind, key=lambda a: _tries(children.get(a)))  # the first of the least tried
            if len(self.alive) > 2:
                order = sorted(self.alive, key=lambda a: -_mean(children.get(a)))
                self.alive = [a for a in self.alive if a in order[: (len(self.alive) + 1) // 2]]
            self._plan(children)

    def _plan(self, children):
        """The next round's target: its share of the iterations left, spread over the alive."""
        rounds = max(1, math.ceil(math.log2(len(self.alive))))
        per = max(1, self.left // rounds // len(self.alive))
        self.target = max(_tries(children.get(a)) for a in self.alive) + per


def _tries(node):
    return node.visits if node is not None else 0


def imitate_greedy(g, rng, model=MODEL, w=DEFAULT, topk=0, own=0):
    """What a greedy bot would play here, guessed on the determinisation `g`: every legal
    action (or the `topk` best by the policy's move values, plus drawing) is played on a
    clone and scored by `evaluate` for the seat to move.

    With `own` = 0 the imitated seat scores on `g` itself, reading every hand in it as if
    true. With `own` = k it decides as greedy does, from its own view of `g`: each
    candidate is scored on k redeals of that view (`rng`'s), the best total wins.
    Partner and Défense decisions follow the policy."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = g.to_move
    phase = g.phase
    if phase == "defend" or phase == "partner":
        return policy_action(g, rng, w)
    if topk and phase == "move" and len(legal) > topk + 1:
        legal = _shortlist(g, legal, seat, topk, w)
    if own:
        # The candidates depend only on the seat's own hand and the board: the same in every redeal.
        resampler = Resampler(view(g, seat))
        games = [resampler.sample(rng) for _ in range(own)]
    else:
        games = (g,)
    best, best_value = None, -1.0
    for a in legal:
        v = 0.0
        for g0 in games:
            h = g0.clone()
            h.push(a)
            v += evaluate(h, seat, model, w)
        if v > best_value:
            best, best_value = a, v
    return best


def _shortlist(g, legal, seat, topk, w):
    """The `topk` best movements by the policy's move values, plus drawing two."""
    count, steps, cache = counts(g.pos, g.tiles), step_table(g.tiles), {}
    scored = sorted((move_value_in(g, count, steps, cache, a, seat, w), i) for i, a in enumerate(legal) if a[-1] != "draw")
    return [legal[i] for _, i in scored[-topk:]] + [a for a in legal if a[-1] == "draw"]


def _rank(node):
    if node is None:
        return (-1, 0.0)
    return (node.visits, node.total / node.visits if node.visits else 0.0)


def _mean(node):
    if node is None or not node.visits:
        return -1.0
    return node.total / node.visits


def _priors(g, legal, w):
    """The policy's value of each action, which orders the first tries."""
    if g.phase != "move":
        first = policy_action(g, Rng(0), w)
        return {first: 1.0}
    seat = g.active
    return {a: draw_value(g, seat, w) if a[-1] == "draw" else move_value(g, a, seat, w) for a in legal}


def _mix(seed, j):
    """A seed for the j-th determinisation (SplitMix64 of the pair)."""
    return Rng((seed * 0x9E3779B97F4A7C15 + j) & 0xFFFFFFFFFFFFFFFF).next64()


def _turn_started(events):
    """The seat whose turn starts among `events` (the last one), else None."""
    for e in reversed(events):
        if e[0] == "turn":
            return e[1]
    return None
