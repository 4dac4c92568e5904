#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Layout truth at scale: for every structure the plugin randomized in the
# defconfig build (its layout report), every direct named member's offset
# as the compiler computes it (offsetof in a translation unit that saw
# it), as DWARF gives it (pahole) and as the kernel's own BTF gives it
# (bpftool on vmlinux's .BTF) equals the report's.

# shellcheck source=tests/defconfig/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/defconfig/lib.sh missing"; exit 1; }

plan 5

ensure_build A "$SEED_A"
out=$(out_dir A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$KIT/tests/kernel/layout-truth" "$out" "$(tree_report A)" >"$tmp/truth" 2>&1
rc=$?
grep -v '^truth: ' "$tmp/truth" | head -20 | diag
grep '^truth: ' "$tmp/truth" | diag
[ "$rc" -le 1 ] || bail "layout-truth failed: $(tail -3 "$tmp/truth")"

count() {
	truth_count "$tmp/truth" "$1"
}
echo "$(count dwarf_missing) structures are in no debug information of vmlinux" \
	"(types that are declared but never used: DWARF and BTF leave them" \
	"out); the probe checks them" | diag
n=$(count structures)
check "the compiler's offsetof agrees with the report on all $(count probe_members) members of all $n structures" \
	test "$n" -gt 100 -a "$(count probe_structs)" = "$n" -a "$(count probe_disagree)" = 0
check "DWARF (pahole) agrees on all $(count dwarf_members) members of the $(count dwarf_structs) structures vmlinux describes" \
	test "$(count dwarf_structs)" -gt 50 -a "$(count dwarf_disagree)" = 0
check "the kernel's BTF (bpftool) agrees on all $(count btf_members) members of the $(count btf_structs) structures it describes" \
	test "$(count btf)" = 1 -a "$(count btf_structs)" -gt 50 -a "$(count btf_disagree)" = 0
check "BTF describes every structure DWARF does ($(count btf_structs) of $(count dwarf_structs))" \
	test "$(count btf_structs)" = "$(count dwarf_structs)"
check "no disagreement at all, every structure checked ($(count unchecked) left out)" \
	test "$rc" = 0 -a "$(count unchecked)" = 0

done_testing
