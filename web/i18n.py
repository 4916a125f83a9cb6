"""Every string the page shows, in one gettext catalog per language.

The catalogs are web/locales/<code>.po, GNU gettext's format (translators'
tools read it): the message ids are the keys the code uses ("btn.draw"), en.po
holds the English text of every id, fr.po and ja.po their translations, in the
same order. A message is a string with {fields}; one that shows a count has
plural forms (msgid_plural, msgstr[0], msgstr[1] ...), picked by the formula
of its catalog's Plural-Forms header (en "n != 1"; fr "n > 1", 0 and 1 take
the singular; ja has one form), and the last form is the general one.

scripts/build_site.py compiles each .po into a .mo (web/msgfmt.py) and ships
only the .mo to the page, where the standard library's gettext reads it. Where
the .po is (CPython on a checkout: the tests, the scripts) it is compiled on
the spot by the same code.

`t(key, **fields)` formats the message of the current language (falling back
to English); `tn(key, n, **fields)` takes the plural form for n (gettext's
ngettext) and passes n as {n} too.

"Of <name>", with French elision, is in the catalogs too: a message may write
{of_name} (or {of_victim}, ...: "of_" and any field) for the catalog's
"grammar.of" filled with that field ("Ann's", "de Bob", "Annの"). A catalog
may also give "grammar.of.elided", used before a name whose first letter
(lower-cased) is in its "grammar.elide_before": fr "d'Ann", "d'Éva", "d'Hugo"
but "de Bob".

A card face shows its printed French name; the text around it names a power
card in the page's language: `power_name(card)`, the message "power.name.<id>"
(en and fr: the printed name; ja: the names of the user's Japanese summary,
docs/rules.md R5). The peoples keep their printed names.

Catalogs: en (the reference: every id), fr, ja. tests/web/test_i18n.py checks
every id, field and plural form in every language, and each Plural-Forms
header against the CLDR data of the babel package.
"""

import gettext
import io
from pathlib import Path

LANGUAGES = (("en", "English"), ("fr", "Français"), ("ja", "日本語"))
CODES = tuple(code for code, _ in LANGUAGES)
LOCALES = Path(__file__).parent / "locales"  # scripts/build_site.py ships them, compiled, to the page
# "of <name>" and its elided form (the module docstring)
OF, OF_ELIDED, ELIDE_BEFORE = "grammar.of", "grammar.of.elided", "grammar.elide_before"
_catalogs = {}
_current = "en"


class Catalog(gettext.GNUTranslations):
    """One language's catalog as gettext reads it from a .mo, with its messages as
    a dict too: {id: text}, and {id: (form 0, form 1, ...)} for a plural message."""

    def __init__(self, mo):
        super().__init__(io.BytesIO(mo))
        self.messages, plurals = {}, {}
        for key, text in self._catalog.items():  # gettext's table of the .mo
            if isinstance(key, tuple):  # (msgid, form index) for each form of a plural message
                plurals.setdefault(key[0], {})[key[1]] = text
            elif key:  # "" is the header
                self.messages[key] = text
        self.messages.update({key: tuple(forms[i] for i in sorted(forms)) for key, forms in plurals.items()})


def compiled(code):
    """The .mo bytes of a language: its .po compiled now where the .po is (a
    checkout: never a stale .mo), else the .mo the build made (the page)."""
    po = LOCALES / f"{code}.po"
    if not po.exists():
        return (LOCALES / f"{code}.mo").read_bytes()
    from .msgfmt import compile_po  # CPython on a checkout only: the page gets no .po

    return compile_po(po.read_text(encoding="utf-8"))


def translations(code):
    """The Catalog of a language, read the first time it is needed."""
    if code not in _catalogs:
        _catalogs[code] = Catalog(compiled(code))
    return _catalogs[code]


def catalog(code):
    """The messages of one language: {id: text or (plural forms, ...)}."""
    return translations(code).messages


def of_name(name, code=None):
    """"of <name>" in a language (the current one by default): fr "d'Ann", "de Bob"."""
    messages, name = catalog(code or _current), str(name)
    elided = OF_ELIDED in messages and name[:1].lower() in set(messages.get(ELIDE_BEFORE, ""))
    return messages[OF_ELIDED if elided else OF].format(name=name)


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
    if isinstance(text, tuple):  # a plural message used without a count: its general form
        text = text[-1]
    return _format(code, text, fields)


LETTERS = ("Z", "B", "F", "O", "P")
"""Each seat's letter (docs/rules.md R2): the first of its people's name, on the board and in the text."""


def meeple_label(meeple):
    """Z1, Z2, B1 …: the people's letter and the meeple's number."""
    return f"{LETTERS[meeple[0]]}{meeple[1] + 1}"


def power_name(card):
    """A power card's name in the text of the current language (docs/rules.md R5): ja 強靭 for Force."""
    return t("power.name." + card)


def power_title(card):
    """A power card's name where its face (printed name) is shown too: ja 強靭（Force）, en Force."""
    from lepeuple import NAMES  # the printed names

    name = power_name(card)
    return name if name == NAMES[card] else t("power.title", name=name, printed=NAMES[card])


def tn(key, n, **fields):
    """A message that depends on a count n: its plural form for n, with {n} filled in."""
    code, forms = _message(key)
    if not isinstance(forms, tuple):
        return t(key, n=n, **fields)
    return _format(code, translations(code).ngettext(key, key, n), {"n": n, **fields})
