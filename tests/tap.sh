# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The TAP helper of every test tier: tests/lib.sh (the plugin tests),
# tests/kernel/lib.sh (the kernel tiers), tests/fuzz/run-fuzz.sh and the
# scripts that source neither (tests/kernel/05-seed.t).  Source it; it
# defines only functions and the two counters below.
#
#   plan N                      the plan line, "1..N"
#   ok DESC, not_ok DESC        the next numbered result
#   skip REASON                 the next result, passed and skipped
#   check DESC COMMAND...       ok when COMMAND succeeds, else not ok
#   check_eq DESC EXPECTED ACTUAL, check_ne DESC A B
#                               compare two strings; a failure shows them
#   tap_result ok|not_ok N DESC a result with its own number N, for writers
#                               that number their results themselves (the
#                               fuzzer's parallel workers); not counted
#   diag [TEXT...]              TEXT, or else stdin, as "# " comment lines
#   bail REASON                 "Bail out!", exit 1
#   done_testing                exit 1 if any result was not ok, else 0

tap_count=0
tap_failed=0

plan() {
	echo "1..$1"
}

tap_result() {
	if [ "$1" = ok ]; then
		echo "ok $2 - $3"
	else
		echo "not ok $2 - $3"
	fi
}

ok() {
	tap_count=$((tap_count + 1))
	tap_result ok "$tap_count" "$*"
}

not_ok() {
	tap_count=$((tap_count + 1))
	tap_failed=$((tap_failed + 1))
	tap_result not_ok "$tap_count" "$*"
}

skip() {
	ok "# SKIP $*"
}

# check DESCRIPTION COMMAND...: passes when COMMAND succeeds.
check() {
	local desc=$1

	shift
	if "$@"; then
		ok "$desc"
	else
		not_ok "$desc"
	fi
}

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		diag "  expected: $2"
		diag "  actual:   $3"
	fi
}

# check_ne DESCRIPTION A B
check_ne() {
	if [ "$2" != "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		diag "  both: $2"
	fi
}

diag() {
	if [ $# -gt 0 ]; then
		printf '%s\n' "$*"
	else
		cat
	fi | sed 's/^/# /'
}

bail() {
	echo "Bail out! $*"
	exit 1
}

done_testing() {
	exit $((tap_failed > 0))
}
