// SPDX-License-Identifier: GPL-2.0
/*
 * corpus.c - structure shapes whose layouts pin RS_LAYOUT_VERSION: every
 * rule of the derivation (alike units, mixed sizes and alignments,
 * bit-field runs, flexible arrays, anonymous members, fixed regions,
 * automatic function-pointer tables, cache-line groups and blocks, room
 * in a line's padding) shows up here, so a change to any of them changes
 * the digest tests/plugin/derivation.t pins for the current version.
 */
#define __randomize_layout __attribute__((randomize_layout))
#define __no_randomize_layout __attribute__((no_randomize_layout))

struct alike {
	long a, b, c, d, e, f, g, h, i, j, k, l;
} __randomize_layout;

struct mixed {
	char c1;
	long l1;
	short s1;
	int i1;
	void *p1;
	char c2;
	int i2;
	short s2;
	char name[13];
	long long ll;
	unsigned char uc;
} __randomize_layout;

struct bits {
	int a;
	unsigned int f1 : 3, f2 : 5, f3 : 1;
	long b;
	unsigned int g1 : 7;
	char c;
	unsigned int h1 : 2, h2 : 30;
	void *p;
} __randomize_layout;

struct flex {
	int len;
	long a, b;
	short s;
	char *name;
	unsigned char data[];
} __randomize_layout;

struct nested {
	int x;
	struct {
		long y, z;
	};
	union {
		int u1;
		long u2;
	};
	struct alike inner;
	char tail;
	long aligned_field __attribute__((aligned(32)));
	short s;
} __randomize_layout;

struct ops {
	int (*open)(void *);
	int (*release)(void *);
	long (*read)(void *, char *, unsigned long);
	long (*write)(void *, const char *, unsigned long);
	void (*poll)(void *);
	int (*mmap)(void *, void *);
	int (*flush)(void *);
	int (*fsync)(void *, int);
};

struct kept_ops {
	void (*a)(void);
	void (*b)(void);
	void (*c)(void);
} __no_randomize_layout;

struct region {
	long head;
	int state;
	struct {
		long r1, r2, r3;
		int r4, r5;
		char r6;
		void *r7, *r8;
	} __randomize_layout;
	long tail;
};

struct big {
	long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9;
	int b0, b1, b2, b3, b4, b5, b6, b7, b8, b9;
	short c0, c1, c2, c3, c4, c5, c6, c7;
	char d0, d1, d2, d3, d4, d5, d6, d7, d8, d9;
	void *e0, *e1, *e2, *e3, *e4, *e5;
	char buf[40];
	long lines[16];
	unsigned int f0 : 4, f1 : 4, f2 : 8;
	long g0, g1, g2, g3;
} __randomize_layout;

/* one line whose tail padding is room for performance mode's group */
struct tailroom {
	void *p1, *p2, *p3, *p4, *p5, *p6, *p7;
	unsigned int flags;
} __randomize_layout;

/* lines tied by members that cross them, a partial last line */
struct crossing {
	long a, b, c, d, e, f, g;
	char name[20];
	int i1, i2, i3;
	struct {
		long x, y, z;
	} triple;
	short s;
	long h, k;
	char c1;
} __randomize_layout;

struct alike v_alike;
struct mixed v_mixed;
struct bits v_bits;
struct flex *v_flex;
struct nested v_nested;
struct ops v_ops;
struct kept_ops v_kept_ops;
struct region v_region;
struct big v_big;
struct tailroom v_tailroom;
struct crossing v_crossing;
