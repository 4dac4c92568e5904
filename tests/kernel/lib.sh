# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers for the kernel test tier (tests/kernel/*.t).
#
# Builds are cached under build/kernel/test/ and shared between the tests:
# the patched tree (linux/), one kbuild output directory per seed (out-A,
# out-B), the headers package and the test modules.  A build is redone only
# when a kit input changed.  Every test build pins KBUILD_BUILD_TIMESTAMP,
# _USER, _HOST and _VERSION so that rebuilds are bit-identical.

KIT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Run kbuild with a clean make environment: nothing of the kit's own make
# invocation (job server, command-line variables) leaks into it.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
KDIR=${RANDSTRUCT_TEST_DIR:-$KIT/build/kernel/test}
SRC=$KDIR/linux
# KERNEL_LTS: the tree (6.12 or 6.1), its tarball and the kit's series for it.
LTS=${KERNEL_LTS:-6.12}
TARBALL=${KERNEL_TARBALL:-/usr/src/linux-source-$LTS.tar.xz}
# shellcheck disable=SC2034 # for the tests that source this file
if [ "$LTS" = 6.12 ]; then
	PATCHDIR=$KIT/patches
else
	PATCHDIR=$KIT/patches/$LTS
fi
JOBS=${KERNEL_JOBS:-2}

# KERNEL_ARCH: x86_64 (the default) or arm64, cross-compiled (see
# scripts/randstruct-kernel): the image, kbuild's arguments for direct make
# calls (kmake), the vDSO's userspace objects (built without the plugin)
# and a kernel-side object of the vDSO (built with it).
# shellcheck disable=SC2034 # for the tests that source this file
case ${KERNEL_ARCH:-x86_64} in
arm64)
	IMAGE=arch/arm64/boot/Image
	KMAKE_ARGS=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
		    CC=aarch64-linux-gnu-gcc-12)
	VDSO_USER_OBJS=(arch/arm64/kernel/vdso/vgettimeofday.o)
	VDSO_KERNEL_OBJ=arch/arm64/kernel/vdso.o
	;;
*)
	IMAGE=arch/x86/boot/bzImage
	KMAKE_ARGS=()
	VDSO_USER_OBJS=(arch/x86/entry/vdso/vclock_gettime.o
			arch/x86/entry/vdso/vgetcpu.o)
	VDSO_KERNEL_OBJ=arch/x86/entry/vdso/vma.o
	;;
esac
kmake() {
	make "${KMAKE_ARGS[@]}" "$@"
}

# The test kernels: A and B.  A tier with one build (tests/kernel-6.1/)
# sets RANDSTRUCT_TEST_KERNELS=A: B is then only a module built with seed
# B against A's configuration (ensure_other_module), in out-B.
KERNELS=${RANDSTRUCT_TEST_KERNELS:-A B}
has_kernel() {
	case " $KERNELS " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# Two fixed, public test seeds (never use them for a real kernel).
export SEED_A SEED_B
SEED_A=$(printf 'randstruct kit test seed A' | sha256sum | cut -c1-64)
SEED_B=$(printf 'randstruct kit test seed B' | sha256sum | cut -c1-64)

export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2025'
export KBUILD_BUILD_USER=randstruct
export KBUILD_BUILD_HOST=kit
export KBUILD_BUILD_VERSION=1

RSLAYOUT="python3 $KIT/tests/rslayout.py"

mkdir -p "$KDIR"

# shellcheck source=tests/tap.sh
. "$KIT/tests/tap.sh"

# Serialize builds if prove runs tests in parallel.
lock_builds() {
	exec 9>"$KDIR/.lock"
	flock 9
}

kit_fingerprint() {
	"$KIT/scripts/randstruct-series" --inputs | tr '\n' '\0' |
		xargs -0 cat | sha256sum | cut -c1-64
}

# The patched source tree, regenerated when the kit changed, but at most
# once per test run (RANDSTRUCT_TEST_RUN, default: the prove process), so
# that edits made while the tier runs do not rebuild kernels half-way.
RUN=${RANDSTRUCT_TEST_RUN:-$PPID}
ensure_src() {
	local fp
	if [ -f "$SRC/.randstruct-run" ] && [ "$(cat "$SRC/.randstruct-run")" = "$RUN" ]; then
		return 0
	fi
	fp=$(kit_fingerprint)
	if [ -f "$SRC/.randstruct-kit" ] && [ "$(cat "$SRC/.randstruct-kit")" = "$fp" ]; then
		echo "$RUN" >"$SRC/.randstruct-run"
		return 0
	fi
	# Generate into a scratch directory: the tests never rewrite patches/.
	mkdir -p "$KDIR/patches"
	"$KIT/scripts/randstruct-kernel" source "$TARBALL" "$SRC" "$KDIR/patches" |
		diag || return 1
	echo "$fp" >"$SRC/.randstruct-kit"
	echo "$RUN" >"$SRC/.randstruct-run"
}

# out_dir NAME: the kbuild output directory of a test build.
out_dir() {
	echo "$KDIR/out-$1"
}

# Kernel B is built as a build farm builds: through ccache and without a
# layout report (its plugin argument would name a local file), so that
# 80-reproducible.t and 85-rebuild.t can rebuild it after plugin and seed
# changes with the same command lines.  ccache's default compiler check
# (mtime) hashes the plugin's modification time: a plugin rebuilt
# identically would miss every object.  "content" hashes its bytes.
# Depend mode (kbuild passes -Wp,-MMD) spares the preprocessor run that a
# miss costs otherwise (a third of a kernel build here); the sloppiness
# keeps a build header rewritten just before the compilations from
# turning hits into misses.
export CCACHE_DIR=$KDIR/ccache CCACHE_MAXSIZE=4G CCACHE_COMPILERCHECK=content \
	CCACHE_DEPEND=1 CCACHE_SLOPPINESS=include_file_mtime,include_file_ctime

# ccache_stat KEY: one of ccache's counters (cache_miss, direct_cache_hit...).
ccache_stat() {
	CCACHE_PREFIX='' ccache --print-stats | awk -v k="$1" '$1 == k { print $2 }'
}

# tree_cc NAME, tree_report NAME: kbuild's CC and the layout report of
# kernel NAME (empty: plain gcc, no report).
tree_cc() {
	[ "$1" != B ] || echo "ccache gcc"
}
tree_report() {
	[ "$1" = B ] || echo "$(out_dir "$1")/randstruct-layout.jsonl"
}

# tree_fragments NAME: the config fragments of kernel NAME, empty for the
# architecture's default.  On x86_64 both kernels add BTF and an in-tree
# module (the secrecy tests keep both private; 85-rebuild.t compares
# their layouts, so they have the same structures); kernel B, the build
# farm's, keeps its build directory open to icecream's daemon.  A tier
# may set its own KERNEL_CONFIG_FRAGMENT.
tree_fragments() {
	if [ -n "${KERNEL_CONFIG_FRAGMENT:-}" ]; then
		echo "$KERNEL_CONFIG_FRAGMENT"
	elif [ "${KERNEL_ARCH:-x86_64}" = x86_64 ]; then
		echo "$KIT/boot/kernel.config $KIT/boot/btf.config $KIT/boot/secrecy.config" \
			"$([ "$1" != B ] || echo "$KIT/boot/farm.config")"
	fi
}

# ensure_build NAME SEED: configured, built kernel NAME with SEED.
ensure_build() {
	local name=$1 seed=$2 out
	out=$(out_dir "$name")
	lock_builds
	ensure_src || bail "cannot prepare the patched source tree"
	if [ -f "$out/scripts/basic/randstruct.seed" ] &&
	   [ "$(cat "$out/scripts/basic/randstruct.seed")" != "$seed" ]; then
		rm -rf "$out"
	fi
	KERNEL_CONFIG_FRAGMENT=$(tree_fragments "$name") \
		"$KIT/scripts/randstruct-kernel" config "$SRC" "$out" | diag ||
		bail "configuring $name failed"
	KBUILD_RANDSTRUCT_SEED=$seed KERNEL_CC=$(tree_cc "$name") \
		KERNEL_REPORT=$(tree_report "$name") \
		"$KIT/scripts/randstruct-kernel" build "$SRC" "$out" "$JOBS" |
		diag
	if [ ! -f "$out/vmlinux" ] || [ ! -f "$out/$IMAGE" ]; then
		bail "kernel $name did not build, see $out/build.log"
	fi
}

# ensure_module NAME: rsmod.ko built against kernel NAME's build tree.
ensure_module() {
	local out
	out=$(out_dir "$1")
	if [ ! -f "$out/rsmod/rsmod.ko" ] || [ "$out/vmlinux" -nt "$out/rsmod/rsmod.ko" ]; then
		KERNEL_CC=$(tree_cc "$1") \
			"$KIT/scripts/randstruct-kernel" module "$SRC" "$out" "$out/rsmod" ||
			bail "building rsmod against $1 failed"
	fi
	echo "$out/rsmod/rsmod.ko"
}

# rsmod_variant NAME LINE: build the test module against kernel A in
# A's rsmod-NAME, LINE appended to its Kbuild as an external module's own
# Makefile may add it; the build's status, its log in rsmod-NAME/build.log.
rsmod_variant() {
	local a mod cc
	a=$(out_dir A)
	mod=$a/rsmod-$1
	cc=$(tree_cc A)
	rm -rf "$mod"
	mkdir -p "$mod"
	cp "$KIT/boot/rsmod/rsmod.c" "$KIT/boot/rsmod/Kbuild" "$mod/"
	echo "$2" >>"$mod/Kbuild"
	kmake -s -C "$a" M="$mod" ${cc:+"CC=$cc"} modules >"$mod/build.log" 2>&1
}

# ensure_dialect_module STD: the test module built against kernel A in
# the C dialect STD ("ccflags-y += -std=STD" in its Kbuild).
ensure_dialect_module() {
	local mod
	mod=$(out_dir A)/rsmod-$1
	if [ ! -f "$mod/rsmod.ko" ] || [ "$(out_dir A)/vmlinux" -nt "$mod/rsmod.ko" ]; then
		rsmod_variant "$1" "ccflags-y += -std=$1" ||
			bail "building rsmod with -std=$1 failed, see $mod/build.log"
	fi
	echo "$mod/rsmod.ko"
}

# ensure_headers_deb NAME [DPKG_FLAGS]: the linux-headers package of
# kernel NAME from make bindeb-pkg (built again only when vmlinux is newer),
# its path on stdout, its diagnostics on stderr.  The build's report flag
# is passed again: the compiler command lines stay the same, so kbuild only
# packages what is already built.
ensure_headers_deb() {
	local out deb start
	out=$(out_dir "$1")
	deb=$(find "$KDIR" -maxdepth 1 -name 'linux-headers-*.deb' -newer "$out/vmlinux" | head -n1)
	if [ -z "$deb" ]; then
		rm -f "$KDIR"/*.deb "$KDIR"/*.buildinfo "$KDIR"/*.changes
		start=$(date +%s)
		if KBUILD_RANDSTRUCT_REPORT=$(tree_report "$1") DPKG_FLAGS=${2:-} \
		   make -C "$SRC" O="$out" -j"$JOBS" bindeb-pkg >"$out/bindeb-pkg.log" 2>&1; then
			echo "bindeb-pkg took $(($(date +%s) - start))s," \
				"$(grep -c '^  CC ' "$out/bindeb-pkg.log") objects recompiled" | diag >&2
		else
			tail -20 "$out/bindeb-pkg.log" | diag >&2
		fi
		deb=$(find "$KDIR" -maxdepth 1 -name 'linux-headers-*.deb' | head -n1)
	fi
	echo "$deb"
}

# ensure_rpms NAME: the directory of kernel NAME's rpm packages from make
# binrpm-pkg RPMOPTS=--nodeps (Debian's rpm has no database of the build
# dependencies), built again only when vmlinux is newer; diagnostics on
# stderr.  RPMOPTS also names the rpmbuild directory in the kbuild output
# directory, where 6.12 puts it anyway (6.1 would write to ~/rpmbuild).  mkspec takes the release from .version (and bumps it), and the
# spec builds with KBUILD_BUILD_VERSION set to it: .version is reset so
# that the release is the tier's KBUILD_BUILD_VERSION and nothing is
# recompiled or relinked.  As in ensure_headers_deb, the report flag keeps
# the compiler command lines.
ensure_rpms() {
	local out dir start
	out=$(out_dir "$1")
	dir=$out/rpmbuild/RPMS/$(uname -m)
	if [ -z "$(find "$dir" -maxdepth 1 -name 'kernel-[0-9]*.rpm' -newer "$out/vmlinux" 2>/dev/null)" ]; then
		rm -rf "$out/rpmbuild"
		echo $((KBUILD_BUILD_VERSION - 1)) >"$out/.version"
		start=$(date +%s)
		if KBUILD_RANDSTRUCT_REPORT=$(tree_report "$1") \
		   make -C "$SRC" O="$out" -j"$JOBS" binrpm-pkg \
		   RPMOPTS="--nodeps --define '_topdir $out/rpmbuild'" \
		   >"$out/binrpm-pkg.log" 2>&1; then
			echo "binrpm-pkg took $(($(date +%s) - start))s," \
				"$(grep -c '^  CC ' "$out/binrpm-pkg.log") objects recompiled" | diag >&2
		else
			tail -20 "$out/binrpm-pkg.log" | diag >&2
		fi
	fi
	echo "$dir"
}

# rpm_entries RPM REGEX: as deb_entries, from the file list of rpm's
# header (the modes and owners rpm installs): "MODE OWNER/GROUP PATH" of
# the regular files whose path (/...) matches REGEX; %ghost files (the
# spec's copies in /boot, made by %post) included.
rpm_entries() {
	rpm -qp --qf '[%{FILEMODES:perms} %{FILEUSERNAME}/%{FILEGROUPNAME} %{FILENAMES}\n]' "$1" 2>/dev/null |
		RE=$2 awk '$1 ~ /^-/ && $3 ~ ENVIRON["RE"]'
}

# The seed-bearing files of a headers package, and the image, System.map
# and modules of a kernel package (deb: ./boot/vmlinuz-*, rpm: also
# /lib/modules/<release>/vmlinuz).
SEED_FILES_RE='/scripts/(basic/randstruct\.seed|gcc-plugins/randomize_layout_(seed\.h|plugin\.so))$'
IMAGE_FILES_RE='^\.?/(boot/(vmlinuz|System\.map)-|lib/modules/[^/]+/(vmlinuz|System\.map)$|lib/modules/.*\.ko)'

# check_devel_tree ROOT TREE WHAT: the checks of a package of kernel A's
# module build tree (linux-headers, kernel-devel), unpacked in ROOT with
# the tree in TREE: it carries seed A, the plugin, its seed header and
# build header and randstruct_hash.h; the seed's text is only in the
# seed file, the seed in any form only in the seed-bearing files.
check_devel_tree() {
	local root=$1 tree=$2 what=$3 upper holders others
	check "$what carries scripts/basic/randstruct.seed equal to seed A" \
		test -n "$tree" -a "$(cat "$tree/scripts/basic/randstruct.seed" 2>/dev/null)" = "$SEED_A"
	check "$what carries the plugin, its seed header and its build header" \
		test -s "$tree/scripts/gcc-plugins/randomize_layout_plugin.so" -a \
		-s "$tree/scripts/gcc-plugins/randomize_layout_seed.h" -a \
		-s "$tree/scripts/gcc-plugins/randstruct_build.h"
	check "$what carries randstruct_hash.h with seed A's hash" \
		grep -q "$(seed_hash "$SEED_A")" "$tree/include/generated/randstruct_hash.h"
	upper=$(echo "$SEED_A" | tr a-f A-F)
	holders=$(grep -r -l -a -i -F -e "$SEED_A" -e "$upper" "$root" 2>/dev/null |
		sed "s|^$root/||")
	echo "files of $what holding the seed's text: $holders" | diag
	check "the seed's text is only in scripts/basic/randstruct.seed of $what" \
		test -n "$tree" -a "$holders" = "${tree#"$root"/}/scripts/basic/randstruct.seed"
	# The seed in any form: hex text (either case), the seed header's
	# byte list, the 32 raw bytes.
	holders=$(seed_holders "$SEED_A" "$root" | sed "s|^$root/||" | sort | tr '\n' ' ')
	echo "files of $what holding the seed in any form: $holders" | diag
	others=$(seed_holders "$SEED_A" "$root" |
		grep -v -E "$SEED_FILES_RE|/scripts/gcc-plugins/randstruct/[^/]*\.o$")
	check "the seed in any form is only in the seed, its header, the plugin (and its objects)" \
		test -n "$tree" -a -z "$others" -a -n "$(echo "$holders" | grep randstruct.seed)"
}

# check_devel_module TREE MOD WHAT SEED: build the test module in MOD with
# make M= against the module build tree TREE (of package WHAT); it used
# the plugin and its vermagic names SEED's layout id (for seed A: equal to
# the in-tree module's).
check_devel_module() {
	local tree=$1 mod=$2 what=$3 seed=$4 vm vm_tree='' same=''
	rm -rf "$mod"
	mkdir -p "$mod"
	cp "$KIT/boot/rsmod/rsmod.c" "$KIT/boot/rsmod/Kbuild" "$mod/"
	if make -C "$tree" M="$mod" modules >"$mod/build.log" 2>&1; then
		ok "make M= against the unpacked $what builds rsmod.ko"
	else
		tail -20 "$mod/build.log" | diag
		not_ok "make M= against the unpacked $what builds rsmod.ko"
	fi
	check "the $what build used the randstruct plugin" \
		grep -q 'randomize_layout_plugin.so' "$mod/.rsmod.o.cmd"
	vm=$(modinfo -F vermagic "$mod/rsmod.ko" 2>/dev/null)
	if [ "$seed" = "$SEED_A" ]; then
		vm_tree=$(modinfo -F vermagic "$(ensure_module A)" 2>/dev/null)
		same=" and equals the in-tree module's of A"
	fi
	echo "vermagic: $vm" | diag
	check "its vermagic names the layout id of seed ${seed:0:8}...$same" \
		test -n "$vm" -a "$vm" = "${vm_tree:-$vm}" -a \
		-n "$(echo "$vm" | grep "RANDSTRUCT_$(vermagic_id "$seed" "$(layout_version)")")"
}

# check_seed_modes LIST PKG NAME, check_image_modes LIST PKG NAME: with
# LIST (deb_entries or rpm_entries), the file modes in package PKG (NAME in
# the checks): of a module build tree's package, the seed, its header and
# the plugin root-only; of a kernel package, the image, System.map and
# modules readable by nobody else.
check_seed_modes() {
	"$1" "$2" "$SEED_FILES_RE" | diag
	check "$3 ships the seed, its header and the plugin root-only" \
		test "$("$1" "$2" "$SEED_FILES_RE" | grep -c '^-rw[-x]------ root/root ')" = 3
}
check_image_modes() {
	"$1" "$2" "$IMAGE_FILES_RE" | diag
	check "$3 ships the image, System.map and $("$1" "$2" '\.ko$' | wc -l) module(s), none readable by others" \
		test "$("$1" "$2" "$IMAGE_FILES_RE" | wc -l)" -ge 3 -a \
		-z "$("$1" "$2" "$IMAGE_FILES_RE" | open_entries)"
}

# rpm_payload RPM DIR: RPM's files unpacked into DIR (made first).
rpm_payload() {
	mkdir -p "$2"
	[ -z "$1" ] || (cd "$2" && rpm2cpio "$1" | cpio -idm --quiet)
}

# seed_holders SEED DIR: the files below DIR that hold SEED in any form:
# its hex text in either case, the seed header's byte list ("0x12, 0x34"),
# or its 32 raw bytes.
seed_holders() {
	python3 - "$1" "$2" <<-'PY'
	import os, sys
	seed = sys.argv[1]
	raw = bytes.fromhex(seed)
	forms = [seed.encode(), seed.upper().encode(), raw,
		 ", ".join("0x%02x" % b for b in raw).encode()]
	for top, dirs, files in os.walk(sys.argv[2]):
	    for name in files:
	        path = os.path.join(top, name)
	        if os.path.islink(path) or not os.path.isfile(path):
	            continue
	        with open(path, "rb") as f:
	            data = f.read()
	        if any(form in data for form in forms):
	            print(path)
	PY
}

# deb_entries DEB REGEX: "MODE OWNER PATH" of the regular files in package
# DEB whose path (./...) matches the extended REGEX.
deb_entries() {
	dpkg-deb -c "$1" | RE=$2 awk '$1 ~ /^-/ && $6 ~ ENVIRON["RE"] { print $1, $2, $6 }'
}

# open_entries: the deb_entries lines whose mode grants group or other any
# access.
open_entries() {
	grep -v '^-.\{3\}------ ' || true
}

# ensure_other_module NAME SEED [VARIANT]: rsmod.ko built as another build
# would build it against kernel A's configuration: with SEED instead of
# A's and, given VARIANT, also
#   N            by a plugin whose RS_LAYOUT_VERSION is N (an older or
#                newer kit),
#   performance  in performance mode,
#   policy       with a policy of one more directive.
# A changed source is a hard-linked copy of the source with only that file
# replaced.  Prepared with modules_prepare in out-NAME, no kernel built.
ensure_other_module() {
	local name=$1 seed=$2 variant=${3:-} src=$SRC out a
	out=$(out_dir "$name")
	a=$(out_dir A)
	if [ -f "$out/rsmod/rsmod.ko" ] && [ "$out/rsmod/rsmod.ko" -nt "$a/vmlinux" ]; then
		echo "$out/rsmod/rsmod.ko"
		return
	fi
	rm -rf "$out"
	case $variant in
	[0-9]*)
		src=$(source_copy "$name")
		replace_file "$src/scripts/gcc-plugins/randstruct/rs_order.h" sed \
			"s/^#define RS_LAYOUT_VERSION[ \t]*[0-9]*$/#define RS_LAYOUT_VERSION\t$variant/"
		;;
	policy)
		src=$(source_copy "$name")
		# shellcheck disable=SC2016 # sed's $ (the last line)
		replace_file "$src/scripts/gcc-plugins/randstruct.policy" sed \
			'$a randomize struct rsmod_policy_probe'
		;;
	esac
	mkdir -p "$out/scripts/basic"
	cp "$a/.config" "$a/Module.symvers" "$out/"
	if [ "$variant" = performance ]; then
		# The last member set to y is the choice's value.
		echo CONFIG_RANDSTRUCT_PERFORMANCE=y >>"$out/.config"
	fi
	echo "$seed" >"$out/scripts/basic/randstruct.seed"
	kmake -s -C "$src" O="$out" -j"$JOBS" olddefconfig modules_prepare \
		>"$out/prepare.log" 2>&1 ||
		bail "modules_prepare for module $name failed, see $out/prepare.log"
	"$KIT/scripts/randstruct-kernel" module "$src" "$out" "$out/rsmod" ||
		bail "building rsmod $name failed"
	echo "$out/rsmod/rsmod.ko"
}

# source_copy NAME: a fresh hard-linked copy of the source, for NAME.
source_copy() {
	rm -rf "$KDIR/linux-$1"
	cp -al "$SRC" "$KDIR/linux-$1" && echo "$KDIR/linux-$1"
}

# replace_file FILE CMD...: FILE becomes CMD's output on it, as a new file
# (FILE may be a hard link into the source).
replace_file() {
	local f=$1
	shift
	"$@" "$f" >"$f.new" && rm -f "$f" && mv "$f.new" "$f"
}

# ensure_version_module: rsmod.ko built with A's seed by a plugin of the
# next layout version.
ensure_version_module() {
	ensure_other_module nextver "$SEED_A" $(($(layout_version) + 1))
}

# randomized_layouts OUT REPORT: pahole's view, in OUT's vmlinux, of every
# named structure that the layout report REPORT lists and vmlinux's DWARF
# has (pahole -C with a list stops at the first one missing).
randomized_layouts() {
	awk '
		NR == FNR { want[$1]; next }
		/^struct [^ ]+ \{/ { show = ($2 in want) }
		show { print }
		/^\};/ { show = 0 }' \
		<($RSLAYOUT tags "$2" | sort -u) \
		<(pahole "$1/vmlinux")
}

# pahole_struct NAME STRUCT: pahole's view of STRUCT in kernel NAME (in
# its test module when NAME is only a module, see KERNELS).
pahole_struct() {
	local out
	out=$(out_dir "$1")
	if [ -f "$out/vmlinux" ]; then
		pahole -C "$2" "$out/vmlinux"
	else
		pahole -C "$2" "$out/rsmod/rsmod.ko"
	fi
}

# pahole_offset NAME STRUCT MEMBER: MEMBER's byte offset in STRUCT of
# kernel NAME, at any depth (task_struct's randomized region is an
# anonymous structure; pahole counts from the outer structure's start).
pahole_offset() {
	pahole_struct "$1" "$2" 2>/dev/null | awk -v m="$3" '
		{ line = $0; sub(/[ \t]*\/\*.*$/, "", line) }
		line ~ ("[ \t*]" m "(\\[[^]]*\\])*;$") && match($0, /\/\*[ \t]*[0-9]+/) {
			v = substr($0, RSTART + 2); sub(/^[ \t]*/, "", v); print v + 0; exit }'
}

# ensure_kernel_b: kernel B, or where the tier has one kernel, B's module.
ensure_kernel_b() {
	if has_kernel B; then
		ensure_build B "$SEED_B"
	else
		ensure_other_module B "$SEED_B" >/dev/null
	fi
}

seed_hash() {
	printf '%s' "$1" | sha256sum | cut -c1-64
}

# layout_version: RS_LAYOUT_VERSION of the plugin in the test tree.
layout_version() {
	sed -n 's/^#define RS_LAYOUT_VERSION[ \t]*\([0-9]*\)$/\1/p' \
		"$SRC/scripts/gcc-plugins/randstruct/rs_order.h"
}

# layout_mode K: full or performance, as kernel K's configuration says.
layout_mode() {
	if grep -q '^CONFIG_RANDSTRUCT_PERFORMANCE=y' "$(out_dir "$1")/.config"; then
		echo performance
	else
		echo full
	fi
}

# vermagic_id SEED VERSION [MODE [POLICY-FILE]]: the layout id
# (gen-random-seed.sh); MODE full and the source's policy by default.
vermagic_id() {
	local mode=${3:-full} policy=${4:-$SRC/scripts/gcc-plugins/randstruct.policy}
	echo "v${2}_${mode}_$(printf 'randstruct layout %s mode %s policy %s seed %s' \
		"$2" "$mode" "$(sha256sum <"$policy" | cut -c1-64)" "$1" |
		sha256sum | cut -c1-64)"
}

# C objects of a build tree compiled with the plugin (their .cmd files).
plugin_objects() {
	find "$1" -name '.*.o.cmd' ! -path '*/rsmod*' \
		-exec grep -l '^\(saved\)\?cmd_.*-fplugin=[^ ]*randomize_layout_plugin' {} + \
		2>/dev/null | sed 's|/\.\([^/]*\)\.cmd$|/\1|'
}

# pahole_members NAME STRUCT [ANCHOR]: "member byte_offset byte_size" for
# the direct members of STRUCT in kernel NAME (unnamed nested structs and
# unions are listed as "-"; bitfields are left out).  With ANCHOR, list
# instead the members of STRUCT's anonymous struct that has a member
# ANCHOR (e.g. task_struct's randomized region), offsets relative to it.
pahole_members() {
	pahole_struct "$1" "$2" | awk -v anchor="${3:-}" '
	function depth(s) { match(s, /^\t*/); return RLENGTH }
	function member(line,   name, m, k) {
		# "type name[N];   /* off size */" -> name off size
		if (!match(line, /\/\*[ \t]*[0-9]+[ \t]+[0-9]+[ \t]*\*\/[ \t]*$/))
			return ""
		m = substr(line, RSTART)
		gsub(/[\/*]/, "", m)
		split(m, f, " ")
		name = substr(line, 1, RSTART - 1)
		if (name ~ /^[ \t]*}/) {
			name = "-"
		} else {
			sub(/;[ \t]*$/, "", name)
			sub(/[ \t]+__attribute__.*$/, "", name)
			sub(/\[.*$/, "", name)
			sub(/\).*$/, "", name)
			k = split(name, w, /[ \t*(]+/)
			name = w[k]
		}
		return name " " f[1] " " f[2]
	}
	anchor == "" {
		if (depth($0) == 1 && (r = member($0)) != "") print r
		next
	}
	depth($0) == 1 && $0 ~ /^\tstruct \{$/ { inblk = 1; n = 0; has = 0; next }
	inblk && depth($0) == 2 && (r = member($0)) != "" {
		list[n++] = r
		split(r, p, " ")
		if (p[1] == anchor) has = 1
		next
	}
	inblk && depth($0) == 1 && $0 ~ /^\t}/ {
		inblk = 0
		if (!has) next
		split(member($0), b, " ")
		for (i = 0; i < n; i++) {
			split(list[i], p, " ")
			print p[1], p[2] - b[2], p[3]
		}
	}'
}

# report_members REPORT STRUCT [ANCHOR]: the same list from the plugin's
# layout report (first entry; named struct, or the anonymous struct that
# has a member ANCHOR).
report_members() {
	$RSLAYOUT members "$1" "$2" "${3:-}"
}

# kunit_cases: the number of cases of our KUnit suite (lib/randstruct_kunit.c).
kunit_cases() {
	grep -c '^	KUNIT_CASE(' "$SRC/lib/randstruct_kunit.c"
}

# kunit_verdict LOG: the KTAP verdict of the suite in a console log.
kunit_verdict() {
	sed 's/^\[[ 0-9.]*\] //; s/^[[:space:]]*//' "$1" | awk '
		/^# Subtest: randstruct$/ { in_suite = 1; next }
		in_suite && /^ok [0-9]+ rs_kunit_/ { ok++; if (/# SKIP/) skipped++ }
		in_suite && /^not ok [0-9]+ rs_kunit_/ { bad++ }
		in_suite && /^(not )?ok [0-9]+ randstruct( |$)/ { verdict = $1 == "ok" ? "ok" : "not ok"; in_suite = 0 }
		END { printf "suite %s, %d ok, %d not ok, %d skipped\n", verdict ? verdict : "missing", ok, bad, skipped }'
}

# truth_count FILE KEY: one of the counts on tests/kernel/layout-truth's
# "truth:" line in FILE.
truth_count() {
	sed -n "s/^truth: .*\\b$2=\\([0-9]*\\).*/\\1/p" "$1"
}
