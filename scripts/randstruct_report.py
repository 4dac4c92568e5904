# SPDX-License-Identifier: GPL-2.0
"""The plugin's layout report (-fplugin-arg-randomize_layout_plugin-report=):
one JSON object per line, one line per randomized structure per translation
unit (the keys: Documentation/security/randstruct.rst).  The one reader of
it: scripts/randstruct-layout, tests/rslayout.py (and through it the shell
test libraries and .t files), tests/fuzz/check-report.py,
tests/kernel/layout-truth and bench/kbench.py import it.

    read(path)          the entries, in file order (blank lines skipped)
    is_layout(entry)    the entry has a field list
    tag(entry)          its struct tag, "(anonymous:IDENTITY12)" without one
    signature(entry)    what translation units must agree on: the fields
                        and size_after, as one string
    distinct(entries)   one entry per definition (struct, identity, file,
                        line), the last one read
    select(entries, struct)
                        the entries of the named struct STRUCT

Numbers keep the text the plugin wrote (str(0.00) is "0.00"), so that
tools print them as the report has them; they are floats otherwise.
"""

import json

__all__ = ["ReportError", "Number", "read", "is_layout", "tag", "signature",
           "distinct", "select"]


class ReportError(Exception):
    """A line that is not a JSON object: path, line (1-based), why."""

    def __init__(self, path, line, why):
        Exception.__init__(self, "%s:%d: %s" % (path, line, why))
        self.path = path
        self.line = line
        self.why = why


class Number(float):
    """A JSON number with a fraction or an exponent, printed as written."""

    def __new__(cls, text):
        self = float.__new__(cls, text)
        self.text = text
        return self

    def __str__(self):
        return self.text


def read(path):
    """The report's entries; ReportError names the first bad line.  A
    missing or unreadable file raises OSError."""
    entries = []
    with open(path) as f:
        for n, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                e = json.loads(text, parse_float=Number)
            except ValueError as ex:
                raise ReportError(path, n, "is not JSON: %s" % ex) from None
            if not isinstance(e, dict):
                raise ReportError(path, n, "is not a JSON object")
            entries.append(e)
    return entries


def is_layout(e):
    return isinstance(e.get("fields"), list)


def tag(e):
    return e.get("struct") or "(anonymous:%s)" % (e.get("identity") or "")[:12]


def signature(e):
    return json.dumps([e["fields"], e["size_after"]])


def distinct(entries):
    seen = {}
    for e in entries:
        seen[(e["struct"], e["identity"], e["file"], e["line"])] = e
    return list(seen.values())


def select(entries, struct):
    return [e for e in entries if e["struct"] == struct]
