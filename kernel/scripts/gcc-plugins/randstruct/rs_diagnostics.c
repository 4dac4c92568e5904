// SPDX-License-Identifier: GPL-2.0
/*
 * rs_diagnostics.c - positional initializers of randomized structures.
 *
 * Every randomized structure carries designated_init, so the C front end
 * reports each positional element it meets.  Those reports are caught on
 * their way out (the diagnostic context's option_enabled hook) and held
 * until the enclosing declaration or compound literal is complete.  Then
 * the initializer is inspected: "{0}" (a literal 0 alone in its braces)
 * does not depend on the layout and is accepted; any other positional
 * initializer of a randomized structure becomes an error naming the
 * structure.  Reports about structures that are not randomized (a user's
 * own designated_init types) are passed through as the usual warning.
 *
 * A held report is tied to its declaration or compound literal by decl
 * UIDs, not by source locations (GCC 11 gives none for the element, and a
 * compound literal has none): a UID is drawn when the report arrives, a
 * declaration's UID is older than every report from its initializer, and
 * a compound literal's decl is built right after its initializer, so its
 * UID is the first literal UID above the report's.
 */
#include "randstruct.h"
#include "opts.h"
#include "toplev.h"

struct rs_report {
	location_t at;		/* the element (GCC 12) or the parser's place */
	int uid;		/* decl UID drawn when the report arrived */
	bool unread;		/* a 0 whose braces could not be read */
};

struct rs_reports {
	struct rs_report *items;
	unsigned int len, cap;
};

static int (*rs_original_option_enabled)(int, unsigned int, void *);
static bool rs_passing_through;
static struct rs_reports rs_pending;
static location_t rs_reported_at = UNKNOWN_LOCATION;
static bool rs_precise_locations;
static bool rs_braces_around_zero;

static void reports_push(struct rs_reports *list, location_t at, int uid,
			 bool unread)
{
	struct rs_report *item;

	if (list->len == list->cap) {
		list->cap = list->cap ? 2 * list->cap : 16;
		list->items = (struct rs_report *)xrealloc(list->items,
				list->cap * sizeof(*list->items));
	}
	item = &list->items[list->len++];
	item->at = at;
	item->uid = uid;
	item->unread = unread;
}

static void reports_release(struct rs_reports *list)
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
		w->text = (char *)xrealloc(w->text, w->len + n + 1);
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
	static int known = -1;
	unsigned int i;

	if (known >= 0)
		return known;
	known = 0;
	for (i = 0; i < save_decoded_options_count; i++)
		if (save_decoded_options[i].opt_index == OPT_fpreprocessed)
			known = save_decoded_options[i].value != 0;
	return known;
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
	if (info->option_index == OPT_Wdesignated_init)
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
 * With the element's location known (GCC 12), the 0 of a "{0}" is dropped
 * at once: it stores what the field holds anyway.  Otherwise the whole
 * initializer is judged when its declaration or literal completes.
 */
static int rs_option_enabled(int option, unsigned int lang_mask, void *opts)
{
	if (option == OPT_Wdesignated_init && !rs_passing_through) {
		location_t at = rs_reported_at;
		enum rs_zero zero = RS_NOT_ZERO;

		rs_reported_at = UNKNOWN_LOCATION;
		if (at == UNKNOWN_LOCATION)
			at = input_location;
		else
			zero = zero_init_at(at);
		if (zero != RS_ZERO_INIT)
			reports_push(&rs_pending, at, allocate_decl_uid(),
				     zero == RS_UNREADABLE);
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

/* Decide the fate of the held reports @group that belong to @init. */
static void resolve(const struct rs_reports *group, tree init,
		    location_t where)
{
	struct rs_init_scan scan = { NULL_TREE, NULL_TREE };
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
	if ((!rs_precise_locations || unread) && !scan.randomized)
		return;
	error_at(rs_precise_locations ? at : where,
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

/*
 * Move into @out the held reports that arrived after the decl with UID
 * @uid was made and that are not before @start.
 */
static void take_from(int uid, location_t start, struct rs_reports *out)
{
	unsigned int i = 0;

	while (i < rs_pending.len) {
		struct rs_report *item = &rs_pending.items[i];

		if (item->uid < uid || before_start(item->at, start)) {
			i++;
			continue;
		}
		reports_push(out, item->at, item->uid, item->unread);
		memmove(item, item + 1,
			(rs_pending.len - i - 1) * sizeof(*item));
		rs_pending.len--;
	}
}

void rs_check_decl_initializer(tree decl)
{
	struct rs_reports mine = { NULL, 0, 0 };

	if (!rs_pending.len || !VAR_P(decl) || !DECL_INITIAL(decl))
		return;
	take_from(DECL_UID(decl), DECL_SOURCE_LOCATION(decl), &mine);
	if (mine.len)
		resolve(&mine, DECL_INITIAL(decl), DECL_SOURCE_LOCATION(decl));
	reports_release(&mine);
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
 * The compound literal a report with UID @uid came from: the first one
 * made after it, as a literal is made once its initializer is parsed.
 */
static tree literal_for(const struct rs_trees *literals, int uid)
{
	tree best = NULL_TREE;
	unsigned int i;

	for (i = 0; i < literals->len; i++) {
		tree literal = literals->items[i];

		if (literal_uid(literal) < uid)
			continue;
		if (!best || literal_uid(literal) < literal_uid(best))
			best = literal;
	}
	return best;
}

/* Held reports from compound literals that are not part of a declaration. */
void rs_check_function_literals(tree fndecl)
{
	struct rs_trees literals = { NULL, 0, 0 }, owner = { NULL, 0, 0 };
	struct rs_reports mine = { NULL, 0, 0 };
	unsigned int i, j;

	if (!rs_pending.len)
		return;
	walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl),
				     collect_literals, &literals);
	take_from(DECL_UID(fndecl), DECL_SOURCE_LOCATION(fndecl), &mine);
	for (i = 0; i < mine.len; i++)
		rs_trees_push(&owner, literal_for(&literals, mine.items[i].uid));
	for (i = 0; i < mine.len; i++) {
		struct rs_reports group = { NULL, 0, 0 };

		for (j = 0; j < i; j++)
			if (owner.items[j] == owner.items[i])
				break;
		if (j < i)
			continue;
		for (j = i; j < mine.len; j++)
			if (owner.items[j] == owner.items[i])
				reports_push(&group, mine.items[j].at,
					     mine.items[j].uid,
					     mine.items[j].unread);
		resolve(&group, owner.items[i], mine.items[i].at);
		reports_release(&group);
	}
	rs_trees_release(&literals);
	rs_trees_release(&owner);
	reports_release(&mine);
}

void rs_flush_positional(void)
{
	unsigned int i;

	for (i = 0; i < rs_pending.len; i++)
		pass_through(rs_pending.items[i].at);
	rs_pending.len = 0;
}
