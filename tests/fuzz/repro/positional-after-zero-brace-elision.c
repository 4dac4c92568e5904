/*
 * FIXED: a 0 is taken for "{0}" only when it is alone in its braces, so
 * this is rejected for every seed by both builds (tests/plugin/
 * initializers.t sweeps seeds).
 *
 * A positional initializer that starts with a 0 is accepted when the
 * randomized layout puts an aggregate member first: "{ 0, 1 }" is then
 * brace-elided into that member (here c[0] = 0, c[1] = 1), only the first
 * element reaches the designated_init check, and it is spelled "0".  The
 * value meant for b silently lands in c[1].  Only -Wmissing-braces (in
 * -Wall) hints at it.  The gcc-11 build of the plugin rejects it, as it
 * rejects the same initializer with any other seed.
 *
 *   gcc -fplugin=build/randomize_layout_plugin.so \
 *     -fplugin-arg-randomize_layout_plugin-seed=$(printf '%064x' 2) \
 *     tests/fuzz/repro/positional-after-zero-brace-elision.c && ./a.out
 *   a=0 b=0 c={0,1}            (no error; without the plugin: a=0 b=1 c={0,0})
 *   seed ...01, ...03: error: positional initializer for 'struct S' ...
 */
#include <stdio.h>

struct __attribute__((randomize_layout)) S {
	int a;
	long b;
	int c[2];
};

struct S g = { 0, 1 };

int main(void)
{
	printf("a=%d b=%ld c={%d,%d}\n", g.a, g.b, g.c[0], g.c[1]);
	return 0;
}
