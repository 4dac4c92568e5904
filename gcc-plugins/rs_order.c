// SPDX-License-Identifier: GPL-2.0
/*
 * rs_order.c - the new order of a structure's units, drawn and repaired.
 *
 * Full mode: one Fisher-Yates shuffle of all units, then a first-fit pass
 * that takes, at every step, the earliest unit of the shuffled list that
 * needs no padding at the current offset, subject to the bit-field rule:
 * two runs of bit-fields never become neighbours (they would merge into one
 * C11 memory location).  When no unit fits without padding, the earliest
 * one allowed by the bit-field rule is taken.
 *
 * Performance mode: units are cut in declaration order into groups of at
 * most one cache line, the groups are shuffled, and inside each group the
 * units are shuffled and repaired the same way, so fields that shared a
 * cache line keep sharing one.
 *
 * The repair only ever chooses among units of different alignment or kind;
 * the relative order of units that are alike is the shuffle's, which gives
 * the entropy lower bound computed by rs_order_entropy_bits().
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rs_order.h"

struct placement {
	uint64_t offset;
	int prev_is_run;
	unsigned int runs_left;
	unsigned int others_left;
};

static int fits_without_padding(const struct rs_unit_shape *u, uint64_t offset)
{
	return u->align <= 1 || offset % u->align == 0;
}

/* Can the remaining runs still be kept apart after placing @u next? */
static int keeps_runs_apart(const struct rs_unit_shape *u,
			    const struct placement *p)
{
	if (u->is_bitfield_run)
		return !p->prev_is_run && p->runs_left - 1 <= p->others_left;
	return p->runs_left <= p->others_left;
}

static void place(const struct rs_unit_shape *u, struct placement *p)
{
	if (u->align > 1 && p->offset % u->align)
		p->offset += u->align - p->offset % u->align;
	p->offset += u->size;
	p->prev_is_run = u->is_bitfield_run;
	if (u->is_bitfield_run)
		p->runs_left--;
	else
		p->others_left--;
}

/* Index into @cand of the unit to place next; -1 if @cand is empty. */
static int pick_next(const struct rs_unit_shape *units,
		     const unsigned int *cand, unsigned int count,
		     const struct placement *p)
{
	unsigned int i;
	int fallback = -1, any_run_ok = -1;

	for (i = 0; i < count; i++) {
		const struct rs_unit_shape *u = &units[cand[i]];

		if (keeps_runs_apart(u, p)) {
			if (fits_without_padding(u, p->offset))
				return i;
			if (fallback < 0)
				fallback = i;
		} else if (any_run_ok < 0 &&
			   !(u->is_bitfield_run && p->prev_is_run)) {
			any_run_ok = i;
		}
	}
	if (fallback >= 0)
		return fallback;
	if (any_run_ok >= 0)
		return any_run_ok;
	return count ? 0 : -1;
}

/* Place all of @cand (in shuffled order) into @out, repairing as we go. */
static unsigned int place_candidates(const struct rs_unit_shape *units,
				     unsigned int *cand, unsigned int count,
				     struct placement *p, struct rs_slot *out)
{
	unsigned int placed = 0;
	int k;

	while ((k = pick_next(units, cand, count, p)) >= 0) {
		const struct rs_unit_shape *u = &units[cand[k]];

		out[placed].unit = cand[k];
		out[placed].needs_separator = u->is_bitfield_run &&
					      p->prev_is_run;
		place(u, p);
		memmove(cand + k, cand + k + 1,
			(count - k - 1) * sizeof(cand[0]));
		count--;
		placed++;
	}
	return placed;
}

static void init_placement(const struct rs_unit_shape *units, unsigned int n,
			   struct placement *p)
{
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++) {
		if (units[i].is_bitfield_run)
			p->runs_left++;
		else
			p->others_left++;
	}
}

void rs_order_full(struct rs_stream *stream,
		   const struct rs_unit_shape *units, unsigned int n,
		   struct rs_slot *out)
{
	unsigned int *cand = (unsigned int *)malloc((n + 1) * sizeof(*cand));
	struct placement p;
	unsigned int i;

	for (i = 0; i < n; i++)
		cand[i] = i;
	rs_shuffle(stream, cand, n);
	init_placement(units, n, &p);
	place_candidates(units, cand, n, &p, out);
	free(cand);
}

static uint64_t round_up(uint64_t value, uint64_t align)
{
	if (align <= 1 || value % align == 0)
		return value;
	return value + align - value % align;
}

/*
 * Cut units into cache-line groups in declaration order.  @group_start
 * receives the first unit of each group; returns the number of groups.
 */
static unsigned int cut_groups(const struct rs_unit_shape *units,
			       unsigned int n, unsigned int *group_start)
{
	unsigned int groups = 0, i;
	uint64_t fill = 0;

	for (i = 0; i < n; i++) {
		uint64_t end = round_up(fill, units[i].align) + units[i].size;

		if (i == 0 || end > RS_CACHE_LINE_BYTES) {
			group_start[groups++] = i;
			end = units[i].size;
		}
		fill = end;
	}
	group_start[groups] = n;
	return groups;
}

void rs_order_performance(struct rs_stream *stream,
			  const struct rs_unit_shape *units, unsigned int n,
			  struct rs_slot *out)
{
	unsigned int *start = (unsigned int *)malloc((n + 1) * sizeof(*start));
	unsigned int *order = (unsigned int *)malloc((n + 1) * sizeof(*order));
	unsigned int *cand = (unsigned int *)malloc((n + 1) * sizeof(*cand));
	unsigned int groups, g, i, placed = 0;
	struct placement p;

	groups = cut_groups(units, n, start);
	for (g = 0; g < groups; g++)
		order[g] = g;
	rs_shuffle(stream, order, groups);
	init_placement(units, n, &p);
	for (g = 0; g < groups; g++) {
		unsigned int first = start[order[g]];
		unsigned int count = start[order[g] + 1] - first;

		for (i = 0; i < count; i++)
			cand[i] = first + i;
		rs_shuffle(stream, cand, count);
		placed += place_candidates(units, cand, count, &p, out + placed);
	}
	free(cand);
	free(order);
	free(start);
}

static double log2_factorial(unsigned int k)
{
	return lgamma((double)k + 1.0) / log(2.0);
}

/* Sum of log2(k!) over the classes of alike units in [first, end). */
static double alike_entropy(const struct rs_unit_shape *units,
			    unsigned int first, unsigned int end)
{
	unsigned char *seen = (unsigned char *)calloc(end - first + 1, 1);
	double bits = 0;
	unsigned int i, j, k;

	for (i = first; i < end; i++) {
		if (seen[i - first])
			continue;
		for (k = 0, j = i; j < end; j++) {
			if (units[j].align == units[i].align &&
			    units[j].is_bitfield_run == units[i].is_bitfield_run) {
				seen[j - first] = 1;
				k++;
			}
		}
		bits += log2_factorial(k);
	}
	free(seen);
	return bits;
}

/*
 * A lower bound on the Shannon entropy of the layout, in bits: the
 * relative order of alike units is uniform and independent per class
 * (and per group, whose order is uniform too, in performance mode).
 */
double rs_order_entropy_bits(const struct rs_unit_shape *units,
			     unsigned int n, int performance_mode)
{
	unsigned int *start, groups, g;
	double bits;

	if (!performance_mode)
		return alike_entropy(units, 0, n);
	start = (unsigned int *)malloc((n + 1) * sizeof(*start));
	groups = cut_groups(units, n, start);
	bits = log2_factorial(groups);
	for (g = 0; g < groups; g++)
		bits += alike_entropy(units, start[g], start[g + 1]);
	free(start);
	return bits;
}
