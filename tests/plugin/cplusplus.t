#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2016 # bash -c '...' programs read their own $1
# Loaded into cc1plus the plugin refuses cleanly (mainline segfaults).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 3
CXX=${GCC/gcc/g++}
printf 'struct s { void (*a)(); void (*b)(); };\nint main() { return 0; }\n' \
	> "$T/t.cc"
"$CXX" -fplugin="$PLUGIN" -c "$T/t.cc" -o "$T/t.o" > "$T/log" 2>&1
rc=$?
check "g++ with the plugin fails" test "$rc" -eq 1
check "with a message saying C++ is not supported" \
	grep -q "randomizes C structures only and refuses to run in GNU C++" \
	"$T/log"
check "and no internal compiler error" \
	bash -c '! grep -qi "internal compiler error\|segmentation" "$1"' _ \
	"$T/log"
done_testing
