#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Kconfig: the user-visible GCC_PLUGIN_RANDSTRUCT drives RANDSTRUCT,
# RANDSTRUCT_FULL and RANDSTRUCT_PERFORMANCE through olddefconfig and
# scripts/config; DEBUG_INFO_BTF is allowed with it.  Seed handling: a bad
# seed stops the build with one clear line, the seed survives make clean and
# make mrproper removes it.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 16

lock_builds
ensure_src || bail "cannot prepare the patched source tree"

out=$KDIR/out-config
rm -rf "$out"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out"' EXIT

kmake() {
	make -s -C "$SRC" O="$out" "$@"
}

sym() {
	grep -E "^(# )?CONFIG_$1[= ]" "$out/.config" || echo "CONFIG_$1 absent"
}

is_sym() {
	local want=$2 got
	got=$(sym "$1")
	if [ "$got" = "$want" ]; then
		ok "$3"
	else
		not_ok "$3 (got '$got')"
	fi
}

kmake tinyconfig >/dev/null
"$SRC/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
	"$KIT/boot/kernel.config" >/dev/null
kmake olddefconfig >/dev/null

is_sym GCC_PLUGIN_RANDSTRUCT "CONFIG_GCC_PLUGIN_RANDSTRUCT=y" "GCC_PLUGIN_RANDSTRUCT=y from the fragment"
is_sym RANDSTRUCT "CONFIG_RANDSTRUCT=y" "RANDSTRUCT follows GCC_PLUGIN_RANDSTRUCT"
is_sym RANDSTRUCT_FULL "CONFIG_RANDSTRUCT_FULL=y" "RANDSTRUCT_FULL without performance mode"
check "no Clang randstruct choice under GCC" \
	test -z "$(grep CLANG_RANDSTRUCT "$out/.config")"

"$SRC/scripts/config" --file "$out/.config" --enable GCC_PLUGIN_RANDSTRUCT_PERFORMANCE
kmake olddefconfig >/dev/null
is_sym RANDSTRUCT_PERFORMANCE "CONFIG_RANDSTRUCT_PERFORMANCE=y" "scripts/config --enable GCC_PLUGIN_RANDSTRUCT_PERFORMANCE sets RANDSTRUCT_PERFORMANCE"
is_sym RANDSTRUCT_FULL "CONFIG_RANDSTRUCT_FULL absent" "performance mode clears RANDSTRUCT_FULL"

"$SRC/scripts/config" --file "$out/.config" --disable GCC_PLUGIN_RANDSTRUCT
kmake olddefconfig >/dev/null
is_sym RANDSTRUCT "CONFIG_RANDSTRUCT absent" "scripts/config --disable GCC_PLUGIN_RANDSTRUCT clears RANDSTRUCT"
is_sym GCC_PLUGIN_RANDSTRUCT_PERFORMANCE "CONFIG_GCC_PLUGIN_RANDSTRUCT_PERFORMANCE absent" "and drops performance mode"

"$SRC/scripts/config" --file "$out/.config" --enable GCC_PLUGIN_RANDSTRUCT \
	--enable BPF_SYSCALL --enable DEBUG_INFO_BTF
kmake olddefconfig >/dev/null
is_sym DEBUG_INFO_BTF "CONFIG_DEBUG_INFO_BTF=y" "DEBUG_INFO_BTF allowed together with GCC_PLUGIN_RANDSTRUCT"
is_sym GCC_PLUGIN_RANDSTRUCT "CONFIG_GCC_PLUGIN_RANDSTRUCT=y" "GCC_PLUGIN_RANDSTRUCT re-enabled"

# Seed handling, up to the parsing of the Makefiles (no compilation).
if KBUILD_RANDSTRUCT_SEED=0123xyz kmake prepare >"$tmp/log" 2>&1; then
	not_ok "a malformed KBUILD_RANDSTRUCT_SEED stops the build"
else
	diag <"$tmp/log"
	check "a malformed KBUILD_RANDSTRUCT_SEED stops the build naming the problem" \
		grep -q 'KBUILD_RANDSTRUCT_SEED.*hex' "$tmp/log"
fi
check "no seed file was written for the malformed seed" \
	test ! -e "$out/scripts/basic/randstruct.seed"

mkdir -p "$out/scripts/basic"
echo "not a seed" >"$out/scripts/basic/randstruct.seed"
if kmake prepare >"$tmp/log" 2>&1; then
	not_ok "a malformed seed file stops the build"
else
	diag <"$tmp/log"
	check "a malformed seed file stops the build naming the file" \
		grep -q 'randstruct.seed' "$tmp/log"
fi
rm -f "$out/scripts/basic/randstruct.seed"

KBUILD_RANDSTRUCT_SEED=$SEED_A kmake scripts_basic >/dev/null 2>&1 || true
kmake include/config/auto.conf >/dev/null 2>&1 || true
kmake scripts_basic >"$tmp/log" 2>&1 || true
check "a seed is created (and equals KBUILD_RANDSTRUCT_SEED)" \
	test "$(cat "$out/scripts/basic/randstruct.seed" 2>/dev/null)" = "$SEED_A"
kmake clean >/dev/null 2>&1
check "make clean keeps the seed" test -f "$out/scripts/basic/randstruct.seed"
kmake mrproper >/dev/null 2>&1
check "make mrproper removes the seed" test ! -e "$out/scripts/basic/randstruct.seed"

done_testing
