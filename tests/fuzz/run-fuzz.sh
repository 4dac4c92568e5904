#!/bin/bash
# Differential fuzzing of the randstruct plugin.
#
# usage: tests/fuzz/run-fuzz.sh [-n N] [-s START] [-j JOBS] [-p PLUGIN] [-c CC]
#                               [-w WORKDIR] [-f FAILDIR] [-q]
#
# For each program seed START..START+N-1: generate a random C program
# (tests/fuzz/gen.py), build it without the plugin at -O0 (the reference
# output) and -O2 (a generator self-check), then with the plugin under several
# seeds, at several optimization levels, in normal and performance mode.
# Every output must equal the reference; every compilation must succeed with
# nothing on stderr (-Werror, no ICE).  The layout the program observes
# (`prog probe`: offsetof/sizeof and bitfield positions) must match the
# plugin's layout report (check-report.py, which also checks the layout
# rules: bit-field runs whole and apart, flexible arrays last) and, for -g
# builds, the debug info (check-dwarf.py, gdb ptype /o); it must not depend
# on -O/-g; structs that are not randomized (and contain nothing randomized)
# must keep the reference layout.
#
# A failing program is kept in FAILDIR/prog-SEED with cmd.txt (the exact
# command lines, in order) and FAIL.txt (what went wrong).  Exit status is 1
# when anything failed, 2 on usage errors.
#
# Environment (the options win): N, START, JOBS, PLUGIN, FUZZ_CC or GCC or CC
# (the compiler, in that order; default gcc), FUZZ_WORK,
# FUZZ_FAILDIR, FUZZ_SEEDS (plugin seeds per program, 1-4, default 2),
# FUZZ_CFLAGS (default -Wall -Werror -Wno-packed-bitfield-compat -Wno-psabi),
# FUZZ_TIMEOUT (seconds per run, default 10), FUZZ_SMALL=1 (smaller programs),
# FUZZ_SELFCHECK=1 (always run the generator self-checks: -O2 and a
# source-shuffled variant without the plugin; by default only after a
# failure, to tell generator bugs from plugin bugs), FUZZ_SHUFFLE=0,
# FUZZ_TAP=1 (print one TAP line per program), FUZZ_KEEP=1 (keep passing
# programs in the work directory), FUZZ_REPORT=0 / FUZZ_DWARF=0 (skip the
# report / debug-info checks), FUZZ_GENOPTS (extra gen.py options, e.g.
# --nested-zero).

set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"

n=${N:-100}
start=${START:-1}
jobs=${JOBS:-1}
plugin=${PLUGIN:-$top/build/randomize_layout_plugin.so}
# the compiler must match the plugin: FUZZ_CC, else GCC (what the top-level
# Makefile exports along with PLUGIN), else CC, else gcc
cc=${FUZZ_CC:-${GCC:-${CC:-gcc}}}
work=${FUZZ_WORK:-}
faildir=${FUZZ_FAILDIR:-$top/build/fuzz-failures}
quiet=0

usage() {
    sed -n '4,5p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

while getopts 'n:s:j:p:c:w:f:qh' opt; do
    case $opt in
    n) n=$OPTARG ;;
    s) start=$OPTARG ;;
    j) jobs=$OPTARG ;;
    p) plugin=$OPTARG ;;
    c) cc=$OPTARG ;;
    w) work=$OPTARG ;;
    f) faildir=$OPTARG ;;
    q) quiet=1 ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage

isnum() {
    case $1 in
    '' | *[!0-9]*) return 1 ;;
    esac
    return 0
}
for v in "$n" "$start" "$jobs"; do
    isnum "$v" || {
        echo "run-fuzz: not a number: '$v'" >&2
        exit 2
    }
done
[ "$jobs" -ge 1 ] || jobs=1
nseeds=${FUZZ_SEEDS:-2}
if ! isnum "$nseeds" || [ "$nseeds" -lt 1 ] || [ "$nseeds" -gt 4 ]; then
    echo "run-fuzz: FUZZ_SEEDS must be 1..4" >&2
    exit 2
fi
timeout_s=${FUZZ_TIMEOUT:-10}
cflags=${FUZZ_CFLAGS:--Wall -Werror -Wno-packed-bitfield-compat -Wno-psabi}
read -r -a genopts <<<"${FUZZ_GENOPTS:-}"
[ "${FUZZ_SMALL:-0}" = 1 ] && genopts+=(--small)

case $plugin in
/*) ;;
*) plugin=$(pwd)/$plugin ;;
esac
if [ ! -f "$plugin" ]; then
    echo "run-fuzz: plugin not found: $plugin (build it with make)" >&2
    exit 2
fi
command -v python3 >/dev/null || {
    echo "run-fuzz: python3 is required" >&2
    exit 2
}
command -v "$cc" >/dev/null || {
    echo "run-fuzz: compiler not found: $cc" >&2
    exit 2
}

own_work=0
if [ -z "$work" ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/randstruct-fuzz.XXXXXX") || exit 2
    own_work=1
fi
mkdir -p "$work" "$faildir" || exit 2
faildir=$(cd "$faildir" && pwd)

parg=-fplugin-arg-randomize_layout_plugin
plugin_sum=$(sha256sum "$plugin" 2>/dev/null | cut -c1-16)

# ------------------------------------------------------------------ helpers

# log [-r REDIR] CMD...: append the command line to cmd.txt, shell-quoted,
# as run from the program directory (cmd.txt's own directory); commands for
# the source-shuffled variant run in its subdirectory.
log() {
    local redir=
    if [ "$1" = -r ]; then
        redir=" $2"
        shift 2
    fi
    local q
    q=$(printf '%q ' "$@")
    if [ -n "$logsub" ]; then
        printf '(cd %s && %s%s)\n' "$logsub" "${q% }" "$redir" >>"$logfile"
    else
        printf '%s%s\n' "${q% }" "$redir" >>"$logfile"
    fi
}

# compile NAME EXTRA-FLAGS...: build $dir/NAME from the three sources.
# Returns 0 when the build succeeded with an empty stderr.
# With NAME "mixed-...", each translation unit gets its own -O/-g (-O0 -g,
# -O2, -Os) and the objects are linked: layouts must agree across them.
compile() {
    local name=$1
    shift
    if [ "${name#*mixed}" != "$name" ]; then
        cc_step "$name" "$@" -O0 -g -c a.c -o "$name-a.o" &&
            cc_step "$name" "$@" -O2 -c b.c -o "$name-b.o" &&
            cc_step "$name" "$@" -Os -c probe.c -o "$name-p.o" &&
            cc_step "$name" "$name-a.o" "$name-b.o" "$name-p.o" -o "$name"
        return
    fi
    cc_step "$name" "$@" a.c b.c probe.c -o "$name"
}

# cc_step NAME ARGS...: one compiler run (with $cflags) for building NAME.
cc_step() {
    local name=$1
    shift
    local -a cmd
    # shellcheck disable=SC2206 # cflags is a list of words on purpose
    cmd=("$cc" $cflags "$@")
    log "${cmd[@]}"
    compilations=$((compilations + 1))
    (cd "$dir" && "${cmd[@]}") </dev/null >"$dir/$name.cc.out" 2>"$dir/$name.cc.err"
    local rc=$?
    if grep -q 'internal compiler error\|Segmentation fault\|Please submit a full bug report' "$dir/$name.cc.err"; then
        fail "ICE building $name: $(grep -m1 'internal compiler error\|Segmentation fault' "$dir/$name.cc.err")"
        return 1
    fi
    if [ $rc -ne 0 ]; then
        fail "compilation of $name failed (exit $rc): $(grep -m1 'error' "$dir/$name.cc.err")"
        return 1
    fi
    if [ -s "$dir/$name.cc.err" ]; then
        fail "compilation of $name printed diagnostics: $(head -n 1 "$dir/$name.cc.err")"
        return 1
    fi
    return 0
}

# run NAME OUT [ARG]: run $dir/NAME, stdout to $dir/OUT.
run() {
    local name=$1 out=$2
    shift 2
    log -r "> $out" timeout "$timeout_s" "./$name" "$@"
    (cd "$dir" && timeout "$timeout_s" "./$name" "$@") </dev/null >"$dir/$out" 2>"$dir/$out.err"
    local rc=$?
    if [ $rc -ne 0 ]; then
        fail "running ./$name${*:+ $*} failed (exit $rc)"
        return 1
    fi
    return 0
}

fail() {
    failed=1
    printf '%s\n' "$*" >>"$dir/FAIL.txt"
}

# layout lines of the structs whose layout must not change (class F)
fixed_lines() {
    grep '^[ZF] F ' "$1"
}

check_program() {
    local s=$1
    dir=$work/prog-$s
    failed=0
    rm -rf "$dir"
    mkdir -p "$dir"
    logfile=$dir/cmd.txt
    logsub=
    printf '# commands of fuzz program %s, run from this directory\n' "$s" >"$logfile"
    printf '# plugin %s sha256 %s; %s\n' "$plugin" "$plugin_sum" "$("$cc" --version | head -n 1)" >>"$logfile"
    log python3 "$here/gen.py" "$s" . "${genopts[@]}"
    if ! python3 "$here/gen.py" "$s" "$dir" "${genopts[@]}" 2>"$dir/gen.err"; then
        fail "generator failed: $(tail -n 1 "$dir/gen.err")"
        return
    fi
    # reference: no plugin, -O0
    compile ref -DFZ_NO_PLUGIN -O0 || return
    run ref ref.out || return
    run ref ref.probe probe || return
    if [ "${FUZZ_SELFCHECK:-0}" = 1 ]; then
        selfcheck "$s"
        [ "$failed" = 0 ] || return
    fi
    plugin_configs "$s"
    # a failure: tell whether the generator is to blame
    [ "$failed" = 0 ] || [ "${FUZZ_SELFCHECK:-0}" = 1 ] || selfcheck "$s"
}

# generator self-checks, without the plugin: the output must not depend on
# -O, nor on the source order of the fields of randomizable structs
selfcheck() {
    local s=$1
    if compile ref-O2 -DFZ_NO_PLUGIN -O2 && run ref-O2 ref-O2.out; then
        cmp -s "$dir/ref.out" "$dir/ref-O2.out" ||
            fail "GENERATOR: output differs between -O0 and -O2 without the plugin"
    fi
    if [ "${FUZZ_SHUFFLE:-1}" = 1 ]; then
        local sd=$dir/shuffled
        rm -rf "$sd"
        log python3 "$here/gen.py" "$s" shuffled --shuffle-source "${genopts[@]}"
        python3 "$here/gen.py" "$s" "$sd" --shuffle-source "${genopts[@]}" 2>>"$dir/gen.err"
        local odir=$dir prev=$failed
        dir=$sd
        logsub=shuffled
        failed=0
        compile shuf -DFZ_NO_PLUGIN -O1 && run shuf shuf.out
        local sfailed=$failed
        failed=$prev
        dir=$odir
        logsub=
        if [ -f "$sd/FAIL.txt" ]; then
            sed 's/^/shuffled source: /' "$sd/FAIL.txt" >>"$dir/FAIL.txt"
            failed=1
        fi
        if [ "$sfailed" = 0 ] && ! cmp -s "$dir/ref.out" "$sd/shuf.out"; then
            fail "GENERATOR: output of the source-shuffled program differs from the reference"
        fi
    fi
}

# the program built with the plugin: several seeds, -O levels, both modes
plugin_configs() {
    local s=$1
    local i=0 seed name mode opt
    local -a opts_rot=("-O1" "-Os" "-O3" "-O2 -g -gdwarf-4" "-O1 -g -gdwarf-5" "-O2 -flto"
        "-O2 -flto -g" "mixed")
    local -a seeds
    mapfile -t seeds <"$dir/seeds.txt"
    while [ "$i" -lt "$nseeds" ] && [ "$i" -lt "${#seeds[@]}" ]; do
        seed=${seeds[$i]}
        local -a configs
        if [ "$i" = 0 ]; then
            configs=("n|-O0 -g" "n|-O2" "p|-O2 -g" "p|-O0")
        else
            configs=("n|${opts_rot[$(((s + i) % ${#opts_rot[@]}))]}" "p|-O2")
        fi
        local c
        for c in "${configs[@]}"; do
            mode=${c%%|*}
            opt=${c#*|}
            name=s$i-$mode-$(printf '%s' "$opt" | tr -d ' =-')
            [ "$opt" = mixed ] && opt="-g"
            local -a pflags=("-fplugin=$plugin" "$parg-seed=$seed" "$parg-report=$name.report")
            [ "$mode" = p ] && pflags+=("$parg-performance-mode")
            rm -f "$dir/$name.report"
            # shellcheck disable=SC2086 # opt is a list of words
            compile "$name" "${pflags[@]}" $opt || continue
            run "$name" "$name.out" || continue
            cmp -s "$dir/ref.out" "$dir/$name.out" ||
                fail "MISCOMPILE: output of $name differs from the reference"
            run "$name" "$name.probe" probe || continue
            if ! cmp -s <(fixed_lines "$dir/ref.probe") <(fixed_lines "$dir/$name.probe"); then
                fail "LAYOUT: $name changed the layout of a struct that is not randomized"
            fi
            # layouts depend on seed and mode only, never on -O or -g
            local first=$dir/first-$i-$mode.probe
            if [ -f "$first" ]; then
                cmp -s "$first" "$dir/$name.probe" ||
                    fail "LAYOUT: $name's layout differs from $(cat "$first.name")'s (same seed and mode)"
            else
                cp "$dir/$name.probe" "$first"
                printf '%s\n' "$name" >"$first.name"
            fi
            if [ "${FUZZ_REPORT:-1}" = 1 ]; then
                log -r "> $name.rcheck" python3 "$here/check-report.py" "$name.probe" "$name.report"
                python3 "$here/check-report.py" "$dir/$name.probe" "$dir/$name.report" \
                    >"$dir/$name.rcheck" 2>&1
                case $? in
                0) report_ok=$((report_ok + 1)) ;;
                3) report_skip=$((report_skip + 1)) ;;
                *) fail "REPORT: $name: $(head -n 1 "$dir/$name.rcheck")" ;;
                esac
            fi
            # debug info must tell the truth (gdb ptype /o against the probe)
            case " $opt " in
            *" -g"*)
                if [ "${FUZZ_DWARF:-1}" = 1 ]; then
                    log -r "> $name.dcheck" python3 "$here/check-dwarf.py" "$name.probe" "$name"
                    python3 "$here/check-dwarf.py" "$dir/$name.probe" "$dir/$name" \
                        >"$dir/$name.dcheck" 2>&1
                    case $? in
                    0) dwarf_ok=$((dwarf_ok + 1)) ;;
                    3) ;;
                    *) fail "DWARF: $name: $(head -n 1 "$dir/$name.dcheck")" ;;
                    esac
                fi
                ;;
            esac
            # statistics: how many randomized layouts differ from the reference
            changed=$((changed + $(awk 'FNR == NR { if ($2 == "R") ref[$0] = 1; next }
                $2 == "R" && !($0 in ref) { diff[$3] = 1 }
                END { n = 0; for (k in diff) n++; print n }' "$dir/ref.probe" "$dir/$name.probe")))
            total=$((total + $(grep -c '^Z R ' "$dir/ref.probe")))
        done
        i=$((i + 1))
    done
}

# worker W: programs start+W, start+W+jobs, ...; writes its counters to a file
worker() {
    local w=$1 k s
    programs=0 compilations=0 failures=0 report_ok=0 report_skip=0 changed=0 total=0 dwarf_ok=0
    k=$w
    while [ "$k" -lt "$n" ]; do
        s=$((start + k))
        check_program "$s"
        programs=$((programs + 1))
        if [ "$failed" = 0 ]; then
            [ "${FUZZ_TAP:-0}" = 1 ] && tap_result ok $((k + 1)) "program $s"
            [ "${FUZZ_KEEP:-0}" = 1 ] || rm -rf "$dir"
        else
            failures=$((failures + 1))
            rm -rf "${faildir:?}/prog-$s"
            cp -r "$dir" "$faildir/prog-$s"
            if [ "${FUZZ_TAP:-0}" = 1 ]; then
                tap_result not_ok $((k + 1)) "program $s"
                diag <"$dir/FAIL.txt"
                diag "kept in $faildir/prog-$s"
            elif [ "$quiet" = 0 ]; then
                echo "FAIL program $s: $(head -n 1 "$dir/FAIL.txt") (kept in $faildir/prog-$s)"
            fi
        fi
        k=$((k + jobs))
    done
    echo "$programs $compilations $failures $report_ok $report_skip $changed $total $dwarf_ok" >"$work/counts-$w"
}

[ "${FUZZ_TAP:-0}" = 1 ] && plan "$n"
w=0
pids=()
while [ "$w" -lt "$jobs" ]; do
    worker "$w" &
    pids+=($!)
    w=$((w + 1))
done
for p in "${pids[@]}"; do
    wait "$p"
done

tp=0 tc=0 tf=0 tr=0 ts=0 tch=0 tt=0 td=0
w=0
while [ "$w" -lt "$jobs" ]; do
    if [ -f "$work/counts-$w" ]; then
        read -r a b c d e f g h <"$work/counts-$w"
        tp=$((tp + a)) tc=$((tc + b)) tf=$((tf + c)) tr=$((tr + d)) ts=$((ts + e))
        tch=$((tch + f)) tt=$((tt + g)) td=$((td + h))
    else
        tf=$((tf + 1))
    fi
    w=$((w + 1))
done
[ "$own_work" = 1 ] && [ "${FUZZ_KEEP:-0}" != 1 ] && rm -rf "$work"

msg="fuzz: $tp programs, $tc compilations, $tf failures"
msg="$msg (report checks: $tr ok, $ts skipped; debug info checks: $td ok;"
msg="$msg randomized layouts changed: $tch of $tt)"
if [ "${FUZZ_TAP:-0}" = 1 ]; then
    diag "$msg"
else
    echo "$msg"
fi
[ "$tf" -eq 0 ]
