#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Positional initializers of randomized structures are errors naming the
# structure; {}, {0} and designated initializers are accepted.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 28
cat > "$T/s.h" <<'H'
struct rnd { char c; long a; int i; void *p; } __attribute__((randomize_layout));
struct outer { int x; struct rnd in; };
void take(struct rnd r);
H

# bad_init DESC CODE: CODE must fail, naming struct rnd.
bad_init() {
	printf '#include "s.h"\n%s\n' "$2" > "$T/bad.c"
	expect_error "$1" "positional initializer for .struct rnd." \
		-I"$T" -c "$T/bad.c" -o "$T/bad.o"
}

# good_init DESC CODE: CODE must compile without any diagnostic.
good_init() {
	printf '#include "s.h"\n%s\n' "$2" > "$T/good.c"
	if rs_cc -I"$T" -Wall -c "$T/good.c" -o "$T/good.o" \
		> "$T/good.log" 2>&1 && [ ! -s "$T/good.log" ]; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$T/good.log" | head -5
	fi
}

bad_init "global positional initializer" 'struct rnd g = { 1, 2 };'
bad_init "static positional initializer" \
	'void f(void) { static struct rnd s = { 1, 2 }; (void)s; }'
bad_init "automatic positional initializer" \
	'void f(void) { struct rnd a = { 1 }; take(a); }'
bad_init "compound literal in a statement" \
	'void f(void) { take((struct rnd){ 1, 2 }); }'
bad_init "compound literal at file scope" \
	'struct rnd *gp = &(struct rnd){ 5, 6 };'
bad_init "nested aggregate" 'struct outer o = { 1, { 2, 3 } };'
bad_init "array of structs" 'struct rnd arr[2] = { { 1 }, { 2 } };'
bad_init "mixed designated and positional" 'struct rnd m = { .a = 1, 2 };'

good_init "empty initializer {}" 'struct rnd e = {}; void f(void) { struct rnd l = {}; take(l); }'
good_init "zero initializer {0}" \
	'struct rnd z = {0}; void f(void) { struct rnd l = {0}; take(l); take((struct rnd){0}); }'
good_init "designated initializers" \
	'struct rnd d = { .a = 1, .c = 2 }; struct outer o = { 1, { .i = 3 } }; void f(void) { take((struct rnd){ .p = 0, .i = 1 }); }'
if [ "$(gcc_major)" -ge 12 ]; then
	good_init "{0} next to designated elements of an array" \
		'struct rnd arr[2] = { { .a = 1 }, { 0 } };'
else
	skip "GCC < 12 reports no element locations; whole initializer judged"
fi

# The structure is marked designated_init for the front end.
cat > "$T/attr.c" <<'C'
#include "s.h"
int main(void)
{
	return !__builtin_has_attribute(struct rnd, designated_init);
}
C
check "randomized struct carries designated_init" \
	run_program attr "$T/attr.c" -I"$T"

# A user's own designated_init struct (not randomized) keeps GCC's warning.
cat > "$T/user.c" <<'C'
struct mine { int a; int b; } __attribute__((designated_init, no_randomize_layout));
struct mine m = { 1, 2 };
C
rs_cc -c "$T/user.c" -o "$T/user.o" > "$T/user.log" 2>&1
check "non-randomized designated_init struct still warns" \
	grep -q "positional initialization of field" "$T/user.log"
check "... as a warning, not an error" test -f "$T/user.o"

# -Wno-designated-init does not switch the randomized check off.
printf '#include "s.h"\nstruct rnd g = { 1, 2 };\n' > "$T/off.c"
expect_error "-Wno-designated-init cannot disable the error" \
	"positional initializer" -Wno-designated-init -I"$T" -c "$T/off.c" \
	-o "$T/off.o"

# {0} and positional initializers under many seeds.  struct agg is mostly
# aggregates, so some seeds put an array or a struct first and "{0}" is
# brace-elided into it; others put the scalar first.
cat > "$T/agg.h" <<'H'
#include <stdio.h>
struct agg {
	long b;
	int c[2];
	struct { short x, y; } in;
	int arr[3];
} __attribute__((randomize_layout));
struct wrap { int n; struct agg a; };
#define PAIR(x, y) { x, y }
struct __attribute__((designated_init, no_randomize_layout)) plain {
	int x, y;
};
static inline long sum(const struct agg *p)
{
	return p->b + p->c[0] + p->c[1] + p->in.x + p->in.y + p->arr[0] +
	       p->arr[1] + p->arr[2];
}
H
cat > "$T/zero.c" <<'C'
#include "agg.h"
#define AGG_INIT { 0 }
#define ZERO 0
#define INIT(x) { x }
struct agg gi = INIT(0);
struct agg g = {0};
static struct agg sg = { 0, };
struct agg gm = AGG_INIT;
struct agg gz = { ZERO };
struct agg garr[2] = { {0}, { 0 } };
struct wrap w = { .n = 1, .a = {0} };
struct agg *gp = &(struct agg){ 0 };
int main(void)
{
	static struct agg st = { 0 };
	struct agg au = { /* zero */ 0 };
	struct plain pl = (struct plain){ .x = 1 };
	long s = sum(&gi) + sum(&g) + sum(&sg) + sum(&gm) + sum(&gz) + sum(&garr[1]) +
		 sum(&w.a) + sum(gp) + sum(&st) + sum(&au);

	au = (struct agg){ .b = 5 };
	s += sum(&au) - 5;
	s += sum(&(struct agg){ 0 });
	s += sum(&(struct agg){ .c = { 1 } }) - 1;
	s += sum(&(struct agg){ 0 });
	(void)pl;
	printf("%ld\n", s);
	return 0;
}
C
agg_first=0
scalar_first=0
zero_bad=
pos_bad=
# GCC 11 cannot tell the nested {0}'s seed-dependent -Wmissing-braces from
# others (a documented limitation).
nobraces=
[ "$(gcc_major)" -ge 12 ] || nobraces=-Wno-missing-braces
for i in $(seq 1 12); do
	sarg="$RS_ARG-seed=$(printf '%064x' "$i")"
	out=$(run_program zero "$T/zero.c" -I"$T" -Wall -Werror $nobraces \
		"$sarg" "$RS_ARG-report=$T/agg$i.jsonl" 2>&1)
	[ "$out" = 0 ] || zero_bad="$zero_bad $i"
	case $(field_order "$T/agg$i.jsonl" agg) in
	b\ *) scalar_first=$((scalar_first + 1)) ;;
	*) agg_first=$((agg_first + 1)) ;;
	esac
	for code in 'struct agg p = { 0, 1 };' \
		    'struct agg p = PAIR(0, 1);' \
		    'struct wrap pw = { .a = { 0, 1 } };' \
		    'void f(void) { struct agg p = { 0, 1 }; (void)p; }' \
		    'long f(void) { return sum(&(struct agg){ 0, 1 }); }' \
		    'long f(void) { return sum(&(struct agg){ .b = 1 }) + sum(&(struct agg){ 0, 2 }); }' \
		    'long f(void) { struct plain q = (struct plain){ .x = 1 }; (void)q; return sum(&(struct agg){ 1, 2 }); }'; do
		printf '#include "agg.h"\n%s\n' "$code" > "$T/pos.c"
		rs_cc -I"$T" "$sarg" -c "$T/pos.c" -o "$T/pos.o" \
			> "$T/pos.log" 2>&1
		if [ -f "$T/pos.o" ] ||
		   ! grep -q "positional initializer for .struct agg." \
			"$T/pos.log"; then
			pos_bad="$pos_bad $i:'$code'"
		fi
		rm -f "$T/pos.o"
	done
done
check "the seeds put an aggregate first ($agg_first) and a scalar first ($scalar_first)" \
	test "$agg_first" -gt 0 -a "$scalar_first" -gt 0
check_eq "{0} accepted, all zero at run time: static, automatic, literal, nested (12 seeds)" \
	"" "$zero_bad"
check_eq "{ 0, 1 } rejected naming the struct (7 forms, 12 seeds)" "" "$pos_bad"

# lto1 loads the plugin too: it must not need the C front end's symbols.
check_eq "with -flto the plugin loads in lto1 and {0} is still zero" 0 \
	"$(run_program zero_lto "$T/zero.c" -I"$T" -flto -O2 $nobraces 2>&1)"

# A 0 followed by more zeros is positional too (GCC 12; GCC 11 judges
# whole initializers and accepts any all-zero one).
printf '#include "agg.h"\nstruct agg z2 = { 0, 0 };\n' > "$T/zz.c"
if [ "$(gcc_major)" -ge 12 ]; then
	expect_error "{ 0, 0 } is positional" \
		"positional initializer for .struct agg." -I"$T" -c "$T/zz.c" \
		-o "$T/zz.o"
else
	check "GCC 11: all-zero { 0, 0 } accepted" \
		rs_cc -I"$T" -c "$T/zz.c" -o "$T/zz.o"
fi

# {0} behind #line naming a missing file, and in preprocessed source
# compiled elsewhere: the source cannot be read, all-zero is accepted.
printf '#include "agg.h"\n#line 7 "missing.y"\nstruct agg l0 = { 0 };\n' \
	> "$T/line.c"
good_line=$(rs_cc -I"$T" -Wall -c "$T/line.c" -o "$T/line.o" 2>&1 && echo ok)
check_eq "{0} after #line naming a missing file" ok "$good_line"
printf '#include "agg.h"\n#line 7 "missing.y"\nstruct agg l1 = { 0, 1 };\n' \
	> "$T/line1.c"
expect_error "{ 0, 1 } after #line naming a missing file" \
	"positional initializer for .struct agg." -I"$T" -c "$T/line1.c" \
	-o "$T/line1.o"
"$GCC" -I"$T" -E "$T/zero.c" > "$T/pre.i"
mkdir "$T/elsewhere"
good_pre=$(cd "$T/elsewhere" && rs_cc -Wall -Werror $nobraces -c ../pre.i \
	-o pre.o 2>&1 && echo ok)
check_eq "{0} in preprocessed source compiled elsewhere" ok "$good_pre"
sed 's/struct agg g = {0};/struct agg g = { 0, 1 };/' "$T/pre.i" > "$T/pre1.i"
grep -q 'g = { 0, 1 }' "$T/pre1.i" || echo "# pre1.i: substitution failed"
expect_error "{ 0, 1 } in preprocessed source" \
	"positional initializer for .struct agg." -c "$T/pre1.i" -o "$T/pre1.o"

# The reproducers of tests/fuzz/repro/ that the check fixed.
R=$(dirname "$0")/../fuzz/repro
check "repro: {0} literal after a designated one" \
	rs_cc -Werror -c "$R/gcc11-zero-compound-literal-after-designated.c" \
	-o "$T/r1.o"
expect_error "repro: positional literal after a plain designated_init one" \
	"positional initializer for .struct S." -c \
	"$R/compound-literal-wrong-owner.c" -o "$T/r2.o"
check_eq "... and only that one" 1 \
	"$(grep -c 'error: positional' "$T/err.log")"
done_testing
