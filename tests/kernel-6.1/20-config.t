#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/20-config.t on Linux 6.1 (lib.sh here): mainline's
# randstruct choice, the migration of mainline and earlier kit
# configurations (old-kit/6.1-*.config), kunit.py's command line and the
# seed handling, in 6.1's Kconfig and kbuild.

# shellcheck source=tests/kernel/20-config.t
. "$(dirname "$0")/../kernel/20-config.t"
