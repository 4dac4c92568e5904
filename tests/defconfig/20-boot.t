#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the defconfig kernel in qemu (TCG): the smoke test passes, the KUnit
# suite passes, /sys/kernel/btf/vmlinux is there, and the test module
# built against the tree loads and reads task_struct.

# shellcheck source=tests/defconfig/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/defconfig/lib.sh missing"; exit 1; }

plan 6

ensure_build A "$SEED_A"
out=$(out_dir A)
ko=$(ensure_module A)
log=$out/test-console.log
"$KIT/boot/mkinitramfs.sh" "$out/test-initramfs.cpio" "$ko=1-rsmod-A.ko" ||
	bail "cannot build the initramfs"
start=$(date +%s)
rc=0
"$KIT/boot/run-qemu.sh" "$out/arch/x86/boot/bzImage" "$out/test-initramfs.cpio" \
	"$log" 900 || rc=$?
echo "booted and powered off in $(($(date +%s) - start))s" | diag
# defconfig has PRINTK_TIME: kernel messages start with a timestamp.
grep -E '^(\[ *[0-9.]+\] )?(RANDSTRUCT|rsmod)' "$log" | diag

check "the defconfig kernel boots to the initramfs and powers off" test "$rc" = 0
check "console shows RANDSTRUCT-SMOKE: PASS" grep -qx 'RANDSTRUCT-SMOKE: PASS' "$log"
check "no oops, BUG or panic" \
	test -z "$(grep -E 'Oops|BUG:|Kernel panic|general protection' "$log")"
kunit_verdict "$log" | diag
check "KUnit suite randstruct ok at boot, all $(kunit_cases) cases ok" \
	test "$(kunit_verdict "$log")" = "suite ok, $(kunit_cases) ok, 0 not ok, 0 skipped"
check "the kernel exposes /sys/kernel/btf/vmlinux" \
	grep -q '^RANDSTRUCT-BTF: /sys/kernel/btf/vmlinux [1-9][0-9]* bytes' "$log"
check "the test module loads and reads task_struct (comm=insmod)" \
	grep -E -q '^(\[ *[0-9.]+\] )?rsmod: loaded comm=insmod pid=[1-9]' "$log"

done_testing
