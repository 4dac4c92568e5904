#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2016 # bash -c '...' programs read their own $1
# The layout report: contents, no seed, whole lines under parallel
# compilers, and scripts/randstruct-layout reading and diffing it.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 11
seed=$(test_seed report)
S="$RS_ARG-seed=$seed"
LAYOUT=$(dirname "$0")/../../scripts/randstruct-layout

cat > "$T/r.h" <<'H'
struct big {
	long f00; long f01; long f02; long f03; long f04; long f05; long f06;
	long f07; long f08; long f09; long f10; long f11; long f12; long f13;
	long f14; long f15; long f16; long f17; long f18; long f19; long f20;
	long f21; long f22; long f23; long f24; long f25; long f26; long f27;
	long f28; long f29; long f30; long f31; long f32; long f33; long f34;
	long f35; long f36; long f37; long f38; long f39; char tail[];
} __attribute__((randomize_layout));
struct ops { void (*a)(void); void (*b)(void); void (*c)(void); };
H
for i in $(seq 1 24); do
	printf '#include "r.h"\nstruct big b%d; struct ops o%d;\n' "$i" "$i" \
		> "$T/tu$i.c"
done
R=$T/r.jsonl
seq 1 24 | xargs -P 8 -I{} "$GCC" -fplugin="$PLUGIN" -I"$T" "$S" \
	"$RS_ARG-report=$R" -c "$T/tu{}.c" -o "$T/tu{}.o"

check_eq "48 lines from 24 parallel compilations" 48 "$(wc -l < "$R")"
check "every line is a whole JSON object" python3 -c '
import json, sys
for line in open(sys.argv[1]):
    json.loads(line)' "$R"
check_eq "all translation units agree" 1 \
	"$(grep '"struct":"big"' "$R" | sed 's/^{"tu":"[^"]*",//' | sort -u |
	   wc -l)"
check "the seed never appears in the report" \
	bash -c '! grep -q "$1" "$2"' _ "$seed" "$R"
check_eq "seed_sha256 is the SHA-256 of the seed text" \
	"$(printf '%s' "$seed" | sha256sum | cut -c1-64)" \
	"$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["seed_sha256"])' "$R")"
keys=$(python3 -c '
import json, sys
e = json.loads(open(sys.argv[1]).readline())
f = e["fields"][0]
print(" ".join(sorted(e)), "/", " ".join(sorted(f)))' "$R")
check_eq "report lines carry the documented keys" \
	"anonymous entropy_bits fields file identity layout_version line mode reason seed_sha256 size_after size_before struct tu / bit_offset bit_size bitfield index name" \
	"$keys"
check "entropy of 40 alike fields is log2(40!) = 159.16 bits" \
	grep -q '"struct":"big".*"entropy_bits":159.16' "$R"

"$LAYOUT" show "$R" big > "$T/show"
check_eq "randstruct-layout show lists every field once" 41 \
	"$(grep -c ' f[0-9][0-9]$\| tail$' "$T/show")"
check_eq "... with the flexible array last at 320 bytes" "320 0 tail" \
	"$(tail -1 "$T/show" | awk '{print $1, $2, $3}')"

rs_cc -I"$T" "$RS_ARG-seed=$(test_seed other)" "$RS_ARG-report=$T/o.jsonl" \
	-c "$T/tu1.c" -o "$T/tu1.o"
"$LAYOUT" diff "$R" "$T/o.jsonl" > "$T/diff"
check_eq "diff of two seeds reports the changed structs, exit 1" \
	"1 2" "$? $(grep -c '^~ struct' "$T/diff")"
"$LAYOUT" diff "$R" "$R" > "$T/same"
check_eq "diff of a report with itself: same, exit 0" "0 2" \
	"$? $(grep -c '^= struct' "$T/same")"
done_testing
