#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Normalize structure layouts from the places that describe them.

Every subcommand prints one "NAME BIT_OFFSET" line per named field, sorted
by name, then "size BYTES", so the outputs can be compared with diff:

  report FILE TAG     the plugin's JSON-lines report (all entries for TAG
                      must agree, else exit 1)
  probe FILE TAG HDR  write a C program including HDR that prints the
                      layout as the compiled code sees it (offsetof, and
                      bit scanning for bit-fields)
  gdb FILE            output of gdb -batch -ex 'ptype /o struct TAG'
  pahole FILE         output of pahole -C TAG

  digest FILE...      "VERSION SHA256": the layout version the reports
                      name and a digest of every layout in them (mode,
                      seed hash, struct, field offsets and size), in an
                      order that does not depend on the files' order
  declared FILE TAG   the named fields of the first entry for TAG, in
                      declaration order, on one line
  tags FILE           the tags of the named structures, one a line
  members FILE STRUCT [ANCHOR]
                      "NAME BYTE_OFFSET BYTE_SIZE" for the fields of the
                      first entry for STRUCT (with ANCHOR: of the first
                      anonymous structure that has a field ANCHOR), in
                      declaration order; unnamed ones are "-", bit-fields
                      left out
  value FILE KEY [STRUCT]
                      KEY of the first entry (for STRUCT)
  fields FILE STRUCT  the field list of every entry for STRUCT, as JSON,
                      one a line
  swapped FILE STRUCT the entries for STRUCT with the bit offsets of their
                      first two fields exchanged, as JSON lines
  agree FILE          every structure definition (tag or anonymous, file,
                      line) has one layout in all the translation units
                      that saw it, and none grew: prints the offenders,
                      then "agree: definitions=N units=M disagree=D grew=G
                      tus=T"; exit 1 if D or G is not 0

The report is read by scripts/randstruct_report.py.
"""
import hashlib
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "scripts"))
import randstruct_report as rsreport  # noqa: E402


def report_entries(path, tag):
    return rsreport.select(rsreport.read(path), tag)


def report_layout(path, tag):
    entries = report_entries(path, tag)
    if not entries:
        sys.exit("no report entry for struct %s" % tag)
    layouts = {rsreport.signature(e) for e in entries}
    if len(layouts) != 1:
        sys.exit("struct %s: translation units disagree" % tag)
    e = entries[0]
    lines = ["%s %d" % (f["name"], f["bit_offset"])
             for f in e["fields"] if f["name"]]
    return sorted(lines) + ["size %d" % e["size_after"]]


def declared_order(path, tag):
    entries = report_entries(path, tag)
    if not entries:
        return ""
    return " ".join(f["name"] for f in entries[0]["fields"] if f["name"]) + " "


def struct_tags(path):
    return [e["struct"] for e in rsreport.read(path) if not e["anonymous"]]


def bytes_of(bits):
    return bits // 8 if bits % 8 == 0 else bits / 8


def report_members(path, struct, anchor=""):
    for e in rsreport.read(path):
        if (e["struct"] == struct if not anchor else
                e["anonymous"] and anchor in [f["name"] for f in e["fields"]]):
            return ["%s %s %s" % (f["name"] or "-", bytes_of(f["bit_offset"]),
                                  bytes_of(f["bit_size"]))
                    for f in e["fields"] if not f["bitfield"]]
    return []


def first_value(path, key, struct=None):
    for e in rsreport.read(path):
        if struct is None or e["struct"] == struct:
            return e[key]
    sys.exit("no report entry%s" % (" for struct %s" % struct if struct else ""))


def swapped(path, struct):
    out = []
    for e in report_entries(path, struct):
        f = e["fields"]
        f[0]["bit_offset"], f[1]["bit_offset"] = f[1]["bit_offset"], f[0]["bit_offset"]
        out.append(json.dumps(e, separators=(",", ":")))
    return out


def probe_program(path, tag, header):
    e = report_entries(path, tag)[0]
    out = ['#include <stddef.h>', '#include <stdio.h>', '#include <string.h>',
           '#include "%s"' % header, '',
           'static size_t first_bit(const unsigned char *p, size_t n)',
           '{', '\tsize_t i;', '', '\tfor (i = 0; i < n * 8; i++)',
           '\t\tif (p[i / 8] >> (i % 8) & 1)', '\t\t\treturn i;',
           '\treturn (size_t)-1;', '}', '', 'int main(void)', '{',
           '\tstruct %s v;' % tag, '']
    for f in e["fields"]:
        name = f["name"]
        if not name:
            continue
        if f["bitfield"]:
            out += ['\tmemset(&v, 0, sizeof(v));', '\tv.%s = 1;' % name,
                    '\tprintf("%s %%zu\\n", first_bit((void *)&v, '
                    'sizeof(v)));' % name]
        else:
            out.append('\tprintf("%s %%zu\\n", 8 * offsetof(struct %s, %s));'
                       % (name, tag, name))
    out += ['\tprintf("size %%zu\\n", sizeof(struct %s));' % tag,
            '\treturn 0;', '}']
    return "\n".join(out) + "\n"


GDB_LINE = re.compile(r'/\*\s+(\d+)(?::\s*(\d+))?\s+\|\s+\d+\s+\*/\s+(.*);$')
PAHOLE_LINE = re.compile(r'^\t(.*?);\s+/\*\s+(\d+)(?::\s*(\d+))?\s+\d+\s+\*/')
NAME = re.compile(r'\(?\**\s*(\w+)\)?(?:\s*\(.*\))?(?:\[[^]]*\])*(?:\s*:\s*\d+)?$')


def field_name(decl):
    m = re.search(r'\(\*\s*(\w+)\)', decl)
    if m:
        return m.group(1)
    m = NAME.search(decl.strip())
    return m.group(1) if m else None


def gdb_layout(path):
    lines, size = [], None
    depth = 0
    for raw in open(path):
        if depth == 1:
            m = GDB_LINE.search(raw.rstrip())
            if m and "{" not in raw:
                off = int(m.group(1)) * 8 + int(m.group(2) or 0)
                lines.append("%s %d" % (field_name(m.group(3)), off))
        depth += raw.count("{") - raw.count("}")
        m = re.search(r'total size \(bytes\):\s+(\d+)', raw)
        if m and depth == 1:
            size = int(m.group(1))
    return sorted(lines) + ["size %s" % size]


def pahole_layout(path):
    lines, size = [], None
    depth = 0
    for raw in open(path):
        m = PAHOLE_LINE.search(raw.rstrip())
        inner = depth != 1
        depth += raw.count("{") - raw.count("}")
        if m and not inner and not m.group(1).lstrip().startswith("}"):
            off = int(m.group(2)) * 8 + int(m.group(3) or 0)
            lines.append("%s %d" % (field_name(m.group(1)), off))
        m = re.search(r'/\* size: (\d+),', raw)
        if m and size is None:
            size = int(m.group(1))
    return sorted(lines) + ["size %s" % size]


def layouts_digest(paths):
    lines, versions = set(), set()
    for path in paths:
        for e in rsreport.read(path):
            versions.add(str(e.get("layout_version", "none")))
            fields = " ".join("%s:%d:%d" % (f["name"], f["bit_offset"],
                                            f["bit_size"])
                              for f in e["fields"])
            lines.add("%s %s %s %s size %d" % (
                e["mode"], e["seed_sha256"], e["identity"], fields,
                e["size_after"]))
    if len(versions) != 1:
        sys.exit("reports name layout versions %s" % sorted(versions))
    digest = hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()
    return "%s %s" % (versions.pop(), digest)


def layouts_agree(path):
    layouts, grew, tus = {}, set(), set()
    for e in rsreport.read(path):
        key = "%s%s %s:%d" % ("anonymous in " if e["anonymous"] else "",
                              e["struct"], e["file"], e["line"])
        layouts.setdefault(key, set()).add(rsreport.signature(e))
        tus.add(e["tu"])
        if e["size_after"] > e["size_before"]:
            grew.add(key)
    disagree = sorted(k for k, v in layouts.items() if len(v) > 1)
    for key in disagree:
        print("disagree: %s (%d layouts)" % (key, len(layouts[key])))
    for key in sorted(grew):
        print("grew: %s" % key)
    units = sum(len(json.loads(next(iter(v)))[0]) for v in layouts.values())
    print("agree: definitions=%d units=%d disagree=%d grew=%d tus=%d" % (
        len(layouts), units, len(disagree), len(grew), len(tus)))
    return 1 if disagree or grew else 0


def main(argv):
    cmd = argv[1]
    if cmd == "report":
        print("\n".join(report_layout(argv[2], argv[3])))
    elif cmd == "probe":
        sys.stdout.write(probe_program(argv[2], argv[3], argv[4]))
    elif cmd == "gdb":
        print("\n".join(gdb_layout(argv[2])))
    elif cmd == "pahole":
        print("\n".join(pahole_layout(argv[2])))
    elif cmd == "digest":
        print(layouts_digest(argv[2:]))
    elif cmd == "declared":
        sys.stdout.write(declared_order(argv[2], argv[3]))
    elif cmd == "tags":
        for t in struct_tags(argv[2]):
            print(t)
    elif cmd == "members":
        for line in report_members(argv[2], argv[3], *argv[4:5]):
            print(line)
    elif cmd == "value":
        print(first_value(*argv[2:5]))
    elif cmd == "fields":
        for e in report_entries(argv[2], argv[3]):
            print(json.dumps(e["fields"], separators=(",", ":")))
    elif cmd == "swapped":
        for line in swapped(argv[2], argv[3]):
            print(line)
    elif cmd == "agree":
        sys.exit(layouts_agree(argv[2]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
