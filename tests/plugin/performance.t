#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Performance mode: cache-line groups cut in declaration order, the group
# order shuffled, the fields inside each group shuffled, bit-field runs whole.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 9
cat > "$T/perf.h" <<'H'
struct lines {
	long a0; long a1; long a2; long a3; long a4; long a5; long a6; long a7;
	long b0; long b1; long b2; long b3; long b4; long b5; long b6; long b7;
	long c0; long c1; long c2; long c3; long c4; long c5; long c6; long c7;
} __attribute__((randomize_layout));
struct withbits {
	long a; unsigned r1:3, r2:5, r3:9; long b; int c; short d; char e;
	unsigned s1:1, s2:1; long f;
} __attribute__((randomize_layout));
H
printf '#include "perf.h"\nstruct lines l; struct withbits w;\n' > "$T/p.c"

groups_kept=0 group_moved=0 inner_moved=0
for i in 1 2 3 4 5 6; do
	R=$T/r$i.jsonl
	S="$RS_ARG-seed=$(test_seed perf$i)"
	rs_cc -I"$T" "$S" "$RS_ARG-performance-mode" "$RS_ARG-report=$R" \
		-c "$T/p.c" -o "$T/p.o"
	$RSLAYOUT report "$R" lines | grep -v '^size' > "$T/l$i"
	# every field stays in the cache line of its declaration group
	if awk '{ g[substr($1, 1, 1)] = g[substr($1, 1, 1)] " " int($2 / 512) }
		END { for (k in g) { split(g[k], v, " ");
		      for (j in v) if (v[j] != v[1]) exit 1 } }' "$T/l$i"; then
		groups_kept=$((groups_kept + 1))
	fi
	first=$(sort -k2,2n "$T/l$i" | head -1 | cut -c1)
	[ "$first" != a ] && group_moved=$((group_moved + 1))
	order=$(field_order "$R" lines)
	grep -q '^a0 a1 a2 a3 a4 a5 a6 a7 ' <<< "$order" ||
		inner_moved=$((inner_moved + 1))
	if [ "$i" = 1 ]; then
		check_eq "performance mode: compiled offsets match the report" \
			"$(layout_of "$R" withbits)" \
			"$(probed_layout "$R" withbits "$T/perf.h" "$S" \
			   "$RS_ARG-performance-mode")"
		check "report says mode performance" \
			grep -q '"mode":"performance"' "$R"
	fi
	wb=$(field_order "$R" withbits)
	if ! grep -q 'r1 r2 r3' <<< "$wb" || ! grep -q 's1 s2' <<< "$wb"; then
		not_ok "bit-field runs whole (seed $i): $wb"
	fi
done
check_eq "every field keeps its cache-line group (6 seeds)" 6 "$groups_kept"
check "group order is shuffled (some seed moves group a)" \
	test "$group_moved" -gt 0
check "fields inside a group are shuffled" test "$inner_moved" -ge 5

# Pairs of fields that shared a cache line before still do.
pairs=$(python3 - "$T/r1.jsonl" <<'P'
import json, sys
e = [json.loads(l) for l in open(sys.argv[1]) if '"lines"' in l][0]
f = e["fields"]
before = after = 0
for i in range(len(f)):
    for j in range(i + 1, len(f)):
        if i // 8 == j // 8:
            before += 1
            after += f[i]["bit_offset"] // 512 == f[j]["bit_offset"] // 512
print(before, after)
P
)
check_eq "all 84 same-line pairs still share a line" "84 84" "$pairs"
full=$(rs_cc -I"$T" "$RS_ARG-seed=$(test_seed perf1)" \
	"$RS_ARG-report=$T/full.jsonl" -c "$T/p.c" -o "$T/p.o";
	field_order "$T/full.jsonl" lines)
check_ne "full and performance mode differ" "$full" \
	"$(field_order "$T/r1.jsonl" lines)"
sizes=$(python3 -c '
import json, sys
print(all(json.loads(l)["size_after"] <= json.loads(l)["size_before"]
          for l in open(sys.argv[1])))' "$T/r1.jsonl")
check_eq "performance mode grows nothing" True "$sizes"
check "entropy reported" grep -q '"entropy_bits":[1-9]' "$T/r1.jsonl"
done_testing
