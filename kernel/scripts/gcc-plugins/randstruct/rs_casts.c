// SPDX-License-Identifier: GPL-2.0
/*
 * rs_casts.c - warnings for casts between randomized and other structs.
 *
 * Code that reads one structure through a pointer to another depends on
 * where the fields are, which randomization changes.  This file looks at
 * every pointer conversion in GENERIC (the body of each function that is
 * compiled, just before the call graph gimplifies it, and the initializers
 * of file-scope variables): explicit
 * casts and the conversions the C front end inserts for assignments,
 * arguments, return values and initializers alike, since both are
 * NOP_EXPRs by then.  A conversion is reported when the pointer it
 * converts points into a structure S, the result points to a different
 * structure T, S or T was randomized, and where T is read from depends on
 * S's layout:
 *
 *   pointer to randomized S converted to pointer to T       (out of)
 *   pointer to S converted to pointer to randomized T       (into)
 *   both randomized                                         (between)
 *   address of a randomized variable taken as T             (address)
 *
 * Where the pointer really points is found by looking through conversions,
 * constant pointer arithmetic and local byte-pointer (void *, char *)
 * variables that are only ever set by their initializer; the front end
 * folds "(T *)(void *)p" to "(T *)p" itself.  So a pointer merely passing
 * through void * or char * is still judged by the structure it came from,
 * while a conversion to or from a byte pointer on its own, or from a
 * pointer whose origin is unknown, is never reported.
 *
 * Not reported, because the result does not depend on the layout:
 *
 *   container_of: a pointer to S moved back by a constant k into a T that
 *   has a member of type S (or an array of S) at byte offset k, in any
 *   spelling: through char *, void *, a void * temporary, or folded by
 *   the front end into "(T *)p + -k" or, for k == 0, into "(T *)p".
 *   This is recognised by the offsets, never by variable names.
 *
 *   the reverse: a pointer to S moved forward by k, or not at all, to
 *   where S has a member of type T (a member's address computed by hand);
 *   a pointer moved past the end of S (the data following it); and a
 *   pointer moved back by anything but container_of, which is not judged.
 *
 * The policy file may allow a given conversion in given files
 * (rs_policy_allows_cast()).
 *
 * Only code that is compiled is checked: a static inline function from a
 * header that nothing in this file calls is not (it is checked wherever
 * it is used).  Walking every body the front end finishes cost several
 * percent of the kernel's compile time, most of it in such functions.
 * The check runs when the call graph makes a function current just before
 * gimplifying it (the target's set_current_function hook, wrapped), with
 * the GNU C nested functions inside it; -fsyntax-only checks every body
 * from PLUGIN_PRE_GENERICIZE instead.
 */
#include "randstruct.h"
#include "target.h"
#include "cgraph.h"
#include "tree-nested.h"

#define RS_TRACE_DEPTH		32
#define RS_CONTAIN_DEPTH	8

/* Where a pointer points: @delta bytes from the start of a @type. */
struct rs_origin {
	tree type;		/* structure (main variant) */
	tree var;		/* variable whose address this is, or NULL */
	HOST_WIDE_INT delta;
};

/*
 * The walk's sets are libiberty hash tables of pointers (C, unlike GCC's
 * hash_set), made once and emptied after each walk.
 */
struct rs_walk {
	tree fndecl;		/* NULL for a static initializer */
	location_t fallback;	/* for nodes that inherit no location */
	htab_t modified;	/* locals written after their init, or NULL */
};

static htab_t judged;		/* conversions already judged */
static htab_t walked;		/* SAVE_EXPRs and initializers walked */

static htab_t pointer_set(void)
{
	return htab_create(64, htab_hash_pointer, htab_eq_pointer, NULL);
}

/* Add @item to @set; true if it was there already. */
static bool set_add(htab_t set, const_tree item)
{
	void **slot = htab_find_slot(set, item, INSERT);

	if (*slot)
		return true;
	*slot = CONST_CAST_TREE(item);
	return false;
}

static void walk_init(struct rs_walk *w, tree fndecl, location_t fallback)
{
	w->fndecl = fndecl;
	w->fallback = fallback;
	w->modified = NULL;
	if (!judged) {
		judged = pointer_set();
		walked = pointer_set();
	}
}

static void walk_release(struct rs_walk *w)
{
	if (htab_elements(judged))
		htab_empty(judged);
	if (htab_elements(walked))
		htab_empty(walked);
	if (w->modified)
		htab_delete(w->modified);
}

/* The structure a pointer type points to (arrays stripped), or NULL. */
static tree pointed_struct(const_tree type)
{
	tree target;

	if (!type || TREE_CODE(type) != POINTER_TYPE)
		return NULL_TREE;
	target = TYPE_MAIN_VARIANT(strip_array_types(TREE_TYPE(type)));
	return TREE_CODE(target) == RECORD_TYPE ? target : NULL_TREE;
}

static bool is_byte_pointer(const_tree type)
{
	tree target;

	if (!type || TREE_CODE(type) != POINTER_TYPE)
		return false;
	target = TYPE_MAIN_VARIANT(TREE_TYPE(type));
	return target == void_type_node || target == char_type_node ||
	       target == signed_char_type_node ||
	       target == unsigned_char_type_node;
}

static bool is_pointer(const_tree expr)
{
	return expr && TREE_TYPE(expr) &&
	       TREE_CODE(TREE_TYPE(expr)) == POINTER_TYPE;
}

/* Constant @cst as a signed byte count; false if it does not fit. */
static bool signed_bytes(tree cst, HOST_WIDE_INT *out)
{
	if (TREE_CODE(cst) != INTEGER_CST)
		return false;
	*out = wi::to_wide(cst).to_shwi();
	return true;
}

/*
 * Does @outer hold an @inner (directly, as an array element, or inside a
 * nested member) starting exactly @offset bytes from its start?
 */
static bool holds_at(const_tree outer, const_tree inner, HOST_WIDE_INT offset,
		     int depth)
{
	tree field;

	if (depth > RS_CONTAIN_DEPTH || !COMPLETE_TYPE_P(outer))
		return false;
	for (field = TYPE_FIELDS(outer); field; field = DECL_CHAIN(field)) {
		tree type = TREE_TYPE(field), size = DECL_SIZE_UNIT(field);
		HOST_WIDE_INT pos, rel;

		if (TREE_CODE(field) != FIELD_DECL || DECL_BIT_FIELD(field) ||
		    !DECL_FIELD_OFFSET(field) ||
		    !tree_fits_shwi_p(byte_position(field)))
			continue;
		pos = int_byte_position(field);
		rel = offset - pos;
		if (rel < 0)
			continue;
		if (rel && (!size || !tree_fits_shwi_p(size) ||
			    rel >= tree_to_shwi(size)))
			continue;
		while (TREE_CODE(type) == ARRAY_TYPE) {
			tree elem = TYPE_SIZE_UNIT(TREE_TYPE(type));

			if (elem && tree_fits_shwi_p(elem) &&
			    tree_to_shwi(elem) > 0)
				rel %= tree_to_shwi(elem);
			type = TREE_TYPE(type);
		}
		type = TYPE_MAIN_VARIANT(type);
		if (!rel && type == inner)
			return true;
		if (RECORD_OR_UNION_TYPE_P(type) &&
		    holds_at(type, inner, rel, depth + 1))
			return true;
	}
	return false;
}

static tree note_modified(tree *node, int *walk_subtrees, void *data)
{
	struct rs_walk *w = (struct rs_walk *)data;
	tree t = *node, target = NULL_TREE;

	if (TYPE_P(t)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	switch (TREE_CODE(t)) {
	case MODIFY_EXPR:
	case INIT_EXPR:
	case PREINCREMENT_EXPR:
	case PREDECREMENT_EXPR:
	case POSTINCREMENT_EXPR:
	case POSTDECREMENT_EXPR:
	case ADDR_EXPR:
		target = TREE_OPERAND(t, 0);
		break;
	case ASM_EXPR: {
		tree out;

		for (out = ASM_OUTPUTS(t); out; out = TREE_CHAIN(out))
			if (DECL_P(TREE_VALUE(out)))
				set_add(w->modified, TREE_VALUE(out));
		break;
	}
	default:
		break;
	}
	if (target && VAR_P(target))
		set_add(w->modified, target);
	return NULL_TREE;
}

/* Is @var a local byte pointer that only its initializer ever sets? */
static bool is_single_assignment_temp(struct rs_walk *w, tree var)
{
	tree init;

	if (!w->fndecl || !VAR_P(var) || TREE_STATIC(var) ||
	    DECL_EXTERNAL(var) || TREE_ADDRESSABLE(var) ||
	    TREE_THIS_VOLATILE(var) || DECL_CONTEXT(var) != w->fndecl ||
	    !is_byte_pointer(TREE_TYPE(var)))
		return false;
	init = DECL_INITIAL(var);
	if (!init || init == error_mark_node || !is_pointer(init))
		return false;
	if (!w->modified) {
		w->modified = pointer_set();
		walk_tree_without_duplicates(&DECL_SAVED_TREE(w->fndecl),
					     note_modified, w);
	}
	return !htab_find(w->modified, var);
}

/* Find where the pointer @expr points; false when that is unknown. */
static bool trace(struct rs_walk *w, tree expr, struct rs_origin *o)
{
	HOST_WIDE_INT step;
	int depth;

	for (depth = 0; depth < RS_TRACE_DEPTH; depth++) {
		if (!is_pointer(expr))
			return false;
		switch (TREE_CODE(expr)) {
		case NOP_EXPR:
		case CONVERT_EXPR:
		case NON_LVALUE_EXPR:
		case SAVE_EXPR:
			if (!is_pointer(TREE_OPERAND(expr, 0)))
				return false;
			expr = TREE_OPERAND(expr, 0);
			continue;
		case COMPOUND_EXPR:
			expr = TREE_OPERAND(expr, 1);
			continue;
		case POINTER_PLUS_EXPR:
			if (!signed_bytes(TREE_OPERAND(expr, 1), &step))
				return false;
			o->delta += step;
			expr = TREE_OPERAND(expr, 0);
			continue;
		case VAR_DECL:
			if (!is_single_assignment_temp(w, expr))
				break;
			expr = DECL_INITIAL(expr);
			continue;
		case ADDR_EXPR: {
			tree object = TREE_OPERAND(expr, 0);
			tree type = TYPE_MAIN_VARIANT(
					strip_array_types(TREE_TYPE(object)));

			if (TREE_CODE(type) != RECORD_TYPE)
				return false;
			o->type = type;
			if (VAR_P(object) || TREE_CODE(object) == PARM_DECL)
				o->var = object;
			return true;
		}
		default:
			break;
		}
		o->type = pointed_struct(TREE_TYPE(expr));
		return o->type != NULL_TREE;
	}
	return false;
}

static void warn_cast(location_t loc, tree from, tree to, tree var)
{
	bool from_randomized = rs_type_was_randomized(from);
	bool to_randomized = rs_type_was_randomized(to);

	if (rs_policy_allows_cast(loc, from, to))
		return;
	if (var && from_randomized)
		warning_at(loc, 0,
			   "randstruct: address of randomized %qT variable %qD converted to pointer to %qT",
			   from, var, to);
	else if (from_randomized && to_randomized)
		warning_at(loc, 0,
			   "randstruct: pointer to randomized %qT converted to pointer to randomized %qT",
			   from, to);
	else if (from_randomized)
		warning_at(loc, 0,
			   "randstruct: pointer to randomized %qT converted to pointer to %qT",
			   from, to);
	else
		warning_at(loc, 0,
			   "randstruct: pointer to %qT converted to pointer to randomized %qT",
			   from, to);
}

/* Judge a conversion of @operand, moved by @delta bytes, to @type. */
static void judge(struct rs_walk *w, location_t loc, tree type, tree operand,
		  HOST_WIDE_INT delta)
{
	struct rs_origin o = { .delta = delta };
	tree to = pointed_struct(type);

	if (!to || !trace(w, operand, &o) || o.type == to)
		return;
	if (!rs_type_was_randomized(o.type) && !rs_type_was_randomized(to))
		return;
	/* Moved back: container_of, or arithmetic that cannot be judged. */
	if (o.delta < 0)
		return;
	/* Moved forward: a member's address, or what follows the struct. */
	if (o.delta > 0 && (holds_at(o.type, to, o.delta, 0) ||
			    !tree_fits_shwi_p(TYPE_SIZE_UNIT(o.type)) ||
			    o.delta >= tree_to_shwi(TYPE_SIZE_UNIT(o.type))))
		return;
	/* A member at offset 0: container_of folded, or its reverse. */
	if (!o.delta &&
	    (holds_at(to, o.type, 0, 0) || holds_at(o.type, to, 0, 0)))
		return;
	warn_cast(loc, o.type, to, o.var);
}

/*
 * The walk: GENERIC in the order walk_tree() takes it, each node reached
 * once per path (the judged set keeps a shared conversion from being
 * reported twice; SAVE_EXPRs, shared by design, are walked once).  An
 * expression without a location of its own is reported at its nearest
 * enclosing expression's; the operands of anything else (statement lists,
 * constructors, lists) and the roots inherit @w->fallback, the function's
 * or the variable's location; an initializer inherits its variable's.
 */
static void scan(struct rs_walk *w, tree t, location_t inherited);

static void scan_initializer(struct rs_walk *w, tree decl)
{
	tree init = DECL_INITIAL(decl);

	if (init && init != error_mark_node && !set_add(walked, init))
		scan(w, init, DECL_SOURCE_LOCATION(decl));
}

static void scan_bind(struct rs_walk *w, tree bind, location_t loc)
{
	tree decl;

	for (decl = BIND_EXPR_VARS(bind); decl; decl = DECL_CHAIN(decl)) {
		if (!VAR_P(decl))
			continue;
		scan_initializer(w, decl);
		scan(w, DECL_SIZE(decl), w->fallback);
		scan(w, DECL_SIZE_UNIT(decl), w->fallback);
	}
	scan(w, BIND_EXPR_BODY(bind), loc);
}

/* Not expressions, but holding some: their parts inherit no location. */
static void scan_container(struct rs_walk *w, tree t)
{
	tree_stmt_iterator i;
	constructor_elt *elt;
	unsigned int k;
	int n;

	switch (TREE_CODE(t)) {
	case STATEMENT_LIST:
		for (i = tsi_start(t); !tsi_end_p(i); tsi_next(&i))
			scan(w, tsi_stmt(i), w->fallback);
		break;
	case CONSTRUCTOR:
		FOR_EACH_VEC_SAFE_ELT(CONSTRUCTOR_ELTS(t), k, elt)
			scan(w, elt->value, w->fallback);
		break;
	case TREE_LIST:
		for (; t && TREE_CODE(t) == TREE_LIST; t = TREE_CHAIN(t))
			scan(w, TREE_VALUE(t), w->fallback);
		scan(w, t, w->fallback);
		break;
	case TREE_VEC:
		for (n = 0; n < TREE_VEC_LENGTH(t); n++)
			scan(w, TREE_VEC_ELT(t, n), w->fallback);
		break;
	default:
		break;
	}
}

/*
 * Judge the conversion an expression makes, if it can point to a
 * structure other than where it came from.  A pointer that points to a
 * structure is needed for any report: others are not even recorded.
 */
static void check_node(struct rs_walk *w, tree t, location_t loc)
{
	HOST_WIDE_INT step;
	tree op;

	switch (TREE_CODE(t)) {
	case NOP_EXPR:
	case CONVERT_EXPR:
		if (pointed_struct(TREE_TYPE(t)) && !set_add(judged, t))
			judge(w, loc, TREE_TYPE(t), TREE_OPERAND(t, 0), 0);
		break;
	case POINTER_PLUS_EXPR:
		/*
		 * "(T *)p + k": the front end folds "(T *)((char *)p + k)"
		 * (container_of, a member's address) into this shape.
		 */
		op = TREE_OPERAND(t, 0);
		if (CONVERT_EXPR_P(op) && pointed_struct(TREE_TYPE(op)) &&
		    signed_bytes(TREE_OPERAND(t, 1), &step) &&
		    !set_add(judged, op))
			judge(w, loc, TREE_TYPE(op), TREE_OPERAND(op, 0), step);
		break;
	case ADDR_EXPR:
		/* A folded "(T *)&object" keeps the object, retypes the address */
		op = TREE_OPERAND(t, 0);
		if (pointed_struct(TREE_TYPE(t)) &&
		    pointed_struct(TREE_TYPE(t)) != TYPE_MAIN_VARIANT(
				strip_array_types(TREE_TYPE(op))) &&
		    !set_add(judged, t))
			judge(w, loc, TREE_TYPE(t), t, 0);
		break;
	case COMPOUND_LITERAL_EXPR:
		scan_initializer(w, COMPOUND_LITERAL_EXPR_DECL(t));
		break;
	default:
		break;
	}
}

static void scan(struct rs_walk *w, tree t, location_t inherited)
{
	location_t loc;
	int i, n;

	while (t && !TYPE_P(t)) {
		if (!EXPR_P(t)) {
			scan_container(w, t);
			return;
		}
		if (TREE_CODE(t) == SAVE_EXPR && set_add(walked, t))
			return;
		loc = EXPR_HAS_LOCATION(t) ? EXPR_LOCATION(t) : inherited;
		if (TREE_CODE(t) == BIND_EXPR) {
			scan_bind(w, t, loc);
			return;
		}
		if (TREE_CODE(t) == DECL_EXPR) {
			if (VAR_P(DECL_EXPR_DECL(t)))
				scan_initializer(w, DECL_EXPR_DECL(t));
			return;
		}
		check_node(w, t, loc);
		n = TREE_OPERAND_LENGTH(t);
		for (i = 0; i + 1 < n; i++)
			scan(w, TREE_OPERAND(t, i), loc);
		t = n ? TREE_OPERAND(t, n - 1) : NULL_TREE;
		inherited = loc;
	}
}

/*
 * Check @fndecl and the GNU C nested functions in it.  The warnings' "In
 * function" line names current_function_decl, which is not yet @fndecl
 * when the call graph switches to it.
 */
static void check_function(tree fndecl)
{
	struct cgraph_node *node = cgraph_node::get(fndecl);
	tree outer = current_function_decl;
	struct rs_walk w;

	current_function_decl = fndecl;
	walk_init(&w, fndecl, DECL_SOURCE_LOCATION(fndecl));
	scan(&w, DECL_SAVED_TREE(fndecl), w.fallback);
	walk_release(&w);
	current_function_decl = outer;
	for (node = node ? first_nested_function(node) : NULL; node;
	     node = next_nested_function(node))
		if (DECL_SAVED_TREE(node->decl))
			check_function(node->decl);
}

/*
 * From PLUGIN_PRE_GENERICIZE: under -fsyntax-only nothing is compiled, so
 * every body is checked right away; otherwise bodies wait until the call
 * graph compiles them (on_set_current_function()).
 */
void rs_check_casts_in_function(tree fndecl)
{
	if (!fndecl || TREE_CODE(fndecl) != FUNCTION_DECL ||
	    !DECL_SAVED_TREE(fndecl))
		return;
	if (flag_syntax_only)
		check_function(fndecl);
}

static void (*next_set_current_function)(tree fndecl);
static htab_t checked_functions;

/*
 * The call graph makes a function current just before it gimplifies its
 * GENERIC body, and only for the functions it compiles: an unused static
 * inline function from a header is never compiled and never checked.
 * Nested functions are checked with the function they are in, before
 * gimplifying it unshares their trees.
 */
static void on_set_current_function(tree fndecl)
{
	if (fndecl && symtab->state == CONSTRUCTION &&
	    DECL_SAVED_TREE(fndecl) && !decl_function_context(fndecl) &&
	    !set_add(checked_functions, fndecl))
		check_function(fndecl);
	next_set_current_function(fndecl);
}

void rs_install_cast_check(void)
{
	if (next_set_current_function)
		return;
	checked_functions = pointer_set();
	next_set_current_function = targetm.set_current_function;
	targetm.set_current_function = on_set_current_function;
}

void rs_check_casts_in_decl(tree decl)
{
	struct rs_walk w;

	if (!decl || !VAR_P(decl) || !DECL_FILE_SCOPE_P(decl) ||
	    !DECL_INITIAL(decl) || DECL_INITIAL(decl) == error_mark_node)
		return;
	walk_init(&w, NULL_TREE, DECL_SOURCE_LOCATION(decl));
	scan_initializer(&w, decl);
	walk_release(&w);
}
