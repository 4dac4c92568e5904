#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the test kernels A and B (cached for the later tests) and check
# that every C object's command line carries its seed's hash, which is what
# makes kbuild rebuild everything when the seed changes.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 8

for k in A B; do
	seed_var=SEED_$k
	seed=${!seed_var}
	out=$(out_dir "$k")
	start=$(date +%s)
	ensure_build "$k" "$seed"
	echo "kernel $k ready after $(($(date +%s) - start))s" | diag
	check "kernel $k: bzImage and vmlinux built" \
		test -s "$out/arch/x86/boot/bzImage" -a -s "$out/vmlinux"
	check "kernel $k: randstruct_hash.h holds sha256 of seed $k" \
		grep -q "\"$(seed_hash "$seed")\"" "$out/include/generated/randstruct_hash.h"

	# C objects built into vmlinux, minus the vDSO and EFI stub opt-outs.
	find "$out" -name '.*.o.cmd' ! -path '*/vdso/*' ! -path '*/libstub/*' \
		! -path '*/scripts/*' ! -path '*/tools/*' ! -path '*/boot/*' \
		-exec grep -l '^savedcmd_.*gcc .* -c -o .*\.c$' {} + \
		2>/dev/null >"$out/.c-objects" || true
	total=$(wc -l <"$out/.c-objects")
	with=$(xargs -r grep -l "seed-hash=$(seed_hash "$seed")" <"$out/.c-objects" | wc -l)
	echo "kernel $k: $with of $total C objects carry the seed hash" | diag
	check "kernel $k: all $total C objects carry seed-hash of seed $k" \
		test "$total" -gt 100 -a "$with" = "$total"
	check "kernel $k: no vDSO object is compiled with the plugin" \
		test -z "$(grep -l randomize_layout_plugin "$out"/arch/x86/entry/vdso/.*.o.cmd 2>/dev/null)"
done

done_testing
