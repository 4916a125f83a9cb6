"""The message catalogs (web/locales/*.json) and web/i18n.py: ids, fields, plural forms."""

import re
import string
from pathlib import Path

import pytest

import lepeuple
from web import i18n

LEVELS = ["easy", "normal", "hard"]
WEB = Path(__file__).resolve().parents[2] / "web"
EN = i18n.catalog("en")


def _forms(message):
    """The strings of a message: itself, or its plural forms."""
    return list(message.values()) if isinstance(message, dict) else [message]


def _fields(text):
    """The fields of a message; "{of_name}" (i18n makes it from {name}) counts as {name}."""
    fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    return {f.removeprefix("of_") for f in fields}


def _used_keys():
    """Message ids written literally in web/ (t("id") and tn("id", ...)), with their function."""
    keys = set()
    for path in WEB.rglob("*.py"):
        if path.name == "i18n.py":
            continue
        keys |= set(re.findall(r'\b(tn?)\("([a-z_.]*[a-z_])"', path.read_text()))
    return keys


def test_every_literal_key_exists():
    assert not {k for _, k in _used_keys() if k not in EN}


def test_counts_go_through_tn_and_only_counts():
    """tn is used with plural messages, and a plural message is always given a count."""
    used = _used_keys()
    assert not {k for f, k in used if f == "tn" and not isinstance(EN.get(k), dict)}
    assert not {k for f, k in used if f == "t" and isinstance(EN.get(k), dict)}


@pytest.mark.parametrize("lang", i18n.CODES)
def test_every_language_has_every_id_field_and_plural_form(lang):
    catalog = i18n.catalog(lang)
    assert list(catalog) == list(EN)  # same ids, same order
    for key, message in EN.items():
        wanted = _fields(_forms(message)[0])
        assert isinstance(catalog[key], dict) == isinstance(message, dict), key
        if isinstance(message, dict):
            assert tuple(catalog[key]) == i18n.PLURAL_FORMS[lang], key
        for text in _forms(catalog[key]):
            assert _fields(text) == wanted, (lang, key, text)


def test_messages_with_a_count_are_plural():
    """A number field followed by a noun is a plural message ("1 noble attacks")."""
    count = re.compile(r"\{(n|score|deck|discard|count|supply|noble|sneaky)\} ?[a-zA-Zéè]")
    for lang in ("en", "fr"):
        for key, message in i18n.catalog(lang).items():
            if not isinstance(message, dict):
                assert not count.search(message), (lang, key, message)


@pytest.mark.parametrize("lang", i18n.CODES)
def test_plural_rules_are_cldr(lang):
    from babel import Locale  # the CLDR data (the test extra in pyproject.toml)

    cldr = Locale.parse(lang).plural_form
    for n in range(201):
        assert i18n.PLURAL_RULES[lang](n) == cldr(n), (lang, n)
    # fr's "many" is for 1 000 000 and its multiples only (i18n.PLURAL_RULES)
    assert set(i18n.PLURAL_FORMS[lang]) == set(cldr.tags) - {"many"} | {"other"}


def test_plurals_pick_the_form_of_the_language():
    cases = {"en": {0: "0 noble attacks", 1: "1 noble attack", 2: "2 noble attacks"},
             "fr": {0: "0 attaque noble", 1: "1 attaque noble", 2: "2 attaques nobles"},
             "ja": {0: "ノーブルアタック0回", 1: "ノーブルアタック1回", 2: "ノーブルアタック2回"}}
    for lang, texts in cases.items():
        i18n.set_language(lang)
        for n, text in texts.items():
            assert i18n.tn("end.events.noble", n) == text
    i18n.set_language("fr")
    assert i18n.tn("panel.score", 0, score=0) == "0 point"
    assert i18n.tn("panel.score", 2, score=2) == "2 points"
    i18n.set_language("en")
    assert i18n.t("panel.cards", movement=i18n.tn("panel.cards.movement", 3),
                  power=i18n.tn("panel.cards.power", 1)) == "3 movement cards · 1 power card"


def test_french_elision():
    assert [i18n.of_name(n, "fr") for n in ("Ann", "Éva", "Hugo", "Yves", "œdipe", "Bob", "Zoé")] == \
        ["d'Ann", "d'Éva", "d'Hugo", "d'Yves", "d'œdipe", "de Bob", "de Zoé"]
    i18n.set_language("fr")
    try:
        assert i18n.t("hand.heading", name="Ann") == "Main d'Ann"
        assert i18n.t("hand.heading", name="Bob") == "Main de Bob"
        assert i18n.t("log.turn", name="Éva") == "Tour d'Éva"
        assert "la maison d'Ann (" in i18n.t("log.event.attack", victim="Ann", home=2, points="")
    finally:
        i18n.set_language("en")
    assert i18n.t("hand.heading", name="Ann") == "Ann's hand"
    for key, message in i18n.catalog("fr").items():  # no "de {name}" left to elide by hand
        for text in _forms(message):
            assert not re.search(r"\b(de|du|de la) \{(name|victim|target|attacker)\}", text), key


def test_dynamic_keys_exist():
    for prefix, names in {"how.": ["circle", "square", "split"], "reach.": ["circle", "square", "split"],
                          "level.": LEVELS, "speed.": ["slow", "normal", "fast"],
                          "power.": list(lepeuple.cards.POWER_IDS),
                          "log.event.": ["supply", "noble_attack", "sneaky_attack", "attack"],
                          "prompt.wait.": ["power", "move", "partner", "defend", "over"],
                          "prompt.": ["meeple", "tile", "target", "confirm", "swap1", "swap2"],
                          "announce.": ["draw", "pass"], "hint.": ["draw", "pass"],
                          "tip.": ["home", "flank", "pickaxe"], "rules.turn.": ["power", "move"],
                          "rules.cards.": ["arrow", "circle", "square", "split"],
                          "rules.": [f"{s}.h" for s in ("goal", "ring", "turn", "cards", "pickaxe", "events",
                                                          "defense", "powers")] + ["supply", "noble", "sneaky"]}.items():
        for name in names:
            assert prefix + name in EN, prefix + name
    for kind in ("movement", "power"):
        for prefix in ("log.draw.hidden.", "log.hand_full.", "log.deck_empty.", "log.reshuffle."):
            assert prefix + kind in EN


def test_language_switch_and_pick():
    assert i18n.pick_language(["de-DE", "fr-CA", "en"]) == "fr"
    assert i18n.set_language("ja") == "ja" and i18n.t("btn.draw") == "2枚引く"
    assert i18n.tn("end.turns", 1) == "全1手番。"
    assert i18n.set_language("xx") == "en"
