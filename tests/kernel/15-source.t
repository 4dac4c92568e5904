#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The source patches the kit carries, checked in the patched 6.12 tree:
# task_struct's blocked and saved_sigmask wrapped together inside the
# randomized region, the function-pointer tables that opt out, the
# randomization annotations being empty under sparse while
# __randomize_layout still implies __designated_init there, and the
# vermagic hook.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 9

lock_builds
ensure_src || bail "cannot prepare the patched source tree"

region=$(awk '/randomized_struct_fields_start/ { on = 1 } on { print } /randomized_struct_fields_end/ { on = 0 }' \
	"$SRC/include/linux/sched.h")
pair=$(echo "$region" | awk '/^\tstruct \{$/ { s = 1; body = ""; next }
	s && /^\t\};$/ { if (body ~ /blocked;.*saved_sigmask;/) print "pair"; s = 0; next }
	s && /sigset_t/ { body = body $2 }')
check "task_struct: blocked and saved_sigmask share an anonymous struct inside the randomized region" \
	test "$pair" = pair
check "task_struct: blocked is declared before saved_sigmask" \
	test -n "$(echo "$region" | tr -d '\n' | grep -o 'blocked;.*saved_sigmask;')"

for spec in "arch/x86/include/asm/paravirt_types.h:pv_cpu_ops" \
	    "arch/x86/include/asm/paravirt_types.h:pv_mmu_ops" \
	    "arch/arm/include/asm/cacheflush.h:cpu_cache_fns"; do
	f=${spec%%:*}
	s=${spec#*:}
	end=$(awk -v s="$s" '$0 ~ "^struct " s " \\{" { on = 1 } on && /^\}/ { print; exit }' "$SRC/$f")
	check "struct $s ($f) is __no_randomize_layout" \
		test -n "$(echo "$end" | grep __no_randomize_layout)"
done

cat >"$KDIR/checker.c" <<'C'
struct t { int a; int b; } __randomize_layout;
struct u { int a; } __no_randomize_layout;
struct v { randomized_struct_fields_start int a; randomized_struct_fields_end };
C
out=$(gcc -E -P -D__CHECKER__ -DRANDSTRUCT -I"$SRC/include" \
	-include "$SRC/include/linux/compiler-randstruct.h" "$KDIR/checker.c")
echo "$out" | diag
check "under __CHECKER__ the randomization annotations expand to nothing" \
	test -z "$(echo "$out" | grep -E 'randomize_layout|struct \{')"
check "under __CHECKER__ __randomize_layout still implies __designated_init (sparse checks it)" \
	test -n "$(echo "$out" | grep '^struct t .*__designated_init__')" -a \
	-z "$(echo "$out" | grep '^struct u .*__designated_init__')"
out=$(gcc -E -P -DRANDSTRUCT -I"$SRC/include" \
	-include "$SRC/include/linux/compiler-randstruct.h" "$KDIR/checker.c")
check "with RANDSTRUCT the annotations expand to the plugin's attributes" \
	test -n "$(echo "$out" | grep 'randomize_layout')" -a \
	-n "$(echo "$out" | grep '__designated_init__')"
check "vermagic appends RANDSTRUCT_<layout version>_<hash of seed and version>" \
	grep -q 'define MODULE_RANDSTRUCT "RANDSTRUCT_" RANDSTRUCT_LAYOUT_ID' \
	"$SRC/include/linux/vermagic.h"

done_testing
