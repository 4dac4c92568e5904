#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/70-secrecy.t on arm64: the seed's text is nowhere in what
# the build produces or prints; vermagic carries its public hash.

# shellcheck source=tests/kernel/70-secrecy.t
. "$(dirname "$0")/../kernel/70-secrecy.t"
