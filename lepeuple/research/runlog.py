"""The log of a run (arena, sprt): one JSON line per finished game, appended as it ends.

A path ending in `.gz` is compressed: each append is one gzip member of its own,
and a file of many members reads as their concatenation (RFC 1952; Python's
`gzip` and `zcat` both read it whole). A run stopped while it wrote leaves at
most its last record cut (a line without its newline, a member without its
end); reading drops that record, which a resumed run plays again, and
`drop_cut_tail` removes it from the file before the run appends after it.
"""

import gzip
import json
import os
import zlib


class LogError(ValueError):
    """A log that cannot be read: a bad record before its last one."""


def append(path, records):
    """Append records (JSON-able dicts) to the log, one line each, in one write."""
    text = "".join(json.dumps(r) + "\n" for r in records)
    if _compressed(path):
        with gzip.open(path, "at", encoding="utf-8") as f:
            f.write(text)
    else:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)


def read(path):
    """(records, whole): the log's complete records in order, and the byte length they fill
    (shorter than the file when its last record was cut)."""
    with open(path, "rb") as f:
        data = f.read()
    text, whole = _members(data) if _compressed(path) else (data, len(data))
    lines = text.split(b"\n")
    cut = len(lines[-1])  # the text after the last newline: a cut line, or nothing
    if cut and not _compressed(path):
        whole -= cut
    records = []
    for number, line in enumerate(lines[:-1], 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError:
            raise LogError(f"line {number} of {path} is not JSON; the file is left as it is") from None
    return records, whole


def _compressed(path):
    return os.fspath(path).endswith(".gz")


def _members(data):
    """The text of a gzip file's complete members, and the bytes they fill."""
    out, whole = [], 0
    while whole < len(data):
        d = zlib.decompressobj(wbits=31)
        try:
            text = d.decompress(data[whole:])
        except zlib.error:
            break
        if not d.eof:
            break
        out.append(text)
        whole = len(data) - len(d.unused_data)
    return b"".join(out), whole


def drop_cut_tail(path, whole):
    """Cut the file to its complete records (`read`'s length); True if a cut record was dropped."""
    with open(path, "r+b") as f:
        f.seek(0, 2)
        if f.tell() == whole:
            return False
        f.truncate(whole)
    return True
