#!/usr/bin/env python3
"""Compare the layout a fuzz program observes with its debug information.

usage: check-dwarf.py PROBE BINARY

PROBE is the output of `BINARY probe` (see gen.py and check-report.py).  For
every struct and union it lists, `gdb -batch -ex 'ptype /o TYPE' BINARY` must
show the same size and, for every member the probe lists (direct members and
members of anonymous members), the same bit offset and bit-field width.

Exit status: 0 match, 1 mismatch (first line says why), 3 gdb unavailable.
"""

import re
import shutil
import subprocess
import sys

MARK = '@@FUZZTYPE '
OFF_RE = re.compile(r'^/\*\s*(\d+)(?::\s*(\d+))?\s*\|\s*(\d+)\s*\*/(.*)$')
SIZE_ONLY_RE = re.compile(r'^/\*\s+(\d+)\s*\*/(.*)$')
CLOSE_RE = re.compile(r'^\s*}\s*(\w+)?\s*((?:\[\d*\])*)\s*;\s*$')
TOTAL_RE = re.compile(r'/\* total size \(bytes\):\s*(\d+)\s*\*/')


def read_probe(path):
    out = {}
    with open(path) as fh:
        for line in fh:
            w = line.split()
            if w and w[0] == 'Z':
                out[w[2]] = {'size': int(w[3]), 'fields': {}}
            elif w and w[0] == 'F':
                out[w[2]]['fields'][w[3]] = (int(w[4]), int(w[5]))
    return out


def member_name(decl):
    """Name and bit-field width of a member declaration from ptype."""
    decl = decl.strip().rstrip(';').strip()
    width = None
    m = re.search(r':\s*(\d+)$', decl)
    if m:
        width = int(m.group(1))
        decl = decl[:m.start()].strip()
    m = re.search(r'\(\s*\*\s*(?:const\s+|volatile\s+)*(\w+)', decl)
    if m:
        return m.group(1), width
    m = re.search(r'(\w+)\s*(?:\[\d*\]\s*)*$', decl)
    return (m.group(1) if m else None), width


def parse(text):
    """-> (total size in bytes, {name: (bit offset, width or None)}) for the
    outermost type; members of anonymous members are flattened."""
    frames = [{'base': 0, 'fields': {}}]
    total = None
    for raw in text.split('\n'):
        line = raw.rstrip()
        if not line:
            continue
        m = TOTAL_RE.search(line)
        if m:
            if len(frames) == 1:
                total = int(m.group(1))
            continue
        if 'XXX' in line:
            continue
        m = OFF_RE.match(line)
        off = None
        size = None
        if m:
            off = int(m.group(1)) * 8 + int(m.group(2) or 0)
            size = int(m.group(3))
            rest = m.group(4)
        else:
            m = SIZE_ONLY_RE.match(line)
            if m:
                size = int(m.group(1))
                rest = m.group(2)
            else:
                rest = line
        if 'type =' in rest:
            continue            # the outermost header line
        if off is None:
            off = frames[-1]['base']
        c = CLOSE_RE.match(rest)
        if c:
            if len(frames) == 1:
                break
            fr = frames.pop()
            if c.group(1):          # a named member of struct/union type
                frames[-1]['fields'][c.group(1)] = (fr['base'], None)
            else:                   # anonymous: its members are the parent's
                frames[-1]['fields'].update(fr['fields'])
            continue
        if rest.strip().endswith('{'):
            frames.append({'base': off, 'fields': {}})
            continue
        if rest.strip() == '}':
            break
        name, width = member_name(rest)
        if name:
            frames[-1]['fields'][name] = (off, width)
    return total, frames[0]['fields']


def main(argv):
    if len(argv) != 3:
        sys.stderr.write('usage: check-dwarf.py PROBE BINARY\n')
        return 2
    if not shutil.which('gdb'):
        print('skipped: gdb not found')
        return 3
    probe = read_probe(argv[1])
    types = sorted(probe)
    cmd = ['gdb', '-nx', '-batch']
    for t in types:
        cmd += ['-ex', 'echo %s%s\\n' % (MARK, t), '-ex', 'ptype /o %s' % t.replace(':', ' ')]
    cmd.append(argv[2])
    try:
        res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        print('gdb failed: %s' % e)
        return 1
    chunks = res.stdout.split(MARK)[1:]
    got = {}
    for ch in chunks:
        name, _, body = ch.partition('\n')
        got[name.strip()] = body
    for t in types:
        body = got.get(t)
        if body is None or 'type =' not in body:
            print('DWARF: gdb has no type %s: %s' % (t, (body or '').strip()[:120]))
            return 1
        total, fields = parse(body)
        p = probe[t]
        if total != p['size']:
            print('DWARF: %s is %s bytes in the debug info, sizeof says %d' % (t, total, p['size']))
            return 1
        for fname, (off, bits) in sorted(p['fields'].items()):
            if fname not in fields:
                print('DWARF: %s.%s is missing from the debug info' % (t, fname))
                return 1
            doff, width = fields[fname]
            if doff != off:
                print('DWARF: %s.%s at bit %d in the debug info, the program sees bit %d' % (
                    t, fname, doff, off))
                return 1
            if width is not None and width != bits:
                print('DWARF: %s.%s is %d bits wide in the debug info, the program sees %d' % (
                    t, fname, width, bits))
                return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
