#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/10-apply.t on Linux 6.1 (lib.sh here): patches/6.1/
# applies to pristine 6.1 with git am and quilt, and randstruct-apply
# picks it for a 6.1 tree by itself.

# shellcheck source=tests/kernel/10-apply.t
. "$(dirname "$0")/../kernel/10-apply.t"
