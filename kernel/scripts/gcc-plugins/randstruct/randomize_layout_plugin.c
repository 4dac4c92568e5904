// SPDX-License-Identifier: GPL-2.0
/*
 * randomize_layout_plugin.c - randstruct: compile-time structure layout
 * randomization for C.  Start reading here.
 *
 * Structures marked randomize_layout, and structures made only of
 * function pointers unless marked no_randomize_layout, get their fields
 * reordered by a keyed, deterministic function of a 256-bit build seed and
 * the structure's identity, so every translation unit and module built
 * with that seed agrees on the layout while an attacker without the seed
 * cannot predict it.  The new layout is in place before the debug
 * information is written.
 *
 * This file owns the pipeline, run once per structure definition from the
 * debug hook (randomize_type()), and the stages it calls, in order:
 *
 *   select    rs_selection.c     the attributes; does it move, and why
 *   identity  rs_identity.c      the byte string that names it
 *   stream    rs_permutation.c   HMAC-SHA-256(seed, identity), counter mode
 *   order     rs_order.c         the new order of its units
 *   apply     rs_relayout.c      the tree surgery that lays it out so
 *   report    rs_report.c        one JSON line per structure (report=PATH)
 *
 * Around the pipeline: rs_casts.c and rs_initializers.c check code whose
 * meaning depends on a layout, rs_policy.c reads the policy, rs_seed.c and
 * rs_sha256.c handle the seed, rs_lists.c grows arrays.
 *
 * This file also wires the GCC callbacks and parses the plugin arguments,
 * -fplugin-arg-randomize_layout_plugin-KEY[=VALUE] for the keys seed=HEX64,
 * seed-file=PATH, seed-hash=HEX64, performance-mode, report=PATH,
 * policy=PATH, layout-version=N and disable.
 *
 * Without seed= or seed-file= the seed compiled in from
 * randomize_layout_seed.h (scripts/gen-random-seed.sh) is used.  There is
 * no fallback: a malformed argument fails the compilation.
 *
 * It also checks that the build asks for what it derives: layout-version=
 * and the build header's "#pragma randstruct build" (kbuild includes it in
 * every object it compiles with the plugin, so that any change of plugin,
 * seed or arguments rebuilds them) must name this plugin's layout version,
 * seed and layout id (so its mode, policy and absence of disable), or the
 * compilation stops.
 */
#include <errno.h>

#include "randstruct.h"
#include "c-family/c-pragma.h"
#include "randomize_layout_seed.h"

int plugin_is_GPL_compatible;

struct rs_config rs_config;

static const unsigned char rs_builtin_seed[RS_SEED_BYTES] =
	RANDSTRUCT_SEED_BYTES;

#define RS_STRINGIFY(x)		#x
#define RS_VERSION_TEXT(x)	RS_STRINGIFY(x)

/*
 * The C front end's pragma functions are not in lto1, which loads the
 * plugin too: weak references let it load there, where they are NULL and
 * the pragma is not registered.
 */
#pragma weak pragma_lex
#pragma weak c_register_pragma

static struct plugin_info rs_plugin_info = {
	.version = "layout-version " RS_VERSION_TEXT(RS_LAYOUT_VERSION),
	.help =
		"randomize structure layouts; arguments: seed=HEX64, seed-file=PATH, seed-hash=HEX64, layout-version=N, performance-mode, report=PATH, policy=PATH, disable",
};

#define RS_MAX_ATTEMPTS		16

static void draw_order(struct rs_stream *stream, const struct rs_relayout *r,
		       struct rs_slot *slots)
{
	if (rs_config.performance_mode)
		rs_order_performance(stream, r->shapes, r->units, slots);
	else
		rs_order_full(stream, r->shapes, r->units, slots);
}

/*
 * Order and apply: an order that would grow the structure is rejected and
 * the stream's next one is tried; if none of the first RS_MAX_ATTEMPTS
 * fits, the smallest is kept.
 */
static void choose_layout(struct rs_relayout *r, struct rs_stream *stream,
			  unsigned HOST_WIDE_INT size_before)
{
	unsigned HOST_WIDE_INT best_size = 0;
	unsigned int units = r->units;
	struct rs_slot *slots = XNEWVEC(struct rs_slot, units);
	struct rs_slot *best = XNEWVEC(struct rs_slot, units);
	unsigned int attempt;

	for (attempt = 0; attempt < RS_MAX_ATTEMPTS; attempt++) {
		unsigned HOST_WIDE_INT size;

		draw_order(stream, r, slots);
		rs_relayout_apply(r, slots);
		size = rs_size_in_bits(r->type);
		if (size <= size_before)
			break;
		if (!attempt || size < best_size) {
			best_size = size;
			memcpy(best, slots, units * sizeof(*slots));
		}
	}
	if (attempt == RS_MAX_ATTEMPTS)
		rs_relayout_apply(r, best);
	XDELETEVEC(best);
	XDELETEVEC(slots);
}

/* The pipeline: select, identity, stream, order and apply, report. */
static void randomize_type(tree type)
{
	struct rs_bytes identity = {};
	unsigned HOST_WIDE_INT size_before;
	struct rs_stream stream;
	enum rs_selection why;
	struct rs_relayout r;

	type = TYPE_MAIN_VARIANT(type);
	if (TREE_CODE(type) != RECORD_TYPE || rs_type_was_randomized(type))
		return;
	why = rs_select(type);
	if (why == RS_KEEP)
		return;
	rs_relayout_collect(&r, type);
	rs_require_designated_init(type);
	rs_mark_randomized(type);

	rs_identity(type, rs_config.performance_mode, &identity);
	rs_stream_init(&stream, rs_config.seed, identity.data, identity.len);
	size_before = rs_size_in_bits(type);
	if (r.units > 1)
		choose_layout(&r, &stream, size_before);
	rs_report_layout(&r, why, &identity, size_before);
	rs_bytes_release(&identity);
	rs_relayout_release(&r);
}

/*
 * Where a structure enters the pipeline.  The C front end lays a structure
 * out in finish_struct() and, at its end, hands the type to the debug
 * hooks' type_decl() (rest_of_type_compilation) before variables that were
 * waiting for the type are laid out and long before PLUGIN_FINISH_TYPE.
 * Wrapping type_decl() is therefore the one place where the layout can
 * change and still be what DWARF (and so gdb, pahole, crash and BTF),
 * every variable and every later use see.  The wrapper runs with or
 * without -g, so -g never changes a layout.
 */
static struct gcc_debug_hooks rs_debug_hooks;
static const struct gcc_debug_hooks *rs_original_hooks;

static void on_type_decl(tree decl, int local)
{
	if (decl && TREE_CODE(decl) == TYPE_DECL && TREE_TYPE(decl) &&
	    TREE_CODE(TREE_TYPE(decl)) == RECORD_TYPE && !seen_error())
		randomize_type(TREE_TYPE(decl));
	rs_original_hooks->type_decl(decl, local);
}

static void install_debug_hook(void)
{
	if (debug_hooks == &rs_debug_hooks)
		return;
	rs_original_hooks = debug_hooks;
	rs_debug_hooks = *debug_hooks;
	rs_debug_hooks.type_decl = on_type_decl;
	debug_hooks = &rs_debug_hooks;
}

static bool parse_seed(const char *text, size_t len, const char *origin)
{
	int err = rs_parse_seed_hex(text, len, rs_config.seed);

	if (err == -1)
		error(
		      "randstruct: %s: the seed must be exactly 64 hex digits, found %lu characters",
		      origin, (unsigned long)len);
	else if (err)
		error("randstruct: %s: the seed must be lowercase hex digits (0-9, a-f)", origin);
	return !err;
}

static bool read_seed_file(const char *path)
{
	char text[130];
	size_t len;
	FILE *f;

	if (!*path) {
		error("randstruct: %<seed-file=%> needs a file name");
		return false;
	}
	f = fopen(path, "r");
	if (f)
		len = fread(text, 1, sizeof(text) - 1, f);
	/* A directory opens but cannot be read (EISDIR). */
	if (!f || ferror(f)) {
		error("randstruct: cannot read seed file %qs: %s", path,
		      xstrerror(errno));
		if (f)
			fclose(f);
		return false;
	}
	fclose(f);
	if (len && text[len - 1] == '\n')
		len--;
	if (!len) {
		error("randstruct: seed file %qs is empty", path);
		return false;
	}
	return parse_seed(text, len, path);
}

static bool needs_value(const struct plugin_argument *arg)
{
	if (arg->value)
		return true;
	error("randstruct: argument %<%s%> needs a value (%<%s=...%>)",
	      arg->key, arg->key);
	return false;
}

static bool takes_no_value(const struct plugin_argument *arg)
{
	if (!arg->value)
		return true;
	error("randstruct: argument %<%s%> takes no value", arg->key);
	return false;
}

static bool check_layout_version(const char *text)
{
	if (!strcmp(text, RS_VERSION_TEXT(RS_LAYOUT_VERSION)))
		return true;
	error(
	      "randstruct: the build expects layout version %qs, this plugin derives layout version %d: rebuild the plugin from the sources the build tree was made with",
	      text, RS_LAYOUT_VERSION);
	return false;
}

static bool parse_seed_argument(const struct plugin_argument *arg,
				bool *seeded)
{
	if (*seeded) {
		error("randstruct: give only one of %<seed=%> and %<seed-file=%>");
		return false;
	}
	*seeded = true;
	if (!needs_value(arg))
		return false;
	if (!strcmp(arg->key, "seed"))
		return parse_seed(arg->value, strlen(arg->value), "seed=");
	return read_seed_file(arg->value);
}

static bool parse_seed_hash(const struct plugin_argument *arg)
{
	unsigned char hash[RS_SEED_BYTES];

	if (!needs_value(arg))
		return false;
	if (!rs_parse_seed_hex(arg->value, strlen(arg->value), hash))
		return true;
	error("randstruct: %<seed-hash=%s%> is not a SHA-256 (64 lowercase hex digits)",
	      arg->value);
	return false;
}

static bool parse_argument(const struct plugin_argument *arg,
			   const char **seed_hash, bool *seeded)
{
	const char *key = arg->key;

	if (!strcmp(key, "seed") || !strcmp(key, "seed-file"))
		return parse_seed_argument(arg, seeded);
	if (!strcmp(key, "seed-hash")) {
		*seed_hash = arg->value;
		return parse_seed_hash(arg);
	}
	if (!strcmp(key, "layout-version"))
		return needs_value(arg) && check_layout_version(arg->value);
	if (!strcmp(key, "performance-mode"))
		return takes_no_value(arg) &&
		       (rs_config.performance_mode = true);
	if (!strcmp(key, "disable"))
		return takes_no_value(arg) && (rs_config.disabled = true);
	if (!strcmp(key, "report"))
		return needs_value(arg) && rs_report_open(arg->value);
	if (!strcmp(key, "policy"))
		return needs_value(arg) && rs_policy_load(arg->value);
	error("randstruct: unknown argument %<-fplugin-arg-%s-%s%>",
	      RS_PLUGIN_NAME, key);
	return false;
}

static bool parse_arguments(const struct plugin_name_args *info)
{
	const char *seed_hash = NULL;
	bool seeded = false, ok = true;
	int i;

	memcpy(rs_config.seed, rs_builtin_seed, RS_SEED_BYTES);
	ok = rs_policy_load_builtin();
	for (i = 0; i < info->argc; i++)
		ok &= parse_argument(&info->argv[i], &seed_hash, &seeded);
	if (!ok)
		return false;
	rs_seed_hash_hex(rs_config.seed, rs_config.seed_hash);
	if (seed_hash && strcmp(seed_hash, rs_config.seed_hash)) {
		error(
		      "randstruct: %<seed-hash=%s%> does not match the plugin's seed (SHA-256 %s): rebuild the plugin for this seed",
		      seed_hash, rs_config.seed_hash);
		return false;
	}
	return true;
}

static void on_start_unit(void *event_data, void *user_data)
{
	(void)event_data;
	(void)user_data;
	install_debug_hook();
	rs_install_designated_init_check();
	rs_install_cast_check();
}

/*
 * Structures are rewritten from the debug hook (on_type_decl()), once per
 * definition: PLUGIN_FINISH_TYPE comes for every mention of a tag, and too
 * late.  Of the declarations, only variables with an initializer matter;
 * the front end finishes tens of thousands of others in a kernel file.
 */
static void on_finish_decl(void *event_data, void *user_data)
{
	tree decl = (tree)event_data;

	(void)user_data;
	if (!decl || !VAR_P(decl) || !DECL_INITIAL(decl))
		return;
	rs_check_decl_initializer(decl);
	rs_check_casts_in_decl(decl);
}

static void on_pre_genericize(void *event_data, void *user_data)
{
	tree fndecl = (tree)event_data;

	(void)user_data;
	rs_check_function_literals(fndecl);
	rs_check_casts_in_function(fndecl);
}

static void on_finish_unit(void *event_data, void *user_data)
{
	(void)event_data;
	(void)user_data;
	rs_flush_positional();
}

/*
 * What makes this compilation's layouts other than the id kbuild wrote:
 * a mode, policy= or disable the kernel tree was not built with (a
 * KCFLAGS or a module Makefile can add them), or another compiled-in
 * policy.  NULL when there is none.
 */
static const char *layout_input_mismatch(const char *named_id,
					 char derived[RS_LAYOUT_ID_SIZE])
{
	const char *mode = rs_config.performance_mode ? "performance" : "full";

	rs_layout_id(RS_LAYOUT_VERSION, mode, rs_policy_builtin_digest(),
		     rs_config.seed, derived);
	if (rs_config.disabled)
		return "the plugin's disable argument would leave declaration order";
	if (rs_policy_argument_files())
		return "policy= adds a policy that the kernel tree's layout id does not cover";
	if (strcmp(named_id, derived))
		return "the mode or the compiled-in policy differs from the kernel tree's";
	return NULL;
}

static void check_layout_id(location_t loc, const char *named_id)
{
	char derived[RS_LAYOUT_ID_SIZE];
	const char *why = layout_input_mismatch(named_id, derived);

	if (!why)
		return;
	error_at(loc,
		 "randstruct: %qs names layout id %s, this compilation's is %s: %s; build with the kernel tree's plugin and arguments only",
		 LOCATION_FILE(loc), named_id,
		 rs_config.disabled ? "none" : derived, why);
}

/*
 * #pragma randstruct build "layout=N seed=SHA256 id=ID ...": written by
 * kbuild into scripts/gcc-plugins/randstruct_build.h.  ID is the layout id
 * module vermagic carries.  The rest of the string (the plugin binary's
 * hash, the arguments) is there to change the header, and with it every
 * object's dependencies and ccache's key.
 */
static void check_build_pragma(cpp_reader *reader)
{
	char seed_hash[2 * RS_SHA256_BYTES + 1];
	char id[RS_LAYOUT_ID_SIZE];
	location_t loc = input_location;
	const char *text;
	int layout;
	tree str;

	(void)reader;
	if (pragma_lex(&str, &loc) != CPP_STRING) {
		error_at(loc, "randstruct: %<#pragma randstruct build%> needs a string");
		return;
	}
	text = TREE_STRING_POINTER(str);
	if (sscanf(text, "layout=%d seed=%64[0-9a-f] id=%95[0-9a-z_]", &layout,
		   seed_hash, id) != 3) {
		error_at(loc, "randstruct: malformed %<#pragma randstruct build \"%s\"%>",
			 text);
		return;
	}
	if (layout == RS_LAYOUT_VERSION &&
	    !strcmp(seed_hash, rs_config.seed_hash)) {
		check_layout_id(loc, id);
		return;
	}
	error_at(loc,
		 "randstruct: %qs is stale: it names layout version %d and seed SHA-256 %s, this plugin derives version %d with seed SHA-256 %s; rebuild the kernel tree (make, or make modules_prepare) before building against it",
		 LOCATION_FILE(loc), layout, seed_hash, RS_LAYOUT_VERSION,
		 rs_config.seed_hash);
}

static void register_build_pragma(void *event_data, void *user_data)
{
	(void)event_data;
	(void)user_data;
	if (c_register_pragma && pragma_lex)
		c_register_pragma("randstruct", "build", check_build_pragma);
}

/*
 * The C front end names itself "GNU C" and its dialect: "GNU C89" for
 * -std=c89, c90, gnu89, gnu90, iso9899:1990 and iso9899:199409, then
 * "GNU C99", "GNU C11", "GNU C17" and "GNU C2X" (GCC 11 and 12; newer
 * GCCs add "GNU C23" and the like, old ones said "GNU C").  A digit after
 * "GNU C" is what sets them apart from "GNU C++14"; any other front end,
 * Objective-C ("GNU Objective-C") among them, is refused in plugin_init().
 */
static bool is_c(void)
{
	const char *name = lang_hooks.name;

	if (strncmp(name, "GNU C", 5))
		return false;
	return name[5] == '\0' || ISDIGIT(name[5]);
}

/*
 * lto1 ("GNU GIMPLE") loads the plugin too when the objects were compiled
 * with it and -flto: the layouts were decided when they were compiled, so
 * it has nothing to do there.
 */
static bool is_lto(void)
{
	return !strcmp(lang_hooks.name, "GNU GIMPLE");
}

static void register_callbacks(const char *name)
{
	register_callback(name, PLUGIN_INFO, NULL, &rs_plugin_info);
	register_callback(name, PLUGIN_ATTRIBUTES, rs_register_attributes,
			  NULL);
	register_callback(name, PLUGIN_PRAGMAS, register_build_pragma, NULL);
	if (rs_config.disabled)
		return;
	register_callback(name, PLUGIN_START_UNIT, on_start_unit, NULL);
	register_callback(name, PLUGIN_FINISH_DECL, on_finish_decl, NULL);
	register_callback(name, PLUGIN_PRE_GENERICIZE, on_pre_genericize,
			  NULL);
	register_callback(name, PLUGIN_FINISH_UNIT, on_finish_unit, NULL);
}

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("randstruct: plugin built for GCC %s, not for this compiler (%s)",
		      gcc_version.basever, version->basever);
		return 1;
	}
	/* Loaded and doing nothing would look like success: refuse. */
	if (!is_c() && !is_lto()) {
		error(
		      "randstruct: the plugin randomizes C structures only and refuses to run in %s; drop %<-fplugin=%s%> for this language",
		      lang_hooks.name, info->full_name);
		return 1;
	}
	if (!parse_arguments(info))
		return 1;
	if (is_lto())
		return 0;
	register_callbacks(info->base_name);
	return 0;
}
