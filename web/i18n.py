"""Every string the page shows, in one message catalog per language.

The catalogs are web/locales/<code>.json: one JSON object per language, keyed
by message id, in the same order in every file. A message is either a string
with {fields}, or, when it shows a count, an object of CLDR plural categories
whose strings all take the same fields, e.g.
    "end.turns": {"one": "{n} turn played.", "other": "{n} turns played."}
(en and fr have "one" and "other", ja only "other": PLURAL_FORMS).

`t(key, **fields)` formats the message of the current language (falling back
to English); `tn(key, n, **fields)` picks the plural form of the current
language for n (PLURAL_RULES, the CLDR rules) and passes n as {n} too.

French elision: a message may write {of_name} (or {of_victim}, ...: "of_" and
any field) for "de" + that field; `of_name` gives "d'Ann", "d'Éva", "d'Hugo"
but "de Bob" (the rule: the name starts with a vowel, accented or not, y or h).

A card face shows its printed French name; the text around it names a power
card in the page's language: `power_name(card)`, the message "power.name.<id>"
(en and fr: the printed name; ja: the names of the user's Japanese summary,
RULES.md R5). The peoples keep their printed names.

Catalogs: en (the reference: every id), fr, ja. tests/web/test_i18n.py checks
every id, field and plural form in every language, and the plural rules
against the CLDR data of the babel package.
"""

import json
from pathlib import Path

LANGUAGES = (("en", "English"), ("fr", "Français"), ("ja", "日本語"))
CODES = tuple(code for code, _ in LANGUAGES)
LOCALES = Path(__file__).parent / "locales"  # scripts/build_site.py ships them to the page
_catalogs = {}
_current = "en"

# CLDR plural rules for counts (whole numbers >= 0; https://cldr.unicode.org,
# "Language Plural Rules"). en: one is 1. fr: one is 0 and 1 (integer part 0
# or 1); fr's "many" (1 000 000 and its multiples: "de points") is left out,
# no count here comes near it. ja: no plural, every count is "other".
PLURAL_RULES = {
    "en": lambda n: "one" if n == 1 else "other",
    "fr": lambda n: "one" if 0 <= n < 2 else "other",
    "ja": lambda n: "other",
}
PLURAL_FORMS = {"en": ("one", "other"), "fr": ("one", "other"), "ja": ("other",)}

# Before a name: "of" in each language. French elides "de" before a vowel
# (accented or not), y and h ("d'Ann", "d'Éva", "d'Hugo", "de Bob").
FRENCH_ELISION = set("aeiouyhàâäéèêëîïôöùûüÿæœ")
OF_NAME = {
    "en": lambda name: f"{name}'s",
    "fr": lambda name: ("d'" if name[:1].lower() in FRENCH_ELISION else "de ") + name,
    "ja": lambda name: f"{name}の",
}


def of_name(name, code=None):
    """"of <name>" in a language (the current one by default): fr "d'Ann", "de Bob"."""
    return OF_NAME[code or _current](str(name))


def catalog(code):
    """The messages of one language, read from its JSON file the first time it is needed."""
    if code not in _catalogs:
        _catalogs[code] = json.loads((LOCALES / f"{code}.json").read_text(encoding="utf-8"))
    return _catalogs[code]


def set_language(code):
    """Switch the language; unknown codes fall back to English. Returns the code used."""
    global _current
    _current = code if code in CODES else "en"
    return _current


def language():
    return _current


def pick_language(preferred):
    """The first supported language in a list like navigator.languages ("fr-FR", "ja")."""
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in CODES:
            return code
    return "en"


def _message(key):
    """(language, message) for an id: the current language's, else English's, else (None, None)."""
    for code in (_current, "en"):
        message = catalog(code).get(key)
        if message is not None:
            return code, message
    return None, None


class _Fields(dict):
    """The fields of a message, plus "of_<field>" made from any field by of_name."""

    def __init__(self, code, fields):
        super().__init__(fields)
        self.code = code

    def __missing__(self, key):
        if key.startswith("of_") and key[3:] in self:
            return of_name(self[key[3:]], self.code)
        raise KeyError(key)


def _format(code, text, fields):
    return text.format_map(_Fields(code, fields)) if fields else text


def t(key, **fields):
    """The message `key` in the current language, with {fields} filled in."""
    code, text = _message(key)
    if text is None:
        return key.rsplit(".", 1)[-1]  # an unknown bot level or similar: show the raw word
    if isinstance(text, dict):  # a plural message used without a count
        text = text["other"]
    return _format(code, text, fields)


def power_name(card):
    """A power card's name in the text of the current language (RULES.md R5): ja 強靭 for Force."""
    return t("power.name." + card)


def power_title(card):
    """A power card's name where its face (printed name) is shown too: ja 強靭（Force）, en Force."""
    from lepeuple.cards import NAMES  # the printed names

    name = power_name(card)
    return name if name == NAMES[card] else t("power.title", name=name, printed=NAMES[card])


def tn(key, n, **fields):
    """A message that depends on a count n: its plural form for n, with {n} filled in."""
    code, forms = _message(key)
    if not isinstance(forms, dict):
        return t(key, n=n, **fields)
    return _format(code, forms[PLURAL_RULES[code](n)], {"n": n, **fields})
