// SPDX-License-Identifier: GPL-2.0
/*
 * rs_order.c - the new order of a structure's units, drawn and repaired.
 *
 * Full mode: a Fisher-Yates shuffle of all units is taken when, laid out
 * as it is, it is no larger than the declaration order and keeps
 * bit-field runs apart (two runs of bit-fields never become neighbours:
 * they would merge into one C11 memory location).  Otherwise its first
 * and last units stay and the units between them are shuffled again, up
 * to RS_PLAIN_ATTEMPTS orders in all, the first that fits taken: every
 * unit is first and last as often as under a uniform shuffle, where
 * taking whole shuffles until one fits would favour large first members.
 * If none fits, the middle of the last is repaired by a first-fit pass
 * that takes, at every step, the earliest unit of the shuffled list that
 * needs no padding at the current offset, subject to the bit-field rule
 * (when no unit fits without padding, the earliest one allowed by the
 * bit-field rule is taken); if that does not fit, the whole of it is
 * repaired the same way.  A draw of the stream then says whether the
 * repaired order is used backwards (when that fits as it is, too): first
 * fit leaves the units that needed padding towards the end, its reversal
 * towards the start, and the two together keep any one offset of a unit
 * from being as likely as either alone makes it.
 *
 * Performance mode works on the declaration order's real cache lines:
 * a line group is the units that start in one line, a block the lines
 * between two line boundaries that no unit crosses.  Whole blocks are
 * shuffled (moved by whole lines, every unit keeps its place within its
 * line), then inside each block every line group is shuffled and
 * repaired, a unit that ran into the next line staying last, and placed
 * on its line, padded to it when the group before it came out shorter.
 * A group whose shuffled order would start a unit outside its line or
 * end later than the next group (or block, or for the last block the
 * structure) started in the declaration is placed in declaration order
 * instead.  Units that shared a line keep sharing one and nothing grows.
 *
 * Neither the fit test nor the repair can tell apart two units of the
 * same shape (size, alignment, kind): their relative order is the
 * shuffle's, uniform, which gives the entropy lower bound computed by
 * rs_order_entropy_bits().  In performance mode the bound counts the
 * block orders only.
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

static void advance(const struct rs_unit_shape *u, struct placement *p)
{
	if (u->align > 1 && p->offset % u->align)
		p->offset += u->align - p->offset % u->align;
	p->offset += u->size;
	p->prev_is_run = u->is_bitfield_run;
}

static void place(const struct rs_unit_shape *u, struct placement *p)
{
	advance(u, p);
	if (u->is_bitfield_run)
		p->runs_left--;
	else
		p->others_left--;
}

/* Count the runs and other units of @cand (@count) still to be placed. */
static void count_candidates(const struct rs_unit_shape *units,
			     const unsigned int *cand, unsigned int count,
			     struct placement *p)
{
	unsigned int i;

	p->runs_left = p->others_left = 0;
	for (i = 0; i < count; i++) {
		if (units[cand[i]].is_bitfield_run)
			p->runs_left++;
		else
			p->others_left++;
	}
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
		out[placed].pads_to_line = 0;
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

/* Full mode's first-fit pass over a whole shuffled list of units. */
void rs_order_repair(const unsigned int *shuffled,
		     const struct rs_unit_shape *units, unsigned int n,
		     struct rs_slot *out)
{
	unsigned int *cand = (unsigned int *)malloc((n + 1) * sizeof(*cand));
	struct placement p;

	memcpy(cand, shuffled, n * sizeof(*cand));
	init_placement(units, n, &p);
	place_candidates(units, cand, n, &p, out);
	free(cand);
}

static void keep_slot(const struct rs_unit_shape *units, unsigned int unit,
		      struct placement *p, struct rs_slot *slot)
{
	slot->unit = unit;
	slot->needs_separator = units[unit].is_bitfield_run && p->prev_is_run;
	slot->pads_to_line = 0;
	advance(&units[unit], p);
}

/*
 * Full mode's first-fit pass over the units between the first and the
 * last of @order, from where the first one ends; the first and the last
 * keep their slots.  A structure of two units has no middle: the whole
 * order is repaired.
 */
void rs_order_repair_middle(const unsigned int *order,
			    const struct rs_unit_shape *units, unsigned int n,
			    struct rs_slot *out)
{
	unsigned int *cand;
	struct placement p;

	if (n < 3) {
		rs_order_repair(order, units, n, out);
		return;
	}
	cand = (unsigned int *)malloc(n * sizeof(*cand));
	memcpy(cand, order + 1, (n - 2) * sizeof(*cand));
	memset(&p, 0, sizeof(p));
	keep_slot(units, order[0], &p, &out[0]);
	count_candidates(units, cand, n - 2, &p);
	place_candidates(units, cand, n - 2, &p, out + 1);
	keep_slot(units, order[n - 1], &p, &out[n - 1]);
	free(cand);
}

/*
 * Does @order (NULL: declaration order) laid out as is keep bit-field runs
 * apart, and how large is it?  Returns the size, or 0 if runs touch.
 */
static uint64_t plain_size(const struct rs_unit_shape *units,
			   const unsigned int *order, unsigned int n)
{
	uint64_t offset = 0, align = 1;
	unsigned int i;
	int prev_run = 0;

	for (i = 0; i < n; i++) {
		const struct rs_unit_shape *u = &units[order ? order[i] : i];

		if (u->is_bitfield_run && prev_run)
			return 0;
		prev_run = u->is_bitfield_run;
		if (u->align > 1 && offset % u->align)
			offset += u->align - offset % u->align;
		offset += u->size;
		if (u->align > align)
			align = u->align;
	}
	if (offset % align)
		offset += align - offset % align;
	return offset;
}

int rs_order_plain_fits(const struct rs_unit_shape *units,
			const unsigned int *order, unsigned int n)
{
	uint64_t size = plain_size(units, order, n);

	return size && size <= plain_size(units, NULL, n);
}

/*
 * Use the repaired order in @slots backwards when that fits as it is (it
 * never does with a bit-field separator in it).  Returns whether it did.
 */
int rs_order_reverse_if_fits(const struct rs_unit_shape *units,
			     unsigned int n, struct rs_slot *slots)
{
	unsigned int *order, i;
	int fits;

	for (i = 0; i < n; i++)
		if (slots[i].needs_separator)
			return 0;
	order = (unsigned int *)calloc(n + 1, sizeof(*order));
	for (i = 0; i < n; i++)
		order[i] = slots[n - 1 - i].unit;
	fits = rs_order_plain_fits(units, order, n);
	if (fits)
		for (i = 0; i < n; i++)
			slots[i].unit = order[i];
	free(order);
	return fits;
}

/* Do @slots, laid out as they are, fit without a bit-field separator? */
int rs_order_slots_fit(const struct rs_unit_shape *units, unsigned int n,
		       const struct rs_slot *slots)
{
	unsigned int *order = (unsigned int *)calloc(n + 1, sizeof(*order));
	unsigned int i;
	int fits = 1;

	for (i = 0; i < n; i++) {
		order[i] = slots[i].unit;
		fits &= !slots[i].needs_separator;
	}
	fits = fits && rs_order_plain_fits(units, order, n);
	free(order);
	return fits;
}

/*
 * Full mode's attempts, into @order: a shuffle of all units, kept if it
 * fits as it is; if not, its first and last units keep their slots and
 * the units between them are shuffled again (both units, for a structure
 * of two), up to RS_PLAIN_ATTEMPTS orders in all.  Returns whether the
 * last one fits.
 *
 * Full mode: the attempts; if none fits, the middle of the last is
 * repaired by the first-fit pass (the whole of it, when that does not
 * fit), and a draw of the stream says whether the result is used
 * backwards (when the reversal fits as it is).
 */
int rs_order_full_attempts(struct rs_stream *stream,
			   const struct rs_unit_shape *units, unsigned int n,
			   unsigned int *order)
{
	unsigned int i, attempt;
	int fits;

	for (i = 0; i < n; i++)
		order[i] = i;
	rs_shuffle(stream, order, n);
	fits = rs_order_plain_fits(units, order, n);
	for (attempt = 1; attempt < RS_PLAIN_ATTEMPTS && !fits; attempt++) {
		if (n > 2)
			rs_shuffle(stream, order + 1, n - 2);
		else
			rs_shuffle(stream, order, n);
		fits = rs_order_plain_fits(units, order, n);
	}
	return fits;
}

void rs_order_full(struct rs_stream *stream,
		   const struct rs_unit_shape *units, unsigned int n,
		   struct rs_slot *out)
{
	unsigned int *cand = (unsigned int *)malloc((n + 1) * sizeof(*cand));
	unsigned int i;

	if (!rs_order_full_attempts(stream, units, n, cand)) {
		rs_order_repair_middle(cand, units, n, out);
		if (!rs_order_slots_fit(units, n, out))
			rs_order_repair(cand, units, n, out);
		if (rs_stream_below(stream, 2))
			rs_order_reverse_if_fits(units, n, out);
	} else {
		for (i = 0; i < n; i++) {
			out[i].unit = cand[i];
			out[i].needs_separator = 0;
			out[i].pads_to_line = 0;
		}
	}
	free(cand);
}

static uint64_t round_up(uint64_t value, uint64_t align)
{
	if (align <= 1 || value % align == 0)
		return value;
	return value + align - value % align;
}

#define LINE	RS_CACHE_LINE_BYTES

/*
 * The declaration order, modelled: unit offsets (each unit at the next
 * multiple of its alignment), the blocks it falls into and, for each
 * block, whether it may move.
 */
struct perf_model {
	const struct rs_unit_shape *units;
	unsigned int n;
	uint64_t *off;		/* [n]: declared offset of each unit */
	uint64_t end;		/* end of the last unit */
	uint64_t size;		/* @end rounded to the largest alignment */
	unsigned int *block;	/* [blocks + 1]: first unit of each block */
	unsigned int blocks;
};

static uint64_t line_start(uint64_t offset)
{
	return offset - offset % LINE;
}

static uint64_t unit_end(const struct perf_model *m, unsigned int i)
{
	return m->off[i] + m->units[i].size;
}

/* Does unit @i, where it was declared, run past the end of its line? */
static int crosses_line(const struct perf_model *m, unsigned int i)
{
	return unit_end(m, i) > line_start(m->off[i]) + LINE;
}

/*
 * A block starts at a line boundary that no unit crosses: blocks are
 * whole lines (the last one may be partial) and a unit that runs into
 * the next line ties the two lines into one block.
 */
static void perf_model_init(struct perf_model *m,
			    const struct rs_unit_shape *units, unsigned int n)
{
	uint64_t o = 0;
	unsigned int i;

	m->units = units;
	m->n = n;
	m->off = (uint64_t *)malloc((n + 1) * sizeof(*m->off));
	m->block = (unsigned int *)malloc((n + 1) * sizeof(*m->block));
	m->blocks = 0;
	for (i = 0; i < n; i++) {
		o = round_up(o, units[i].align);
		m->off[i] = o;
		o += units[i].size;
		if (!i || unit_end(m, i - 1) <= line_start(m->off[i]))
			m->block[m->blocks++] = i;
	}
	m->end = o;
	m->size = o;
	for (i = 0; i < n; i++)
		m->size = round_up(m->size, units[i].align);
	m->block[m->blocks] = n;
}

static void perf_model_release(struct perf_model *m)
{
	free(m->off);
	free(m->block);
}

/*
 * A block may move when it covers whole lines (every block but a partial
 * last one) and none of its units needs more than a line's alignment:
 * moved by whole lines, every unit keeps its offset within its line.
 */
static int block_movable(const struct perf_model *m, unsigned int b)
{
	unsigned int i;

	if (b + 1 == m->blocks && m->end % LINE)
		return 0;
	for (i = m->block[b]; i < m->block[b + 1]; i++)
		if (m->units[i].align > LINE)
			return 0;
	return 1;
}

/* Shuffle every maximal run of movable blocks among itself. */
static void shuffle_blocks(struct rs_stream *stream,
			   const struct perf_model *m, unsigned int *order)
{
	unsigned int b, first;

	for (b = 0; b < m->blocks; b++)
		order[b] = b;
	for (b = 0; b < m->blocks; b = first + 1) {
		first = b;
		while (first < m->blocks && block_movable(m, first))
			first++;
		rs_shuffle(stream, order + b, first - b);
	}
}

/*
 * Where one line group goes: its units start at or after @line (after
 * padding to it), all of them must start before @line + LINE and the
 * group must end by @limit, the end it had in the declaration.
 */
struct perf_group {
	unsigned int first, end;	/* its units, declaration order */
	uint64_t line, limit;
};

/* Replay @count slots from @from: do they keep the group's promise? */
static int group_fits(const struct perf_model *m, const struct rs_slot *out,
		      unsigned int count, uint64_t from,
		      const struct perf_group *g)
{
	uint64_t o = from;
	unsigned int s;

	for (s = 0; s < count; s++) {
		const struct rs_unit_shape *u = &m->units[out[s].unit];

		if (out[s].pads_to_line)
			o = round_up(o, LINE);
		o = round_up(o, u->align);
		if (o < g->line || o >= g->line + LINE)
			return 0;
		o += u->size;
	}
	return o <= g->limit;
}

static void put_unit(const struct perf_model *m, unsigned int i,
		     struct placement *p, struct rs_slot *slot)
{
	slot->unit = i;
	slot->needs_separator = m->units[i].is_bitfield_run && p->prev_is_run;
	slot->pads_to_line = 0;
	advance(&m->units[i], p);
}

/* The group's units in a random order; a unit that crossed its line stays last. */
static unsigned int shuffled_group(struct rs_stream *stream,
				   const struct perf_model *m,
				   const struct perf_group *g,
				   struct placement *p, struct rs_slot *out)
{
	unsigned int *cand = (unsigned int *)malloc((g->end - g->first + 1) *
						    sizeof(*cand));
	unsigned int count = 0, i, last = g->end - 1, placed;
	struct placement q = *p;

	for (i = g->first; i < g->end; i++)
		if (i != last || !crosses_line(m, last))
			cand[count++] = i;
	rs_shuffle(stream, cand, count);
	count_candidates(m->units, cand, count, &q);
	placed = place_candidates(m->units, cand, count, &q, out);
	if (placed < g->end - g->first)
		put_unit(m, last, &q, &out[placed++]);
	p->offset = q.offset;
	p->prev_is_run = q.prev_is_run;
	free(cand);
	return placed;
}

/*
 * Place one line group at @p: pad to its line if the group before ended
 * short of it, shuffle it, and fall back to its declaration order (which
 * always keeps the promise) when the shuffled order would not.
 */
static unsigned int place_group(struct rs_stream *stream,
				const struct perf_model *m,
				const struct perf_group *g,
				struct placement *p, struct rs_slot *out)
{
	struct placement saved;
	unsigned int count = g->end - g->first, i;
	int pad = p->offset < g->line;

	if (pad) {
		p->offset = round_up(p->offset, LINE);
		p->prev_is_run = 0;
	}
	saved = *p;
	shuffled_group(stream, m, g, p, out);
	if (!group_fits(m, out, count, saved.offset, g)) {
		*p = saved;
		for (i = 0; i < count; i++)
			put_unit(m, g->first + i, p, &out[i]);
	}
	out[0].pads_to_line = pad;
	if (pad)
		out[0].needs_separator = 0;
	return count;
}

/*
 * Where the group ending before unit @next of block @b may end, in the
 * declaration: where the next group starts, the block's end, or the
 * structure's size for the last block (its tail padding is room too).
 */
static uint64_t group_room(const struct perf_model *m, unsigned int b,
			   unsigned int next)
{
	if (next < m->block[b + 1])
		return m->off[next];
	if (b + 1 < m->blocks)
		return line_start(m->off[m->block[b + 1]]);
	return m->size;
}

/* Place block @b at @p, which the previous block left within a line of a boundary. */
static unsigned int place_block(struct rs_stream *stream,
				const struct perf_model *m, unsigned int b,
				struct placement *p, struct rs_slot *out)
{
	uint64_t from = round_up(p->offset, LINE);
	uint64_t decl = line_start(m->off[m->block[b]]);
	unsigned int i = m->block[b], placed = 0;
	struct perf_group g;

	while (i < m->block[b + 1]) {
		g.first = i;
		while (i < m->block[b + 1] &&
		       line_start(m->off[i]) == line_start(m->off[g.first]))
			i++;
		g.end = i;
		g.line = from + line_start(m->off[g.first]) - decl;
		g.limit = from + group_room(m, b, i) - decl;
		placed += place_group(stream, m, &g, p, out + placed);
	}
	return placed;
}

void rs_order_performance(struct rs_stream *stream,
			  const struct rs_unit_shape *units, unsigned int n,
			  struct rs_slot *out)
{
	unsigned int *order, b, placed = 0;
	struct perf_model m;
	struct placement p;

	perf_model_init(&m, units, n);
	order = (unsigned int *)malloc((m.blocks + 1) * sizeof(*order));
	shuffle_blocks(stream, &m, order);
	memset(&p, 0, sizeof(p));
	for (b = 0; b < m.blocks; b++)
		placed += place_block(stream, &m, order[b], &p, out + placed);
	free(order);
	perf_model_release(&m);
}

static double log2_factorial(unsigned int k)
{
	return lgamma((double)k + 1.0) / log(2.0);
}

/*
 * Sum of log2(k!) over the classes of same-shape units in [first, end).
 * Bit-field runs count alone: two runs of one shape may still pack
 * differently, so the compiler's size check could tell them apart.
 */
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
			if (j == i || (!units[i].is_bitfield_run &&
				       !units[j].is_bitfield_run &&
				       units[j].align == units[i].align &&
				       units[j].size == units[i].size)) {
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
 * A lower bound on the Shannon entropy of the layout, in bits.  Full
 * mode: the relative order of same-shape units is uniform and independent
 * per class.  Performance mode: the order of the movable blocks is
 * uniform within each run of them.
 */
double rs_order_entropy_bits(const struct rs_unit_shape *units,
			     unsigned int n, int performance_mode)
{
	struct perf_model m;
	unsigned int b, first;
	double bits = 0;

	if (!performance_mode)
		return alike_entropy(units, 0, n);
	perf_model_init(&m, units, n);
	for (b = 0; b < m.blocks; b = first + 1) {
		first = b;
		while (first < m.blocks && block_movable(&m, first))
			first++;
		bits += log2_factorial(first - b);
	}
	perf_model_release(&m);
	return bits;
}
