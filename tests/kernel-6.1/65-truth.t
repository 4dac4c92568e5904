#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/65-truth.t on Linux 6.1: the compiler, DWARF and the
# kernel's own BTF (DEBUG_INFO_BTF, boot/btf.config) agree with the
# report on every member of every randomized structure.

# shellcheck source=tests/kernel/65-truth.t
. "$(dirname "$0")/../kernel/65-truth.t"
