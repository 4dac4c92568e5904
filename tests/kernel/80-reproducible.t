#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Same seed, same layouts, same bits: "make clean" keeps the seed, and a
# rebuild of kernel A (KBUILD_BUILD_TIMESTAMP/USER/HOST/VERSION pinned by
# lib.sh) gives a bit-identical vmlinux and bzImage, the same pahole
# layouts and the same layout report.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 7

ensure_build A "$SEED_A"
out=$(out_dir A)
keep=$KDIR/repro
rm -rf "$keep"
mkdir -p "$keep"
cp "$out/vmlinux" "$keep/vmlinux"
cp "$out/arch/x86/boot/bzImage" "$keep/bzImage"
pahole_struct A task_struct >"$keep/task_struct.1"
pahole_struct A cred >"$keep/cred.1"
LC_ALL=C sort -u "$out/randstruct-layout.jsonl" >"$keep/report.1"

make -s -C "$SRC" O="$out" clean
check "make clean removed vmlinux" test ! -e "$out/vmlinux"
check "make clean kept the seed" \
	test "$(cat "$out/scripts/basic/randstruct.seed")" = "$SEED_A"
rm -f "$out/randstruct-layout.jsonl"

start=$(date +%s)
ensure_build A "$SEED_A"
echo "rebuild took $(($(date +%s) - start))s" | diag

check "rebuilt vmlinux is bit-identical" cmp -s "$keep/vmlinux" "$out/vmlinux"
check "rebuilt bzImage is bit-identical" cmp -s "$keep/bzImage" "$out/arch/x86/boot/bzImage"
pahole_struct A task_struct >"$keep/task_struct.2"
pahole_struct A cred >"$keep/cred.2"
check "pahole: task_struct layout identical after the rebuild" \
	cmp -s "$keep/task_struct.1" "$keep/task_struct.2"
check "pahole: cred layout identical after the rebuild" \
	cmp -s "$keep/cred.1" "$keep/cred.2"
LC_ALL=C sort -u "$out/randstruct-layout.jsonl" >"$keep/report.2"
check "the plugin's layout report is identical after the rebuild" \
	cmp -s "$keep/report.1" "$keep/report.2"

done_testing
