#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/65-truth.t on arm64: the cross compiler's offsetof, DWARF
# and BTF agree with the report on every member of every randomized
# structure.

# shellcheck source=tests/kernel/65-truth.t
. "$(dirname "$0")/../kernel/65-truth.t"
