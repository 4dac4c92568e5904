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
one JSON object per line per randomized struct per translation unit.

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
import sys


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


def check(probe_path, report_path):
    try:
        probe = read_probe(probe_path)
    except (OSError, ValueError, KeyError, IndexError) as e:
        print('cannot read probe output %s: %s' % (probe_path, e))
        return 1
    try:
        with open(report_path) as fh:
            lines = [x for x in fh.read().split('\n') if x.strip()]
    except OSError:
        print('skipped: no report file %s' % report_path)
        return 3
    entries = []
    for i, line in enumerate(lines):
        try:
            e = json.loads(line)
        except ValueError as ex:
            print('REPORT line %d is not JSON: %s' % (i + 1, ex))
            return 1
        if not isinstance(e, dict):
            print('REPORT line %d is not a JSON object' % (i + 1))
            return 1
        entries.append(e)
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
        keys = set(owner.get(n) for n in names)
        if not names or len(keys) != 1 or None in keys:
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
        if p['cls'] == 'R' and key not in reported:
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
