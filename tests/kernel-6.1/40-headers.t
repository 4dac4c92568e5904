#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/40-headers.t on Linux 6.1: 6.1's bindeb-pkg (builddeb,
# which ships all of scripts/ and include/) carries the seed, the plugin
# and its headers, and a module built against it matches kernel A.

# shellcheck source=tests/kernel/40-headers.t
. "$(dirname "$0")/../kernel/40-headers.t"
