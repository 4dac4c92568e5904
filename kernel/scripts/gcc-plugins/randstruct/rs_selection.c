// SPDX-License-Identifier: GPL-2.0
/*
 * rs_selection.c - which structures get a new layout: the attributes that
 * ask for it and the rule that decides.
 *
 * randomize_layout and no_randomize_layout (the names Clang uses too, so
 * annotated sources build unchanged) are registered here and go on
 * a structure's definition or a forward declaration; anything else, or
 * both on one structure, is an error that names the type.  The attributes
 * the plugin itself puts on a relaid-out type belong to their users:
 * randstruct's marker to rs_relayout.c, designated_init to
 * rs_initializers.c.
 *
 * A structure moves when its main variant carries randomize_layout, or when
 * it has at least two fields and every field (arrays stripped) is a
 * function pointer or a nested struct/union made only of such fields, and
 * it does not carry no_randomize_layout.  Unions never move, nor does
 * anything defined under a /uapi/ directory: asking for it there is an
 * error, because the userland ABI must not change.  The policy file may
 * add or exclude structures by tag that carry neither attribute; a policy
 * entry that contradicts a structure's attribute is an error naming both
 * (the source and the build would say different things), an entry that
 * repeats it is no news and says nothing.
 */
#include "randstruct.h"

static bool has_attribute(const_tree type, const char *name)
{
	return lookup_attribute(name, TYPE_ATTRIBUTES(type)) != NULL_TREE;
}

static const char *opposite_of(const char *name)
{
	return strcmp(name, "randomize_layout") ? "randomize_layout" :
						  "no_randomize_layout";
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
	if (has_attribute(type, opposite_of(attr))) {
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

/* No arguments; on types only; no effect on type identity. */
static const struct attribute_spec rs_layout_attributes[] = {
	{ .name = "randomize_layout", .min_length = 0, .max_length = 0,
	  .type_required = true, .handler = handle_layout_attribute },
	{ .name = "no_randomize_layout", .min_length = 0, .max_length = 0,
	  .type_required = true, .handler = handle_layout_attribute },
};

void rs_register_attributes(void *event_data, void *user_data)
{
	(void)event_data;
	(void)user_data;
	register_attribute(&rs_layout_attributes[0]);
	register_attribute(&rs_layout_attributes[1]);
}

static bool is_function_pointer(const_tree type)
{
	return TREE_CODE(type) == POINTER_TYPE &&
	       (TREE_CODE(TREE_TYPE(type)) == FUNCTION_TYPE ||
		TREE_CODE(TREE_TYPE(type)) == METHOD_TYPE);
}

static bool only_function_pointers(const_tree type, unsigned int min_fields)
{
	unsigned int count = 0;
	tree field;

	for (field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field)) {
		const_tree ftype;

		if (TREE_CODE(field) != FIELD_DECL)
			continue;
		if (DECL_BIT_FIELD_TYPE(field))
			return false;
		ftype = strip_array_types(TREE_TYPE(field));
		if (RECORD_OR_UNION_TYPE_P(ftype)) {
			if (!only_function_pointers(ftype, 1))
				return false;
		} else if (!is_function_pointer(ftype)) {
			return false;
		}
		count++;
	}
	return count >= min_fields;
}

static bool defined_in_uapi(const_tree type)
{
	tree stub = TYPE_STUB_DECL(type);
	const char *file;

	if (!stub)
		return false;
	file = DECL_SOURCE_FILE(stub);
	return file && strstr(file, "/uapi/");
}

const char *rs_selection_name(enum rs_selection why)
{
	switch (why) {
	case RS_MARKED:
		return "marked";
	case RS_FPTR_ONLY:
		return "function-pointers";
	default:
		return "kept";
	}
}

/* Where @type is defined, for diagnostics about it. */
static location_t definition_of(const_tree type)
{
	tree stub = TYPE_STUB_DECL(type);

	return stub ? DECL_SOURCE_LOCATION(stub) : input_location;
}

/*
 * A policy entry (at @origin, @policy > 0 randomize, < 0 exclude) that
 * says the opposite of @type's attribute: an error at the definition.
 */
static bool policy_contradicts(const_tree type, int policy,
			       const char *origin, bool marked, bool unmarked)
{
	if (policy < 0 && marked)
		error_at(definition_of(type),
			 "%qT is marked %<__randomize_layout%> in its source but the randstruct policy excludes it (%s): drop one of the two",
			 type, origin);
	else if (policy > 0 && unmarked)
		error_at(definition_of(type),
			 "%qT is marked %<__no_randomize_layout%> in its source but the randstruct policy randomizes it (%s): drop one of the two",
			 type, origin);
	else
		return false;
	return true;
}

enum rs_selection rs_select(tree type)
{
	const char *origin = NULL;
	int policy;
	bool marked, unmarked;

	if (TREE_CODE(type) != RECORD_TYPE ||
	    !COMPLETE_TYPE_P(type) || type != TYPE_MAIN_VARIANT(type) ||
	    !tree_fits_uhwi_p(TYPE_SIZE(type)))
		return RS_KEEP;
	/* Never both: handle_layout_attribute() refuses the second one. */
	marked = has_attribute(type, "randomize_layout");
	unmarked = has_attribute(type, "no_randomize_layout");
	policy = rs_policy_decision(type, &origin);
	if (policy_contradicts(type, policy, origin, marked, unmarked))
		return RS_KEEP;
	if (policy) {
		marked = policy > 0;
		unmarked = policy < 0;
	}
	if (unmarked || (!marked && !only_function_pointers(type, 2)))
		return RS_KEEP;
	/* Only now: looking up the file is the expensive part. */
	if (defined_in_uapi(type)) {
		if (marked)
			error_at(definition_of(type),
				 "%qT is defined in a uapi header: randomizing it would change the userland ABI",
				 type);
		return RS_KEEP;
	}
	return marked ? RS_MARKED : RS_FPTR_ONLY;
}
