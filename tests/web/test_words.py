"""Words the page says back (issue 22): names cut whole at a grapheme boundary, long
values shortened when echoed, a repeated parameter reported."""

import pytest
from hypothesis import given, strategies as st

from web import i18n
from web.model.newgame import MAX_NAME, clean_name, cut, echo, parse_query

FAMILY = "👩\u200d👩\u200d👧\u200d👦"  # one emoji: 7 code points joined by ZWJ
THUMB = "👍🏽"  # with a skin tone
FLAG = "🇯🇵"  # two regional indicators
ACCENTED = "e\u0301"  # e and a combining acute
HEART = "❤\ufe0f"  # with a variation selector
HANGUL = "\u1100\u1161\u11a8"  # a syllable in conjoining jamo
CLUSTERS = [FAMILY, THUMB, FLAG, ACCENTED, HEART, HANGUL, "a", "日"]


@pytest.mark.parametrize("cluster", CLUSTERS)
def test_a_name_is_never_cut_inside_a_grapheme(cluster):
    for pad in range(MAX_NAME):
        name = "x" * pad + cluster * 10
        kept = clean_name(name)
        assert len(kept) <= MAX_NAME
        rest = kept[pad:]
        assert rest == cluster * (len(rest) // len(cluster)), (pad, kept)


def test_flags_pair_their_regional_indicators_from_the_start():
    three = "🇫🇷🇯🇵🇬🇧"
    assert cut(three, 5) == "🇫🇷🇯🇵" and cut(three, 3) == "🇫🇷"


def test_a_short_name_is_kept_whole():
    assert clean_name(f"Ann {FAMILY}{THUMB}") == f"Ann {FAMILY}{THUMB}"


@given(st.text(max_size=80))
def test_a_cut_is_a_prefix_no_longer_than_asked(text):
    for most in (0, 1, 5, MAX_NAME):
        out = cut(text, most)
        assert text.startswith(out) and len(out) <= most
        assert cut(text, len(text)) == text


def test_a_5000_digit_seed_is_shortened_when_echoed():
    i18n.set_language("en")
    seed = "9" * 5000
    query = parse_query(f"?players=human,bot,bot&seed={seed}", ["easy", "normal", "hard"])
    (key, fields), = query.errors
    assert key == "err.seed" and len(fields["value"]) <= 24 and fields["value"].endswith("…")
    assert len(i18n.t(key, **fields)) <= len(i18n.t(key, value="")) + 24  # the message and 24 characters of the seed


def test_short_values_are_echoed_whole():
    assert echo("abc") == "abc" and echo("x" * 24) == "x" * 24 and len(echo("x" * 25)) == 24


def test_a_repeated_parameter_is_reported_like_an_ignored_one():
    query = parse_query("?players=human,bot,bot&seed=1&seed=2&speed=fast&speed=slow", ["easy", "normal", "hard"])
    assert ("err.repeated_param", {"name": "seed"}) in query.notices
    assert ("err.repeated_param", {"name": "speed"}) in query.notices
    assert query.setup.seed == 2 and query.speed == "slow"
    i18n.set_language("en")
    assert i18n.t("err.repeated_param", name="seed") == (
        "The link gives the parameter “seed” more than once; only the last one was used.")
