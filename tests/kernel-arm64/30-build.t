#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/kernel/30-build.t on arm64: kernel A (the tier's one build)
# carries the seed's hash and the build header in every C object, the
# vDSO's vgettimeofday.o opts out, no cast warning under the kit's policy.

# shellcheck source=tests/kernel/30-build.t
. "$(dirname "$0")/../kernel/30-build.t"
