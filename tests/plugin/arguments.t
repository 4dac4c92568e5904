#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Bad plugin arguments, seeds and seed files each fail the compilation
# with one clear line naming the problem; there is no fallback seed.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 23
echo 'struct s { long a; int b; } __attribute__((randomize_layout)); struct s v;' \
	> "$T/t.c"
good=$(test_seed arguments)

bad() {
	local desc=$1 pattern=$2

	shift 2
	expect_error "$desc" "$pattern" "$@" -c "$T/t.c" -o "$T/t.o"
	check "$desc: no object file left" test ! -e "$T/t.o"
}

bad "seed too short" "exactly 64 hex digits, found 63" "$RS_ARG-seed=${good:1}"
bad "seed too long" "exactly 64 hex digits, found 65" "$RS_ARG-seed=${good}0"
bad "seed not hex" "lowercase hex digits" "$RS_ARG-seed=${good:2}zz"
bad "uppercase seed" "lowercase hex digits" \
	"$RS_ARG-seed=$(tr a-f A-F <<< "$good")"
bad "seed without value" "needs a value" "$RS_ARG-seed"
: > "$T/empty.seed"
bad "empty seed file" "seed file .*empty" "$RS_ARG-seed-file=$T/empty.seed"
bad "missing seed file" "cannot read seed file" \
	"$RS_ARG-seed-file=$T/nope.seed"
printf 'hello\n' > "$T/short.seed"
bad "malformed seed file" "short.seed: the seed must be exactly 64" \
	"$RS_ARG-seed-file=$T/short.seed"
bad "unknown argument" "unknown argument .*-colour" "$RS_ARG-colour=red"
bad "report path in a missing directory" "cannot open report file" \
	"$RS_ARG-report=$T/no/such/dir/r.jsonl"
bad "seed-hash of another seed" "does not match the plugin's seed" \
	"$RS_ARG-seed=$good" "$RS_ARG-seed-hash=$(test_seed other)"

rm -f "$T/t.o"
printf '%s\n' "$good" > "$T/good.seed"
hash=$(printf '%s' "$good" | sha256sum | cut -c1-64)
check "a good seed file and its hash are accepted" \
	rs_cc "$RS_ARG-seed-file=$T/good.seed" "$RS_ARG-seed-hash=$hash" \
	-c "$T/t.c" -o "$T/t.o"
done_testing
