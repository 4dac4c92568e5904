#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# DWARF tells the truth: gdb's ptype /o and pahole -C print exactly the
# offsets and size the compiled program uses, for DWARF 4 and 5.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

tags="ops task bits anon flex packed_one"
plan $((2 * 2 * 6))
seed=$(test_seed debuginfo)
S="$RS_ARG-seed=$seed"

cat > "$T/dbg.h" <<'H'
struct ops {
	int (*open)(int); int (*close)(int); long (*read)(int, char *);
	long (*write)(int, const char *); void (*release)(void *);
	int (*ioctl)(int, unsigned long);
};
struct task {
	long id; int prio; char comm[16]; void *mm; unsigned flags;
	short nice; char state; long utime; long stime; void *parent;
} __attribute__((randomize_layout));
struct bits {
	long a; unsigned r1a:3, r1b:7; long b; unsigned r2a:1, r2b:9;
	int c; char d;
} __attribute__((randomize_layout));
struct anon {
	long a; struct { int in1; int in2; }; union { long u1; char u2; };
	long b; int c; char d; void *e;
} __attribute__((randomize_layout));
struct flex {
	long a; int b; char c; short d; void *e; long f; char tail[];
} __attribute__((randomize_layout));
struct packed_one {
	char a; long b; int c; short d; char e; void *f;
} __attribute__((packed, randomize_layout));
H
cat > "$T/dbg.c" <<'C'
#include "dbg.h"
struct ops ops_v; struct task task_v; struct bits bits_v;
struct anon anon_v; struct flex *flex_p; struct packed_one packed_v;
int main(void) { return 0; }
C

for dwarf in 4 5; do
	R=$T/r$dwarf.jsonl
	rs_cc -I"$T" -g -gdwarf-$dwarf "$S" "$RS_ARG-report=$R" \
		-o "$T/dbg$dwarf" "$T/dbg.c"
	for tag in $tags; do
		probed=$(probed_layout "$R" "$tag" "$T/dbg.h" "$S")
		gdb -batch -ex "ptype /o struct $tag" "$T/dbg$dwarf" \
			> "$T/gdb.txt" 2>&1
		check_eq "DWARF $dwarf: gdb ptype /o struct $tag matches the program" \
			"$probed" "$($RSLAYOUT gdb "$T/gdb.txt" | sort)"
		pahole -C "$tag" "$T/dbg$dwarf" > "$T/pahole.txt" 2>&1
		check_eq "DWARF $dwarf: pahole -C $tag matches the program" \
			"$probed" "$($RSLAYOUT pahole "$T/pahole.txt" | sort)"
	done
done
done_testing
