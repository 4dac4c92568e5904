/*
 * Found by tests/fuzz (program 3145, "fz_sum_9(&(struct S9){ 0 })"): the
 * plugin held GCC's positional-element reports of a compound literal and
 * matched them to a literal by source location, but a compound literal
 * carries no location (EXPR_LOCATION is unknown; only its decl has one),
 * so every report in a function was judged against the function's FIRST
 * compound literal.  Fixed: reports are matched by decl UID (the literal
 * whose decl is made first after the report).  Before the fix:
 *
 *   f(): "{ 0 }" after a designated literal of the same struct was
 *        rejected (gcc-11 build, every seed; the gcc-12 build happened to
 *        accept it because it drops a "{0}" report at once);
 *   g(): the positional "{ 1, 2 }" of a randomized struct was judged as
 *        part of the earlier literal of a plain designated_init struct and
 *        only warned (both builds) - silently wrong field values.
 *
 *   gcc-11 -c -fplugin=build/gcc-11/randomize_layout_plugin.so \
 *       tests/fuzz/repro/compound-literal-wrong-owner.c
 *   f: no diagnostic (fixed); g: error: positional initializer for
 *   'struct S' (fixed; before: warning only)
 */
struct __attribute__((randomize_layout)) S { char a; int b; int c[2]; };
struct __attribute__((designated_init, no_randomize_layout)) U { int x, y; };
void take(struct S *s);
void takeu(struct U *u);

void f(void)
{
	take(&(struct S){ .a = 1 });
	take(&(struct S){ 0 });
}

void g(void)
{
	takeu(&(struct U){ .x = 1 });
	take(&(struct S){ 1, 2 });
}
