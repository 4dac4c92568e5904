#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2016 # bash -c '...' programs read their own $1
# Layouts depend on the seed and the structure only: two translation units
# agree, -O and -g change nothing, different seeds give different layouts,
# and anonymous structures get permutations of their own.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 8
seed=$(test_seed determinism)
S="$RS_ARG-seed=$seed"

cat > "$T/shared.h" <<'H'
struct task {
	long id; int prio; char comm[16]; void *mm; unsigned flags;
	short nice; char state; long utime; long stime; void *parent;
	unsigned bits_a:4, bits_b:12;
} __attribute__((randomize_layout));
struct task *make_task(long id);
long check_task(const struct task *t);
void fill_task(struct task *t, long id);
H
cat > "$T/a.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "shared.h"
int main(void)
{
	struct task t = { .id = 7, .prio = 3, .comm = "init", .flags = 9,
			  .nice = -5, .state = 'R', .utime = 11, .stime = 13,
			  .bits_a = 5, .bits_b = 1000 };
	struct task copy, *m = make_task(42);

	copy = t;
	printf("%ld %ld %ld\n", check_task(&copy), check_task(m),
	       (long)sizeof(struct task));
	fill_task(&copy, 99);
	printf("%ld %d %s %u\n", copy.id, copy.prio, copy.comm, copy.bits_b);
	return 0;
}
C
cat > "$T/b.c" <<'C'
#include <stdlib.h>
#include <string.h>
#include "shared.h"
struct task *make_task(long id)
{
	struct task *t = calloc(1, sizeof(*t));

	fill_task(t, id);
	return t;
}
void fill_task(struct task *t, long id)
{
	t->id = id;
	t->prio = id + 1;
	strcpy(t->comm, "worker");
	t->bits_b = id * 3;
}
long check_task(const struct task *t)
{
	return t->id * 1000000 + t->prio * 10000 + t->flags * 100 +
	       t->nice + t->state + t->utime + t->stime + t->bits_a +
	       t->bits_b + (long)sizeof(*t);
}
C

"$GCC" -I"$T" -o "$T/plain" "$T/a.c" "$T/b.c"
expected=$("$T/plain" | head -2 | sed 's/ [0-9]*$//')
for opt in -O0 -O2 -Os "-O2 -g"; do
	rm -f "$T/r.jsonl"
	# shellcheck disable=SC2086
	rs_cc -I"$T" $opt "$S" "$RS_ARG-report=$T/r.jsonl" -c "$T/a.c" \
		-o "$T/a.o" && rs_cc -I"$T" $opt "$S" \
		"$RS_ARG-report=$T/r.jsonl" -c "$T/b.c" -o "$T/b.o" &&
		"$GCC" -o "$T/two" "$T/a.o" "$T/b.o"
	got=$("$T/two" | sed 's/ [0-9]*$//' | head -2)
	check_eq "two TUs at $opt agree with the unrandomized program" \
		"$expected" "$got"
	layout_of "$T/r.jsonl" task > "$T/layout$opt"
done
check "same layout at -O0, -O2, -Os and with -g" \
	bash -c 'cmp -s "$1/layout-O0" "$1/layout-O2" &&
		 cmp -s "$1/layout-O0" "$1/layout-Os" &&
		 cmp -s "$1/layout-O0" "$1/layout-O2 -g"' _ "$T"

# Seed sweep: eight seeds, eight different layouts of struct task.
for i in 1 2 3 4 5 6 7 8; do
	rm -f "$T/s.jsonl"
	rs_cc -I"$T" "$RS_ARG-seed=$(test_seed "sweep$i")" \
		"$RS_ARG-report=$T/s.jsonl" -c "$T/b.c" -o "$T/b.o"
	field_order "$T/s.jsonl" task
	echo
done > "$T/sweep"
check_eq "eight seeds give eight different layouts" 8 \
	"$(sort -u "$T/sweep" | wc -l)"
check_eq "the same seed gives the same layout again" \
	"$(sed -n 1p "$T/sweep")" \
	"$(rm -f "$T/s.jsonl"; rs_cc -I"$T" "$RS_ARG-seed=$(test_seed sweep1)" \
	   "$RS_ARG-report=$T/s.jsonl" -c "$T/b.c" -o "$T/b.o";
	   field_order "$T/s.jsonl" task)"

# Anonymous structures with as many fields get their own permutations.
cat > "$T/anon.c" <<'C'
struct holder {
	struct { long a1; long a2; long a3; long a4; long a5; long a6; }
		__attribute__((randomize_layout)) first;
	struct { long b1; long b2; long b3; long b4; long b5; long b6; }
		__attribute__((randomize_layout)) second;
};
struct holder h;
int main(void)
{
	__builtin_printf("%zu %zu %zu %zu %zu %zu\n%zu %zu %zu %zu %zu %zu\n",
		__builtin_offsetof(struct holder, first.a1),
		__builtin_offsetof(struct holder, first.a2),
		__builtin_offsetof(struct holder, first.a3),
		__builtin_offsetof(struct holder, first.a4),
		__builtin_offsetof(struct holder, first.a5),
		__builtin_offsetof(struct holder, first.a6),
		__builtin_offsetof(struct holder, second.b1) - 48,
		__builtin_offsetof(struct holder, second.b2) - 48,
		__builtin_offsetof(struct holder, second.b3) - 48,
		__builtin_offsetof(struct holder, second.b4) - 48,
		__builtin_offsetof(struct holder, second.b5) - 48,
		__builtin_offsetof(struct holder, second.b6) - 48);
	return 0;
}
C
differ=0
for i in 1 2 3 4; do
	out=$(run_program anon "$T/anon.c" "$RS_ARG-seed=$(test_seed anon$i)")
	[ "$(sed -n 1p <<< "$out")" != "$(sed -n 2p <<< "$out")" ] &&
		differ=$((differ + 1))
done
check_eq "two anonymous structs never share a permutation (4 seeds)" \
	4 "$differ"
done_testing
