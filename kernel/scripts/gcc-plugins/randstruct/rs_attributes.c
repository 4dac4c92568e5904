// SPDX-License-Identifier: GPL-2.0
/*
 * rs_attributes.c - the randomize_layout and no_randomize_layout attributes.
 *
 * Both attributes go on a structure type (its definition or a forward
 * declaration); anything else, or both on one structure, is an error that
 * names the type.  The attributes keep the names used by mainline and by
 * Clang, so annotated sources build unchanged.  This file also owns the
 * private marker that records a structure whose layout was rewritten.
 */
#include "randstruct.h"

/* Not spellable in source, so user code cannot fake it. */
#define RS_DONE_MARKER		"randstruct relaid"

static const char *const rs_opposite[2][2] = {
	{ "randomize_layout", "no_randomize_layout" },
	{ "no_randomize_layout", "randomize_layout" },
};

bool rs_type_has_attribute(const_tree type, const char *name)
{
	return lookup_attribute(name, TYPE_ATTRIBUTES(type)) != NULL_TREE;
}

static const char *opposite_of(const char *name)
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		if (!strcmp(rs_opposite[i][0], name))
			return rs_opposite[i][1];
	return NULL;
}

static tree handle_layout_attribute(tree *node, tree name, tree args,
				    int flags, bool *no_add_attrs)
{
	const char *attr = IDENTIFIER_POINTER(name);
	tree type = *node;

	(void)args;
	(void)flags;
	*no_add_attrs = true;
	if (DECL_P(type)) {
		error("%qs attribute applies to struct types, not to %qD",
		      attr, type);
		return NULL_TREE;
	}
	if (TREE_CODE(type) != RECORD_TYPE) {
		error("%qs attribute applies to struct types, not to %qT",
		      attr, type);
		return NULL_TREE;
	}
	if (rs_type_has_attribute(type, opposite_of(attr))) {
		error("%qT has both %<randomize_layout%> and %<no_randomize_layout%>", type);
		return NULL_TREE;
	}
	if (COMPLETE_TYPE_P(type) || TYPE_MAIN_VARIANT(type) != type) {
		error("%qs attribute must be on the definition of %qT",
		      attr, type);
		return NULL_TREE;
	}
	*no_add_attrs = false;
	return NULL_TREE;
}

/* name, min, max, decl, type, fn_type, identity, handler, exclude */
static struct attribute_spec randomize_layout_spec = {
	"randomize_layout", 0, 0, false, true, false, false,
	handle_layout_attribute, NULL
};

static struct attribute_spec no_randomize_layout_spec = {
	"no_randomize_layout", 0, 0, false, true, false, false,
	handle_layout_attribute, NULL
};

void rs_register_attributes(void *event_data, void *user_data)
{
	(void)event_data;
	(void)user_data;
	register_attribute(&randomize_layout_spec);
	register_attribute(&no_randomize_layout_spec);
}

bool rs_type_was_randomized(const_tree type)
{
	return rs_type_has_attribute(TYPE_MAIN_VARIANT(type), RS_DONE_MARKER);
}

/* Mark every variant: rewritten, and designated initializers only. */
void rs_mark_randomized(tree type)
{
	tree variant;

	for (variant = TYPE_MAIN_VARIANT(type); variant;
	     variant = TYPE_NEXT_VARIANT(variant)) {
		tree attrs = TYPE_ATTRIBUTES(variant);

		if (!lookup_attribute("designated_init", attrs))
			attrs = tree_cons(get_identifier("designated_init"),
					  NULL_TREE, attrs);
		attrs = tree_cons(get_identifier(RS_DONE_MARKER), NULL_TREE,
				  attrs);
		TYPE_ATTRIBUTES(variant) = attrs;
	}
}
