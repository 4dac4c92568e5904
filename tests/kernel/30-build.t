#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the test kernels A and B (cached for the later tests) and check
# that every C object's command line carries its seed's hash, which is what
# makes kbuild rebuild everything when the seed changes; that the vDSO's
# userspace objects opt out; that, under the kit's policy, the build
# prints no cast warning; and that an external module cannot drop the
# plugin or change its mode with its own flags; and that sparse (make C=2)
# still reports positional initializers of randomized structures.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

# shellcheck disable=SC2086 # one word per kernel
plan $((9 * $(echo $KERNELS | wc -w) + 6))

for k in $KERNELS; do
	seed_var=SEED_$k
	seed=${!seed_var}
	out=$(out_dir "$k")
	start=$(date +%s)
	ensure_build "$k" "$seed"
	echo "kernel $k ready after $(($(date +%s) - start))s" | diag
	check "kernel $k: ${IMAGE##*/} and vmlinux built" \
		test -s "$out/$IMAGE" -a -s "$out/vmlinux"
	check "kernel $k: randstruct_hash.h holds sha256 of seed $k" \
		grep -q "\"$(seed_hash "$seed")\"" "$out/include/generated/randstruct_hash.h"

	# C objects built into vmlinux, minus the vDSO and EFI stub opt-outs.
	find "$out" -name '.*.o.cmd' ! -path '*/vdso/*' ! -path '*/libstub/*' \
		! -path '*/scripts/*' ! -path '*/tools/*' ! -path '*/boot/*' \
		-exec grep -l '^\(saved\)\?cmd_.* -c -o [^ ]*\.o [^ ]*\.c\( *;.*\)\? *$' {} + \
		2>/dev/null >"$out/.c-objects" || true
	total=$(wc -l <"$out/.c-objects")
	with=$(xargs -r grep -l "seed-hash=$(seed_hash "$seed")" <"$out/.c-objects" | wc -l)
	echo "kernel $k: $with of $total C objects carry the seed hash" | diag
	check "kernel $k: all $total C objects carry seed-hash of seed $k" \
		test "$total" -gt 100 -a "$with" = "$total"
	# ... and depend on the build header, which names the plugin binary.
	with=$(xargs -r grep -l 'scripts/gcc-plugins/randstruct_build.h' \
		<"$out/.c-objects" | wc -l)
	check "kernel $k: all $total C objects depend on randstruct_build.h" \
		test "$with" = "$total"
	# Makefiles filter RANDSTRUCT_CFLAGS out word by word (the vDSO, the
	# EFI stub): a lone -include would take another -include's file.
	joined=$(xargs -r grep -l -- '-include[^ ]*randstruct_build\.h' <"$out/.c-objects" | wc -l)
	split=$(xargs -r grep -l -- '-include  *[^ ]*randstruct_build\.h' <"$out/.c-objects" | wc -l)
	check "kernel $k: every command line joins -include to the build header (one word; $split split)" \
		test "$joined" = "$total" -a "$split" = 0
	check "kernel $k: randstruct_build.h names the layout version, seed hash, layout id and plugin binary" \
		grep -q "^#pragma randstruct build \"layout=$(layout_version) seed=$(seed_hash "$seed") id=$(vermagic_id "$seed" "$(layout_version)" "$(layout_mode "$k")") plugin=$(sha256sum <"$out/scripts/gcc-plugins/randomize_layout_plugin.so" | cut -c1-64) " \
		"$out/scripts/gcc-plugins/randstruct_build.h"

	# The vDSO's userspace objects filter RANDSTRUCT_CFLAGS out; the
	# kernel-side object that maps it (x86: vdso/vma.o) keeps them.
	cmdfiles=()
	for o in "${VDSO_USER_OBJS[@]}"; do
		cmdfiles+=("$out/$(dirname "$o")/.$(basename "$o").cmd")
	done
	check "kernel $k: the vDSO's ${VDSO_USER_OBJS[*]##*/} built without the plugin" \
		test "$(cat "${cmdfiles[@]}" 2>/dev/null | grep -c '^\(saved\)\?cmd_')" = "${#cmdfiles[@]}" -a \
		-z "$(grep -l randomize_layout_plugin "${cmdfiles[@]}")"
	check "kernel $k: the kernel-side $VDSO_KERNEL_OBJ is built with the plugin" \
		grep -q randomize_layout_plugin \
		"$out/$(dirname "$VDSO_KERNEL_OBJ")/.$(basename "$VDSO_KERNEL_OBJ").cmd"

	# Cast warnings under the shipped policy: counted in a full build.
	compiled=$(grep -c '^  CC ' "$out/build.log")
	casts=$(grep -c 'warning: randstruct:' "$out/build.log")
	echo "kernel $k: $casts randstruct cast warnings in $compiled compiled objects" | diag
	grep 'warning: randstruct:' "$out/build.log" | head -20 | diag
	if [ "$compiled" -gt 100 ]; then
		check "kernel $k: no cast warning under the kit's policy ($casts in $compiled objects)" \
			test "$casts" = 0
	else
		ok "kernel $k: cast warnings # skip build was cached ($compiled objects compiled)"
	fi
done

# variant_refused NAME LINE WHY PATTERN: the test module with LINE in its
# Kbuild does not build against A, and its log says PATTERN.
variant_refused() {
	local log
	log=$(out_dir A)/rsmod-$1/build.log
	if rsmod_variant "$1" "$2"; then
		not_ok "a module whose Kbuild $3 does not build against A"
		not_ok "and the compiler says why"
		return
	fi
	check "a module whose Kbuild $3 does not build against A" \
		test ! -e "$(out_dir A)/rsmod-$1/rsmod.ko"
	grep 'error' "$log" | head -3 | diag
	check "and the compiler says why ($4)" grep -q -- "$4" "$log"
}
# shellcheck disable=SC2016 # make's $(...)
variant_refused noplugin 'ccflags-remove-y += $(filter -fplugin%,$(KBUILD_CFLAGS))' \
	"removes the plugin's flags (-fplugin=, -fplugin-arg-)" "compiled without the randstruct plugin"
variant_refused perfmode 'ccflags-y += -fplugin-arg-randomize_layout_plugin-performance-mode' \
	"adds performance-mode" \
	"names layout id $(vermagic_id "$SEED_A" "$(layout_version)"), this compilation's is $(vermagic_id "$SEED_A" "$(layout_version)" performance)"

# Sparse checks what GCC compiles: the positional initializer is there for
# sparse only (__CHECKER__), so the object builds and kbuild runs sparse.
sparse_dir=$(out_dir A)/rsmod-sparse
rm -rf "$sparse_dir"
mkdir -p "$sparse_dir"
echo 'obj-m := rsparse.o' >"$sparse_dir/Kbuild"
cat >"$sparse_dir/rsparse.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

struct rsparse_probe {
	int a;
	long b;
} __randomize_layout;

#ifdef __CHECKER__
struct rsparse_probe rsparse_positional = { 1, 2 };
#endif
MODULE_LICENSE("GPL");
EOF
cc=$(tree_cc A)
kmake -C "$(out_dir A)" M="$sparse_dir" C=2 ${cc:+"CC=$cc"} modules \
	>"$sparse_dir/build.log" 2>&1
grep -E '^  CHECK|rsparse.c:' "$sparse_dir/build.log" | diag
check "make C=2: sparse checks a module built against A" \
	grep -q '^  CHECK .*rsparse.c' "$sparse_dir/build.log"
check "and reports the positional initializer of a __randomize_layout structure" \
	grep -q 'rsparse.c:.*positional init of field in struct rsparse_probe, declared with attribute designated_init' \
	"$sparse_dir/build.log"

done_testing
