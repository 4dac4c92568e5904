// SPDX-License-Identifier: GPL-2.0
/*
 * rs_identity.c - the byte string that names a structure to the stream.
 *
 * The identity is identical in every translation unit that sees the same
 * definition, and unambiguous: every string is length-prefixed, every
 * count is explicit.  It covers the tag (empty for an anonymous struct),
 * the mode and the field names in declaration order, descending into
 * unnamed struct/union members, so two anonymous structures with
 * different members never share a permutation.  The exact encoding is
 * documented in Documentation/security/randstruct.rst:
 *
 *   identity = str("randstruct-v1") str(tag) u8(mode) fields(type)
 *   fields(T) = le32(count) field...
 *   field    = 'n' str(name)            named field
 *            | 'a' fields(member type)  unnamed struct/union member
 *            | 'b' le32(width)          unnamed bit-field
 *   str(s)   = le32(length) bytes
 *
 * The declaration order counted here is also the one the relayout and the
 * report number fields in.
 */
#include "randstruct.h"

static void put_u8(struct rs_bytes *b, unsigned char v)
{
	rs_bytes_append(b, &v, 1);
}

static void put_le32(struct rs_bytes *b, uint32_t v)
{
	unsigned char le[4] = { (unsigned char)v, (unsigned char)(v >> 8),
				(unsigned char)(v >> 16),
				(unsigned char)(v >> 24) };

	rs_bytes_append(b, le, sizeof(le));
}

static void put_str(struct rs_bytes *b, const char *s)
{
	size_t len = strlen(s);

	put_le32(b, len);
	rs_bytes_append(b, s, len);
}

static int by_decl_uid(const void *a, const void *b)
{
	unsigned int ua = DECL_UID(*(const tree *)a);
	unsigned int ub = DECL_UID(*(const tree *)b);

	return ua < ub ? -1 : ua > ub;
}

/*
 * FIELD_DECLs are created as they are parsed, so DECL_UID order is the
 * declaration order even after a nested type's chain was rewritten.
 */
void rs_declaration_order(tree type, struct rs_trees *fields)
{
	tree field;

	fields->len = 0;
	for (field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field))
		if (TREE_CODE(field) == FIELD_DECL && !DECL_ARTIFICIAL(field))
			rs_trees_push(fields, field);
	if (fields->len)
		qsort(fields->items, fields->len, sizeof(tree), by_decl_uid);
}

static void put_fields(struct rs_bytes *b, tree type)
{
	struct rs_trees fields = {};
	unsigned int i;

	rs_declaration_order(type, &fields);
	put_le32(b, fields.len);
	for (i = 0; i < fields.len; i++) {
		tree field = fields.items[i];
		tree ftype = TREE_TYPE(field);

		if (DECL_NAME(field)) {
			put_u8(b, 'n');
			put_str(b, IDENTIFIER_POINTER(DECL_NAME(field)));
		} else if (DECL_BIT_FIELD_TYPE(field)) {
			put_u8(b, 'b');
			put_le32(b, tree_to_uhwi(DECL_SIZE(field)));
		} else if (RECORD_OR_UNION_TYPE_P(ftype)) {
			put_u8(b, 'a');
			put_fields(b, ftype);
		} else {
			put_u8(b, '?');
		}
	}
	rs_trees_release(&fields);
}

void rs_identity(tree type, bool performance_mode, struct rs_bytes *out)
{
	out->len = 0;
	put_str(out, "randstruct-v1");
	put_str(out, rs_type_tag(type));
	put_u8(out, performance_mode ? 1 : 0);
	put_fields(out, type);
}
