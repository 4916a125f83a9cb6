"""Bots: legal, reproducible, time-sliceable and fair (they decide from the view alone)."""

import json
import random
from types import SimpleNamespace

import pytest

import lepeuple.bots as bots
from lepeuple import new_game
from lepeuple.bots import BOTS, LEVELS, Thinking, choose, spec, think, think_true
from lepeuple.bots.evaluate import best_move_value, evaluate, move_value, win_chances
from lepeuple.bots.policy import policy_action
from lepeuple.bots.search import IsmctsEngine
from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng
from lepeuple.core.view import view
from lepeuple.research.infer import choose as arena_choose, spec as arena_spec

OPTIONS = (None, {"defense": "shield"}, {"scores": "hidden"}, {"target": 8})
PHASES = ("power", "move", "partner", "defend")


def positions(count_per_phase, seed=1, players=(3, 4, 5)):
    """Games stopped at decisions with more than one legal action, `count_per_phase` of each phase."""
    r = random.Random(seed)
    found = {phase: [] for phase in PHASES}
    game_seed = 0
    while any(len(found[p]) < count_per_phase for p in PHASES):
        game_seed += 1
        n = players[game_seed % len(players)]
        options = OPTIONS[game_seed % len(OPTIONS)]
        if options == {"defense": "shield"} and len(found["defend"]) < count_per_phase:
            options = None  # Défense is asked only under the reaction rule
        g = new_game(n, options, seed * 10000 + game_seed)
        while not g.is_over:
            legal = g.legal_actions()
            bucket = found[g.phase]
            if len(legal) > 1 and len(bucket) < count_per_phase and r.random() < (0.08 if g.phase == "move" else 0.5):
                bucket.append(g.clone())
            g.apply(r.choice(legal))
    return [g for phase in PHASES for g in found[phase]]


@pytest.fixture(scope="module")
def many():
    return positions(8)


def decide(game, level, seed):
    """What the arena does: the bot (a level or an arena kind) sees only the view of the seat to move."""
    return arena_choose(view(game, game.to_move), level, seed)


def test_levels_are_beginner_easy_normal_hard_in_order():
    assert list(LEVELS) == ["beginner", "easy", "normal", "hard"]
    assert all(isinstance(text, str) and text for text in LEVELS.values())
    assert {"random", "greedy", "ismcts"} <= set(BOTS)


def test_positions_cover_every_phase_and_player_count(many):
    assert {g.phase for g in many} == set(PHASES)
    assert {g.players for g in many} == {3, 4, 5}


@pytest.mark.parametrize("bot", ["random", "beginner", "easy", "policy", "greedy", "ismcts:40"])
def test_every_bot_returns_a_legal_action_in_every_phase(many, bot):
    for i, g in enumerate(many):
        action = decide(g, bot, i)
        assert action in g.legal_actions(), (bot, g.phase)
        g.clone().apply(action)  # validated: raises if illegal


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_full_levels_return_a_legal_action(level):
    for i, g in enumerate(positions(1, seed=7, players=(3,))[:2]):
        t = think(view(g, g.to_move), level, i)
        while not t.step(0.05):
            pass
        assert t.done and t.iterations == spec(level)[1]
        assert t.action() in g.legal_actions()


def test_hard_is_the_bot_its_sequential_test_and_confirmations_judged():
    """`hard` is `hard-learned:280` of the arena's runs (docs/bots.md, Kept): the same choice from the
    same view and seed, and not `hard-plain`'s, the search with greedy's model it replaced."""
    g = positions(1, seed=11, players=(3,))[0]
    v = view(g, g.to_move)
    assert choose(v, "hard", 3) == arena_choose(v, "hard-learned:280", 3)
    assert spec("hard")[2]["leaf"] is not None and "leaf" not in arena_spec("hard-plain")[2]


def test_a_single_legal_action_is_returned_at_once():
    empty = {"movement": [], "power": []}
    g = new_game(3, None, 3, setup={"hands": [empty, {"movement": [1], "power": []}, empty]})
    assert len(g.legal_actions()) == 1  # no card in hand: draw two is all there is
    t = think(view(g, g.to_move), "hard", 1)
    assert t.done and t.iterations == 0
    assert t.action() == g.legal_actions()[0]


@pytest.mark.parametrize("bot", ["random", "easy", "greedy", "ismcts:120", "hard:60", "hard-own2:30"])
def test_same_view_level_and_seed_give_the_same_action(bot):
    for i, g in enumerate(positions(2, seed=3)):
        v = view(g, g.to_move)
        assert arena_choose(v, bot, i) == arena_choose(v, bot, i)


@pytest.mark.parametrize("bot", ["ismcts:150", "hard:60"])
def test_time_slicing_does_not_change_the_choice(bot):
    for i, g in enumerate(positions(2, seed=4)):
        v = view(g, g.to_move)
        once = choose(v, bot, i)
        t = think(v, bot, i)
        slices = 0
        while not t.step(0.0005):
            slices += 1
        assert t.action() == once
        assert len(g.legal_actions()) == 1 or slices > 0 or t.iterations == spec(bot)[1]


def test_a_step_returns_at_the_first_iteration_past_its_time(monkeypatch):
    """`step(seconds)` looks at the clock after each iteration, not only once the budget
    is spent: on a clock where each iteration takes a quarter of a second, a one-second
    step runs four iterations, and a step of no time still runs one."""
    clock = [0.0]
    iterate = IsmctsEngine.iterate

    def quarter_second(engine):
        clock[0] += 0.25
        iterate(engine)

    monkeypatch.setattr(bots, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(IsmctsEngine, "iterate", quarter_second)
    g = positions(1, seed=5, players=(5,))[1]
    t = think(view(g, g.to_move), "hard", 1)
    assert not t.step(1.0)
    assert t.iterations == 4
    assert not t.step(0.0)
    assert t.iterations == 5 < spec("hard")[1]


def redealt(g, seed):
    """A second true state that gives the seat to move the same view, hidden cards dealt anew."""
    seat = g.to_move
    other = Resampler(view(g, seat)).sample(Rng(seed))
    assert view(other, seat) == view(g, seat)
    return other


def hidden(g, seat):
    return ([g.hand(s) for s in range(g.players) if s != seat], g.mdeck, g.pdeck)


FAIRNESS_CASES = [("random", 2), ("beginner", 2), ("policy", 2),
                  ("greedy", 2), ("ismcts:80", 2), ("easy", 2), ("normal", 2), ("hard:40", 8),
                  ("hard-own2:40", 8), ("reply:40", 8), ("hard-learned:40", 8), ("greedy-learned", 2),
                  ("hard-blind:40", 8), ("hard-follow:40", 8), ("hard-sh10:40", 8), ("hard-sh:40", 8), ("hard-sh10-follow:40", 8),
                  ("hard-all:40", 8), ("hard-uniform:40", 8), ("greedy-uniform", 4), ("hard-learned-h0:40", 8),
                  ("hard-learned-h2:20", 8), ("hard-plain:40", 8)]


def test_the_fairness_test_covers_every_fair_bot_kind():
    """Every bot the arena knows that decides from a view (no `true_source`) is in the fairness
    test below, or in tests/test_bots_inference.py's (the kinds that read the view's log)."""
    from lepeuple.research.infer import BOTS as ARENA_BOTS

    fair = {name for name, (_, _, options) in ARENA_BOTS.items() if "true_source" not in options}
    tested = {bot.partition(":")[0] for bot, _ in FAIRNESS_CASES} | {"hard-infer", "hard-judged"}
    assert fair == tested


@pytest.mark.parametrize("bot,step", FAIRNESS_CASES)
def test_fairness_hidden_cards_do_not_change_the_choice(many, bot, step):
    differ = 0
    for i, g in enumerate(many[::step]):
        seat = g.to_move
        other = redealt(g, 1000 + i)
        differ += hidden(other, seat) != hidden(g, seat)
        assert decide(g, bot, i) == decide(other, bot, i), (bot, g.phase)
    assert differ >= len(many[::step]) // 2  # the hidden cards really were dealt differently


def test_the_cheating_audit_bot_does_read_the_true_state():
    """The same search given the true state: its choices do depend on hidden cards."""
    changed = 0
    for i, g in enumerate(positions(4, seed=9, players=(3,))):
        if g.phase != "move":
            continue
        other = redealt(g, 77 + i)
        cheat = [think_true(x, "greedy-cheat", i) for x in (g, other)]
        for t in cheat:
            while not t.step(1.0):
                pass
        changed += cheat[0].action() != cheat[1].action()
    assert changed > 0


def test_a_bot_gets_only_a_view_dict():
    g = new_game(3, None, 1)
    with pytest.raises(TypeError):
        think(g, "greedy", 1)
    with pytest.raises(ValueError):
        think(view(g, 1), "greedy", 1)  # not seat 1's turn
    with pytest.raises(ValueError):
        think(view(g, 0), "hard-cheat", 1)  # the audit bot is arena only
    with pytest.raises(ValueError):
        think(view(g, 0), "grandmaster", 1)


def test_a_bot_keeps_no_link_to_the_true_state():
    for i, g in enumerate(positions(2, seed=11, players=(4,))):
        seat = g.to_move
        v = view(g, seat)
        t = think(json.loads(json.dumps(v)), "ismcts:60", i)  # plain JSON is enough
        for s in range(g.players):  # scramble the true state behind the bot's back
            if s != seat:
                g.moves[s].reverse()
                g.powers[s].reverse()
        g.mdeck.reverse()
        while not t.step(1.0):
            pass
        assert t.action() == choose(v, "ismcts:60", i)


def test_thinking_reports_progress_and_a_best_guess():
    g = positions(1, seed=12, players=(3,))[1]
    t = think(view(g, g.to_move), "hard", 2)
    assert isinstance(t, Thinking) and not t.done
    t.step(0.001)
    assert t.action() in g.legal_actions()  # a best guess while still thinking


def test_evaluation_is_a_chance_to_win():
    for g in positions(2, seed=13):
        chances = win_chances(g)
        assert abs(sum(chances) - 1.0) < 1e-9
        for seat in range(g.players):
            assert 0.0 <= evaluate(g, seat) <= 1.0
            assert abs(evaluate(g, seat) - chances[seat]) < 1e-9
            assert best_move_value(g, seat) >= 0.0


def test_a_noble_attack_is_seen_and_taken():
    """Seat 0 stands on 7 beside home 6; card 2 (+1) takes its other meeple 4 -> 5: +3, seat 1 -1 (R14)."""
    g = new_game(3, None, 1, setup={
        "meeples": [[7, 4], [6, 6], [10, 10]],
        "scores": [0, 2, 0],
        "hands": [{"movement": [2], "power": []}, {"movement": [4], "power": []}, {"movement": [5], "power": []}],
    })
    attack = next(a for a in g.legal_actions() if a.type == "move" and a.meeple == (0, 1) and a.how == "circle")
    assert move_value(g, attack, 0) == 3.5  # +3 for seat 0, the others' mean change is -0.5
    assert best_move_value(g, 0) == 3.5
    assert policy_action(g, Rng(1)) == attack
    for level in ("easy", "greedy", "ismcts:100"):
        assert choose(view(g, 0), level, 1) == attack, level


def test_a_playout_ends_after_the_bots_next_turn():
    """ISMCTS iterations stop at a turn start once the searching seat's next turn is played
    (or begins again after a Vitesse), or when the game ends; never run on to the end."""
    from lepeuple.bots.search import IsmctsEngine, ViewSource

    class Recording(ViewSource):
        def sample(self, rng):
            self.last = super().sample(rng)
            return self.last

    for i, g in enumerate(positions(1, seed=14, players=(3, 4))[:2]):
        seat = g.to_move
        source = Recording(view(g, seat))
        engine = IsmctsEngine(source, i, budget=20)
        ended = 0
        for _ in range(20):
            engine.iterate()
            end = source.last
            assert end.is_over or end.phase in ("power", "move")
            ended += end.is_over
        assert ended < 20


def test_the_memoised_best_move_value_is_the_scan_itself():
    """best_move_value caches by board, scores, hand and pickaxe draw; the cache must never change a value."""
    from lepeuple.bots.evaluate import _best_move_value, _best_remembered, can_draw_power

    def scan(g, seat):
        return _best_move_value(g.pos, g.scores, g.moves[seat], bool(can_draw_power(g, seat)), seat)

    _best_remembered.cache_clear()
    games = positions(3, seed=15)
    for g in games:
        for seat in range(g.players):
            assert best_move_value(g, seat) == scan(g, seat)
    misses = _best_remembered.cache_info().misses
    for g in games:  # now from the cache
        for seat in range(g.players):
            assert best_move_value(g, seat) == scan(g, seat)
            h = g.clone()
            h.scores[seat] += 1  # a different key: computed again
            assert best_move_value(h, seat) == scan(h, seat)
    info = _best_remembered.cache_info()
    assert info.hits >= misses and info.misses > misses


def test_the_best_move_cache_is_bounded():
    """The cache forgets the least recently used boards past BEST_CACHE_SIZE (the page's memory)."""
    from lepeuple.bots.evaluate import BEST_CACHE_SIZE, _best_remembered

    assert _best_remembered.cache_info().maxsize == BEST_CACHE_SIZE
    for i in range(3):
        t = think(view(new_game(3, None, 30 + i), 0), "hard:60", i)
        while not t.step(1.0):
            pass
    assert 0 < _best_remembered.cache_info().currsize <= BEST_CACHE_SIZE


def test_playout_opponents_imitate_greedy_on_the_determinisation():
    """imitate_greedy (all actions) is greedy's one-step choice with the sampled game as its only redeal."""
    from lepeuple.bots.search import GreedyEngine, TrueSource, imitate_greedy

    checked = 0
    for g in positions(4, seed=16, players=(3, 4)):
        if g.phase not in ("power", "move"):
            continue
        greedy = GreedyEngine(TrueSource(g), 0, budget=1)
        greedy.iterate()
        assert imitate_greedy(g, Rng(0)) == greedy.best()
        pruned = imitate_greedy(g, Rng(0), topk=2)  # the 2 best moves by the policy's values, or drawing
        assert pruned in g.legal_actions()
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("own", [1, 2])
def test_an_imitated_seat_with_own_redeals_is_greedy_on_its_own_view(own):
    """imitate_greedy(own=k) is greedy's choice with k redeals of the imitated seat's own view
    of the determinisation: cards hidden from that seat (the searching seat's hand among them)
    change nothing, while the plain imitation reads them. `hard-blind` is own=1."""
    from lepeuple.bots.search import GreedyEngine, ViewSource, imitate_greedy

    checked = read = 0
    for i, g in enumerate(positions(4, seed=16, players=(3, 4))):
        if g.phase not in ("power", "move"):
            continue
        seat = g.to_move
        greedy = GreedyEngine(ViewSource(view(g, seat)), i, budget=own)
        for _ in range(own):
            greedy.iterate()
        assert imitate_greedy(g, Rng(i), own=own) == greedy.best()
        other = redealt(g, 2000 + i)  # the same view for the imitated seat, other hidden cards
        assert imitate_greedy(other, Rng(i), topk=12, own=own) == imitate_greedy(g, Rng(i), topk=12, own=own)
        read += imitate_greedy(other, Rng(i), topk=12) != imitate_greedy(g, Rng(i), topk=12)
        checked += 1
    assert checked >= 6 and read >= 1
    from lepeuple.research.infer import spec as arena_spec

    assert arena_spec("hard-blind")[2]["own"] == 1


def test_root_pruning_keeps_the_greedy_best_few():
    """With `rootk`, the first `pre` iterations score every root action greedily; the search
    then tries only the `rootk` best, and the choice is one of them."""
    from lepeuple.bots.search import IsmctsEngine, ViewSource

    pruned = 0
    for i, g in enumerate(positions(3, seed=17, players=(3, 4))):
        engine = IsmctsEngine(ViewSource(view(g, g.to_move)), i, budget=40, rootk=3, pre=4)
        while engine.iterations < engine.budget:
            engine.iterate()
        assert engine.best() in engine.cands
        if len(g.legal_actions()) > 3:
            pruned += 1
            totals = engine.greedy_totals
            kept = [totals[engine.legal.index(a)] for a in engine.cands]
            assert len(kept) == 3 and min(kept) >= sorted(totals)[-3]
            assert set(engine.root.children) == set(engine.cands)
        else:
            assert engine.cands == engine.legal
    assert pruned >= 3


def test_sequential_halving_halves_the_candidates_round_by_round():
    """`halving`: greedy's 10 best share 300 iterations in ceil(log2 10) = 4 rounds, each an equal
    part of what is left: 10 candidates reach 7 tries, the better 5 by mean 22, 3 of those 47,
    2 of those 87; every survivor of a round has the best means of the round before, and the
    choice is the better of the last two."""
    from lepeuple.bots.search import IsmctsEngine, ViewSource

    checked = 0
    for i, g in enumerate(positions(3, seed=19, players=(3,))):
        if len(g.legal_actions()) <= 10:
            continue
        engine = IsmctsEngine(ViewSource(view(g, g.to_move)), i, budget=308, rootk=10, pre=8, imitate=2, topk=12,
                              rr=True, halving=True)
        while engine.iterations < engine.budget:
            engine.iterate()
        tries = sorted((node.visits for node in engine.root.children.values()), reverse=True)
        assert tries == [87, 87, 47, 22, 22, 7, 7, 7, 7, 7] and sum(tries) == 300
        last = [a for a, node in engine.root.children.items() if node.visits == 87]
        assert engine.best() == max(last, key=lambda a: engine.root.children[a].total)
        assert set(engine.root.children) == set(engine.cands)
        checked += 1
    assert checked >= 2


def test_without_the_tree_the_turns_follow_ups_are_the_playouts():
    """tree=False (`hard-follow`): after a root action that leaves the seat more to decide this
    turn (a power card, then its move), nothing grows below the root: the imitation chooses
    the follow-up in every iteration. With the tree (`hard`), UCB's nodes grow there."""
    from lepeuple.bots.search import IsmctsEngine, ViewSource

    grown = {True: 0, False: 0}
    for i, g in enumerate(positions(4, seed=20, players=(3,))):
        if g.phase != "power":
            continue
        for tree in (True, False):
            engine = IsmctsEngine(ViewSource(view(g, g.to_move)), i, budget=40, imitate=2, topk=12, rr=True,
                                  tree=tree)
            while engine.iterations < engine.budget:
                engine.iterate()
            grown[tree] += sum(len(node.children) for node in engine.root.children.values())
    assert grown[True] > 0 and grown[False] == 0


def test_level_budgets_are_for_three_players_and_shrink_with_more():
    """hard spends its budget with 3 players; with 4-5 the playouts are longer, so the budget
    is scaled by (3/players)² (every playout turn is a greedy imitation) to keep a decision's
    time about the same. normal, the one-step player, always weighs 8 redeals."""
    for n in (3, 4, 5):
        g = positions(1, seed=18, players=(n,))[1]
        t = think(view(g, g.to_move), "normal", 1)
        assert t._engine.budget == 8
        t = think(view(g, g.to_move), "reply", 1)
        assert t._engine.budget == round(spec("reply")[1] * 3 / n)
        t = think(view(g, g.to_move), "hard", 1)
        assert t._engine.budget == round(spec("hard")[1] * (3 / n) ** 2)
    assert think(view(g, g.to_move), "ismcts:100", 1)._engine.budget == 100  # the bot kind: as given

