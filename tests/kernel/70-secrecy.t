#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The seed's text (64 hex digits, either case) appears nowhere in what a
# build produces or prints: vmlinux, bzImage, modules, the layout report,
# the build log, the saved command lines (.cmd files) and the console.
# A hash of it and the layout version, its public name, does appear in
# vermagic.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 9

ensure_build A "$SEED_A"
out=$(out_dir A)
ko=$(ensure_module A)
upper=$(echo "$SEED_A" | tr a-f A-F)

absent() {
	local what=$1
	shift
	if [ $# -eq 0 ]; then
		not_ok "$what: nothing to check"
	elif grep -a -q -i -F -e "$SEED_A" -e "$upper" "$@"; then
		not_ok "$what: contains the seed"
	else
		ok "$what does not contain the seed ($# files)"
	fi
}

absent vmlinux "$out/vmlinux"
absent "the kernel image" "$out/$IMAGE"
mapfile -t kos < <(find "$out" "$(dirname "$ko")" -name '*.ko')
absent "the modules" "${kos[@]}"
absent "the layout report" "$out/randstruct-layout.jsonl"
absent "the build log" "$out/build.log"
mapfile -t cmds < <(find "$out" -name '.*.cmd' ! -path '*/scripts/basic/*')
absent "the saved compiler command lines" "${cmds[@]}"
absent "the boot console log" "$out/test-console.log"
check "the seed file is private (mode 600)" \
	test "$(stat -c %a "$out/scripts/basic/randstruct.seed")" = 600
check "the module's vermagic carries a hash of seed and layout version instead" \
	grep -a -q "RANDSTRUCT_$(vermagic_id "$SEED_A" "$(layout_version)")" "$ko"

done_testing
