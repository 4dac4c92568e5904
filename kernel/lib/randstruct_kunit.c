// SPDX-License-Identifier: GPL-2.0
/*
 * randstruct_kunit.c - KUnit checks that structure layout randomization
 * keeps the program's meaning.
 *
 * Every randomized structure here has an untouched twin with the same
 * members in the same declaration order (__no_randomize_layout).  The
 * suite checks that
 *
 *  - the randomized structures really are laid out differently from
 *    their twins (skipped when the kernel is built without the plugin),
 *    never larger, with over-aligned members still aligned;
 *  - every kind of initializer gives each member the same value in the
 *    randomized structure as in its twin: named static and automatic
 *    variables, values known only at run time, compound literals,
 *    structures nested in other structures, copies, arrays of
 *    structures, unions holding a randomized structure, and tables made
 *    only of function pointers (randomized without any annotation).
 *
 * A compiler that put an initializer's value in the slot the
 * declaration order gives, rather than the member's new slot, fails the
 * value checks; one that silently did not randomize fails the layout
 * checks.
 */
#include <kunit/test.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/types.h>

struct rs_kunit_pair {
	u32 x;
	u16 y;
};

static int rs_kunit_answer(int v)
{
	return v + 42;
}

static int rs_kunit_marker_a, rs_kunit_marker_b;

/*
 * Members of mixed sizes and alignments: bytes, halves, words, pointers,
 * a short array, a run of bit-fields, a nested plain structure, a
 * function pointer and a member that asks for 16-byte alignment.  The
 * twin declares the same members in the same order.
 */
struct rs_kunit_plain {
	u8 m_u8;
	u64 m_u64;
	u16 m_u16;
	void *m_ptr;
	u32 m_u32;
	char m_name[5];
	s64 m_s64;
	unsigned int m_bits_lo : 3;
	unsigned int m_bits_hi : 5;
	struct rs_kunit_pair m_pair;
	int (*m_fn)(int v);
	unsigned long m_ulong;
	u32 m_u32b;
	const int *m_cptr;
	u16 m_u16b;
	u8 m_u8b;
	long m_long;
	u64 __aligned(16) m_wide;
} __no_randomize_layout;

struct rs_kunit_rand {
	u8 m_u8;
	u64 m_u64;
	u16 m_u16;
	void *m_ptr;
	u32 m_u32;
	char m_name[5];
	s64 m_s64;
	unsigned int m_bits_lo : 3;
	unsigned int m_bits_hi : 5;
	struct rs_kunit_pair m_pair;
	int (*m_fn)(int v);
	unsigned long m_ulong;
	u32 m_u32b;
	const int *m_cptr;
	u16 m_u16b;
	u8 m_u8b;
	long m_long;
	u64 __aligned(16) m_wide;
} __randomize_layout;

/* The same values for both twins; @seed varies the run-time ones. */
#define RS_KUNIT_INIT(seed) {					\
	.m_u8 = 0x11 + (seed),					\
	.m_u64 = 0x2222222222222222ULL + (seed),		\
	.m_u16 = 0x3333 + (seed),				\
	.m_ptr = &rs_kunit_marker_a,				\
	.m_u32 = 0x44444444 + (seed),				\
	.m_name = "rand",					\
	.m_s64 = -5555555555LL - (seed),			\
	.m_bits_lo = 5,						\
	.m_bits_hi = 27,					\
	.m_pair = { .x = 0x66666666, .y = 0x7777 },		\
	.m_fn = rs_kunit_answer,				\
	.m_wide = 0x8888888888888888ULL - (seed),		\
	.m_ulong = 0x99999999UL + (seed),			\
	.m_u32b = 0xaaaaaaaa,					\
	.m_cptr = &rs_kunit_marker_b,				\
	.m_u16b = 0xbbbb,					\
	.m_u8b = 0xcc,						\
	.m_long = -0xddddL - (seed),				\
}

/* Sixteen function pointers: randomized because that is all they hold. */
struct rs_kunit_ops {
	int (*op0)(void);
	int (*op1)(void);
	int (*op2)(void);
	int (*op3)(void);
	int (*op4)(void);
	int (*op5)(void);
	int (*op6)(void);
	int (*op7)(void);
	int (*op8)(void);
	int (*op9)(void);
	int (*op10)(void);
	int (*op11)(void);
	int (*op12)(void);
	int (*op13)(void);
	int (*op14)(void);
	int (*op15)(void);
};

struct rs_kunit_ops_plain {
	int (*op0)(void);
	int (*op1)(void);
	int (*op2)(void);
	int (*op3)(void);
	int (*op4)(void);
	int (*op5)(void);
	int (*op6)(void);
	int (*op7)(void);
	int (*op8)(void);
	int (*op9)(void);
	int (*op10)(void);
	int (*op11)(void);
	int (*op12)(void);
	int (*op13)(void);
	int (*op14)(void);
	int (*op15)(void);
} __no_randomize_layout;

#define RS_KUNIT_RET(n) static int rs_kunit_ret##n(void) { return 100 + (n); }
RS_KUNIT_RET(0) RS_KUNIT_RET(1) RS_KUNIT_RET(2) RS_KUNIT_RET(3)
RS_KUNIT_RET(4) RS_KUNIT_RET(5) RS_KUNIT_RET(6) RS_KUNIT_RET(7)
RS_KUNIT_RET(8) RS_KUNIT_RET(9) RS_KUNIT_RET(10) RS_KUNIT_RET(11)
RS_KUNIT_RET(12) RS_KUNIT_RET(13) RS_KUNIT_RET(14) RS_KUNIT_RET(15)

#define RS_KUNIT_OPS_INIT {						\
	.op0 = rs_kunit_ret0, .op1 = rs_kunit_ret1, .op2 = rs_kunit_ret2, \
	.op3 = rs_kunit_ret3, .op4 = rs_kunit_ret4, .op5 = rs_kunit_ret5, \
	.op6 = rs_kunit_ret6, .op7 = rs_kunit_ret7, .op8 = rs_kunit_ret8, \
	.op9 = rs_kunit_ret9, .op10 = rs_kunit_ret10,			\
	.op11 = rs_kunit_ret11, .op12 = rs_kunit_ret12,			\
	.op13 = rs_kunit_ret13, .op14 = rs_kunit_ret14,			\
	.op15 = rs_kunit_ret15,						\
}

/* A randomized structure inside plain and randomized containers. */
struct rs_kunit_outer {
	u32 tag;
	struct rs_kunit_rand inner;
	u16 tail;
};

struct rs_kunit_outer_plain {
	u32 tag;
	struct rs_kunit_plain inner;
	u16 tail;
};

union rs_kunit_holder {
	struct rs_kunit_rand r;
	u8 raw[sizeof(struct rs_kunit_rand)];
};

/* Every member of @r equals the same member of the twin @p. */
#define RS_KUNIT_EXPECT_SAME(test, r, p) do {				\
	KUNIT_EXPECT_EQ(test, (r).m_u8, (p).m_u8);			\
	KUNIT_EXPECT_EQ(test, (r).m_u64, (p).m_u64);			\
	KUNIT_EXPECT_EQ(test, (r).m_u16, (p).m_u16);			\
	KUNIT_EXPECT_PTR_EQ(test, (r).m_ptr, (p).m_ptr);		\
	KUNIT_EXPECT_EQ(test, (r).m_u32, (p).m_u32);			\
	KUNIT_EXPECT_STREQ(test, (r).m_name, (p).m_name);		\
	KUNIT_EXPECT_EQ(test, (r).m_s64, (p).m_s64);			\
	KUNIT_EXPECT_EQ(test, (unsigned int)(r).m_bits_lo,		\
			(unsigned int)(p).m_bits_lo);			\
	KUNIT_EXPECT_EQ(test, (unsigned int)(r).m_bits_hi,		\
			(unsigned int)(p).m_bits_hi);			\
	KUNIT_EXPECT_EQ(test, (r).m_pair.x, (p).m_pair.x);		\
	KUNIT_EXPECT_EQ(test, (r).m_pair.y, (p).m_pair.y);		\
	KUNIT_EXPECT_PTR_EQ(test, (r).m_fn, (p).m_fn);			\
	KUNIT_EXPECT_EQ(test, (r).m_wide, (p).m_wide);			\
	KUNIT_EXPECT_EQ(test, (r).m_ulong, (p).m_ulong);		\
	KUNIT_EXPECT_EQ(test, (r).m_u32b, (p).m_u32b);			\
	KUNIT_EXPECT_PTR_EQ(test, (r).m_cptr, (p).m_cptr);		\
	KUNIT_EXPECT_EQ(test, (r).m_u16b, (p).m_u16b);			\
	KUNIT_EXPECT_EQ(test, (r).m_u8b, (p).m_u8b);			\
	KUNIT_EXPECT_EQ(test, (r).m_long, (p).m_long);			\
} while (0)

#define RS_KUNIT_MOVED(a, b, m) (offsetof(a, m) != offsetof(b, m))

static unsigned int rs_kunit_members_moved(void)
{
#define M(m) RS_KUNIT_MOVED(struct rs_kunit_rand, struct rs_kunit_plain, m)
	return M(m_u8) + M(m_u64) + M(m_u16) + M(m_ptr) + M(m_u32) +
	       M(m_name) + M(m_s64) + M(m_pair) + M(m_fn) + M(m_wide) +
	       M(m_ulong) + M(m_u32b) + M(m_cptr) + M(m_u16b) + M(m_u8b) +
	       M(m_long);
#undef M
}

static unsigned int rs_kunit_ops_moved(void)
{
#define M(m) RS_KUNIT_MOVED(struct rs_kunit_ops, struct rs_kunit_ops_plain, m)
	return M(op0) + M(op1) + M(op2) + M(op3) + M(op4) + M(op5) +
	       M(op6) + M(op7) + M(op8) + M(op9) + M(op10) + M(op11) +
	       M(op12) + M(op13) + M(op14) + M(op15);
#undef M
}

static void rs_kunit_layout_differs(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_GCC_PLUGIN_RANDSTRUCT))
		kunit_skip(test, "built without the randstruct plugin");

	kunit_info(test, "%u of 16 data members and %u of 16 function pointers moved\n",
		   rs_kunit_members_moved(), rs_kunit_ops_moved());
	KUNIT_EXPECT_GT(test, rs_kunit_members_moved(), 0U);
	KUNIT_EXPECT_GT(test, rs_kunit_ops_moved(), 0U);
}

static void rs_kunit_nothing_grows(struct kunit *test)
{
	KUNIT_EXPECT_LE(test, sizeof(struct rs_kunit_rand),
			sizeof(struct rs_kunit_plain));
	KUNIT_EXPECT_LE(test, sizeof(struct rs_kunit_ops),
			sizeof(struct rs_kunit_ops_plain));
	KUNIT_EXPECT_EQ(test, __alignof__(struct rs_kunit_rand),
			__alignof__(struct rs_kunit_plain));
	KUNIT_EXPECT_EQ(test, offsetof(struct rs_kunit_rand, m_wide) % 16,
			(size_t)0);
}

static const struct rs_kunit_plain rs_kunit_static_plain = RS_KUNIT_INIT(0);
static const struct rs_kunit_rand rs_kunit_static_rand = RS_KUNIT_INIT(0);

static void rs_kunit_named_variables(struct kunit *test)
{
	struct rs_kunit_plain p = RS_KUNIT_INIT(1);
	struct rs_kunit_rand r = RS_KUNIT_INIT(1);

	RS_KUNIT_EXPECT_SAME(test, rs_kunit_static_rand, rs_kunit_static_plain);
	RS_KUNIT_EXPECT_SAME(test, r, p);
	KUNIT_EXPECT_EQ(test, r.m_fn(0), 42);
}

/* Initializers whose values the compiler cannot know. */
static noinline void rs_kunit_runtime_values(struct kunit *test)
{
	int seed = (int)(unsigned long)test & 0x7;
	struct rs_kunit_plain p = RS_KUNIT_INIT(seed);
	struct rs_kunit_rand r = RS_KUNIT_INIT(seed);

	RS_KUNIT_EXPECT_SAME(test, r, p);
}

static void rs_kunit_compound_literals(struct kunit *test)
{
	struct rs_kunit_plain p = (struct rs_kunit_plain)RS_KUNIT_INIT(2);
	struct rs_kunit_rand r = (struct rs_kunit_rand)RS_KUNIT_INIT(2);
	const struct rs_kunit_rand *lit = &(struct rs_kunit_rand)RS_KUNIT_INIT(2);

	RS_KUNIT_EXPECT_SAME(test, r, p);
	RS_KUNIT_EXPECT_SAME(test, *lit, p);
}

static void rs_kunit_nested_and_copied(struct kunit *test)
{
	struct rs_kunit_outer_plain op = {
		.tag = 0xfeed, .inner = RS_KUNIT_INIT(3), .tail = 0xbeef,
	};
	struct rs_kunit_outer o = {
		.tag = 0xfeed, .inner = RS_KUNIT_INIT(3), .tail = 0xbeef,
	};
	struct rs_kunit_outer assigned;
	struct rs_kunit_rand copy = o.inner;

	KUNIT_EXPECT_EQ(test, o.tag, op.tag);
	KUNIT_EXPECT_EQ(test, o.tail, op.tail);
	RS_KUNIT_EXPECT_SAME(test, o.inner, op.inner);
	RS_KUNIT_EXPECT_SAME(test, copy, op.inner);
	assigned = o;
	RS_KUNIT_EXPECT_SAME(test, assigned.inner, op.inner);
	memcpy(&copy, &rs_kunit_static_rand, sizeof(copy));
	RS_KUNIT_EXPECT_SAME(test, copy, rs_kunit_static_plain);
}

static void rs_kunit_arrays(struct kunit *test)
{
	static const struct rs_kunit_plain p[] = {
		[0] = RS_KUNIT_INIT(4), [1] = RS_KUNIT_INIT(5),
	};
	static const struct rs_kunit_rand r[] = {
		[0] = RS_KUNIT_INIT(4), [1] = RS_KUNIT_INIT(5),
	};

	RS_KUNIT_EXPECT_SAME(test, r[0], p[0]);
	RS_KUNIT_EXPECT_SAME(test, r[1], p[1]);
}

static void rs_kunit_unions(struct kunit *test)
{
	static const union rs_kunit_holder sh = { .r = RS_KUNIT_INIT(6) };
	union rs_kunit_holder h = { .r = RS_KUNIT_INIT(7) };
	struct rs_kunit_plain p6 = RS_KUNIT_INIT(6), p7 = RS_KUNIT_INIT(7);

	RS_KUNIT_EXPECT_SAME(test, sh.r, p6);
	RS_KUNIT_EXPECT_SAME(test, h.r, p7);
}

static const struct rs_kunit_ops rs_kunit_ops = RS_KUNIT_OPS_INIT;

static void rs_kunit_function_pointer_tables(struct kunit *test)
{
	struct rs_kunit_ops local = RS_KUNIT_OPS_INIT;
	const struct rs_kunit_ops *t[] = { &rs_kunit_ops, &local };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		KUNIT_EXPECT_EQ(test, t[i]->op0(), 100);
		KUNIT_EXPECT_EQ(test, t[i]->op1(), 101);
		KUNIT_EXPECT_EQ(test, t[i]->op2(), 102);
		KUNIT_EXPECT_EQ(test, t[i]->op3(), 103);
		KUNIT_EXPECT_EQ(test, t[i]->op4(), 104);
		KUNIT_EXPECT_EQ(test, t[i]->op5(), 105);
		KUNIT_EXPECT_EQ(test, t[i]->op6(), 106);
		KUNIT_EXPECT_EQ(test, t[i]->op7(), 107);
		KUNIT_EXPECT_EQ(test, t[i]->op8(), 108);
		KUNIT_EXPECT_EQ(test, t[i]->op9(), 109);
		KUNIT_EXPECT_EQ(test, t[i]->op10(), 110);
		KUNIT_EXPECT_EQ(test, t[i]->op11(), 111);
		KUNIT_EXPECT_EQ(test, t[i]->op12(), 112);
		KUNIT_EXPECT_EQ(test, t[i]->op13(), 113);
		KUNIT_EXPECT_EQ(test, t[i]->op14(), 114);
		KUNIT_EXPECT_EQ(test, t[i]->op15(), 115);
	}
}

static struct kunit_case rs_kunit_cases[] = {
	KUNIT_CASE(rs_kunit_layout_differs),
	KUNIT_CASE(rs_kunit_nothing_grows),
	KUNIT_CASE(rs_kunit_named_variables),
	KUNIT_CASE(rs_kunit_runtime_values),
	KUNIT_CASE(rs_kunit_compound_literals),
	KUNIT_CASE(rs_kunit_nested_and_copied),
	KUNIT_CASE(rs_kunit_arrays),
	KUNIT_CASE(rs_kunit_unions),
	KUNIT_CASE(rs_kunit_function_pointer_tables),
	{}
};

static struct kunit_suite rs_kunit_suite = {
	.name = "randstruct",
	.test_cases = rs_kunit_cases,
};

kunit_test_suite(rs_kunit_suite);

MODULE_DESCRIPTION("KUnit checks of randomized structure layouts");
MODULE_LICENSE("GPL");
