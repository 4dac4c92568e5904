#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every C dialect the compiler accepts (each -std= of its --help=c, and
# -ansi) gets the same layouts as the default one; any other front end
# refuses the plugin with an error instead of loading and doing nothing.
# lto1, where the plugin loads and does nothing on purpose, is tested in
# initializers.t.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

mapfile -t stds < <("$GCC" --help=c | sed -n 's/^  -std=\([^ ]*\).*/\1/p')
plan $((${#stds[@]} + 8))
S="$RS_ARG-seed=$(test_seed dialects)"

# Valid C89: no // comments, no declarations after statements, no long long.
cat > "$T/offsets.c" <<'C'
#include <stdio.h>
#include <stddef.h>

struct marked {
	char a;
	long b;
	short c;
	int d;
	void *e;
	char f[3];
	double g;
	unsigned char h;
} __attribute__((randomize_layout));

struct ops {
	void (*open)(void);
	int (*read)(char *, int);
	int (*write)(const char *, int);
	void (*close)(void);
	long (*seek)(long, int);
};

#define SHOW(type, member) \
	printf(" %s=%lu", #member, (unsigned long)offsetof(type, member))

int main(void)
{
	printf("marked");
	SHOW(struct marked, a);
	SHOW(struct marked, b);
	SHOW(struct marked, c);
	SHOW(struct marked, d);
	SHOW(struct marked, e);
	SHOW(struct marked, f);
	SHOW(struct marked, g);
	SHOW(struct marked, h);
	printf("\nops");
	SHOW(struct ops, open);
	SHOW(struct ops, read);
	SHOW(struct ops, write);
	SHOW(struct ops, close);
	SHOW(struct ops, seek);
	printf("\n");
	return 0;
}
C

# offsets NAME ARGS...: the program's output, built with the plugin.
offsets() {
	local name=$1

	shift
	run_program "$name" "$T/offsets.c" "$S" -pedantic-errors \
		-Werror=attributes "$@" 2>&1
}

"$GCC" -o "$T/declared" "$T/offsets.c" -Wno-attributes &&
	declared=$("$T/declared")
default=$(offsets default)
check "the compiler lists C dialects (${#stds[@]}: ${stds[*]})" \
	test "${#stds[@]}" -ge 20
check "the program builds without the plugin" test -n "$declared"
check_ne "the default dialect randomizes the marked structure" \
	"$(head -1 <<< "$declared")" "$(head -1 <<< "$default")"
check_ne "the default dialect randomizes the function pointer structure" \
	"$(tail -1 <<< "$declared")" "$(tail -1 <<< "$default")"
for std in "${stds[@]}"; do
	check_eq "-std=$std: the default dialect's layouts" "$default" \
		"$(offsets "std-${std//:/-}" -std="$std")"
done
check_eq "-ansi: the default dialect's layouts" "$default" \
	"$(offsets ansi -ansi)"

# not_c DESC LANGUAGE-NAME COMPILER ARGS...: the front end refuses.
not_c() {
	local desc=$1 name=$2 compiler=$3

	shift 3
	if "$compiler" -fplugin="$PLUGIN" "$@" > "$T/lang.log" 2>&1; then
		not_ok "$desc (compiled)"
	elif grep -q "randomizes C structures only and refuses to run in $name" \
		"$T/lang.log"; then
		ok "$desc"
	else
		not_ok "$desc"
		diag < "$T/lang.log"
	fi
}

FC=${GCC/gcc/gfortran}
if command -v "$FC" > /dev/null; then
	printf 'program p\nend program p\n' > "$T/p.f90"
	not_c "$FC: the plugin refuses with an error naming Fortran" \
		"GNU Fortran" "$FC" -c "$T/p.f90" -o "$T/p.o"
else
	skip "$FC is not installed"
fi

# Objective-C is C with more: refused too, its runtime's structures are
# the front end's, not the program's.
if [ -x "$("$GCC" -print-prog-name=cc1obj)" ]; then
	printf 'int main(void) { return 0; }\n' > "$T/m.m"
	not_c "objective-c: the plugin refuses with an error" \
		"GNU Objective-C" "$GCC" -c "$T/m.m" -o "$T/m.o"
else
	skip "no Objective-C compiler (cc1obj) for $GCC"
fi

check "-E with the plugin still preprocesses" \
	rs_cc -E -std=gnu99 "$S" "$T/offsets.c" -o "$T/offsets.i"
done_testing
