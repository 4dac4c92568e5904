# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Shared helpers for the TAP tests: plan and assertions (tests/tap.sh), and
# compiling with the plugin.  Source it from a test script; it creates $T,
# a scratch directory removed on exit.

: "${GCC:=gcc}"
: "${PLUGIN:=build/randomize_layout_plugin.so}"
PLUGIN=$(readlink -f "$PLUGIN")
# shellcheck disable=SC2034 # for the tests that source this file
RS_ARG=-fplugin-arg-randomize_layout_plugin
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

# A fixed test seed per name, so runs are reproducible.
test_seed() {
	printf '%s' "$1" | sha256sum | cut -c1-64
}

# rs_cc ARGS...: compile with the plugin.
rs_cc() {
	"$GCC" -fplugin="$PLUGIN" "$@"
}

# run_program NAME SOURCE ARGS...: build $T/NAME from SOURCE, print output.
run_program() {
	local name=$1 src=$2

	shift 2
	rs_cc -o "$T/$name" "$src" "$@" && "$T/$name"
}

# expect_error DESC PATTERN ARGS...: compilation must fail, saying PATTERN.
expect_error() {
	local desc=$1 pattern=$2

	shift 2
	if rs_cc "$@" > "$T/err.log" 2>&1; then
		not_ok "$desc (compiled)"
	elif grep -q -- "$pattern" "$T/err.log"; then
		ok "$desc"
	else
		not_ok "$desc"
		sed 's/^/#   /' "$T/err.log" | head -5
	fi
}

# layout_version: RS_LAYOUT_VERSION of the plugin sources.
layout_version() {
	sed -n 's/^#define RS_LAYOUT_VERSION[ \t]*\([0-9]*\)$/\1/p' \
		"$(dirname "${BASH_SOURCE[0]}")/../kernel/scripts/gcc-plugins/randstruct/rs_order.h"
}

gcc_major() {
	"$GCC" -dumpversion | cut -d. -f1
}

RSLAYOUT="python3 $(dirname "${BASH_SOURCE[0]}")/rslayout.py"

# layout_of REPORT TAG: the plugin's layout, normalized and sorted.
layout_of() {
	$RSLAYOUT report "$1" "$2" | sort
}

# probed_layout REPORT TAG HEADER ARGS...: the layout the compiled code
# sees, built with the plugin and ARGS.
probed_layout() {
	local report=$1 tag=$2 header=$3

	shift 3
	$RSLAYOUT probe "$report" "$tag" "$header" > "$T/probe-$tag.c" &&
		rs_cc -I"$(dirname "$header")" -o "$T/probe-$tag" \
			"$T/probe-$tag.c" "$@" &&
		"$T/probe-$tag" | sort
}

# field_order REPORT TAG: named fields sorted by their new offset.
field_order() {
	$RSLAYOUT report "$1" "$2" | grep -v '^size ' | sort -k2,2n -k1,1 |
		cut -d' ' -f1 | tr '\n' ' '
}

# declared_order REPORT TAG: named fields in declaration order.
declared_order() {
	$RSLAYOUT declared "$1" "$2"
}
