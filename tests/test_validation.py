"""Input validation (issue 12): every action, record and scenario is checked fully
before anything changes; every rejection is a ValueError subclass naming what is
wrong; equivalent spellings of one decision are all legal (docs/engine.md, action
notation)."""

import json
import pathlib
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from lepeuple import InvalidAction, RecordError, load
from lepeuple.core.actions import Defend, Draw, Move, Partner, Pass, Power, to_json
from lepeuple.core.scenario import ScenarioError, run
from support import setup

ROOT = pathlib.Path(__file__).parent.parent


def hands(*seats):
    return [{"movement": m, "power": p} for m, p in seats]


def snapshot(game):
    return (json.dumps(game.record(), sort_keys=True), [game.view(s) for s in [None, *range(game.players)]],
            game.legal_actions(), game.last_events(), game.rng.state())


# Positions in each phase: power (every kind of power card), move, partner, defend.
def power_phase():
    return setup(meeples=[[2, 5], [6, 7], [10, 11]], scores=[1, 2, 3], movement_deck=[20, 21, 22],
                 hands=hands(([2, 3], ["voleur", "permutation", "force", "massue", "bandit"]),
                             ([5], ["defense"]), ([8], [])))


def move_phase():
    g = power_phase()
    g.apply({"type": "pass"})
    return g


def partner_phase():
    g = setup(meeples=[[8, 2], [11, 6], [11, 11]], hands=hands(([2], []), ([], []), ([], [])),
              movement_deck=[9, 10, 11], scores=[0, 0, 4])
    g.apply({"type": "move", "card": 2, "meeple": [0, 0], "how": "circle"})
    assert g.phase == "partner"
    return g


def defend_phase():
    g = power_phase()
    g.apply({"type": "power", "card": "voleur", "target": 1})
    assert g.phase == "defend"
    return g


POSITIONS = {"power": power_phase, "move": move_phase, "partner": partner_phase, "defend": defend_phase}


def ill_typed_variants(action):
    """The action with one whole number turned into a float or a bool, or a bool into
    a number: equal to the action in Python (11.0 == 11, True == 1), and ill-typed."""
    out = []
    fields = action._fields
    for i, value in enumerate(action):
        if fields[i] == "type":
            continue
        if type(value) is bool:
            out.append(action._replace(**{fields[i]: int(value)}))
        elif type(value) is int:
            out.append(action._replace(**{fields[i]: float(value)}))
            if value in (0, 1):
                out.append(action._replace(**{fields[i]: bool(value)}))
        elif type(value) is tuple:
            for j in (0, 1):
                as_list = list(value)
                as_list[j] = float(value[j])
                out.append(action._replace(**{fields[i]: tuple(as_list)}))
                if value[j] in (0, 1):
                    as_list[j] = bool(value[j])
                    out.append(action._replace(**{fields[i]: tuple(as_list)}))
    return out


@pytest.mark.parametrize("phase", POSITIONS)
def test_ill_typed_spellings_of_legal_actions_are_refused_and_change_nothing(phase):
    game = POSITIONS[phase]()
    checked = 0
    for action in game.legal_actions():
        for bad in ill_typed_variants(action):
            assert bad == action  # Python finds them equal: the engine must not
            before = snapshot(game)
            with pytest.raises(InvalidAction):
                game.apply(bad)
            with pytest.raises(InvalidAction):
                game.apply(to_json(bad))
            assert snapshot(game) == before
            checked += 1
    assert checked


def test_issue_12_examples():
    game = power_phase()
    before = snapshot(game)
    for bad in (Power("voleur", 1.0), Power("voleur", True), Move(2.0, (0, 0), "circle")):
        with pytest.raises(InvalidAction):
            game.apply(bad)
    game = partner_phase()
    before = snapshot(game)
    with pytest.raises(InvalidAction):
        game.apply(Partner((1.0, 0)))
    assert snapshot(game) == before and game.phase == "partner"
    game = defend_phase()
    with pytest.raises(InvalidAction):
        game.apply(Defend(1))
    assert game.phase == "defend"


junk = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False) | st.integers(-2, 45)
    | st.sampled_from(["circle", "square", "split", "force", "voleur", "permutation", "move", "pass", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(st.sampled_from(["type", "card", "meeple", "how", "target", "other", "play", "x"]),
                      inner, max_size=3),
    max_leaves=8)

actions = st.one_of(
    st.builds(Move, junk, junk, junk), st.builds(Power, junk, junk, junk, junk),
    st.builds(Partner, junk), st.builds(Defend, junk), st.builds(Pass, junk), st.builds(Draw, junk),
    st.builds(Move, st.integers(1, 24), st.tuples(junk, junk), st.sampled_from(["circle", "square", "split"])),
    st.builds(Power, st.sampled_from(["voleur", "permutation", "massue"]), junk, junk, junk),
    junk,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase=st.sampled_from(list(POSITIONS)), action=actions)
def test_any_action_is_either_well_typed_and_played_or_refused_with_nothing_changed(phase, action):
    game = POSITIONS[phase]()
    before = snapshot(game)
    try:
        game.apply(action)
    except ValueError:
        assert snapshot(game) == before
        return
    # Accepted: then it was a legal action with fields of their exact types, and the
    # record it leaves replays.
    assert len(game.history) == len(json.loads(before[0])["actions"]) + 1
    assert snapshot(load(json.loads(json.dumps(game.record())))) == snapshot(game)


# ----- records and scenarios of the wrong JSON types -----------------------------

GOOD = {"format": 1, "players": 3, "options": {}, "seed": 1, "actions": []}
WRONG = {
    "format": [True, 1.0, "1", None, [1]],
    "players": [True, 3.0, "3", None, [3], {"n": 3}],
    "options": [[1, 2], 5, "ab", True, None],
    "seed": [True, 1.5, "x", None, [1]],
    "setup": [7, [1], "x", True],
    "actions": ["all", 5, {"type": "pass"}, None, True],
}


@pytest.mark.parametrize("field, value", [(f, v) for f, vs in WRONG.items() for v in vs])
def test_a_record_field_of_the_wrong_type_is_a_record_error_naming_it(field, value):
    with pytest.raises(RecordError, match=field):
        load({**GOOD, field: value})


@pytest.mark.parametrize("field, value", [(f, v) for f, vs in WRONG.items() for v in vs
                                          if f != "format" and not (v is None and f in ("options", "setup"))])
def test_a_scenario_field_of_the_wrong_type_is_a_scenario_error_naming_it(field, value):
    data = {"players": 3, field: value}
    with pytest.raises(ScenarioError, match=field):
        run(data)


def test_unknown_record_keys_are_refused_by_name():
    with pytest.raises(RecordError, match="colour"):
        load({**GOOD, "colour": "red"})


@pytest.mark.parametrize("setup_value, words", [
    ({"hands": [{"movement": [True]}, {}, {}]}, "movement card True"),
    ({"hands": [{"power": [1]}, {}, {}]}, "power card 1"),
    ({"movement_deck": [1.0, 2]}, "card 1.0"),
    ({"scores": [True, 0, 0]}, "score"),
    ({"active": True}, "active"),
])
def test_setup_values_are_typed_too(setup_value, words):
    with pytest.raises(RecordError, match=words):
        load({**GOOD, "setup": setup_value})


def deep(levels, leaf=1):
    value = leaf
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("data", [
    {**GOOD, "actions": [deep(100_000)]},
    {**GOOD, "actions": [{"type": "move", "card": 1, "meeple": deep(100_000), "how": "circle"}]},
    {**GOOD, "setup": {"hands": deep(100_000)}},
    {**GOOD, "setup": {"hands": [{"movement": [deep(100_000)]}, {}, {}]}},
    {**GOOD, "options": {"defense": deep(100_000)}},
])
def test_deeply_nested_input_is_refused_without_recursing(data):
    with pytest.raises(RecordError):
        load(data)
    scenario = {k: v for k, v in data.items() if k != "format"}
    with pytest.raises(ScenarioError):
        run(scenario)


# ----- the scenario command: exit 2, one line, never a traceback -------------------

BAD_FILES = {
    "options-list": '{"players": 3, "options": [1, 2]}',
    "options-number": '{"players": 3, "options": 5}',
    "options-string": '{"players": 3, "options": "ab"}',
    "setup-number": '{"players": 3, "setup": 7}',
    "players-bool": '{"players": true}',
    "actions-deep": '{"players": 3, "actions": [' + "[" * 100_000 + "]" * 100_000 + "]}",
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep-object": '{"a": ' * 50_000 + "1" + "}" * 50_000,
    "float-move": '{"players": 3, "setup": {"hands": [{"movement": [2]}, {}, {}]},'
                  ' "actions": [{"type": "move", "card": 2.0, "meeple": [0, 0], "how": "circle"}]}',
    "not-utf8": b"\xff\xfe{",
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_the_scenario_command_exits_2_with_one_line_on_a_malformed_file(name, tmp_path):
    path = tmp_path / f"{name}.json"
    content = BAD_FILES[name]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    done = subprocess.run([sys.executable, "-m", "lepeuple", "scenario", str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("scenario: ") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr


# ----- equivalent spellings (docs/engine.md, Actions) ---------------------------

def test_r5_permutation_of_ones_own_two_meeples_in_either_order():
    listed = {"type": "power", "card": "permutation", "meeple": [0, 0], "other": [0, 1]}
    other_order = {"type": "power", "card": "permutation", "meeple": [0, 1], "other": [0, 0]}
    for spelling in (listed, other_order):
        game = power_phase()
        events = game.apply(spelling)
        assert game.pos[:2] == [5, 2]
        assert ("swap_meeples", tuple(spelling["meeple"]), tuple(spelling["other"])) in events
        assert game.record()["actions"][-1] == spelling  # recorded as named
        assert load(game.record()).pos == game.pos
    game = power_phase()
    game.apply(Power("permutation", None, (0, 1), (0, 0)))
    assert game.pos[:2] == [5, 2]


def test_r13_naming_the_second_meeple_of_an_owner_standing_opposite_with_both():
    """Seat 2 stands on 11 with both meeples (and seat 1 with one): the active player
    may name (2, 1) as well as the listed (2, 0); the meeple named is the partner, so
    it is the one redeployed (R17), and the other stays."""
    named = {"type": "partner", "meeple": [2, 1]}
    listed = {"type": "partner", "meeple": [2, 0]}
    assert Partner((2, 1)) not in partner_phase().legal_actions()
    for spelling, moved, stays in ((named, (2, 1), (2, 0)), (listed, (2, 0), (2, 1))):
        game = partner_phase()
        events = game.apply(spelling)
        event = [e for e in events if e[0] == "event"][0]
        assert event[4] == moved
        assert {e[1] for e in events if e[0] == "redeploy"} == {(0, 0), moved}
        assert game.meeple_tile(stays) == 11
        assert game.record()["actions"][-1] == spelling
        assert load(game.record()).pos == game.pos


def test_a_partner_who_is_not_opposite_is_still_refused():
    game = partner_phase()
    before = snapshot(game)
    for meeple in ([1, 1], [0, 1], [4, 0]):
        with pytest.raises(ValueError):
            game.apply({"type": "partner", "meeple": meeple})
    assert snapshot(game) == before
