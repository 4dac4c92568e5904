#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Kconfig: mainline's randstruct choice (RANDSTRUCT_NONE, RANDSTRUCT_FULL,
# RANDSTRUCT_PERFORMANCE) drives RANDSTRUCT and GCC_PLUGIN_RANDSTRUCT
# through olddefconfig and scripts/config; configurations written for
# mainline and by earlier kits (tests/kernel/old-kit/) keep their mode;
# kunit.py's documented command line gets the plugin; only the GCC
# plugin offers performance mode; DEBUG_INFO_BTF is allowed with it.
# Seed handling: a bad seed stops the build with one clear line, the seed
# survives make clean and make mrproper removes it.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 47

lock_builds
ensure_src || bail "cannot prepare the patched source tree"

out=$KDIR/out-config
mig=$KDIR/out-config-mig
um=$KDIR/out-config-um
rm -rf "$out" "$mig" "$um"
mkdir -p "$out" "$mig" "$um"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out" "$mig" "$um"' EXIT
# Everything Kconfig says while configuring, for the recursion check.
klog=$tmp/kconfig.log

kmake() {
	make -s -C "$SRC" O="$out" "$@"
}

# kconf DIR ARGS...: a configuration target in DIR, its messages in $klog.
kconf() {
	local dir=$1

	shift
	make -s -C "$SRC" O="$dir" "$@" >>"$klog" 2>&1
}

# sym SYMBOL [DIR]: SYMBOL's line in DIR's .config (default $out).
sym() {
	grep -E "^(# )?CONFIG_$1[= ]" "${2:-$out}/.config" ||
		echo "CONFIG_$1 absent"
}

is_sym() {
	local want=$2 got
	got=$(sym "$1" "${4:-$out}")
	if [ "$got" = "$want" ]; then
		ok "$3"
	else
		not_ok "$3 (got '$got')"
	fi
}

# mode [DIR]: the randomization that DIR's .config ends up with: none,
# full or performance, and whether the GCC plugin does it ("+plugin").
mode() {
	local c=${1:-$mig}/.config m=none

	if grep -qx CONFIG_RANDSTRUCT_PERFORMANCE=y "$c"; then
		m=performance
	elif grep -qx CONFIG_RANDSTRUCT_FULL=y "$c"; then
		m=full
	fi
	# The choice and the derived symbols must agree.
	if [ "$m" = none ] && grep -qx CONFIG_RANDSTRUCT=y "$c"; then
		m=inconsistent
	elif [ "$m" != none ] && ! grep -qx CONFIG_RANDSTRUCT=y "$c"; then
		m=inconsistent
	fi
	if grep -qx CONFIG_GCC_PLUGIN_RANDSTRUCT=y "$c"; then
		m=$m+plugin
	fi
	echo "$m"
}

# from_fragment BASE LINE...: $mig/.config from "make BASE", the LINEs
# merged as a fragment, then olddefconfig; both make calls with the make
# arguments in the array margs.
margs=()
from_fragment() {
	local base=$1

	shift
	printf '%s\n' "$@" >"$tmp/fragment"
	kconf "$mig" "${margs[@]}" "$base"
	"$SRC/scripts/kconfig/merge_config.sh" -m -O "$mig" "$mig/.config" \
		"$tmp/fragment" >/dev/null
	kconf "$mig" "${margs[@]}" olddefconfig
}

# from_config DIR FILE [MAKE-ARGS...]: FILE as DIR's whole .config, then
# olddefconfig, as kunit.py does with a .kunitconfig and as a kernel
# update does with the old kernel's .config.
from_config() {
	local dir=$1

	cp "$2" "$dir/.config"
	shift 2
	kconf "$dir" "$@" olddefconfig
}

kmake tinyconfig >/dev/null
"$SRC/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
	"$KIT/boot/kernel.config" >/dev/null
kconf "$out" olddefconfig

is_sym GCC_PLUGIN_RANDSTRUCT "CONFIG_GCC_PLUGIN_RANDSTRUCT=y" "boot/kernel.config: GCC_PLUGIN_RANDSTRUCT=y"
is_sym RANDSTRUCT "CONFIG_RANDSTRUCT=y" "RANDSTRUCT=y"
is_sym RANDSTRUCT_FULL "CONFIG_RANDSTRUCT_FULL=y" "RANDSTRUCT_FULL, the fragment's choice"
check "none of the earlier kits' symbols (Clang choice, GCC_PLUGIN_RANDSTRUCT_PERFORMANCE) is left" \
	test -z "$(grep -E 'CLANG_RANDSTRUCT|GCC_PLUGIN_RANDSTRUCT_PERFORMANCE' "$out/.config")"

"$SRC/scripts/config" --file "$out/.config" --enable RANDSTRUCT_PERFORMANCE
kconf "$out" olddefconfig
is_sym RANDSTRUCT_PERFORMANCE "CONFIG_RANDSTRUCT_PERFORMANCE=y" "scripts/config --enable RANDSTRUCT_PERFORMANCE switches to performance mode"
is_sym RANDSTRUCT_FULL "# CONFIG_RANDSTRUCT_FULL is not set" "performance mode clears RANDSTRUCT_FULL"
is_sym GCC_PLUGIN_RANDSTRUCT "CONFIG_GCC_PLUGIN_RANDSTRUCT=y" "performance mode is the GCC plugin's"

# Of two members set to y, Kconfig takes the one it reads last: scripts/config
# switches reliably when it also clears the others.
"$SRC/scripts/config" --file "$out/.config" --enable RANDSTRUCT_NONE \
	--disable RANDSTRUCT_FULL --disable RANDSTRUCT_PERFORMANCE
kconf "$out" olddefconfig
is_sym RANDSTRUCT "CONFIG_RANDSTRUCT absent" "scripts/config --enable RANDSTRUCT_NONE clears RANDSTRUCT"
is_sym GCC_PLUGIN_RANDSTRUCT "CONFIG_GCC_PLUGIN_RANDSTRUCT absent" "and GCC_PLUGIN_RANDSTRUCT"
is_sym RANDSTRUCT_KUNIT_TEST "CONFIG_RANDSTRUCT_KUNIT_TEST=y" "RANDSTRUCT_NONE wins over the KUnit suite's default"

"$SRC/scripts/config" --file "$out/.config" --enable RANDSTRUCT_FULL \
	--disable RANDSTRUCT_NONE --enable BPF_SYSCALL --enable DEBUG_INFO_BTF
kconf "$out" olddefconfig
is_sym DEBUG_INFO_BTF "CONFIG_DEBUG_INFO_BTF=y" "DEBUG_INFO_BTF allowed together with GCC_PLUGIN_RANDSTRUCT"
is_sym GCC_PLUGIN_RANDSTRUCT "CONFIG_GCC_PLUGIN_RANDSTRUCT=y" "scripts/config --enable RANDSTRUCT_FULL re-enables the plugin"

# a) Fragments written for mainline.
from_fragment tinyconfig CONFIG_GCC_PLUGINS=y CONFIG_RANDSTRUCT_FULL=y
check_eq "mainline fragment GCC_PLUGINS=y RANDSTRUCT_FULL=y: full, by the plugin" \
	full+plugin "$(mode)"
from_fragment tinyconfig CONFIG_GCC_PLUGINS=y CONFIG_RANDSTRUCT_PERFORMANCE=y
check_eq "mainline fragment GCC_PLUGINS=y RANDSTRUCT_PERFORMANCE=y: performance, by the plugin" \
	performance+plugin "$(mode)"
is_sym RANDSTRUCT_FULL "# CONFIG_RANDSTRUCT_FULL is not set" "and not full" "$mig"
from_fragment defconfig CONFIG_GCC_PLUGINS=y CONFIG_RANDSTRUCT_NONE=y
check_eq "mainline fragment RANDSTRUCT_NONE=y on defconfig: off" none "$(mode)"
is_sym RANDSTRUCT_NONE "CONFIG_RANDSTRUCT_NONE=y" "RANDSTRUCT_NONE=y kept" "$mig"
from_fragment defconfig CONFIG_GCC_PLUGINS=y CONFIG_RANDSTRUCT_FULL=y
check_eq "mainline fragment GCC_PLUGINS=y RANDSTRUCT_FULL=y on defconfig: full, by the plugin" \
	full+plugin "$(mode)"

# b) Complete configurations written by the kit before it used mainline's
# choice (tests/kernel/old-kit/README), for this tree: through olddefconfig,
# and through oldconfig with the default answer to every question (the
# choice is asked again, having new members, with the old mode as default).
for m in full performance off; do
	case $m in
	off)	want=none ;;
	*)	want=$m+plugin ;;
	esac
	from_config "$mig" "$KIT/tests/kernel/old-kit/$LTS-$m.config"
	check_eq "old kit's $m configuration (old-kit/$LTS-$m.config), olddefconfig: stays $m" \
		"$want" "$(mode)"
	check "and olddefconfig drops GCC_PLUGIN_RANDSTRUCT_PERFORMANCE" \
		test -z "$(grep GCC_PLUGIN_RANDSTRUCT_PERFORMANCE "$mig/.config")"
	cp "$KIT/tests/kernel/old-kit/$LTS-$m.config" "$mig/.config"
	yes '' | kconf "$mig" oldconfig
	check_eq "old kit's $m configuration, oldconfig with default answers: stays $m" \
		"$want" "$(mode)"
done

# kunit.py writes its .kunitconfig as the whole .config and runs
# olddefconfig; it then requires every requested option in the result.
printf '%s\n' CONFIG_GCC_PLUGINS=y CONFIG_GCC_PLUGIN_RANDSTRUCT=y \
	CONFIG_KUNIT=y CONFIG_RANDSTRUCT_KUNIT_TEST=y >"$tmp/kunitconfig"
from_config "$um" "$tmp/kunitconfig" ARCH=um
check_eq "kunit.py's command line (ARCH=um): full, by the plugin" \
	full+plugin "$(mode "$um")"
check "and every requested option is in the final .config" \
	grep -qx CONFIG_RANDSTRUCT_KUNIT_TEST=y "$um/.config"
from_config "$mig" "$tmp/kunitconfig"
check_eq "the same on x86: full, by the plugin" full+plugin "$(mode)"
printf '%s\n' CONFIG_RANDSTRUCT_NONE=y >>"$tmp/kunitconfig"
from_config "$um" "$tmp/kunitconfig" ARCH=um
check_eq "with RANDSTRUCT_NONE=y added: off" none "$(mode "$um")"
is_sym RANDSTRUCT_KUNIT_TEST "CONFIG_RANDSTRUCT_KUNIT_TEST=y" "and the suite still built" "$um"
printf '%s\n' CONFIG_GCC_PLUGINS=y CONFIG_KUNIT=y CONFIG_KUNIT_ALL_TESTS=y \
	>"$tmp/alltests"
from_config "$um" "$tmp/alltests" ARCH=um
is_sym KUNIT_ALL_TESTS "CONFIG_KUNIT_ALL_TESTS=y" "KUNIT_ALL_TESTS=y" "$um"
is_sym RANDSTRUCT_KUNIT_TEST "# CONFIG_RANDSTRUCT_KUNIT_TEST is not set" "does not turn the randstruct suite on" "$um"
check_eq "nor randomization" none "$(mode "$um")"

# c) Performance mode is the GCC plugin's only.  Without GCC plugins the
# choice offers no performance mode.
from_fragment tinyconfig "# CONFIG_GCC_PLUGINS is not set" CONFIG_RANDSTRUCT_PERFORMANCE=y
check_eq "GCC_PLUGINS=n RANDSTRUCT_PERFORMANCE=y: off, performance mode not offered" \
	none "$(mode)"
is_sym RANDSTRUCT_PERFORMANCE "CONFIG_RANDSTRUCT_PERFORMANCE absent" "RANDSTRUCT_PERFORMANCE not even asked" "$mig"
# Clang with native randstruct (CC_HAS_RANDSTRUCT, Clang 16 or later),
# simulated: Kconfig.randstruct under a Kconfig that says "Clang 16" and
# whose cc-option succeeds, configured by the tree's own conf.
cat >"$tmp/Kconfig" <<-'EOF'
	mainmenu "randstruct under Clang 16 (simulated)"
	cc-option = y
	config CC_IS_CLANG
		def_bool y
	config CLANG_VERSION
		int
		default 160000
	config GCC_PLUGINS
		bool
	config COMPILE_TEST
		bool
	config RANDSTRUCT_KUNIT_TEST
		bool
	config DEBUG_INFO_BTF
		bool
	source "security/Kconfig.randstruct"
EOF
clang16() {
	printf '%s\n' "$@" >"$tmp/clang.config"
	# conf writes include/config/ below the current directory: not the
	# source tree's.  "source" finds Kconfig.randstruct through srctree.
	mkdir -p "$tmp/clang"
	(cd "$tmp/clang" && srctree=$SRC KCONFIG_CONFIG=$tmp/clang.config \
		"$out/scripts/kconfig/conf" --olddefconfig "$tmp/Kconfig") >>"$klog" 2>&1
	grep -E '^CONFIG_(CC_HAS_RANDSTRUCT|RANDSTRUCT|RANDSTRUCT_[A-Z_]+|GCC_PLUGIN_RANDSTRUCT)=y' \
		"$tmp/clang.config" | tr '\n' ' '
}
check_eq "simulated Clang 16, RANDSTRUCT_FULL=y: Clang's full randomization" \
	"CONFIG_CC_HAS_RANDSTRUCT=y CONFIG_RANDSTRUCT_FULL=y CONFIG_RANDSTRUCT=y CONFIG_RANDSTRUCT_PRIVATE_FILES=y " \
	"$(clang16 CONFIG_RANDSTRUCT_FULL=y)"
check_eq "simulated Clang 16, RANDSTRUCT_PERFORMANCE=y: not offered, off" \
	"CONFIG_CC_HAS_RANDSTRUCT=y CONFIG_RANDSTRUCT_NONE=y " \
	"$(clang16 CONFIG_RANDSTRUCT_PERFORMANCE=y)"
# The real Clang of this machine, if any (Clang 14 in Debian 12: no
# native randstruct, so the choice offers nothing but RANDSTRUCT_NONE).
if command -v clang >/dev/null; then
	margs=(CC=clang)
	from_fragment tinyconfig CONFIG_RANDSTRUCT_PERFORMANCE=y
	margs=()
	check_eq "CC=clang ($(clang --version | head -n1 | sed 's/.*version //')), RANDSTRUCT_PERFORMANCE=y: performance mode not offered" \
		none "$(mode)"
else
	skip "no clang installed"
fi

check "no Kconfig recursive dependency" \
	test -z "$(grep -i 'recursive dependency' "$klog")"
grep -i "warning\|recursive" "$klog" | diag

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
