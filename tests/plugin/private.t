#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What holds the seed or a layout is its owner's only, from its creation
# on: the seed and seed header gen-random-seed.sh writes (a looser existing
# one is tightened with a one-line notice naming it), the layout report
# the plugin writes (an existing looser one is tightened), and the plugin
# this kit builds (the seed is compiled in).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 12
GEN=$(dirname "$0")/../../kernel/scripts/gen-random-seed.sh
seed=$(test_seed private)
umask 022

mode() {
	stat -c %a "$1"
}

env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/new.seed" "$T/new.h" "$T/hash.h" 1 full none \
	2>"$T/err"
check_eq "a new seed file is mode 600 under umask 022" 600 "$(mode "$T/new.seed")"
check_eq "... its seed header too" 600 "$(mode "$T/new.h")"
check_eq "... the public hash header keeps the umask's 644" 644 "$(mode "$T/hash.h")"
check "... and nothing is said" test ! -s "$T/err"

printf '%s\n' "$seed" >"$T/old.seed"
chmod 644 "$T/old.seed"
env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/old.seed" "$T/new.h" 2>"$T/err"
check_eq "an existing seed of mode 644 is made 600" 600 "$(mode "$T/old.seed")"
check "... with one notice naming it and its old mode" \
	test "$(grep -c "notice: $T/old.seed was mode 644, readable by other users; now 600" "$T/err")" = 1 -a \
	"$(wc -l <"$T/err")" = 1
chmod 640 "$T/new.h"
env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/old.seed" "$T/new.h" 2>"$T/err"
check "an unchanged seed header of mode 640 is made 600, with a notice" \
	test "$(mode "$T/new.h")" = 600 -a -n "$(grep "notice: $T/new.h was mode 640" "$T/err")"

printf 'struct __attribute__((randomize_layout)) s { int a; long b; char c; };\nstruct s v;\n' >"$T/s.c"
rs_cc "$RS_ARG-seed=$seed" "$RS_ARG-report=$T/r.jsonl" -c "$T/s.c" -o "$T/s.o"
check "the layout report is written" grep -q '"struct":"s"' "$T/r.jsonl"
check_eq "... mode 600 under umask 022" 600 "$(mode "$T/r.jsonl")"
chmod 644 "$T/r.jsonl"
rs_cc "$RS_ARG-seed=$seed" "$RS_ARG-report=$T/r.jsonl" -c "$T/s.c" -o "$T/s.o"
check_eq "an existing report of mode 644 is made 600 by the next compilation" \
	600 "$(mode "$T/r.jsonl")"
check_eq "... and keeps what it had" 2 "$(grep -c '"struct":"s"' "$T/r.jsonl")"
check "the plugin the kit built grants group and other nothing ($(mode "$PLUGIN"))" \
	test -z "$(find "$PLUGIN" -perm /077)"

done_testing
