#!/usr/bin/env python3
"""Shrink a failing fuzz program to a small reproducer (line-based delta
debugging, standard library only).

usage: reduce.py --merge PROGDIR OUT.c
       reduce.py FILE.c TEST-COMMAND...

--merge joins a generated program (common.h, a.c, b.c, probe.c) into one
translation unit, which still builds and behaves the same way.

The second form removes lines of FILE.c for as long as TEST-COMMAND still
succeeds (exit 0 = "still fails the same way").  The command runs in a
scratch directory holding the candidate as FILE.c's base name; the result
is written to FILE.c.reduced.  Example, a miscompile under one seed:

    cat >test.sh <<'X'
    gcc -DFZ_NO_PLUGIN -w one.c -o ref && ./ref >ref.out || exit 1
    gcc -w -fplugin=$P -fplugin-arg-randomize_layout_plugin-seed=$S one.c -o p || exit 1
    ./p >p.out; ! cmp -s ref.out p.out
    X
    reduce.py one.c sh "$PWD/test.sh"
"""

import os
import shutil
import subprocess
import sys
import tempfile


def merge(progdir, out):
    parts = []
    for name in ('common.h', 'a.c', 'b.c', 'probe.c'):
        with open(os.path.join(progdir, name)) as fh:
            for line in fh:
                if line.startswith('#include "common.h"'):
                    continue
                parts.append(line)
    with open(out, 'w') as fh:
        fh.write(''.join(parts))
    return 0


def interesting(lines, name, cmd, scratch):
    with open(os.path.join(scratch, name), 'w') as fh:
        fh.write(''.join(lines))
    try:
        r = subprocess.run(cmd, cwd=scratch, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)
    except subprocess.TimeoutExpired:
        return False
    return r.returncode == 0


def blocks(lines):
    """(start, end) line ranges of brace blocks whose "{" and "}" stand on
    lines of their own (as gen.py writes function bodies and blocks); a
    function's signature line is included."""
    out = []
    for i, line in enumerate(lines):
        if line.strip() != '{':
            continue
        depth = 0
        for j in range(i, len(lines)):
            depth += lines[j].count('{') - lines[j].count('}')
            if depth == 0:
                start = i - 1 if i > 0 and lines[i - 1].rstrip().endswith(')') else i
                out.append((start, j, i))
                break
    return out


def reduce_blocks(lines, name, cmd, scratch, path):
    """Try to drop whole functions/blocks, then to empty function bodies."""
    tried = set()
    for empty in (False, True):
        progress = True
        while progress:
            progress = False
            for start, end, brace in sorted(blocks(lines), key=lambda b: b[0] - b[1]):
                if empty:
                    if end - brace <= 1:
                        continue
                    cand = lines[:brace + 1] + lines[end:]
                else:
                    cand = lines[:start] + lines[end + 1:]
                key = hash((empty, ''.join(lines[start:end + 1])))
                if key in tried:
                    continue
                tried.add(key)
                if interesting(cand, name, cmd, scratch):
                    lines = cand
                    progress = True
                    with open(path + '.reduced', 'w') as fh:
                        fh.write(''.join(lines))
                    break
        sys.stderr.write('reduce: blocks (%s): %d lines\n' % ('bodies' if empty else 'whole', len(lines)))
    return lines


def reduce(path, cmd):
    with open(path) as fh:
        lines = fh.readlines()
    name = os.path.basename(path)
    scratch = tempfile.mkdtemp(prefix='fuzz-reduce.')
    try:
        if not interesting(lines, name, cmd, scratch):
            sys.stderr.write('reduce: the test command fails on the original file\n')
            return 1
        lines = reduce_blocks(lines, name, cmd, scratch, path)
        chunk = max(1, len(lines) // 2)
        while True:
            changed = False
            i = 0
            while i < len(lines):
                cand = lines[:i] + lines[i + chunk:]
                if cand and interesting(cand, name, cmd, scratch):
                    lines = cand
                    changed = True
                    with open(path + '.reduced', 'w') as fh:
                        fh.write(''.join(lines))
                else:
                    i += chunk
            sys.stderr.write('reduce: chunk %d: %d lines\n' % (chunk, len(lines)))
            if chunk == 1 and not changed:
                break
            if not changed:
                chunk = max(1, chunk // 2)
        with open(path + '.reduced', 'w') as fh:
            fh.write(''.join(lines))
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main(argv):
    if len(argv) == 4 and argv[1] == '--merge':
        return merge(argv[2], argv[3])
    if len(argv) >= 3 and not argv[1].startswith('-'):
        return reduce(argv[1], argv[2:])
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
