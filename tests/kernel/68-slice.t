#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A real-code slice of make check-defconfig that fits CI: the objects of
# tests/kernel/defconfig-slice.objs (defconfig code the small test
# configuration does not build: file systems, IPv4/IPv6, BPF, SELinux,
# network and USB drivers...), compiled with seed A in a defconfig +
# boot/defconfig.config tree: every object built with the plugin, no
# error, no internal compiler error, no randstruct warning under the kit's
# policy, and every randomized structure they define laid out once for all
# of them, none grown.  The objects are compiled again on every run.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 7

out=$KDIR/out-slice
log=$out/slice.log
report=$out/randstruct-layout.jsonl
mapfile -t objs < <(grep -v -e '^#' -e '^$' "$KIT/tests/kernel/defconfig-slice.objs")
lock_builds
ensure_src || bail "cannot prepare the patched source tree"
KERNEL_BASE_CONFIG=defconfig KERNEL_CONFIG_FRAGMENT=$KIT/boot/defconfig.config \
	"$KIT/scripts/randstruct-kernel" config "$SRC" "$out" | diag ||
	bail "configuring defconfig failed"
(cd "$out" && rm -f "${objs[@]}" "$report")
start=$(date +%s)
rc=0
KBUILD_RANDSTRUCT_SEED=$SEED_A make -C "$SRC" O="$out" -k -j"$JOBS" \
	KBUILD_RANDSTRUCT_REPORT="$report" "${objs[@]}" >"$log" 2>&1 || rc=$?
echo "slice: ${#objs[@]} objects listed, $(grep -c '^  CC ' "$log") compiled" \
	"in $(($(date +%s) - start))s (with the tree's preparation)" | diag

built=0
with=0
for o in "${objs[@]}"; do
	[ -s "$out/$o" ] && built=$((built + 1))
	grep -q -- '-fplugin=[^ ]*randomize_layout_plugin' \
		"$out/$(dirname "$o")/.$(basename "$o").cmd" 2>/dev/null && with=$((with + 1))
done
check "all ${#objs[@]} objects built ($built)" test "$built" = "${#objs[@]}"
check "all compiled with the plugin ($with)" test "$with" = "${#objs[@]}"
check "make finished without error (rc $rc)" test "$rc" = 0
grep -E 'error:' "$log" | head -20 | diag
ices=$(grep -c 'internal compiler error' "$log")
check "no internal compiler error ($ices)" test "$ices" = 0
warnings=$(grep -c 'warning: randstruct' "$log")
grep 'warning: randstruct' "$log" | sort | uniq -c | sort -rn | head -10 | diag
check "no randstruct warning under the kit's policy ($warnings)" test "$warnings" = 0
agree=$($RSLAYOUT agree "$report" 2>&1)
echo "$agree" | diag
definitions=$(echo "$agree" | sed -n 's/^agree: definitions=\([0-9]*\) .*/\1/p')
check "the slice's objects randomized structures (${definitions:-0} definitions)" \
	test "${definitions:-0}" -gt 100
check "each has one layout in every object that saw it, none grew" \
	test -n "$(echo "$agree" | grep ' disagree=0 grew=0 ')"

done_testing
