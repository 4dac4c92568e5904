#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Candidate full-mode generators, modelled in Python over the probe's
units (bench/kbench.py measure must have run), against mainline full.

    SIG=3.5 RNG=7 bench/generator-models.py SEEDS ALG[,ALG...] [STRUCT...]

(SIG: standard errors that count as below, default 2; RNG: the models'
random stream, default 7: other streams show the run-to-run spread;
EXACT=1: mainline full's per-member offset distributions computed exactly
by kbench's mainline_exact() where its states stay under the limit, sampled
otherwise, and a candidate's likeliest offset chosen on half its draws
and measured on the other half, so that neither side carries the upward
bias of a maximum over noisy estimates.)

    bench/generator-models.py ceiling

lists the members for which no zero-growth generator can reach mainline
full's min-entropy (ceiling()).

ALG: v2 (the plugin's derivation of this checkout, through rs-strength:
layout version 4 now), v2py (version 2 in Python: 8 plain shuffles, then
the first-fit repair of the last), rev (v2py whose repaired order is
reversed for half the seeds when that fits: version 3 in Python), v1
(first-fit repair only), two (fill from both ends), tworetryN (two, up to
N shuffles while it grows), v2two (v2py with two in place of the repair,
the repair if two grows), v2tworand (v2two, the side drawn at each step),
plainN (v2py with N shuffles tried), rot (v2py whose repaired order is
rotated at a random boundary aligned to the largest alignment), budget
(one shuffle, first fit that lets units take padding while the slack
lasts), budgetrev (budget, reversed for half the seeds when that fits),
pin1 (rev whose plain shuffles keep the first shuffle's first unit),
pin2 (its first and last), pin2k (pin2 whose repair works on the
middle only, the ends kept), pin2kw (pin2k, the whole order repaired
when the middle's repair does not fit: version 4 in Python), pin1n (pin1, never reversed), pin1two and pin2two (pin1 and pin2 with
the two-ended fill in place of the repair), seq (slot by slot, uniform
among the units after which the first-fit packing of the rest still
fits), revrot (rev cut at a unit boundary aligned to the largest
alignment, drawn uniformly, and its two parts swapped), mix (v2 for odd seeds, two for even ones),
mix3, mixv1,
main2 (mainline against itself: the test's false-positive floor).  Prints
per structure how many members are below mainline full beyond SIG
standard errors, and the totals.  Exploration, not a benchmark table."""
import sys, os, random, math
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kbench as k
from collections import Counter, defaultdict
def up(o, a): return (o + a - 1) // a * a
def repair(order, units, o=0):
    cand = list(order); out = []
    while cand:
        pick = None
        for idx, u in enumerate(cand):
            if o % units[u][2] == 0:
                pick = idx; break
        if pick is None: pick = 0
        u = cand.pop(pick); out.append(u)
        o = up(o, units[u][2]) + units[u][4]
    return out
def budget_fit(order, units, S):
    """First fit where a unit may take padding while the padding so far
    stays within the structure's slack (S minus the units' bytes)."""
    cand = list(order); out = []; o = 0
    budget = S - sum(units[u][4] for u in order)
    while cand:
        pads = [up(o, units[u][2]) - o for u in cand]
        pick = next((i for i, p in enumerate(pads) if p <= budget), 0)
        budget -= pads[pick]
        u = cand.pop(pick); out.append(u)
        o = up(o, units[u][2]) + units[u][4]
    return out
def two_ended(order, units, S, rng=None):
    cand = list(order); front = []; back = []; F = 0; B = S; side = 0
    while cand:
        pick = None
        if side == 0:
            for idx, u in enumerate(cand):
                if F % units[u][2] == 0: pick = idx; break
            if pick is None: pick = 0
            u = cand.pop(pick); front.append(u); F = up(F, units[u][2]) + units[u][4]
        else:
            for idx, u in enumerate(cand):
                sz, al = units[u][4], units[u][2]
                if (B - sz) % al == 0 and B - sz >= F: pick = idx; break
            if pick is None:
                side ^= 1; continue
            u = cand.pop(pick); back.append(u); B = B - units[u][4]
            B -= B % units[u][2]
        side = rng.randrange(2) if rng else side ^ 1
    return front + back[::-1]
def pinned_kept(units, decl, rng, whole=False):
    """pin2 whose repair works on the middle only, from the first unit's
    end, the last unit kept last (its ends stay the drawn ones); with
    @whole, the whole order repaired when that does not fit."""
    N = len(units)
    order = list(range(N)); rng.shuffle(order)
    if N < 3 or k.seq_layout(order, units)[1] <= decl:
        return order
    head, mid, tail = order[:1], order[1:-1], order[-1:]
    for t in range(7):
        rng.shuffle(mid)
        if k.seq_layout(head + mid + tail, units)[1] <= decl:
            return head + mid + tail
    start = units[head[0]][4]
    seq = head + repair(mid, units, start) + tail
    if whole and k.seq_layout(seq, units)[1] > decl:
        seq = repair(head + mid + tail, units)
    if rng.random() < 0.5 and k.seq_layout(seq[::-1], units)[1] <= decl:
        return seq[::-1]
    return seq
def pinned(units, decl, rng, ends, flip=True):
    """Version 3 whose plain shuffles keep the first (ends=1) or the first
    and last (ends=2) units of the first shuffle in place."""
    N = len(units)
    first = list(range(N)); rng.shuffle(first)
    head, tail = first[:1], (first[-1:] if ends == 2 and N > 2 else [])
    mid = [u for u in first if u not in head and u not in tail]
    for t in range(8):
        rng.shuffle(mid)
        order = head + mid + tail
        if k.seq_layout(order, units)[1] <= decl:
            return order
    if flip == "two":
        seq = two_ended(order, units, decl)
        return seq if k.seq_layout(seq, units)[1] <= decl else repair(order, units)
    seq = repair(order, units)
    if flip and rng.random() < 0.5 and k.seq_layout(seq[::-1], units)[1] <= decl:
        return seq[::-1]
    return seq
def v2py(units, decl, rng, flip, attempts=8):
    """v2 (plain shuffles, then the first-fit repair of the last); with
    @flip, the repaired order is reversed when the reversal still fits."""
    N = len(units)
    for t in range(attempts):
        order = list(range(N)); rng.shuffle(order)
        if k.seq_layout(order, units)[1] <= decl:
            return order
    if flip in ("two", "tworand"):
        seq = two_ended(order, units, decl, rng if flip == "tworand" else None)
        return seq if k.seq_layout(seq, units)[1] <= decl else repair(order, units)
    seq = repair(order, units)
    if flip == "rot":
        offs, _ = k.seq_layout(seq, units)
        top = max(units[u][2] for u in seq)
        cuts = [i for i, u in enumerate(seq) if offs[u] % top == 0]
        c = cuts[rng.randrange(len(cuts))]
        rot = seq[c:] + seq[:c]
        return rot if k.seq_layout(rot, units)[1] <= decl else seq
    if flip and k.seq_layout(seq[::-1], units)[1] <= decl:
        return seq[::-1]
    return seq
def rotated(seq, units, decl, rng):
    """@seq cut at a unit boundary aligned to the largest alignment, drawn
    uniformly among them, and its two parts swapped."""
    offs, _ = k.seq_layout(seq, units)
    top = max(u[2] for u in units)
    cuts = [i for i, u in enumerate(seq) if offs[u] % top == 0]
    c = cuts[rng.randrange(len(cuts))]
    rot = seq[c:] + seq[:c]
    assert k.seq_layout(rot, units)[1] <= decl
    return rot
def packing_fits(shapes, left, o, decl, top):
    """First fit over shapes (largest alignment, then size, first) from @o."""
    left = dict(left)
    rest = sum(sh[0] * c for sh, c in left.items())
    big = max([sh[1] for sh, c in left.items() if c] + [1])
    if up(o + rest + (big - 1 if o % big else 0), top) <= decl:
        return True
    while any(left.values()):
        todo = [sh for sh in shapes if left[sh]]
        pick = next((sh for sh in todo if o % sh[1] == 0), todo[0])
        o = up(o, pick[1]) + pick[0]; left[pick] -= 1
    return up(o, top) <= decl
def seq_fill(units, decl, rng):
    """Slot by slot, a unit drawn uniformly among those after which the
    first-fit packing of the rest still fits (a candidate for layout
    version 4, rejected: bench/findings.md)."""
    shp = [(u[4], u[2]) for u in units]
    shapes = sorted(set(shp), key=lambda sh: (-sh[1], -sh[0]))
    top = max(sh[1] for sh in shp)
    left = Counter(shp); remaining = list(range(len(units))); o = 0; out = []
    while remaining:
        ok = set()
        for sh in shapes:
            if left[sh]:
                left[sh] -= 1
                if packing_fits(shapes, left, up(o, sh[1]) + sh[0], decl, top):
                    ok.add(sh)
                left[sh] += 1
        cand = [i for i in remaining if shp[i] in ok]
        u = cand[rng.randrange(len(cand))]
        remaining.remove(u); left[shp[u]] -= 1; out.append(u)
        o = up(o, shp[u][1]) + shp[u][0]
    return out
def below_exact(offsets, j, p_main, sig):
    p = k.split_half_max(offsets, j)
    h = len(offsets) - len(offsets) // 2
    return p - p_main > sig * math.sqrt(max(p * (1 - p), 1e-12) / h)
def sample(alg, r, rng, n):
    units = r["units"]; N = len(units)
    decl = k.seq_layout(list(range(N)), units)[1]
    res = []
    for s in range(n):
        order = list(range(N)); rng.shuffle(order)
        if alg == "v2py":
            seq = v2py(units, decl, rng, False)
        elif alg.startswith("plain"):
            seq = v2py(units, decl, rng, False, int(alg[5:]))
        elif alg in ("v2two", "v2tworand"):
            seq = v2py(units, decl, rng, alg[2:])
        elif alg in ("budget", "budgetrev"):
            seq = budget_fit(order, units, decl)
            if alg == "budgetrev" and rng.random() < 0.5 and \
               k.seq_layout(seq[::-1], units)[1] <= decl:
                seq = seq[::-1]
        elif alg in ("pin1", "pin2", "pin1n", "pin1two", "pin2two"):
            seq = pinned(units, decl, rng, int(alg[3]),
                         "two" if alg.endswith("two") else alg != "pin1n")
        elif alg == "rot":
            seq = v2py(units, decl, rng, "rot")
        elif alg == "rev":
            seq = v2py(units, decl, rng, rng.random() < 0.5)
        elif alg in ("pin2k", "pin2kw"):
            seq = pinned_kept(units, decl, rng, alg == "pin2kw")
        elif alg == "seq":
            seq = seq_fill(units, decl, rng)
        elif alg == "revrot":
            seq = rotated(v2py(units, decl, rng, rng.random() < 0.5), units, decl, rng)
        elif alg in ("main", "main2"):
            seq = order
        elif alg == "v1":
            seq = repair(order, units)
        elif alg == "two":
            seq = two_ended(order, units, decl)
        elif alg.startswith("tworetry"):
            for t in range(int(alg[8:] or 8)):
                seq = two_ended(order, units, decl)
                if k.seq_layout(seq, units)[1] <= decl: break
                order = list(range(N)); rng.shuffle(order)
        offs, size = k.seq_layout(seq, units)
        if alg not in ("main", "main2") and size > decl:
            seq = repair(order, units); offs, size = k.seq_layout(seq, units)
            res.append((offs, 1))
        else:
            res.append((offs, 0))
    return res
def ceiling():
    """Members for which the per-member goal cannot be met by any
    zero-growth generator: a member of size s and alignment a fits at
    only (S - s) / a + 1 offsets of a structure of S bytes, so its
    likeliest offset has probability at least the inverse of that, which
    here exceeds mainline full's exact maximum."""
    full = k.marked_records("report-ours-full.jsonl")
    checked = impossible = named = 0
    for label, r in full:
        units = r["units"]
        exact = k.mainline_exact(units)
        for j, places in enumerate(k.places_at_zero_growth(r) if exact else []):
            checked += 1
            u = units[j]
            p_main = max(exact[j].values())
            if 1.0 / places <= p_main:
                continue
            imp = k.is_named(label)
            impossible += 1
            named += imp
            print("%s %s member %d (%d bytes, align %d): %d places, P >= %.4f "
                  "(%.3f bits at most); mainline full %.4f (%.3f bits)" % (
                      "*" if imp else " ", label, j, u[4], u[2], places,
                      1.0 / places, math.log2(places), p_main, -math.log2(p_main)))
    print("members with mainline exact: %d; goal out of reach at zero growth: "
          "%d, in cred/task_struct/file/inode/ops (*): %d" % (checked, impossible, named))
if __name__ == "__main__" and sys.argv[1:2] == ["ceiling"]:
    ceiling()
elif __name__ == "__main__":
    SIG = float(os.environ.get("SIG", "2"))
    EXACT = os.environ.get("EXACT") == "1"
    n = int(sys.argv[1]); algs = sys.argv[2].split(","); only = sys.argv[3:] 
    full = k.marked_records("report-ours-full.jsonl")
    rng = random.Random(int(os.environ.get("RNG", "7")))
    v2 = k.ours_runs([r for _, r in full], 0, ["-n", str(n)]) if any(a.startswith(("v2", "mix")) for a in algs) else None
    tot = 0; below = Counter(); imp = Counter()
    for i, (label, r) in enumerate(full):
        if only and label not in only: continue
        N = len(r["units"])
        exact = k.mainline_exact(r["units"]) if EXACT else None
        main = k.member_stats([x[0] for x in sample("main", r, rng, n)], N)
        line = []
        for a in algs:
            if a == "v2": d = [x[2] for x in v2[i]]; fb = 0
            elif a == "mix3":
                s2 = sample("two", r, rng, n); s1 = sample("v1", r, rng, n)
                d = [(v2[i][q][2], s2[q][0], s1[q][0])[q % 3] for q in range(n)]; fb = 0
            elif a == "mixv1":
                s1 = sample("v1", r, rng, n)
                d = [v2[i][q][2] if q % 2 else s1[q][0] for q in range(n)]; fb = 0
            elif a == "mix":
                s2 = sample("two", r, rng, n)
                d = [v2[i][q][2] if q % 2 else s2[q][0] for q in range(n)]; fb = 0
            else:
                s = sample(a, r, rng, n); d = [x[0] for x in s]; fb = sum(x[1] for x in s)
            st = k.member_stats(d, N)
            if exact:
                b = [j for j in range(N) if below_exact(d, j, max(exact[j].values()), SIG)]
            else:
                b = [j for j in range(N) if k.below_mainline(st[j][0], main[j][0], n, SIG)]
            below[a] += len(b)
            if label.split(" ")[0] in k.IMPORTANT: imp[a] += len(b)
            if b: line.append("%s:%d(fb%d)" % (a, len(b), fb))
        tot += N
        if line: print("%-36s %3d %s" % (label[:36], N, " ".join(line)))
    for a in algs:
        print(a, "below", below[a], "ok %.1f%%" % (100.0 * (tot - below[a]) / tot), "important below", imp[a])
