// SPDX-License-Identifier: GPL-2.0
/*
 * rs_diagnostics.c - positional initializers of randomized structures.
 *
 * Every randomized structure carries designated_init, so the C front end
 * reports each positional element it meets.  Those reports are caught on
 * their way out (the diagnostic context's option_enabled hook) and held
 * until the enclosing declaration or compound literal is complete.  Then
 * the initializer is inspected: an all-zero one ({0}) does not depend on
 * the layout and is accepted; any other positional initializer of a
 * randomized structure becomes an error naming the structure.  Reports
 * about structures that are not randomized (a user's own designated_init
 * types) are passed through as the usual warning.
 */
#include "randstruct.h"

static int (*rs_original_option_enabled)(int, unsigned int, void *);
static bool rs_passing_through;
static struct rs_locations rs_pending;
static location_t rs_reported_at = UNKNOWN_LOCATION;
static bool rs_precise_locations;
static bool rs_braces_around_zero;

/* Is the element at @loc spelled as the literal 0 (as in "{0}")? */
static bool spelled_as_zero(location_t loc)
{
	expanded_location at = expand_location(loc);
	char_span line = location_get_source_line(at.file, at.line);
	size_t col = at.column ? at.column - 1 : 0;
	char next;

	if (!line || col >= line.length() || line[col] != '0')
		return false;
	next = col + 1 < line.length() ? line[col + 1] : ' ';
	return !ISALNUM(next) && next != '.' && next != '_';
}

#if GCCPLUGIN_VERSION_MAJOR >= 12
/*
 * GCC 12 asks this hook for a diagnostic's locations just before it asks
 * option_enabled, which is how the element's own location is learnt.
 */
static void (*rs_original_set_locations)(diagnostic_context *,
					 diagnostic_info *);

/*
 * A nested {0} draws -Wmissing-braces when the new layout puts an
 * aggregate first: the warning then depends on the seed, not on the code,
 * and zero-filling does not depend on the layout.  Such a warning is known
 * by its fix-it hints: every brace it would insert opens before a 0.
 */
static bool only_braces_around_zero(rich_location *richloc)
{
	unsigned int i, opening = 0;

	for (i = 0; i < richloc->get_num_fixit_hints(); i++) {
		fixit_hint *hint = richloc->get_fixit_hint(i);

		if (strcmp(hint->get_string(), "{"))
			continue;
		if (!spelled_as_zero(hint->get_start_loc()))
			return false;
		opening++;
	}
	return opening > 0;
}

static void rs_set_locations(diagnostic_context *dc, diagnostic_info *info)
{
	if (rs_original_set_locations)
		rs_original_set_locations(dc, info);
	else {
		info->m_iinfo.m_ilocs.safe_push(diagnostic_location(info));
		info->m_iinfo.m_allsyslocs =
			in_system_header_at(diagnostic_location(info));
	}
	rs_reported_at = diagnostic_location(info);
	rs_braces_around_zero = info->option_index == OPT_Wmissing_braces &&
				only_braces_around_zero(info->richloc);
}

static void hook_locations(void)
{
	rs_precise_locations = true;
	rs_original_set_locations = global_dc->set_locations_cb;
	global_dc->set_locations_cb = rs_set_locations;
}
#else
static void hook_locations(void)
{
}
#endif

/*
 * With the element's location known (GCC 12), a positional literal zero
 * is dropped at once: it stores what the field holds anyway.  Otherwise
 * the whole initializer is judged when its declaration completes.
 */
static int rs_option_enabled(int option, unsigned int lang_mask, void *opts)
{
	if (option == OPT_Wdesignated_init && !rs_passing_through) {
		location_t at = rs_reported_at;

		rs_reported_at = UNKNOWN_LOCATION;
		if (at == UNKNOWN_LOCATION)
			rs_locations_push(&rs_pending, input_location);
		else if (!spelled_as_zero(at))
			rs_locations_push(&rs_pending, at);
		return 0;
	}
	if (option == OPT_Wmissing_braces && rs_braces_around_zero) {
		rs_braces_around_zero = false;
		return 0;
	}
	return rs_original_option_enabled(option, lang_mask, opts);
}

void rs_install_designated_init_check(void)
{
	if (global_dc->option_enabled == rs_option_enabled)
		return;
	rs_original_option_enabled = global_dc->option_enabled;
	global_dc->option_enabled = rs_option_enabled;
	hook_locations();
	/* The front end only looks for positional elements when asked to. */
	global_options.x_warn_designated_init = 1;
}

struct rs_init_scan {
	tree randomized;	/* first non-zero randomized aggregate */
	tree any_randomized;	/* first randomized aggregate */
};

static tree scan_constructor(tree *node, int *walk_subtrees, void *data)
{
	struct rs_init_scan *scan = (struct rs_init_scan *)data;
	tree type = TREE_TYPE(*node);

	if (TYPE_P(*node)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if (TREE_CODE(*node) == COMPOUND_LITERAL_EXPR) {
		tree decl = COMPOUND_LITERAL_EXPR_DECL(*node);

		walk_tree_without_duplicates(&DECL_INITIAL(decl),
					     scan_constructor, data);
		return NULL_TREE;
	}
	if (TREE_CODE(*node) != CONSTRUCTOR || !type ||
	    !RECORD_OR_UNION_TYPE_P(type) || !rs_type_was_randomized(type))
		return NULL_TREE;
	if (!scan->any_randomized)
		scan->any_randomized = type;
	if (!scan->randomized && !initializer_zerop(*node))
		scan->randomized = type;
	return NULL_TREE;
}

static void pass_through(location_t loc)
{
	rs_passing_through = true;
	warning_at(loc, OPT_Wdesignated_init,
		   "positional initialization of field in %<struct%> declared with %<designated_init%> attribute");
	rs_passing_through = false;
}

/* Decide the fate of @count held reports that belong to @init. */
static void resolve(const location_t *items, unsigned int count, tree init,
		    location_t where)
{
	struct rs_init_scan scan = { NULL_TREE, NULL_TREE };
	unsigned int i;

	if (init && init != error_mark_node)
		walk_tree_without_duplicates(&init, scan_constructor, &scan);
	if (!scan.any_randomized) {
		for (i = 0; i < count; i++)
			pass_through(items[i]);
		return;
	}
	/* Without element locations only an all-zero initializer is known. */
	if (!rs_precise_locations && !scan.randomized)
		return;
	error_at(rs_precise_locations ? items[0] : where,
		 "positional initializer for %qT, whose layout is randomized: use designated initializers (%<.field = value%>)",
		 scan.randomized ? scan.randomized : scan.any_randomized);
}

static bool before(location_t a, location_t b)
{
	return linemap_compare_locations(line_table, a, b) > 0;
}

/*
 * Without element locations a report carries the location the parser had
 * reached, the start of the declaration: compare whole lines then.
 */
static bool before_start(location_t item, location_t start)
{
	expanded_location a, b;

	if (rs_precise_locations)
		return before(item, start);
	a = expand_location(item);
	b = expand_location(start);
	if (!a.file || !b.file || strcmp(a.file, b.file))
		return before(item, start);
	return a.line < b.line;
}

/* Move the held reports at or after @start into @out. */
static void take_from(location_t start, struct rs_locations *out)
{
	unsigned int i = 0;

	while (i < rs_pending.len) {
		if (before_start(rs_pending.items[i], start)) {
			i++;
			continue;
		}
		rs_locations_push(out, rs_pending.items[i]);
		rs_locations_remove(&rs_pending, i);
	}
}

void rs_check_decl_initializer(tree decl)
{
	struct rs_locations mine = { NULL, 0, 0 };

	if (!rs_pending.len || !VAR_P(decl))
		return;
	take_from(DECL_SOURCE_LOCATION(decl), &mine);
	if (mine.len)
		resolve(mine.items, mine.len, DECL_INITIAL(decl),
			DECL_SOURCE_LOCATION(decl));
	rs_locations_release(&mine);
}

static tree collect_literals(tree *node, int *walk_subtrees, void *data)
{
	if (TYPE_P(*node))
		*walk_subtrees = 0;
	else if (TREE_CODE(*node) == COMPOUND_LITERAL_EXPR)
		rs_trees_push((struct rs_trees *)data, *node);
	return NULL_TREE;
}

/* The compound literal that starts last before @item, or NULL. */
static tree literal_for(const struct rs_trees *literals, location_t item)
{
	tree best = NULL_TREE;
	unsigned int i;

	for (i = 0; i < literals->len; i++) {
		location_t loc = EXPR_LOCATION(literals->items[i]);

		if (before(item, loc))
			continue;
		if (!best || before(EXPR_LOCATION(best), loc))
			best = literals->items[i];
	}
	return best;
}

/* Judge together the held reports that belong to one literal. */
static void resolve_literal(const struct rs_locations *items,
			    const struct rs_trees *owner, unsigned int first)
{
	struct rs_locations group = { NULL, 0, 0 };
	unsigned int j;

	for (j = first; j < items->len; j++)
		if (owner->items[j] == owner->items[first])
			rs_locations_push(&group, items->items[j]);
	resolve(group.items, group.len, owner->items[first],
		items->items[first]);
	rs_locations_release(&group);
}

/* Held reports from compound literals that are not part of a declaration. */
void rs_check_function_literals(tree fndecl)
{
	struct rs_trees literals = { NULL, 0, 0 }, owner = { NULL, 0, 0 };
	struct rs_locations mine = { NULL, 0, 0 };
	unsigned int i, j;

	if (!rs_pending.len)
		return;
	walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl),
				     collect_literals, &literals);
	take_from(DECL_SOURCE_LOCATION(fndecl), &mine);
	for (i = 0; i < mine.len; i++)
		rs_trees_push(&owner, literal_for(&literals, mine.items[i]));
	for (i = 0; i < mine.len; i++) {
		for (j = 0; j < i; j++)
			if (owner.items[j] == owner.items[i])
				break;
		if (j == i)
			resolve_literal(&mine, &owner, i);
	}
	rs_trees_release(&literals);
	rs_trees_release(&owner);
	rs_locations_release(&mine);
}

void rs_flush_positional(void)
{
	unsigned int i;

	for (i = 0; i < rs_pending.len; i++)
		pass_through(rs_pending.items[i]);
	rs_pending.len = 0;
}
