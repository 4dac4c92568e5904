/* SPDX-License-Identifier: GPL-2.0 */
/*
 * randstruct.h - what the plugin's GCC-facing files share.
 *
 * randomize_layout_plugin.c is the map: it runs the pipeline and names the
 * file of every stage.  The GCC-free derivation (SHA-256, the stream, the
 * shuffle, the order, the seed's text) is declared in rs_crypto.h and
 * rs_order.h.
 */
#ifndef RANDSTRUCT_H
#define RANDSTRUCT_H

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "c-family/c-common.h"
#include "tree-iterator.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "attribs.h"
#include "diagnostic.h"
#include "debug.h"
#include "langhooks.h"
#include "options.h"

#include "rs_crypto.h"
#include "rs_order.h"

#define RS_PLUGIN_NAME		"randomize_layout_plugin"

/* Set from the plugin arguments by plugin_init(), read-only afterwards. */
struct rs_config {
	unsigned char seed[RS_SEED_BYTES];
	char seed_hash[2 * RS_SHA256_BYTES + 1];
	bool performance_mode;
	bool disabled;
};

extern struct rs_config rs_config;

/* The tag a structure is known by (policy, identity, report); "" if none. */
static inline const char *rs_type_tag(const_tree type)
{
	tree name = TYPE_NAME(TYPE_MAIN_VARIANT(type));

	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	if (name && TREE_CODE(name) == IDENTIFIER_NODE)
		return IDENTIFIER_POINTER(name);
	return "";
}

/* rs_lists.c: the growable arrays, released with the matching _release() */
void *rs_grow(void *items, size_t *cap, size_t len, size_t extra,
	      size_t item_size);

struct rs_trees {
	tree *items;
	unsigned int len;
	size_t cap;
};

void rs_trees_push(struct rs_trees *list, tree item);
void rs_trees_release(struct rs_trees *list);

struct rs_bytes {
	unsigned char *data;
	size_t len, cap;
};

void rs_bytes_append(struct rs_bytes *bytes, const void *src, size_t len);
void rs_bytes_release(struct rs_bytes *bytes);

/* rs_selection.c: the attributes, and which structures move */
enum rs_selection {
	RS_KEEP,		/* leave the layout alone */
	RS_MARKED,		/* carries randomize_layout */
	RS_FPTR_ONLY,		/* made only of function pointers */
};
void rs_register_attributes(void *event_data, void *user_data);
enum rs_selection rs_select(tree type);
const char *rs_selection_name(enum rs_selection why);

/* rs_identity.c */
void rs_identity(tree type, bool performance_mode, struct rs_bytes *out);
void rs_declaration_order(tree type, struct rs_trees *fields);

/* rs_relayout.c: the tree surgery, and the marker of its work */
struct rs_field_state;

struct rs_relayout {
	tree type;
	struct rs_trees declared;	/* movable fields, declaration order */
	tree pinned_tail;		/* flexible array, or NULL */
	unsigned int units;
	unsigned int *unit_first;	/* [units + 1]: first field of each */
	struct rs_unit_shape *shapes;	/* [units] */
	struct rs_field_state *state;	/* [declared.len] */
	struct rs_trees separators;
};

void rs_relayout_collect(struct rs_relayout *r, tree type);
void rs_relayout_apply(struct rs_relayout *r, const struct rs_slot *slots);
void rs_relayout_release(struct rs_relayout *r);
unsigned HOST_WIDE_INT rs_size_in_bits(const_tree type);
bool rs_type_was_randomized(const_tree type);
void rs_mark_randomized(tree type);

/* rs_initializers.c */
void rs_require_designated_init(tree type);
void rs_install_designated_init_check(void);
void rs_check_decl_initializer(tree decl);
void rs_check_function_literals(tree fndecl);
void rs_flush_positional(void);

/* rs_casts.c and rs_policy.c (cast warnings, policy file) */
void rs_install_cast_check(void);
void rs_check_casts_in_function(tree fndecl);
void rs_check_casts_in_decl(tree decl);
bool rs_policy_load(const char *path);
bool rs_policy_load_builtin(void);
unsigned int rs_policy_argument_files(void);
const char *rs_policy_builtin_digest(void);
bool rs_policy_allows_cast(location_t loc, const_tree from, const_tree to);
int rs_policy_decision(const_tree type, const char **origin);

/* rs_report.c */
bool rs_report_open(const char *path);
void rs_report_layout(const struct rs_relayout *r, enum rs_selection why,
		      const struct rs_bytes *identity, uint64_t size_before);

#endif /* RANDSTRUCT_H */
