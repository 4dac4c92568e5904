/*
 * Fixed for the gcc-12 build (the seed-dependent warning is suppressed);
 * a documented GCC 11 limitation (Documentation/security/randstruct.rst,
 * "Positional initializers"): GCC 11 gives the plugin no fix-it hints to
 * tell this warning from others, so the gcc-11 build still warns.
 *
 * Found by tests/fuzz: a nested "{0}" initializer of a randomized struct
 * draws -Wmissing-braces (an error under -Werror) when the randomized layout
 * puts an aggregate member first.  The declared first member is a scalar,
 * so the file is clean without the plugin (gcc -Wall -Werror -Wno-attributes).
 *
 *   gcc -c -Wall -Werror -fplugin=build/randomize_layout_plugin.so \
 *     -fplugin-arg-randomize_layout_plugin-seed=$(printf '%064x' 1) \
 *     tests/fuzz/repro/nested-zero-init-missing-braces.c
 *   error: missing braces around initializer [-Werror=missing-braces]
 *
 * (seed ...01 puts arr at offset 0.)  A top-level "{0}" is exempt in GCC;
 * nested ones (a member, an array element) are not.
 */
struct __attribute__((randomize_layout)) I { int a; int arr[2]; };
struct W { struct I i; };
struct W w = { .i = {0} };
struct I ia[2] = { {0}, {0} };
