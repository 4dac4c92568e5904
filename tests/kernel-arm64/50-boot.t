#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/50-boot.t on arm64: kernel A boots under
# qemu-system-aarch64, the smoke test and the KUnit suite pass, its module
# loads; modules built with seed B or by the next layout version are
# refused, naming both layout ids.

# shellcheck source=tests/kernel/50-boot.t
. "$(dirname "$0")/../kernel/50-boot.t"
