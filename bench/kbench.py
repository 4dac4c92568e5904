#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Measurement and table code for the randstruct benchmarks (bench/README).

    kbench.py compile  [--force] VARIANT... -- OBJ...
    kbench.py profile  CALLGRIND_OUT PLUGIN_SO_SUBSTRING
    kbench.py probe    VARIANT...
    kbench.py seeds    N
    kbench.py measure  N
    kbench.py tables   compile|memory|strength|seeds|measured
    kbench.py tables   coverage REPORT
    kbench.py probe-headers-all
    kbench.py real-variant VARIANT
    kbench.py argv     VARIANT OBJ

The variants: VARIANTS below.

Everything is read from and written to $BENCH_DIR (see bench/lib.sh):
out/VARIANT/ are configured kbuild output directories, callgrind/ holds the
callgrind files, probe/ the memory probe, results/ the Markdown fragments.
"""

import glob
import hashlib
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections import defaultdict, namedtuple, Counter

KIT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(KIT, "scripts"))
import randstruct_report as rsreport  # noqa: E402
BENCH_DIR = os.path.abspath(os.environ.get("BENCH_DIR") or
                            os.path.join(KIT, "build", "bench"))
NICE = shlex.split(os.environ.get("BENCH_NICE") or "nice -n 10")
PROBE_DIR = os.path.join(BENCH_DIR, "probe")
# BENCH_CG_DIR: keep callgrind files elsewhere (e.g. to try a plugin build
# against another worktree's kbuild output without touching its results)
CG_DIR = os.path.abspath(os.environ.get("BENCH_CG_DIR") or
                         os.path.join(BENCH_DIR, "callgrind"))
# BENCH_PLUGIN: run our variants' cc1 with this plugin .so instead of the one
# kbuild built (the plugin's arguments stay as kbuild gave them); "kit":
# this checkout's gcc-plugins/, built against ours-full's seed header
BENCH_PLUGIN = os.environ.get("BENCH_PLUGIN")
RES_DIR = os.path.abspath(os.environ.get("BENCH_RESULTS") or
                          os.path.join(BENCH_DIR, "results"))
PLUGIN_ARG = "-fplugin-arg-randomize_layout_plugin-"
PLUGIN_SRC_DIR = "kernel/scripts/gcc-plugins/randstruct"

def die(msg):
    sys.stderr.write("kbench: error: %s\n" % msg)
    sys.exit(1)


def sweep_seed(i):
    return hashlib.sha256(("randstruct bench seed %d" % i).encode()).hexdigest()


# The bench variants, one record each, in the order the tables list them:
#   label     its name in the tables
#   baseline  the variant giving its declaration-order baseline
#   tree      the source tree of its build: pristine 6.12 or the kit's
#   compiler  gcc or clang (cc1 is profiled for the gcc variants only)
#   build     the kbuild output directory (out/BUILD/) its command comes
#             from; None: a build of its own (bench/setup builds those)
#   config    for a build of its own: the lines bench/setup merges on top
#             of tinyconfig + boot/kernel.config
#   tables    False: a build for bench/build only, in no table
# The others are not builds of their own but ours-full's command, changed:
#   extra     arguments added: ours-disabled passes the plugin's "disable"
#             (attributes registered, nothing randomized or checked), which
#             separates the plugin's work from what -DRANDSTRUCT changes in
#             the headers;
#   diff      a plugin built from gcc-plugins/ patched by this bench/ diff:
#             ours-relayout, relayout-only.diff (structures rewritten, no
#             check installed), the cost of randomizing alone.  A
#             measurement, never a build option;
#   seed      another seed: ours-seed2, ours-seed3, mainline-seed2,
#             mainline-seed3, the seed sweep's seeds 2 and 3 (sweep_seed();
#             mainline's plugin rebuilt with that seed): how much of the
#             cost is the code GCC makes for one particular layout.
Variant = namedtuple("Variant",
                     "label baseline tree compiler build extra diff seed config tables")


def _variant(label, baseline, tree, compiler="gcc", build=None, extra=(),
             diff=None, seed=None, config=(), tables=True):
    return Variant(label, baseline, tree, compiler, build, list(extra), diff, seed,
                   list(config), tables)


# Mainline's choice, which the kit keeps: the same lines select mainline's
# plugin in the pristine tree and the kit's in the kit tree.
NONE = ["CONFIG_RANDSTRUCT_NONE=y"]
FULL = ["CONFIG_RANDSTRUCT_FULL=y"]
PERF = ["CONFIG_RANDSTRUCT_PERFORMANCE=y"]


VARIANTS = {
    "none": _variant("none (pristine 6.12, RANDSTRUCT_NONE)", "none", "pristine",
                     config=NONE),
    "mainline-full": _variant("mainline plugin, RANDSTRUCT_FULL", "none", "pristine",
                              config=FULL),
    "mainline-perf": _variant("mainline plugin, RANDSTRUCT_PERFORMANCE", "none",
                              "pristine", config=PERF),
    "clang-none": _variant("Clang 19, RANDSTRUCT_NONE", "clang-none", "pristine",
                           "clang", config=NONE),
    "clang": _variant("Clang 19, RANDSTRUCT_FULL (native)", "clang-none", "pristine",
                      "clang", config=FULL),
    "kit-none": _variant("none (kit tree, RANDSTRUCT_NONE)", "kit-none", "kit",
                         config=NONE),
    "ours-full": _variant("ours, full", "kit-none", "kit", config=FULL),
    "ours-perf": _variant("ours, performance mode", "kit-none", "kit", config=PERF),
    # MODVERSIONS, which mainline's RANDSTRUCT selects (the kit's no
    # longer does), without the plugin: what genksyms costs
    "kit-modversions": _variant("kit tree, MODVERSIONS, no plugin", "kit-none", "kit",
                                config=NONE + ["CONFIG_MODVERSIONS=y"], tables=False),
    "ours-seed2": _variant("ours, full, bench seed 2", "kit-none", "kit",
                           build="ours-full", seed=sweep_seed(2)),
    "ours-seed3": _variant("ours, full, bench seed 3", "kit-none", "kit",
                           build="ours-full", seed=sweep_seed(3)),
    "mainline-seed2": _variant("mainline plugin, RANDSTRUCT_FULL, bench seed 2", "none",
                               "pristine", build="mainline-full", seed=sweep_seed(2)),
    "mainline-seed3": _variant("mainline plugin, RANDSTRUCT_FULL, bench seed 3", "none",
                               "pristine", build="mainline-full", seed=sweep_seed(3)),
    "ours-relayout": _variant("ours rewriting layouts, no check (control)", "kit-none",
                              "kit", build="ours-full", diff="relayout-only.diff"),
    "ours-disabled": _variant("ours loaded with `disable` (control)", "kit-none", "kit",
                              build="ours-full", extra=[PLUGIN_ARG + "disable"]),
}
# Derived: variant -> baseline and -> label; the builds of their own in the
# tables (bench/lib.sh's ALL_VARIANTS); the variants whose cc1 is profiled.
BASELINE = {v: r.baseline for v, r in VARIANTS.items()}
LABEL = {v: r.label for v, r in VARIANTS.items()}
BUILDS = [v for v, r in VARIANTS.items() if r.build is None and r.tables]
PROFILED = [v for v, r in VARIANTS.items() if r.compiler == "gcc" and r.tables]


def build_of(variant):
    """The kbuild output directory (out/NAME/) of VARIANT's command."""
    r = VARIANTS.get(variant)
    return (r.build or variant) if r else variant


PLUGIN_CXXFLAGS = ["-O2", "-Wall", "-fPIC", "-shared", "-fno-rtti", "-fno-exceptions",
                   "-fasynchronous-unwind-tables", "-ggdb", "-Wno-narrowing",
                   "-Wno-unused-variable", "-Wno-format-diag", "-Wno-unused-function"]


def patched_plugin(diff):
    """The plugin's sources (kernel/scripts/gcc-plugins/randstruct/) with
    bench/DIFF applied (None: as they are), built against ours-full's seed."""
    d = os.path.join(BENCH_DIR, "plugin-" + (diff[:-5] if diff else "kit"))
    so = os.path.join(d, "randomize_layout_plugin.so")
    src = os.path.join(d, "src")
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(KIT, PLUGIN_SRC_DIR), src)
    with open(os.path.join(KIT, "bench", diff) if diff else os.devnull) as f:
        if diff and subprocess.run(["patch", "-s", "-p5", "-d", src], stdin=f).returncode:
            die("bench/%s does not apply to %s/" % (diff, PLUGIN_SRC_DIR))
    gen = os.path.join(KIT, "kernel", "scripts", "gen-randstruct-policy.sh")
    if os.path.exists(gen):
        # an empty built-in policy: kbuild's command gives its own policy=
        with open(os.path.join(src, "randstruct_policy.h"), "w") as f:
            subprocess.run([gen], stdout=f, check=True)
    plugdir = subprocess.run(["gcc", "-print-file-name=plugin"], capture_output=True,
                             text=True).stdout.strip()
    cmd = (["g++"] + PLUGIN_CXXFLAGS +
           ["-I", os.path.join(plugdir, "include"),
            "-I", os.path.join(BENCH_DIR, "out", "ours-full", "scripts", "gcc-plugins"),
            "-I", src, "-o", so] +
           sorted(glob.glob(os.path.join(src, "*.c"))))
    if subprocess.run(cmd).returncode:
        die("building the %s plugin failed" % diff)
    return so


def outdir(variant):
    return os.path.join(BENCH_DIR, "out", build_of(variant))


def compile_argv(variant, obj):
    """The compiler command kbuild used for OBJ (from its .cmd file)."""
    r = VARIANTS.get(variant)
    extra, diff, seed = (r.extra, r.diff, r.seed) if r else ([], None, None)
    plugin = None
    if diff:
        plugin = patched_plugin(diff)
    elif BENCH_PLUGIN == "kit" and variant.startswith("ours"):
        plugin = kit_plugin()
    elif variant.startswith("ours"):
        plugin = BENCH_PLUGIN
    d, base = os.path.split(obj)
    cmdfile = os.path.join(outdir(variant), d, "." + base + ".cmd")
    try:
        with open(cmdfile) as f:
            first = f.readline()
    except OSError:
        die("%s missing: run bench/setup %s first" % (cmdfile, variant))
    m = re.match(r"^savedcmd_\S+ := (.*)$", first.rstrip("\n"))
    if not m:
        die("cannot parse %s" % cmdfile)
    # kbuild appends objtool and friends after ';'
    cmd = m.group(1).split(" ; ")[0]
    argv = shlex.split(cmd)
    if plugin:
        argv = ["-fplugin=" + os.path.abspath(plugin)
                if a.startswith("-fplugin=") else a for a in argv]
    if seed:
        argv = reseed(variant, argv, seed,
                      os.path.join(BENCH_DIR, "reseed", "mainline-" + seed[:16]))
    return argv[:-1] + extra + argv[-1:]


def reseed_ours(argv, seed, cwd):
    """Our plugin's arguments for another seed: seed=, its seed-hash=, and
    kbuild's build header (which the plugin checks against its seed)
    rewritten for that seed's hash; @cwd is where the command runs."""
    new = hashlib.sha256(seed.encode()).hexdigest()
    old = [a.split("=", 1)[1] for a in argv
           if a.startswith(PLUGIN_ARG + "seed-hash=")]
    res = []
    for a in argv:
        if a.startswith(PLUGIN_ARG + "seed-hash="):
            res.append(PLUGIN_ARG + "seed=" + seed)
            a = PLUGIN_ARG + "seed-hash=" + new
        elif a.startswith("-include") and a.endswith("randstruct_build.h") and old:
            with open(os.path.join(cwd, a[len("-include"):])) as f:
                text = f.read().replace(old[0], new)
            path = os.path.join(BENCH_DIR, "reseed", "randstruct_build-%s.h" % new)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            a = "-include" + path
        res.append(a)
    return res


def retarget(argv, src, out, dep):
    """Same command, other source/output/dependency file."""
    res = []
    skip = False
    for i, a in enumerate(argv):
        if skip:
            skip = False
            continue
        if a.startswith("-Wp,-MMD,") or a.startswith("-Wp,-MD,"):
            res.append("-Wp,-MMD," + dep)
        elif a == "-o":
            res += ["-o", out]
            skip = True
        elif a.endswith(".c") and not a.startswith("-") and i == len(argv) - 1:
            res.append(src)
        else:
            res.append(a)
    return res


def cc1_argv(argv, cwd):
    """The cc1 command line the driver would run (gcc -###)."""
    p = subprocess.run(argv + ["-###"], cwd=cwd, capture_output=True, text=True)
    for line in p.stderr.splitlines():
        if line.startswith(" ") and "/cc1" in line.split()[0]:
            return shlex.split(line)
    die("no cc1 line in: %s -###\n%s" % (" ".join(argv), p.stderr))


def cg_total(path):
    tot = None
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                tot = int(line.split()[1])
    return tot


# ---------------------------------------------------------------- compile

def cmd_compile(args):
    force = "--force" in args
    args = [a for a in args if a != "--force"]
    if "--" not in args:
        die("usage: compile [--force] VARIANT... -- OBJ...")
    i = args.index("--")
    variants, objs = args[:i], args[i + 1:]
    for v in variants:
        for obj in objs:
            d = os.path.join(CG_DIR, v)
            os.makedirs(d, exist_ok=True)
            stem = obj.replace("/", "_")[:-2]
            cgout = os.path.join(d, stem + ".callgrind")
            if os.path.exists(cgout) and not force and cg_total(cgout):
                continue
            argv = compile_argv(v, obj)
            argv = retarget(argv, argv[-1], os.path.join(d, stem + ".o"),
                            os.path.join(d, stem + ".d"))
            cc1 = cc1_argv(argv, outdir(v))
            # the driver's temporary .s: keep it in our directory
            j = cc1.index("-o")
            cc1[j + 1] = os.path.join(d, stem + ".s")
            with open(os.path.join(d, stem + ".cmd"), "w") as f:
                f.write(" ".join(shlex.quote(a) for a in cc1) + "\n")
            vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cgout + ".tmp"]
            sys.stderr.write("  CALLGRIND %s %s\n" % (v, obj))
            p = subprocess.run(NICE + vg + cc1, cwd=outdir(v),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
            if p.returncode != 0:
                die("cc1 under callgrind failed for %s %s:\n%s" %
                    (v, obj, p.stderr[-3000:]))
            os.rename(cgout + ".tmp", cgout)
            os.unlink(os.path.join(d, stem + ".s"))


# ---------------------------------------------------------------- profile

def parse_callgrind(path):
    """Self cost per (object, function); calls and inclusive cost per arc."""
    names = {"ob": {}, "fl": {}, "fn": {}}
    kind = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl",
            "cfi": "fl", "cfl": "fl", "fn": "fn", "cfn": "fn"}
    self_cost = defaultdict(int)
    calls = defaultdict(int)          # (caller, callee) -> inclusive Ir
    ncalls = defaultdict(int)         # (caller, callee) -> number of calls
    cur_ob = cur_fn = None
    cob = cfn = None
    pending_call = 0
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            m = re.match(r"^(ob|cob|fl|fi|fe|cfi|cfl|fn|cfn)=(.*)$", line)
            if m:
                key, val = m.group(1), m.group(2)
                mm = re.match(r"^\((\d+)\)(?: (.*))?$", val)
                table = names[kind[key]]
                if mm:
                    if mm.group(2) is not None:
                        table[mm.group(1)] = mm.group(2)
                    val = table.get(mm.group(1), "?")
                if key == "ob":
                    cur_ob = val
                elif key == "fn":
                    cur_fn = (cur_ob, val)
                    cob = cfn = None
                elif key == "cob":
                    cob = val
                elif key == "cfn":
                    cfn = val
                continue
            if line.startswith("calls="):
                pending_call = int(line[6:].split()[0])
                continue
            if line[0] in "0123456789+-*":
                parts = line.split()
                if len(parts) < 2:
                    continue
                cost = int(parts[1])
                if pending_call:
                    callee = (cob if cob is not None else cur_ob, cfn)
                    calls[(cur_fn, callee)] += cost
                    ncalls[(cur_fn, callee)] += pending_call
                    pending_call = 0
                    cob = cfn = None
                else:
                    self_cost[cur_fn] += cost
    return self_cost, calls, ncalls


# Our plugin wraps the debug hook type_decl(); what the wrapped original
# does (DWARF for the type) is GCC's own work, done without the plugin too.
# GCC hooks the plugin wraps: the wrapper's calls to the original hook are
# GCC's own work (it runs without the plugin too), not the plugin's.
# wrapper -> the original's name (None: every GCC function it calls)
# rs_set_locations wraps the diagnostic context's set_locations_cb and
# rs_option_enabled its option_enabled: GCC asks both for every diagnostic
# it raises (11,000 suppressed warnings in kernel/fork.c), plugin or not.
WRAPPERS = {
    "rs_type_decl": None,
    "on_set_current_function": ("set_current_function", "hook_void_tree"),
    "rs_set_locations": None,
    "rs_option_enabled": ("option_enabled",),
}


def plugin_profile(path, plugin_sub):
    """Instructions attributable to the plugin: its own code, plus the GCC
    functions it calls (inclusive), minus what those GCC functions spend
    back in the plugin (walk_tree callbacks, hash functions: counted once),
    minus the original hooks called by the wrappers (WRAPPERS)."""
    self_cost, calls, ncalls = parse_callgrind(path)
    total = cg_total(path)

    def inplug(fn):
        return fn is not None and fn[0] is not None and plugin_sub in fn[0]

    def wrapped(caller, callee):
        name = caller[1].split("(")[0]
        if name not in WRAPPERS or inplug(callee):
            return False
        orig = WRAPPERS[name]
        return orig is None or callee[1].split("(")[0].endswith(orig)
    out_arcs = {a: c for a, c in calls.items()
                if inplug(a[0]) and not inplug(a[1]) and not wrapped(*a)}
    # GCC functions the plugin calls (and their recursive instances, which
    # callgrind names "f'2"...): callbacks from them into the plugin (walk_tree
    # visitors, hash functions) are already inside the plugin's arcs.
    direct = set(b[1].split("'")[0] for (_, b) in out_arcs)
    reach = set(fn for (a, b) in calls for fn in (a, b)
                if fn is not None and not inplug(fn) and fn[1].split("'")[0] in direct)
    back = {a: c for a, c in calls.items()
            if a[0] in reach and inplug(a[1])}
    pself = {fn: c for fn, c in self_cost.items() if inplug(fn)}
    ext = defaultdict(int)
    for (a, b), c in out_arcs.items():
        ext[a] += c
    attributed = sum(pself.values()) + sum(out_arcs.values()) - sum(back.values())
    funcs = set(pself) | set(ext)
    rows = sorted(((pself.get(fn, 0) + ext.get(fn, 0), pself.get(fn, 0),
                    ext.get(fn, 0), fn[1]) for fn in funcs), reverse=True)
    arcs = sorted(((c, ncalls[a], a[0][1], a[1][1]) for a, c in out_arcs.items()),
                  reverse=True)
    return total, attributed, rows, arcs, sum(back.values())


def short(name):
    return name.split("(")[0]


def cmd_profile(args):
    path, sub = args
    total, attributed, rows, arcs, back = plugin_profile(path, sub)
    print("total Ir %d; attributable to the plugin %d (%.3f%% of cc1)" %
          (total, attributed, 100.0 * attributed / total))
    print("(plugin self + its calls into GCC, minus %d Ir of GCC calling back into"
          " the plugin; the original type_decl, set_current_function, set_locations and"
          " option_enabled hooks the plugin wraps excluded)" % back)
    print("\n%12s %12s %12s  %s" % ("self+callees", "self", "GCC callees", "plugin function"))
    for r in rows[:20]:
        print("%12d %12d %12d  %s" % (r[0], r[1], r[2], short(r[3])))
    print("\nCalls from the plugin into GCC (inclusive Ir, number of calls):")
    for c, n, a, b in arcs[:20]:
        print("%12d %8d  %s -> %s" % (c, n, short(a), short(b)))


# ---------------------------------------------------------------- probe

def randstruct_headers(src):
    """Headers of the tree that mark a structure __randomize_layout."""
    hdrs = []
    for top in ("include/linux", "include/net", "include/keys",
                "arch/x86/include/asm"):
        for root, _, files in os.walk(os.path.join(src, top)):
            for fn in sorted(files):
                if not fn.endswith(".h"):
                    continue
                p = os.path.join(root, fn)
                with open(p, errors="replace") as f:
                    t = f.read()
                if re.search(r"\}\s*__randomize_layout|randomized_struct_fields_end", t):
                    hdrs.append(os.path.relpath(p, os.path.join(src, "include"))
                                if p.startswith(os.path.join(src, "include/"))
                                else os.path.relpath(p, os.path.join(src, "arch/x86/include")))
    return sorted(set(hdrs))


# headers that only compile in a context the probe does not give
SKIP_HEADERS = {"linux/compiler_types.h", "linux/compiler-randstruct.h",
                "linux/lsm_hooks.h"}


PROBE_PREAMBLE = ["/* generated by bench/kbench.py: the memory probe */",
                  "#include <linux/stddef.h>", "#include <linux/kernel.h>",
                  "#include <linux/sched.h>", "#include <linux/fs.h>",
                  "#include <linux/security.h>"]


def probe_source(headers, extra=""):
    lines = PROBE_PREAMBLE + ["#include <%s>" % h for h in headers]
    return "\n".join(lines) + "\n" + extra


def probe_headers(variant, src_tree):
    """The randstruct headers that compile in this configuration: a header
    whose inline code needs disabled options (keys/ without CONFIG_KEYS...)
    is dropped, one at a time, from the compiler's own error."""
    hdrs = [h for h in randstruct_headers(src_tree) if h not in SKIP_HEADERS]
    dropped = []
    src = os.path.join(PROBE_DIR, "headers-%s.c" % variant)
    while True:
        with open(src, "w") as f:
            f.write(probe_source(hdrs))
        err = compile_probe(variant, src, src[:-2] + ".o", check=False)
        if err is None:
            return hdrs, dropped
        m = re.search(re.escape(src) + r":(\d+)", err)
        if not m:
            die("probe headers fail to compile for %s:\n%s" % (variant, err[-3000:]))
        line = int(m.group(1)) - len(PROBE_PREAMBLE) - 1
        if line < 0 or line >= len(hdrs):
            die("probe preamble fails to compile for %s:\n%s" % (variant, err[-3000:]))
        dropped.append(hdrs.pop(line))


def compile_probe(variant, srcfile, obj, report=None, check=True):
    argv = compile_argv(variant, "kernel/fork.o")
    argv = retarget(argv, srcfile, obj, obj[:-2] + ".d")
    argv = [a for a in argv if not a.startswith("-DKBUILD_") and
            not a.startswith("-D__KBUILD_MODNAME")]
    argv += ["-DKBUILD_MODNAME=\"probe\"", "-DKBUILD_BASENAME=\"probe\"",
             "-Wno-missing-prototypes", "-Wno-unused"]
    if report:
        argv.append(PLUGIN_ARG + "report=" + report)
    p = subprocess.run(NICE + argv, cwd=outdir(variant), capture_output=True, text=True)
    if p.returncode != 0:
        if not check:
            return p.stderr
        die("probe failed to compile for %s:\n%s" % (variant, p.stderr[-4000:]))
    return None


def read_report(path):
    """One record per structure definition (scripts/randstruct_report.py)."""
    return rsreport.distinct(rsreport.read(path))


def container_of(rec, cache={}):
    """The named struct an anonymous randomized struct is a member of."""
    if not rec["anonymous"]:
        return rec["struct"]
    path = rec["file"]
    if path not in cache:
        with open(path, errors="replace") as f:
            cache[path] = f.read().splitlines()
    text = cache[path]
    for i in range(rec["line"] - 1, -1, -1):
        m = re.match(r"^struct (\w+)\s*\{", text[i])
        if m:
            return m.group(1)
    return None


def probe_targets(report):
    """[(key, container, [field names])] for every struct in the report."""
    targets = []
    for r in report:
        c = container_of(r)
        if c is None:
            continue
        key = r["struct"] if not r["anonymous"] else "%s.anon%d" % (c, r["line"])
        fields = [f["name"] for f in r["fields"] if f["name"] and not f["bitfield"]]
        targets.append((key, c, fields, r))
    return targets


def sym(s):
    return re.sub(r"[^A-Za-z0-9_]", "_", s)


def cmd_probe(variants):
    os.makedirs(PROBE_DIR, exist_ok=True)
    data = {}
    # 1. which structs does our plugin randomize in these headers?
    # the same header list for every variant: what compiles in all of them
    headers = None
    for v in variants:
        tree = VARIANTS[v].tree
        h, dropped = probe_headers(v, os.path.join(BENCH_DIR, "src", tree))
        headers = h if headers is None else [x for x in headers if x in h]
        if dropped:
            sys.stderr.write("  PROBE    %s: left out %s\n" % (v, " ".join(dropped)))
    with open(os.path.join(PROBE_DIR, "headers.txt"), "w") as f:
        f.write("\n".join(headers) + "\n")
    for ours in ("ours-full", "ours-perf"):
        src = os.path.join(PROBE_DIR, "headers.c")
        with open(src, "w") as f:
            f.write(probe_source(headers))
        rep = os.path.join(PROBE_DIR, "report-%s.jsonl" % ours)
        if os.path.exists(rep):
            os.unlink(rep)
        compile_probe(ours, src, os.path.join(PROBE_DIR, "headers-%s.o" % ours), rep)
    report = read_report(os.path.join(PROBE_DIR, "report-ours-full.jsonl"))
    targets = probe_targets(report)
    # 2. sizeof and offsetof of each, as sizes of arrays
    body = []
    done = set()
    for key, c, fields, r in targets:
        if c not in done:
            body.append("char rs_sz__%s[sizeof(struct %s)];" % (sym(c), c))
            done.add(c)
        for fl in fields:
            body.append("char rs_of__%s__%s[offsetof(struct %s, %s) + 1];" %
                        (sym(c), fl, c, fl))
    body = sorted(set(body))
    for v in variants:
        tree = VARIANTS[v].tree
        src = os.path.join(PROBE_DIR, "probe-%s.c" % tree)
        with open(src, "w") as f:
            f.write(probe_source(headers, "\n".join(body) + "\n"))
        obj = os.path.join(PROBE_DIR, "probe-%s.o" % v)
        sys.stderr.write("  PROBE    %s\n" % v)
        compile_probe(v, src, obj)
        p = subprocess.run(["nm", "-S", obj], capture_output=True, text=True, check=True)
        sizes, offs = {}, {}
        for line in p.stdout.splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue
            n, val = parts[3], int(parts[1], 16)
            if n.startswith("rs_sz__"):
                sizes[n[7:]] = val
            elif n.startswith("rs_of__"):
                c, fl = n[7:].split("__", 1)
                offs.setdefault(c, {})[fl] = val - 1
        data[v] = {"sizes": sizes, "offsets": offs}
    with open(os.path.join(PROBE_DIR, "probe.json"), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)


# ---------------------------------------------------------------- strength

def log2fact(n):
    return math.lgamma(n + 1) / math.log(2) if n > 1 else 0.0


def units_of(r):
    """Top-level fields of a report record, flexible array excluded."""
    fl = list(r["fields"])
    if fl and fl[-1]["bit_size"] == 0 and not fl[-1]["bitfield"]:
        fl = fl[:-1]
    return fl


def mainline_full_bits(r):
    # full_shuffle: Fisher-Yates over every field but a proper flexible array
    return log2fact(len(units_of(r)))


def mainline_perf_bits(r):
    """Exact entropy of mainline's performance_shuffle (group shuffle no-op).

    partition_struct: groups in declaration order, closed once their
    accumulated int_size_in_bytes reaches 64.  Inside a group, for index
    from len-1 down to 1: a bit-field at the index is skipped, otherwise
    j = ranval % (index+1) and a bit-field at j cancels the swap.  The
    choices determine the permutation one to one, so the entropy is the
    sum of the entropies of the draws."""
    fl = units_of(r)
    groups, cur, acc = [], [], 0
    for f in fl:
        if f["bitfield"]:
            w = f["bit_size"]
            size = 1 if w <= 8 else 2 if w <= 16 else 4 if w <= 32 else 8
        else:
            size = f["bit_size"] // 8
        cur.append(f)
        acc += size
        if acc >= 64:
            groups.append(cur)
            cur, acc = [], 0
    if cur:
        groups.append(cur)
    bits = 0.0
    for g in groups:
        for index in range(len(g) - 1, 0, -1):
            if g[index]["bitfield"]:
                continue
            k = index + 1
            b = sum(1 for x in g[:index] if x["bitfield"])
            moves = index - b
            stay = (1 + b) / k
            bits += moves * (1.0 / k) * math.log2(k) - stay * math.log2(stay)
    return bits, len(groups)


def clang_buckets(r):
    """clang/lib/AST/Randstruct.cpp randomizeStructureLayoutImpl, replayed.

    CACHE_LINE is 64 and is compared with getTypeInfo().Width, which is in
    *bits*: a bucket holds at most 8 bytes, and every field of 8 bytes or
    more is a bucket of its own."""
    fl = list(r["fields"])
    if fl and fl[-1]["bit_size"] == 0 and not fl[-1]["bitfield"]:
        fl = fl[:-1]              # flexible array stays last
    pending = list(fl)
    buckets = []
    cur, cur_size, run, skipped = None, 0, None, 0
    while pending:
        if skipped >= len(pending):
            skipped = 0
            buckets.append(("b", cur))
            cur, cur_size = None, 0
        fd = pending[0]
        if fd["bitfield"] and fd["bit_size"] > 0:
            run = (run or []) + [fd]
            pending.pop(0)
            continue
        if run:
            buckets.append(("r", run))
            run = None
        if cur is None:
            cur, cur_size = [], 0
        w = fd["bit_size"] if not fd["bitfield"] else 32  # ':0' of an int
        if w >= 64:
            buckets.append(("b", [fd]))
            pending.pop(0)
            continue
        if cur_size + w <= 64:
            cur.append(fd)
            cur_size += w
            pending.pop(0)
            if cur_size >= 64:
                skipped = 0
                buckets.append(("b", cur))
                cur, cur_size = None, 0
        else:
            skipped += 1
            pending.append(pending.pop(0))
    if cur is not None:
        buckets.append(("b", cur))
    if run:
        buckets.append(("r", run))
    buckets = [b for b in buckets if b[1]]
    return buckets


def clang_bits(r):
    b = clang_buckets(r)
    return log2fact(len(b)) + sum(log2fact(len(x)) for k, x in b if k == "b"), len(b)


def line_pairs(offs, fields):
    """Pairs of fields whose offsets share a 64-byte line."""
    pairs = set()
    fs = [f for f in fields if f in offs]
    for i in range(len(fs)):
        for j in range(i + 1, len(fs)):
            if offs[fs[i]] // 64 == offs[fs[j]] // 64:
                pairs.add((fs[i], fs[j]))
    return pairs


# ---------------------------------------------------------------- tables

def fmt_pct(a, b):
    return "%+.2f%%" % (100.0 * (a - b) / b) if b else "n/a"


def table_compile():
    objs = []
    variants = PROFILED
    data = {}
    for v in variants:
        d = os.path.join(CG_DIR, v)
        if not os.path.isdir(d):
            continue
        for fn in sorted(os.listdir(d)):
            if fn.endswith(".callgrind"):
                t = cg_total(os.path.join(d, fn))
                if t:
                    data[(v, fn[:-10])] = t
                    if fn[:-10] not in objs:
                        objs.append(fn[:-10])
    out = ["| translation unit | variant | cc1 instructions (Ir) | vs its none |",
           "|---|---|---:|---:|"]
    for o in objs:
        for v in variants:
            if (v, o) not in data:
                continue
            base = data.get((BASELINE[v], o))
            out.append("| %s | %s | %d | %s |" % (
                o.replace("_", "/") + ".c", LABEL[v], data[(v, o)],
                fmt_pct(data[(v, o)], base) if base and v != BASELINE[v] else "—"))
    # summary: overhead per implementation
    out += ["", "| implementation | " + " | ".join(o.replace("_", "/") + ".c" for o in objs)
            + " | measured TUs together |", "|---|" + "---:|" * (len(objs) + 1)]
    for v in (v for v in variants if v != BASELINE[v]):
        cells, s, sb = [], 0, 0
        for o in objs:
            if (v, o) in data and (BASELINE[v], o) in data:
                cells.append(fmt_pct(data[(v, o)], data[(BASELINE[v], o)]))
                s += data[(v, o)]
                sb += data[(BASELINE[v], o)]
            else:
                cells.append("n/a")
        out.append("| %s | %s | %s |" % (LABEL[v], " | ".join(cells),
                                         fmt_pct(s, sb) if sb else "n/a"))
    # the plugin's share, from the profiles
    prof = []
    for v in ("ours-full", "ours-perf", "mainline-full", "mainline-perf"):
        for o in objs:
            p = os.path.join(CG_DIR, v, o + ".callgrind")
            if not os.path.exists(p):
                continue
            total, att, rows, arcs, back = plugin_profile(p, "randomize_layout_plugin.so")
            top = ", ".join("`%s` %.2f%%" % (short(r[3]), 100.0 * r[0] / total)
                            for r in rows[:4])
            topc = ", ".join("`%s`→`%s` %.2f%% (%d calls)" % (
                short(a), short(b), 100.0 * c / total, n) for c, n, a, b in arcs[:4])
            prof.append("| %s | %s | %d | %.2f%% | %s | %s |" % (
                o.replace("_", "/") + ".c", LABEL[v], att, 100.0 * att / total, top, topc))
    if prof:
        out += ["", "Where the plugin's instructions go (callgrind call graph: the "
                "plugin's own code plus the GCC functions it calls, GCC's callbacks "
                "into the plugin counted once, the original hooks our plugin wraps "
                "excluded; `bench/kbench.py profile FILE randomize_layout_plugin.so` "
                "prints the full list):", "",
                "| TU | variant | plugin Ir | % of cc1 | top plugin functions (with their GCC callees) | top calls into GCC |",
                "|---|---|---:|---:|---|---|"] + prof
    return "\n".join(out) + "\n"


def load_probe():
    with open(os.path.join(PROBE_DIR, "probe.json")) as f:
        return json.load(f)


def marked_targets():
    rep = read_report(os.path.join(PROBE_DIR, "report-ours-full.jsonl"))
    return probe_targets(rep)


def table_memory():
    data = load_probe()
    targets = marked_targets()
    marked = []
    for key, c, fields, r in targets:
        if r["reason"] == "marked" and c not in marked:
            marked.append(c)
    fnptr = sorted({c for key, c, fields, r in targets if r["reason"] != "marked"} - set(marked))
    cols = [v for v in BUILDS if v in data]
    out = ["Structures marked `__randomize_layout` (or holding a marked anonymous "
           "struct) whose definition the probe sees, sizeof in bytes; deltas against "
           "the same tree and compiler without randomization "
           "(mainline vs none, Clang vs clang-none, ours vs kit-none):", "",
           "| struct | " + " | ".join(cols) + " |", "|---|" + "---:|" * len(cols)]
    tot = defaultdict(int)
    grow = defaultdict(list)
    for c in sorted(marked):
        cells = []
        for v in cols:
            s = data[v]["sizes"].get(sym(c))
            if s is None:
                cells.append("?")
                continue
            tot[v] += s
            b = data[BASELINE[v]]["sizes"].get(sym(c))
            if v != BASELINE[v] and b is not None and s != b:
                cells.append("%d (%+d)" % (s, s - b))
                if s > b:
                    grow[v].append("%s %+d" % (c, s - b))
            else:
                cells.append("%d" % s)
        out.append("| %s | %s |" % (c, " | ".join(cells)))
    out.append("| **total (%d structs)** | %s |" % (len(marked), " | ".join(
        "**%d%s**" % (tot[v], "" if v == BASELINE[v] else " (%+d, %s)" % (
            tot[v] - tot[BASELINE[v]], fmt_pct(tot[v], tot[BASELINE[v]]))) for v in cols)))
    out += ["", "Structures that grow: " + "; ".join(
        "%s: %s" % (LABEL[v], ", ".join(grow[v]) if grow[v] else "none") for v in cols
        if v != BASELINE[v]) + "."]
    # the function-pointer structs (sizes cannot change, checked anyway)
    changed = []
    for c in fnptr:
        for v in cols:
            s = data[v]["sizes"].get(sym(c))
            b = data[BASELINE[v]]["sizes"].get(sym(c))
            if s is not None and b is not None and s != b:
                changed.append("%s/%s %+d" % (c, v, s - b))
    out += ["", "Also probed: %d structures randomized because they hold only function "
            "pointers; size changes among them: %s." % (
                len(fnptr), ", ".join(changed) if changed else "none")]
    # cross-check: our report's size_after vs the compiled probe
    rep = read_report(os.path.join(PROBE_DIR, "report-ours-full.jsonl"))
    bad = [r["struct"] for r in rep if not r["anonymous"] and
           data["ours-full"]["sizes"].get(sym(r["struct"])) not in (None, r["size_after"])]
    grown = ["%s %d->%d" % (r["struct"] or "anon@%s:%d" % (r["file"], r["line"]),
                            r["size_before"], r["size_after"])
             for r in rep if r["size_after"] > r["size_before"]]
    out += ["", "Cross-check: our report's `size_after` equals the probe's sizeof for "
            "every named struct: %s; report entries with size_after > size_before: %s." % (
                "yes" if not bad else "NO: " + ", ".join(bad),
                ", ".join(grown) if grown else "none")]
    return "\n".join(out) + "\n"


def table_strength():
    data = load_probe()
    full = {(r["struct"], r["file"], r["line"]): r
            for r in read_report(os.path.join(PROBE_DIR, "report-ours-full.jsonl"))}
    perf = {(r["struct"], r["file"], r["line"]): r
            for r in read_report(os.path.join(PROBE_DIR, "report-ours-perf.jsonl"))}
    rows = []
    sums = defaultdict(float)
    for key, c, fields, r in marked_targets():
        if r["reason"] != "marked":
            continue
        rp = perf.get((r["struct"], r["file"], r["line"]))
        mp, ng = mainline_perf_bits(r)
        cb, nb = clang_bits(r)
        vals = {"units": len(units_of(r)), "ours-full": r["entropy_bits"],
                "ours-perf": rp["entropy_bits"] if rp else float("nan"),
                "mainline-full": mainline_full_bits(r), "mainline-perf": mp,
                "clang": cb}
        for k, x in vals.items():
            if k != "units":
                sums[k] += x
        # cache-line pairs
        cl = {}
        for v in ("mainline-full", "mainline-perf", "clang", "ours-full", "ours-perf"):
            if v not in data or sym(c) not in data[v]["offsets"]:
                cl[v] = None
                continue
            before = line_pairs(data[BASELINE[v]]["offsets"].get(sym(c), {}), fields)
            after = line_pairs(data[v]["offsets"][sym(c)], fields)
            cl[v] = (len(before & after), len(before))
            sums["pairs-" + v] += len(before & after)
            sums["pairsb-" + v] += len(before)
        name = c if not r["anonymous"] else "%s (anonymous, line %d)" % (c, r["line"])
        rows.append((name, vals, cl, ng, nb))
    out = [table_measured().rstrip("\n")] if os.path.exists(
        os.path.join(PROBE_DIR, "strength.json")) else [
        "(no probe/strength.json: run bench/kbench.py measure)"]
    # the Clang model against the compiled Clang layouts: the named fields
    # of a bucket must come out contiguous (in offset order)
    good = tot = 0
    if "clang" in data:
        for key, c, fields, r in marked_targets():
            if r["reason"] != "marked":
                continue
            offs = data["clang"]["offsets"].get(sym(c), {})
            order = sorted((o, n) for n, o in offs.items() if n in fields)
            pos = {n: i for i, (o, n) in enumerate(order)}
            for kind, b in clang_buckets(r):
                names = [f["name"] for f in b if f["name"] in pos]
                if kind != "b" or len(names) < 2 or len(names) != len(b):
                    continue
                tot += 1
                idx = sorted(pos[n] for n in names)
                good += idx[-1] - idx[0] == len(idx) - 1
        out += ["", "Check of the Clang model against Clang's compiled layouts: "
                "%d of %d buckets of two or more named fields come out contiguous." % (good, tot)]
    out += ["", "Field pairs that shared a 64-byte line (offset / 64, offsets from "
            "the compiled probe, declaration order = the variant's none build) and "
            "still share one after randomization; named, non-bit-field top-level "
            "fields:", "",
            "| struct | ours perf | mainline perf | ours full | mainline full | Clang |",
            "|---|---:|---:|---:|---:|---:|"]

    def cell(x):
        if x is None:
            return "n/a"
        k, n = x
        return "%d/%d (%.0f%%)" % (k, n, 100.0 * k / n) if n else "0/0"
    for name, vals, cl, ng, nb in sorted(rows):
        out.append("| %s | %s |" % (name, " | ".join(cell(cl[v]) for v in (
            "ours-perf", "mainline-perf", "ours-full", "mainline-full", "clang"))))
    out.append("| **all** | %s |" % " | ".join(
        "**%s**" % cell((int(sums["pairs-" + v]), int(sums["pairsb-" + v])))
        for v in ("ours-perf", "mainline-perf", "ours-full", "mainline-full", "clang")))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- strength, measured
#
# Per member, the distribution of its byte offset over many seeds: ours
# through the plugin's own derivation code (bench/rs-strength.c, linked
# with the plugin's rs_order.c and friends), mainline and Clang through
# models of their algorithms.  A member is a unit of our report (a field,
# an unnamed struct/union member, or a run of bit-fields); the models move
# the same units, so every column describes the same members.

STRENGTH_SEEDS = int(os.environ.get("BENCH_STRENGTH_SEEDS") or 1000)
TOOL_SRCS = ["bench/rs-strength.c"] + [os.path.join(PLUGIN_SRC_DIR, x) for x in
                                       ("rs_order.c", "rs_permutation.c", "rs_sha256.c",
                                        "rs_seed.c")]


def strength_tool():
    tool = os.path.join(BENCH_DIR, "rs-strength")
    srcs = [os.path.join(KIT, x) for x in TOOL_SRCS]
    hdrs = glob.glob(os.path.join(KIT, PLUGIN_SRC_DIR, "rs_*.h"))
    if not os.path.exists(tool) or any(os.path.getmtime(x) > os.path.getmtime(tool)
                                       for x in srcs + hdrs):
        subprocess.run(["gcc", "-O2", "-Wall", "-I", os.path.join(KIT, PLUGIN_SRC_DIR),
                        "-o", tool] + srcs + ["-lm"], check=True)
    return tool


_KIT_PLUGIN = []


def kit_plugin():
    """This checkout's gcc-plugins/, built against ours-full's seed header
    (once per run)."""
    if not _KIT_PLUGIN:
        _KIT_PLUGIN.append(patched_plugin(None))
    return _KIT_PLUGIN[0]


def spec_of(r, mode):
    return "%d %d %s %s" % (mode, r["size_before"], r["identity_hex"],
                            " ".join("%d,%d,%d,%d" % tuple(u[1:]) for u in r["units"]))


def ours_runs(records, mode, args):
    """Per record: [(attempts, size, [unit offsets])] for each seed."""
    inp = "\n".join(spec_of(r, mode) for r in records) + "\n"
    p = subprocess.run([strength_tool()] + args, input=inp, capture_output=True,
                       text=True, check=True)
    lines = p.stdout.splitlines()
    per = len(lines) // max(1, len(records))
    res = []
    for i in range(len(records)):
        rows = []
        for line in lines[i * per:(i + 1) * per]:
            v = [int(x) for x in line.split()]
            rows.append((v[0], v[1], v[2:]))
        res.append(rows)
    return res


def ours_exact(records):
    inp = "\n".join(spec_of(r, 0) for r in records) + "\n"
    p = subprocess.run([strength_tool(), "-x"], input=inp, capture_output=True,
                       text=True, check=True)
    out = []
    for line in p.stdout.splitlines():
        out.append(None if line == "-" else tuple(float(x) for x in line.split()))
    return out


def up(v, a):
    return v + a - v % a if a > 1 and v % a else v


def seq_layout(order, units):
    """Offsets of units laid out one after the other in @order; size."""
    off = [0] * len(units)
    o, al = 0, 1
    for i in order:
        size, align = units[i][4], units[i][2]
        o = up(o, align)
        off[i] = o
        o += size
        al = max(al, align)
    return off, up(o, al)


def unit_of_field(r):
    first = [u[0] for u in r["units"]]
    m = {}
    for k, f0 in enumerate(first):
        end = first[k + 1] if k + 1 < len(first) else len(r["fields"])
        for i in range(f0, end):
            m[i] = k
    return m


def mainline_full_order(rng, r):
    order = list(range(len(r["units"])))
    rng.shuffle(order)
    return order


def mainline_perf_order(rng, r):
    """partition_struct() groups (accumulated size reaches 64), group order
    kept (its shuffle is a no-op), in-group Fisher-Yates whose swaps skip
    and are cancelled by bit-fields (here: bit-field runs, kept in place)."""
    units = r["units"]
    order, cur, acc = [], [], 0
    groups = []
    for k, u in enumerate(units):
        cur.append(k)
        acc += u[4]
        if acc >= 64:
            groups.append(cur)
            cur, acc = [], 0
    if cur:
        groups.append(cur)
    for g in groups:
        g = list(g)
        for index in range(len(g) - 1, 0, -1):
            if units[g[index]][3]:
                continue
            j = rng.randrange(index + 1)
            if units[g[j]][3]:
                continue
            g[index], g[j] = g[j], g[index]
        order += g
    return order


def clang_unit_buckets(r):
    ufield = unit_of_field(r)
    index = {id(f): i for i, f in enumerate(r["fields"])}
    out = []
    for kind, b in clang_buckets(r):
        us = []
        for f in b:
            k = ufield.get(index[id(f)])
            if k is not None and k not in us:
                us.append(k)
        if us:
            out.append((kind, us))
    return out


def clang_order(rng, r, buckets):
    b = [(k, list(x)) for k, x in buckets]
    rng.shuffle(b)
    order = []
    for kind, us in b:
        if kind == "b":
            rng.shuffle(us)
        order += us
    return order


def min_entropy(counts, n):
    return -math.log2(max(counts.values()) / n)


def shannon(counts, n):
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def member_stats(offsets_per_seed, nunits):
    """Per unit: (min-entropy, Shannon entropy, distinct offsets)."""
    n = len(offsets_per_seed)
    res = []
    for k in range(nunits):
        c = defaultdict(int)
        for offs in offsets_per_seed:
            c[offs[k]] += 1
        res.append((min_entropy(c, n), shannon(c, n), len(c)))
    return res


def mainline_exact(units, limit=1_000_000):
    """Per unit {offset: probability} under a uniform order of the units
    (mainline full), by dynamic programming over how many units of each
    shape are placed and the offset reached; None when the count vectors
    alone exceed @limit."""
    shapes = sorted(set((u[4], u[2]) for u in units))
    cls = [shapes.index((u[4], u[2])) for u in units]
    total = [cls.count(c) for c in range(len(shapes))]
    n = len(units)
    if math.prod(t + 1 for t in total) > limit:
        return None
    at = [defaultdict(float) for _ in shapes]
    level = {(tuple([0] * len(shapes)), 0): 1.0}
    for placed in range(n):
        nxt = defaultdict(float)
        for (used, o), p in level.items():
            for c, (size, align) in enumerate(shapes):
                left = total[c] - used[c]
                if not left:
                    continue
                q = p * left / (n - placed)
                start = up(o, align)
                at[c][start] += q
                nxt[(used[:c] + (used[c] + 1,) + used[c + 1:], start + size)] += q
        level = nxt
    return [{o: p / total[c] for o, p in at[c].items()} for c in cls]


def split_half_max(offsets, j):
    """Unit @j's likeliest offset chosen on the first half of the draws,
    its probability measured on the second half: an unbiased estimate for
    that offset, free of the upward bias of a maximum over noisy counts."""
    h = len(offsets) // 2
    c = Counter(o[j] for o in offsets[:h])
    best = max(c, key=c.get)
    return sum(1 for o in offsets[h:] if o[j] == best) / (len(offsets) - h)


def places_at_zero_growth(r):
    """Per unit, how many offsets it can take in a structure of the
    declaration's size: a zero-growth layout puts its likeliest offset at
    probability 1/places at least."""
    units = r["units"]
    size = max(seq_layout(list(range(len(units))), units)[1], r["size_before"])
    return [(size - u[4]) // u[2] + 1 for u in units]


def zero_growth_max_bits(r, limit=12):
    """log2 of the number of unit orders whose sequential layout does not
    grow the structure and keeps bit-field runs apart (a uniform choice
    among them is the most any zero-growth scheme can reach), by dynamic
    programming over subsets; None above @limit units."""
    units = r["units"]
    n = len(units)
    if n > limit:
        return None
    al = max([u[2] for u in units] + [1])
    ways = {(0, 0, 0): 1}
    for _ in range(n):
        nxt = defaultdict(int)
        for (mask, o, prev_run), w in ways.items():
            for k in range(n):
                if mask >> k & 1 or (prev_run and units[k][3]):
                    continue
                nxt[(mask | 1 << k, up(o, units[k][2]) + units[k][4], units[k][3])] += w
        ways = nxt
    limit = max(r["size_before"], seq_layout(range(n), units)[1])
    good = sum(w for (mask, o, pr), w in ways.items() if up(o, al) <= limit)
    return math.log2(good) if good else 0.0


def marked_records(name):
    """Every structure the probe's report lists with at least two units:
    the marked ones, and those randomized for holding only function
    pointers (labelled "(fptrs)")."""
    recs = []
    for key, c, fields, r in probe_targets(read_report(os.path.join(PROBE_DIR, name))):
        if len(r.get("units", [])) < 2:
            continue
        label = c if not r["anonymous"] else "%s (anonymous, line %d)" % (c, r["line"])
        if r["reason"] != "marked":
            label += " (fptrs)"
        recs.append((label, r))
    return recs


def real_unit_offsets(r):
    """Byte offset of every unit in a report record (a run: its first
    bit-field's byte, rounded down to the run's alignment)."""
    res = []
    for f0, size, align, run, _ in r["units"]:
        o = r["fields"][f0]["bit_offset"] // 8
        res.append(o - o % align if run else o)
    return res


def crosscheck_ours(report, mode, seed):
    """Units whose modelled offset (host tool, @seed) differs from the
    compiler's (the report of a compilation with @seed): (checked, bad)."""
    recs = [r for r in read_report(report) if r["reason"] == "marked"]
    runs = ours_runs(recs, mode, ["-s", seed])
    checked = bad = 0
    for r, rows in zip(recs, runs):
        real = real_unit_offsets(r)
        checked += len(real)
        bad += sum(1 for a, b in zip(real, rows[0][2]) if a != b)
    return checked, bad


def cmd_measure(args):
    """Per-member offset distributions over BENCH_STRENGTH_SEEDS seeds for
    ours (full, performance), mainline (full, performance) and Clang, and
    per-structure layout entropies; written to probe/strength.json."""
    import random
    n = int(args[0]) if args else STRENGTH_SEEDS
    full = marked_records("report-ours-full.jsonl")
    if not full:
        die("the probe's reports carry no units: the kit tree's plugin predates "
            "them; rerun the probe with BENCH_PLUGIN=kit (or regenerate patches/)")
    perf = {(r["struct"], r["line"]): r for _, r in marked_records("report-ours-perf.jsonl")}
    recs = [r for _, r in full]
    of = ours_runs(recs, 0, ["-n", str(n)])
    op = ours_runs([perf[(r["struct"], r["line"])] for r in recs], 1, ["-n", str(n)])
    exact = ours_exact(recs)
    rng = random.Random("randstruct bench models")
    out = []
    support = defaultdict(list)
    for i, (label, r) in enumerate(full):
        units = r["units"]
        cb = clang_unit_buckets(r)
        models = {"mainline-full": mainline_full_order, "mainline-perf": mainline_perf_order,
                  "clang": lambda g, rr: clang_order(g, rr, cb),
                  "mainline-full-again": mainline_full_order}
        row = {"struct": label, "units": len(units), "size_before": r["size_before"],
               "names": [member_name(r, k) for k in range(len(units))],
               "runs": [u[3] for u in units], "members": {}, "sizes": {}}
        for v, rows in (("ours-full", of[i]), ("ours-perf", op[i])):
            row["members"][v] = member_stats([x[2] for x in rows], len(units))
            support[v].append([{x[2][k] for x in rows} for k in range(len(units))])
            row["sizes"][v] = max(x[1] for x in rows)
            row["retries-" + v] = sum(1 for x in rows if x[0] > 1)
        row["split-ours-full"] = [split_half_max([x[2] for x in of[i]], j)
                                  for j in range(len(units))]
        mexact = mainline_exact(units)
        row["exact-mainline-max"] = [max(d.values()) for d in mexact] if mexact else None
        row["places"] = places_at_zero_growth(r)
        for v, fn in models.items():
            draws = [seq_layout(fn(rng, r), units) for _ in range(n)]
            row["members"][v] = member_stats([d[0] for d in draws], len(units))
            support[v].append([{d[0][k] for d in draws} for k in range(len(units))])
            row["sizes"][v] = max(d[1] for d in draws)
            row["grown-" + v] = sum(1 for d in draws if d[1] > r["size_before"])
            if v == "mainline-full-again":
                row["split-mainline-again"] = [split_half_max([d[0] for d in draws], j)
                                               for j in range(len(units))]
        row["exact-ours-full"] = exact[i]
        row["zero-growth-max"] = zero_growth_max_bits(r)
        row["bound-ours-full"] = r["entropy_bits"]
        row["bound-ours-perf"] = perf[(r["struct"], r["line"])]["entropy_bits"]
        row["mainline-full-bits"] = log2fact(len(units))
        row["mainline-perf-bits"] = mainline_perf_bits(r)[0]
        row["clang-bits"] = log2fact(len(cb)) + sum(log2fact(len(x)) for k, x in cb if k == "b")
        out.append(row)
    p = subprocess.run([strength_tool(), "-e", "-n", str(n)],
                       input="\n".join(spec_of(r, 0) for r in recs) + "\n",
                       capture_output=True, text=True, check=True)
    for row, line in zip(out, p.stdout.splitlines()):
        row["estimate-ours-full"] = line.split()
    p = subprocess.run([strength_tool(), "-e", "-n", str(n)],
                       input="\n".join(spec_of(perf[(r["struct"], r["line"])], 1)
                                       for r in recs) + "\n",
                       capture_output=True, text=True, check=True)
    for row, line in zip(out, p.stdout.splitlines()):
        row["estimate-ours-perf"] = line.split()
    with open(os.path.join(PROBE_DIR, "strength.json"), "w") as f:
        json.dump({"seeds": n, "structs": out,
                   "support": model_support_check(full, support),
                   "crosscheck": crosscheck_sweep(full)}, f)


def model_support_check(full, samples):
    """The models against the compilers: for every seed the sweep compiled
    (bench/kbench.py seeds) and every probed member of a named structure,
    is the offset the compiler gave it among those the model produced over
    its draws?  Ours (the derivation itself) calibrates how much the
    finite number of draws alone misses.  -> {variant: (hits, checked)}"""
    try:
        with open(os.path.join(PROBE_DIR, "seeds.json")) as f:
            res = json.load(f)
    except OSError:
        return {}
    out = {}
    for v in ("ours-full", "ours-perf", "mainline-full", "mainline-perf", "clang"):
        hits = checked = 0
        for run in res.get(v, []):
            offs = run.get("offsets", {})
            for i, (label, r) in enumerate(full):
                if r["anonymous"]:
                    continue
                real = offs.get(sym(r["struct"]), {})
                for k, u in enumerate(r["units"]):
                    name = r["fields"][u[0]]["name"]
                    if u[3] or not name or name not in real:
                        continue
                    checked += 1
                    hits += real[name] in samples[v][i][k]
        out[v] = (hits, checked)
    return out


def crosscheck_sweep(full):
    """Ours: the host tool's offsets against the compiler's report for the
    sweep's seeds.  -> {mode: (units checked, units that differ, of which
    in structures with bit-field runs)}"""
    out = {}
    try:
        with open(os.path.join(PROBE_DIR, "seeds.json")) as f:
            res = json.load(f)
    except OSError:
        return out
    for v, mode in (("ours-full", 0), ("ours-perf", 1)):
        checked = bad = bad_runs = 0
        for i, run in enumerate(res.get(v, []), 1):
            rep = os.path.join(PROBE_DIR, "seed%d" % i, "report-%s.jsonl" % v)
            if not os.path.exists(rep) or "seed" not in run:
                continue
            recs = [r for r in read_report(rep) if r["reason"] == "marked"
                    and "units" in r]
            rows = ours_runs(recs, mode, ["-s", run["seed"]])
            for r, x in zip(recs, rows):
                real = real_unit_offsets(r)
                diff = sum(1 for a, b in zip(real, x[0][2]) if a != b)
                checked += len(real)
                bad += diff
                if any(u[3] for u in r["units"]):
                    bad_runs += diff
        out[v] = (checked, bad, bad_runs)
    return out


def member_name(r, k):
    f0 = r["units"][k][0]
    f = r["fields"][f0]
    if r["units"][k][3]:
        return "bits:" + ",".join(x["name"] or ":0" for x in r["fields"][f0:]
                                  if x["bitfield"])[:40]
    return f["name"] or "(unnamed member %d)" % f0


IMPORTANT = ("cred", "task_struct", "file", "inode")


def below_mainline(h_ours, h_main, n, sigmas=2):
    """Is ours' min-entropy below mainline's beyond sampling noise?  Both
    come from n draws: compare the likeliest offsets' probabilities."""
    p1, p2 = 2 ** -h_ours, 2 ** -h_main
    return p1 - p2 > sigmas * math.sqrt(p1 * (1 - p1) / n + p2 * (1 - p2) / n)


def is_named(label):
    base = label.split()[0]
    return base in IMPORTANT or base.endswith("_operations") or base.endswith("_ops")


def sharp_below(p_half, p_exact, n, sigmas=2):
    """Ours' split-half probability (n / 2 draws) above mainline's exact
    one by more than @sigmas standard errors?"""
    half = n - n // 2
    return p_half - p_exact > sigmas * math.sqrt(max(p_half * (1 - p_half), 1e-12) / half)


def sharp_test(data):
    """The member test with mainline full computed exactly and ours'
    likeliest offset taken on a split half, and the members no zero-growth
    layout can bring to mainline's level."""
    n = data["seeds"]
    rows = [r for r in data["structs"] if r.get("exact-mainline-max")]
    if not rows:
        return []
    members = below = out_of_reach = floor = floor_named = 0
    named, unreachable = [], []
    for row in rows:
        exact, places = row["exact-mainline-max"], row["places"]
        bad = [i for i in range(row["units"])
               if sharp_below(row["split-ours-full"][i], exact[i], n)]
        gone = [i for i in range(row["units"]) if 1.0 / places[i] > exact[i]]
        members += row["units"]
        below += len(bad)
        out_of_reach += len(gone)
        if gone:
            unreachable.append("%s %d" % (row["struct"], len(gone)))
        if is_named(row["struct"]) and bad:
            named.append("%s: %s" % (row["struct"], ", ".join(
                row["names"][i] + (" (out of reach)" if i in gone else "") for i in bad)))
        again = row.get("split-mainline-again")
        if again:
            noise = sum(1 for i in range(row["units"]) if sharp_below(again[i], exact[i], n))
            floor += noise
            floor_named += noise if is_named(row["struct"]) else 0
    return ["", "The sharp test, for the %d structures (%d members) whose mainline "
            "full offset distributions are computed exactly (dynamic programming over "
            "how many units of each shape are placed and the offset reached, "
            "`mainline_exact()`; the rest, task_struct among them, only have the "
            "sampled test above): ours' likeliest offset is chosen on the first half "
            "of its %d draws and its probability measured on the second half, then "
            "compared with mainline's exact maximum (two standard errors).  Not "
            "below: %d of %d (%.1f%%).  Out of reach of any zero-growth layout (a "
            "member that fits at only k offsets of the declaration's size has a "
            "likeliest offset of probability 1/k at least, above mainline's, which "
            "grows the structure): %d members (%s).  Below in cred, task_struct, "
            "file, inode and the ops tables: %s.  The test's false alarms, mainline "
            "full's own second set of draws in ours' place: %d members, %d of them "
            "in the named structures." % (
                len(rows), members, n, members - below, members,
                100.0 * (members - below) / members, out_of_reach,
                ", ".join(unreachable) if unreachable else "none",
                "; ".join(named) if named else "none", floor, floor_named)]


def table_measured():
    with open(os.path.join(PROBE_DIR, "strength.json")) as f:
        data = json.load(f)
    n = data["seeds"]
    vs = ("ours-full", "ours-perf", "mainline-full", "mainline-perf", "clang")
    out = ["Measured over %d seeds (ours: `sha256(\"randstruct strength seed I\")` "
           "through the plugin's derivation code built as a host tool, "
           "bench/rs-strength.c; mainline and Clang: their algorithms modelled, "
           "bench/kbench.py, same units).  Per structure: mean over its members "
           "(fields, unnamed members, bit-field runs) of the min-entropy of the "
           "member's byte offset, −log2 of its likeliest offset; then the layout "
           "entropy: exact where it can be computed (ours full: every order of "
           "up to 10 units enumerated; mainline full log2(n!), mainline perf and "
           "Clang from their draws, all distinct layouts), otherwise estimated "
           "from the seeds (± two standard errors; see the notes below); and "
           "the most any zero-growth scheme could reach (log2 of the number of "
           "unit orders that do not grow the structure, up to 12 units)." % n, "",
           "| struct | units | min-entropy/member: ours full | ours perf | mainline full "
           "| mainline perf | Clang | ours full below mainline full (members) "
           "| layout bits: ours full | ours perf | mainline full | mainline perf | Clang "
           "| zero-growth max | ours full, documented lower bound |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    tot = defaultdict(float)
    members = below = strict = three = 0
    imp_below, zgap = [], []
    floor = floor_imp = 0
    for row in sorted(data["structs"], key=lambda x: x["struct"]):
        m = row["members"]
        k = row["units"]
        means = {v: sum(x[0] for x in m[v]) / k for v in vs}
        bad = [row["names"][i] for i in range(k)
               if below_mainline(m["ours-full"][i][0], m["mainline-full"][i][0], n)]
        strict += sum(1 for i in range(k)
                      if m["ours-full"][i][0] < m["mainline-full"][i][0])
        three += sum(1 for i in range(k) if below_mainline(
            m["ours-full"][i][0], m["mainline-full"][i][0], n, 3))
        members += k
        below += len(bad)
        important = is_named(row["struct"])
        again = m.get("mainline-full-again")
        if again:
            noise = sum(1 for i in range(k) if below_mainline(
                again[i][0], m["mainline-full"][i][0], n))
            floor += noise
            floor_imp += noise if important else 0
        zg = row["zero-growth-max"]
        if bad and important:
            imp_below.append("%s: %s" % (row["struct"], ", ".join(bad)))
        ex, es = row["exact-ours-full"], row.get("estimate-ours-full")
        if ex:
            of = "%.1f" % ex[0]
        elif es and es[0] != "-":
            of = "%.1f ± %.1f" % (float(es[0]), 2 * float(es[1]))
        else:
            of = "≥ %.1f" % row["bound-ours-full"]
        tot["layout-ours"] += ex[0] if ex else float(es[0]) if es and es[0] != "-" else 0
        tot["bound-ours"] += row["bound-ours-full"]
        tot["layout-mf"] += row["mainline-full-bits"]
        tot["layout-mp"] += row["mainline-perf-bits"]
        tot["layout-cl"] += row["clang-bits"]
        if zg is not None and ex:
            zgap.append("%s %.1f of %.1f" % (row["struct"], ex[0], zg))
        ep = row.get("estimate-ours-perf")
        if ep and ep[0] != "-":
            op = "%.1f ± %.1f" % (float(ep[0]), 2 * float(ep[1]))
            tot["layout-ours-perf"] += float(ep[0])
        else:
            op = "≥ %.1f" % row["bound-ours-perf"]
        out.append("| %s | %d | %s | %d | %s | %s | %.1f | %.1f | %.1f | %s | %.1f |" % (
            row["struct"], k, " | ".join("%.2f" % means[v] for v in vs), len(bad),
            of, op, row["mainline-full-bits"],
            row["mainline-perf-bits"], row["clang-bits"],
            "%.1f" % zg if zg is not None else "—", row["bound-ours-full"]))
        for v in vs:
            tot[v] += sum(x[0] for x in m[v])
    out.append("| **all members** | %d | %s | **%d** | **%.0f** | **%.0f** | **%.0f** | **%.0f** | **%.0f** | | **%.0f** |" % (
        members, " | ".join("**%.2f**" % (tot[v] / members) for v in vs), below,
        tot["layout-ours"], tot["layout-ours-perf"], tot["layout-mf"], tot["layout-mp"],
        tot["layout-cl"], tot["bound-ours"]))
    out += ["", "Ours full, layout entropy: exact (all orders enumerated) up to 10 "
            "units, otherwise estimated from the %d seeds as the mean of −log2 P(y), "
            "P(y) from the number of orders whose repair gives the seed's layout (counted "
            "exactly by dynamic programming over the classes of alike units, "
            "bench/rs-strength.c `-e`; an overestimate, so the entropy is if anything "
            "low), ± two standard errors; sum %.0f bits, against %.0f for the documented "
            "lower bound.  Where the zero-growth maximum is known, ours full reaches: %s." % (
                n, tot["layout-ours"], tot["bound-ours"],
                ", ".join(zgap) if zgap else "—")]
    out += ["", "Members whose min-entropy under ours full is not significantly below "
            "mainline full's (the likeliest offset's probability, estimated from %d "
            "draws each, higher under ours by more than two standard errors counts "
            "as below): %d of %d (%.1f%%); below by more than three standard "
            "errors: %d; strictly below as estimated, noise included: %d (with "
            "equal distributions about half the members would be, and 2.3%% "
            "beyond two standard errors).  Below by more than two standard errors "
            "in cred, task_struct, file, inode and the ops tables: %s." % (
                n, members - below, members, 100.0 * (members - below) / members,
                three, strict, "; ".join(imp_below) if imp_below else "none")]
    out += sharp_test(data)
    if any("mainline-full-again" in row["members"] for row in data["structs"]):
        out += ["", "The same test between mainline full and a second, independent "
                "set of %d of its own draws (the test's false alarms, with no real "
                "difference): %d members below, %d of them in cred, task_struct, "
                "file, inode and the ops tables." % (n, floor, floor_imp)]
    grown = ["%s/%s" % (row["struct"], v) for row in data["structs"]
             for v in ("ours-full", "ours-perf") if row["sizes"][v] > row["size_before"]]
    out += ["", "Our modelled layouts that grow a structure, over all seeds: %s "
            "(the model rounds a bit-field run out to its own aligned unit where GCC "
            "packs it, so it can see growth the compiler does not: the compiled "
            "probe and the sweep, memory section, show none).  In the same model "
            "mainline full grows %d of %d structures for some seed, Clang %d." % (
                ", ".join(grown) if grown else "none",
                sum(1 for r in data["structs"] if r["grown-mainline-full"]),
                len(data["structs"]),
                sum(1 for r in data["structs"] if r["grown-clang"]))]
    cc = data.get("crosscheck") or {}
    if cc:
        out += ["", "Host tool against the compiler (the sweep's seeds, every unit of "
                "every marked structure the probe's reports list): %s." % "; ".join(
                    "%s: %d units, %d differ (%d of them in structures with bit-field "
                    "runs, which GCC packs where the model does not)" % (
                        v, c[0], c[1], c[2]) for v, c in cc.items())]
    sup = data.get("support") or {}
    if sup:
        out += ["", "Models against the compilers: of the probed members of the named "
                "structures, for every seed of the sweep, the share whose compiled "
                "offset is among the offsets the model (or, for ours, the derivation "
                "itself) produced over its %d draws: %s." % (n, "; ".join(
                    "%s %d/%d (%.1f%%)" % (LABEL[v], h, c, 100.0 * h / c if c else 0)
                    for v, (h, c) in sup.items()))]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- seeds

def mainline_plugin_for(seed, d):
    """Mainline's plugin rebuilt with another compiled-in seed (kbuild's
    own g++ command, the seed header taken from directory @d)."""
    so = os.path.join(d, "randomize_layout_plugin.so")
    if os.path.exists(so):
        return so
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "randomize_layout_seed.h"), "w") as f:
        f.write('const char *randstruct_seed = "%s";\n' % seed)
    out = outdir("mainline-full")
    with open(os.path.join(out, "scripts/gcc-plugins/.randomize_layout_plugin.so.cmd")) as f:
        cmd = re.match(r"^savedcmd_\S+ := (.*)$", f.readline().rstrip("\n")).group(1)
    argv = shlex.split(cmd)
    argv = [a for a in argv if not a.startswith("-Wp,-MMD")]
    j = argv.index("-o")
    argv[j + 1] = so
    argv.insert(1, "-I" + d)
    subprocess.run(NICE + argv, cwd=out, check=True)
    return so


def seeded_argv(variant, seed, d):
    return reseed(variant, compile_argv(variant, "kernel/fork.o"), seed, d)


def reseed(variant, argv, seed, d):
    """VARIANT's command @argv for another seed (mainline's plugin rebuilt
    for it in directory @d)."""
    if variant.startswith("ours"):
        return reseed_ours(argv, seed, outdir(variant))
    res = []
    for a in argv:
        if variant.startswith("mainline") and a.startswith("-fplugin="):
            a = "-fplugin=" + mainline_plugin_for(seed, d)
        elif variant == "clang" and a.startswith("-frandomize-layout-seed-file="):
            a = "-frandomize-layout-seed=" + seed
        res.append(a)
    return res


def cmd_seeds(args):
    """sizeof totals of the marked structs over N more seeds."""
    n = int(args[0]) if args else 5
    targets = marked_targets()
    marked = sorted({c for key, c, fields, r in targets if r["reason"] == "marked"})
    data = load_probe()
    base = {v: sum(data[v]["sizes"][sym(c)] for c in marked) for v in data}
    res = {}
    for i in range(1, n + 1):
        seed = sweep_seed(i)
        d = os.path.join(PROBE_DIR, "seed%d" % i)
        for v in ("mainline-full", "mainline-perf", "clang", "ours-full", "ours-perf"):
            tree = "kit" if v.startswith("ours") else "pristine"
            src = os.path.join(PROBE_DIR, "probe-%s.c" % tree)
            obj = os.path.join(d, "probe-%s.o" % v)
            os.makedirs(d, exist_ok=True)
            argv = retarget(seeded_argv(v, seed, d), src, obj, obj[:-2] + ".d")
            argv = [a for a in argv if not a.startswith("-DKBUILD_") and
                    not a.startswith("-D__KBUILD_MODNAME")]
            argv += ["-DKBUILD_MODNAME=\"probe\"", "-DKBUILD_BASENAME=\"probe\"",
                     "-Wno-missing-prototypes", "-Wno-unused"]
            if v.startswith("ours"):
                rep = os.path.join(d, "report-%s.jsonl" % v)
                if os.path.exists(rep):
                    os.unlink(rep)
                argv.append(PLUGIN_ARG + "report=" + rep)
            sys.stderr.write("  SEED%-4d %s\n" % (i, v))
            p = subprocess.run(NICE + argv, cwd=outdir(v), capture_output=True, text=True)
            if p.returncode != 0:
                die("seeded probe failed for %s:\n%s" % (v, p.stderr[-3000:]))
            nm = subprocess.run(["nm", "-S", obj], capture_output=True, text=True, check=True)
            sizes, offs = {}, {}
            for line in nm.stdout.splitlines():
                parts = line.split()
                if len(parts) == 4 and parts[3].startswith("rs_sz__"):
                    sizes[parts[3][7:]] = int(parts[1], 16)
                elif len(parts) == 4 and parts[3].startswith("rs_of__"):
                    c, fl = parts[3][7:].split("__", 1)
                    offs.setdefault(c, {})[fl] = int(parts[1], 16) - 1
            bl = data[BASELINE[v]]["sizes"]
            res.setdefault(v, []).append({
                "seed": seed, "offsets": offs,
                "total": sum(sizes[sym(c)] for c in marked),
                "grown": sorted("%s %+d" % (c, sizes[sym(c)] - bl[sym(c)]) for c in marked
                                if sizes[sym(c)] > bl[sym(c)]),
                "task_struct": sizes[sym("task_struct")] - bl[sym("task_struct")],
                "file": sizes[sym("file")] - bl[sym("file")]})
    res["_base"] = {v: base[v] for v in base}
    res["_n"] = len(marked)
    with open(os.path.join(PROBE_DIR, "seeds.json"), "w") as f:
        json.dump(res, f, indent=1)


def table_seeds():
    with open(os.path.join(PROBE_DIR, "seeds.json")) as f:
        res = json.load(f)
    base = res["_base"]
    out = ["Seed sweep: the same %d structures with %d further seeds "
           "(`sha256(\"randstruct bench seed I\")`), total bytes vs the "
           "declaration-order total, task_struct and file deltas, and how many "
           "structures grew:" % (res["_n"], len(res["ours-full"])), "",
           "| variant | total delta per seed | task_struct | file | structs grown per seed |",
           "|---|---|---|---|---|"]
    for v in ("mainline-full", "mainline-perf", "clang", "ours-full", "ours-perf"):
        b = base[BASELINE[v]]
        rows = res[v]
        out.append("| %s | %s | %s | %s | %s |" % (
            LABEL[v], ", ".join("%+d" % (r["total"] - b) for r in rows),
            ", ".join("%+d" % r["task_struct"] for r in rows),
            ", ".join("%+d" % r["file"] for r in rows),
            ", ".join(str(len(r["grown"])) for r in rows)))
    pairs = sweep_pairs(res, load_probe())
    out += ["", "Same-line member pairs (named, non-bit-field top-level fields "
            "that started in one 64-byte line of the declaration-order build) "
            "still in one line, over every marked structure and all %d seeds (the "
            "bench seed and the sweep): %s." % (
                pairs["ours-perf"][2], "; ".join(
                    "%s %d/%d (%.1f%%)" % (LABEL[v], k, t, 100.0 * k / t if t else 0)
                    for v, (k, t, _) in pairs.items()))]
    return "\n".join(out) + "\n"


def sweep_pairs(res, data):
    """Same-line pairs kept per variant, over every structure and seed of
    the sweep (plus the bench seed's probe): (kept, pairs, seeds)."""
    out = {}
    targets = [(c, fields) for key, c, fields, r in marked_targets()
               if r["reason"] == "marked"]
    for v in ("mainline-full", "mainline-perf", "clang", "ours-full", "ours-perf"):
        runs = [data[v]["offsets"]] + [x["offsets"] for x in res.get(v, [])
                                       if "offsets" in x]
        kept = total = 0
        for offs in runs:
            for c, fields in targets:
                before = line_pairs(data[BASELINE[v]]["offsets"].get(sym(c), {}), fields)
                after = line_pairs(offs.get(sym(c), {}), fields)
                kept += len(before & after)
                total += len(before)
        out[v] = (kept, total, len(runs))
    return out


def table_coverage(report_path):
    """What the whole-kernel build's layout report says about every
    randomized structure of the configuration, against the probe."""
    rep = read_report(report_path)
    by = {}
    for r in rep:
        key = (r["struct"] or "(anonymous)", r["file"], r["line"])
        by.setdefault(key, r)
    marked = {k: r for k, r in by.items() if r["reason"] == "marked"}
    fnptr = {k: r for k, r in by.items() if r["reason"] != "marked"}
    probed = set()
    try:
        probed = {(r["struct"] or "(anonymous)", r["line"]) for r in
                  read_report(os.path.join(PROBE_DIR, "report-ours-full.jsonl"))}
    except OSError:
        pass
    missing = sorted("%s (%s:%d)" % (k[0], os.path.relpath(k[1], BENCH_DIR), k[2])
                     for k in marked if (k[0], k[2]) not in probed)
    grown = sorted("%s %d->%d" % (k[0], r["size_before"], r["size_after"])
                   for k, r in by.items() if r["size_after"] > r["size_before"])
    sb = sum(r["size_before"] for r in marked.values())
    sa = sum(r["size_after"] for r in marked.values())
    out = ["The layout report of the ours-full build (every randomized structure "
           "in every translation unit of this configuration) lists %d distinct "
           "structures: %d marked `__randomize_layout` (anonymous members "
           "included), %d randomized because they hold only function pointers." % (
               len(by), len(marked), len(fnptr)),
           "Sum of size_before / size_after over the marked ones: %d / %d bytes "
           "(%+d).  Structures with size_after > size_before: %s." % (
               sb, sa, sa - sb, ", ".join(grown) if grown else "**none**"),
           "Marked structures the memory probe does not cover (defined in .c "
           "files or private headers): %s." % (", ".join(missing) if missing else "none")]
    return "\n".join(out) + "\n"


def cmd_tables(args):
    what = args[0]
    if what == "coverage":
        sys.stdout.write(table_coverage(args[1]))
        return
    fn = {"compile": table_compile, "memory": table_memory,
          "strength": table_strength, "seeds": table_seeds,
          "measured": table_measured}[what]
    sys.stdout.write(fn())


def main():
    if len(sys.argv) < 2:
        die(__doc__)
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "compile":
        cmd_compile(args)
    elif cmd == "profile":
        cmd_profile(args)
    elif cmd == "probe":
        cmd_probe(args)
    elif cmd == "tables":
        cmd_tables(args)
    elif cmd == "seeds":
        cmd_seeds(args)
    elif cmd == "measure":
        cmd_measure(args)
    elif cmd == "probe-headers-all":
        for h in randstruct_headers(os.path.join(BENCH_DIR, "src", "pristine")):
            if h not in SKIP_HEADERS:
                print(h)
    elif cmd == "builds":
        print(" ".join(BUILDS))
    elif cmd == "variant":
        # VARIANT tree|compiler|config: for bench/lib.sh
        r = VARIANTS.get(args[0]) or die("unknown variant '%s' (one of: %s)"
                                         % (args[0], " ".join(VARIANTS)))
        print("\n".join(r.config) if args[1] == "config" else getattr(r, args[1]))
    elif cmd == "real-variant":
        # the kbuild output directory a (pseudo) variant's command comes from
        print(build_of(args[0]))
    elif cmd == "argv":
        print(" ".join(shlex.quote(a) for a in compile_argv(args[0], args[1])))
    else:
        die("unknown command %s" % cmd)


if __name__ == "__main__":
    main()
