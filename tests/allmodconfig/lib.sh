# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# The allmodconfig tier (make check-allmodconfig): the kernel tier's
# helpers (tests/kernel/lib.sh) on x86_64 allmodconfig +
# boot/allmodconfig.config, in its own directory,
# build/kernel/allmodconfig.  Objects are compiled, not linked.

_kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export RANDSTRUCT_TEST_DIR=${RANDSTRUCT_ALLMODCONFIG_DIR:-$_kit/build/kernel/allmodconfig}
export KERNEL_BASE_CONFIG=allmodconfig
export KERNEL_CONFIG_FRAGMENT=$_kit/boot/allmodconfig.config
# shellcheck source=tests/kernel/lib.sh
. "$_kit/tests/kernel/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }
