#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/relayout-only.diff (bench/kbench.py's ours-relayout variant) still
# fits the plugin sources in the tree: it applies from the top directory,
# and the plugin built from a patched copy (as kbench builds it: -p5 in a
# copy of kernel/scripts/gcc-plugins/randstruct/) compiles and randomizes.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 4
top=$(cd "$(dirname "$0")/../.." && pwd)
diff=$top/bench/relayout-only.diff
srcdir=kernel/scripts/gcc-plugins/randstruct
# the headers the Makefile generates next to the plugin: the seed and the
# built-in policy
headers=$(dirname "$PLUGIN")
cxx=${GCC/gcc/g++}

(cd "$top" && patch --dry-run -p1 <"$diff") >"$T/dry-run.log" 2>&1
rc=$?
check "bench/relayout-only.diff applies to $srcdir/ (patch --dry-run -p1)" \
	test "$rc" = 0
[ "$rc" = 0 ] || diag <"$T/dry-run.log"

cp -r "$top/$srcdir" "$T/src"
# named as GCC knows the plugin's arguments: randomize_layout_plugin
mkdir "$T/relayout"
so=$T/relayout/randomize_layout_plugin.so
check "... and to a copy of it, as kbench.py applies it (-p5)" \
	patch -s -p5 -d "$T/src" -i "$diff"

"$cxx" -std=gnu++11 -fPIC -shared -fno-rtti -fno-exceptions -O2 \
	-I"$("$GCC" -print-file-name=plugin)/include" -I"$headers" -I"$T/src" \
	-o "$so" "$T"/src/*.c >"$T/build.log" 2>&1
rc=$?
check "the plugin built from the patched sources compiles" test "$rc" = 0
[ "$rc" = 0 ] || head -20 "$T/build.log" | diag

cat >"$T/p.c" <<'C'
#include <stddef.h>
#include <stdio.h>
struct s {
	long a, b, c, d, e, f, g, h;
} __attribute__((randomize_layout));
int main(void)
{
	printf("%zu %zu %zu %zu\n", offsetof(struct s, a), offsetof(struct s, b),
	       offsetof(struct s, c), offsetof(struct s, d));
	return 0;
}
C
seed=$(test_seed bench-diff)
out=$("$GCC" -fplugin="$so" "$RS_ARG-seed=$seed" -o "$T/p" "$T/p.c" 2>"$T/p.log" &&
	"$T/p") || diag <"$T/p.log"
check_ne "... and rewrites layouts (a randomized struct leaves declaration order)" \
	"0 8 16 24" "${out:-0 8 16 24}"
done_testing
