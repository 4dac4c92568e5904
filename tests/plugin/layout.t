#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2016 # bash -c '...' programs read their own $1
# Layout rules: determinism, pinned tails, bit-field runs, anonymous
# members, attributes, early declarations, no growth.  Every layout is read
# back from the compiled program and compared with the plugin's report.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 28
seed=$(test_seed layout)
S="$RS_ARG-seed=$seed"

cat > "$T/rules.h" <<'H'
struct wide {
	long a0; long a1; long a2; long a3; long a4; long a5; long a6; long a7;
	long a8; long a9;
} __attribute__((randomize_layout));

struct mixed {
	char c0; long l0; int i0; short s0; char c1; void *p0; double d0;
	int i1; char c2; short s1; long l1; char name[7];
} __attribute__((randomize_layout));

struct flex {
	long a; int b; char c; short d; void *e; long f; char tail[];
} __attribute__((randomize_layout));

struct zero_len {
	long a; int b; char c; short d; void *e; long f; char tail[0];
} __attribute__((randomize_layout));

struct bits {
	long a;
	unsigned r1a:3, r1b:7, :0, r1c:2;
	long b;
	unsigned r2a:1, r2b:1;
	long c;
	unsigned r3a:5;
	int d; short e; char f; void *g;
} __attribute__((randomize_layout));

struct anon {
	long a;
	struct { int in1; int in2; char in3; };
	union { long u1; char u2; };
	long b; long c; int d; char e; void *f;
} __attribute__((randomize_layout));

struct packed_one {
	char a; long b; int c; short d; char e; void *f; char g;
} __attribute__((packed, randomize_layout));

struct aligned_fields {
	char a; long b __attribute__((aligned(32))); int c; short d;
	char e __attribute__((aligned(16))); void *f; char g;
} __attribute__((randomize_layout));

struct aligned_struct {
	char a; int b; long c; short d; char e; void *f;
} __attribute__((aligned(64), randomize_layout));
H

cat > "$T/use.c" <<'C'
#include <stdio.h>
#include <stdint.h>
#include "rules.h"
extern struct wide early_extern;
struct mixed tentative;
struct flex *flex_ptr;
struct zero_len zl;
struct bits bits_var;
struct anon anon_var;
struct packed_one packed_var;
struct aligned_fields af;
struct aligned_struct as;
struct wide early_extern = { .a3 = 3 };
struct mixed tentative;
typedef const struct mixed mixed_t;
struct mixed arr[5];
struct aligned_struct big_aligned __attribute__((aligned(256)));
struct mixed var_aligned __attribute__((aligned(128)));

int main(void)
{
	mixed_t *q = &arr[1];
	printf("arr %zu %zu\n", sizeof(arr), 5 * sizeof(struct mixed));
	printf("typedef %zu %zu\n", (size_t)((char *)&q->d0 - (char *)q),
	       __builtin_offsetof(struct mixed, d0));
	printf("tentative %zu\n", sizeof(tentative));
	printf("var_align %d %d %d\n", (int)__alignof__(var_aligned),
	       (int)((uintptr_t)&var_aligned % 128), (int)__alignof__(big_aligned));
	printf("big_align %d\n", (int)((uintptr_t)&big_aligned % 256));
	printf("struct_align %d\n", (int)__alignof__(struct aligned_struct));
	printf("early %ld\n", early_extern.a3);
	printf("anon %zu %zu %zu\n",
	       __builtin_offsetof(struct anon, in2) -
	       __builtin_offsetof(struct anon, in1),
	       __builtin_offsetof(struct anon, in3) -
	       __builtin_offsetof(struct anon, in1),
	       __builtin_offsetof(struct anon, u2) -
	       __builtin_offsetof(struct anon, in1) -
	       (__builtin_offsetof(struct anon, u1) -
		__builtin_offsetof(struct anon, in1)) + 8);
	return 0;
}
C

R=$T/r.jsonl
rs_cc -I"$T" -O2 "$S" "$RS_ARG-report=$R" -o "$T/use" "$T/use.c" 2> "$T/warn"
check "test program compiles without warnings" test ! -s "$T/warn"
"$T/use" > "$T/out"

for tag in wide mixed flex zero_len bits anon packed_one aligned_fields \
	   aligned_struct; do
	check_eq "struct $tag: compiled offsets match the report" \
		"$(layout_of "$R" "$tag")" \
		"$(probed_layout "$R" "$tag" "$T/rules.h" "$S")"
done

check_ne "struct wide is reordered" "$(declared_order "$R" wide)" \
	"$(field_order "$R" wide)"
check_eq "flexible array stays last" "tail" \
	"$(field_order "$R" flex | awk '{print $NF}')"
check_eq "zero-length array stays last" "tail" \
	"$(field_order "$R" zero_len | awk '{print $NF}')"

# Bit-field runs move whole, in declaration order, and never touch.
order=$(field_order "$R" bits)
check "bit-field run 1 contiguous and ordered" \
	grep -q 'r1a r1b r1c' <<< "$order"
check "bit-field run 2 contiguous and ordered" grep -q 'r2a r2b' <<< "$order"
check "bit-field runs never adjacent" \
	bash -c '! grep -Eq "r1c r2a|r1c r3a|r2b r1a|r2b r3a|r3a r1a|r3a r2a" <<< "$1"' _ "$order"

check_eq "anonymous struct member moves as a unit" "anon 4 8 8" \
	"$(grep '^anon' "$T/out")"
check_eq "packed struct keeps its size" \
	"size 25" "$($RSLAYOUT report "$R" packed_one | grep size)"
af_b=$($RSLAYOUT report "$R" aligned_fields | awk '$1 == "b" {print $2}')
af_e=$($RSLAYOUT report "$R" aligned_fields | awk '$1 == "e" {print $2}')
check "aligned(32) field stays aligned" test $((af_b % 256)) -eq 0
check "aligned(16) field stays aligned" test $((af_e % 128)) -eq 0
check_eq "aligned(64) struct keeps its alignment" "struct_align 64" \
	"$(grep struct_align "$T/out")"
check_eq "aligned(N) on a variable of randomized type is kept" \
	"var_align 128 0 256" "$(grep var_align "$T/out")"
check_eq "arrays of randomized structs use the new size" \
	"$(grep '^arr' "$T/out" | cut -d' ' -f3)" \
	"$(grep '^arr' "$T/out" | cut -d' ' -f2 | awk '{print $1}')"
check_eq "typedef'd const variant sees the new offsets" \
	"$(grep typedef "$T/out" | cut -d' ' -f3)" \
	"$(grep typedef "$T/out" | cut -d' ' -f2)"
check_eq "extern declared before the definition sees the layout" \
	"early 3" "$(grep early "$T/out")"

# A last member whose type ends in a flexible array (through a struct or a
# union) stays last, or the trailing data would overwrite the members
# placed after it (tests/fuzz/repro/trailing-struct-with-flexible-array.c).
cat > "$T/nested_flex.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
struct flex { int n; int data[]; };
union uflex { long l; struct flex f; };
struct __attribute__((randomize_layout)) outer {
	long a; int b; char c; short d; struct flex f;
};
struct __attribute__((randomize_layout)) uouter {
	long a; int b; char c; short d; union uflex u;
};
int main(void)
{
	struct outer *o = malloc(sizeof(*o) + 8 * sizeof(int));
	struct uouter *u = malloc(sizeof(*u) + 8 * sizeof(int));
	int i;

	if (!o || !u)
		return 1;
	o->a = u->a = 1; o->b = u->b = 2; o->c = u->c = 3; o->d = u->d = 4;
	for (i = 0; i < 8; i++)
		o->f.data[i] = u->u.f.data[i] = 100 + i;
	printf("%ld %d %d %d %d ", o->a, o->b, o->c, o->d, o->f.data[7]);
	printf("%ld %d %d %d %d\n", u->a, u->b, u->c, u->d, u->u.f.data[7]);
	return 0;
}
C
bad_seeds=
moved=
for i in 1 2 3 4 5 6 7 8; do
	out=$(run_program nested_flex "$T/nested_flex.c" -Wall -O0 \
		"$RS_ARG-seed=$(printf '%064x' "$i")" \
		"$RS_ARG-report=$T/nf$i.jsonl" 2>&1)
	[ "$out" = "1 2 3 4 107 1 2 3 4 107" ] || bad_seeds="$bad_seeds $i"
	[ "$(field_order "$T/nf$i.jsonl" outer)" != "$(declared_order \
		"$T/nf$i.jsonl" outer)" ] && moved=yes
done
check_eq "struct ending in a flexible-array struct or union stays last (8 seeds)" \
	"" "$bad_seeds"
check_eq "... while the other members are still randomized" yes "$moved"

# No structure grows: compare with the plugin disabled.
grown=$(python3 - "$R" <<'P'
import json, sys
print(sum(1 for l in open(sys.argv[1])
          if json.loads(l)["size_after"] > json.loads(l)["size_before"]))
P
)
check_eq "no randomized struct grows" 0 "$grown"
done_testing
