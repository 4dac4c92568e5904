#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run-qemu.sh BZIMAGE INITRAMFS CONSOLE_LOG [TIMEOUT_SECONDS]
#
# Boot a kernel under qemu-system-x86_64 (TCG; KVM with RANDSTRUCT_QEMU_KVM=1) with
# the serial console captured to CONSOLE_LOG.  Exits 0 when the initramfs
# printed "RANDSTRUCT-BOOT: done", 1 otherwise (timeout, panic, no marker).
# With KERNEL_ARCH=arm64 in the environment, BZIMAGE is an arm64 Image,
# booted under qemu-system-aarch64 (virt machine, Cortex-A57, PL011 console).

set -eu

die() {
	echo "run-qemu.sh: $*" >&2
	exit 1
}

[ $# -ge 3 ] || die "usage: run-qemu.sh BZIMAGE INITRAMFS CONSOLE_LOG [TIMEOUT]"
kernel=$1
initrd=$2
log=$3
limit=${4:-240}
[ -f "$kernel" ] || die "kernel image $kernel not found"
[ -f "$initrd" ] || die "initramfs $initrd not found"

# The machine: qemu binary and package, its first switches, the console.
case ${KERNEL_ARCH:-x86_64} in
x86_64)
	qemu=qemu-system-x86_64 package=qemu-system-x86 console=ttyS0
	accel=tcg
	if [ "${RANDSTRUCT_QEMU_KVM:-0}" = 1 ] && [ -w /dev/kvm ]; then
		accel=kvm
	fi
	set -- -machine pc,accel="$accel"
	;;
arm64)
	qemu=qemu-system-aarch64 package=qemu-system-arm console=ttyAMA0
	set -- -machine virt,accel=tcg -cpu cortex-a57
	;;
*)
	die "KERNEL_ARCH=$KERNEL_ARCH: only x86_64 and arm64 are supported"
	;;
esac
command -v "$qemu" >/dev/null || die "$qemu missing (apt-get install $package)"

rc=0
timeout --foreground -k 5 "$limit" "$qemu" \
	"$@" -m 256M -smp 1 \
	-kernel "$kernel" -initrd "$initrd" \
	-nographic -no-reboot \
	-append "console=$console panic=-1 oops=panic loglevel=7 rdinit=/init" \
	</dev/null >"$log" 2>&1 || rc=$?
# Strip the carriage returns of the serial console.
tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"

if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "run-qemu.sh: boot timed out after ${limit}s, see $log" >&2
	exit 1
fi
grep -q '^RANDSTRUCT-BOOT: done' "$log" || {
	echo "run-qemu.sh: no completion marker on the console, see $log" >&2
	exit 1
}
