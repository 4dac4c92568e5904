/*
 * FIXED for the gcc-12 build: the 0 is looked for where it is spelled
 * (the macro's definition) and where the macro is used ("{ ZERO }"); when
 * the source cannot be read (preprocessed input, #line naming a file that
 * does not exist) the initializer is accepted when it is all zero, as
 * with gcc-11.  tests/plugin/initializers.t covers all three.
 *
 * Found while fuzzing the {0} rule: the plugin accepts a zero initializer
 * only if the source line at the element's location shows a literal 0
 * (rs_initializers.c: spelled_as_zero).  So the same all-zero "{0}" is an
 * error when
 *   - it comes from a macro (common: #define FOO_INIT { 0 }),
 *   - a #line directive names another file (generated code: yacc, lex),
 *   - the source file cannot be read at that path: compiling preprocessed
 *     output elsewhere (distcc/icecc, or gcc -E x.c >/tmp/x.i; cd /;
 *     gcc -c /tmp/x.i), where the "x.c" of the line markers is not found.
 *
 *   gcc -c -Wall -fplugin=build/randomize_layout_plugin.so \
 *       tests/fuzz/repro/zero-init-spelled-elsewhere.c
 *   z.c:..: error: positional initializer for 'struct S', whose layout is
 *   randomized: use designated initializers ('.field = value')   (3 times)
 *
 * Every initializer below is all zero and so layout independent.  The gcc-11
 * build of the plugin accepts all three (and "{ 1 - 1 }"), so the same tree
 * builds with gcc-11 and fails with gcc-12.
 */
#define ZERO_INIT { 0 }
#define ZERO 0
struct __attribute__((randomize_layout)) S { int a; long b; int c[2]; };
struct S from_macro = ZERO_INIT;
struct S zero_macro = { ZERO };
#line 100 "generated.y"
struct S after_line_directive = { 0 };
