#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2016 # bash -c '...' programs read their own $1
# Which structures move: marked ones, function-pointer-only ones (typedef'd,
# const, arrays, nested), never unions, never no_randomize_layout, never
# uapi; attribute misuse is an error naming the type.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 17
S="$RS_ARG-seed=$(test_seed selection)"
mkdir -p "$T/include/uapi/linux"

cat > "$T/sel.c" <<'C'
typedef int (*handler_t)(int);
struct marked { long a; int b; char c; } __attribute__((randomize_layout));
struct fptrs { void (*a)(void); int (*b)(int); long (*c)(long); };
struct typedefd { handler_t a; handler_t b; const handler_t c; };
struct arrays { handler_t a[2]; void (*b[3])(void); };
struct nested { struct { handler_t x; handler_t y; } in; handler_t z; };
struct with_union { union { handler_t x; void (*y)(void); } u; handler_t z; };
struct mixed { handler_t a; int b; };
struct single { handler_t a; };
struct optout { handler_t a; handler_t b; } __attribute__((no_randomize_layout));
union never { handler_t a; handler_t b; };
struct marked m; struct fptrs f; struct typedefd t; struct arrays ar;
struct nested n; struct with_union w; struct mixed x; struct single s;
struct optout o; union never u;
C
R=$T/r.jsonl
rs_cc "$S" "$RS_ARG-report=$R" -c "$T/sel.c" -o "$T/sel.o"
selected=$(python3 -c '
import json, sys
print(" ".join(sorted({json.loads(l)["struct"] + ":" + json.loads(l)["reason"]
                       for l in open(sys.argv[1])})))' "$R")
for want in marked:marked fptrs:function-pointers \
	    typedefd:function-pointers arrays:function-pointers \
	    nested:function-pointers with_union:function-pointers; do
	check "struct ${want%%:*} is randomized (${want#*:})" \
		grep -qw "$want" <<< "$selected"
done
for keep in mixed single optout never; do
	check "$keep is left alone" bash -c '! grep -q "\\b$1:" <<< "$2"' _ \
		"$keep" "$selected"
done

# The policy file decides for unannotated structures: exclude a
# function-pointer one, add a plain one (against an annotation it is an
# error: tests/plugin/policy.t).
printf 'exclude struct fptrs  # opt out without patching\nrandomize mixed\n' \
	> "$T/p.policy"
rm -f "$T/p.jsonl"
rs_cc "$S" "$RS_ARG-policy=$T/p.policy" "$RS_ARG-report=$T/p.jsonl" \
	-c "$T/sel.c" -o "$T/sel.o"
check "policy exclude opts a function-pointer struct out" \
	bash -c '! grep -q "\"struct\":\"fptrs\"" "$1"' _ "$T/p.jsonl"
check "policy randomize adds a struct by tag" \
	grep -q '"struct":"mixed"' "$T/p.jsonl"

bad_attr() {
	printf '%s\n' "$2" > "$T/bad.c"
	expect_error "$1" "$3" -c "$T/bad.c" -o "$T/bad.o"
}
bad_attr "randomize_layout on a union" \
	'union u { int a; long b; } __attribute__((randomize_layout));' \
	"applies to struct types, not to .union u."
bad_attr "randomize_layout on a variable" \
	'int v __attribute__((randomize_layout));' "applies to struct types"
bad_attr "both attributes on one struct" \
	'struct b { int a; long c; } __attribute__((randomize_layout, no_randomize_layout));' \
	"has both .randomize_layout. and .no_randomize_layout."

printf 'struct ustat { long a; int b; } __attribute__((randomize_layout));\n' \
	> "$T/include/uapi/linux/ustat.h"
printf '#include <uapi/linux/ustat.h>\nstruct ustat v;\n' > "$T/u.c"
expect_error "randomize_layout in a uapi header is an error" \
	"defined in a uapi header" -I"$T/include" -c "$T/u.c" -o "$T/u.o"
printf 'struct uops { void (*a)(void); void (*b)(void); };\n' \
	> "$T/include/uapi/linux/uops.h"
printf '#include <uapi/linux/uops.h>\nstruct uops v;\n' > "$T/u2.c"
rm -f "$T/u.jsonl"
rs_cc -I"$T/include" "$RS_ARG-report=$T/u.jsonl" -c "$T/u2.c" -o "$T/u2.o"
check "function-pointer struct in uapi is left alone" test ! -s "$T/u.jsonl"
done_testing
