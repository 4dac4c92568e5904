#!/usr/bin/env python3
"""Random C program generator for differential fuzzing of the randstruct plugin.

usage: gen.py SEED OUTDIR [--shuffle-source] [--small] [--nested-zero] [--nested-flex]

Writes OUTDIR/common.h, a.c, b.c, probe.c, seeds.txt (plugin seeds for the
driver) and layout.txt (each struct's class, R randomized / C containing
randomized / F fixed, and its kind, for triage).  The program is
deterministic from SEED; it prints checkpoint lines and a final checksum that
depend only on field values (never on addresses, offsets, sizes or padding),
so the output must be the same whatever the field order.  Run as
`./prog probe` it prints the layout it observes (offsets in bits, sizes) for
the probe/report differential check instead.

--shuffle-source emits the same program with the fields of every randomizable
struct permuted in the source itself (flexible arrays last, bitfield runs and
anonymous members whole).  Built without the plugin, it must print the same
output as the unshuffled program: this validates the generator itself.

--nested-zero also writes "{0}" initializers for randomized struct members
and array elements (not only whole objects); GCC's -Wmissing-braces then
depends on which member the layout puts first (see repro/).
--nested-flex also makes structs whose last member is a struct ending in a
flexible array (GNU extension; such a member must stay last, see repro/).
Both are off by default while the plugin has those known issues.

Dependency-free (Python 3 standard library only).
"""

import os
import re
import random
import sys

# name -> (signed, bits, literal suffix)
INT_TYPES = {
    'char': (True, 8, ''),
    'signed char': (True, 8, ''),
    'unsigned char': (False, 8, ''),
    'short': (True, 16, ''),
    'unsigned short': (False, 16, ''),
    'int': (True, 32, ''),
    'unsigned int': (False, 32, 'u'),
    'long': (True, 64, 'L'),
    'unsigned long': (False, 64, 'UL'),
    'long long': (True, 64, 'LL'),
    'unsigned long long': (False, 64, 'ULL'),
    'enum fz_e': (True, 32, ''),
}
ENUM_MIN_WIDTH = 4   # enum fz_e { ..., -3 .. 5 }: narrower bitfields warn
FLOAT_TYPES = ('double', 'float')
SCALAR_TYPES = list(INT_TYPES) + ['_Bool', 'double', 'float']
BF_TYPES = list(INT_TYPES) + ['_Bool']

# function-pointer signatures: key -> (return type, parameter type)
FN_SIGS = {
    'i': ('int', 'int'),
    'u': ('unsigned long', 'unsigned long'),
    'v': ('void', 'unsigned int'),
    'd': ('double', 'double'),
}
ZERO_INITS = ('{0}', '{ 0 }', '{0,}', '{ 0, }')
FN_POOL = 3          # extern functions per signature (defined in b.c)
INTS_LEN = 16        # length of the global int array pointers point into


# ---------------------------------------------------------------- types

class Scalar:
    def __init__(self, ct, vol=False):
        self.ct = ct
        self.vol = vol


class Ptr:
    """target: 'int', 'cchar', 'void' or a Rec (tagged struct)."""
    def __init__(self, target):
        self.target = target


class Fn:
    def __init__(self, sig, const=False, tdef=False):
        self.sig = sig
        self.const = const
        self.tdef = tdef


class BF:
    def __init__(self, ct, width, vol=False):
        self.ct = ct
        self.width = width
        self.vol = vol


class Arr:
    def __init__(self, elem, dims):
        self.elem = elem
        self.dims = dims


class RecT:
    """Named member of struct/union type; inline=True defines it in place."""
    def __init__(self, rec, inline=False):
        self.rec = rec
        self.inline = inline


class Anon:
    def __init__(self, rec):
        self.rec = rec


class Flex:
    def __init__(self, elem, zero=False):
        self.elem = elem
        self.zero = zero


class Field:
    def __init__(self, name, t, attr=''):
        self.name = name
        self.t = t
        self.attr = attr


class Rec:
    """A struct or union type.

    kind: 'rand' (randomize_layout), 'fp' (function pointers only, randomized
    automatically), 'fpno' (function pointers only, no_randomize_layout),
    'plain' (not randomized), 'norand' (no_randomize_layout), 'union'.
    """
    def __init__(self, rid, kind, union=False):
        self.rid = rid
        self.kind = kind
        self.union = union
        self.tag = None
        self.tdef = None
        self.fields = []
        self.pre = ''        # attributes between 'struct' and the tag
        self.post = ''       # attributes after the closing brace
        self.active = 0      # active member of a union
        self.local = False
        self.anon = False
        self.funcs_tu = {}   # helper name -> 'a' or 'b'
        self.nmut = 0

    def ref(self):
        if self.tdef:
            return self.tdef
        return ('union ' if self.union else 'struct ') + self.tag


def fp_only(rec, min_fields):
    count = 0
    for f in rec.fields:
        t = f.t
        while isinstance(t, Arr):
            t = t.elem
        if isinstance(t, BF):
            return False
        if isinstance(t, (RecT, Anon)):
            if not fp_only(t.rec, 1):
                return False
        elif not isinstance(t, Fn):
            return False
        count += 1
    return count >= min_fields


def is_fp_only(rec):
    """The plugin's automatic rule: a struct (not a union) of >= 2 fields,
    all (arrays of) function pointers or nested structs/unions made only of
    such fields (>= 1 of them)."""
    return not rec.union and fp_only(rec, 2)


def maybe_rand(rec):
    """True when the plugin may randomize rec (so positional init is out)."""
    if rec.union:
        return False
    if rec.kind in ('rand', 'fp'):
        return True
    if rec.kind in ('norand', 'fpno'):
        return False
    return is_fp_only(rec)


def contains_rand(t):
    """Does the layout of t depend on the randomization of some struct?"""
    if isinstance(t, Rec):
        if maybe_rand(t):
            return True
        return any(contains_rand(f.t) for f in t.fields)
    if isinstance(t, Arr):
        return contains_rand(t.elem)
    if isinstance(t, (RecT, Anon)):
        return contains_rand(t.rec)
    return False


def needs_fix(t):
    """True if a zero-initialized object of type t leaves some union whose
    active member is not its first one (so it must be filled before use)."""
    if isinstance(t, Rec):
        if t.union and t.active != 0:
            return True
        for i, f in enumerate(t.fields):
            if t.union and i != t.active:
                continue
            if needs_fix(f.t):
                return True
        return False
    if isinstance(t, Arr):
        return needs_fix(t.elem)
    if isinstance(t, (RecT, Anon)):
        return needs_fix(t.rec)
    return False


def has_const(t):
    if isinstance(t, Fn):
        return t.const
    if isinstance(t, Arr):
        return has_const(t.elem)
    if isinstance(t, (RecT, Anon)):
        return has_const(t.rec)
    if isinstance(t, Rec):
        return any(has_const(f.t) for f in t.fields)
    return False


def attr_align(text):
    m = re.search(r'(?:aligned|_Alignas)\((\d+)\)', text)
    if m:
        return int(m.group(1))
    return 16 if re.search(r'aligned\b(?!\()', text) else 0


def explicit_align(t):
    """The largest aligned(N) attribute anywhere in t (fields, types), or 0."""
    if isinstance(t, Rec):
        return max([attr_align(t.pre + t.post)]
                   + [max(attr_align(f.attr), explicit_align(f.t)) for f in t.fields])
    if isinstance(t, Arr):
        return explicit_align(t.elem)
    if isinstance(t, (RecT, Anon)):
        return explicit_align(t.rec)
    return 0


def has_flex(rec):
    """Does rec end in a flexible/zero-length array, directly or through a
    last member of struct type that does (a GNU extension)?"""
    if not rec.fields:
        return False
    t = rec.fields[-1].t
    return isinstance(t, Flex) or (isinstance(t, RecT) and not t.rec.union and has_flex(t.rec))


def flex_info(rec):
    """(member path of the trailing array, its element type)"""
    f = rec.fields[-1]
    if isinstance(f.t, Flex):
        return f.name, f.t.elem
    path, elem = flex_info(f.t.rec)
    return f.name + '.' + path, elem


def elem_count(dims):
    n = 1
    for d in dims:
        n *= d
    return n


# ---------------------------------------------------------------- generator

class Gen:
    def __init__(self, seed, shuffle=False, small=False, nested_zero=False, nested_flex=False):
        self.seed = seed
        self.r = random.Random(seed)
        self.shuffle = shuffle
        self.shuf_r = random.Random(seed * 7919 + 17)
        self.small = small
        self.nested_zero = nested_zero
        self.nested_flex = nested_flex
        self.recs = []           # global named recs, in definition order
        self.nid = 0
        self.objs = []           # global objects
        self.local_funcs = []    # (tu, name)
        self.fwd_externs = []    # objects declared extern before the definition
        self.tentative = []      # objects tentatively defined before the definition
        self.pending = []        # structs defined inline in the rec being built

    def uid(self):
        self.nid += 1
        return self.nid

    def chance(self, p):
        return self.r.random() < p

    # ------------------------------------------------------------ types
    def scalar(self):
        ct = self.r.choice(SCALAR_TYPES)
        return Scalar(ct, vol=self.chance(0.04))

    def ptr(self, owner=None):
        cands = ['int', 'cchar', 'void']
        if owner is not None and owner.tag and not owner.local and not owner.anon and self.chance(0.15):
            return Ptr(owner)               # self-referential (struct S *next)
        tgts = [x for x in self.recs if self.ptr_target_ok(x)]
        if tgts and self.chance(0.4):
            return Ptr(self.r.choice(tgts))
        return Ptr(self.r.choice(cands))

    @staticmethod
    def ptr_target_ok(rec):
        return (rec.tag is not None and not rec.union and not rec.local
                and not has_flex(rec) and not has_const(rec))

    def fn(self, allow_const):
        return Fn(self.r.choice(sorted(FN_SIGS)),
                  const=allow_const and self.chance(0.25),
                  tdef=self.chance(0.5))

    def bf_run(self, names):
        out = []
        for _ in range(self.r.randint(1, 4)):
            ct = self.r.choice(BF_TYPES)
            if ct == '_Bool':
                bits = 1
            else:
                bits = INT_TYPES[ct][1]
            x = self.r.random()
            if x < 0.12 and out:
                out.append(Field(None, BF(self.r.choice(['int', 'unsigned int', 'long', 'char']), 0)))
                continue
            if x < 0.18:
                out.append(Field(None, BF(ct if ct not in ('_Bool', 'enum fz_e') else 'int',
                                          self.r.randint(1, 7))))
                continue
            w = min(bits, self.r.choice([1, 1, 2, 3, 5, 7, bits, max(1, bits - 1), self.r.randint(1, bits)]))
            if ct == 'enum fz_e':
                w = max(ENUM_MIN_WIDTH, w)
            out.append(Field(names(), BF(ct, w, vol=self.chance(0.05))))
        if all(f.name is None for f in out):
            out.append(Field(names(), BF('unsigned int', self.r.randint(1, 9))))
        return out

    def field_attr(self, t=None):
        x = self.r.random()
        if x < 0.06:
            el = t.elem if isinstance(t, Arr) else t
            if isinstance(el, Ptr) or (isinstance(el, Scalar) and el.ct not in (
                    'char', 'signed char', 'unsigned char', '_Bool')):
                return ' __attribute__((packed))'
            return ''
        if x < 0.13:
            if self.chance(0.1):
                return ' __attribute__((aligned))'
            el = t.elem if isinstance(t, Arr) else t
            if isinstance(el, (Scalar, Ptr)) and self.chance(0.25):
                # C11 spelling, written before the declaration
                return '_Alignas(%d) ' % self.r.choice([8, 16, 32, 64])
            return ' __attribute__((aligned(%d)))' % self.r.choice([1, 2, 4, 8, 16, 32, 64])
        return ''

    def struct_attrs(self, rec):
        """Fill rec.pre / rec.post with the randomization attribute (if any)
        and packed/aligned attributes, in varying spellings and places."""
        extra = []
        x = self.r.random()
        if explicit_align(rec):
            x = 0.29 + x * 0.71
        if x < 0.15:
            extra.append('__attribute__((packed))')
        elif x < 0.25:
            extra.append('__attribute__((aligned(%d)))' % self.r.choice([4, 8, 16, 32, 64]))
        elif x < 0.29:
            extra.append('__attribute__((packed, aligned(%d)))' % self.r.choice([2, 4, 8]))
        mark = {'rand': self.r.choice(['FZ_RL', 'FZ_RL', 'FZ_RL2']),
                'norand': 'FZ_NRL', 'fpno': 'FZ_NRL'}.get(rec.kind)
        attrs = extra + ([mark] if mark else [])
        self.r.shuffle(attrs)
        pre, post = [], []
        for a in attrs:
            (pre if self.chance(0.4) else post).append(a)
        rec.pre = ''.join(' ' + a for a in pre)
        rec.post = ''.join(' ' + a for a in post)

    def new_rec(self, kind, depth, anon=False, union=False, local=False):
        rec = Rec(self.uid(), kind, union=union)
        rec.anon = anon
        rec.local = local
        counter = [0]
        prefix = ('u%d_' if union else 'f%d_') % rec.rid

        def names():
            counter[0] += 1
            return '%s%d' % (prefix, counter[0])
        rec.names = names
        if not anon:
            if union:
                rec.tag = 'U%d' % rec.rid
            elif not local and kind in ('rand', 'plain') and self.chance(0.12):
                rec.tdef = 'T%d_t' % rec.rid
            else:
                rec.tag = ('L%d' % rec.rid) if local else ('S%d' % rec.rid)
        self.fill_fields(rec, depth, names)
        if union:
            rec.pre = rec.post = ''
            cands = [i for i, f in enumerate(rec.fields) if f.name is not None or isinstance(f.t, Anon)]
            rec.active = self.r.choice(cands)
        else:
            self.struct_attrs(rec)
        return rec

    def fill_fields(self, rec, depth, names):
        r = self.r
        maxf = 4 if self.small else (9 if depth == 0 else 5)
        if rec.kind in ('fp', 'fpno'):
            n = r.randint(2, max(2, maxf - 2))
            for _ in range(n):
                x = r.random()
                subs = [s for s in self.recs if s.kind == 'fp' and not s.local and not has_const(s)]
                if x < 0.15 and subs and not rec.local:
                    rec.fields.append(Field(names(), RecT(r.choice(subs))))
                elif x < 0.3:
                    rec.fields.append(Field(names(), Arr(self.fn(rec.kind == 'fp' and depth == 0 and not rec.anon),
                                                         [r.randint(1, 3)])))
                elif x < 0.38 and depth < 2 and not rec.local:
                    # an anonymous union of function pointers
                    u = Rec(self.uid(), 'union', union=True)
                    u.anon = True
                    u.fields = [Field(names(), self.fn(False)) for _ in range(r.randint(1, 3))]
                    u.active = r.randrange(len(u.fields))
                    rec.fields.append(Field(None, Anon(u)))
                else:
                    rec.fields.append(Field(names(), self.fn(rec.kind == 'fp' and depth == 0 and not rec.anon)))
            return
        if rec.union:
            n = r.randint(2, 4)
            for _ in range(n):
                x = r.random()
                if x < 0.3 and depth < 2 and not rec.local:
                    kind = r.choice(['rand', 'rand', 'plain'])
                    rec.fields.append(Field(None, Anon(self.new_rec(kind, depth + 1, anon=True))))
                elif x < 0.45:
                    subs = [s for s in self.recs if not s.union and not has_flex(s)
                            and not has_const(s) and not s.local]
                    if subs and not rec.local:
                        rec.fields.append(Field(names(), RecT(r.choice(subs))))
                    else:
                        rec.fields.append(Field(names(), self.scalar()))
                elif x < 0.6:
                    rec.fields.append(Field(names(), Arr(self.scalar(), [r.randint(1, 5)])))
                else:
                    rec.fields.append(Field(names(), self.scalar()))
            return
        n = r.randint(1, maxf)
        if rec.kind in ('plain', 'norand') or rec.local:
            # a direct non-function-pointer scalar keeps the automatic rule off
            rec.fields.append(Field(names(), Scalar(r.choice(list(INT_TYPES)))))
        while len(rec.fields) < n:
            x = r.random()
            if x < 0.34:
                sc = self.scalar()
                rec.fields.append(Field(names(), sc, self.field_attr(sc)))
            elif x < 0.46 and not rec.local:
                pt = self.ptr(rec)
                rec.fields.append(Field(names(), pt, self.field_attr(pt)))
            elif x < 0.56:
                dims = [r.randint(1, 4)] if self.chance(0.8) else [r.randint(1, 3), r.randint(1, 3)]
                el = self.scalar() if (self.chance(0.75) or rec.local) else self.ptr(rec)
                if isinstance(el, Scalar) and self.chance(0.06):
                    dims = [r.randint(9, 24)]      # a unit bigger than a cache line
                at = Arr(el, dims)
                rec.fields.append(Field(names(), at, self.field_attr(at)))
            elif x < 0.72:
                rec.fields.extend(self.bf_run(names))
            elif x < 0.80 and depth < 2 and not rec.local:
                # anonymous struct or union member
                if depth == 0 and self.chance(0.12):
                    rec.fields.append(Field(None, Anon(self.struct_group(names))))
                    continue
                if self.chance(0.4):
                    sub = self.new_rec('union', depth + 1, anon=True, union=True)
                else:
                    sub = self.new_rec(r.choice(['rand', 'rand', 'plain', 'fp']), depth + 1, anon=True)
                rec.fields.append(Field(None, Anon(sub)))
            elif x < 0.90 and not rec.local:
                subs = [s for s in self.recs if not has_flex(s) and not has_const(s) and not s.local]
                if subs and self.chance(0.7):
                    sub = r.choice(subs)
                    if self.chance(0.3):
                        rec.fields.append(Field(names(), Arr(RecT(sub), [r.randint(1, 3)])))
                    else:
                        rec.fields.append(Field(names(), RecT(sub), self.field_attr(RecT(sub))))
                elif depth < 1:
                    kind = r.choice(['rand', 'rand', 'plain', 'union'])
                    sub = self.new_rec(kind, depth + 1, union=(kind == 'union'))
                    sub.tdef = None
                    if sub.tag is None:
                        sub.tag = ('U%d' if sub.union else 'S%d') % sub.rid
                    rec.fields.append(Field(names(), RecT(sub, inline=True)))
                    self.pending.append(sub)
            elif x < 0.95 and not rec.local:
                rec.fields.append(Field(names(), self.fn(False)))
            else:
                sc = self.scalar()
                rec.fields.append(Field(names(), sc, self.field_attr(sc)))
        flexrecs = [x for x in self.recs if not x.union and not x.local and has_flex(x)
                    and not has_const(x)]
        if (self.nested_flex and depth == 0 and not rec.anon and not rec.local and flexrecs
                and self.chance(0.35)):
            # GNU: a last member whose struct type ends in a flexible array
            rec.fields.append(Field(names(), RecT(r.choice(flexrecs))))
        elif (depth == 0 and not rec.anon and self.chance(0.15)
                and any(f.name for f in rec.fields)):
            el = Scalar(r.choice(list(INT_TYPES) + ['double']))
            rec.fields.append(Field(names(), Flex(el, zero=self.chance(0.3))))
        if not any(f.name is not None or isinstance(f.t, Anon) for f in rec.fields):
            rec.fields.append(Field(names(), Scalar('int')))

    def aligned_members(self, rec):
        out = []
        for f in rec.fields:
            if isinstance(f.t, Anon):
                out.extend(self.aligned_members(f.t.rec))
            elif f.name and attr_align(f.attr):
                out.append((f.name, attr_align(f.attr)))
        return out

    def struct_group(self, names):
        """The kernel's struct_group(): an anonymous union of an anonymous
        struct and a named twin with the same members, so the members can
        be reached one by one or as a group (NAME.member).  Both twins must
        get the same layout (same identity: no tag, same member names)."""
        sub = self.new_rec(self.r.choice(['rand', 'plain']), 1, anon=True)
        twin = Rec(self.uid(), sub.kind)
        twin.anon = True
        twin.fields = list(sub.fields)
        twin.pre, twin.post = sub.pre, sub.post
        twin.twin_of = sub
        u = Rec(self.uid(), 'union', union=True)
        u.anon = True
        u.group = True
        u.fields = [Field(None, Anon(sub)), Field(names(), RecT(twin, inline=True))]
        u.active = 0
        return u

    def register(self, rec):
        """Give a global named rec its helper functions and placement."""
        self.recs.append(rec)
        rec.pack = 0
        if not rec.union and not explicit_align(rec) and self.chance(0.08):
            rec.pack = self.r.choice([1, 2, 4])     # #pragma pack(push, N)
        for h in ('sum', 'set', 'make', 'pass', 'va'):
            rec.funcs_tu[h] = self.r.choice('ab')
        rec.nmut = self.r.randint(1, 3)
        for j in range(rec.nmut):
            rec.funcs_tu['mut%d' % j] = self.r.choice('ab')

    def gen_types(self):
        n = self.r.randint(3, 5) if self.small else self.r.randint(4, 9)
        for _ in range(n):
            x = self.r.random()
            if x < 0.5:
                kind = 'rand'
            elif x < 0.62:
                kind = 'fp'
            elif x < 0.67:
                kind = 'fpno'
            elif x < 0.82:
                kind = 'plain'
            elif x < 0.87:
                kind = 'norand'
            else:
                kind = 'union'
            rec = self.new_rec(kind, 0, union=(kind == 'union'))
            self.register(rec)
            for sub in self.pending:
                self.register(sub)
            self.pending = []
        if not any(x.kind == 'rand' for x in self.recs):
            self.register(self.new_rec('rand', 0))

    # ------------------------------------------------------------ declarations
    def decl(self, t, name):
        """C declaration of a member/variable 'name' of type t."""
        if isinstance(t, Scalar):
            return ('volatile ' if t.vol else '') + t.ct + ' ' + name
        if isinstance(t, Ptr):
            if t.target == 'int':
                return 'int *' + name
            if t.target == 'cchar':
                return 'const char *' + name
            if t.target == 'void':
                return 'void *' + name
            return t.target.ref() + ' *' + name
        if isinstance(t, Fn):
            ret, par = FN_SIGS[t.sig]
            if t.tdef:
                return ('const ' if t.const else '') + 'fz_fn_%s_t ' % t.sig + name
            return '%s (*%s%s)(%s)' % (ret, 'const ' if t.const else '', name, par)
        if isinstance(t, BF):
            ct = ('volatile ' if t.vol else '') + t.ct
            return '%s %s: %d' % (ct, name, t.width) if name else '%s : %d' % (ct, t.width)
        if isinstance(t, Arr):
            return self.decl(t.elem, name + ''.join('[%d]' % d for d in t.dims))
        if isinstance(t, RecT):
            if t.inline:
                return self.rec_def(t.rec, 1) + ' ' + name
            return t.rec.ref() + ' ' + name
        if isinstance(t, Flex):
            return self.decl(t.elem, name + ('[0]' if t.zero else '[]'))
        raise ValueError(t)

    def ordered_fields(self, rec):
        """Field order as emitted: declaration order, or a layout-rule
        respecting permutation in --shuffle-source mode."""
        if not self.shuffle or not maybe_rand(rec):
            return list(rec.fields)
        if getattr(rec, 'twin_of', None) is not None:
            return self.ordered_fields(rec.twin_of)
        if getattr(rec, 'order', None) is not None:
            return list(rec.order)
        units = []
        flex = []
        for f in rec.fields:
            if isinstance(f.t, Flex) or (f is rec.fields[-1] and has_flex(rec)):
                flex.append(f)
            elif isinstance(f.t, BF) and units and isinstance(units[-1][-1].t, BF):
                units[-1].append(f)
            else:
                units.append([f])
        if self.nested_zero:
            # the first member decides -Wmissing-braces for a nested {0}
            rest = units[1:]
            self.shuf_r.shuffle(rest)
            units = units[:1] + rest
        else:
            self.shuf_r.shuffle(units)
        rec.order = [f for u in units for f in u] + flex
        return list(rec.order)

    def rec_def(self, rec, ind):
        pad = '    ' * ind
        kw = 'union' if rec.union else 'struct'
        head = kw + rec.pre
        if rec.tag and not rec.anon:
            head += ' ' + rec.tag
        lines = [head + ' {']
        for f in self.ordered_fields(rec):
            if isinstance(f.t, Anon):
                lines.append(pad + '    ' + self.rec_def(f.t.rec, ind + 1) + f.attr + ';')
            else:
                if f.attr.startswith('_Alignas'):
                    lines.append(pad + '    ' + f.attr + self.decl(f.t, f.name) + ';')
                else:
                    lines.append(pad + '    ' + self.decl(f.t, f.name) + f.attr + ';')
        lines.append(pad + '}' + rec.post)
        return '\n'.join(lines)

    # ------------------------------------------------------------ values
    def int_lit(self, ct, v):
        signed, bits, suf = INT_TYPES[ct]
        if signed and v == -(1 << (bits - 1)) and bits >= 32:
            return '(-%d%s - 1)' % ((1 << (bits - 1)) - 1, suf)
        if bits < 32:
            return str(v)
        return str(v) + suf

    def rand_int(self, signed, bits):
        x = self.r.random()
        lo = -(1 << (bits - 1)) if signed else 0
        hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
        if x < 0.15:
            return 0
        if x < 0.25:
            return hi
        if x < 0.32:
            return lo
        if x < 0.4 and signed:
            return -1 if lo < 0 else 0
        if x < 0.7:
            return self.r.randint(max(lo, -100), min(hi, 100))
        return self.r.randint(lo, hi)

    def const_val(self, t, tu):
        """A constant initializer for leaf type t (static-storage safe)."""
        if isinstance(t, Scalar):
            if t.ct == '_Bool':
                return str(self.r.randint(0, 1))
            if t.ct in FLOAT_TYPES:
                return '%.2f' % (self.r.randint(-4000, 4000) / 4.0)
            signed, bits, _ = INT_TYPES[t.ct]
            return self.int_lit(t.ct, self.rand_int(signed, bits))
        if isinstance(t, BF):
            if t.ct == '_Bool':
                return str(self.r.randint(0, 1))
            signed = INT_TYPES[t.ct][0]
            v = self.rand_int(signed, t.width)
            return self.int_lit(t.ct, v) if INT_TYPES[t.ct][1] >= 32 else str(v)
        if isinstance(t, Ptr):
            if self.chance(0.15):
                return '0'
            if t.target in ('int', 'void'):
                return '&fz_ints[%d]' % self.r.randrange(INTS_LEN)
            if t.target == 'cchar':
                return '"%s"' % self.r.choice(['alpha', 'beta', 'gamma', 'Z', '', 'q7'])
            if not self.ptr_target_ok(t.target):
                return '0'
            return '&fz_tgt_%s' % t.target.tag
        if isinstance(t, Fn):
            if self.chance(0.1):
                return '0'
            return self.fn_name(t.sig, tu)
        raise ValueError(t)

    def fn_name(self, sig, tu):
        if tu in 'ab' and self.chance(0.3):
            return 'fz_%s_fn_%s_%d' % (tu, sig, self.r.randrange(2))
        return 'fz_fn_%s_%d' % (sig, self.r.randrange(FN_POOL))

    def dyn_val(self, t, kx, tu):
        """A run-time (non-constant) value for leaf type t from variable kx."""
        if isinstance(t, (Scalar, BF)):
            if t.ct == '_Bool':
                return '(_Bool)((%s >> %d) & 1u)' % (kx, self.r.randrange(4))
            if t.ct in FLOAT_TYPES:
                return '(%s)(%s & 15u) * 0.25%s - %d.5%s' % (
                    t.ct, kx, '' if t.ct == 'double' else 'f', self.r.randrange(8),
                    '' if t.ct == 'double' else 'f')
            return '(%s)((unsigned long long)%s * %dULL + %dULL)' % (
                t.ct, kx, self.r.choice([1, 3, 5, 0x10001, 0x9e3779b9]), self.r.randrange(1 << 20))
        return self.const_val(t, tu)

    # ------------------------------------------------------------ initializers
    def init_rec(self, rec, tu, kx=None, top=False, style=None):
        """Initializer text for an object of type rec. kx: variable name for
        run-time values, or None for static storage."""
        if style is None:
            x = self.r.random()
            if top and x < 0.08:
                style = 'zero'
            elif top and x < 0.14:
                style = 'empty'
            elif not maybe_rand(rec) and not rec.union and x < 0.35:
                style = 'pos'
            else:
                style = 'desig'
        if style == 'zero':
            return self.r.choice(ZERO_INITS)
        if style in ('empty', 'nested-zero'):
            return '{}' if style == 'empty' else '{0}'
        if rec.union:
            f = rec.fields[rec.active]
            if rec.active == 0 and self.chance(0.3):
                # positional: initializes the first member
                if isinstance(f.t, Anon):
                    return '{ { %s } }' % ', '.join(self.desig_items(f.t.rec, tu, kx, full=True))
                return '{ %s }' % self.init_val(f.t, tu, kx)
            if isinstance(f.t, Anon):
                return '{ ' + ', '.join(self.desig_items(f.t.rec, tu, kx, full=True)) + ' }'
            return '{ .%s = %s }' % (f.name, self.init_val(f.t, tu, kx))
        if style == 'pos':
            items = []
            for f in rec.fields:
                if isinstance(f.t, Flex) or (isinstance(f.t, BF) and f.name is None):
                    continue
                if isinstance(f.t, Anon):
                    sub = f.t.rec
                    if sub.union or maybe_rand(sub):
                        items.append('{ ' + ', '.join(self.desig_items(sub, tu, kx, full=True)) + ' }')
                    else:
                        items.append(self.init_rec(sub, tu, kx, style='pos'))
                    continue
                items.append(self.init_val(f.t, tu, kx))
            return '{ ' + ', '.join(items) + ' }'
        items = self.desig_items(rec, tu, kx)
        if not items:
            return '{}'
        return '{ ' + ', '.join(items) + ' }'

    def desig_items(self, rec, tu, kx, full=False):
        """Designated initializer items for rec (fields of anonymous members
        are designated through the parent)."""
        items = []
        fields = list(rec.fields)
        if rec.union:
            fields = [rec.fields[rec.active]]
        for f in fields:
            if isinstance(f.t, Flex) or (isinstance(f.t, BF) and f.name is None):
                continue
            must = full or needs_fix(f.t) or rec.union
            if not must and self.chance(0.3):
                continue
            if isinstance(f.t, Anon):
                items.extend(self.desig_items(f.t.rec, tu, kx, full=f.t.rec.union or full))
            elif (isinstance(f.t, RecT) and not f.t.rec.union and self.chance(0.25)
                  and not (self.nested_zero and maybe_rand(f.t.rec))):
                # nested designators: .member.field = value
                items.extend('.%s%s' % (f.name, it)
                             for it in self.desig_items(f.t.rec, tu, kx, full=needs_fix(f.t)))
            elif isinstance(f.t, Arr) and not needs_fix(f.t) and self.chance(0.25):
                # .array[i] = value, or a GNU range [i ... j]
                n = f.t.dims[0]
                sub = Arr(f.t.elem, f.t.dims[1:]) if len(f.t.dims) > 1 else f.t.elem
                if n > 1 and self.chance(0.3) and not isinstance(sub, (Arr, RecT)):
                    lo = self.r.randrange(n - 1)
                    hi = self.r.randrange(lo + 1, n)
                    items.append('.%s[%d ... %d] = %s' % (f.name, lo, hi, self.const_val(sub, tu)))
                else:
                    for i in sorted(self.r.sample(range(n), self.r.randint(1, n))):
                        items.append('.%s[%d] = %s' % (f.name, i, self.init_val(sub, tu, kx)))
            else:
                items.append('.%s = %s' % (f.name, self.init_val(f.t, tu, kx)))
        self.r.shuffle(items)
        return items

    def first_scalar(self, rec):
        """Is the first initializable member (in source order) a scalar, so
        that a nested {0} draws no -Wmissing-braces without the plugin?"""
        for f in rec.fields:
            if isinstance(f.t, BF) and f.name is None:
                continue
            return isinstance(f.t, (Scalar, BF, Ptr, Fn))
        return False

    def init_val(self, t, tu, kx):
        if isinstance(t, RecT):
            if (self.nested_zero and not needs_fix(t.rec) and maybe_rand(t.rec)
                    and self.first_scalar(t.rec) and self.chance(0.2)):
                return self.init_rec(t.rec, tu, kx, style='nested-zero')
            return self.init_rec(t.rec, tu, kx, style=None if not needs_fix(t.rec) else 'desig')
        if isinstance(t, Arr):
            n = t.dims[0]
            sub = Arr(t.elem, t.dims[1:]) if len(t.dims) > 1 else t.elem
            if self.chance(0.3) and not needs_fix(t):
                idx = sorted(self.r.sample(range(n), self.r.randint(1, n)))
                return '{ ' + ', '.join('[%d] = %s' % (i, self.init_val(sub, tu, kx)) for i in idx) + ' }'
            return '{ ' + ', '.join(self.init_val(sub, tu, kx) for _ in range(n)) + ' }'
        if kx is not None and isinstance(t, (Scalar, BF)) and self.chance(0.5):
            return self.dyn_val(t, kx, tu)
        return self.const_val(t, tu)

    # ------------------------------------------------------------ leaves
    def leaves(self, rec, base, writable_only=False):
        """Concrete (expression, leaf type) pairs of an object: every named
        scalar/pointer/function-pointer/bitfield in the active union members,
        arrays expanded, flexible arrays excluded."""
        out = []
        for i, f in enumerate(rec.fields):
            if rec.union and i != rec.active:
                continue
            if isinstance(f.t, Flex) or (isinstance(f.t, BF) and f.name is None):
                continue
            if isinstance(f.t, Anon):
                out.extend(self.leaves(f.t.rec, base, writable_only))
            else:
                self.type_leaves(f.t, base + f.name, out, writable_only)
        return out

    def type_leaves(self, t, expr, out, writable_only):
        if isinstance(t, Arr):
            sub = Arr(t.elem, t.dims[1:]) if len(t.dims) > 1 else t.elem
            for i in range(t.dims[0]):
                self.type_leaves(sub, '%s[%d]' % (expr, i), out, writable_only)
        elif isinstance(t, RecT):
            out.extend(self.leaves(t.rec, expr + '.', writable_only))
        elif writable_only and isinstance(t, Fn) and t.const:
            pass
        else:
            out.append((expr, t))

    # ------------------------------------------------------------ checksum code
    def sum_leaf(self, out, ind, e, t):
        p = '    ' * ind
        if isinstance(t, (Scalar, BF)):
            if t.ct in FLOAT_TYPES:
                out.append(p + 'fz_mix((unsigned long long)(long long)((%s) * 64.0));' % e)
            else:
                out.append(p + 'fz_mix((unsigned long long)(%s));' % e)
        elif isinstance(t, Ptr):
            if t.target == 'int':
                v = '(unsigned long long)*(%s)' % e
            elif t.target == 'void':
                v = '(unsigned long long)*(const int *)(%s)' % e
            elif t.target == 'cchar':
                v = '(unsigned long long)(unsigned char)(%s)[0]' % e
            else:
                v = '1ULL'
                if self.ptr_target_ok(t.target):
                    v = '(unsigned long long)((%s) == &fz_tgt_%s)' % (e, t.target.tag)
                sc = [f for f in t.target.fields
                      if isinstance(f.t, Scalar) and f.t.ct in INT_TYPES]
                if sc:
                    v = '(unsigned long long)(%s)->%s' % (e, sc[0].name)
            out.append(p + 'fz_mix((%s) ? %s : 0x77ULL);' % (e, v))
        elif isinstance(t, Fn):
            arg = {'i': '-7', 'u': '12345UL', 'v': '3u', 'd': '1.5'}[t.sig]
            if t.sig == 'v':
                call = '(%s)(%s);' % (e, arg)
            elif t.sig == 'd':
                call = 'fz_mix((unsigned long long)(long long)((%s)(%s) * 64.0));' % (e, arg)
            else:
                call = 'fz_mix((unsigned long long)(%s)(%s));' % (e, arg)
            out.append(p + 'if (%s)' % e)
            out.append(p + '    ' + call)
            out.append(p + 'else')
            out.append(p + '    fz_mix(0x99ULL);')
        else:
            raise ValueError(t)

    def sum_rec(self, out, ind, base, rec, depth=0):
        for i, f in enumerate(rec.fields):
            if rec.union and i != rec.active and not getattr(rec, 'group', False):
                continue
            if isinstance(f.t, Flex) or (isinstance(f.t, BF) and f.name is None):
                continue
            if isinstance(f.t, Anon):
                self.sum_rec(out, ind, base, f.t.rec, depth)
            else:
                self.sum_type(out, ind, base + f.name, f.t, depth)

    def sum_type(self, out, ind, e, t, depth):
        if isinstance(t, Arr):
            iv = 'i%d' % depth
            sub = Arr(t.elem, t.dims[1:]) if len(t.dims) > 1 else t.elem
            out.append('    ' * ind + 'for (unsigned %s = 0; %s < %du; %s++) {' % (iv, iv, t.dims[0], iv))
            self.sum_type(out, ind + 1, '%s[%s]' % (e, iv), sub, depth + 1)
            out.append('    ' * ind + '}')
        elif isinstance(t, RecT):
            self.sum_rec(out, ind, e + '.', t.rec, depth)
        else:
            self.sum_leaf(out, ind, e, t)

    # ------------------------------------------------------------ writes
    def write_leaf(self, e, t, kx, tu):
        """A statement writing a new value into leaf e."""
        if isinstance(t, (Scalar, BF)):
            if t.ct == '_Bool':
                return '%s = !%s;' % (e, e) if self.chance(0.5) else '%s = %s;' % (e, self.dyn_val(t, kx, tu))
            if t.ct in FLOAT_TYPES:
                return '%s = %s * 0.5%s + (%s)(%s & 7u);' % (
                    e, e, '' if t.ct == 'double' else 'f', t.ct, kx)
            if self.chance(0.5):
                return '%s = (%s)((unsigned long long)%s * %dULL + %s);' % (
                    e, t.ct, e, self.r.choice([3, 5, 7, 0x10001]), kx)
            return '%s = %s;' % (e, self.dyn_val(t, kx, tu))
        return '%s = %s;' % (e, self.const_val(t, tu))

    # ------------------------------------------------------------ functions
    def proto(self, rec, h):
        ref = rec.ref()
        if h == 'sum':
            extra = ', unsigned n' if has_flex(rec) else ''
            if rec.tag:
                # typedef'd before the struct is defined: a qualified variant
                # made while the type was incomplete
                return 'void fz_sum_%d(fz_c%d *p%s)' % (rec.rid, rec.rid, extra)
            return 'void fz_sum_%d(const %s *p%s)' % (rec.rid, ref, extra)
        if h == 'set':
            return 'void fz_set_%d(%s *p, unsigned k)' % (rec.rid, ref)
        if h.startswith('mut'):
            return 'void fz_%s_%d(%s *p, unsigned k)' % (h, rec.rid, ref)
        if h == 'make':
            return '%s fz_make_%d(unsigned k)' % (ref, rec.rid)
        if h == 'pass':
            return '%s fz_pass_%d(%s v, unsigned k)' % (ref, rec.rid, ref)
        if h == 'va':
            return 'void fz_va_%d(unsigned n, ...)' % rec.rid
        raise ValueError(h)

    def helpers(self, rec):
        hs = ['sum']
        if not has_const(rec):
            hs.append('set')
            hs.extend('mut%d' % j for j in range(rec.nmut))
            if not has_flex(rec):
                hs.append('make')
                if explicit_align(rec) <= 16:
                    # over-aligned arguments are not aligned on the stack
                    hs.append('pass')
                if explicit_align(rec) < 16:
                    # GCC 12 -O2 va_arg of some 16-byte aligned structs crashes
                    # (layout dependent, without the plugin too)
                    hs.append('va')
        return hs

    def func_body(self, rec, h, tu):
        out = [self.proto(rec, h), '{']
        if h == 'sum':
            self.sum_rec(out, 1, 'p->', rec)
            if has_flex(rec):
                path, elem = flex_info(rec)
                out.append('    for (unsigned j = 0; j < n; j++)')
                tmp = []
                self.sum_leaf(tmp, 2, 'p->%s[j]' % path, elem)
                out.extend(tmp)
        elif h == 'set':
            for e, t in self.leaves(rec, 'p->', writable_only=True):
                out.append('    ' + '%s = %s;' % (e, self.dyn_val(t, 'k', tu)))
            out.append('    (void)k;')
        elif h.startswith('mut'):
            lv = self.leaves(rec, 'p->', writable_only=True)
            if lv:
                for e, t in self.r.sample(lv, min(len(lv), self.r.randint(1, 6))):
                    out.append('    ' + self.write_leaf(e, t, 'k', tu))
            out.append('    (void)k;')
        elif h == 'make':
            out.append('    return (%s)%s;' % (rec.ref(), self.init_rec(rec, tu, 'k', style='desig')))
        elif h == 'pass':
            lv = self.leaves(rec, 'v.', writable_only=True)
            for e, t in self.r.sample(lv, min(len(lv), self.r.randint(0, 3))):
                out.append('    ' + self.write_leaf(e, t, 'k', tu))
            out.append('    (void)k;')
            out.append('    return v;')
        elif h == 'va':
            out.append('    va_list ap;')
            out.append('    va_start(ap, n);')
            out.append('    for (unsigned j = 0; j < n; j++) {')
            out.append('        %s v = va_arg(ap, %s);' % (rec.ref(), rec.ref()))
            out.append('        fz_sum_%d(&v);' % rec.rid)
            out.append('    }')
            out.append('    va_end(ap);')
        out.append('}')
        return out

    # ------------------------------------------------------------ objects
    def gen_objects(self):
        """Global objects: (name, rec, count, tu, storage, init, align, flexn)."""
        for rec in self.recs:
            for _ in range(self.r.randint(0 if rec.union else 1, 3)):
                o = {'rec': rec, 'name': 'g%d' % self.uid(), 'tu': self.r.choice('ab'),
                     'static': self.chance(0.35), 'count': 0, 'align': 0, 'flexn': 0}
                if not has_flex(rec) and self.chance(0.25):
                    o['count'] = self.r.randint(1, 4)
                if self.chance(0.15):
                    # an aligned attribute on a variable may lower its alignment
                    o['align'] = self.r.choice([a for a in (16, 32, 64, 128) if a >= explicit_align(rec)])
                x = self.r.random()
                if (has_flex(rec) and isinstance(rec.fields[-1].t, Flex)
                        and not rec.fields[-1].t.zero and x < 0.5):
                    o['flexn'] = self.r.randint(1, 4)
                    o['init'] = 'desig'
                elif x < 0.15 and not has_const(rec):
                    o['init'] = 'none'
                elif x < 0.23 and not has_const(rec):
                    o['init'] = 'zero'
                elif x < 0.28 and not has_const(rec):
                    o['init'] = 'empty'
                else:
                    o['init'] = 'given'
                self.objs.append(o)
            if self.ptr_target_ok(rec):
                self.objs.append({'rec': rec, 'name': 'fz_tgt_%s' % rec.tag, 'tu': 'b',
                                  'static': False, 'count': 0, 'align': 0, 'flexn': 0,
                                  'init': 'desig'})
        # read-only objects (static const struct ops x = { ... } style)
        for o in self.objs:
            if (not self.zeroish(o) and not o['flexn'] and not o['name'].startswith('fz_tgt')
                    and self.chance(0.15)):
                o['const'] = True
        # some objects are declared extern before the struct definition, and
        # some tentatively defined in a.c before the header is included
        for o in self.objs:
            if o['static'] or not o['rec'].tag or o['count'] or o.get('const'):
                continue
            if self.chance(0.15):
                self.fwd_externs.append(o)
            elif o['tu'] == 'a' and o['init'] == 'none' and not o['align'] and self.chance(0.5):
                self.tentative.append(o)

    def obj_def(self, o):
        rec = o['rec']
        tu = o['tu']
        s = ('static ' if o['static'] else '') + ('const ' if o.get('const') else '') + rec.ref() + ' ' + o['name']
        if o['count']:
            s += '[%d]' % o['count']
        if o['align']:
            s += ' __attribute__((aligned(%d)))' % o['align']
        init = o['init']
        if init == 'none':
            return s + ';'
        if init == 'zero':
            return s + ' = {0};'
        if init == 'empty':
            return s + ' = {};'
        if o['count']:
            if needs_fix(rec) or self.chance(0.5):
                items = [self.init_rec(rec, tu, style='desig' if needs_fix(rec) else None)
                         for _ in range(o['count'])]
                return s + ' = { ' + ', '.join(items) + ' };'
            if o['count'] > 1 and self.chance(0.3):
                hi = self.r.randrange(1, o['count'])
                return s + ' = { [0 ... %d] = %s };' % (hi, self.init_rec(rec, tu))
            idx = sorted(self.r.sample(range(o['count']), self.r.randint(1, o['count'])))
            return s + ' = { ' + ', '.join('[%d] = %s' % (i, self.init_rec(rec, tu)) for i in idx) + ' };'
        if o['flexn']:
            items = self.desig_items(rec, tu, None)
            fl = rec.fields[-1]
            vals = ', '.join(self.const_val(fl.t.elem, tu) for _ in range(o['flexn']))
            items.append('.%s = { %s }' % (fl.name, vals))
            return s + ' = { ' + ', '.join(items) + ' };'
        if init == 'desig':
            return s + ' = ' + self.init_rec(rec, tu, style='desig') + ';'
        return s + ' = ' + self.init_rec(rec, tu, top=not needs_fix(rec)) + ';'

    def visible(self, tu, with_const=False):
        return [o for o in self.objs if (not o['static'] or o['tu'] == tu)
                and (with_const or not o.get('const'))]

    def zeroish(self, o):
        return o['init'] in ('none', 'zero', 'empty')

    # ------------------------------------------------------------ operations
    def obj_exprs(self, o):
        """Expressions naming each whole struct object of o."""
        if o['count']:
            return ['%s[%d]' % (o['name'], i) for i in range(o['count'])]
        return [o['name']]

    def sum_call(self, rec, e, flexn=0):
        if has_flex(rec):
            return 'fz_sum_%d(&%s, %du);' % (rec.rid, e, flexn)
        return 'fz_sum_%d(&%s);' % (rec.rid, e)

    def gen_ops(self, tu, nops, out, cp):
        objs = self.visible(tu)
        live = [o for o in objs if not has_const(o['rec'])]
        plain = [o for o in live if not has_flex(o['rec'])]
        for _ in range(nops):
            if self.chance(0.25):
                self.layout_op(tu, out)
                continue
            x = self.r.random()
            if x < 0.2 and live:
                o = self.r.choice(live)
                e = self.r.choice(self.obj_exprs(o))
                j = self.r.randrange(o['rec'].nmut)
                out.append('    fz_mut%d_%d(&%s, k + %du);' % (j, o['rec'].rid, e, self.r.randrange(100)))
            elif x < 0.3 and live:
                o = self.r.choice(live)
                e = self.r.choice(self.obj_exprs(o))
                lv = self.leaves(o['rec'], e + '.', writable_only=True)
                for le, t in self.r.sample(lv, min(len(lv), 3)):
                    out.append('    ' + self.write_leaf(le, t, 'k', tu))
                rd = self.leaves(o['rec'], e + '.')
                for le, t in self.r.sample(rd, min(len(rd), 2)):
                    self.sum_leaf(out, 1, le, t)
            elif x < 0.4 and plain:
                o = self.r.choice(plain)
                same = [p for p in plain if p['rec'] is o['rec']]
                srcs = [e for p in same for e in self.obj_exprs(p)]
                dst = self.r.choice(self.obj_exprs(o))
                src = self.r.choice(srcs)
                if src != dst:
                    if self.chance(0.3):
                        out.append('    memcpy(&%s, &%s, sizeof %s);' % (dst, src, dst))
                    else:
                        out.append('    %s = %s;' % (dst, src))
            elif x < 0.48 and plain:
                o = self.r.choice(plain)
                dst = self.r.choice(self.obj_exprs(o))
                rid = o['rec'].rid
                y = self.r.random()
                if y >= 0.4 and y < 0.7 and 'pass' not in self.helpers(o['rec']):
                    y = 0
                if y < 0.4:
                    out.append('    %s = fz_make_%d(k + %du);' % (dst, rid, self.r.randrange(50)))
                elif y < 0.7:
                    out.append('    %s = fz_pass_%d(%s, k);' % (dst, rid, dst))
                else:
                    out.append('    %s = (%s)%s;' % (dst, o['rec'].ref(),
                                                    self.init_rec(o['rec'], tu, 'k', style='desig')))
            elif x < 0.53 and [p for p in plain if 'va' in self.helpers(p['rec'])]:
                o = self.r.choice([p for p in plain if 'va' in self.helpers(p['rec'])])
                es = [e for p in plain if p['rec'] is o['rec'] for e in self.obj_exprs(p)]
                pick = [self.r.choice(es) for _ in range(self.r.randint(1, 3))]
                out.append('    fz_va_%d(%du, %s);' % (o['rec'].rid, len(pick), ', '.join(pick)))
            elif x < 0.68:
                self.local_block(tu, out)
            elif x < 0.74:
                self.heap_block(tu, out)
            elif x < 0.8 and live:
                o = self.r.choice(live)
                e = self.r.choice(self.obj_exprs(o))
                out.append('    fz_set_%d(&%s, k + %du);' % (o['rec'].rid, e, self.r.randrange(100)))
            elif x < 0.9 and objs:
                o = self.r.choice(objs)
                e = self.r.choice(self.obj_exprs(o))
                out.append('    ' + self.sum_call(o['rec'], e, o['flexn']))
                cp[0] += 1
                out.append('    fz_cp(%du);' % cp[0])
            elif self.local_funcs:
                out.append('    %s(k);' % self.r.choice(self.local_funcs)[1])

    # ------------------------------------------------------------ addresses
    def addr_leaves(self, rec, base):
        """(path, type) of members whose address may be taken: scalars and
        struct members reached without crossing anything packed."""
        if 'packed' in rec.pre + rec.post or getattr(rec, 'pack', 0):
            return []
        out = []
        for i, f in enumerate(rec.fields):
            if rec.union and i != rec.active:
                continue
            if 'packed' in f.attr:
                continue
            if isinstance(f.t, Anon):
                out.extend(self.addr_leaves(f.t.rec, base))
            elif f.name is not None and not isinstance(f.t, (Flex, BF)):
                self.addr_type(f.t, base + f.name, out)
        return out

    def addr_type(self, t, e, out):
        if isinstance(t, Scalar):
            if not t.vol:
                out.append((e, t))
        elif isinstance(t, Arr):
            sub = Arr(t.elem, t.dims[1:]) if len(t.dims) > 1 else t.elem
            for i in range(t.dims[0]):
                self.addr_type(sub, '%s[%d]' % (e, i), out)
        elif isinstance(t, RecT):
            out.append((e, t))
            out.extend(self.addr_leaves(t.rec, e + '.'))

    def gen_addr_ptrs(self, files):
        """File-scope pointers initialized with member addresses (address
        constants the linker resolves with the final layout)."""
        self.addr_ptrs = []
        for o in self.objs:
            if (o in self.tentative or has_const(o['rec']) or o.get('const')
                    or not self.chance(0.3)):
                continue
            e = self.r.choice(self.obj_exprs(o))
            al = [(p, t) for p, t in self.addr_leaves(o['rec'], '') if isinstance(t, Scalar)]
            for p, t in self.r.sample(al, min(len(al), 2)):
                name = 'fz_ap%d' % self.uid()
                files[o['tu']].append('static %s *%s = &%s.%s;' % (t.ct, name, e, p))
                self.addr_ptrs.append((o['tu'], name, t))
        # file-scope compound literals
        self.cl_ptrs = []
        for rec in self.recs:
            if has_flex(rec) or not self.chance(0.25):
                continue
            tu = self.r.choice('ab')
            name = 'fz_cl%d' % self.uid()
            files[tu].append('static %s *%s = &(%s)%s;' % (
                rec.ref(), name, rec.ref(), self.init_rec(rec, tu, style='desig')))
            self.cl_ptrs.append((tu, name, rec))

    def layout_op(self, tu, out):
        """Accesses whose meaning does not depend on the layout but whose
        code does: member addresses, offsetof, container_of, byte and void
        pointer round trips, memset, members of rvalues, typeof."""
        objs = [o for o in self.visible(tu) if not has_const(o['rec'])]
        aps = [a for a in getattr(self, 'addr_ptrs', []) if a[0] == tu]
        cls = [c for c in getattr(self, 'cl_ptrs', []) if c[0] == tu and not has_const(c[2])]
        if cls and self.chance(0.1):
            _, name, rec = self.r.choice(cls)
            out.append('    fz_mut%d_%d(%s, k);' % (self.r.randrange(rec.nmut), rec.rid, name))
            out.append('    fz_sum_%d(%s);' % (rec.rid, name))
            return
        x = self.r.random()
        if x < 0.15 and aps:
            _, name, t = self.r.choice(aps)
            if self.chance(0.5):
                out.append('    ' + self.write_leaf('*' + name, t, 'k', tu))
            else:
                self.sum_leaf(out, 1, '*' + name, t)
            return
        if not objs:
            return
        o = self.r.choice(objs)
        rec = o['rec']
        ref = rec.ref()
        e = self.r.choice(self.obj_exprs(o))
        al = self.addr_leaves(rec, '')
        scal = [(p, t) for p, t in al if isinstance(t, Scalar)]
        recs = [(p, t) for p, t in al if isinstance(t, RecT)]
        if x < 0.35 and scal:
            # through offsetof from the start of the object
            p, t = self.r.choice(scal)
            ex = '(*(%s *)((char *)&%s + offsetof(%s, %s)))' % (t.ct, e, ref, p)
            if self.chance(0.5):
                out.append('    ' + self.write_leaf(ex, t, 'k', tu))
            else:
                self.sum_leaf(out, 1, ex, t)
        elif x < 0.45 and scal:
            # through a pointer to the member
            p, t = self.r.choice(scal)
            out.append('    {')
            out.append('        %s *mp = &%s.%s;' % (t.ct, e, p))
            out.append('        ' + self.write_leaf('*mp', t, 'k', tu))
            out.append('    }')
        elif x < 0.55 and recs:
            # a struct member found by offsetof
            p, t = self.r.choice(recs)
            out.append('    fz_sum_%d((const %s *)((const char *)&%s + offsetof(%s, %s))%s);' % (
                t.rec.rid, t.rec.ref(), e, ref, p, ', 0u' if has_flex(t.rec) else ''))
        elif x < 0.7 and recs and not has_flex(rec):
            # container_of, straight or through a void pointer
            p, t = self.r.choice(recs)
            if self.chance(0.5):
                out.append('    fz_sum_%d(fz_container_of(&%s.%s, %s, %s));' % (rec.rid, e, p, ref, p))
            else:
                out.append('    {')
                out.append('        void *vp = &%s.%s;' % (e, p))
                out.append('        %s *op = fz_container_of(vp, %s, %s);' % (ref, ref, p))
                out.append('        fz_mut%d_%d(op, k);' % (self.r.randrange(rec.nmut), rec.rid))
                out.append('    }')
        elif x < 0.8:
            y = self.r.random()
            if y < 0.4:
                out.append('    {')
                out.append('        void *vp = &%s;' % e)
                out.append('        %s *sp = vp;' % ref)
                lv = self.leaves(rec, 'sp->', writable_only=True)
                if lv:
                    le, lt = self.r.choice(lv)
                    out.append('        ' + self.write_leaf(le, lt, 'k', tu))
                out.append('    }')
            elif y < 0.7:
                out.append('    {')
                out.append('        char *cp = (char *)&%s;' % e)
                out.append('        fz_mut%d_%d((%s *)cp, k);' % (self.r.randrange(rec.nmut), rec.rid, ref))
                out.append('    }')
            else:
                out.append('    ' + self.sum_call(rec, '*(const %s *)(const void *)&%s' % (ref, e), o['flexn'])
                           .replace('&*', ''))
        elif x < 0.83 and not has_flex(rec) and not needs_fix(rec):
            # a zero compound literal
            out.append('    fz_sum_%d(&(%s)%s);' % (rec.rid, ref, self.r.choice(ZERO_INITS)))
        elif x < 0.87 and not has_flex(rec):
            # (not with a flexible array: it may start inside the tail padding)
            out.append('    memset(&%s, 0, sizeof %s);' % (e, e))
            out.append('    fz_set_%d(&%s, k);' % (rec.rid, e))
        elif x < 0.94 and 'make' in self.helpers(rec):
            lv = self.leaves(rec, 'fz_make_%d(k + %du).' % (rec.rid, self.r.randrange(9)))
            if lv:
                le, lt = self.r.choice(lv)
                self.sum_leaf(out, 1, le, lt)
        elif not has_flex(rec):
            out.append('    {')
            out.append('        __typeof__(%s) tv = %s;' % (e, e))
            out.append('        fz_sum_%d(&tv);' % rec.rid)
            out.append('    }')

    def local_block(self, tu, out):
        cands = [x for x in self.recs if not has_flex(x)]
        if not cands:
            return
        rec = self.r.choice(cands)
        name = 'l%d' % self.uid()
        al = ''
        if self.chance(0.1):
            al = ' __attribute__((aligned(%d)))' % self.r.choice(
                [a for a in (16, 32, 64, 128) if a >= explicit_align(rec)])
        out.append('    {')
        init = self.init_rec(rec, tu, 'k', top=not has_const(rec) and not needs_fix(rec))
        out.append('        %s %s%s = %s;' % (rec.ref(), name, al, init))
        if al:
            out.append('        fz_mix(((unsigned long)&%s %% %su) == 0u);' % (name, al.split('(')[3].rstrip(')')))
        if not has_const(rec):
            if init.replace(' ', '').replace(',', '') in ('{0}', '{}') and needs_fix(rec):
                out.append('        fz_set_%d(&%s, k);' % (rec.rid, name))
            for _ in range(self.r.randint(0, 2)):
                out.append('        fz_mut%d_%d(&%s, k + %du);' % (
                    self.r.randrange(rec.nmut), rec.rid, name, self.r.randrange(100)))
            if self.chance(0.3):
                cpn = 'l%d' % self.uid()
                out.append('        %s %s;' % (rec.ref(), cpn))
                out.append('        %s = %s;' % (cpn, name))
                out.append('        fz_sum_%d(&%s);' % (rec.rid, cpn))
            if self.chance(0.3):
                out.append('        fz_sum_%d(&(%s)%s);' % (
                    rec.rid, rec.ref(), self.init_rec(rec, tu, 'k', style='desig')))
            if self.chance(0.3):
                out.append('        %s *hp = fz_alloc(sizeof *hp, __alignof__(*hp));' % rec.ref())
                out.append('        if (!hp)')
                out.append('            abort();')
                out.append('        *hp = %s;' % name)
                out.append('        fz_mut0_%d(hp, k);' % rec.rid)
                out.append('        fz_sum_%d(hp);' % rec.rid)
                out.append('        free(hp);')
            gl = [o for o in self.visible(tu) if o['rec'] is rec and not o['count']]
            if gl and self.chance(0.4):
                out.append('        %s = %s;' % (self.r.choice(gl)['name'], name))
        out.append('        fz_sum_%d(&%s);' % (rec.rid, name))
        out.append('    }')

    def heap_block(self, tu, out):
        cands = [x for x in self.recs if has_flex(x) and not has_const(x)]
        if not cands:
            return
        rec = self.r.choice(cands)
        path, elem = flex_info(rec)
        n = self.r.randint(0, 6)
        out.append('    {')
        out.append('        %s *fp = fz_alloc(sizeof *fp + %du * sizeof fp->%s[0], __alignof__(*fp));' % (
            rec.ref(), n, path))
        out.append('        if (!fp)')
        out.append('            abort();')
        if self.chance(0.5):
            out.append('        *fp = (%s)%s;' % (rec.ref(), self.init_rec(rec, tu, 'k', style='desig')))
        else:
            out.append('        fz_set_%d(fp, k);' % rec.rid)
        out.append('        for (unsigned j = 0; j < %du; j++)' % n)
        out.append('            fp->%s[j] = %s;' % (path, self.dyn_val(elem, '(j + k)', tu)))
        out.append('        fz_mut%d_%d(fp, k);' % (self.r.randrange(rec.nmut), rec.rid))
        out.append('        fz_sum_%d(fp, %du);' % (rec.rid, n))
        out.append('        free(fp);')
        out.append('    }')

    # ------------------------------------------------------------ local types
    def gen_local_func(self, tu, idx):
        """A function with struct types defined at block scope."""
        name = 'fz_local_%s%d' % (tu, idx)
        out = ['void %s(unsigned k)' % name, '{']
        nrec = self.r.randint(1, 2)
        used = set()
        for _ in range(nrec):
            rec = self.new_rec(self.r.choice(['rand', 'rand', 'plain']), 1, local=True)
            if self.chance(0.3) and self.recs:
                # reuse a global tag name at block scope (shadowing)
                g = self.r.choice(self.recs)
                if g.tag and not g.union and g.tag not in used:
                    rec.tag = g.tag
                    used.add(g.tag)
            out.append('    ' + self.rec_def(rec, 1) + ';')
            lname = 'v%d' % self.uid()
            out.append('    %s %s = %s;' % (rec.ref(), lname, self.init_rec(rec, tu, 'k', top=True)))
            lv = self.leaves(rec, lname + '.', writable_only=True)
            for e, t in self.r.sample(lv, min(len(lv), 3)):
                out.append('    ' + self.write_leaf(e, t, 'k', tu))
            if self.chance(0.5):
                c = 'v%d' % self.uid()
                out.append('    %s %s = %s;' % (rec.ref(), c, lname))
                lname = c
            self.sum_rec(out, 1, lname + '.', rec)
        out.append('}')
        return name, out

    # ------------------------------------------------------------ files
    def emit(self, outdir):
        r = self.r
        self.gen_types()
        for tu in 'ab':
            for i in range(r.randint(0, 2)):
                self.local_funcs.append((tu, None, i))
        self.gen_objects()
        # local functions are generated after globals so that shadowing works
        lfs = []
        for tu, _, i in self.local_funcs:
            name, body = self.gen_local_func(tu, i)
            lfs.append((tu, name, body))
        self.local_funcs = [(tu, name) for tu, name, _ in lfs]

        h = []
        h.append('/* generated by tests/fuzz/gen.py %d%s */' % (self.seed, ' --shuffle-source' if self.shuffle else ''))
        h.append('#ifndef FZ_COMMON_H')
        h.append('#define FZ_COMMON_H')
        h.append('#include <stdarg.h>')
        h.append('#include <stddef.h>')
        h.append('#include <stdio.h>')
        h.append('#include <stdlib.h>')
        h.append('#include <string.h>')
        h.append('#ifdef FZ_NO_PLUGIN')
        h.append('#define FZ_RL')
        h.append('#define FZ_RL2')
        h.append('#define FZ_NRL')
        h.append('#else')
        h.append('#define FZ_RL __attribute__((randomize_layout))')
        h.append('#define FZ_RL2 __attribute__((__randomize_layout__))')
        h.append('#define FZ_NRL __attribute__((no_randomize_layout))')
        h.append('#endif')
        h.append('#define fz_container_of(ptr, type, member) \\')
        h.append('    ((type *)((char *)(ptr) - offsetof(type, member)))')
        h.append('enum fz_e { FZ_E0, FZ_E1, FZ_E2, FZ_E5 = 5, FZ_EM3 = -3 };')
        h.append('extern unsigned long long fz_h;')
        h.append('extern unsigned fz_k0;')
        h.append('extern int fz_ints[%d];' % INTS_LEN)
        h.append('void fz_mix(unsigned long long v);')
        h.append('void fz_cp(unsigned n);')
        h.append('void *fz_alloc(size_t size, size_t align);')
        for sig, (ret, par) in sorted(FN_SIGS.items()):
            h.append('typedef %s (*fz_fn_%s_t)(%s);' % (ret, sig, par))
            for i in range(FN_POOL):
                h.append('%s fz_fn_%s_%d(%s);' % (ret, sig, i, par))
        for rec in self.recs:
            if rec.tag:
                h.append('%s;' % rec.ref())
                h.append('typedef const %s fz_c%d;' % (rec.ref(), rec.rid))
        for o in self.fwd_externs:
            h.append('extern %s %s;' % (o['rec'].ref(), o['name']))
        inl = set()
        for rec in self.recs:
            for f in rec.fields:
                if isinstance(f.t, RecT) and f.t.inline:
                    inl.add(id(f.t.rec))
                    f.t.rec.pack = rec.pack     # defined inside the pragma
        for rec in self.recs:
            if id(rec) in inl:
                continue
            if rec.pack:
                h.append('#pragma pack(push, %d)' % rec.pack)
            if rec.tdef:
                h.append('typedef ' + self.rec_def(rec, 0) + ' ' + rec.tdef + ';')
            else:
                h.append(self.rec_def(rec, 0) + ';')
            if rec.pack:
                h.append('#pragma pack(pop)')
        for o in self.objs:
            if not o['static']:
                dims = '[%d]' % o['count'] if o['count'] else ''
                h.append('extern %s%s %s%s;' % ('const ' if o.get('const') else '', o['rec'].ref(),
                                                o['name'], dims))
        for rec in self.recs:
            for hlp in self.helpers(rec):
                h.append(self.proto(rec, hlp) + ';')
        for tu, name in self.local_funcs:
            h.append('void %s(unsigned k);' % name)
        h.append('void fz_probe(void);')
        h.append('void fz_b_ops(unsigned k);')
        h.append('void fz_b_final(void);')
        h.append('#endif')

        files = {'a': [], 'b': []}
        for o in self.tentative:
            files['a'].append('%s;' % o['rec'].ref())
            files['a'].append('%s %s;' % (o['rec'].ref(), o['name']))
        for tu in 'ab':
            files[tu].append('#include "common.h"')
            for sig, (ret, par) in sorted(FN_SIGS.items()):
                for i in range(2):
                    files[tu].extend(self.fn_def(sig, 'static __attribute__((unused)) ', 'fz_%s_fn_%s_%d' % (tu, sig, i)))
        b = files['b']
        b.append('unsigned long long fz_h = 0x9e3779b97f4a7c15ULL;')
        b.append('unsigned fz_k0 = 0x1234u;')
        b.append('int fz_ints[%d] = { %s };' % (INTS_LEN, ', '.join(str(r.randint(-1000, 1000)) for _ in range(INTS_LEN))))
        b.append('static int fz_trace = -1;')
        b.append('void fz_mix(unsigned long long v)')
        b.append('{')
        b.append('    if (fz_trace < 0)')
        b.append('        fz_trace = getenv("FZ_TRACE") != 0;')
        b.append('    if (fz_trace)')
        b.append('        fprintf(stderr, "mix %016llx\\n", v);')
        b.append('    fz_h = (fz_h ^ v) * 0x100000001b3ULL;')
        b.append('    fz_h ^= fz_h >> 29;')
        b.append('}')
        b.append('void *fz_alloc(size_t size, size_t align)')
        b.append('{')
        b.append('    if (align <= 16)')
        b.append('        return malloc(size);')
        b.append('    return aligned_alloc(align, (size + align - 1) / align * align);')
        b.append('}')
        b.append('void fz_cp(unsigned n)')
        b.append('{')
        b.append('    printf("cp %u %016llx\\n", n, fz_h);')
        b.append('}')
        for sig, (ret, par) in sorted(FN_SIGS.items()):
            for i in range(FN_POOL):
                b.extend(self.fn_def(sig, '', 'fz_fn_%s_%d' % (sig, i)))
        for o in self.objs:
            if o in self.tentative:
                continue
            files[o['tu']].append(self.obj_def(o))
        self.gen_addr_ptrs(files)
        for rec in self.recs:
            for hlp in self.helpers(rec):
                tu = rec.funcs_tu[hlp if hlp in rec.funcs_tu else 'sum']
                files[tu].extend(self.func_body(rec, hlp, tu))
        for tu, name, body in lfs:
            files[tu].extend(body)

        # b.c: operations and final sums over b's objects
        cp = [0]
        b.append('void fz_b_ops(unsigned k)')
        b.append('{')
        for o in self.objs:
            if o['static'] and o['tu'] == 'b' and self.zeroish(o) and needs_fix(o['rec']):
                for e in self.obj_exprs(o):
                    b.append('    fz_set_%d(&%s, k);' % (o['rec'].rid, e))
        self.gen_ops('b', r.randint(2, 8), b, cp)
        b.append('    (void)k;')
        b.append('}')
        b.append('void fz_b_final(void)')
        b.append('{')
        for o in self.objs:
            if o['static'] and o['tu'] == 'b':
                self.final_sum(o, b)
        for tu, name, t in self.addr_ptrs:
            if tu == 'b':
                self.sum_leaf(b, 1, '*' + name, t)
        for tu, name, rec in self.cl_ptrs:
            if tu == 'b':
                b.append('    fz_sum_%d(%s);' % (rec.rid, name))
        b.append('}')

        a = files['a']
        a.append('int main(int argc, char **argv)')
        a.append('{')
        a.append('    unsigned k = fz_k0;')
        a.append('    if (argc > 1 && strcmp(argv[1], "probe") == 0) {')
        a.append('        fz_probe();')
        a.append('        return 0;')
        a.append('    }')
        for o in self.visible('a'):
            if self.zeroish(o) and needs_fix(o['rec']):
                for e in self.obj_exprs(o):
                    a.append('    fz_set_%d(&%s, k);' % (o['rec'].rid, e))
        # alignment properties are layout independent
        for o in self.visible('a', with_const=True):
            if o['align']:
                a.append('    fz_mix(((unsigned long)&%s %% %du) == 0u);' % (o['name'], o['align']))
                a.append('    fz_mix(__alignof__(%s));' % o['name'])
        for rec in self.recs:
            a.append('    fz_mix(__alignof__(%s));' % rec.ref())
            # members with aligned(N) must stay aligned, wherever they go
            for f, n in self.aligned_members(rec):
                a.append('    fz_mix(offsetof(%s, %s) %% %du == 0u);' % (rec.ref(), f, n))
        cp[0] = 100
        self.gen_ops('a', r.randint(8, 20) if not self.small else 6, a, cp)
        a.append('    fz_b_ops(k);')
        cp[0] = 200
        self.gen_ops('a', r.randint(2, 8), a, cp)
        a.append('    fz_b_final();')
        for o in self.visible('a', with_const=True):
            self.final_sum(o, a)
        for tu, name, t in self.addr_ptrs:
            if tu == 'a':
                self.sum_leaf(a, 1, '*' + name, t)
        for tu, name, rec in self.cl_ptrs:
            if tu == 'a':
                a.append('    fz_sum_%d(%s);' % (rec.rid, name))
        a.append('    printf("checksum %016llx\\n", fz_h);')
        a.append('    return 0;')
        a.append('}')

        p = ['#include "common.h"', '#include <stddef.h>', 'void fz_probe(void)', '{']
        for rec in self.recs:
            self.probe_rec(rec, p)
        p.append('}')

        os.makedirs(outdir, exist_ok=True)
        for fname, lines in (('common.h', h), ('a.c', files['a']), ('b.c', files['b']), ('probe.c', p)):
            with open(os.path.join(outdir, fname), 'w') as fh:
                fh.write('\n'.join(lines) + '\n')
        sr = random.Random(self.seed ^ 0x5eed)
        with open(os.path.join(outdir, 'seeds.txt'), 'w') as fh:
            for _ in range(4):
                fh.write('%064x\n' % sr.getrandbits(256))
        with open(os.path.join(outdir, 'layout.txt'), 'w') as fh:
            for rec in self.recs:
                fh.write('%s %s %s\n' % (rec.ref().replace(' ', ':'),
                                         'R' if maybe_rand(rec) else ('C' if contains_rand(rec) else 'F'),
                                         rec.kind))

    def fn_def(self, sig, qual, name):
        ret, par = FN_SIGS[sig]
        c = self.r.randrange(1, 1000)
        if sig == 'i':
            body = 'return (int)((unsigned)x * %du + %du);' % (self.r.choice([3, 5, 7]), c)
        elif sig == 'u':
            body = 'return x * %dUL + %dUL;' % (self.r.choice([3, 5, 7]), c)
        elif sig == 'v':
            body = 'fz_mix((unsigned long long)x * %dULL + %dULL);' % (self.r.choice([3, 5, 7]), c)
        else:
            body = 'return x * 0.5 + %d.25;' % c
        return ['%s%s %s(%s x)' % (qual, ret, name, par), '{', '    ' + body, '}']

    def final_sum(self, o, out):
        for e in self.obj_exprs(o):
            out.append('    ' + self.sum_call(o['rec'], e, o['flexn']))

    # ------------------------------------------------------------ probe
    def probe_rec(self, rec, out):
        """Print size, alignment and each named field's bit offset (fields of
        anonymous members flattened, relative to rec) and bitfield width."""
        ref = rec.ref()
        cls = 'R' if maybe_rand(rec) else ('C' if contains_rand(rec) else 'F')
        key = ref.replace(' ', ':')
        out.append('    printf("Z %s %s %%zu %%zu\\n", sizeof(%s), __alignof__(%s));' % (cls, key, ref, ref))
        for f, where in self.probe_fields(rec):
            if isinstance(f.t, BF):
                if f.t.ct == '_Bool':
                    v = '1'
                elif INT_TYPES[f.t.ct][0]:
                    v = '-1'
                else:
                    v = '%dULL' % ((1 << f.t.width) - 1)
                out.append('    {')
                out.append('        static %s o;' % ref)
                out.append('        unsigned char *b = (unsigned char *)&o;')
                out.append('        size_t lo = (size_t)-1, cnt = 0;')
                out.append('        memset(&o, 0, sizeof o);')
                out.append('        o.%s = %s;' % (f.name, v))
                out.append('        for (size_t i = 0; i < sizeof o * 8; i++)')
                out.append('            if (b[i / 8] >> (i % 8) & 1) {')
                out.append('                if (lo == (size_t)-1)')
                out.append('                    lo = i;')
                out.append('                cnt++;')
                out.append('            }')
                out.append('        printf("F %s %s %s %%zu %%zu %s\\n", lo, cnt);' % (cls, key, f.name, where))
                out.append('    }')
            elif isinstance(f.t, Flex):
                out.append('    printf("F %s %s %s %%zu 0 %s\\n", offsetof(%s, %s) * 8);' % (
                    cls, key, f.name, where, ref, f.name))
            else:
                out.append('    printf("F %s %s %s %%zu %%zu %s\\n", offsetof(%s, %s) * 8, sizeof(((%s *)0)->%s) * 8);' % (
                    cls, key, f.name, where, ref, f.name, ref, f.name))

    def probe_fields(self, rec, where='d'):
        """(field, 'd' for a direct member or 'a' inside an anonymous one)"""
        out = []
        for f in rec.fields:
            if isinstance(f.t, Anon):
                out.extend(self.probe_fields(f.t.rec, 'a'))
            elif f.name is not None:
                out.append((f, where))
        return out


def main(argv):
    args = [a for a in argv[1:] if not a.startswith('--')]
    opts = [a for a in argv[1:] if a.startswith('--')]
    known = ('--shuffle-source', '--small', '--nested-zero', '--nested-flex')
    if len(args) != 2 or any(o not in known for o in opts):
        sys.stderr.write('usage: gen.py SEED OUTDIR [--shuffle-source] [--small] '
                         '[--nested-zero] [--nested-flex]\n')
        return 2
    seed = int(args[0])
    Gen(seed, shuffle='--shuffle-source' in opts, small='--small' in opts,
        nested_zero='--nested-zero' in opts,
        nested_flex='--nested-flex' in opts).emit(args[1])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
