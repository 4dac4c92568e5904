#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/72-private.t on Linux 6.1: the same guarantees for kernel A of
# the 6.1 tier (tinyconfig + kernel.config + btf.config + secrecy.config).

# shellcheck source=tests/kernel/72-private.t
. "$(dirname "$0")/../kernel/72-private.t"
