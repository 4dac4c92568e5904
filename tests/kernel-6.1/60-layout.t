#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/60-layout.t on Linux 6.1: pahole agrees with the report
# on cred and task_struct's randomized region; seed B's layouts (from its
# module's DWARF) differ; blocked and saved_sigmask stay together.

# shellcheck source=tests/kernel/60-layout.t
. "$(dirname "$0")/../kernel/60-layout.t"
