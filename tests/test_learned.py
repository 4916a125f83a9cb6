"""The learned evaluation (lepeuple/bots/learned.py): the shipped weights, their arithmetic,
and the search that ends its playouts on them."""

import json
import math

import pytest

from lepeuple import new_game
from lepeuple.bots.learned import NAMES, SHIPPED, Learned, features, load
from lepeuple.bots.search import IsmctsEngine, ViewSource
from lepeuple.core.view import view
from test_bots import positions


@pytest.fixture(scope="module")
def many():
    return positions(4, seed=9)


def _weights(kind, seed=3):
    """A made-up fit of `kind` whose standardisation is not the identity."""
    k = len(NAMES)
    w = [math.sin(seed + i) for i in range(k)]
    mean = [0.1 * (i % 7) for i in range(k)]
    scale = [1.0 + 0.05 * i for i in range(k)]
    if kind == "mlp":
        rows = [[math.cos(seed * j + i) / 4 for i in range(k)] for j in range(3)]
        w = [rows, [0.1, -0.2, 0.3], [0.5, -1.0, 0.25]]
    return {"names": list(NAMES), "kind": kind, "mean": mean, "scale": scale, "w": w}


def _by_formula(data, x):
    """The utility as train.py defines it: on standardised features."""
    z = [(v - m) / s for v, m, s in zip(x, data["mean"], data["scale"])]
    if data["kind"] == "logit":
        return sum(a * b for a, b in zip(data["w"], z))
    rows, bias, out = data["w"]
    return sum(o * math.tanh(b + sum(a * v for a, v in zip(row, z))) for row, b, o in zip(rows, bias, out))


@pytest.mark.parametrize("kind", ["logit", "mlp"])
def test_folded_weights_give_the_fitted_utilities(many, kind):
    """The page folds the standardisation into the weights; the utilities must be the fit's."""
    data = _weights(kind)
    model = Learned(data)
    for g in many[:40]:
        for x in features(g):
            assert model.utility(x) == pytest.approx(_by_formula(data, x), abs=1e-9)


def test_chances_are_a_distribution_and_a_finished_game_is_its_result(many):
    model = load()
    for g in many[:40]:
        c = model.win_chances(g)
        assert len(c) == g.players and all(0 < p < 1 for p in c) and sum(c) == pytest.approx(1)
        assert model.evaluate(g, g.to_move) == pytest.approx(c[g.to_move])
    g = new_game(3, seed=2)
    g.scores = [12, 3, 12]
    g.phase, g.winners = "over", [0, 2]
    assert model.win_chances(g) == [0.5, 0.0, 0.5]


def test_features_are_named_and_read_the_game(many):
    g = many[0]
    rows = features(g)
    assert len(rows) == g.players and all(len(r) == len(NAMES) for r in rows)
    g = new_game(3, seed=2)
    g.scores = [6, 9, 0]
    score = NAMES.index("score")
    lead = NAMES.index("lead")
    rows = features(g)
    assert [r[score] for r in rows] == [0.5, 0.75, 0.0]  # in targets (12)
    assert rows[1][lead] == pytest.approx(0.25) and rows[2][lead] == pytest.approx(-0.75)


def test_weights_of_other_features_are_refused():
    data = _weights("logit")
    data["names"] = data["names"][:-1] + ["something_else"]
    with pytest.raises(ValueError, match="refit"):
        Learned(data)


def test_the_shipped_weights_beat_todays_evaluation_on_held_out_games():
    """The shipped fit records its data and its held-out judgement (lepeuple/research/train.py):
    its log-loss and Brier score are below today's evaluation's, which are below a uniform guess's."""
    with open(SHIPPED) as f:
        data = json.load(f)
    info = data["info"]
    assert info["games"] > 0 and info["positions"] > info["held_out_positions"] > 0
    kept = info[data["kind"]]
    assert kept["logloss"] < info["today"]["logloss"] < info["uniform"]["logloss"]
    assert kept["brier"] < info["today"]["brier"] < info["uniform"]["brier"]


@pytest.mark.parametrize("horizon", [0, 1, 2])
def test_a_playout_stops_after_its_horizon_of_the_seats_turns(monkeypatch, horizon):
    """horizon 0 ends a playout as soon as the searching seat's current turn is over (the next
    turn starts); 1 when its next turn is over; 2 one turn of it later. The turns a playout
    starts are recorded as it plays, and the leaf is scored where the horizon says."""
    from lepeuple.bots import search

    started = []

    def recording(events):
        seat = real(events)
        if seat is not None:
            started.append(seat)
        return seat

    real = search._turn_started
    monkeypatch.setattr(search, "_turn_started", recording)

    class Leaf:
        def evaluate(self, g, seat):
            ends.append((list(started), g.is_over))
            started.clear()
            return 0.5

    for seed in (21, 22):
        g = new_game(3, seed=seed)
        seat = g.to_move
        ends = []
        engine = IsmctsEngine(ViewSource(view(g, seat)), 1, budget=10, horizon=horizon, leaf=Leaf())
        for _ in range(10):
            engine.iterate()
        assert len(ends) == 10
        for turns, over in ends:
            if not over:
                assert turns[:-1].count(seat) == horizon, turns
