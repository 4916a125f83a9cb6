"""Every string the page shows, in one message catalog per language.

The catalogs are web/locales/<code>.json: one JSON object per language, keyed
by message id, in the same order in every file. A message is either a string
with {fields}, or, when it shows a count, an object of CLDR plural categories
("one", "other") whose strings all take the same fields.

`t(key, **fields)` formats the message of the current language (falling back
to English); `tn(key, n, **fields)` picks the plural form for n and passes n
as the field {n} too. Card names stay as printed, in French (RULES.md R5);
their texts are translated. The peoples keep their printed names too.

Catalogs: en (the reference: every id), fr, ja. tests/web/test_i18n.py checks
that every id used in web/ exists in every catalog, with the same fields and
every plural form its language needs.
"""

import json
from pathlib import Path

LANGUAGES = (("en", "English"), ("fr", "Français"), ("ja", "日本語"))
CODES = tuple(code for code, _ in LANGUAGES)
LOCALES = Path(__file__).parent / "locales"  # scripts/build_site.py ships them to the page
_catalogs = {}
_current = "en"


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
    text = catalog(_current).get(key)
    return catalog("en").get(key) if text is None else text


def t(key, **fields):
    """The message `key` in the current language, with {fields} filled in."""
    text = _message(key)
    if text is None:
        return key.rsplit(".", 1)[-1]  # an unknown bot level or similar: show the raw word
    if isinstance(text, dict):  # a plural message used without a count
        text = text["other"]
    return text.format(**fields) if fields else text


def tn(key, n, **fields):
    """A message that depends on a count n: its plural form for n, with {n} filled in."""
    forms = _message(key)
    if not isinstance(forms, dict):
        return t(key, n=n, **fields)
    form = "one" if n == 1 else "other"
    text = forms.get(form, forms["other"])  # a language without a singular form (ja) has only "other"
    return text.format(n=n, **fields)
