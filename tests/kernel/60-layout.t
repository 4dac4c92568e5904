#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Layouts: task_struct's randomized region and struct cred differ between
# seeds A and B; pahole on vmlinux (DWARF) agrees member by member with the
# plugin's layout report (kernel A: B is built without one, see lib.sh);
# every translation unit saw the same layout; and task_struct's
# blocked/saved_sigmask stay adjacent and in order.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 10

ensure_build A "$SEED_A"
ensure_kernel_b
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for k in A B; do
	pahole_struct "$k" cred >"$tmp/cred.$k"
	pahole_struct "$k" task_struct >"$tmp/task.$k"
	pahole_members "$k" cred >"$tmp/pm-cred.$k"
	pahole_members "$k" task_struct comm >"$tmp/pm-task.$k"
done
report=$(tree_report A)
report_members "$report" cred >"$tmp/rm-cred.A"
report_members "$report" task_struct comm >"$tmp/rm-task.A"

check "struct cred: pahole layouts differ between seeds A and B" \
	test -s "$tmp/cred.A" -a -s "$tmp/cred.B" -a -n "$(cmp "$tmp/cred.A" "$tmp/cred.B" 2>&1)"
check "task_struct: member order of the randomized region differs between A and B" \
	test -n "$(cmp <(cut -d' ' -f1 "$tmp/pm-task.A") <(cut -d' ' -f1 "$tmp/pm-task.B") 2>&1)"
head -12 "$tmp/cred.A" | diag

n=$(wc -l <"$tmp/rm-cred.A")
missing=$(grep -c -v -F -x -f "$tmp/pm-cred.A" "$tmp/rm-cred.A")
grep -v -F -x -f "$tmp/pm-cred.A" "$tmp/rm-cred.A" | head -5 | diag
check "kernel A: pahole agrees with the report on all $n cred members" \
	test "$n" -gt 5 -a "$missing" = 0
n=$(wc -l <"$tmp/rm-task.A")
missing=$(grep -c -v -F -x -f "$tmp/pm-task.A" "$tmp/rm-task.A")
grep -v -F -x -f "$tmp/pm-task.A" "$tmp/rm-task.A" | head -5 | diag
check "kernel A: pahole agrees with the report on all $n members of task_struct's randomized region" \
	test "$n" -gt 50 -a "$missing" = 0
size_p=$(sed -n 's/.*\/\* size: \([0-9]*\),.*/\1/p' "$tmp/cred.A")
size_r=$($RSLAYOUT value "$report" size_after cred)
check "kernel A: cred size $size_p in pahole equals the report's size_after" \
	test -n "$size_p" -a "$size_p" = "$size_r"
distinct=$($RSLAYOUT fields "$report" cred | sort -u | wc -l)
tus=$(grep -c '"struct":"cred"' "$report")
check "kernel A: all $tus translation units saw the same cred layout" \
	test "$tus" -gt 10 -a "$distinct" = 1

for k in A B; do
	blocked=$(awk '/sigset_t[ \t]+blocked;/ { print $(NF - 2) }' "$tmp/task.$k")
	saved=$(awk '/sigset_t[ \t]+saved_sigmask;/ { print $(NF - 2) }' "$tmp/task.$k")
	check "kernel $k: saved_sigmask directly follows blocked ($blocked, $saved)" \
		test -n "$blocked" -a "$saved" = "$((blocked + 8))"
done
grep -B1 -A3 'sigset_t *blocked' "$tmp/task.A" | diag

check "the report for A names seed A's hash, never the seed" \
	test "$($RSLAYOUT value "$report" seed_sha256)" = "$(seed_hash "$SEED_A")"
check "cred and task_struct are marked randomized in the report" \
	test -n "$(grep '"struct":"cred"' "$report" | head -1)" -a \
	-s "$tmp/rm-task.A"

done_testing
