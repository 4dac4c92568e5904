#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Same seed, same layouts, same bits: "make clean" keeps the seed, and a
# rebuild of kernel A (KBUILD_BUILD_TIMESTAMP/USER/HOST/VERSION pinned by
# lib.sh) gives a bit-identical vmlinux and bzImage, the same pahole
# layouts and the same layout report.  The rebuild is distributed: ccache
# in front of icecream, whose scheduler sends the compilations to a
# second daemon in another network namespace (tests/kernel/icecream.sh);
# the compiler command lines name no file the remote node lacks.  It
# leaves ccache filled with A's objects for manual/85-rebuild.t.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }
# shellcheck source=tests/kernel/icecream.sh
. "$(dirname "$0")/icecream.sh" || bail "tests/kernel/icecream.sh missing"

plan 9

ensure_build A "$SEED_A"
out=$(out_dir A)
keep=$KDIR/repro
rm -rf "$keep"
mkdir -p "$keep"
cp "$out/vmlinux" "$keep/vmlinux"
cp "$out/arch/x86/boot/bzImage" "$keep/bzImage"
pahole_struct A task_struct >"$keep/task_struct.1"
pahole_struct A cred >"$keep/cred.1"
cp "$out/randstruct-layout.jsonl" "$keep/report"
randomized_layouts "$out" "$keep/report" >"$keep/layouts.1"

make -s -C "$SRC" O="$out" clean
check "make clean removed vmlinux" test ! -e "$out/vmlinux"
check "make clean kept the seed" \
	test "$(cat "$out/scripts/basic/randstruct.seed")" = "$SEED_A"
rm -f "$out/randstruct-layout.jsonl" "$out/.randstruct-report-build"

trap 'icecream_down' EXIT
icecream_up "$KDIR/icecream" || bail "cannot start the icecream farm"
rm -rf "$KDIR/ccache"
export CCACHE_DIR=$KDIR/ccache CCACHE_MAXSIZE=4G CCACHE_PREFIX=icecc
start=$(date +%s)
# No layout report: it names a local file (randstruct-kbuild.rst).
KERNEL_CC="ccache gcc" KERNEL_REPORT='' icecream_run \
	"$KIT/scripts/randstruct-kernel" build "$SRC" "$out" 4 | diag
echo "distributed rebuild took $(($(date +%s) - start))s" | diag
icecream_down
test -f "$out/vmlinux" || bail "the distributed rebuild failed, see $out/build.log"
objects=$(plugin_objects "$out" | wc -l)
remote=$(icecream_remote_jobs)
echo "icecream: $remote compile jobs on node-b, $(icecream_local_jobs) run locally; $objects objects compiled with the plugin" | diag
CCACHE_PREFIX='' ccache --print-stats | grep -E '^(cache_miss|direct_cache_hit|preprocessed_cache_hit)' | diag
check "icecream compiled at least 90% of the plugin objects on the other node ($remote of $objects)" \
	test "$((remote * 10))" -ge "$((objects * 9))" -a "$objects" -gt 500
paths=$(plugin_objects "$out" | sed 's|/\([^/]*\)$|/.\1.cmd|' |
	xargs grep -l 'randomize_layout_plugin-[a-z-]*=/' | wc -l)
check "no compiler command line gives the plugin a file ($paths do)" \
	test "$paths" = 0

check "rebuilt vmlinux is bit-identical" cmp -s "$keep/vmlinux" "$out/vmlinux"
check "rebuilt bzImage is bit-identical" cmp -s "$keep/bzImage" "$out/arch/x86/boot/bzImage"
pahole_struct A task_struct >"$keep/task_struct.2"
pahole_struct A cred >"$keep/cred.2"
check "pahole: task_struct layout identical after the rebuild" \
	cmp -s "$keep/task_struct.1" "$keep/task_struct.2"
check "pahole: cred layout identical after the rebuild" \
	cmp -s "$keep/cred.1" "$keep/cred.2"
randomized_layouts "$out" "$keep/report" >"$keep/layouts.2"
check "pahole: every randomized structure's layout identical after the rebuild ($(grep -c '^struct' "$keep/layouts.1") structures)" \
	cmp -s "$keep/layouts.1" "$keep/layouts.2"

done_testing
