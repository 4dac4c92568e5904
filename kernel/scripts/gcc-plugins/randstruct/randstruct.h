/* SPDX-License-Identifier: GPL-2.0 */
/*
 * randstruct.h - what the plugin's GCC-facing files share.
 *
 * The plugin is split by concern: randomize_layout_plugin.c (entry point,
 * arguments, callback wiring), rs_attributes.c (the attributes),
 * rs_selection.c (which structures move), rs_identity.c (the byte string
 * naming a structure), rs_relayout.c (rewriting the layout before debug
 * info is emitted), rs_diagnostics.c (positional initializers),
 * rs_casts.c and rs_policy.c (cast warnings and the policy file),
 * rs_report.c (the JSON layout report) and rs_lists.c (growable arrays).
 * The GCC-free derivation lives in rs_crypto.h and rs_order.h.
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

struct rs_config {
	unsigned char seed[RS_SEED_BYTES];
	char seed_hash[2 * RS_SHA256_BYTES + 1];
	bool performance_mode;
	bool disabled;
	const char *report_path;
	const char *policy_path;
};

extern struct rs_config rs_config;

/* rs_lists.c: growable arrays, released with the matching _release() */
struct rs_trees {
	tree *items;
	unsigned int len, cap;
};

struct rs_locations {
	location_t *items;
	unsigned int len, cap;
};

void rs_trees_push(struct rs_trees *list, tree item);
void rs_trees_release(struct rs_trees *list);
void rs_locations_push(struct rs_locations *list, location_t item);
void rs_locations_remove(struct rs_locations *list, unsigned int index);
void rs_locations_release(struct rs_locations *list);

/* rs_attributes.c */
void rs_register_attributes(void *event_data, void *user_data);
bool rs_type_has_attribute(const_tree type, const char *name);
bool rs_type_was_randomized(const_tree type);
void rs_mark_randomized(tree type);

/* rs_selection.c */
enum rs_selection {
	RS_KEEP,		/* leave the layout alone */
	RS_MARKED,		/* carries randomize_layout */
	RS_FPTR_ONLY,		/* made only of function pointers */
};
enum rs_selection rs_select(tree type);
const char *rs_selection_name(enum rs_selection why);

/* rs_identity.c */
struct rs_bytes {
	unsigned char *data;
	size_t len, cap;
};
void rs_identity(tree type, bool performance_mode, struct rs_bytes *out);
void rs_bytes_release(struct rs_bytes *bytes);
void rs_declaration_order(tree type, struct rs_trees *fields);
const char *rs_type_tag(const_tree type);

/* rs_relayout.c */
void rs_install_debug_hook(void);
void rs_randomize_type(tree type);

/* rs_diagnostics.c */
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
bool rs_policy_allows_cast(location_t loc, const_tree from, const_tree to);
int rs_policy_decision(const_tree type);

/* rs_report.c */
struct rs_report_entry {
	tree type;
	enum rs_selection why;
	const struct rs_bytes *identity;
	uint64_t size_before;
	uint64_t size_after;
	double entropy_bits;
	const struct rs_trees *declared; /* fields in declaration order */
	const struct rs_unit_shape *shapes;	/* [units], declaration order */
	const unsigned int *unit_first;	/* [units]: first field of each */
	unsigned int units;
};
bool rs_report_open(const char *path);
void rs_report_layout(const struct rs_report_entry *entry);

#endif /* RANDSTRUCT_H */
