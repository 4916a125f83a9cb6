"""Hypothesis properties of the engine contract (docs/engine.md, Tests)."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from lepeuple import ActionError, action_from_json, action_to_json, load, new_game, state_json
from lepeuple.core.resample import Resampler
from lepeuple.core.rng import Rng

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw):
    """A game somewhere between its start and its end, reached by random play."""
    players = draw(st.sampled_from([3, 4, 5]))
    options = {"defense": draw(st.sampled_from(["reaction", "shield"])),
               "scores": draw(st.sampled_from(["visible", "hidden"]))}
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 200))
    game = new_game(players, options, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    return game


def snapshot(game):
    """Everything that makes up the state, to compare before and after."""
    return (json.dumps(state_json(game)), game.rng.state(), game.pending,
            [dict(k) for k in game.known], len(game.history), game.legal_actions())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 45) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
near_miss = st.fixed_dictionaries(
    {"type": st.sampled_from(["pass", "power", "draw", "move", "partner", "defend", "Move", ""])},
    optional={
        "card": st.one_of(st.integers(-1, 45), st.sampled_from(["force", "voleur", "defense", "joker", "7"]),
                          st.none(), st.booleans()),
        "meeple": st.one_of(st.lists(st.integers(-1, 5), max_size=3), st.text(max_size=3), st.none()),
        "other": st.lists(st.integers(-1, 5), max_size=3),
        "how": st.sampled_from(["circle", "square", "split", "jump", None]),
        "target": st.one_of(st.integers(-1, 6), st.booleans(), st.none(), st.text(max_size=2)),
        "play": st.one_of(st.booleans(), st.integers(0, 1), st.none()),
        "extra": st.integers(),
    },
)


@SETTINGS
@given(positions(), st.one_of(json_values, near_miss))
def test_junk_raises_the_typed_error_and_changes_nothing(game, junk):
    try:
        action = action_from_json(junk)
    except ActionError:
        action = None
    if action is not None and action in game.legal_actions():
        return  # the junk happens to be a legal action
    before = snapshot(game)
    try:
        game.apply(junk)
    except ActionError as error:
        assert isinstance(error, ValueError) and str(error)
    else:
        raise AssertionError(f"{junk!r} was accepted")
    assert snapshot(game) == before


@SETTINGS
@given(positions())
def test_other_seats_meeples_and_wrong_phase_actions_are_refused(game):
    if game.is_over:
        return
    seat = game.to_move
    before = snapshot(game)
    wrong = [{"type": "pass"}, {"type": "draw"}, {"type": "defend", "play": True},
             {"type": "partner", "meeple": [seat, 0]}]
    hand = game.moves[game.active]
    for card in hand:
        for other in range(game.players):
            for how in ("circle", "square"):
                wrong.append({"type": "move", "card": card, "meeple": [other, 0], "how": how})
    for junk in wrong:
        action = action_from_json(junk)
        if action not in game.legal_actions():
            try:
                game.apply(junk)
            except ActionError:
                pass
            else:
                raise AssertionError(junk)
    assert snapshot(game) == before


@SETTINGS
@given(positions())
def test_save_load_gives_the_same_state_and_legal_actions(game):
    record = json.loads(json.dumps(game.record()))
    again = load(record)
    assert snapshot(again) == snapshot(game)


@SETTINGS
@given(positions())
def test_same_seed_and_actions_give_the_same_state(game):
    record = game.record()
    assert snapshot(load(record)) == snapshot(load(record))


@SETTINGS
@given(positions())
def test_actions_round_trip_through_json(game):
    for action in game.legal_actions():
        text = json.dumps(action_to_json(action))
        assert action_from_json(json.loads(text)) == action


@SETTINGS
@given(positions(), st.integers(0, 4))
def test_a_view_holds_none_of_another_players_hidden_cards(game, seat):
    """Redeal what `seat` cannot see: its view stays the same, card for card."""
    seat %= game.players
    view = game.view(seat)
    for i in range(3):
        other = Resampler(view).sample(Rng(i))
        assert other.view(seat) == view
    hidden = set(game.mdeck) | {c for s in range(game.players) if s != seat for c in game.moves[s] + game.powers[s]}
    known = {c for cards in view["known"] for c in cards}
    public = set(view["movement_discard"]) | set(view["power_discard"]) | known
    assert not (hidden - known) & public


@SETTINGS
@given(positions(), st.integers(0, 4), st.integers(0, 2**32))
def test_resample_keeps_everything_the_viewer_knows(game, seat, seed):
    seat %= game.players
    view = game.view(seat)
    sample = Resampler(view).sample(Rng(seed))
    assert sample.view(seat) == view
    assert sample.hand(seat) == game.hand(seat)
    if not game.is_over and game.to_move == seat:
        assert sample.legal_actions() == game.legal_actions()
    if view["scores"][seat] is not None:
        assert sample.scores[seat] == game.scores[seat]


@settings(max_examples=40, deadline=None)
@given(game=positions(), extra=st.integers(0, 30))
def test_a_clone_draws_the_same_random_numbers_as_its_original(game, extra):
    """Copies share the generator until one draws (rng.py): neither may disturb the other."""
    twin = game.clone()
    assert twin.rng.state() == game.rng.state()
    first = [game.rng.below(1000) for _ in range(extra)]
    assert [twin.rng.below(1000) for _ in range(extra)] == first
    assert twin.rng.state() == game.rng.state()
