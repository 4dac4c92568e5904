#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Cast diagnostics: one C case per diagnosed pattern (the exact warning,
# both type names, the line) and one per exempt pattern (no randstruct
# warning at all).  Cases are compiled with -c; the front end's own
# incompatible-pointer warnings are allowed alongside ours.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 56
export LC_ALL=C
seed=$(test_seed casts)
S="$RS_ARG-seed=$seed"

cat > "$T/types.h" <<'H'
#include <stddef.h>

struct rnd {
	int a; long b; char *c; void *d; short e;
} __attribute__((randomize_layout));

struct rnd2 {
	int p; long q; char *r; short s; void *t;
} __attribute__((randomize_layout));

struct plain { long x; int y; };
struct other { long u; int v; };

/* not randomized, a randomized member at offset 0 */
struct first { struct rnd head; int tail; };
/* not randomized, randomized members elsewhere */
struct outer { int k; struct rnd arr[3]; struct rnd m; };
/* randomized container of a plain member */
struct rcont {
	int a; long b; struct plain m; char c; void *d;
} __attribute__((randomize_layout));

/* what the kernel's container_of expands to, temporary and all */
#define kcontainer_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)(__mptr - offsetof(type, member))); })
/* the same with another temporary name: nothing keys on __mptr */
#define tcontainer_of(ptr, type, member) ({				\
	void *anything = (void *)(ptr);					\
	((type *)(anything - offsetof(type, member))); })
/* the classic spelling */
#define ccontainer_of(ptr, type, member)				\
	((type *)((char *)(ptr) - offsetof(type, member)))

void take_plain(struct plain *p);
void take_rnd(struct rnd *p);
extern struct rnd grnd;
extern struct plain gplain;
H

n=0

# compile_case BODY: compile types.h + BODY, output in $T/out.log.
compile_case() {
	n=$((n + 1))
	{
		echo '#include "types.h"'
		printf '%s\n' "$1"
	} > "$T/case$n.c"
	rs_cc -c -I"$T" "$S" -o "$T/case$n.o" "$T/case$n.c" > "$T/out.log" 2>&1
}

# expect_warning DESC MESSAGE LINE BODY: exactly one randstruct warning,
# with MESSAGE, reported at LINE of BODY (line 1 is BODY's first line).
expect_warning() {
	local desc=$1 msg=$2 line=$(($3 + 1)) body=$4 got

	if ! compile_case "$body"; then
		not_ok "$desc (did not compile)"
		sed 's/^/#   /' "$T/out.log" | head -5
		return
	fi
	got=$(grep -c 'warning: randstruct:' "$T/out.log")
	if [ "$got" = 1 ] &&
	   grep -qF "case$n.c:$line:" <<< "$(grep 'warning: randstruct:' "$T/out.log")" &&
	   grep -qF "warning: $msg" "$T/out.log"; then
		ok "$desc"
	else
		not_ok "$desc"
		echo "#   expected at line $line: $msg"
		grep 'randstruct' "$T/out.log" | sed 's/^/#   got: /'
	fi
}

# expect_clean DESC BODY: compiles, and no randstruct warning.
expect_clean() {
	local desc=$1 body=$2

	if ! compile_case "$body"; then
		not_ok "$desc (did not compile)"
		sed 's/^/#   /' "$T/out.log" | head -5
	elif grep -q 'randstruct' "$T/out.log"; then
		not_ok "$desc"
		grep 'randstruct' "$T/out.log" | sed 's/^/#   got: /'
	else
		ok "$desc"
	fi
}

OUT="randstruct: pointer to randomized 'struct rnd' converted to pointer to 'struct plain'"
IN="randstruct: pointer to 'struct plain' converted to pointer to randomized 'struct rnd'"
BOTH="randstruct: pointer to randomized 'struct rnd' converted to pointer to randomized 'struct rnd2'"
ADDR_G="randstruct: address of randomized 'struct rnd' variable 'grnd' converted to pointer to 'struct plain'"

# --- diagnosed: explicit casts in function bodies ---------------------------
expect_warning "explicit cast out of a randomized struct" "$OUT" 3 '
struct plain *f(struct rnd *p)
{ return (struct plain *)p; }'

expect_warning "explicit cast into a randomized struct" "$IN" 3 '
struct rnd *f(struct plain *p)
{ return (struct rnd *)p; }'

expect_warning "explicit cast between two randomized structs" "$BOTH" 3 '
struct rnd2 *f(struct rnd *p)
{ return (struct rnd2 *)p; }'

expect_warning "cast of a const-qualified pointer" "$OUT" 3 '
const struct plain *f(const struct rnd *p)
{ return (const struct plain *)p; }'

expect_warning "cast through a typedef" "$OUT" 4 '
typedef struct rnd rnd_t;
struct plain *f(rnd_t *p)
{ return (struct plain *)p; }'

expect_warning "cast used as an lvalue base" "$OUT" 3 '
long f(struct rnd *p)
{ return ((struct plain *)p)->x; }'

expect_warning "cast then indexed as an array of the other type" "$OUT" 3 '
long f(struct rnd *p)
{ return ((struct plain *)p)[1].x; }'

expect_warning "hard-coded byte offset into a randomized struct" "$OUT" 3 '
struct plain *f(struct rnd *p)
{ return (struct plain *)((char *)p + 8); }'

# --- diagnosed: implicit conversions ----------------------------------------
expect_warning "implicit: assignment" "$OUT" 4 '
void f(struct rnd *p)
{ struct plain *q;
  q = p; take_plain(q); }'

expect_warning "implicit: argument passing" "$OUT" 3 '
void f(struct rnd *p)
{ take_plain(p); }'

expect_warning "implicit: return value" "$IN" 3 '
struct rnd *f(struct plain *p)
{ return p; }'

expect_warning "implicit: local initializer" "$OUT" 3 '
void f(struct rnd *p)
{ struct plain *q = p; take_plain(q); }'

# --- diagnosed: addresses ---------------------------------------------------
expect_warning "address of a randomized global in a function" "$ADDR_G" 3 '
struct plain *f(void)
{ return (struct plain *)&grnd; }'

expect_warning "address of a randomized local" \
	"randstruct: address of randomized 'struct rnd' variable 'local' converted to pointer to 'struct plain'" 3 '
void f(void)
{ struct rnd local = { .a = 1 }; take_plain((struct plain *)&local); }'

expect_warning "address of a randomized parameter" \
	"randstruct: address of randomized 'struct rnd' variable 'byval' converted to pointer to 'struct plain'" 3 '
void f(struct rnd byval)
{ take_plain((struct plain *)&byval); }'

expect_warning "address of an element of a randomized array" "$OUT" 3 '
struct rnd tab[4];
struct plain *f(void) { return (struct plain *)&tab[2]; }'

expect_warning "address of a compound literal" "$OUT" 3 '
struct plain *f(void)
{ return (struct plain *)&(struct rnd){ .a = 1 }; }'

expect_warning "non-randomized variable's address into a randomized struct" \
	"randstruct: pointer to 'struct plain' converted to pointer to randomized 'struct rnd'" 3 '
struct rnd *f(void)
{ return (struct rnd *)&gplain; }'

# --- diagnosed: static initializers -----------------------------------------
expect_warning "static initializer: explicit cast of an address" "$ADDR_G" 2 '
struct plain *gp = (struct plain *)&grnd;'

expect_warning "static initializer: implicit conversion" "$ADDR_G" 2 '
struct plain *gp = &grnd;'

expect_warning "static initializer: inside an aggregate" "$ADDR_G" 3 '
struct holder { int n; struct plain *p; };
struct holder h = { .n = 1, .p = (struct plain *)&grnd };'

expect_warning "static initializer: array of pointers" "$ADDR_G" 2 '
struct plain *tab[] = { &gplain, (struct plain *)&grnd, 0 };'

expect_warning "static initializer: function-local static" "$ADDR_G" 3 '
struct plain *f(void)
{ static struct plain *p = (struct plain *)&grnd; return p; }'

expect_warning "static initializer: file-scope compound literal" "$OUT" 2 '
struct plain *gp = (struct plain *)&(struct rnd){ .a = 2 };'

# --- diagnosed: laundering through byte pointers ----------------------------
expect_warning "through a (void *) cast" "$OUT" 3 '
struct plain *f(struct rnd *p)
{ return (struct plain *)(void *)p; }'

expect_warning "through a (char *) cast" "$OUT" 3 '
struct plain *f(struct rnd *p)
{ return (struct plain *)(char *)p; }'

expect_warning "through a void * temporary" "$OUT" 4 '
struct plain *f(struct rnd *p)
{ void *tmp = p;
  return tmp; }'

# --- exempt: byte pointers --------------------------------------------------
expect_clean "to void *" '
void *f(struct rnd *p) { return (void *)p; }
void *g(struct rnd *p) { return p; }'

expect_clean "from void * of unknown origin" '
struct rnd *f(void *p) { struct rnd *r = p; return r; }
struct plain *g(void *p) { return (struct plain *)p; }'

expect_clean "to and from char *" '
char *f(struct rnd *p) { return (char *)p; }
struct rnd *g(char *p) { return (struct rnd *)p; }'

expect_clean "to and from unsigned char * and signed char *" '
unsigned char *f(struct rnd *p) { return (unsigned char *)p; }
struct rnd *g(signed char *p) { return (struct rnd *)p; }
struct rnd *h(unsigned char *p) { return (struct rnd *)p; }
signed char *i(struct rnd *p) { return (signed char *)p; }'

expect_clean "byte-pointer static initializers" '
void *gv = &grnd;
unsigned char *gc = (unsigned char *)&grnd;'

# --- exempt: container_of in every spelling ---------------------------------
expect_clean "container_of, kernel spelling (void * temporary)" '
struct outer *f(struct rnd *p) { return kcontainer_of(p, struct outer, m); }'

expect_clean "container_of, another temporary name" '
struct outer *f(struct rnd *p) { return tcontainer_of(p, struct outer, m); }'

expect_clean "container_of, (char *) spelling" '
struct outer *f(struct rnd *p) { return ccontainer_of(p, struct outer, m); }'

expect_clean "container_of, member at offset 0" '
struct first *f(struct rnd *p) { return kcontainer_of(p, struct first, head); }
struct first *g(struct rnd *p) { return ccontainer_of(p, struct first, head); }'

expect_clean "container_of, array element member" '
struct outer *f(struct rnd *p) { return ccontainer_of(p, struct outer, arr[2]); }
struct outer *g(struct rnd *p) { return kcontainer_of(p, struct outer, arr[1]); }'

expect_clean "container_of into a randomized container" '
struct rcont *f(struct plain *p) { return kcontainer_of(p, struct rcont, m); }
struct rcont *g(struct plain *p) { return ccontainer_of(p, struct rcont, m); }'

expect_clean "container_of, hand-written with an unsigned char * temporary" '
struct outer *f(struct rnd *p)
{
	unsigned char *raw = (unsigned char *)p;

	return (struct outer *)(raw - offsetof(struct outer, m));
}
struct outer *g(struct rnd *p)
{
	const unsigned char *raw = (const unsigned char *)p;

	return (struct outer *)(raw - offsetof(struct outer, m));
}'

# --- exempt: other layout-independent conversions ---------------------------
expect_clean "first member of a non-randomized struct, both ways" '
struct rnd *f(struct first *p) { return (struct rnd *)p; }
struct first *g(struct rnd *p) { return (struct first *)p; }'

expect_clean "member address computed by hand" '
struct plain *f(struct rcont *p)
{ return (struct plain *)((char *)p + offsetof(struct rcont, m)); }'

expect_clean "data following a randomized struct" '
struct plain *f(struct rnd *p) { return (struct plain *)(p + 1); }'

expect_clean "same struct, other qualifiers and typedefs" '
typedef struct rnd rnd_t;
const struct rnd *f(struct rnd *p) { return (const struct rnd *)p; }
rnd_t *g(const struct rnd *p) { return (rnd_t *)p; }
void *h(void) { return (rnd_t *)&grnd; }'

expect_clean "neither struct randomized" '
struct other *f(struct plain *p) { return (struct other *)p; }
struct other *go = (struct other *)&gplain;'

expect_clean "non-struct pointers" '
long *f(struct rnd *p) { return (long *)p; }
struct rnd *g(int *p) { return (struct rnd *)p; }'

expect_clean "byte-pointer temporary that is reassigned (origin unknown)" '
struct plain *f(struct rnd *p, void *q, int c)
{
	void *tmp = p;

	if (c)
		tmp = q;
	return tmp;
}'

# --- only code that is compiled is checked ---------------------------------
expect_clean "unused static inline function: not compiled, not checked" '
static inline struct plain *unused(struct rnd *p)
{ return (struct plain *)p; }
static inline struct plain *only_from_unused(struct rnd *p)
{ return (struct plain *)p; }
static inline struct plain *unused_caller(struct rnd *p)
{ return (struct plain *)only_from_unused(p); }'

expect_warning "static inline function used by a compiled one" "$OUT" 3 '
static inline struct plain *conv(struct rnd *p)
{ return (struct plain *)p; }
long f(struct rnd *p) { return conv(p)->x; }'

expect_warning "static inline function used only from a static initializer" "$OUT" 3 '
static inline struct plain *conv(struct rnd *p)
{ return (struct plain *)p; }
struct plain *(*hook)(struct rnd *) = conv;'

expect_warning "nested function (GNU C)" "$OUT" 4 '
long f(struct rnd *p)
{
	struct plain *inner(void) { return (struct plain *)p; }
	return inner()->x;
}'

expect_warning "conversions in a loop condition and increment" "$OUT" 3 '
long f(struct rnd *p, long n)
{ for (; n; n = ((struct plain *)p)->x) n--; return n; }'

expect_warning "compound assignment through a cast: reported once" "$OUT" 3 '
void f(struct rnd *p)
{ ((struct plain *)p)->x += 1; }'

# the warning names the function it is in, as GCC's own warnings do
compile_case 'struct plain *named(struct rnd *p)
{ return (struct plain *)p; }'
check "the warning says which function it is in" \
	grep -q "In function .named." "$T/out.log"

# -fsyntax-only compiles nothing, so every body is checked as it is parsed
n=$((n + 1))
printf '#include "types.h"\nstatic inline struct plain *f(struct rnd *p)\n{ return (struct plain *)p; }\n' > "$T/case$n.c"
rs_cc -fsyntax-only -I"$T" "$S" "$T/case$n.c" > "$T/out.log" 2>&1
check "-fsyntax-only: every function body is checked" \
	test "$(grep -c "warning: $OUT" "$T/out.log")" = 1

# --- the plugin's switches ---------------------------------------------------
n=$((n + 1))
printf '#include "types.h"\nstruct plain *f(struct rnd *p)\n{ return (struct plain *)p; }\n' > "$T/case$n.c"
rs_cc -c -I"$T" "$S" -Werror -o "$T/case$n.o" "$T/case$n.c" > "$T/out.log" 2>&1
rc=$?
if [ "$rc" != 0 ] && grep -qF "error: $OUT" "$T/out.log"; then
	ok "-Werror turns the cast warning into an error"
else
	not_ok "-Werror turns the cast warning into an error (rc $rc)"
fi

rs_cc -c -I"$T" "$RS_ARG-disable" -o "$T/case$n.o" "$T/case$n.c" > "$T/out.log" 2>&1
if grep -q randstruct "$T/out.log"; then
	not_ok "disable: no cast warnings"
else
	ok "disable: no cast warnings"
fi

done_testing
