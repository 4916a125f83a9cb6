"""Gettext catalogs: the text of a .po file to the bytes of a .mo file, as GNU
msgfmt makes them, for the part of the format our catalogs use (standard
library only; Python's own Tools/i18n/msgfmt.py is not installed with Python).

    python -m web.msgfmt web/locales/fr.po fr.mo

scripts/build_site.py compiles web/locales/*.po with it for the page, where
web/i18n.py reads the .mo with the standard library's gettext. Where the .po
is (CPython on a checkout: the tests, the scripts) web/i18n.py compiles it on
the spot with it.

Read: comments (a "#, fuzzy" flag leaves the entry out, as msgfmt does),
msgctxt, msgid, msgid_plural, msgstr and msgstr[N], each string possibly
continued on the next lines, with the escapes \\n \\t \\r \\" \\\\. An entry with
no translation (an empty msgstr) is left out. Anything else is a PoError
naming the line.
"""

import re
import struct
import sys

MAGIC = 0x950412DE  # a little-endian .mo file
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
KEYWORD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


class PoError(ValueError):
    """A .po text that cannot be read, with the line it fails on."""


def _string(quoted, line_no):
    """The text of one quoted .po string: '"a\\nb"' -> 'a' newline 'b'."""
    if len(quoted) < 2 or quoted[0] != '"' or quoted[-1] != '"':
        raise PoError(f"line {line_no}: not a quoted string: {quoted}")

    def unescape(match):
        if match[1] not in ESCAPES:
            raise PoError(f"line {line_no}: unknown escape \\{match[1]}")
        return ESCAPES[match[1]]

    body = quoted[1:-1]
    if re.search(r'(?<!\\)(\\\\)*"', body):
        raise PoError(f"line {line_no}: a quote inside a string must be written \\\"")
    return re.sub(r"\\(.)", unescape, body)


def _entries(text):
    """Each entry of a .po text as (its flags, {keyword: text}), in file order."""
    entry, flags, last = {}, set(), None
    for line_no, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        found = KEYWORD.match(line)
        begins = not line or line.startswith("#") or (found and found[1] in ("msgctxt", "msgid"))
        if begins and any(k.startswith("msgstr") for k in entry):
            yield flags, entry
            entry, flags, last = {}, set(), None
        if line.startswith("#,"):
            flags |= {flag.strip() for flag in line[2:].split(",")}
        if not line or line.startswith("#"):
            continue
        if found:
            if found[1] in entry:
                raise PoError(f"line {line_no}: a second {found[1]} in one entry")
            entry[found[1]], last = _string(found[3], line_no), found[1]
        elif line.startswith('"') and last:
            entry[last] += _string(line, line_no)
        else:
            raise PoError(f"line {line_no}: cannot read {line[:40]!r}")
    if entry:
        yield flags, entry


def _forms(entry):
    """The translations of an entry: [msgstr], or msgstr[0], msgstr[1] ... of a plural one."""
    if "msgid" not in entry:
        raise PoError(f"an entry with no msgid: {entry}")
    if "msgid_plural" not in entry:
        if "msgstr" not in entry:
            raise PoError(f"msgid {entry['msgid']!r}: no msgstr")
        return [entry["msgstr"]]
    indices = sorted(int(k[7:-1]) for k in entry if k.startswith("msgstr["))
    if not indices or indices != list(range(len(indices))) or "msgstr" in entry:
        raise PoError(f"msgid {entry['msgid']!r}: a plural message needs msgstr[0], msgstr[1] ...")
    return [entry[f"msgstr[{i}]"] for i in indices]


def parse(text):
    """The messages of a .po text: [(msgctxt or None, msgid, msgid_plural or None,
    [msgstr, ...])] in file order, the header (msgid "") first when there is one.
    Fuzzy entries and entries not (wholly) translated are left out, as msgfmt does."""
    messages = []
    for flags, entry in _entries(text):
        forms = _forms(entry)
        if ("fuzzy" in flags and entry["msgid"]) or not all(forms):
            continue
        messages.append((entry.get("msgctxt"), entry["msgid"], entry.get("msgid_plural"), forms))
    return messages


def compile_po(text):
    """The .mo bytes of a .po text: every translated message, sorted by id, no hash table."""
    pairs = []
    for context, msgid, plural, forms in parse(text):
        key = msgid if plural is None else f"{msgid}\0{plural}"
        key = key if context is None else f"{context}\x04{key}"
        pairs.append((key.encode("utf-8"), "\0".join(forms).encode("utf-8")))
    pairs.sort()
    count = len(pairs)
    ids_at = 7 * 4  # the header: magic, revision, count, two table offsets, hash size and offset
    strs_at = ids_at + count * 8
    data_at = strs_at + count * 8
    tables, data = [[], []], bytearray()
    for key, value in pairs:
        for table, string in zip(tables, (key, value)):
            table.append((len(string), data_at + len(data)))
            data += string + b"\0"
    header = struct.pack("<7I", MAGIC, 0, count, ids_at, strs_at, 0, data_at)
    return header + b"".join(struct.pack("<2I", *pair) for table in tables for pair in table) + bytes(data)


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: python -m web.msgfmt CATALOG.po OUT.mo")
    with open(argv[0], encoding="utf-8") as po, open(argv[1], "wb") as mo:
        mo.write(compile_po(po.read()))


if __name__ == "__main__":
    main(sys.argv[1:])
