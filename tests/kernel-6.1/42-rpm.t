#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/42-rpm.t on Linux 6.1, where it differs: 6.1's binrpm-pkg
# (mkspec's "prebuilt" spec) packages the kernel and kernel-headers, no
# kernel-devel (modules are built against bindeb-pkg's linux-headers,
# 40-headers.t).  As rpm would install it, the kernel rpm's image,
# System.map and modules are root-only (CONFIG_RANDSTRUCT_PRIVATE_FILES),
# and a second run recompiles nothing and gives the same payload.

# shellcheck source=tests/kernel-6.1/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel-6.1/lib.sh missing"; exit 1; }

plan 6

ensure_build A "$SEED_A"
out=$(out_dir A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

dir=$(ensure_rpms A)
kernel=$(find "$dir" -maxdepth 1 -name 'kernel-[0-9]*.rpm' 2>/dev/null | head -n1)
echo "packages: $(find "$dir" -maxdepth 1 -name '*.rpm' -printf '%f ' 2>/dev/null)" | diag
check "make binrpm-pkg produced the kernel package, in the private kbuild output directory" \
	test -n "$kernel" -a "$(stat -c %a "$out")" = 700
check "... and, as 6.1's prebuilt spec does, no kernel-devel" \
	test -z "$(find "$dir" -maxdepth 1 -name 'kernel-devel-*.rpm' 2>/dev/null)"
check_image_modes rpm_entries "$kernel" "the kernel rpm"

rpm_payload "$kernel" "$tmp/1"
rm -rf "$out/rpmbuild"
dir=$(ensure_rpms A)
kernel2=$(find "$dir" -maxdepth 1 -name 'kernel-[0-9]*.rpm' 2>/dev/null | head -n1)
rpm_payload "$kernel2" "$tmp/2"
check "the second binrpm-pkg run compiled and linked nothing" \
	test -n "$kernel2" -a \
	-z "$(grep -E '^  (CC|LD|AR|HOSTCC|HOSTCXX) ' "$out/binrpm-pkg.log")"
diff -r --no-dereference "$tmp/1" "$tmp/2" | head -5 | diag
check "the kernel rpms' payloads are bit-identical ($(find "$tmp/1" -type f | wc -l) files, $(find "$tmp/1" -name '*.ko' | wc -l) module(s) among them)" \
	test -n "$(find "$tmp/1/boot" -name 'vmlinuz-*' 2>/dev/null)" -a \
	-n "$(diff -r --no-dereference "$tmp/1" "$tmp/2" >/dev/null && echo same)"
check "the image in the rpm is the build's own" \
	cmp -s "$(find "$tmp/1/boot" -name 'vmlinuz-*' | head -n1)" "$out/$IMAGE"

done_testing
