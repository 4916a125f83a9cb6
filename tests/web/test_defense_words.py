"""Défense said plainly (issue 50, item 5): its text says what R16 cancels — the card, or the
whole event with the helper's +1 — that the meeples are still redeployed and that your own
supply is not an attack; the hand shows a few words that fit the card and its zoomed copy
and name say it whole; the guide does not say it is never played in your own power step,
which the shield option does."""

import re

import pytest

from web import i18n
from web.markup import to_html
from web.render.cards import card

# Each language's words for what R16 says (docs/rules.md R16, R17): the helper, the supply,
# the redeployment; and the shield option's name in the guide.
FACTS = {"en": ("helper's +1", "supply", "redeployed", "shield option"),
         "fr": ("+1 du complice", "ravitaillement", "redéployés", "option bouclier"),
         "ja": ("協力者の+1", "補給", "再配置", "盾オプション")}
FACE_MOST = 32  # characters that fit the two lines a card in the hand shows (style.css .power-text)


@pytest.fixture(params=sorted(FACTS))
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _texts(html):
    return re.findall(r'<span class="power-text">([^<]*)</span>', html)


def test_defense_says_what_it_cancels_and_what_still_happens(lang):
    whole = i18n.t("power.defense")
    helper, supply, redeployed, _ = FACTS[lang]
    assert helper in whole and supply in whole and redeployed in whole, whole


@pytest.mark.parametrize("shield", [False, True])
def test_in_the_hand_defense_shows_a_few_words_and_says_it_whole_when_zoomed_or_read(lang, shield):
    html = to_html(card("defense", playable=True, shield_mode=shield))
    face, zoomed = _texts(html)
    key = "power.defense.shield" if shield else "power.defense"
    assert face == i18n.t(key + ".face") and len(face) <= FACE_MOST
    assert zoomed == i18n.t(key) and len(zoomed) > len(face)
    assert f"{i18n.t(key)}" in re.search(r'aria-label="([^"]*)"', html).group(1).replace("&#x27;", "'")


def test_the_guide_says_defense_is_laid_in_your_power_step_with_the_shield_option(lang):
    done = i18n.t("tut.defense.done")
    assert FACTS[lang][0] in done and FACTS[lang][3] in done, done
