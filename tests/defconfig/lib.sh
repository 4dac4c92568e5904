# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# The defconfig tier (make check-defconfig): the kernel tier's helpers
# (tests/kernel/lib.sh) on a real-size configuration, x86_64 defconfig +
# boot/defconfig.config (the plugin, DWARF 5, BTF for vmlinux and modules,
# the KUnit suite), in its own directory, build/kernel/defconfig.  One
# kernel, A; about 40 minutes to build on 2 cores.

_kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export RANDSTRUCT_TEST_DIR=${RANDSTRUCT_DEFCONFIG_DIR:-$_kit/build/kernel/defconfig}
export KERNEL_BASE_CONFIG=defconfig
export KERNEL_CONFIG_FRAGMENT=$_kit/boot/defconfig.config
# shellcheck source=tests/kernel/lib.sh
. "$_kit/tests/kernel/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }
