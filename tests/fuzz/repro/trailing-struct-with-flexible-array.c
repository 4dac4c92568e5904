/*
 * MISCOMPILE found by fuzzing: a struct whose last member is itself a struct
 * ending in a flexible array (a GNU extension GCC accepts silently under
 * -Wall -Wextra) is randomized like any other member, so the member that
 * carries the trailing data is moved away from the end and its flexible
 * array overlaps the members placed after it.  Writes to o->f.data[] then
 * clobber o->a, o->b, ... (mainline's plugin only pins a direct [] / [0]).
 * Such a member (a struct or union ending, recursively, in a flexible or
 * zero-length array) has to stay last like the array itself.
 *
 *   gcc -Wall -Wno-attributes trailing-struct-with-flexible-array.c && ./a.out
 *   1 2 3 4 8 107                          (without the plugin)
 *   gcc -Wall -fplugin=build/randomize_layout_plugin.so \
 *     -fplugin-arg-randomize_layout_plugin-seed=$(printf '%064x' 1) \
 *     trailing-struct-with-flexible-array.c && ./a.out
 *   438086664293 2 3 100 8 107             (a and d clobbered)
 *   seed ...02: 438086664293 103 0 100 8 107
 */
#include <stdio.h>
#include <stdlib.h>

struct flex {
	int n;
	int data[];
};

struct __attribute__((randomize_layout)) outer {
	long a;
	int b;
	char c;
	short d;
	struct flex f;		/* must stay last */
};

int main(void)
{
	struct outer *o = malloc(sizeof(*o) + 8 * sizeof(int));

	if (!o)
		return 1;
	o->a = 1;
	o->b = 2;
	o->c = 3;
	o->d = 4;
	o->f.n = 8;
	for (int i = 0; i < 8; i++)
		o->f.data[i] = 100 + i;
	printf("%ld %d %d %d %d %d\n", o->a, o->b, o->c, o->d, o->f.n, o->f.data[7]);
	free(o);
	return 0;
}
