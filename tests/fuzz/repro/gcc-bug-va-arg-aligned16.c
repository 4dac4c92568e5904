/*
 * Not a plugin bug: GCC 12.2 itself crashes at run time on this at -O2
 * (fine at -O0), without any plugin.  va_arg of a 16-byte struct with
 * 16-byte alignment.  The fuzzer met it when a randomized layout happened to
 * put such a struct's members in this order; gen.py therefore passes only
 * structs aligned to less than 16 through "...".
 *
 *   gcc -O2 -Wno-psabi gcc-bug-va-arg-aligned16.c && ./a.out   # SIGSEGV
 */
#include <stdarg.h>
#include <stdio.h>
struct S { char a __attribute__((aligned(16))); short b[3]; unsigned short c; char f[2]; };
__attribute__((noinline)) void f(int n, ...) { va_list ap; va_start(ap, n); struct S v = va_arg(ap, struct S); printf("%d %d\n", v.a, v.c); va_end(ap); }
int main(void) { struct S s = { .a = 1, .c = 2 }; f(1, s); return 0; }
