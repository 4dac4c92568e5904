#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Debug info tells the truth about every randomized structure of kernel A:
# for each structure of the plugin's layout report, every direct named
# member's offset as the compiler computes it (offsetof, compiled with
# kbuild's own command line for a translation unit that saw the
# structure), as DWARF gives it (pahole) and as BTF gives it (bpftool, on
# the kernel's own BTF when it was built with DEBUG_INFO_BTF, else on the
# BTF that pahole -J encodes from vmlinux as that step does) equals the
# report's (tests/kernel/layout-truth).

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 7

ensure_build A "$SEED_A"
out=$(out_dir A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$out/.config"; then
	btf=()
	echo "BTF: the kernel's own (DEBUG_INFO_BTF)" | diag
else
	cp "$out/vmlinux" "$tmp/vmlinux"
	pahole -J --btf_encode_detached="$tmp/vmlinux.btf" "$tmp/vmlinux" >"$tmp/pahole.log" 2>&1 ||
		bail "pahole -J could not encode BTF from vmlinux: $(tail -3 "$tmp/pahole.log")"
	btf=(--btf="$tmp/vmlinux.btf")
	echo "BTF: pahole -J on vmlinux (no DEBUG_INFO_BTF in this configuration)" | diag
fi
"$KIT/tests/kernel/layout-truth" "${btf[@]}" "$out" "$(tree_report A)" \
	>"$tmp/truth" 2>&1
rc=$?
grep -v '^truth: ' "$tmp/truth" | head -20 | diag
grep '^truth: ' "$tmp/truth" | tr ' ' '\n' | tail -n +2 | paste -sd' ' | diag
[ "$rc" -le 1 ] || bail "layout-truth failed: $(tail -3 "$tmp/truth")"

count() {
	truth_count "$tmp/truth" "$1"
}
n=$(count structures)
check "the compiler's offsetof agrees with the report on all $(count probe_members) members of all $n structures" \
	test "$n" -gt 50 -a "$(count probe_structs)" = "$n" -a "$(count probe_disagree)" = 0
check "DWARF (pahole) agrees on all $(count dwarf_members) members of the $(count dwarf_structs) structures vmlinux describes" \
	test "$(count dwarf_structs)" -gt 30 -a "$(count dwarf_disagree)" = 0
check "BTF (bpftool) agrees on all $(count btf_members) members of the $(count btf_structs) structures it describes" \
	test "$(count btf)" = 1 -a "$(count btf_structs)" -gt 30 -a "$(count btf_disagree)" = 0
check "BTF describes every structure DWARF does ($(count btf_structs) of $(count dwarf_structs))" \
	test "$(count btf_structs)" = "$(count dwarf_structs)"
check "every structure of the report was checked ($(count unchecked) left out)" \
	test "$(count unchecked)" = 0
check "no disagreement at all" test "$rc" = 0

# The check itself: a report in which cred's first two members swapped
# places must be caught by all three.
$RSLAYOUT swapped "$(tree_report A)" cred >"$tmp/swapped.jsonl"
"$KIT/tests/kernel/layout-truth" "${btf[@]}" "$out" "$tmp/swapped.jsonl" \
	>"$tmp/swapped" 2>&1
rc=$?
grep -v '^truth: ' "$tmp/swapped" | diag
check "a report with two members of cred swapped is caught by the probe, DWARF and BTF" \
	test "$rc" = 1 -a "$(grep -c '^\(probe\|dwarf\|btf\): struct cred .* disagrees on' "$tmp/swapped")" = 3

done_testing
