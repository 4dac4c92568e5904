#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Reproducible, and never two layouts, on 6.1's kbuild, on a sample of
# objects instead of a second kernel: a copy of the tree (hard links)
# and an output directory prepared with kernel A's configuration and seed
# (modules_prepare) compile the sample; compiled again they are
# bit-identical; after a plugin change that keeps every layout (a
# constant appended to rs_lists.c) every one of them is recompiled, the
# build header naming the new plugin, and bit-identical again.  As
# tests/kernel/80-reproducible.t does for a whole 6.12 kernel.

# shellcheck source=tests/kernel-6.1/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel-6.1/lib.sh missing"; exit 1; }

plan 6

ensure_build A "$SEED_A"
a=$(out_dir A)
src=$KDIR/linux-repro
out=$KDIR/out-repro
keep=$KDIR/repro
rm -rf "$src" "$out" "$keep"
mkdir -p "$out/scripts/basic" "$keep"
cp -al "$SRC" "$src"
cp "$a/.config" "$out/"
cp "$a/scripts/basic/randstruct.seed" "$out/scripts/basic/"
make -s -C "$src" O="$out" -j"$JOBS" modules_prepare >"$out/prepare.log" 2>&1 ||
	bail "modules_prepare failed, see $out/prepare.log"

# Objects of A compiled with the plugin that use randomized structures.
sample=()
for o in kernel/fork.o kernel/cred.o kernel/exit.o kernel/signal.o \
	 kernel/sched/core.o kernel/sys.o fs/namei.o fs/exec.o fs/open.o \
	 fs/file_table.o fs/inode.o mm/rmap.o mm/mmap.o mm/memory.o \
	 kernel/module/main.o lib/randstruct_kunit.o; do
	grep -q randomize_layout_plugin "$(dirname "$a/$o")/.$(basename "$o").cmd" \
		2>/dev/null && sample+=("$o")
done
n=${#sample[@]}
compile_sample() {
	make -s -C "$src" O="$out" -j"$JOBS" "${sample[@]}" >>"$out/sample.log" 2>&1
}
compile_sample || bail "the sample did not compile, see $out/sample.log"
for o in "${sample[@]}"; do
	mkdir -p "$keep/1/$(dirname "$o")"
	cp "$out/$o" "$keep/1/$o"
	rm -f "$out/$o"
done
compile_sample || bail "the sample did not compile again, see $out/sample.log"
# shellcheck disable=SC2317 # called through check
same() {
	local o
	for o in "${sample[@]}"; do
		cmp -s "$keep/1/$o" "$out/$o" || return 1
	done
}
# shellcheck disable=SC2317 # called through check
enough_and_same() {
	[ "$n" -ge 12 ] && same
}
check "$n objects compiled twice are bit-identical" enough_and_same

# Replace the file, never write it in place: the tree is hard-linked.
lists=$src/scripts/gcc-plugins/randstruct/rs_lists.c
cp "$lists" "$lists.new"
printf '\nconst char rs_rebuild_test_marker[] = "%s";\n' "$(date +%s%N)" >>"$lists.new"
rm -f "$lists"
mv "$lists.new" "$lists"
touch "$keep/stamp"
sleep 1
compile_sample || bail "the sample did not compile after the plugin change, see $out/sample.log"
recompiled=0
for o in "${sample[@]}"; do
	[ "$out/$o" -nt "$keep/stamp" ] && recompiled=$((recompiled + 1))
done
check "the plugin was rebuilt" \
	test "$out/scripts/gcc-plugins/randomize_layout_plugin.so" -nt "$keep/stamp"
check "the build header names the new plugin" \
	grep -q "plugin=$(sha256sum <"$out/scripts/gcc-plugins/randomize_layout_plugin.so" | cut -c1-64) " \
	"$out/scripts/gcc-plugins/randstruct_build.h"
check "plugin change: every object of the sample is recompiled ($recompiled of $n)" \
	test "$recompiled" = "$n"
check "and bit-identical: the plugin change kept every layout" same
check "kernel A's source tree kept its plugin" \
	test -z "$(grep rs_rebuild_test_marker "$SRC/scripts/gcc-plugins/randstruct/rs_lists.c")"
rm -rf "$src" "$out"

done_testing
