// SPDX-License-Identifier: GPL-2.0
/*
 * rs_relayout.c - the tree surgery: laying a structure out in a new order.
 *
 * The pipeline (randomize_layout_plugin.c) calls it from the debug hook,
 * the one place a layout can still change.  Fields are grouped into units
 * (a field, or a run of adjacent bit-fields) and a trailing flexible or
 * zero-length array, or a trailing structure or union that ends in one,
 * is pinned last (rs_relayout_collect()).  To apply an order, the fields
 * are put back into the state finish_struct() had before layout_type()
 * (declared bit-field types, no mode, no computed alignment), chained in
 * the new order with zero-width separators where the order asks for them,
 * the type is laid out again and the narrowed bit-field types are
 * restored (rs_relayout_apply()).
 *
 * It also owns the private attribute marking a structure it rewrote, which
 * the checks (rs_casts.c, rs_initializers.c) look for.
 */
#include "randstruct.h"

/* Not spellable in source, so user code cannot fake it. */
#define RS_DONE_MARKER		"randstruct relaid"

struct rs_field_state {
	tree declared_type;	/* bit-field type as written, or NULL */
	tree narrowed_type;	/* its type after finish_struct() */
};

static bool is_bitfield(const_tree field)
{
	return DECL_BIT_FIELD_TYPE(field) != NULL_TREE;
}

static bool is_open_array(const_tree field)
{
	return TREE_CODE(TREE_TYPE(field)) == ARRAY_TYPE &&
	       (!DECL_SIZE(field) || integer_zerop(DECL_SIZE(field)));
}

static bool ends_in_open_array(const_tree type);

/*
 * A field that may run past the end of the structure: a flexible or
 * zero-length array, or a structure (or union) ending in one (a GNU
 * extension GCC accepts silently).  As the last field it stays last.
 */
static bool is_open_tail(const_tree field)
{
	return is_open_array(field) || ends_in_open_array(TREE_TYPE(field));
}

static bool ends_in_open_array(const_tree type)
{
	tree field, last = NULL_TREE;

	if (!RECORD_OR_UNION_TYPE_P(type))
		return false;
	for (field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field)) {
		if (TREE_CODE(field) != FIELD_DECL)
			continue;
		/* Any member of a union may be the one that runs on. */
		if (TREE_CODE(type) == UNION_TYPE && is_open_tail(field))
			return true;
		last = field;
	}
	return TREE_CODE(type) == RECORD_TYPE && last && is_open_tail(last);
}

static unsigned HOST_WIDE_INT bits_of(const_tree size)
{
	return size && tree_fits_uhwi_p(size) ? tree_to_uhwi(size) : 0;
}

static uint64_t run_align_bytes(const struct rs_relayout *r,
				unsigned int first, unsigned int end)
{
	uint64_t align = 1;
	unsigned int i;

	if (TYPE_PACKED(r->type))
		return 1;
	for (i = first; i < end; i++) {
		tree field = r->declared.items[i];
		tree declared = DECL_BIT_FIELD_TYPE(field);

		if (!DECL_PACKED(field) && TYPE_ALIGN_UNIT(declared) > align)
			align = TYPE_ALIGN_UNIT(declared);
	}
	return align;
}

/* Model a unit from where the current (declaration-order) layout put it. */
static struct rs_unit_shape shape_of(const struct rs_relayout *r,
				     unsigned int first, unsigned int end)
{
	struct rs_unit_shape shape;
	tree field = r->declared.items[first];
	uint64_t start_bit = int_bit_position(field), end_bit = start_bit;
	unsigned int i;

	for (i = first; i < end; i++) {
		uint64_t pos = int_bit_position(r->declared.items[i]);
		uint64_t stop = pos + bits_of(DECL_SIZE(r->declared.items[i]));

		if (stop > end_bit)
			end_bit = stop;
	}
	shape.is_bitfield_run = is_bitfield(field);
	if (shape.is_bitfield_run) {
		shape.align = run_align_bytes(r, first, end);
		start_bit -= start_bit % (BITS_PER_UNIT * shape.align);
	} else {
		shape.align = DECL_ALIGN_UNIT(field) ? DECL_ALIGN_UNIT(field) : 1;
	}
	shape.size = (end_bit - start_bit + BITS_PER_UNIT - 1) / BITS_PER_UNIT;
	/*
	 * A run occupies whole storage units; a field its own size, even when
	 * aligned beyond it (an array of 504 bytes aligned to 64 ends at 504,
	 * and the next field may start there).
	 */
	if (shape.is_bitfield_run && shape.size % shape.align)
		shape.size += shape.align - shape.size % shape.align;
	return shape;
}

/* Group @type's fields into units, as declared, and model each. */
void rs_relayout_collect(struct rs_relayout *r, tree type)
{
	unsigned int i, n, first;
	tree *fields;

	memset(r, 0, sizeof(*r));
	r->type = type;
	rs_declaration_order(r->type, &r->declared);
	n = r->declared.len;
	fields = r->declared.items;
	r->pinned_tail = NULL_TREE;
	if (n && is_open_tail(fields[n - 1])) {
		r->pinned_tail = fields[n - 1];
		r->declared.len = --n;
	}
	r->unit_first = XNEWVEC(unsigned int, n + 1);
	r->shapes = XNEWVEC(struct rs_unit_shape, n + 1);
	r->state = XCNEWVEC(struct rs_field_state, n + 1);
	for (r->units = 0, first = 0; first < n; first = i) {
		i = first + 1;
		if (is_bitfield(fields[first]))
			while (i < n && is_bitfield(fields[i]))
				i++;
		r->unit_first[r->units] = first;
		r->shapes[r->units++] = shape_of(r, first, i);
	}
	r->unit_first[r->units] = n;
	for (i = 0; i < n; i++) {
		if (!is_bitfield(fields[i]))
			continue;
		r->state[i].declared_type = DECL_BIT_FIELD_TYPE(fields[i]);
		r->state[i].narrowed_type = TREE_TYPE(fields[i]);
	}
}

void rs_relayout_release(struct rs_relayout *r)
{
	XDELETEVEC(r->unit_first);
	XDELETEVEC(r->shapes);
	XDELETEVEC(r->state);
	rs_trees_release(&r->declared);
	rs_trees_release(&r->separators);
}

/*
 * The type of a separator: unsigned char, or (performance mode's padding
 * to a cache line) a variant aligned to a line.  A zero-width bit-field
 * moves the next field to its type's alignment; on the targets the kernel
 * builds for, an unnamed one leaves the structure's alignment alone.
 */
static tree separator_type(bool to_line)
{
	/* build_aligned_type() finds the variant once it exists */
	if (!to_line)
		return unsigned_char_type_node;
	return build_aligned_type(unsigned_char_type_node,
				  RS_CACHE_LINE_BYTES * BITS_PER_UNIT);
}

static tree make_separator(struct rs_relayout *r, unsigned int index,
			   bool to_line)
{
	tree sep;

	while (r->separators.len <= index) {
		sep = build_decl(DECL_SOURCE_LOCATION(TYPE_STUB_DECL(r->type)),
				 FIELD_DECL, NULL_TREE, unsigned_char_type_node);
		DECL_CONTEXT(sep) = r->type;
		DECL_ARTIFICIAL(sep) = 1;
		DECL_NONADDRESSABLE_P(sep) = 1;
		rs_trees_push(&r->separators, sep);
	}
	sep = r->separators.items[index];
	TREE_TYPE(sep) = separator_type(to_line);
	DECL_BIT_FIELD(sep) = 1;
	DECL_SIZE(sep) = bitsize_zero_node;
	DECL_BIT_FIELD_TYPE(sep) = TREE_TYPE(sep);
	DECL_USER_ALIGN(sep) = 0;
	SET_DECL_ALIGN(sep, BITS_PER_UNIT);
	return sep;
}

/* Undo what layout_type() and finish_struct() computed for @field. */
static void reset_field(tree field, const struct rs_field_state *st)
{
	if (st && st->declared_type) {
		TREE_TYPE(field) = st->declared_type;
		DECL_BIT_FIELD(field) = 1;
		SET_DECL_MODE(field, VOIDmode);
		DECL_BIT_FIELD_REPRESENTATIVE(field) = NULL_TREE;
	}
	if (!DECL_USER_ALIGN(field))
		SET_DECL_ALIGN(field, 1);
	DECL_FIELD_OFFSET(field) = NULL_TREE;
	DECL_FIELD_BIT_OFFSET(field) = NULL_TREE;
}

static void restore_narrowed(tree field, const struct rs_field_state *st)
{
	if (!st || !st->declared_type || st->narrowed_type == st->declared_type)
		return;
	TREE_TYPE(field) = st->narrowed_type;
	SET_DECL_MODE(field, TYPE_MODE(st->narrowed_type));
}

static void link_fields(tree type, const struct rs_trees *chain)
{
	unsigned int i;
	tree variant;

	for (i = 0; i + 1 < chain->len; i++)
		DECL_CHAIN(chain->items[i]) = chain->items[i + 1];
	DECL_CHAIN(chain->items[chain->len - 1]) = NULL_TREE;
	for (variant = TYPE_MAIN_VARIANT(type); variant;
	     variant = TYPE_NEXT_VARIANT(variant))
		TYPE_FIELDS(variant) = chain->items[0];
}

/* Lay @r->type out again with its units in @slots order. */
void rs_relayout_apply(struct rs_relayout *r, const struct rs_slot *slots)
{
	struct rs_trees chain = {};
	unsigned int s, i, seps = 0;
	tree *fields = r->declared.items;

	for (s = 0; s < r->units; s++) {
		unsigned int u = slots[s].unit;

		if (slots[s].needs_separator || slots[s].pads_to_line)
			rs_trees_push(&chain,
				      make_separator(r, seps++,
						     slots[s].pads_to_line));
		for (i = r->unit_first[u]; i < r->unit_first[u + 1]; i++) {
			reset_field(fields[i], &r->state[i]);
			rs_trees_push(&chain, fields[i]);
		}
	}
	if (r->pinned_tail) {
		reset_field(r->pinned_tail, NULL);
		rs_trees_push(&chain, r->pinned_tail);
	}
	for (i = 0; i < seps; i++)
		reset_field(r->separators.items[i], NULL);
	link_fields(r->type, &chain);
	rs_trees_release(&chain);

	TYPE_SIZE(r->type) = NULL_TREE;
	TYPE_SIZE_UNIT(r->type) = NULL_TREE;
	SET_TYPE_MODE(r->type, VOIDmode);
	layout_type(r->type);

	for (i = 0; i < r->declared.len; i++)
		restore_narrowed(fields[i], &r->state[i]);
}

unsigned HOST_WIDE_INT rs_size_in_bits(const_tree type)
{
	return bits_of(TYPE_SIZE(type));
}

bool rs_type_was_randomized(const_tree type)
{
	return lookup_attribute(RS_DONE_MARKER,
				TYPE_ATTRIBUTES(TYPE_MAIN_VARIANT(type))) !=
	       NULL_TREE;
}

void rs_mark_randomized(tree type)
{
	tree variant;

	for (variant = TYPE_MAIN_VARIANT(type); variant;
	     variant = TYPE_NEXT_VARIANT(variant))
		TYPE_ATTRIBUTES(variant) =
			tree_cons(get_identifier(RS_DONE_MARKER), NULL_TREE,
				  TYPE_ATTRIBUTES(variant));
}
