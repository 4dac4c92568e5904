/*
 * FIXED (see compound-literal-wrong-owner.c for the cause); kept as a
 * regression case, tests/plugin/initializers.t compiles it.
 *
 * gcc-11 build of the plugin only (gcc 12 is fine): a "{ 0 }" compound
 * literal is rejected when an earlier compound literal of the same struct in
 * the same function used designated initializers.  Separately, or in the
 * other order, both are accepted.  Found by tests/fuzz (program 3145).
 *
 *   gcc-11 -c -fplugin=build/gcc-11/randomize_layout_plugin.so \
 *       tests/fuzz/repro/gcc11-zero-compound-literal-after-designated.c
 *   ...:14:54: error: positional initializer for 'struct S', whose layout is
 *   randomized: use designated initializers ('.field = value')
 */
struct __attribute__((randomize_layout)) S { char a; int b; };
struct S g;
void f(void) { g = (struct S){ .a = 1 }; g = (struct S){ 0 }; }
