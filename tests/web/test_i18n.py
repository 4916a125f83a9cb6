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
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _used_keys():
    """Message ids written literally in web/ (t("id") and tn("id", ...))."""
    keys = set()
    for path in WEB.rglob("*.py"):
        if path.name == "i18n.py":
            continue
        keys |= set(re.findall(r'\btn?\("([a-z_.]*[a-z_])"', path.read_text()))
    return keys


def test_every_literal_key_exists():
    assert not {k for k in _used_keys() if k not in EN}


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_language_has_every_key_with_the_same_fields(lang):
    catalog = i18n.catalog(lang)
    assert list(catalog) == list(EN)  # same ids, same order
    for key, message in EN.items():
        assert isinstance(catalog[key], dict) == isinstance(message, dict), key
        wanted = set().union(*map(_fields, _forms(message)))
        for text in _forms(catalog[key]):
            assert _fields(text) <= wanted | {"n"}, key


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
    assert i18n.tn("end.turns", 1) == "1手番。"
    assert i18n.set_language("xx") == "en"
