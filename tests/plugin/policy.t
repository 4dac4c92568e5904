#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The policy file (policy=PATH): every parser error (FILE:LINE: reason and a
# failed compilation), unreadable files, randomize/exclude by tag (layouts
# read back from the compiled program and from the plugin's report),
# allow-cast rules (which casts they silence, and which they do not), and a
# policy compiled into the plugin, as kbuild builds it.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 49
export LC_ALL=C
seed=$(test_seed policy)
S="$RS_ARG-seed=$seed"
P="$RS_ARG-policy"

cat > "$T/empty.c" <<'C'
int main(void) { return 0; }
C

# expect_policy_error DESC LINE REASON TEXT: a policy file holding TEXT
# fails the compilation with "pol.txt:LINE: REASON".
expect_policy_error() {
	local desc=$1 where="pol.txt:$2: $3" text=$4

	printf '%s\n' "$text" > "$T/pol.txt"
	if (cd "$T" && rs_cc -c -o empty.o "$P=pol.txt" empty.c) \
		> "$T/err.log" 2>&1; then
		not_ok "$desc (compiled)"
	elif grep -qF -- "error: $where" "$T/err.log"; then
		ok "$desc"
	else
		not_ok "$desc"
		echo "#   expected: $where"
		sed 's/^/#   got: /' "$T/err.log" | head -5
	fi
}

# --- parser errors ----------------------------------------------------------
expect_policy_error "unknown directive" 2 \
	"unknown directive (expected allow-cast, randomize or exclude): 'randomise'" \
	'# comment
randomise foo'
expect_policy_error "allow-cast without a glob" 1 \
	"allow-cast: missing the source file glob" 'allow-cast'
expect_policy_error "allow-cast without types" 1 \
	"allow-cast: missing the from type (expected 'struct TAG' or '*')" \
	'allow-cast fs/*.c'
expect_policy_error "allow-cast without the to type" 3 \
	"allow-cast: missing the to type (expected 'struct TAG' or '*')" \
	'

allow-cast fs/*.c struct foo   # trailing comment'
expect_policy_error "allow-cast: struct without a tag" 1 \
	"allow-cast: 'struct' without a tag in the from type" \
	'allow-cast fs/*.c struct'
expect_policy_error "allow-cast: union is not a struct type" 1 \
	"allow-cast: the from type must be 'struct TAG' or '*', not 'union'" \
	'allow-cast fs/*.c union foo struct bar'
expect_policy_error "allow-cast: forgotten glob" 1 \
	"allow-cast: the from type must be 'struct TAG' or '*', not 'foo'" \
	'allow-cast struct foo struct bar'
expect_policy_error "allow-cast: bad to type" 1 \
	"allow-cast: the to type must be 'struct TAG' or '*', not 'bar'" \
	'allow-cast fs/*.c struct foo bar'
expect_policy_error "allow-cast: tag not an identifier" 1 \
	"allow-cast: the to type's tag is not a C identifier: '9bar'" \
	'allow-cast fs/*.c * struct 9bar'
expect_policy_error "allow-cast: trailing word" 1 \
	"allow-cast: unexpected word after the to type: 'extra'" \
	'allow-cast fs/*.c struct foo struct bar extra'
expect_policy_error "randomize without a tag" 1 \
	"randomize: missing the structure tag" 'randomize'
expect_policy_error "exclude: struct without a tag" 1 \
	"exclude: missing the structure tag" 'exclude struct'
expect_policy_error "randomize: two tags" 1 \
	"randomize: unexpected word after the tag: 'bar'" 'randomize foo bar'
expect_policy_error "exclude: tag not an identifier" 1 \
	"exclude: the structure tag is not a C identifier: 'foo-bar'" \
	'exclude foo-bar'
expect_policy_error "randomize and exclude of one tag" 3 \
	"exclude foo conflicts with randomize at pol.txt:1" \
	'randomize foo
randomize struct foo
exclude foo'
expect_policy_error "too many words" 1 "too many words for any directive" \
	'allow-cast a b c d e f g h i'

printf 'randomize ok\nbogus line\nexclude 1\n' > "$T/multi.txt"
rs_cc -c -o "$T/empty.o" "$P=$T/multi.txt" "$T/empty.c" > "$T/err.log" 2>&1
check "every malformed line is reported" \
	test "$(grep -c "multi.txt:[23]: " "$T/err.log")" = 2

expect_error "missing policy file" \
	"cannot read policy file '$T/none.txt': No such file or directory" \
	-c -o "$T/empty.o" "$P=$T/none.txt" "$T/empty.c"
expect_error "policy path is a directory" \
	"cannot read policy file '$T': Is a directory" \
	-c -o "$T/empty.o" "$P=$T" "$T/empty.c"
expect_error "policy= without a value" "needs a value" \
	-c -o "$T/empty.o" "$P" "$T/empty.c"

cat > "$T/good.txt" <<'POL'
# a well-formed policy: comments, blank lines, every directive

randomize	plain_tag	# tabs and a trailing comment
exclude struct fptrs
allow-cast */allowed*.c struct rnd struct plain
allow-cast * * struct rnd2
POL
check "a well-formed policy compiles" \
	rs_cc -c -o "$T/empty.o" "$P=$T/good.txt" "$T/empty.c"
printf '' > "$T/nothing.txt"
check "an empty policy compiles" \
	rs_cc -c -o "$T/empty.o" "$P=$T/nothing.txt" "$T/empty.c"

# --- randomize and exclude by tag -------------------------------------------
cat > "$T/tags.c" <<'C'
#include <stdio.h>
#include <stddef.h>

struct plain_tag { long a, b, c, d, e, f, g, h; };
struct fptrs {
	void (*a)(void); void (*b)(void); void (*c)(void); void (*d)(void);
	void (*e)(void); void (*f)(void); void (*g)(void); void (*h)(void);
};

int main(void)
{
	printf("plain_tag %zu %zu %zu %zu %zu %zu %zu %zu\n",
	       offsetof(struct plain_tag, a), offsetof(struct plain_tag, b),
	       offsetof(struct plain_tag, c), offsetof(struct plain_tag, d),
	       offsetof(struct plain_tag, e), offsetof(struct plain_tag, f),
	       offsetof(struct plain_tag, g), offsetof(struct plain_tag, h));
	printf("fptrs %zu %zu %zu %zu %zu %zu %zu %zu\n",
	       offsetof(struct fptrs, a), offsetof(struct fptrs, b),
	       offsetof(struct fptrs, c), offsetof(struct fptrs, d),
	       offsetof(struct fptrs, e), offsetof(struct fptrs, f),
	       offsetof(struct fptrs, g), offsetof(struct fptrs, h));
	return 0;
}
C
declared="0 8 16 24 32 40 48 56"

offsets_of() {
	grep "^$1 " "$2" | cut -d' ' -f2-
}

# The report's byte offsets of STRUCT, in declaration order.
report_offsets() {
	grep "\"struct\":\"$1\"" "$2" | grep -o '"bit_offset":[0-9]*' |
		cut -d: -f2 | awk '{ printf("%s%d", (NR > 1 ? " " : ""), $1 / 8) }'
}

run_program none "$T/tags.c" "$S" "$RS_ARG-report=$T/none.json" \
	> "$T/none.out"
run_program pol "$T/tags.c" "$S" "$P=$T/good.txt" \
	"$RS_ARG-report=$T/pol.json" > "$T/pol.out"
printf 'randomize struct plain_tag\n' > "$T/struct-form.txt"
run_program form "$T/tags.c" "$S" "$P=$T/struct-form.txt" > "$T/form.out"

check_eq "without policy: plain struct in declaration order" \
	"$declared" "$(offsets_of plain_tag "$T/none.out")"
check_ne "without policy: function-pointer struct randomized" \
	"$declared" "$(offsets_of fptrs "$T/none.out")"
check_ne "randomize TAG: plain struct now randomized" \
	"$declared" "$(offsets_of plain_tag "$T/pol.out")"
check_eq "randomize TAG: program and report agree" \
	"$(offsets_of plain_tag "$T/pol.out")" \
	"$(report_offsets plain_tag "$T/pol.json")"
check_eq "randomize struct TAG: same layout as randomize TAG" \
	"$(offsets_of plain_tag "$T/pol.out")" \
	"$(offsets_of plain_tag "$T/form.out")"
check_eq "exclude TAG: function-pointer struct in declaration order" \
	"$declared" "$(offsets_of fptrs "$T/pol.out")"
check "exclude TAG: not in the report" \
	test -z "$(grep '"struct":"fptrs"' "$T/pol.json")"
check_eq "without policy: report has the function-pointer struct" \
	"$(offsets_of fptrs "$T/none.out")" \
	"$(report_offsets fptrs "$T/none.json")"

# --- a policy entry against the source's annotation -------------------------
cat > "$T/annotated.c" <<'C'
#include <stdio.h>
#include <stddef.h>

struct marked { long a, b, c, d, e, f, g, h; } __attribute__((randomize_layout));
struct pinned {
	void (*a)(void); void (*b)(void); void (*c)(void); void (*d)(void);
	void (*e)(void); void (*f)(void); void (*g)(void); void (*h)(void);
} __attribute__((no_randomize_layout));

int main(void)
{
	printf("marked %zu %zu %zu %zu %zu %zu %zu %zu\n",
	       offsetof(struct marked, a), offsetof(struct marked, b),
	       offsetof(struct marked, c), offsetof(struct marked, d),
	       offsetof(struct marked, e), offsetof(struct marked, f),
	       offsetof(struct marked, g), offsetof(struct marked, h));
	printf("pinned %zu %zu %zu %zu %zu %zu %zu %zu\n",
	       offsetof(struct pinned, a), offsetof(struct pinned, b),
	       offsetof(struct pinned, c), offsetof(struct pinned, d),
	       offsetof(struct pinned, e), offsetof(struct pinned, f),
	       offsetof(struct pinned, g), offsetof(struct pinned, h));
	return 0;
}
C
# contradiction DESC POLICY PATTERN: compiling annotated.c with POLICY
# fails with one error at the structure's definition matching PATTERN.
contradiction() {
	printf '%b' "$2" > "$T/contra.txt"
	rm -f "$T/annotated.o"
	if rs_cc -c -o "$T/annotated.o" "$S" "$P=$T/contra.txt" "$T/annotated.c" \
		> "$T/err.log" 2>&1; then
		not_ok "$1 (compiled)"
	elif [ "$(grep -c 'error:' "$T/err.log")" = 1 ] &&
	     grep -q -- "annotated.c:[0-9]*:[0-9]*: error: $3" "$T/err.log" &&
	     [ ! -e "$T/annotated.o" ]; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   got: /' "$T/err.log" | head -5
	fi
}
contradiction "exclude of a __randomize_layout structure: an error naming both places" \
	'# line 1\nexclude marked\n' \
	"'struct marked' is marked '__randomize_layout' in its source but the randstruct policy excludes it (contra.txt:2)"
contradiction "randomize of a __no_randomize_layout structure: an error naming both places" \
	'randomize struct pinned\n' \
	"'struct pinned' is marked '__no_randomize_layout' in its source but the randstruct policy randomizes it (contra.txt:1)"
printf 'randomize marked\nexclude struct pinned\n' > "$T/agree.txt"
run_program agree "$T/annotated.c" "$S" "$P=$T/agree.txt" > "$T/agree.out" 2> "$T/agree.err"
run_program annotated "$T/annotated.c" "$S" > "$T/annotated.out"
check "entries that repeat the annotations compile without a diagnostic" \
	test -s "$T/agree.out" -a ! -s "$T/agree.err"
check_eq "and change nothing: the layouts are the annotations' own" \
	"$(cat "$T/annotated.out")" "$(cat "$T/agree.out")"
check_ne "(the marked structure is randomized)" \
	"$declared" "$(offsets_of marked "$T/agree.out")"

# --- allow-cast ---------------------------------------------------------------
cat > "$T/casts.h" <<'H'
struct rnd { int a; long b; char *c; void *d; } __attribute__((randomize_layout));
struct rnd2 { int p; long q; char *r; void *s; } __attribute__((randomize_layout));
struct plain { long x; int y; };
struct other { long u; int v; };
struct plain *out(struct rnd *p) { return (struct plain *)p; }
struct other *out2(struct rnd *p) { return (struct other *)p; }
struct rnd *in(struct plain *p) { return (struct rnd *)p; }
struct rnd2 *both(struct rnd *p) { return (struct rnd2 *)p; }
H
mkdir -p "$T/sub"
printf '#include "../casts.h"\n' > "$T/sub/allowed_here.c"
printf '#include "../casts.h"\n' > "$T/sub/elsewhere.c"

# casts_left FILE POLICY: the randstruct warnings left, one "from>to" a line.
casts_left() {
	rs_cc -c -o "$T/c.o" "$S" "$P=$2" "$1" 2>&1 |
		grep 'warning: randstruct:' |
		sed -e "s/.*to 'struct \([a-z0-9]*\)' converted.*'struct \([a-z0-9]*\)'$/\1>\2/" \
		    -e "s/.*randomized 'struct \([a-z0-9]*\)' converted.*'struct \([a-z0-9]*\)'$/\1>\2/" |
		sort | tr '\n' ' '
}

check_eq "no rule: every cast warns" "plain>rnd rnd>other rnd>plain rnd>rnd2 " \
	"$(casts_left "$T/sub/allowed_here.c" "$T/nothing.txt")"
check_eq "allow-cast by glob and types; * matches any struct" \
	"plain>rnd rnd>other " \
	"$(casts_left "$T/sub/allowed_here.c" "$T/good.txt")"
check_eq "allow-cast glob does not match another file" \
	"plain>rnd rnd>other rnd>plain " \
	"$(casts_left "$T/sub/elsewhere.c" "$T/good.txt")"

printf 'allow-cast sub/allowed_here.c struct plain struct rnd\n' > "$T/rel.txt"
check_eq "relative glob matches an absolute path; direction matters" \
	"rnd>other rnd>plain rnd>rnd2 " \
	"$(casts_left "$T/sub/allowed_here.c" "$T/rel.txt")"

printf 'allow-cast */casts.h struct rnd *\n' > "$T/hdr.txt"
check_eq "glob matches the header the cast is written in" \
	"plain>rnd " "$(casts_left "$T/sub/elsewhere.c" "$T/hdr.txt")"

printf 'allow-cast /nowhere/*.c * *\n' > "$T/abs.txt"
check_eq "absolute glob matches only from the root" \
	"plain>rnd rnd>other rnd>plain rnd>rnd2 " \
	"$(casts_left "$T/sub/elsewhere.c" "$T/abs.txt")"

printf 'allow-cast sub/elsewhere.c * *\nallow-cast x.c struct a struct b\n' > "$T/two.txt"
check_eq "several rules, several policy arguments" "0" \
	"$(rs_cc -c -o "$T/c.o" "$S" "$P=$T/two.txt" "$P=$T/hdr.txt" \
		"$T/sub/elsewhere.c" 2>&1 | grep -c 'warning: randstruct:')"

# --- the kit's policy for Linux 6.12 ------------------------------------------
KIT_POLICY=$(readlink -f "$(dirname "$0")/../../kernel/scripts/gcc-plugins/randstruct.policy")
check "the kit's 6.12 policy parses" \
	rs_cc -c -o "$T/empty.o" "$P=$KIT_POLICY" "$T/empty.c"

# mm/rmap.c's tagged folio->mapping store, in miniature
mkdir -p "$T/linux/mm"
cat > "$T/linux/mm/rmap.c" <<'C'
struct address_space { long a; int b; void *c; short d; } __attribute__((randomize_layout));
struct anon_vma { long root; int refcount; };
struct folio { struct address_space *mapping; };
void set_anon(struct folio *folio, struct anon_vma *anon_vma)
{
	anon_vma = (void *)anon_vma + 1;
	folio->mapping = (struct address_space *)anon_vma;
}
C
check_eq "mm/rmap.c pattern warns without the policy" 1 \
	"$(cd "$T/linux" && rs_cc -c -o rmap.o "$S" mm/rmap.c 2>&1 |
		grep -c "warning: randstruct: pointer to 'struct anon_vma' converted to pointer to randomized 'struct address_space'")"
check_eq "mm/rmap.c pattern allowed by the kit's policy" 0 \
	"$(cd "$T/linux" && rs_cc -c -o rmap.o "$S" "$P=$KIT_POLICY" \
		mm/rmap.c 2>&1 | grep -c 'randstruct')"

# --- a policy compiled into the plugin (what kbuild does) ---------------------
# plugin_with_policy POLICY SO: build the plugin with POLICY compiled in.
top=$(readlink -f "$(dirname "$0")/../..")
src=kernel/scripts/gcc-plugins/randstruct
plugin_with_policy() {
	local dir=$T/builtin

	mkdir -p "$dir"
	"$top/kernel/scripts/gen-randstruct-policy.sh" "$1" > "$dir/randstruct_policy.h" &&
	"$top/kernel/scripts/gen-random-seed.sh" "$dir/seed" \
		"$dir/randomize_layout_seed.h" &&
	"${GCC/gcc/g++}" -std=gnu++11 -fPIC -shared -fno-rtti \
		-fno-exceptions -O0 -Wno-narrowing -Wno-format-diag \
		-I"$("$GCC" -print-file-name=plugin)/include" -I"$dir" \
		-I"$top/$src" -o "$2" "$top/$src"/*.c
}
# The file name is the plugin's name in -fplugin-arg-NAME-... arguments.
BUILTIN=$T/builtin/randomize_layout_plugin.so
plugin_with_policy "$KIT_POLICY" "$BUILTIN"
check_eq "built-in kit policy: the mm/rmap.c pattern is allowed without policy=" 0 \
	"$(cd "$T/linux" && "$GCC" -fplugin="$BUILTIN" -c -o rmap.o \
		mm/rmap.c 2>&1 | grep -c 'randstruct')"
printf 'allow-cast */casts.h struct rnd *\n' > "$T/builtin.txt"
plugin_with_policy "$T/builtin.txt" "$BUILTIN"
check_eq "built-in policy and policy= add up (each allows a part)" \
	"plain>rnd rnd>other rnd>plain rnd>rnd2 |plain>rnd |0" \
	"$(casts_left "$T/sub/allowed_here.c" "$T/nothing.txt")|$(PLUGIN=$BUILTIN \
		casts_left "$T/sub/allowed_here.c" "$T/nothing.txt")|$("$GCC" \
		-fplugin="$BUILTIN" "$P=$T/rel.txt" -c -o "$T/c.o" \
		"$T/sub/allowed_here.c" 2>&1 | grep -c 'warning: randstruct:')"
printf 'allow-cast x.c struct a struct b\nexclude 1\n' > "$T/broken.txt"
plugin_with_policy "$T/broken.txt" "$BUILTIN"
"$GCC" -fplugin="$BUILTIN" -c -o "$T/e.o" "$T/empty.c" > "$T/err.log" 2>&1
check "a broken built-in policy fails every compilation" test ! -e "$T/e.o"
check "... naming the policy file and line it was made from" \
	grep -qF "error: $T/broken.txt:2: exclude: the structure tag is not a C identifier: '1'" \
	"$T/err.log"

done_testing
