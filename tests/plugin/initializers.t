#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Positional initializers of randomized structures are errors naming the
# structure; {}, {0} and designated initializers are accepted.
. "$(dirname "$0")/../lib.sh"

plan 16
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
done_testing
