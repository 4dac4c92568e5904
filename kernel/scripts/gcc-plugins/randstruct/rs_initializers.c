// SPDX-License-Identifier: GPL-2.0
/*
 * rs_initializers.c - positional initializers of randomized structures.
 *
 * Every randomized structure gets GCC's designated_init attribute here
 * (rs_require_designated_init(), from the pipeline): it is how this check
 * works, not a choice of the user, so it lives with the check rather than
 * with the attributes a user writes (rs_selection.c).  The C front end then
 * reports each positional element it meets.  Those reports are caught on
 * their way out (the diagnostic context's option_enabled hook) and held
 * until the enclosing declaration or compound literal is complete.  Then
 * the initializer is inspected: "{0}" (a literal 0 alone in its braces)
 * does not depend on the layout and is accepted; any other positional
 * initializer of a randomized structure becomes an error naming the
 * structure.  Reports about structures that are not randomized (a user's
 * own designated_init types) are passed through as the usual warning.
 *
 * A held warning is tied to its declaration or compound literal by the
 * order they were made in, not by source locations (GCC 11 gives none for
 * the element, a compound literal has none).  The clock is the decl UID
 * counter, private to tree.cc, so a warning draws a UID: a declaration's
 * is older than every warning from its initializer, and a compound
 * literal's decl is built right after its initializer, so its UID is the
 * first literal UID above the warning's.
 */
#include "randstruct.h"
#include "opts.h"
#include "toplev.h"

/* A -Wdesignated-init warning held until its initializer is complete. */
struct rs_held_warning {
	location_t at;		/* the element (GCC 12) or the parser's place */
	int tick;		/* decl_clock() when the warning arrived */
	bool unread;		/* a 0 whose braces could not be read */
};

struct rs_held_warnings {
	struct rs_held_warning *items;
	unsigned int len;
	size_t cap;
};

/*
 * All the state this file's GCC callbacks pass to each other; by each
 * field, "writer -> reader".  take_from() serves the FINISH_DECL and
 * PRE_GENERICIZE callbacks, rs_flush_positional() FINISH_UNIT.
 */
static struct {
	/* rs_install_designated_init_check() -> on_option_enabled() */
	int (*next_option_enabled)(int option, unsigned int lang_mask,
				   void *opts);
#if GCCPLUGIN_VERSION_MAJOR >= 12
	/* hook_locations() -> on_set_locations() */
	void (*next_set_locations)(diagnostic_context *, diagnostic_info *);
#endif
	/* hook_locations() -> resolve(), before_start() */
	bool precise_locations;
	location_t element_at;	/* on_set_locations() -> hold_positional() */
	bool braces_around_zero; /* on_set_locations() -> on_option_enabled() */
	bool passing_through;	/* pass_through() -> on_option_enabled() */
	int preprocessed;	/* preprocessed_input()'s answer, -1 unknown */
	/* hold_positional() -> take_from(), rs_flush_positional() */
	struct rs_held_warnings pending;
} state = {
	.element_at = UNKNOWN_LOCATION,
	.preprocessed = -1,
};

/* Now, on the decl UID clock (see the top of this file). */
static int decl_clock(void)
{
	return allocate_decl_uid();
}

static void hold(struct rs_held_warnings *list,
		 const struct rs_held_warning *warning)
{
	list->items = (struct rs_held_warning *)rs_grow(list->items,
				&list->cap, list->len, 1, sizeof(*warning));
	list->items[list->len++] = *warning;
}

static void held_release(struct rs_held_warnings *list)
{
	free(list->items);
	memset(list, 0, sizeof(*list));
}

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

/* A few lines of source around a token, copied into one buffer. */
struct rs_window {
	char *text;
	long len;
	size_t cap;
	long at;		/* the token's offset in text */
};

static bool read_window(const char *file, int line, long col,
			struct rs_window *w)
{
	int i = line > 8 ? line - 8 : 1;

	memset(w, 0, sizeof(*w));
	w->at = -1;
	for (; i <= line + 8; i++) {
		char_span span = location_get_source_line(file, i);
		long n = span ? (long)span.length() : 0;

		if (!span && i >= line)
			break;
		w->text = (char *)rs_grow(w->text, &w->cap, w->len, n + 1, 1);
		if (n)
			memcpy(w->text + w->len, span.get_buffer(), n);
		if (i == line)
			w->at = w->len + col;
		w->len += n;
		w->text[w->len++] = '\n';
	}
	if (w->at >= 0 && w->at < w->len)
		return true;
	free(w->text);
	return false;
}

/* Where the "//" comment that covers offset @pos starts, or -1. */
static long line_comment(const struct rs_window *w, long pos)
{
	long start = pos, i;

	while (start > 0 && w->text[start - 1] != '\n')
		start--;
	for (i = start; i + 1 <= pos; i++)
		if (w->text[i] == '/' && w->text[i + 1] == '/')
			return i;
	return -1;
}

/* The last character before @pos that is not blank or comment, or 0. */
static char before_token(const struct rs_window *w, long pos)
{
	while (--pos >= 0) {
		char c = w->text[pos];
		long comment;

		if (ISSPACE(c))
			continue;
		if (c == '/' && pos > 0 && w->text[pos - 1] == '*') {
			for (pos -= 2; pos > 0; pos--)
				if (w->text[pos - 1] == '/' &&
				    w->text[pos] == '*')
					break;
			pos--;
			continue;
		}
		comment = line_comment(w, pos);
		if (comment >= 0) {
			pos = comment;
			continue;
		}
		return c;
	}
	return 0;
}

/* The first character from @*pos on that is not blank or comment, or 0. */
static char after_token(const struct rs_window *w, long *pos)
{
	for (; *pos < w->len; (*pos)++) {
		char c = w->text[*pos];
		char next = *pos + 1 < w->len ? w->text[*pos + 1] : 0;

		if (ISSPACE(c))
			continue;
		if (c == '/' && next == '*') {
			for (*pos += 2; *pos + 1 < w->len; (*pos)++)
				if (w->text[*pos] == '*' &&
				    w->text[*pos + 1] == '/')
					break;
			(*pos)++;
			continue;
		}
		if (c == '/' && next == '/') {
			while (*pos < w->len && w->text[*pos] != '\n')
				(*pos)++;
			continue;
		}
		return c;
	}
	return 0;
}

/* Is the token at @at, @len characters long, alone in its braces? */
static bool alone_in_braces(const expanded_location *at, long len)
{
	struct rs_window w;
	long pos;
	char after;

	if (!read_window(at->file, at->line, at->column - 1, &w))
		return false;
	pos = w.at + len;
	after = after_token(&w, &pos);
	/* "{ 0, }" is "{0}" too. */
	if (after == ',') {
		pos++;
		after = after_token(&w, &pos);
	}
	after = after == '}' && before_token(&w, w.at) == '{';
	free(w.text);
	return after;
}

enum rs_zero { RS_NOT_ZERO, RS_ZERO_INIT, RS_UNREADABLE };

/*
 * Compiling preprocessed input (-fpreprocessed, as for .i files)?  The
 * files its line markers name are not what was compiled.  (The plugin is
 * loaded by lto1 too, so the C front end's own state is out of reach.)
 */
static bool preprocessed_input(void)
{
	unsigned int i;

	if (state.preprocessed >= 0)
		return state.preprocessed;
	state.preprocessed = 0;
	for (i = 0; i < save_decoded_options_count; i++)
		if (save_decoded_options[i].opt_index == OPT_fpreprocessed)
			state.preprocessed = save_decoded_options[i].value != 0;
	return state.preprocessed;
}

/*
 * Is the element at @loc the 0 of a "{0}"?  It is when the 0 is alone in
 * its braces where it is spelled (also inside a macro's definition,
 * "#define INIT { 0 }") or where the macro that gives it is used
 * ("{ ZERO }").  A 0 followed by more elements is positional even when
 * brace elision moves them all into an aggregate member the layout put
 * first.  RS_UNREADABLE: the source is not at hand to tell, or macros
 * put the 0 and the braces together.
 */
static enum rs_zero zero_init_at(location_t loc)
{
	location_t spell = linemap_resolve_location(line_table, loc,
					LRK_SPELLING_LOCATION, NULL);
	location_t use = linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
	expanded_location at = expand_location(spell);
	char_span text = location_get_source_line(at.file, at.line);
	long len = 0;

	if (preprocessed_input() || !text || !at.column)
		return RS_UNREADABLE;
	if (!spelled_as_zero(spell))
		return RS_NOT_ZERO;
	if (alone_in_braces(&at, 1))
		return RS_ZERO_INIT;
	if (use == spell)
		return RS_NOT_ZERO;
	at = expand_location(use);
	text = location_get_source_line(at.file, at.line);
	if (!text || !at.column)
		return RS_UNREADABLE;
	while (at.column - 1 + len < (long)text.length() &&
	       (ISALNUM(text[at.column - 1 + len]) ||
		text[at.column - 1 + len] == '_'))
		len++;
	if (len && alone_in_braces(&at, len))
		return RS_ZERO_INIT;
	/* Built by macros ("INIT(0)"): judge the whole initializer. */
	return RS_UNREADABLE;
}

#if GCCPLUGIN_VERSION_MAJOR >= 12
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

/*
 * GCC 12 asks this hook for a diagnostic's locations just before it asks
 * option_enabled, which is how the element's own location is learnt.
 */
static void on_set_locations(diagnostic_context *dc, diagnostic_info *info)
{
	if (state.next_set_locations)
		state.next_set_locations(dc, info);
	else {
		info->m_iinfo.m_ilocs.safe_push(diagnostic_location(info));
		info->m_iinfo.m_allsyslocs =
			in_system_header_at(diagnostic_location(info));
	}
	if (info->option_index == OPT_Wdesignated_init)
		state.element_at = diagnostic_location(info);
	state.braces_around_zero = info->option_index == OPT_Wmissing_braces &&
				   only_braces_around_zero(info->richloc);
}

static void hook_locations(void)
{
	state.precise_locations = true;
	state.next_set_locations = global_dc->set_locations_cb;
	global_dc->set_locations_cb = on_set_locations;
}
#else
static void hook_locations(void)
{
}
#endif

/*
 * With the element's location known (GCC 12), the 0 of a "{0}" is dropped
 * at once: it stores what the field holds anyway.  Otherwise the whole
 * initializer is judged when its declaration or literal completes.
 */
static void hold_positional(void)
{
	struct rs_held_warning warning = {
		.at = state.element_at,
	};
	enum rs_zero zero = RS_NOT_ZERO;

	state.element_at = UNKNOWN_LOCATION;
	if (warning.at == UNKNOWN_LOCATION)
		warning.at = input_location;
	else
		zero = zero_init_at(warning.at);
	if (zero == RS_ZERO_INIT)
		return;
	warning.tick = decl_clock();
	warning.unread = zero == RS_UNREADABLE;
	hold(&state.pending, &warning);
}

static int on_option_enabled(int option, unsigned int lang_mask, void *opts)
{
	if (option == OPT_Wdesignated_init && !state.passing_through) {
		hold_positional();
		return 0;
	}
	if (option == OPT_Wmissing_braces && state.braces_around_zero) {
		state.braces_around_zero = false;
		return 0;
	}
	return state.next_option_enabled(option, lang_mask, opts);
}

/* From the pipeline, before the marker: designated initializers only. */
void rs_require_designated_init(tree type)
{
	tree variant;

	for (variant = TYPE_MAIN_VARIANT(type); variant;
	     variant = TYPE_NEXT_VARIANT(variant))
		if (!lookup_attribute("designated_init",
				      TYPE_ATTRIBUTES(variant)))
			TYPE_ATTRIBUTES(variant) =
				tree_cons(get_identifier("designated_init"),
					  NULL_TREE, TYPE_ATTRIBUTES(variant));
}

void rs_install_designated_init_check(void)
{
	if (global_dc->option_enabled == on_option_enabled)
		return;
	state.next_option_enabled = global_dc->option_enabled;
	global_dc->option_enabled = on_option_enabled;
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
	state.passing_through = true;
	warning_at(loc, OPT_Wdesignated_init,
		   "positional initialization of field in %<struct%> declared with %<designated_init%> attribute");
	state.passing_through = false;
}

/* Decide the fate of the held warnings @group that belong to @init. */
static void resolve(const struct rs_held_warnings *group, tree init,
		    location_t where)
{
	struct rs_init_scan scan = {};
	location_t at = group->items[0].at;
	bool unread = true;
	unsigned int i;

	if (init && init != error_mark_node)
		walk_tree_without_duplicates(&init, scan_constructor, &scan);
	if (!scan.any_randomized) {
		for (i = 0; i < group->len; i++)
			pass_through(group->items[i].at);
		return;
	}
	for (i = 0; i < group->len && unread; i++)
		if (!group->items[i].unread) {
			unread = false;
			at = group->items[i].at;
		}
	/*
	 * Without element locations, or when the source could not be read
	 * to find the braces around a 0, only an all-zero initializer is
	 * known to be "{0}".
	 */
	if ((!state.precise_locations || unread) && !scan.randomized)
		return;
	error_at(state.precise_locations ? at : where,
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

	if (state.precise_locations)
		return before(item, start);
	a = expand_location(item);
	b = expand_location(start);
	if (!a.file || !b.file || strcmp(a.file, b.file))
		return before(item, start);
	return a.line < b.line;
}

/*
 * Move into @out the held warnings that arrived after the decl with UID
 * @uid was made and that are not before @start.
 */
static void take_from(int uid, location_t start, struct rs_held_warnings *out)
{
	struct rs_held_warnings *pending = &state.pending;
	unsigned int i = 0;

	while (i < pending->len) {
		struct rs_held_warning *item = &pending->items[i];

		if (item->tick < uid || before_start(item->at, start)) {
			i++;
			continue;
		}
		hold(out, item);
		memmove(item, item + 1,
			(pending->len - i - 1) * sizeof(*item));
		pending->len--;
	}
}

void rs_check_decl_initializer(tree decl)
{
	struct rs_held_warnings mine = {};

	if (!state.pending.len || !VAR_P(decl) || !DECL_INITIAL(decl))
		return;
	take_from(DECL_UID(decl), DECL_SOURCE_LOCATION(decl), &mine);
	if (mine.len)
		resolve(&mine, DECL_INITIAL(decl), DECL_SOURCE_LOCATION(decl));
	held_release(&mine);
}

static tree collect_literals(tree *node, int *walk_subtrees, void *data)
{
	if (TYPE_P(*node))
		*walk_subtrees = 0;
	else if (TREE_CODE(*node) == COMPOUND_LITERAL_EXPR)
		rs_trees_push((struct rs_trees *)data, *node);
	return NULL_TREE;
}

static int literal_uid(tree literal)
{
	return DECL_UID(COMPOUND_LITERAL_EXPR_DECL(literal));
}

/*
 * The compound literal a warning drawn at @tick came from: the first one
 * made after it, as a literal is made once its initializer is parsed.
 */
static tree literal_for(const struct rs_trees *literals, int tick)
{
	tree best = NULL_TREE;
	unsigned int i;

	for (i = 0; i < literals->len; i++) {
		tree literal = literals->items[i];

		if (literal_uid(literal) < tick)
			continue;
		if (!best || literal_uid(literal) < literal_uid(best))
			best = literal;
	}
	return best;
}

/*
 * Resolve together the warnings of @mine whose literal (@owner, one per
 * warning) is that of warning @first, unless an earlier one did already.
 */
static void resolve_literal(const struct rs_held_warnings *mine,
			    const struct rs_trees *owner, unsigned int first)
{
	struct rs_held_warnings group = {};
	tree literal = owner->items[first];
	unsigned int j;

	for (j = 0; j < first; j++)
		if (owner->items[j] == literal)
			return;
	for (j = first; j < mine->len; j++)
		if (owner->items[j] == literal)
			hold(&group, &mine->items[j]);
	resolve(&group, literal, mine->items[first].at);
	held_release(&group);
}

/* Held warnings from compound literals that are not part of a declaration. */
void rs_check_function_literals(tree fndecl)
{
	struct rs_trees literals = {}, owner = {};
	struct rs_held_warnings mine = {};
	unsigned int i;

	if (!state.pending.len)
		return;
	walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl),
				     collect_literals, &literals);
	take_from(DECL_UID(fndecl), DECL_SOURCE_LOCATION(fndecl), &mine);
	for (i = 0; i < mine.len; i++)
		rs_trees_push(&owner, literal_for(&literals, mine.items[i].tick));
	for (i = 0; i < mine.len; i++)
		resolve_literal(&mine, &owner, i);
	rs_trees_release(&literals);
	rs_trees_release(&owner);
	held_release(&mine);
}

/* The end of the unit: what is still held was no randomized structure's. */
void rs_flush_positional(void)
{
	unsigned int i;

	for (i = 0; i < state.pending.len; i++)
		pass_through(state.pending.items[i].at);
	state.pending.len = 0;
}
