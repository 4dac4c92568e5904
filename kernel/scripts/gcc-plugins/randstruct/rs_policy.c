// SPDX-License-Identifier: GPL-2.0
/*
 * rs_policy.c - the policy: built into the plugin from the kernel
 * tree's scripts/gcc-plugins/randstruct.policy (with its SHA-256, which
 * the layout id covers), plus policy=PATH.
 *
 * A policy file is plain text, one directive per line:
 *
 *   allow-cast GLOB FROM TO    do not warn about a FROM to TO pointer
 *                              conversion in files matching GLOB
 *   randomize [struct] TAG     randomize struct TAG as if it carried
 *                              randomize_layout
 *   exclude [struct] TAG       never randomize struct TAG
 *
 * FROM and TO are each either "struct TAG" (two words) or "*" (any
 * structure), so a line always splits into words one way only.  GLOB is
 * an fnmatch() pattern whose "*" also matches "/"; it is matched against
 * the file the cast is written in and against the translation unit's main
 * file, each with a leading "./" removed and also after every "/", so a
 * relative pattern (one not starting with "/") matches absolute paths
 * too.  Words are separated by blanks; "#" starts a comment that runs to
 * the end of the line; blank lines are ignored.  Anything else is an
 * error reported as "FILE:LINE: reason", and the compilation fails.  The
 * grammar is also in Documentation/security/randstruct-policy.rst.
 */
#include <errno.h>
#include <fnmatch.h>

#include "randstruct.h"
#include "randstruct_policy.h"

#define RS_POLICY_MAX_WORDS	8

struct rs_cast_rule {
	char *glob;
	char *from;		/* structure tag, or NULL for any */
	char *to;		/* structure tag, or NULL for any */
};

struct rs_tag_rule {
	char *tag;
	int decision;		/* > 0 randomize, < 0 exclude */
	char *origin;		/* "FILE:LINE" of the directive */
};

static struct rs_cast_rule *rs_casts;
static unsigned int rs_ncasts;
static size_t rs_casts_cap;
static struct rs_tag_rule *rs_tags;
static unsigned int rs_ntags;
static size_t rs_tags_cap;

/* Where a directive is, for error messages. */
struct rs_line {
	const char *path;
	unsigned int number;
	char *words[RS_POLICY_MAX_WORDS];
	unsigned int count;
};

static void policy_error(const struct rs_line *line, const char *reason,
			 const char *word)
{
	if (word)
		error("%s:%u: %s %qs", line->path, line->number, reason, word);
	else
		error("%s:%u: %s", line->path, line->number, reason);
}

/* policy_error() with the reason formatted; always false. */
static bool policy_errorf(const struct rs_line *line, const char *word,
			  const char *format, ...) ATTRIBUTE_PRINTF_3;

static bool policy_errorf(const struct rs_line *line, const char *word,
			  const char *format, ...)
{
	char reason[128];
	va_list ap;

	va_start(ap, format);
	vsnprintf(reason, sizeof(reason), format, ap);
	va_end(ap);
	policy_error(line, reason, word);
	return false;
}

/* Split @text into blank-separated words up to a "#"; false if too many. */
static bool split_words(char *text, struct rs_line *line)
{
	char *p = text;

	line->count = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' ||
		       *p == '\v' || *p == '\f')
			p++;
		if (!*p || *p == '#')
			return true;
		if (line->count == RS_POLICY_MAX_WORDS)
			return false;
		line->words[line->count++] = p;
		while (*p && *p != '#' && !ISSPACE(*p))
			p++;
		if (*p == '#') {
			*p = '\0';
			return true;
		}
		if (*p)
			*p++ = '\0';
	}
}

static bool is_identifier(const char *word)
{
	const char *p;

	if (!ISIDST(*word))
		return false;
	for (p = word + 1; *p; p++)
		if (!ISIDNUM(*p))
			return false;
	return true;
}

/*
 * Parse "struct TAG" or "*" at words[*at] for @what; on success *tag is
 * the tag (NULL for "*") and *at moves past it.
 */
static bool parse_type(const struct rs_line *line, unsigned int *at,
		       const char *what, char **tag)
{
	const char *word;

	if (*at >= line->count)
		return policy_errorf(line, NULL,
				     "allow-cast: missing the %s type (expected 'struct TAG' or '*')",
				     what);
	word = line->words[*at];
	if (!strcmp(word, "*")) {
		*tag = NULL;
		*at += 1;
		return true;
	}
	if (strcmp(word, "struct"))
		return policy_errorf(line, word,
				     "allow-cast: the %s type must be 'struct TAG' or '*', not",
				     what);
	if (*at + 1 >= line->count)
		return policy_errorf(line, NULL,
				     "allow-cast: 'struct' without a tag in the %s type",
				     what);
	word = line->words[*at + 1];
	if (!is_identifier(word))
		return policy_errorf(line, word,
				     "allow-cast: the %s type's tag is not a C identifier:",
				     what);
	*tag = xstrdup(word);
	*at += 2;
	return true;
}

static bool parse_allow_cast(const struct rs_line *line)
{
	struct rs_cast_rule rule = {};
	unsigned int at = 2;

	if (line->count < 2) {
		policy_error(line, "allow-cast: missing the source file glob",
			     NULL);
		return false;
	}
	if (!parse_type(line, &at, "from", &rule.from))
		return false;
	if (!parse_type(line, &at, "to", &rule.to)) {
		free(rule.from);
		return false;
	}
	if (at < line->count) {
		policy_error(line,
			     "allow-cast: unexpected word after the to type:",
			     line->words[at]);
		free(rule.from);
		free(rule.to);
		return false;
	}
	rule.glob = xstrdup(line->words[1]);
	rs_casts = (struct rs_cast_rule *)rs_grow(rs_casts, &rs_casts_cap,
						  rs_ncasts, 1, sizeof(rule));
	rs_casts[rs_ncasts++] = rule;
	return true;
}

static struct rs_tag_rule *find_tag(const char *tag)
{
	unsigned int i;

	for (i = 0; i < rs_ntags; i++)
		if (!strcmp(rs_tags[i].tag, tag))
			return &rs_tags[i];
	return NULL;
}

static bool parse_tag_rule(const struct rs_line *line, int decision)
{
	const char *directive = line->words[0];
	unsigned int at = 1;
	struct rs_tag_rule *old;
	char origin[64];

	if (at < line->count && !strcmp(line->words[at], "struct"))
		at++;
	if (at >= line->count)
		return policy_errorf(line, NULL, "%s: missing the structure tag",
				     directive);
	if (!is_identifier(line->words[at]))
		return policy_errorf(line, line->words[at],
				     "%s: the structure tag is not a C identifier:",
				     directive);
	if (at + 1 < line->count)
		return policy_errorf(line, line->words[at + 1],
				     "%s: unexpected word after the tag:",
				     directive);
	old = find_tag(line->words[at]);
	if (old && old->decision != decision)
		return policy_errorf(line, NULL, "%s %s conflicts with %s at %s",
				     directive, line->words[at],
				     old->decision > 0 ? "randomize" : "exclude",
				     old->origin);
	if (old)
		return true;
	snprintf(origin, sizeof(origin), "%s:%u", lbasename(line->path),
		 line->number);
	rs_tags = (struct rs_tag_rule *)rs_grow(rs_tags, &rs_tags_cap, rs_ntags,
						1, sizeof(*rs_tags));
	rs_tags[rs_ntags].tag = xstrdup(line->words[at]);
	rs_tags[rs_ntags].decision = decision;
	rs_tags[rs_ntags].origin = xstrdup(origin);
	rs_ntags++;
	return true;
}

static bool parse_line(char *text, size_t len, struct rs_line *line)
{
	const char *directive;

	if (strlen(text) != len) {
		policy_error(line, "the line contains a NUL byte", NULL);
		return false;
	}
	if (!split_words(text, line)) {
		policy_error(line, "too many words for any directive", NULL);
		return false;
	}
	if (!line->count)
		return true;
	directive = line->words[0];
	if (!strcmp(directive, "allow-cast"))
		return parse_allow_cast(line);
	if (!strcmp(directive, "randomize"))
		return parse_tag_rule(line, 1);
	if (!strcmp(directive, "exclude"))
		return parse_tag_rule(line, -1);
	policy_error(line,
		     "unknown directive (expected allow-cast, randomize or exclude):",
		     directive);
	return false;
}

/* Parse every line of @f; @origin names it in error messages. */
static bool load_lines(FILE *f, const char *origin)
{
	struct rs_line line;
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;
	bool ok = true;

	line.path = origin;
	line.number = 0;
	errno = 0;
	while ((len = getline(&text, &cap, f)) >= 0) {
		line.number++;
		while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
			text[--len] = '\0';
		ok &= parse_line(text, len, &line);
	}
	if (ferror(f)) {
		error("randstruct: cannot read policy file %qs: %s", origin,
		      xstrerror(errno ? errno : EIO));
		ok = false;
	}
	free(text);
	return ok;
}

/* How many policy= files were read: kbuild's layout id covers none. */
static unsigned int rs_argument_policies;

unsigned int rs_policy_argument_files(void)
{
	return rs_argument_policies;
}

/* The compiled-in policy's SHA-256, "none" without one (layout id). */
const char *rs_policy_builtin_digest(void)
{
	return RANDSTRUCT_POLICY_SHA256;
}

bool rs_policy_load(const char *path)
{
	bool ok;
	FILE *f;

	rs_argument_policies++;
	if (!*path) {
		error("randstruct: %<policy=%> needs a file name");
		return false;
	}
	f = fopen(path, "r");
	if (!f) {
		error("randstruct: cannot read policy file %qs: %s", path,
		      xstrerror(errno));
		return false;
	}
	ok = load_lines(f, path);
	fclose(f);
	return ok;
}

/*
 * The policy compiled into the plugin (randstruct_policy.h, generated from
 * the kernel tree's scripts/gcc-plugins/randstruct.policy), so that the
 * command line names no file: a remote compiler (icecream) has the plugin
 * but not the tree.  Errors name the file it was made from.
 */
bool rs_policy_load_builtin(void)
{
	static const char text[] = RANDSTRUCT_POLICY_TEXT;
	bool ok;
	FILE *f;

	if (!text[0])
		return true;
	f = fmemopen((void *)text, sizeof(text) - 1, "r");
	if (!f) {
		error("randstruct: cannot read the built-in policy: %s",
		      xstrerror(errno));
		return false;
	}
	ok = load_lines(f, RANDSTRUCT_POLICY_ORIGIN);
	fclose(f);
	return ok;
}

/* Does @glob match @path, or @path after any of its "/"? */
static bool path_matches(const char *glob, const char *path)
{
	const char *p;

	if (!path)
		return false;
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	if (!fnmatch(glob, path, 0))
		return true;
	if (glob[0] == '/')
		return false;
	for (p = strchr(path, '/'); p; p = strchr(p + 1, '/'))
		if (p[1] && !fnmatch(glob, p + 1, 0))
			return true;
	return false;
}

static bool tag_matches(const char *want, const_tree type)
{
	return !want || !strcmp(want, rs_type_tag(type));
}

bool rs_policy_allows_cast(location_t loc, const_tree from, const_tree to)
{
	const char *file = LOCATION_FILE(loc);
	unsigned int i;

	for (i = 0; i < rs_ncasts; i++) {
		const struct rs_cast_rule *rule = &rs_casts[i];

		if (!tag_matches(rule->from, from) || !tag_matches(rule->to, to))
			continue;
		if (path_matches(rule->glob, file) ||
		    path_matches(rule->glob, main_input_filename))
			return true;
	}
	return false;
}

/*
 * The policy's word on @type: > 0 randomize, < 0 exclude, 0 none; where
 * it is said ("FILE:LINE") in *@origin.
 */
int rs_policy_decision(const_tree type, const char **origin)
{
	const struct rs_tag_rule *rule;
	const char *tag;

	if (!rs_ntags)
		return 0;
	tag = rs_type_tag(type);
	if (!*tag)
		return 0;
	rule = find_tag(tag);
	if (!rule)
		return 0;
	*origin = rule->origin;
	return rule->decision;
}
