/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rs_order.h - choosing the new order of a structure's movable units.
 *
 * A unit is one field, or a maximal run of adjacent bit-fields that must
 * move together.  The order is drawn from the keyed stream (rs_crypto.h):
 * a shuffle that does not grow the structure and never makes two bit-field
 * runs adjacent, or one repaired so that it adds no padding where a
 * padding-free choice exists.  Pure C, free of GCC's headers.
 */
#ifndef RS_ORDER_H
#define RS_ORDER_H

#include "rs_crypto.h"

#define RS_CACHE_LINE_BYTES	64

/* Full mode: shuffles tried as they are before one is repaired. */
#define RS_PLAIN_ATTEMPTS	8

/*
 * The layout-algorithm version.  Bump it whenever the layout of any
 * structure for any seed could change (identity, stream, shuffle, order
 * repair, performance groups, relayout rules): kbuild puts it into module
 * vermagic and into the header every object depends on, so objects and
 * modules derived by another version never mix with these.
 */
#define RS_LAYOUT_VERSION	4

struct rs_unit_shape {
	uint64_t size;		/* bytes the unit occupies (model) */
	uint64_t align;		/* its alignment in bytes, a power of two */
	int is_bitfield_run;
};

/*
 * One slot of the result: which unit goes there, whether a zero-width
 * bit-field must precede it to keep two bit-field runs in separate memory
 * locations (only when no other order can avoid it), and whether it must
 * start on the next cache-line boundary (performance mode; the relayout
 * puts a zero-width bit-field of a line-aligned type before it, which
 * also separates bit-field runs).
 */
struct rs_slot {
	unsigned int unit;
	int needs_separator;
	int pads_to_line;
};

void rs_order_full(struct rs_stream *stream,
		   const struct rs_unit_shape *units, unsigned int n,
		   struct rs_slot *out);
int rs_order_plain_fits(const struct rs_unit_shape *units,
			const unsigned int *order, unsigned int n);
void rs_order_repair(const unsigned int *shuffled,
		     const struct rs_unit_shape *units, unsigned int n,
		     struct rs_slot *out);
void rs_order_repair_middle(const unsigned int *order,
			    const struct rs_unit_shape *units, unsigned int n,
			    struct rs_slot *out);
int rs_order_full_attempts(struct rs_stream *stream,
			   const struct rs_unit_shape *units, unsigned int n,
			   unsigned int *order);
int rs_order_slots_fit(const struct rs_unit_shape *units, unsigned int n,
		       const struct rs_slot *slots);
int rs_order_reverse_if_fits(const struct rs_unit_shape *units,
			     unsigned int n, struct rs_slot *slots);
void rs_order_performance(struct rs_stream *stream,
			  const struct rs_unit_shape *units, unsigned int n,
			  struct rs_slot *out);
double rs_order_entropy_bits(const struct rs_unit_shape *units,
			     unsigned int n, int performance_mode);

#endif /* RS_ORDER_H */
