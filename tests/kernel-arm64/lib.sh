# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# The arm64 tier (tests/kernel-arm64/, in make check-kernel): the kernel
# tier's helpers (tests/kernel/lib.sh) with KERNEL_ARCH=arm64: Linux 6.12
# and the kit's series, cross-compiled with aarch64-linux-gnu-gcc-12 and
# the plugin built against that compiler's plugin headers, tinyconfig +
# boot/arm64.config, booted under qemu-system-aarch64 (virt machine), in
# build/kernel/arm64.  One kernel, A; a module built with seed B stands in
# for kernel B.

_kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export KERNEL_ARCH=arm64 RANDSTRUCT_TEST_KERNELS=A
export RANDSTRUCT_TEST_DIR=${RANDSTRUCT_ARM64_DIR:-$_kit/build/kernel/arm64}
# shellcheck source=tests/kernel/lib.sh
. "$_kit/tests/kernel/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }
