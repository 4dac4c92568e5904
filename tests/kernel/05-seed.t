#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/gen-random-seed.sh: creates a 64-hex-digit private seed once,
# reuses an existing one, takes KBUILD_RANDSTRUCT_SEED, refuses malformed
# seeds with one line, and derives the plugin's seed header (bytes, never
# the hex text) and the vermagic hash header, whose layout id changes with
# the mode and the policy.

KIT=$(cd "$(dirname "$0")/../.." && pwd)
gen=$KIT/kernel/scripts/gen-random-seed.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/tap.sh
. "$KIT/tests/tap.sh"

# refuses WHAT PATTERN [ENV...] -- ARGS: exits 1 with one line matching PATTERN.
refuses() {
	local what=$1 pattern=$2 rc=0
	shift 2
	env "$@" >"$tmp/out" 2>&1 || rc=$?
	check "$what: exit 1" test "$rc" = 1
	check "$what: one line naming the problem" \
		test "$(wc -l <"$tmp/out")" = 1 -a -n "$(grep -E "$pattern" "$tmp/out")"
}

plan 24

d=$tmp/a
sh "$gen" "$d/seed" "$d/seed.h" "$d/hash.h" 7 full none
seed=$(cat "$d/seed")
check "a new seed is 64 lowercase hex digits" \
	test -n "$(echo "$seed" | grep -xE '[0-9a-f]{64}')"
check "the seed file is mode 600" test "$(stat -c %a "$d/seed")" = 600
check "the hash header holds sha256 of the seed's hex text" \
	grep -q "^#define RANDSTRUCT_HASHED_SEED \"$(printf '%s' "$seed" | sha256sum | cut -c1-64)\"$" "$d/hash.h"
check "the hash header names version, mode and a hash of version, mode, policy and seed" \
	grep -q "^#define RANDSTRUCT_LAYOUT_ID \"v7_full_$(printf 'randstruct layout 7 mode full policy none seed %s' "$seed" | sha256sum | cut -c1-64)\"$" "$d/hash.h"
check "the seed header has 32 byte values" \
	test "$(grep -o '0x[0-9a-f][0-9a-f]' "$d/seed.h" | wc -l)" = 32
check "the seed header does not contain the hex text" \
	test -z "$(grep -F "$seed" "$d/seed.h")"
check "the seed header bytes are the seed" \
	test "$(grep -o '0x[0-9a-f][0-9a-f]' "$d/seed.h" | sed 's/0x//' | tr -d '\n')" = "$seed"

# layout_id MODE POLICY: the id the same seed gets with MODE and POLICY.
layout_id() {
	sh "$gen" "$d/seed" "$d/seed.h" "$tmp/id.h" 7 "$1" "$2" &&
		sed -n 's/^#define RANDSTRUCT_LAYOUT_ID "\(.*\)"$/\1/p' "$tmp/id.h"
}
printf 'exclude struct a\n' >"$tmp/p1"
printf 'exclude struct b\n' >"$tmp/p2"
id_full=$(layout_id full none)
id_perf=$(layout_id performance none)
id_p1=$(layout_id full "$tmp/p1")
id_p2=$(layout_id full "$tmp/p2")
check "performance mode has its own layout id ($id_perf)" \
	test -n "$id_perf" -a "$id_perf" != "$id_full" -a "${id_perf#v7_performance_}" != "$id_perf"
check "each policy has its own layout id" \
	test -n "$id_p1" -a -n "$id_p2" -a "$id_p1" != "$id_p2" -a "$id_p1" != "$id_full"
check "the hash header names the policy's SHA-256" \
	grep -q "^#define RANDSTRUCT_POLICY_DIGEST \"$(sha256sum <"$tmp/p2" | cut -c1-64)\"$" "$tmp/id.h"

touch -d '2001-01-01' "$d/seed.h" "$d/hash.h"
sh "$gen" "$d/seed" "$d/seed.h" "$d/hash.h" 7 full none
check "an existing seed is reused" test "$(cat "$d/seed")" = "$seed"
check "unchanged headers are not rewritten (no spurious rebuild)" \
	test "$(stat -c %Y "$d/seed.h")" = "$(date -d 2001-01-01 +%s)"

s2=$(printf 'x' | sha256sum | cut -c1-64)
KBUILD_RANDSTRUCT_SEED=$s2 sh "$gen" "$tmp/b/seed" "$tmp/b/seed.h" "$tmp/b/hash.h" 7 full none
check "KBUILD_RANDSTRUCT_SEED supplies the seed" test "$(cat "$tmp/b/seed")" = "$s2"

refuses "short KBUILD_RANDSTRUCT_SEED" 'KBUILD_RANDSTRUCT_SEED.*64' \
	KBUILD_RANDSTRUCT_SEED=abcd sh "$gen" "$tmp/c/seed" "$tmp/c/seed.h"
check "no seed file after a refused seed" test ! -e "$tmp/c/seed"
refuses "upper-case KBUILD_RANDSTRUCT_SEED" 'KBUILD_RANDSTRUCT_SEED.*hex' \
	KBUILD_RANDSTRUCT_SEED="$(echo "$s2" | tr a-f A-F)" sh "$gen" "$tmp/c/seed" "$tmp/c/seed.h"
mkdir -p "$tmp/e"
: >"$tmp/e/seed"
refuses "empty seed file" 'seed.*empty' sh "$gen" "$tmp/e/seed" "$tmp/e/seed.h"
echo "${seed}0" >"$tmp/e/seed"
refuses "65-digit seed file" '65' sh "$gen" "$tmp/e/seed" "$tmp/e/seed.h"
refuses "seed differing from KBUILD_RANDSTRUCT_SEED" 'differs' \
	KBUILD_RANDSTRUCT_SEED="$s2" sh "$gen" "$d/seed" "$d/seed.h"

done_testing
