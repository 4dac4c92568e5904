#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/60-layout.t on arm64: pahole on the arm64 vmlinux agrees
# with the report on cred and task_struct's randomized region; seed B's
# layouts (from its module's DWARF) differ; the signal masks stay together.

# shellcheck source=tests/kernel/60-layout.t
. "$(dirname "$0")/../kernel/60-layout.t"
