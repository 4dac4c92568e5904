#!/usr/bin/env python3
"""Compare the layout a fuzz program observes with the plugin's layout report.

usage: check-report.py PROBE REPORT
       check-report.py --changed REF-PROBE PROBE

PROBE is the output of `prog probe` (see gen.py):
    Z <class> <type> <sizeof> <alignof>
    F <class> <type> <field> <bit offset> <bit size> <d|a>
class R: randomized, C: contains randomized types, F: fixed layout;
<type> is struct:TAG, union:TAG or a typedef name; fields of anonymous
members (marked a, direct members d) are flattened, with offsets relative
to <type>.  Field names are unique in a program, so report entries are
matched to probed structs by their field names; an anonymous member's entry
must be off by one constant from the program's view (its own offset).

REPORT is the file written by -fplugin-arg-randomize_layout_plugin-report=:
one JSON object per line per randomized struct per translation unit, read
by scripts/randstruct_report.py.

Checks: every report entry for the same struct agrees with the others (all
translation units saw the same layout); for every struct of class R in the
probe, the report's size and field bit offsets equal what the program
observed; no struct of class F or C is reported as randomized; every
struct of class R is reported.

Exit status: 0 match, 1 mismatch (first line of output says why),
3 nothing to compare (no report, or a format this script does not know).

--changed prints how many class-R structs of PROBE differ from REF-PROBE.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts"))
import randstruct_report as rsreport  # noqa: E402


def read_probe(path):
    """-> {type: {'cls':, 'size':, 'align':, 'fields': {name: (off, bits)}}}"""
    out = {}
    with open(path) as fh:
        for line in fh:
            w = line.split()
            if not w:
                continue
            if w[0] == 'Z':
                out[w[2]] = {'cls': w[1], 'size': int(w[3]), 'align': int(w[4]),
                             'fields': {}, 'order': []}
            elif w[0] == 'F':
                out[w[2]]['fields'][w[3]] = (int(w[4]), int(w[5]), w[6])
                out[w[2]]['order'].append(w[3])
    return out


def changed(ref_path, path):
    ref = read_probe(ref_path)
    new = read_probe(path)
    n = 0
    for k, v in new.items():
        if v['cls'] == 'R' and k in ref and (
                ref[k]['fields'] != v['fields'] or ref[k]['size'] != v['size']):
            n += 1
    print(n)
    return 0


# ---------------------------------------------------------------- report

def report_fields(entry):
    """[(name or None, bit_offset, bit_size)] or None if the format is unknown."""
    fl = entry.get('fields')
    if not isinstance(fl, list):
        return None
    out = []
    for f in fl:
        if not isinstance(f, dict) or not isinstance(f.get('bit_offset'), int):
            return None
        name = f.get('name')
        out.append((name if isinstance(name, str) and name else None,
                    f['bit_offset'], f.get('bit_size')))
    return out


def rule_errors(e):
    """Layout rules checked on one report entry alone: a declared run of
    bit-fields keeps its order and is not split by other members; bit-fields
    of different runs never share a byte (separate memory locations stay
    separate); a trailing flexible/zero-length array stays last."""
    fl = e.get('fields')
    name = e.get('struct') or '<anonymous>'
    items = []
    for f in fl:
        idx = f.get('index')
        if not isinstance(idx, int) or not isinstance(f.get('bit_size'), int):
            return None
        items.append((idx, bool(f.get('bitfield')), f['bit_offset'], f['bit_size'], f.get('name') or ''))
    items.sort()
    runs = []
    prev = None
    for it in items:
        if it[1] and prev is not None and prev[1] and prev[0] == it[0] - 1:
            runs[-1].append(it)
        elif it[1]:
            runs.append([it])
        prev = it
    run_of = {}
    for r, run in enumerate(runs):
        last = -1
        for idx, _, off, size, fname in run:
            run_of[idx] = r
            if off < last:
                return '%s: bit-field %s moved within its run' % (name, fname or '#%d' % idx)
            last = off
    spans = []
    for r, run in enumerate(runs):
        sized = [(off, off + size) for _, _, off, size, _ in run if size > 0]
        if sized:
            spans.append((min(a for a, _ in sized), max(b for _, b in sized), r))
    for idx, bf, off, size, fname in items:
        if size <= 0:
            continue
        for lo, hi, r in spans:
            if run_of.get(idx) != r and off < hi and off + size > lo:
                return '%s: member %s is inside bit-field run %d' % (name, fname or '#%d' % idx, r)
    owner = {}
    for idx, bf, off, size, fname in items:
        if not bf or size <= 0:
            continue
        for byte in range(off // 8, (off + size - 1) // 8 + 1):
            o = owner.setdefault(byte, run_of[idx])
            if o != run_of[idx]:
                return '%s: bit-field runs %d and %d share byte %d' % (name, o, run_of[idx], byte)
    if items and not items[-1][1] and items[-1][3] == 0 and len(items) > 1:
        last_off = items[-1][2]
        end = max(off + size for _, _, off, size, _ in items[:-1])
        if last_off < end:
            return '%s: trailing array %s is not last' % (name, items[-1][4])
    return ''


def check(probe_path, report_path):
    try:
        probe = read_probe(probe_path)
    except (OSError, ValueError, KeyError, IndexError) as e:
        print('cannot read probe output %s: %s' % (probe_path, e))
        return 1
    try:
        entries = rsreport.read(report_path)
    except OSError:
        print('skipped: no report file %s' % report_path)
        return 3
    except rsreport.ReportError as ex:
        print('REPORT line %d %s' % (ex.line, ex.why))
        return 1
    if not entries:
        if any(v['cls'] == 'R' for v in probe.values()):
            print('REPORT is empty but the program has randomized structs')
            return 1
        return 0
    if report_fields(entries[0]) is None:
        print('skipped: unknown report format (keys: %s)' % ', '.join(sorted(entries[0])))
        return 3

    # all translation units must report the same layout for the same struct
    seen = {}
    for e in entries:
        fl = report_fields(e)
        if fl is None:
            print('REPORT entry without a proper field list: %s' % json.dumps(e)[:200])
            return 1
        err = rule_errors(e)
        if err:
            print('REPORT: layout rule broken: %s' % err)
            return 1
        ident = json.dumps([e.get('identity'), e.get('struct'), [n for n, _, _ in fl]])
        sig = json.dumps([fl, e.get('size_after'), e.get('size_before')])
        if ident in seen and seen[ident] != sig:
            print('REPORT: struct %r has different layouts in different translation units'
                  % e.get('struct'))
            return 1
        seen[ident] = sig

    # field names are unique per program: they tell which probed struct an
    # entry describes (block-scope structs are not probed and are skipped)
    owner = {}
    for key, p in probe.items():
        for fname in p['fields']:
            owner[fname] = key
    reported = set()
    for e in entries:
        fl = report_fields(e)
        names = [n for n, _, _ in fl if n is not None]
        if not names:
            # only anonymous members: known by its tag, if it has one
            key = 'struct:%s' % e.get('struct')
            if e.get('struct') and key in probe and all(
                    v[2] == 'a' for v in probe[key]['fields'].values()):
                reported.add(key)
                if e.get('size_after') != probe[key]['size']:
                    print('REPORT: %s size_after is %s but sizeof is %d' % (
                        key, e.get('size_after'), probe[key]['size']))
                    return 1
            continue
        keys = set(owner.get(n) for n in names)
        if len(keys) != 1 or None in keys:
            continue
        key = keys.pop()
        p = probe[key]
        direct = any(p['fields'][n][2] == 'd' for n in names)
        deltas = set()
        for n, off, bits in fl:
            if n is None:
                continue
            poff, pbits, where = p['fields'][n]
            deltas.add(poff - off)
            if pbits and isinstance(bits, int) and bits != pbits:
                print('REPORT: %s.%s is %d bits in the report, the program sees %d' % (
                    key, n, bits, pbits))
                return 1
        if len(deltas) != 1 or (direct and deltas != {0}):
            bad = [(n, off, p['fields'][n][0]) for n, off, _ in fl if n is not None]
            print('REPORT: %s: field bit offsets (name, report, program): %s' % (key, bad))
            return 1
        if direct:
            reported.add(key)
            if p['cls'] != 'R':
                print('REPORT: %s is randomized but the generator expected a fixed layout' % key)
                return 1
            if e.get('size_after') != p['size']:
                print('REPORT: %s size_after is %s but sizeof is %d' % (
                    key, e.get('size_after'), p['size']))
                return 1
    for key, p in sorted(probe.items()):
        findable = key.startswith('struct:') or any(v[2] == 'd' for v in p['fields'].values())
        if p['cls'] == 'R' and key not in reported and findable:
            print('REPORT: %s should be randomized but is not in the report' % key)
            return 1
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == '--changed':
        return changed(argv[2], argv[3])
    if len(argv) != 3:
        sys.stderr.write('usage: check-report.py PROBE REPORT | --changed REF-PROBE PROBE\n')
        return 2
    return check(argv[1], argv[2])


if __name__ == '__main__':
    sys.exit(main(sys.argv))
