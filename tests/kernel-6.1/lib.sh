# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# The Linux 6.1 tier (tests/kernel-6.1/, in make check-kernel): the kernel
# tier's helpers (tests/kernel/lib.sh) on Debian's linux-source-6.1 with
# the kit's series for it (patches/6.1/), tinyconfig + boot/kernel.config
# + boot/btf.config + boot/secrecy.config, in build/kernel/6.1.  One kernel, A; a module built
# with seed B stands in for kernel B.

_kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export KERNEL_LTS=6.1 RANDSTRUCT_TEST_KERNELS=A
export RANDSTRUCT_TEST_DIR=${RANDSTRUCT_LTS_DIR:-$_kit/build/kernel/6.1}
export KERNEL_CONFIG_FRAGMENT="$_kit/boot/kernel.config $_kit/boot/btf.config $_kit/boot/secrecy.config"
# shellcheck source=tests/kernel/lib.sh
. "$_kit/tests/kernel/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }
