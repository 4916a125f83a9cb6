"""The message catalogs (web/locales/*.po), their compiler (web/msgfmt.py) and
web/i18n.py: ids, fields, plural forms, elision."""

import gettext
import io
import re
import string
from pathlib import Path

import pytest

import lepeuple
from web import i18n, msgfmt

LEVELS = ["beginner", "easy", "normal", "hard"]
WEB = Path(__file__).resolve().parents[2] / "web"
EN = i18n.catalog("en")
# The ids only a language that elides has (web/i18n.py of_name).
ELISION = {i18n.OF_ELIDED, i18n.ELIDE_BEFORE}
# The CLDR plural category of each msgstr[i], by language (the order of the Plural-Forms formula).
CATEGORIES = {"en": ("one", "other"), "fr": ("one", "other"), "ja": ("other",)}


def _forms(message):
    """The strings of a message: itself, or its plural forms."""
    return list(message) if isinstance(message, tuple) else [message]


def _po(lang):
    return (WEB / "locales" / f"{lang}.po").read_text(encoding="utf-8")


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
    assert not {k for f, k in used if f == "tn" and not isinstance(EN.get(k), tuple)}
    assert not {k for f, k in used if f == "t" and isinstance(EN.get(k), tuple)}


@pytest.mark.parametrize("lang", i18n.CODES)
def test_every_language_has_every_id_field_and_plural_form(lang):
    """Every id of en.po translated (not empty, not fuzzy), in en.po's order, with
    its fields and as many plural forms as the language's Plural-Forms header says."""
    catalog = i18n.catalog(lang)
    assert set(catalog) - ELISION == set(EN)
    ids = [msgid for _, msgid, _, _ in msgfmt.parse(_po(lang)) if msgid]
    assert [k for k in ids if k not in ELISION] == [k for _, k, _, _ in msgfmt.parse(_po("en")) if k]
    nplurals = int(re.search(r"nplurals=(\d+)", i18n.translations(lang).info()["plural-forms"])[1])
    for key, message in EN.items():
        wanted = _fields(_forms(message)[0])
        assert isinstance(catalog[key], tuple) == isinstance(message, tuple), key
        if isinstance(message, tuple):
            assert len(catalog[key]) == nplurals, key
        for text in _forms(catalog[key]):
            assert _fields(text) == wanted, (lang, key, text)


def test_messages_with_a_count_are_plural():
    """A number field followed by a noun is a plural message ("1 noble attacks")."""
    count = re.compile(r"\{(n|score|deck|discard|count|supply|noble|sneaky)\} ?[a-zA-Zéè]")
    for lang in ("en", "fr"):
        for key, message in i18n.catalog(lang).items():
            if not isinstance(message, tuple):
                assert not count.search(message), (lang, key, message)


@pytest.mark.parametrize("lang", i18n.CODES)
def test_plural_forms_headers_are_cldr(lang):
    """Each catalog's Plural-Forms formula, as gettext reads it, picks the form of
    the CLDR category of every count from 0 to 200."""
    from babel import Locale  # the CLDR data (the test extra in pyproject.toml)

    cldr = Locale.parse(lang).plural_form
    catalog = i18n.translations(lang)
    for n in range(201):
        assert CATEGORIES[lang][catalog.plural(n)] == cldr(n), (lang, n)
    # fr's "many" is for 1 000 000 and its multiples only ("1 000 000 de points"): no count here comes near
    assert set(CATEGORIES[lang]) == set(cldr.tags) - {"many"} | {"other"}
    assert f"nplurals={len(CATEGORIES[lang])};" in catalog.info()["plural-forms"]


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
    assert i18n.of_name("Éva", "en") == "Éva's" and i18n.of_name("Ann", "ja") == "Annの"
    assert i18n.of_name("", "fr") == "de "  # no first letter, no elision
    for key, message in i18n.catalog("fr").items():  # no "de {name}" left to elide by hand
        for text in _forms(message) if key != i18n.OF else []:
            assert not re.search(r"\b(de|du|de la) \{(name|victim|target|attacker)\}", text), key


def test_dynamic_keys_exist():
    for prefix, names in {"how.": ["circle", "square", "split"], "reach.": ["circle", "square", "split"],
                          "level.": LEVELS, "speed.": ["slow", "normal", "fast"],
                          "power.": list(lepeuple.core.cards.POWER_IDS),
                          "log.event.": ["supply", "noble_attack", "sneaky_attack", "attack"],
                          "prompt.wait.": ["power", "move", "partner", "defend", "over"],
                          "prompt.": ["meeple", "tile", "target", "confirm", "swap1", "swap2"],
                          "hint.": ["draw", "pass"],
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


PO = r'''# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

#. for translators
msgid "quote"
msgstr "Il a dit : \"d'accord\"\n"
"— à la ligne\tet \\ fin"

msgid "count"
msgid_plural "count"
msgstr[0] "{n} carte"
msgstr[1] "{n} cartes"

#, fuzzy
msgid "guessed"
msgstr "pas sûr"

msgid "untranslated"
msgstr ""

msgctxt "menu"
msgid "open"
msgstr "Ouvrir"
'''


def test_msgfmt_compiles_what_gettext_reads():
    """Escapes, continued strings, plural forms and a context reach gettext; fuzzy and
    untranslated entries are left out, as GNU msgfmt does."""
    catalog = gettext.GNUTranslations(io.BytesIO(msgfmt.compile_po(PO)))
    assert catalog.gettext("quote") == 'Il a dit : "d\'accord"\n— à la ligne\tet \\ fin'
    assert [catalog.ngettext("count", "count", n) for n in (0, 1, 2)] == ["{n} carte", "{n} carte", "{n} cartes"]
    assert catalog.pgettext("menu", "open") == "Ouvrir"
    assert catalog.gettext("guessed") == "guessed" and catalog.gettext("untranslated") == "untranslated"
    assert catalog.info()["plural-forms"] == "nplurals=2; plural=(n > 1);"


@pytest.mark.parametrize("bad", ['msgid "a"\nmsgstr "b', 'msgid "a"\nmsgstr "b"c"', 'msgid "a"\nmsgstr "\\q"',
                                 'msgid "a"\nmsgid_plural "a"\nmsgstr "b"', 'msgid "a"\nbonjour',
                                 'msgid "a"\nmsgstr "b"\nmsgstr "c"', 'msgid "a"\n'])
def test_msgfmt_names_what_it_cannot_read(bad):
    with pytest.raises(msgfmt.PoError):
        msgfmt.compile_po(bad)


def test_the_page_reads_the_built_mo(tmp_path, monkeypatch):
    """Where only the built .mo is (the page), i18n reads it."""
    built = _po("en").replace('msgid "btn.draw"\nmsgstr "Draw two"', 'msgid "btn.draw"\nmsgstr "Draw two (built)"')
    assert built != _po("en")
    (tmp_path / "en.mo").write_bytes(msgfmt.compile_po(built))
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    i18n.set_language("en")
    assert i18n.t("btn.draw") == "Draw two (built)"
