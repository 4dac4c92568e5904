// SPDX-License-Identifier: GPL-2.0
/*
 * rs-strength.c - the plugin's layout derivation without GCC, for the
 * strength benchmark (bench/kbench.py strength).
 *
 * Linked with kernel/scripts/gcc-plugins/randstruct/rs_order.c, rs_permutation.c, rs_sha256.c
 * and rs_seed.c, the very files the plugin is built from.  Each input line
 * describes one structure as the plugin's report does:
 *
 *	MODE SIZE_BEFORE IDENTITY_HEX SIZE,ALIGN,RUN,BYTES ...
 *
 * (MODE 0 full, 1 performance; one SIZE,ALIGN,RUN,BYTES per unit, in
 * declaration order: the shape the derivation sees, and the bytes the
 * unit occupies when laid out, smaller than SIZE for an over-aligned
 * field).  For every seed, the order is drawn exactly as the
 * plugin draws it (up to 16 attempts while the modelled size exceeds
 * SIZE_BEFORE, or the modelled size of the declaration order when that is
 * larger: the model rounds bit-field runs out to whole units) and one
 * output line gives the attempts used, the modelled
 * size and the modelled byte offset of every unit:
 *
 *	ATTEMPTS SIZE OFFSET ...
 *
 * Seeds: "-n N" uses sha256("randstruct strength seed I") for I = 1..N;
 * "-s HEX" (repeatable) uses the given seeds.  "-x" instead prints, for a
 * structure of at most 10 units in full mode, the exact Shannon entropy
 * of the layout over all orders of the first shuffle (every permutation
 * is equally likely, weighted by how full mode's later attempts, which
 * keep its first and last unit, pick among them; layouts that grow left
 * out, as the plugin draws again): "BITS LAYOUTS SHARE_THAT_FITS".  "-e" prints an estimate of the
 * layout entropy from the seeds' first attempts, full mode (estimate())
 * or performance mode (estimate_perf()): "BITS STDERR SAMPLES
 * DISAGREEMENTS SHARE_NOT_FITTING" or "... BLOCK_ORDER_BITS".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rs_crypto.h"
#include "rs_order.h"

#define MAX_ATTEMPTS	16
#define MAX_SEEDS	100000
#define MAX_EXACT	10

struct spec {
	int mode;
	uint64_t size_before;
	uint64_t limit;		/* size_limit() */
	unsigned char *identity;
	size_t identity_len;
	struct rs_unit_shape *units;
	uint64_t *bytes;	/* [n]: what each unit occupies */
	unsigned int n;
};

static uint64_t up(uint64_t v, uint64_t a)
{
	return a > 1 && v % a ? v + a - v % a : v;
}

/* Offsets of the units in @slots order, as a sequential layout; size. */
static uint64_t model_layout(const struct spec *s, const struct rs_slot *slots,
			     uint64_t *off)
{
	uint64_t o = 0, align = 1;
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		const struct rs_unit_shape *u = &s->units[slots[i].unit];

		if (slots[i].pads_to_line)
			o = up(o, RS_CACHE_LINE_BYTES);
		o = up(o, u->align);
		off[slots[i].unit] = o;
		o += s->bytes[slots[i].unit];
		if (u->align > align)
			align = u->align;
	}
	return up(o, align);
}

/*
 * The size the model gives the declaration order, when larger than the
 * compiler's: the model rounds bit-field runs out to whole units, so it
 * compares its layouts with its own declaration order.
 */
static uint64_t size_limit(const struct spec *s)
{
	struct rs_slot *slots = calloc(s->n + 1, sizeof(*slots));
	uint64_t *off = calloc(s->n + 1, sizeof(*off));
	uint64_t size;
	unsigned int i;

	for (i = 0; i < s->n; i++)
		slots[i].unit = i;
	size = model_layout(s, slots, off);
	free(off);
	free(slots);
	return size > s->size_before ? size : s->size_before;
}

static void draw(struct rs_stream *st, const struct spec *s,
		 struct rs_slot *slots)
{
	if (s->mode)
		rs_order_performance(st, s->units, s->n, slots);
	else
		rs_order_full(st, s->units, s->n, slots);
}

/* The plugin's choose_layout(), against the model's sizes. */
static void derive(const struct spec *s, const unsigned char *seed)
{
	struct rs_slot *slots = calloc(s->n + 1, sizeof(*slots));
	struct rs_slot *best = calloc(s->n + 1, sizeof(*best));
	uint64_t *off = calloc(s->n + 1, sizeof(*off));
	uint64_t size = 0, best_size = 0;
	struct rs_stream st;
	unsigned int attempt, i;

	rs_stream_init(&st, seed, s->identity, s->identity_len);
	for (attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		draw(&st, s, slots);
		size = model_layout(s, slots, off);
		if (size <= s->limit)
			break;
		if (!attempt || size < best_size) {
			best_size = size;
			memcpy(best, slots, s->n * sizeof(*slots));
		}
	}
	if (attempt == MAX_ATTEMPTS)
		size = model_layout(s, best, off);
	printf("%u %llu", attempt + 1, (unsigned long long)size);
	for (i = 0; i < s->n; i++)
		printf(" %llu", (unsigned long long)off[i]);
	printf("\n");
	free(off);
	free(best);
	free(slots);
}

static int parse_spec(char *line, struct spec *s)
{
	char *tok, *save = NULL, *hex;
	size_t i;

	tok = strtok_r(line, " \t\n", &save);
	if (!tok)
		return 0;
	s->mode = atoi(tok);
	s->size_before = strtoull(strtok_r(NULL, " \t\n", &save), NULL, 10);
	hex = strtok_r(NULL, " \t\n", &save);
	s->identity_len = strlen(hex) / 2;
	s->identity = malloc(s->identity_len + 1);
	for (i = 0; i < s->identity_len; i++)
		if (sscanf(hex + 2 * i, "%2hhx", &s->identity[i]) != 1)
			return -1;
	s->units = NULL;
	s->bytes = NULL;
	s->n = 0;
	while ((tok = strtok_r(NULL, " \t\n", &save))) {
		unsigned long long size, align, bytes;
		int run;

		if (sscanf(tok, "%llu,%llu,%d,%llu", &size, &align, &run,
			   &bytes) != 4)
			return -1;
		s->units = realloc(s->units, (s->n + 1) * sizeof(*s->units));
		s->bytes = realloc(s->bytes, (s->n + 1) * sizeof(*s->bytes));
		s->bytes[s->n] = bytes;
		s->units[s->n].size = size;
		s->units[s->n].align = align;
		s->units[s->n++].is_bitfield_run = run;
	}
	s->limit = size_limit(s);
	return 1;
}

static int next_perm(unsigned int *p, unsigned int n)
{
	unsigned int i, j, t;

	for (i = n - 1; i > 0 && p[i - 1] >= p[i]; i--)
		;
	if (!i)
		return 0;
	for (j = n - 1; p[j] <= p[i - 1]; j--)
		;
	t = p[i - 1]; p[i - 1] = p[j]; p[j] = t;
	for (j = n - 1; i < j; i++, j--) {
		t = p[i]; p[i] = p[j]; p[j] = t;
	}
	return 1;
}

/*
 * Full mode's attempts (rs_order_full()): the first shuffle is uniform
 * over the n! orders and taken if it fits; otherwise its ends stay (a
 * "group": orders with the same first and last unit; one group of all n!
 * orders for n <= 2, which are shuffled whole) and each later attempt
 * draws one of the group's M middles uniformly.  With F of them fitting,
 * g = 1 - F/M: a fitting order is taken with probability
 * (1 + g + ... + g^(R-1)) / n! (its first shuffle, or the first shuffle
 * failed in its group, probability g M / n!, and a later attempt drew
 * it), and a failing one is the last attempt, repaired, with probability
 * g^(R-1) / n!, half of it forwards and half backwards (when the reversal
 * fits; forwards again when it does not).
 */
static void mixture(double g, double *plain, double *repaired)
{
	unsigned int a;

	*plain = 0;
	for (a = 0; a < RS_PLAIN_ATTEMPTS; a++)
		*plain += pow(g, a);
	*repaired = pow(g, RS_PLAIN_ATTEMPTS - 1);
}

static unsigned long group_of(const struct spec *s, const unsigned int *perm)
{
	return s->n > 2 ? perm[0] * s->n + perm[s->n - 1] : 0;
}

static const uint64_t *cmp_base;
static unsigned int cmp_layout_n;

static int cmp_index(const void *a, const void *b)
{
	return memcmp(cmp_base + *(const unsigned long *)a * cmp_layout_n,
		      cmp_base + *(const unsigned long *)b * cmp_layout_n,
		      cmp_layout_n * sizeof(uint64_t));
}

/*
 * The layouts one order can give, with their weights: the order itself
 * when it fits (@plain), else its repair (of the middle, or of the whole
 * when that does not fit) and the repair drawn backwards (@repaired / 2
 * each).  @grows[k]: that layout is larger than the
 * declaration.  Returns how many.
 */
static int weigh(const struct spec *s, const unsigned int *perm,
		 double plain, double repaired, uint64_t *layout,
		 double *w, unsigned char *grows)
{
	struct rs_slot slots[MAX_EXACT + 1];
	unsigned int i;

	if (rs_order_plain_fits(s->units, perm, s->n)) {
		for (i = 0; i < s->n; i++) {
			slots[i].unit = perm[i];
			slots[i].pads_to_line = 0;
		}
		grows[0] = model_layout(s, slots, layout) > s->limit;
		w[0] = plain;
		return 1;
	}
	rs_order_repair_middle(perm, s->units, s->n, slots);
	if (!rs_order_slots_fit(s->units, s->n, slots))
		rs_order_repair(perm, s->units, s->n, slots);
	grows[0] = model_layout(s, slots, layout) > s->limit;
	rs_order_reverse_if_fits(s->units, s->n, slots);
	grows[1] = model_layout(s, slots, layout + s->n) > s->limit;
	w[0] = w[1] = repaired / 2;
	return 2;
}

/*
 * Exact entropy of full mode's layout for up to MAX_EXACT units: every
 * order enumerated, weighted as mixture() says, equal layouts merged.  A
 * layout that grows the structure makes the plugin draw again from the
 * stream, so it is left out and the rest renormalized (exact as long as
 * the 16 attempts never all grow).  Prints "BITS LAYOUTS SHARE_THAT_FITS".
 */
static void exact(const struct spec *s)
{
	unsigned long total = 1, middles = 1, k, *idx, fit = 0, m = 0;
	unsigned long *fitting = calloc(s->n * s->n + 1, sizeof(*fitting));
	unsigned int perm[MAX_EXACT], i;
	double bits = 0, sum, kept = 0, pw, rw, *w;
	unsigned char *grows;
	uint64_t *all;
	unsigned long distinct = 0;

	for (i = 0; i < s->n; i++) {
		perm[i] = i;
		total *= i + 1;
		if (i + 2 < s->n)
			middles *= i + 1;
	}
	if (s->n <= 2)
		middles = total;
	do {
		if (rs_order_plain_fits(s->units, perm, s->n)) {
			fitting[group_of(s, perm)]++;
			fit++;
		}
	} while (next_perm(perm, s->n));
	for (i = 0; i < s->n; i++)
		perm[i] = i;
	all = malloc(2 * total * s->n * sizeof(*all));
	w = malloc(2 * total * sizeof(*w));
	grows = malloc(2 * total);
	idx = malloc(2 * total * sizeof(*idx));
	do {
		int outcomes;

		mixture(1.0 - (double)fitting[group_of(s, perm)] / middles, &pw, &rw);
		outcomes = weigh(s, perm, pw / total, rw / total, all + m * s->n,
				 w + m, grows + m);
		for (i = 0; i < (unsigned int)outcomes; i++, m++) {
			idx[m] = m;
			if (!grows[m])
				kept += w[m];
		}
	} while (next_perm(perm, s->n));
	cmp_layout_n = s->n;
	cmp_base = all;
	qsort(idx, m, sizeof(*idx), cmp_index);
	for (sum = 0, k = 0; k < m; k++) {
		if (!grows[idx[k]])
			sum += w[idx[k]] / kept;
		if (k + 1 == m || cmp_index(&idx[k], &idx[k + 1])) {
			if (sum > 0) {
				bits -= sum * log2(sum);
				distinct++;
			}
			sum = 0;
		}
	}
	printf("%.4f %lu %.4f\n", bits, distinct, (double)fit / total);
	free(idx);
	free(grows);
	free(w);
	free(all);
	free(fitting);
}

/*
 * Entropy estimate for full mode.  The shuffle is uniform over the n!
 * orders and the layout y is a function of it, so
 * H = log2(n!) - E[log2 N(y)], N(y) the number of orders giving y.  The
 * first-fit pass keeps the relative order of alike units (same alignment
 * and kind), so an order is a sequence of classes plus the order inside
 * each class, which y fixes; replaying y tells at every step which class
 * heads the chosen unit had to precede in the shuffle (those its pick
 * rule ranked equal).  N(y) is the number of class sequences meeting
 * those constraints: lattice paths, counted by dynamic programming.
 */
#define MAX_CLASSES	16
#define MAX_STATES	(32UL << 20)

struct estimate {
	unsigned int nc;
	unsigned int *cls;		/* [n]: class of each unit */
	const struct rs_unit_shape *shape[MAX_CLASSES];
	unsigned int k[MAX_CLASSES];	/* units per class */
	unsigned int base[MAX_CLASSES];	/* first row of each class */
	unsigned int (*req)[MAX_CLASSES]; /* [n]: see add_constraints() */
};

static int set_classes(const struct spec *s, struct estimate *e)
{
	unsigned int i, c;

	e->nc = 0;
	for (i = 0; i < s->n; i++) {
		for (c = 0; c < e->nc; c++)
			if (e->shape[c]->align == s->units[i].align &&
			    e->shape[c]->is_bitfield_run ==
			    s->units[i].is_bitfield_run)
				break;
		if (c == e->nc) {
			if (c == MAX_CLASSES)
				return -1;
			e->shape[c] = &s->units[i];
			e->k[c] = 0;
			e->nc++;
		}
		e->cls[i] = c;
		e->k[c]++;
	}
	for (c = 0, i = 0; c < e->nc; i += e->k[c++])
		e->base[c] = i;
	return 0;
}

struct replay {
	uint64_t offset;
	int prev_is_run;
	unsigned int runs_left, others_left;
	unsigned int placed[MAX_CLASSES];
};

/* rs_order.c's pick_next() preference: 1 best .. 4 worst. */
static int tier(const struct rs_unit_shape *u, const struct replay *r)
{
	int fits = u->align <= 1 || r->offset % u->align == 0;
	int keeps = u->is_bitfield_run ?
		    !r->prev_is_run && r->runs_left - 1 <= r->others_left :
		    r->runs_left <= r->others_left;

	if (keeps)
		return fits ? 1 : 2;
	return u->is_bitfield_run && r->prev_is_run ? 4 : 3;
}

/*
 * Unit @u of class @c is chosen: every other class whose head ranks as
 * well must have that head after @u in the shuffle.  req[row][d] is how
 * many units of class d must come before the unit of that row.  Returns
 * -1 if @u could not have been chosen (the replay disagrees).
 */
static int add_constraints(struct estimate *e, const struct replay *r,
			   unsigned int c)
{
	int t = tier(e->shape[c], r), best = 5;
	unsigned int d;

	for (d = 0; d < e->nc; d++)
		if (r->placed[d] < e->k[d] && tier(e->shape[d], r) < best)
			best = tier(e->shape[d], r);
	if (t != best)
		return -1;
	for (d = 0; d < e->nc; d++) {
		unsigned int *need;

		if (d == c || r->placed[d] == e->k[d] ||
		    tier(e->shape[d], r) != t)
			continue;
		need = &e->req[e->base[d] + r->placed[d]][c];
		if (*need < r->placed[c] + 1)
			*need = r->placed[c] + 1;
	}
	return 0;
}

static int replay_order(const struct spec *s, struct estimate *e,
			const struct rs_slot *slots, uint64_t offset, int prev)
{
	struct replay r;
	unsigned int i;

	memset(&r, 0, sizeof(r));
	r.offset = offset;
	r.prev_is_run = prev;
	for (i = 0; i < s->n; i++) {
		if (s->units[i].is_bitfield_run)
			r.runs_left++;
		else
			r.others_left++;
	}
	memset(e->req, 0, s->n * sizeof(*e->req));
	for (i = 0; i < s->n; i++) {
		const struct rs_unit_shape *u = &s->units[slots[i].unit];
		unsigned int c = e->cls[slots[i].unit];

		if (add_constraints(e, &r, c))
			return -1;
		r.offset = up(r.offset, u->align) + u->size;
		r.prev_is_run = u->is_bitfield_run;
		if (u->is_bitfield_run)
			r.runs_left--;
		else
			r.others_left--;
		r.placed[c]++;
	}
	return 0;
}

/* log2 of the number of class sequences meeting e->req; NAN if too big. */
static double log2_paths(const struct estimate *e)
{
	unsigned long states = 1, stride[MAX_CLASSES], idx;
	unsigned int c, d, x[MAX_CLASSES];
	double *ways, result;

	for (c = 0; c < e->nc; c++) {
		stride[c] = states;
		states *= e->k[c] + 1;
		if (states > MAX_STATES)
			return NAN;
	}
	ways = calloc(states, sizeof(*ways));
	ways[0] = 1;
	for (idx = 0; idx < states; idx++) {
		if (ways[idx] == 0)
			continue;
		for (c = 0; c < e->nc; c++)
			x[c] = idx / stride[c] % (e->k[c] + 1);
		for (c = 0; c < e->nc; c++) {
			const unsigned int *need;

			if (x[c] == e->k[c])
				continue;
			need = e->req[e->base[c] + x[c]];
			for (d = 0; d < e->nc && x[d] >= need[d]; d++)
				;
			if (d == e->nc)
				ways[idx + stride[c]] += ways[idx];
		}
	}
	result = log2(ways[states - 1]);
	free(ways);
	return result;
}

/*
 * g of the group (first unit @h, last unit @t; one group for n <= 2): the
 * share of its middles that do not fit, from 1,024 shuffles drawn with a
 * fixed xorshift generator, kept in @cache (NAN until drawn).
 */
#define GROUP_DRAWS	1024

static double group_misfits(const struct spec *s, unsigned int h,
			    unsigned int t, double *cache)
{
	unsigned long key = s->n > 2 ? h * s->n + t : 0;
	unsigned int *order, i, j, d, misfits = 0, first, len, k;
	uint64_t x = 0x9e3779b97f4a7c15ULL ^ key;

	if (!isnan(cache[key]))
		return cache[key];
	order = calloc(s->n + 1, sizeof(*order));
	first = s->n > 2 ? 1 : 0;
	len = s->n > 2 ? s->n - 2 : s->n;
	for (i = 0, k = 0; i < s->n; i++)
		if (s->n <= 2 || (i != h && i != t))
			order[first + k++] = i;
	if (s->n > 2) {
		order[0] = h;
		order[s->n - 1] = t;
	}
	for (d = 0; d < GROUP_DRAWS; d++) {
		for (i = len; i > 1; i--) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			j = x % i;
			k = order[first + i - 1];
			order[first + i - 1] = order[first + j];
			order[first + j] = k;
		}
		misfits += !rs_order_plain_fits(s->units, order, s->n);
	}
	free(order);
	cache[key] = (double)misfits / GROUP_DRAWS;
	return cache[key];
}

/*
 * log2 of the number of middles (orders of the units between @slots'
 * first and last) whose first-fit repair, from where the first unit
 * ends, is @slots' middle; -INFINITY if none, NAN if too many states.
 */
static double log2_middle_repairs(const struct spec *s,
				  const struct rs_slot *slots)
{
	struct rs_unit_shape *units;
	struct rs_slot *ys;
	struct estimate e;
	struct spec sub = *s;
	double result = -INFINITY;
	unsigned int i;

	if (s->n <= 2)
		return 0;
	units = calloc(s->n, sizeof(*units));
	ys = calloc(s->n, sizeof(*ys));
	e.cls = calloc(s->n, sizeof(*e.cls));
	e.req = calloc(s->n, sizeof(*e.req));
	for (i = 0; i + 2 < s->n; i++) {
		units[i] = s->units[slots[i + 1].unit];
		ys[i].unit = i;
	}
	sub.units = units;
	sub.n = s->n - 2;
	if (set_classes(&sub, &e))
		result = NAN;
	else if (!replay_order(&sub, &e, ys, s->units[slots[0].unit].size,
			       s->units[slots[0].unit].is_bitfield_run))
		result = log2_paths(&e);
	free(e.req);
	free(e.cls);
	free(ys);
	free(units);
	return result;
}

/*
 * log2 of the number of orders whose whole first-fit repair is @slots;
 * -INFINITY if none, NAN if too many states.
 */
static double log2_whole_repairs(const struct spec *s,
				 const struct rs_slot *slots)
{
	struct estimate e;
	double result = -INFINITY;

	e.cls = calloc(s->n + 1, sizeof(*e.cls));
	e.req = calloc(s->n + 1, sizeof(*e.req));
	if (set_classes(s, &e))
		result = NAN;
	else if (!replay_order(s, &e, slots, 0, 0))
		result = log2_paths(&e);
	free(e.req);
	free(e.cls);
	return result;
}

/* log2(2^a + 2^b), either may be -INFINITY. */
static double log2_add(double a, double b)
{
	if (a == -INFINITY)
		return b;
	if (b == -INFINITY)
		return a;
	return fmax(a, b) + log2(1 + exp2(-fabs(a - b)));
}

static int order_fits(const struct spec *s, const struct rs_slot *slots,
		      int backwards, int *separated)
{
	unsigned int *order = calloc(s->n + 1, sizeof(*order));
	unsigned int i;
	int fits;

	*separated = 0;
	for (i = 0; i < s->n; i++) {
		order[i] = slots[backwards ? s->n - 1 - i : i].unit;
		*separated |= slots[i].needs_separator;
	}
	fits = rs_order_plain_fits(s->units, order, s->n);
	free(order);
	return fits;
}

/*
 * -log2 P(y) for the layout y in @slots, from mixture() with its own
 * group's g: the plain term if y fits; its repair forwards (N(y) middles
 * of y's group repair to y, plus, when @whole, the orders whose whole
 * repair is y, each counted at the most a failing order can weigh, as if
 * g were 1), and
 * backwards if y fits (the same for the reverse of y), half each, and the
 * forward half again if the reversal of y would not have been taken.
 * Every order whose repair gives y is counted, fitting ones too: P is
 * overestimated, so the entropy is, if anything, underestimated.  NAN
 * when y cannot be replayed either way.
 */
static double surprise(const struct spec *s, const struct rs_slot *slots,
		       double *cache, int whole)
{
	double logfact = lgamma(s->n + 1.0) / log(2.0);
	struct rs_slot *back = calloc(s->n + 1, sizeof(*back));
	double fwd, bwd = -INFINITY, logp = -INFINITY, pw, rw, pwb, rwb;
	unsigned int first = slots[0].unit, last = slots[s->n - 1].unit, i;
	int fits, back_fits, separated;

	fits = order_fits(s, slots, 0, &separated);
	back_fits = order_fits(s, slots, 1, &separated);
	for (i = 0; i < s->n; i++)
		back[i].unit = slots[s->n - 1 - i].unit;
	mixture(group_misfits(s, first, last, cache), &pw, &rw);
	fwd = log2_add(log2(rw) + log2_middle_repairs(s, slots),
		       whole ? log2_whole_repairs(s, slots) : -INFINITY);
	if (fits) {
		mixture(group_misfits(s, last, first, cache), &pwb, &rwb);
		bwd = log2_add(log2(rwb) + log2_middle_repairs(s, back),
			       whole ? log2_whole_repairs(s, back) : -INFINITY);
		logp = log2_add(log2(pw), bwd - 1);
	}
	free(back);
	if (isnan(fwd) || isnan(bwd))
		return NAN;
	logp = log2_add(logp, fwd - 1);
	if (separated || !back_fits)
		logp = log2_add(logp, fwd - 1);
	return logp == -INFINITY ? NAN : logfact - logp;
}

/* The surprisal of each seed's layout, summed for a mean and its stderr. */
struct tally {
	double sum, sq;
	unsigned int used, bad;	/* seeds counted; replays that disagreed */
};

static void tally_add(struct tally *t, double h)
{
	if (isnan(h)) {
		t->bad++;
		return;
	}
	t->sum += h;
	t->sq += h * h;
	t->used++;
}

/* "BITS STDERR SAMPLES DISAGREEMENTS LAST" */
static void tally_print(const struct tally *t, double last)
{
	double mean = t->used ? t->sum / t->used : 0;

	if (t->used > 1)
		printf("%.4f %.4f %u %u %.4f\n", mean,
		       sqrt(fmax(0, t->sq / t->used - mean * mean) /
			    (t->used - 1)), t->used, t->bad, last);
	else
		printf("- - %u %u %.4f\n", t->used, t->bad, last);
}

/*
 * Did rs_order_full(), for @seed, end in the repair of the whole order
 * (the middle's repair did not fit)?  Its attempts replayed on the stream.
 */
static int took_whole_repair(const struct spec *s, const unsigned char *seed)
{
	struct rs_slot *slots = calloc(s->n + 1, sizeof(*slots));
	unsigned int *cand = calloc(s->n + 1, sizeof(*cand));
	struct rs_stream st;
	int whole = 0;

	rs_stream_init(&st, seed, s->identity, s->identity_len);
	if (!rs_order_full_attempts(&st, s->units, s->n, cand)) {
		rs_order_repair_middle(cand, s->units, s->n, slots);
		whole = !rs_order_slots_fit(s->units, s->n, slots);
	}
	free(cand);
	free(slots);
	return whole;
}

/*
 * "BITS STDERR SAMPLES DISAGREEMENTS SHARE_NOT_FITTING" over @nseeds, the
 * last the mean over the seeds of their groups' g.  The whole-order
 * repair's term enters P(y) only for a structure where some seed took it.
 */
static void estimate(const struct spec *s, unsigned char (*seeds)[RS_SEED_BYTES],
		     unsigned int nseeds)
{
	struct rs_slot *slots = calloc(s->n + 1, sizeof(*slots));
	double *cache = malloc((s->n * s->n + 1) * sizeof(*cache));
	struct tally t = { 0 };
	struct rs_stream st;
	unsigned int i;
	double g = 0;

	int whole = 0;

	for (i = 0; i < s->n * s->n + 1; i++)
		cache[i] = NAN;
	for (i = 0; i < nseeds && !whole; i++)
		whole = took_whole_repair(s, seeds[i]);
	for (i = 0; i < nseeds; i++) {
		rs_stream_init(&st, seeds[i], s->identity, s->identity_len);
		rs_order_full(&st, s->units, s->n, slots);
		tally_add(&t, surprise(s, slots, cache, whole));
		g += group_misfits(s, slots[0].unit, slots[s->n - 1].unit, cache);
	}
	tally_print(&t, nseeds ? g / nseeds : 0);
	free(cache);
	free(slots);
}

/*
 * Performance mode.  The layout fixes the block order (uniform within each
 * run of movable blocks: log2(k!) each) and, block by block, each line
 * group's order; a group's outcome depends on the past only through the
 * state it starts from (offset, whether a bit-field run precedes), so
 * H = sum log2(k!) + sum over groups of E[-log2 P(group's order | state)].
 * P: the share of the group's shuffles whose first-fit order is this one
 * (N(y) / k!, when y keeps the group's promise), plus, for the
 * declaration order, the share of shuffles that break it (estimated from
 * 2,000 random shuffles).
 */
#define LINE	RS_CACHE_LINE_BYTES

struct perf_group_model {
	unsigned int first, end;	/* declared units */
	int crosser;			/* last unit runs into the next line */
	uint64_t line_rel, limit_rel;	/* from the block's start */
};

static uint64_t *declared_offsets(const struct spec *s)
{
	uint64_t *off = calloc(s->n + 1, sizeof(*off)), o = 0;
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		o = up(o, s->units[i].align);
		off[i] = o;
		o += s->units[i].size;
	}
	off[s->n] = o;
	return off;
}

/* First-fit (rs_order.c's pick_next) of @perm from @r; the order into @out. */
static void first_fit_from(const struct spec *sub, const unsigned int *perm,
			   struct replay r, unsigned int *out)
{
	unsigned int left[64], n = sub->n, i, k, best;

	memcpy(left, perm, n * sizeof(*left));
	for (k = 0; k < sub->n; k++) {
		for (best = 0, i = 1; i < n; i++)
			if (tier(&sub->units[left[i]], &r) <
			    tier(&sub->units[left[best]], &r))
				best = i;
		out[k] = left[best];
		r.offset = up(r.offset, sub->units[left[best]].align) +
			   sub->units[left[best]].size;
		r.prev_is_run = sub->units[left[best]].is_bitfield_run;
		if (r.prev_is_run)
			r.runs_left--;
		else
			r.others_left--;
		memmove(left + best, left + best + 1, (n - best - 1) * sizeof(*left));
		n--;
	}
}

/* Does @order (then @crosser, if any) keep the group's promise from @o? */
static int keeps_promise(const struct spec *sub, const unsigned int *order,
			 const struct rs_unit_shape *crosser, uint64_t o,
			 uint64_t line, uint64_t limit)
{
	unsigned int i;

	for (i = 0; i <= sub->n; i++) {
		const struct rs_unit_shape *u = i < sub->n ?
			&sub->units[order[i]] : crosser;

		if (!u)
			break;
		o = up(o, u->align);
		if (o < line || o >= line + LINE)
			return 0;
		o += u->size;
	}
	return o <= limit;
}

/* Share of random shuffles of @sub whose first-fit order breaks the promise. */
static double share_breaking(const struct spec *sub,
			     const struct rs_unit_shape *crosser,
			     const struct replay *r, uint64_t line,
			     uint64_t limit)
{
	unsigned int perm[64], order[64], i, j, t, bad = 0, trial;
	unsigned int rng = 12345;

	for (trial = 0; trial < 2000; trial++) {
		for (i = 0; i < sub->n; i++)
			perm[i] = i;
		for (i = sub->n; i > 1; i--) {
			j = rand_r(&rng) % i;
			t = perm[i - 1];
			perm[i - 1] = perm[j];
			perm[j] = t;
		}
		first_fit_from(sub, perm, *r, order);
		bad += !keeps_promise(sub, order, crosser, r->offset, line, limit);
	}
	return bad / 2000.0;
}

struct group_ctx {
	const struct spec *s;
	unsigned int first, k;		/* declared units, crosser excluded */
	int crosser;
	uint64_t line, limit;
	double *breaking;		/* [128] by offset in line and prev */
};

/* -log2 P(this group's order | its start state @r). */
static double group_surprise(const struct group_ctx *g,
			     const struct rs_slot *slots, struct replay r)
{
	struct rs_unit_shape units[64];
	struct rs_slot ys[65];
	unsigned int order[64], i, is_decl = 1;
	const struct rs_unit_shape *crosser = NULL;
	struct spec sub = *g->s;
	struct estimate e;
	unsigned int cls[65], req[65][MAX_CLASSES];
	double p = 0, logfact = lgamma(g->k + 1.0) / log(2.0);
	unsigned int key;

	if (g->k <= 1)
		return 0;
	if (g->k > 64)
		return NAN;
	for (i = 0; i < g->k; i++) {
		units[i] = g->s->units[g->first + i];
		order[i] = slots[i].unit - g->first;
		ys[i].unit = order[i];
		is_decl &= order[i] == i;
	}
	if (g->crosser)
		crosser = &g->s->units[g->first + g->k];
	sub.units = units;
	sub.n = g->k;
	e.cls = cls;
	e.req = req;
	r.runs_left = r.others_left = 0;
	for (i = 0; i < g->k; i++) {
		if (units[i].is_bitfield_run)
			r.runs_left++;
		else
			r.others_left++;
	}
	if (keeps_promise(&sub, order, crosser, r.offset, g->line, g->limit) &&
	    !set_classes(&sub, &e) &&
	    !replay_order(&sub, &e, ys, r.offset, r.prev_is_run))
		p = exp2(log2_paths(&e) - logfact);
	if (is_decl) {
		key = (r.offset - g->line) % LINE * 2 + !!r.prev_is_run;
		if (isnan(g->breaking[key]))
			g->breaking[key] = share_breaking(&sub, crosser, &r,
							  g->line, g->limit);
		p += g->breaking[key];
	}
	return p > 0 ? -log2(p) : NAN;
}

struct perf_blocks {
	uint64_t *off;
	unsigned int *block_of;		/* [n]: block of each unit */
	unsigned int *first;		/* [blocks + 1] */
	unsigned int blocks;
	double order_bits;		/* the block orders' entropy */
	double *breaking;		/* [n][128] */
};

static int movable(const struct spec *s, const struct perf_blocks *pb,
		   unsigned int b)
{
	unsigned int i;

	if (b + 1 == pb->blocks && pb->off[s->n] % LINE)
		return 0;
	for (i = pb->first[b]; i < pb->first[b + 1]; i++)
		if (s->units[i].align > LINE)
			return 0;
	return 1;
}

static void perf_blocks_init(const struct spec *s, struct perf_blocks *pb)
{
	unsigned int i, b, run = 0;

	pb->off = declared_offsets(s);
	pb->block_of = calloc(s->n + 1, sizeof(*pb->block_of));
	pb->first = calloc(s->n + 2, sizeof(*pb->first));
	pb->breaking = malloc((s->n + 1) * 128 * sizeof(*pb->breaking));
	for (i = 0; i < (s->n + 1) * 128; i++)
		pb->breaking[i] = NAN;
	pb->blocks = 0;
	for (i = 0; i < s->n; i++) {
		if (!i || pb->off[i - 1] + s->units[i - 1].size <=
			  pb->off[i] - pb->off[i] % LINE)
			pb->first[pb->blocks++] = i;
		pb->block_of[i] = pb->blocks - 1;
	}
	pb->first[pb->blocks] = s->n;
	pb->order_bits = 0;
	for (b = 0; b <= pb->blocks; b++) {
		if (b < pb->blocks && movable(s, pb, b)) {
			run++;
			continue;
		}
		pb->order_bits += lgamma(run + 1.0) / log(2.0);
		run = 0;
	}
}

/* rs_order.c's group_room(): where a group may end, in the declaration. */
static uint64_t group_room(const struct spec *s, const struct perf_blocks *pb,
			   unsigned int b, unsigned int next)
{
	uint64_t size = pb->off[s->n];
	unsigned int i;

	if (next < pb->first[b + 1])
		return pb->off[next];
	if (b + 1 < pb->blocks)
		return pb->off[pb->first[b + 1]] - pb->off[pb->first[b + 1]] % LINE;
	for (i = 0; i < s->n; i++)
		size = up(size, s->units[i].align);
	return size;
}

static void step(const struct rs_unit_shape *u, struct replay *r)
{
	r->offset = up(r->offset, u->align) + u->size;
	r->prev_is_run = u->is_bitfield_run;
}

/* Sum of the groups' surprises for the layout in @slots. */
static double perf_surprise(const struct spec *s, struct perf_blocks *pb,
			    const struct rs_slot *slots)
{
	unsigned int pos = 0, b, i, m;
	struct replay r;
	double h = 0;

	memset(&r, 0, sizeof(r));
	while (pos < s->n) {
		uint64_t from = up(r.offset, LINE), decl;
		struct group_ctx g;

		b = pb->block_of[slots[pos].unit];
		decl = pb->off[pb->first[b]] - pb->off[pb->first[b]] % LINE;
		for (i = pb->first[b]; i < pb->first[b + 1]; ) {
			g.s = s;
			g.first = i;
			while (i < pb->first[b + 1] &&
			       pb->off[i] / LINE == pb->off[g.first] / LINE)
				i++;
			g.k = i - g.first;
			g.crosser = pb->off[i - 1] + s->units[i - 1].size >
				    pb->off[i - 1] - pb->off[i - 1] % LINE + LINE;
			g.k -= g.crosser;
			g.line = from + pb->off[g.first] - pb->off[g.first] % LINE - decl;
			g.limit = from + group_room(s, pb, b, i) - decl;
			g.breaking = pb->breaking + 128 * g.first;
			if (slots[pos].pads_to_line) {
				r.offset = up(r.offset, LINE);
				r.prev_is_run = 0;
			}
			h += group_surprise(&g, slots + pos, r);
			for (m = i - g.first; m && pos < s->n; m--, pos++)
				step(&s->units[slots[pos].unit], &r);
		}
	}
	return h;
}

/* Performance mode's "BITS STDERR SAMPLES DISAGREEMENTS BLOCK_BITS". */
static void estimate_perf(const struct spec *s,
			  unsigned char (*seeds)[RS_SEED_BYTES],
			  unsigned int nseeds)
{
	struct rs_slot *slots = calloc(s->n + 1, sizeof(*slots));
	struct tally t = { 0 };
	unsigned int i;
	struct perf_blocks pb;
	struct rs_stream st;

	perf_blocks_init(s, &pb);
	for (i = 0; i < nseeds; i++) {
		rs_stream_init(&st, seeds[i], s->identity, s->identity_len);
		rs_order_performance(&st, s->units, s->n, slots);
		tally_add(&t, pb.order_bits + perf_surprise(s, &pb, slots));
	}
	tally_print(&t, pb.order_bits);
	free(pb.off);
	free(pb.block_of);
	free(pb.first);
	free(pb.breaking);
	free(slots);
}

static void seed_of(unsigned int i, unsigned char *seed)
{
	char text[64];

	snprintf(text, sizeof(text), "randstruct strength seed %u", i);
	rs_sha256(text, strlen(text), seed);
}

int main(int argc, char **argv)
{
	static unsigned char seeds[MAX_SEEDS][RS_SEED_BYTES];
	unsigned int nseeds = 0, i;
	int do_exact = 0, do_estimate = 0, opt;
	char *line = NULL;
	size_t cap = 0;
	struct spec s;

	for (opt = 1; opt < argc; opt++) {
		if (!strcmp(argv[opt], "-n") && opt + 1 < argc) {
			unsigned int n = atoi(argv[++opt]);

			for (i = 1; i <= n && nseeds < MAX_SEEDS; i++)
				seed_of(i, seeds[nseeds++]);
		} else if (!strcmp(argv[opt], "-s") && opt + 1 < argc &&
			   nseeds < MAX_SEEDS) {
			opt++;
			if (rs_parse_seed_hex(argv[opt], strlen(argv[opt]),
					      seeds[nseeds++]))
				return 2;
		} else if (!strcmp(argv[opt], "-x")) {
			do_exact = 1;
		} else if (!strcmp(argv[opt], "-e")) {
			do_estimate = 1;
		} else {
			fprintf(stderr, "usage: rs-strength [-x|-e] [-n N] [-s HEX]... < SPECS\n");
			return 2;
		}
	}
	while (getline(&line, &cap, stdin) > 0) {
		if (parse_spec(line, &s) <= 0)
			continue;
		if (do_estimate && !s.mode)
			estimate(&s, seeds, nseeds);
		else if (do_estimate)
			estimate_perf(&s, seeds, nseeds);
		else if (do_exact && !s.mode && s.n <= MAX_EXACT && s.n > 0)
			exact(&s);
		else if (do_exact)
			printf("-\n");
		else
			for (i = 0; i < nseeds; i++)
				derive(&s, seeds[i]);
		free(s.units);
		free(s.bytes);
		free(s.identity);
	}
	free(line);
	return 0;
}
