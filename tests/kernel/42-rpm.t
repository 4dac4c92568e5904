#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make binrpm-pkg RPMOPTS=--nodeps on kernel A's build (nothing is
# recompiled) gives the kernel and kernel-devel rpms.  Unpacked with
# rpm2cpio, kernel-devel carries the seed, the plugin, its seed header and
# build header and randstruct_hash.h, and a module built with make M=
# against it gets kernel A's vermagic (50-boot.t loads it into A).  The
# same module built against kernel B's kernel-devel tree (made from out-B
# by the spec's own install-extmod-build step, without a second rpm build)
# names B's layout id (50-boot.t: A refuses it).  As rpm would install
# them (the modes of the rpm header): the seed, its header and the plugin
# are root-only, and so are the image, System.map and modules
# (CONFIG_RANDSTRUCT_PRIVATE_FILES); the rpm files stay in the private
# output directory.  A second binrpm-pkg run recompiles
# nothing and gives the same payloads.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan $((16 + $(has_kernel B && echo 3 || echo 0)))

ensure_build A "$SEED_A"
out=$(out_dir A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

dir=$(ensure_rpms A)
kernel=$(find "$dir" -maxdepth 1 -name 'kernel-[0-9]*.rpm' 2>/dev/null | head -n1)
devel=$(find "$dir" -maxdepth 1 -name 'kernel-devel-*.rpm' 2>/dev/null | head -n1)
echo "packages: $(find "$dir" -maxdepth 1 -name '*.rpm' -printf '%f ' 2>/dev/null)" | diag
check "make binrpm-pkg produced the kernel and kernel-devel packages" \
	test -n "$kernel" -a -n "$devel"
# rpmbuild writes its packages mode 0644, in the kbuild output directory
# (rpmbuild/RPMS/), which the kit keeps private.
check "the rpm files are in the private kbuild output directory (mode $(stat -c %a "$out"))" \
	test "$(stat -c %a "$out")" = 700 -a "${dir#"$out"/}" != "$dir"

root=$KDIR/rpm-root
rm -rf "$root"
rpm_payload "$devel" "$root"
tree=$(find "$root/usr/src/kernels" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | head -n1)
check_devel_tree "$root" "$tree" kernel-devel
check_devel_module "$tree" "$KDIR/rsmod-rpm" kernel-devel "$SEED_A"

# File modes as rpm would install them: the package headers' file lists.
check_seed_modes rpm_entries "$devel" kernel-devel
check_image_modes rpm_entries "$kernel" "the kernel rpm"
check "kernel-devel ships its generated asm-offsets.h root-only" \
	test "$(rpm_entries "$devel" '/include/generated/asm-offsets\.h$' | grep -c '^-rw------- root/root ')" = 1

# Kernel B's module build tree, as kernel.spec's %install makes it.
if has_kernel B; then
	ensure_build B "$SEED_B"
	tree_b=$KDIR/rpm-devel-B
	rm -rf "$tree_b"
	make -s -C "$SRC" O="$(out_dir B)" run-command \
		KBUILD_RUN_COMMAND="\${srctree}/scripts/package/install-extmod-build $tree_b" ||
		diag <<<"install-extmod-build for B failed"
	check_devel_module "$tree_b" "$KDIR/rsmod-rpm-B" "kernel-devel tree of B" "$SEED_B"
fi

# A second run: nothing is recompiled, the payloads are bit-identical.
rpm_payload "$kernel" "$tmp/1/kernel"
rpm_payload "$devel" "$tmp/1/devel"
rm -rf "$out/rpmbuild"
start=$(date +%s)
dir=$(ensure_rpms A)
echo "second binrpm-pkg run: $(($(date +%s) - start))s" | diag
check "the second binrpm-pkg run compiled and linked nothing" \
	test -z "$(grep -E '^  (CC|LD|AR|HOSTCC|HOSTCXX) ' "$out/binrpm-pkg.log")" -a \
	-n "$(find "$dir" -maxdepth 1 -name 'kernel-devel-*.rpm' 2>/dev/null)"
kernel2=$(find "$dir" -maxdepth 1 -name 'kernel-[0-9]*.rpm' 2>/dev/null | head -n1)
devel2=$(find "$dir" -maxdepth 1 -name 'kernel-devel-*.rpm' 2>/dev/null | head -n1)
rpm_payload "$kernel2" "$tmp/2/kernel"
rpm_payload "$devel2" "$tmp/2/devel"
diff -r --no-dereference "$tmp/1" "$tmp/2" | head -5 | diag
same() {
	diff -r --no-dereference "$tmp/1/$1" "$tmp/2/$1" >/dev/null
}
check "the kernel rpms' payloads are bit-identical ($(find "$tmp/1/kernel" -type f | wc -l) files, vmlinuz and $(find "$tmp/1/kernel" -name '*.ko' | wc -l) module(s) among them)" \
	test -n "$(find "$tmp/1/kernel/lib/modules" -name vmlinuz 2>/dev/null)" -a \
	-n "$(same kernel && echo same)"
check "the kernel-devel rpms' payloads are bit-identical ($(find "$tmp/1/devel" -type f | wc -l) files)" \
	test -s "$tmp/1/devel/${tree#"$root"/}/scripts/basic/randstruct.seed" -a \
	-n "$(same devel && echo same)"

done_testing
