#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/50-boot.t on Linux 6.1: kernel A boots, the smoke test
# and the KUnit suite pass, its module loads; modules built with seed B,
# by the next layout version, in performance mode or with another policy
# are refused, naming both layout ids.

# shellcheck source=tests/kernel/50-boot.t
. "$(dirname "$0")/../kernel/50-boot.t"
