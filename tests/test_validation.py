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

from lepeuple import ActionError, InvalidAction, RecordError, SetupError, UndoError, load, new_game
from lepeuple.core.actions import Defend, Draw, Move, Partner, Pass, Power, to_json
from lepeuple.core.errors import MAX_QUOTE, cut, show
from lepeuple.core.scenario import ScenarioError, run
from lepeuple.core.setup import MAX_SEED
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
    ({"hands": [{"movement": [True]}, {}, {}]}, "movement card true"),
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


# ----- issue 43: every bad action gets the typed error, quoted short --------------------

HUGE = [10**5000, -10**5000, 2**64, 10**40]


@pytest.mark.parametrize("number", HUGE, ids=["10^5000", "-10^5000", "2^64", "10^40"])
@pytest.mark.parametrize("phase", POSITIONS)
def test_a_huge_number_in_any_field_of_an_action_is_the_typed_error(phase, number):
    """Issue 43: a card of 10^5000 raised Python's plain ValueError (it has more digits than
    Python prints) while the message was being written."""
    game = POSITIONS[phase]()
    before = snapshot(game)
    for action in ({"type": "move", "card": number, "meeple": [0, 0], "how": "circle"},
                   {"type": "move", "card": 2, "meeple": [number, 0], "how": "circle"},
                   {"type": "move", "card": 2, "meeple": [0, number], "how": "circle"},
                   {"type": "power", "card": "voleur", "target": number},
                   {"type": "power", "card": "permutation", "meeple": [0, 0], "other": [number, 1]},
                   {"type": "partner", "meeple": [number, number]},
                   {"type": "defend", "play": number},
                   {"type": "draw", number: 1},
                   Move(number, (0, 0), "circle"), Power("voleur", number), Partner((number, 0))):
        with pytest.raises(ActionError) as refused:
            game.apply(action)
        assert len(str(refused.value)) < 200
    assert snapshot(game) == before


def test_undo_of_a_huge_count_is_the_typed_error():
    game = move_phase()
    game.apply({"type": "draw"})
    for count in (10**5000, -(10**5000)):
        with pytest.raises(UndoError, match="cannot undo a number of over"):
            game.undo(count)


def test_apply_takes_an_action_object_or_its_json_notation_not_json_text():
    """docs/engine.md: an action is an object or its JSON notation, parsed (a dict); JSON
    text is refused with the typed error, saying to parse it first."""
    game = move_phase()
    before = snapshot(game)
    for text in ('{"type": "draw"}', b'{"type": "draw"}'):
        with pytest.raises(InvalidAction, match="not text: parse the JSON first"):
            game.apply(text)
    assert snapshot(game) == before
    game.apply(json.loads('{"type": "draw"}'))
    assert game.record()["actions"][-1] == {"type": "draw"}


@pytest.mark.parametrize("value, quoted", [
    ("x" * 5000, '"' + "x" * 38 + "…"),
    (list(range(1000)), "[0, 1, 2, 3, 4, 5, …]"),
    (deep(100_000), "[[[[…]]]]"),
    (10**100, "100000000000… (101 digits)"),
    (10**5000, "a number of over 4,300 digits"),
    (True, "true"), (None, "null"), ("7", '"7"'), (1.0, "1.0"),
    ({"card": "y" * 100}, '{"card": "yyyyyyyyyyyyyyyyyyyyyyyyyyyyy…'),
], ids=["long-text", "long-list", "deep", "10^100", "10^5000", "true", "null", "text", "float", "object"])
def test_error_messages_quote_bad_values_in_json_cut_with_an_ellipsis(value, quoted):
    """A message quotes a bad value as JSON writes it, never a Python repr, and at most
    MAX_QUOTE characters of it: a long value ends in "…"."""
    assert show(value) == quoted and len(quoted) <= MAX_QUOTE
    game = move_phase()
    with pytest.raises(InvalidAction) as refused:
        game.apply({"type": "move", "card": value, "meeple": [0, 0], "how": "circle"})
    assert quoted in str(refused.value)


def test_cut_keeps_a_short_text_whole_and_ends_a_long_one_with_an_ellipsis():
    assert cut("abc", 3) == "abc" and cut("abcd", 3) == "ab…" and cut("x" * 100) == "x" * 39 + "…"


# Whole numbers too large for any field, half of them with more digits than Python prints
# (hypothesis cannot print those either: they are made from their exponents).
huge_ints = st.sampled_from([5000, 4400, 64, 53]).flatmap(
    lambda e: st.sampled_from([10**e, -(10**e)] if e > 64 else [2**e, -(2**e), 2**e - 1]))
# Junk of every JSON type and then some: huge and negative integers, floats (inf, nan),
# bools, text (JSON text too), nested lists and objects, Python tuples and bytes.
any_junk = st.recursive(
    st.none() | st.booleans() | st.integers() | huge_ints | st.floats() | st.text(max_size=12) | st.binary(max_size=4)
    | st.sampled_from(['{"type": "draw"}', "draw", "move", "power", "voleur", "circle", "split"]),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.sampled_from(["type", "card", "meeple", "how", "target", "other", "play"])
                      | st.integers() | st.booleans() | st.none() | st.text(max_size=4), inner, max_size=4),
    max_leaves=10)
junk_actions = st.one_of(
    any_junk,
    st.fixed_dictionaries({"type": st.sampled_from(["move", "power", "partner", "defend", "draw", "pass"])},
                          optional={"card": any_junk, "meeple": any_junk, "how": any_junk, "target": any_junk,
                                    "other": any_junk, "play": any_junk}),
    st.builds(Move, any_junk, any_junk, any_junk), st.builds(Power, any_junk, any_junk, any_junk, any_junk),
    st.builds(Partner, any_junk), st.builds(Defend, any_junk),
)
# Well-formed actions but for one field, or one number of a meeple.
SHAPES = [{"type": "move", "card": 2, "meeple": [0, 0], "how": "circle"}, {"type": "power", "card": "voleur", "target": 1},
          {"type": "power", "card": "permutation", "meeple": [0, 0], "other": [1, 0]},
          {"type": "partner", "meeple": [1, 0]}, {"type": "defend", "play": True}]
FIELDS = [(shape, key) for shape in SHAPES for key in shape if key != "type"]
one_field_junk = st.one_of(huge_ints, any_junk, st.tuples(huge_ints | any_junk, st.integers(0, 1)).map(list))


def refused_or_played(game, action):
    """`apply` plays a legal action or raises an ActionError (never another exception), with
    a short message, and the game is then as it was."""
    before = snapshot(game)
    try:
        game.apply(action)
    except ActionError as refused:
        assert snapshot(game) == before and len(str(refused)) < 300
        return
    assert len(game.history) == len(json.loads(before[0])["actions"]) + 1  # a legal action, played


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase=st.sampled_from(list(POSITIONS)), action=junk_actions)
def test_junk_actions_raise_only_the_typed_error_and_change_nothing(phase, action):
    """Issue 43: random JSON and Python values, huge integers, wrong types, bools, floats,
    nested junk."""
    refused_or_played(POSITIONS[phase](), action)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase=st.sampled_from(list(POSITIONS)), field=st.sampled_from(FIELDS), junk=one_field_junk)
def test_an_action_junk_in_one_field_raises_only_the_typed_error_and_changes_nothing(phase, field, junk):
    shape, key = field
    refused_or_played(POSITIONS[phase](), {**shape, key: junk})


# ----- issue 43: the seed's range -------------------------------------------------

@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64, 10**30, 10**5000],
                         ids=["-1", "2^53", "2^64", "10^30", "10^5000"])
def test_a_seed_outside_0_to_2_53_minus_1_is_refused_by_new_game_and_load(seed):
    """A record is JSON that JavaScript reads too, exactly only up to 2^53 − 1
    (lepeuple.core.setup.MAX_SEED); the message states the range."""
    with pytest.raises(SetupError, match=r"the seed is a whole number from 0 to 2\^53 − 1 \(9,007,199,254,740,991\)"):
        new_game(3, None, seed)
    with pytest.raises(RecordError, match="seed"):
        load({**GOOD, "seed": seed})
    with pytest.raises(ScenarioError, match="seed"):
        run({"players": 3, "seed": seed})


def test_the_seeds_at_both_ends_of_the_range_make_games():
    assert MAX_SEED == 2**53 - 1
    for seed in (0, MAX_SEED):
        assert load({**GOOD, "seed": seed}).seed == seed
