#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Never mix layouts, after 80-reproducible.t: there kernel B's tree was
# rebuilt after a plugin change; here the plugin is back as it was, and
# every object compiled with the plugin is rebuilt again, each one served
# by ccache, vmlinux bit-identical to the build before the change.  Then
# the seed changes to A's: every object is recompiled, none comes from
# the cache, and every randomized structure's layout is the clean build
# A's.  External module builds refuse a tree whose randstruct headers are
# missing or stale, naming the file.  An in-tree build (no O=) recompiles
# its objects after a plugin change too, and make clean keeps the seed.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 14

ensure_build A "$SEED_A"
out=$(out_dir B)
repro=$KDIR/repro
if [ ! -f "$out/vmlinux" ] || [ ! -f "$repro/vmlinux" ]; then
	bail "run 80-reproducible.t first: it leaves kernel B to rebuild"
fi
export KERNEL_CC="ccache gcc" KERNEL_REPORT=''
work=$KDIR/rebuild
rm -rf "$work"
mkdir -p "$work"
T=$(mktemp -d)
trap 'echo "$SEED_B" >"$out/scripts/basic/randstruct.seed"; rm -rf "$T"' EXIT

build_b() {
	"$KIT/scripts/randstruct-kernel" build "$SRC" "$out" "$JOBS" | diag
	[ -f "$out/vmlinux" ] || bail "kernel B did not build, see $out/build.log"
}

# step NAME: zero ccache's counters and stamp the time before a rebuild.
step() {
	ccache -z >/dev/null
	touch "$work/$1.stamp"
	sleep 1
}

# rebuilt STEP WHAT: rebuild B; RECOMPILED and OBJECTS count the plugin
# objects newer than STEP's stamp, HITS and MISSES are ccache's counters.
rebuilt() {
	build_b
	plugin_objects "$out" >"$T/objects"
	OBJECTS=$(wc -l <"$T/objects")
	RECOMPILED=$(while read -r o; do [ "$o" -nt "$work/$1.stamp" ] && echo; done \
		<"$T/objects" | wc -l)
	HITS=$(($(ccache_stat direct_cache_hit) + $(ccache_stat preprocessed_cache_hit)))
	MISSES=$(ccache_stat cache_miss)
	echo "$2: $RECOMPILED of $OBJECTS plugin objects recompiled; ccache $HITS hits, $MISSES misses" | diag
	check "$2: every object compiled with the plugin is rebuilt ($RECOMPILED of $OBJECTS)" \
		test "$RECOMPILED" = "$OBJECTS" -a "$OBJECTS" -gt 500
}

# 1. The plugin as it was before 80-reproducible.t changed it.
echo "$SEED_B" >"$out/scripts/basic/randstruct.seed"
step back
rebuilt back "plugin put back"
check "plugin put back: ccache serves every one of them ($HITS hits, $MISSES misses)" \
	test "$MISSES" = 0 -a "$HITS" -ge "$OBJECTS"
check "plugin put back: vmlinux is bit-identical to the build before the change" \
	cmp -s "$repro/vmlinux" "$out/vmlinux"

# 2. The seed changes to A's.
step seed
echo "$SEED_A" >"$out/scripts/basic/randstruct.seed"
rebuilt seed "seed change"
check "seed change: ccache misses every one of them ($MISSES misses)" \
	test "$MISSES" -ge "$OBJECTS"
randomized_layouts "$out" "$(tree_report A)" >"$work/layouts.b"
randomized_layouts "$(out_dir A)" "$(tree_report A)" >"$work/layouts.a"
check "seed change: every randomized structure's layout (pahole) is the clean build A's ($(grep -c '^struct' "$work/layouts.a") structures)" \
	test -s "$work/layouts.a" -a -z "$(cmp "$work/layouts.a" "$work/layouts.b" 2>&1)"

mod=$work/rsmod
mkdir -p "$mod"
cp "$KIT/boot/rsmod/rsmod.c" "$KIT/boot/rsmod/Kbuild" "$mod/"

# 3. External modules refuse missing or stale randstruct headers.
extmod() {
	make -s -C "$out" M="$mod" CC="$KERNEL_CC" modules >"$T/extmod.log" 2>&1
}
refuses() {
	local what=$1 pattern=$2
	if extmod; then
		not_ok "$what (the module built)"
	else
		check "$what" grep -q -- "$pattern" "$T/extmod.log"
		head -3 "$T/extmod.log" | diag
	fi
}
build_h=$out/scripts/gcc-plugins/randstruct_build.h
hash_h=$out/include/generated/randstruct_hash.h
mv "$build_h" "$T/build.h"
refuses "M= without randstruct_build.h stops, naming it" \
	"$build_h is missing"
sed 's/plugin=[0-9a-f]*/plugin=0000/' "$T/build.h" >"$build_h"
refuses "M= with a build header naming another plugin stops: stale" \
	"$build_h is stale"
mv "$T/build.h" "$build_h"
mv "$hash_h" "$T/hash.h"
refuses "M= without randstruct_hash.h stops, naming it" "$hash_h is missing"
sed '/LAYOUT_VERSION/d' "$T/hash.h" >"$hash_h"
refuses "M= with a hash header naming no layout version stops, naming it" \
	"$hash_h names no layout version"
mv "$T/hash.h" "$hash_h"
check "with the headers back, the external module builds again" extmod

# 4. In-tree (no O=): a hard-linked copy of the source, configured as A;
# files are replaced, never written in place.
it=$KDIR/intree
rm -rf "$it"
cp -al "$SRC" "$it"
cp "$out/.config" "$it/.config"
mkdir -p "$it/scripts/basic"
echo "$SEED_A" >"$it/scripts/basic/randstruct.seed"
unset KERNEL_CC
itmake() {
	make -C "$it" -j"$JOBS" "$@" >>"$it/build.log" 2>&1
}
if ! itmake olddefconfig || ! itmake kernel/fork.o; then
	bail "in-tree build of kernel/fork.o failed, see $it/build.log"
fi
touch "$work/intree.stamp"
sleep 1
il=$it/scripts/gcc-plugins/randstruct/rs_lists.c
cp "$il" "$il.new"
printf '\nconst char rs_rebuild_test_marker[] = "in-tree";\n' >>"$il.new"
mv "$il.new" "$il"
itmake kernel/fork.o
check "in-tree: a plugin change rebuilds the plugin and its build header" \
	test "$it/scripts/gcc-plugins/randstruct_build.h" -nt "$work/intree.stamp"
check "in-tree: and recompiles kernel/fork.o" \
	test "$it/kernel/fork.o" -nt "$work/intree.stamp"
itmake clean
check "in-tree: make clean removes the objects and keeps the seed" \
	test ! -e "$it/kernel/fork.o" -a \
	"$(cat "$it/scripts/basic/randstruct.seed" 2>/dev/null)" = "$SEED_A"
rm -rf "$it"

done_testing
