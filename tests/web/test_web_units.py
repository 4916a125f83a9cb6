"""Pure pieces of web/: markup escaping, links, saves, the chooser (the catalogs: test_i18n.py)."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import lepeuple
from web import i18n
from web.markup import h, to_html
from web.model import storage
from web.model.choices import Chooser
from web.model.newgame import SEED_PATTERN, SEEDS, WHOLE, Seat, parse_query, seats_from_json, setup_from_form

LEVELS = ["easy", "normal", "hard"]
WEB = Path(__file__).resolve().parents[2] / "web"


# ----- markup --------------------------------------------------------------

def test_text_and_attributes_are_escaped():
    evil = '<img src=x onerror=alert(1)>"\''
    html = to_html(h("p", {"title": evil, "data-arg": evil}, evil))
    assert "<img" not in html
    assert html.count("&lt;img") == 3


def test_tag_and_attribute_names_must_be_plain():
    with pytest.raises(ValueError):
        to_html(h("p", {"onclick x": "1"}))


# ----- links ---------------------------------------------------------------

def test_link_with_players_names_and_options():
    q = parse_query("?players=human,Human,bot:hard,bot&names=Ann,Bob&seed=7&target=20&scores=hidden&defense=shield",
                    LEVELS)
    assert not q.errors
    s = q.setup
    assert [x.kind for x in s.seats] == ["human", "human", "bot", "bot"]
    assert [x.level for x in s.seats[2:]] == ["hard", "normal"]
    assert [x.name for x in s.seats[:2]] == ["Ann", "Bob"]
    assert s.options == {"defense": "shield", "scores": "hidden", "target": 20} and s.seed == 7


@pytest.mark.parametrize("query, key", [
    ("?players=human,bot", "err.players.count"),
    ("?players=human,bot,bot,bot,bot,bot", "err.players.count"),
    ("?players=human,robot,bot", "err.players.kind"),
    ("?players=human,bot:god,bot", "err.players.level"),
    ("?players=human,bot,bot&names=a,b", "err.names.count"),
    ("?players=human,bot,bot&seed=-1", "err.seed"),
    ("?players=human,bot,bot&seed=1.5", "err.seed"),
    ("?players=human,bot,bot&target=31", "err.target"),
    ("?players=human,bot,bot&defense=maybe", "err.defense"),
    ("?players=human,bot,bot&scores=secret", "err.scores"),
    ("?seed=3", "err.players.missing"),
])
def test_nonsense_links_are_named(query, key):
    q = parse_query(query, LEVELS)
    assert q.setup is None and key in [k for k, _ in q.errors]
    assert q.draft is not None  # the form is prefilled with what could be read


def test_bad_preferences_do_not_stop_the_game():
    q = parse_query("?players=human,bot,bot&speed=warp&lang=xx&utm=1", LEVELS)
    assert q.setup is not None
    assert {k for k, _ in q.notices} == {"err.speed", "err.lang", "err.unknown_param"}


def test_form_fields():
    setup, errors = setup_from_form({"kind-0": "human", "name-0": "  A  very\nlong name " * 5, "kind-1": "bot:hard",
                                     "kind-2": "bot:nope", "target": "30", "seed": ""}, LEVELS)
    assert not errors
    assert len(setup.seats[0].name) <= 32 and "\n" not in setup.seats[0].name
    assert setup.seats[1].level == "hard" and not setup.seats[2].is_bot
    assert setup.seed is None and setup.options["target"] == 30


# ----- issue 43: whole numbers in ASCII digits only, one rule ---------------------------

SEATS = {"kind-0": "human", "kind-1": "bot:easy", "kind-2": "bot:easy"}
NOT_ASCII_DIGITS = ["１２", "٣", "1_000", "1e1", "12.0", "+12", "0x1f", "\u300012", "12\u00a0"]


@pytest.mark.parametrize("typed", NOT_ASCII_DIGITS)
@pytest.mark.parametrize("name", ["target", "seed"])
def test_a_form_field_takes_ascii_digits_only(name, typed):
    """Issue 43: Python's int() took １２ as 12, ٣ as 3 and 1_000 as 1000, which the early
    form refuses: both read a field by one rule (newgame.WHOLE)."""
    setup, errors = setup_from_form({**SEATS, name: typed}, LEVELS)
    assert errors == [(f"err.{name}", {"value": typed})]


def test_a_link_takes_ascii_digits_only():
    for query in ("?players=human,bot,bot&seed=1_0&target=1_5",
                  "?players=human,bot,bot&seed=%EF%BC%91%EF%BC%92&target=%D9%A3"):  # １２ and ٣
        q = parse_query(query, LEVELS)
        assert q.setup is None and [key for key, _ in q.errors] == ["err.target", "err.seed"]


@pytest.mark.parametrize("typed, number", [(" 12 ", 12), ("007", 7), ("", None), ("   ", None)])
def test_ascii_digits_with_spaces_or_leading_zeros_are_read(typed, number):
    setup, errors = setup_from_form({**SEATS, "seed": typed, "target": typed}, LEVELS)
    assert not errors and setup.seed == number and setup.options["target"] == (number or 12)


SEED_TEXT = st.one_of(st.text(alphabet=" 0123456789_١٣１２e+-.", max_size=20),
                      st.integers(-10, 2**54).map(str), st.integers(SEEDS[1] - 1000, SEEDS[1] + 1000).map(str),
                      st.integers(0, 2**64).map(lambda n: f" {n:020d} "))


@settings(max_examples=300, deadline=None)
@given(typed=SEED_TEXT)
def test_the_seed_fields_pattern_accepts_exactly_what_python_reads(typed):
    """The early form (web/startup/firstscreen.mjs) checks the seed with the pattern Python
    draws into the field, its range included (0 to 2^53 − 1); Python reads the same."""
    setup, errors = setup_from_form({**SEATS, "seed": typed}, LEVELS)
    assert (re.fullmatch(SEED_PATTERN, typed) is not None) == (not errors)
    assert re.fullmatch(WHOLE, typed) or errors


def test_the_seeds_message_states_its_range_in_every_language():
    for code in i18n.CODES:
        i18n.set_language(code)
        assert "2⁵³ − 1" in i18n.t("err.seed", value="x") and SEEDS[1] == 2**53 - 1
        assert re.sub(r"[ ,]", "", i18n.t("err.seed", value="x")).count(str(SEEDS[1])) == 1
    i18n.set_language("en")


# ----- saves ---------------------------------------------------------------

@pytest.mark.parametrize("seat, words", [
    ({"kind": "robot"}, 'neither a person nor a bot: "robot"'),
    ({"kind": "bot", "level": "x" * 1000}, 'unknown bot level "' + "x" * 38 + "…"),
    ({"kind": "bot", "level": None}, "unknown bot level null"),
])
def test_a_saves_bad_seat_is_quoted_short_as_json_not_as_a_python_repr(seat, words):
    with pytest.raises(ValueError) as refused:
        seats_from_json([seat, {"kind": "human"}, {"kind": "human"}], LEVELS)
    assert str(refused.value).endswith(words)


def test_save_round_trip_and_failures():
    g = lepeuple.new_game(3, None, 4)
    text = storage.encode([Seat(name="A"), Seat("bot", level="easy"), Seat()], g.record())
    seats, record = storage.decode(text)
    assert record == g.record() and seats[1] == {"kind": "bot", "level": "easy"}
    for bad in ("", "[]", '{"app": "other"}', '{"app": "lepeuple", "version": 9}', '{"app":"lepeuple","version":1}'):
        with pytest.raises(storage.SaveError) as e:
            storage.decode(bad)
        assert e.value.text == bad


def test_a_failing_write_is_reported_in_plain_words_not_raised():
    class Full(storage.MemoryBackend):
        def setItem(self, key, value, **guard):
            raise RuntimeError("Error: A value of type object with tag [object DOMException] could not be converted")

    i18n.set_language("en")
    store = storage.Store(Full())
    assert store.save([], {"format": 1}) == "the browser's storage for this page is full or not allowed"


# ----- the chooser ---------------------------------------------------------

def _game_in(phase, seed_range=range(200)):
    import random

    for seed in seed_range:
        g = lepeuple.new_game(3, None, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.phase == phase:
                return g
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError(phase)


def test_every_move_is_reachable_by_clicks_and_only_legal_ones():
    g = lepeuple.new_game(4, None, 9)
    legal = set(g.legal_actions())
    found = set()
    c = Chooser(g.legal_actions(), g.phase, g.path)
    for card in c.offer().cards:
        c.click("card", card)
        for meeple in c.offer().meeples:
            c.click("meeple", meeple)
            for r in c.reaches():
                action = c.click("tile", r.tile)
                if action is None:  # one tile, several ways: choose how
                    assert c.step == "how"
                    action = c.click("how", r.how)
                    c.click("cancel")
                found.add(action)
        c.click("cancel")
        assert c.step == "card"
    assert found == legal - {lepeuple.action_from_json({"type": "draw"})}
    assert c.click("draw") in legal


def test_clicks_not_offered_do_nothing():
    g = lepeuple.new_game(3, None, 2)
    c = Chooser(g.legal_actions(), g.phase, g.path)
    assert c.click("tile", 5) is None and c.click("skip") is None and c.click("card", 99) is None
    assert c.click("meeple", [1, 0]) is None and c.click("defend", True) is None
    assert c.step == "card"


def test_power_cards_offer_targets_then_cancel():
    g = _game_in("power")
    c = Chooser(g.legal_actions(), g.phase, g.path)
    for card in sorted(c.offer().cards, key=str):
        c.click("card", card)
        o = c.offer()
        assert o.cancel
        if o.step == "target":
            assert g.active not in o.targets
            assert c.click("target", o.targets[0]) in g.legal_actions()
        elif o.step == "confirm":
            assert c.click("confirm") in g.legal_actions()
        c.click("cancel")
    assert c.click("skip") in g.legal_actions()


# ----- the log -------------------------------------------------------------

def test_every_event_has_words_in_every_language_for_every_viewer():
    import random

    from web.render.log import describe

    seats = [Seat(name="Ann"), Seat("bot", level="easy"), Seat(), Seat("bot", level="hard")]
    kinds = set()
    for seed in range(25):
        options = {"defense": "shield" if seed % 2 else "reaction", "scores": "hidden" if seed % 3 else "visible"}
        g = lepeuple.new_game(4, options, seed)
        rng = random.Random(seed)
        events = []
        while not g.is_over:
            events += g.apply(rng.choice(g.legal_actions()))
        for lang in ("en", "fr", "ja"):
            i18n.set_language(lang)
            for viewer in (None, 0, 2):
                for e in events:
                    text = describe(e, seats, viewer, options["scores"] == "hidden")
                    assert text is None or (text and "{" not in text)
        kinds |= {e[0] for e in events}
    i18n.set_language("en")
    assert {"turn", "play", "move", "draw", "event", "score", "redeploy", "power", "over"} <= kinds


def test_others_draws_are_hidden_in_the_log():
    from web.render.log import describe

    seats = [Seat(name="Ann"), Seat(name="Bob"), Seat()]
    event = ("draw", 1, "power", "troc")
    assert "Troc" in describe(event, seats, 1)
    assert "Troc" not in describe(event, seats, 0) and "Troc" not in describe(event, seats, None)


def test_permutation_takes_two_meeples_and_can_be_cancelled():
    setup = {"hands": [{"movement": [3], "power": ["permutation"]}, {"movement": [2]}, {"movement": [4]}]}
    g = lepeuple.new_game(3, None, 1, setup)
    c = Chooser(g.legal_actions(), g.phase, g.path)
    c.click("card", "permutation")
    assert c.step == "swap1" and c.offer().meeples == [(0, 0), (0, 1)]
    c.click("meeple", (0, 0))
    assert c.step == "swap2" and (1, 0) in c.offer().meeples and (0, 1) not in c.offer().meeples
    c.click("cancel")
    assert c.step == "card"
    c.click("card", "permutation")
    c.click("meeple", [0, 1])
    action = c.click("meeple", [2, 1])
    assert action in g.legal_actions() and action.meeple == (0, 1) and action.other == (2, 1)


def test_partner_choice_offers_the_meeples_opposite():
    setup = {"meeples": [[4, 2], [3, 10], [3, 10]], "hands": [{"movement": [2]}, {"movement": []}, {"movement": []}],
             "active": 0}
    g = lepeuple.new_game(3, None, 1, setup)
    g.apply(lepeuple.action_from_json({"type": "move", "card": 2, "meeple": [0, 1], "how": "square"}))
    assert g.phase == "partner"
    c = Chooser(g.legal_actions(), g.phase, g.path)
    assert c.step == "partner" and set(c.offer().meeples) == {(1, 0), (2, 0)}
    assert c.click("meeple", [2, 0]) in g.legal_actions()


# ----- the ring's layout ---------------------------------------------------

@pytest.mark.parametrize("tiles", [12, 16, 20])
@pytest.mark.parametrize("aspect", [1.5, 0.7])
def test_tile_cards_stay_apart_and_inside_the_box(tiles, aspect):
    from web.render.layout import CARD_RATIO, layout

    width, places = layout(tiles, aspect)
    height_pct = width * CARD_RATIO * aspect  # a card's height in % of the box height
    assert len(places) == tiles and width > 5
    for i, (x, y) in enumerate(places):
        assert width / 2 <= x <= 100 - width / 2 and height_pct / 2 <= y <= 100 - height_pct / 2
        for ox, oy in places[i + 1:]:
            assert abs(ox - x) >= width or abs(oy - y) >= height_pct, (i, x, y, ox, oy)
    assert places[0][0] == 50 and places[0][1] < 50  # tile 1 at the top
    assert places[tiles // 4][0] > 50  # numbers run clockwise


@pytest.mark.parametrize("tiles", [12, 16, 20])
@pytest.mark.parametrize("aspect", [1.5, 0.7])
def test_the_rings_middle_is_a_box_no_tile_touches(tiles, aspect):
    from web.render.layout import CARD_RATIO, centre_box, layout

    width, places = layout(tiles, aspect)
    left, top, w, h = centre_box(tiles, aspect)
    tile_h = width * CARD_RATIO * aspect  # % of the box height
    assert abs(left + w / 2 - 50) < 0.01 and abs(top + h / 2 - 50) < 0.01 and w > 40 and h > 30
    for x, y in places:
        assert (x + width / 2 <= left or x - width / 2 >= left + w
                or y + tile_h / 2 <= top or y - tile_h / 2 >= top + h), (x, y)


@pytest.mark.parametrize("tiles", [12, 16, 20])
@pytest.mark.parametrize("aspect", [1.5, 0.7])
def test_every_landing_tiles_tags_find_a_place_over_no_other_tile(tiles, aspect):
    from web.render.layout import CARD_RATIO, TAG_SIDES, _overlaps, _tag_box, layout, tag_sides

    width, places = layout(tiles, aspect)
    w = width / 100 * aspect
    cards = [(x / 100 * aspect, y / 100) for x, y in places]
    names = {v: k for k, v in TAG_SIDES.items()}
    for i, side in enumerate(tag_sides(tiles, aspect)):
        tags = _tag_box(names[side], *cards[i], w, w * CARD_RATIO)
        assert not any(_overlaps(tags, (x, y, w, w * CARD_RATIO)) for j, (x, y) in enumerate(cards) if j != i), i + 1
        dx, dy = aspect / 2 - cards[i][0], 0.5 - cards[i][1]
        assert (tags[0] - cards[i][0]) * dx + (tags[1] - cards[i][1]) * dy > 0, i + 1  # towards the middle


# ----- no hard-coded UI strings ---------------------------------------------

WORDY_ATTRS = {"aria-label", "title", "placeholder", "alt", "aria-description"}


def _hard_coded(path):
    """Literal words given to h() as text or as a label-like attribute (must come from t())."""
    import ast
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "h"):
            continue
        for arg in node.args[1:]:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and any(c.isalpha() for c in arg.value):
                found.append(f"{path.name}:{arg.lineno} {arg.value!r}")
            if isinstance(arg, ast.Dict):
                for key, value in zip(arg.keys, arg.values):
                    if (isinstance(key, ast.Constant) and key.value in WORDY_ATTRS and isinstance(value, ast.Constant)
                            and isinstance(value.value, str) and any(c.isalpha() for c in value.value)):
                        found.append(f"{path.name}:{value.lineno} {value.value!r}")
    return found


def test_no_ui_string_is_hard_coded():
    found = [f for path in sorted(WEB.rglob("*.py")) for f in _hard_coded(path)]
    # The printed back of the cards is a logo, not words to translate.
    assert [f for f in found if "'LDP'" not in f] == []


def test_bot_stats_time_each_level_apart_and_leave_forced_actions_out():
    from web.model.botrunner import Stats

    stats = Stats()
    stats.record("normal", 0.4, 600, 0.3)
    stats.record("normal", 0.6, 600, 0.3)
    stats.record("hard", 1.0, 1000, 0.5)
    stats.record("hard", 0.001, 0, 0.0)  # one legal action: nothing thought
    levels = stats.to_json()["levels"]
    assert stats.decisions == 4
    assert levels["normal"] == {"decisions": 2, "mean_s": 0.5, "longest_s": 0.6, "iterations_per_s": 2000}
    assert levels["hard"] == {"decisions": 1, "mean_s": 1.0, "longest_s": 1.0, "iterations_per_s": 2000}
