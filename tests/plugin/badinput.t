#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Bad input matrix: every malformed input the kit takes (plugin arguments,
# seed files, policy files, gen-random-seed.sh's seed and arguments, kernel
# tree paths for randstruct-apply, randstruct-series and make kernel-apply)
# fails with a non-zero exit status and one line naming the problem, and
# leaves nothing behind (no object, no header, no half-patched tree).
# Kernel trees here are small fakes: tests/kernel/10-apply.t covers a real
# already-patched 6.12 tree.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 117
export LC_ALL=C
top=$(cd "$(dirname "$0")/../.." && pwd)
good=$(test_seed badinput)
echo 'struct s { long a; int b; } __attribute__((randomize_layout)); struct s v;' \
	> "$T/t.c"

# one_line FILE PATTERN: exactly one line of FILE matches PATTERN.
one_line() {
	[ "$(grep -c -- "$2" "$1")" -eq 1 ]
}

# bad_arg DESC PATTERN ARGS...: compiling with ARGS fails (exit status),
# with one "randstruct: ...PATTERN" line, and leaves no object file.
bad_arg() {
	local desc=$1 pattern=$2

	shift 2
	rm -f "$T/t.o"
	if rs_cc "$@" -c "$T/t.c" -o "$T/t.o" > "$T/err.log" 2>&1; then
		not_ok "$desc (exit status 0)"
	elif ! grep -q -- "error: randstruct: .*$pattern" "$T/err.log"; then
		not_ok "$desc (message)"
		sed 's/^/#   /' "$T/err.log" | head -5
	elif ! one_line "$T/err.log" "error: randstruct:"; then
		not_ok "$desc (not one line)"
		sed 's/^/#   /' "$T/err.log" | head -5
	elif [ -e "$T/t.o" ]; then
		not_ok "$desc (object file left)"
	else
		ok "$desc"
	fi
}

# --- plugin: seed= ----------------------------------------------------------
A=$RS_ARG
bad_arg "seed= too short" "exactly 64 hex digits, found 63" "$A-seed=${good:1}"
bad_arg "seed= too long" "exactly 64 hex digits, found 65" "$A-seed=${good}0"
bad_arg "seed= not hex" "lowercase hex digits" "$A-seed=${good:2}zz"
bad_arg "seed= uppercase" "lowercase hex digits" \
	"$A-seed=$(tr a-f A-F <<< "$good")"
bad_arg "seed= empty" "exactly 64 hex digits, found 0" "$A-seed="
bad_arg "seed without =" "argument .seed. needs a value" "$A-seed"

# --- plugin: seed-file= -----------------------------------------------------
: > "$T/empty.seed"
printf '%s\n' "${good:4}" > "$T/short.seed"
printf '%sxy\n' "${good:2}" > "$T/nonhex.seed"
printf '%s\nmore\n' "$good" > "$T/garbage.seed"
printf '%s trailing\n' "$good" > "$T/trailing.seed"
printf '%s\r\n' "$good" > "$T/crlf.seed"
mkdir "$T/dir.seed"
bad_arg "seed-file= missing file" \
	"cannot read seed file .*nope.seed.: No such file" \
	"$A-seed-file=$T/nope.seed"
bad_arg "seed-file= empty file" "seed file .*empty.seed. is empty" \
	"$A-seed-file=$T/empty.seed"
# Unreadable: as root a mode-000 file is still readable, so a directory
# (open succeeds, read fails with EISDIR) stands in for it.
bad_arg "seed-file= unreadable (a directory)" \
	"cannot read seed file .*dir.seed.: Is a directory" \
	"$A-seed-file=$T/dir.seed"
if [ "$(id -u)" != 0 ]; then
	printf '%s\n' "$good" > "$T/mode000.seed"
	chmod 000 "$T/mode000.seed"
	bad_arg "seed-file= mode 000" "cannot read seed file .*Permission denied" \
		"$A-seed-file=$T/mode000.seed"
else
	skip "seed-file= mode 000: root reads it anyway (directory case above)"
fi
bad_arg "seed-file= wrong length" "short.seed: the seed must be exactly 64 hex digits, found 60" \
	"$A-seed-file=$T/short.seed"
bad_arg "seed-file= not hex" "nonhex.seed: the seed must be lowercase hex" \
	"$A-seed-file=$T/nonhex.seed"
bad_arg "seed-file= a second line" "garbage.seed: the seed must be exactly 64 hex digits, found 69" \
	"$A-seed-file=$T/garbage.seed"
bad_arg "seed-file= trailing garbage on the line" "trailing.seed: the seed must be exactly 64" \
	"$A-seed-file=$T/trailing.seed"
bad_arg "seed-file= CRLF line end" "crlf.seed: the seed must be exactly 64 hex digits, found 65" \
	"$A-seed-file=$T/crlf.seed"
bad_arg "seed-file= without a file name" "seed-file=. needs a file name" \
	"$A-seed-file="
printf '%s\n' "$good" > "$T/good.seed"
bad_arg "seed= and seed-file= both given" "give only one of .seed=. and .seed-file=." \
	"$A-seed=$good" "$A-seed-file=$T/good.seed"
bad_arg "seed= given twice" "give only one of" "$A-seed=$good" "$A-seed=$good"

# --- plugin: other arguments ------------------------------------------------
bad_arg "unknown argument" "unknown argument .-fplugin-arg-randomize_layout_plugin-colour." \
	"$A-colour=red"
bad_arg "value given to performance-mode" "argument .performance-mode. takes no value" \
	"$A-performance-mode=1"
bad_arg "value given to disable" "argument .disable. takes no value" "$A-disable=yes"
bad_arg "report without =" "argument .report. needs a value" "$A-report"
bad_arg "report= empty" "report=. needs a file name" "$A-report="
bad_arg "report= in a nonexistent directory" "cannot open report file .*no/such/dir/r.jsonl." \
	"$A-report=$T/no/such/dir/r.jsonl"
bad_arg "report= a directory" "cannot open report file .*Is a directory" "$A-report=$T"
bad_arg "seed-hash without =" "argument .seed-hash. needs a value" "$A-seed-hash"
bad_arg "seed-hash= empty" "seed-hash=. is not a SHA-256" "$A-seed-hash="
bad_arg "seed-hash= not hex" "seed-hash=xyz. is not a SHA-256" "$A-seed-hash=xyz"
bad_arg "seed-hash= too short" "is not a SHA-256" "$A-seed-hash=${good:1}"
bad_arg "seed-hash= of another seed" "does not match the plugin's seed" \
	"$A-seed=$good" "$A-seed-hash=$(test_seed other)"

# --- plugin: layout version and the build header ----------------------------
ver=$(layout_version)
bad_arg "layout-version without =" "argument .layout-version. needs a value" \
	"$A-layout-version"
bad_arg "layout-version= of another version" \
	"the build expects layout version .$((ver + 1)).*derives layout version $ver" \
	"$A-layout-version=$((ver + 1))"
bad_arg "layout-version= not a number" "expects layout version .v1." \
	"$A-layout-version=v1"
# build_header NAME TEXT: a header holding "#pragma randstruct build TEXT".
build_header() {
	printf '#pragma randstruct build %s\n' "$2" > "$T/$1"
}
seedhash=$(printf '%s' "$good" | sha256sum | cut -c1-64)
# The plugin's compiled-in policy digest, as gen-randstruct-policy.sh wrote it.
builtin_policy=$(sed -n 's/^#define RANDSTRUCT_POLICY_SHA256 "\(.*\)"$/\1/p' \
	"$(dirname "$PLUGIN")/randstruct_policy.h")
# layout_id MODE [POLICY]: the id scripts/gen-random-seed.sh gives seed $good.
layout_id() {
	printf 'v%s_%s_%s' "$ver" "$1" "$(printf \
		'randstruct layout %s mode %s policy %s seed %s' \
		"$ver" "$1" "${2:-$builtin_policy}" "$good" | sha256sum | cut -c1-64)"
}
id_full=$(layout_id full)
id_perf=$(layout_id performance)
build_header stale-seed.h "\"layout=$ver seed=$(test_seed other) id=$id_full plugin=0 args=\""
bad_arg "build header of another seed: stale, named" \
	"stale-seed.h. is stale: it names layout version $ver and seed SHA-256 $(test_seed other)" \
	"$A-seed=$good" -include "$T/stale-seed.h"
build_header stale-version.h "\"layout=$((ver + 1)) seed=$seedhash id=$id_full plugin=0 args=\""
bad_arg "build header of another layout version: stale, named" \
	"stale-version.h. is stale: it names layout version $((ver + 1))" \
	"$A-seed=$good" -include "$T/stale-version.h"
build_header garbled.h '"layout seed"'
bad_arg "garbled build header" "malformed .#pragma randstruct build" \
	"$A-seed=$good" -include "$T/garbled.h"
build_header no-id.h "\"layout=$ver seed=$seedhash plugin=0 args=\""
bad_arg "build header without a layout id" "malformed .#pragma randstruct build" \
	"$A-seed=$good" -include "$T/no-id.h"
build_header current.h "\"layout=$ver seed=$seedhash id=$id_full plugin=0 args=\""
rm -f "$T/t.o"
check "the current build header compiles, without a warning" \
	test -z "$(rs_cc "$A-seed=$good" -Wall -include "$T/current.h" -c "$T/t.c" \
		-o "$T/t.o" 2>&1)" -a -s "$T/t.o"
# Arguments a KCFLAGS or a module Makefile could add to kbuild's: each
# changes or drops the layouts without changing the id vermagic carries.
bad_arg "performance-mode against a full-mode build header: both ids named" \
	"current.h. names layout id $id_full, this compilation's is $id_perf: the mode" \
	"$A-seed=$good" "$A-performance-mode" -include "$T/current.h"
build_header perf.h "\"layout=$ver seed=$seedhash id=$id_perf plugin=0 args=\""
rm -f "$T/t.o"
check "performance-mode with a performance-mode build header compiles" \
	test -z "$(rs_cc "$A-seed=$good" "$A-performance-mode" -Wall \
		-include "$T/perf.h" -c "$T/t.c" -o "$T/t.o" 2>&1)" -a -s "$T/t.o"
bad_arg "full mode against a performance-mode build header" \
	"names layout id $id_perf, this compilation's is $id_full" \
	"$A-seed=$good" -include "$T/perf.h"
build_header other-policy.h "\"layout=$ver seed=$seedhash id=$(layout_id full "$(test_seed policy)") plugin=0 args=\""
bad_arg "a build header of another compiled-in policy" \
	"other-policy.h. names layout id v${ver}_full_[0-9a-f]*, this compilation's is $id_full: the mode or the compiled-in policy" \
	"$A-seed=$good" -include "$T/other-policy.h"
printf 'randomize struct s\n' > "$T/extra.pol"
bad_arg "policy= inside a kbuild build (build header present)" \
	"policy= adds a policy that the kernel tree's layout id does not cover" \
	"$A-seed=$good" "$A-policy=$T/extra.pol" -include "$T/current.h"
bad_arg "disable inside a kbuild build" \
	"this compilation's is none: the plugin's disable argument" \
	"$A-seed=$good" "$A-disable" -include "$T/current.h"

# --- plugin: policy= --------------------------------------------------------
bad_arg "policy without =" "argument .policy. needs a value" "$A-policy"
bad_arg "policy= empty" "policy=. needs a file name" "$A-policy="
bad_arg "policy= nonexistent file" "cannot read policy file .*none.pol.: No such file" \
	"$A-policy=$T/none.pol"
bad_arg "policy= a directory" "cannot read policy file .*Is a directory" "$A-policy=$T"

# bad_policy DESC LINE REASON TEXT: a policy holding TEXT fails, naming
# bad.pol:LINE and REASON in one line.
bad_policy() {
	local desc=$1 where="bad.pol:$2: $3"

	printf '%b' "$4" > "$T/bad.pol"
	rm -f "$T/t.o"
	if (cd "$T" && rs_cc "$A-policy=bad.pol" -c t.c -o t.o) \
		> "$T/err.log" 2>&1; then
		not_ok "policy: $desc (exit status 0)"
	elif ! grep -qF -- "error: $where" "$T/err.log"; then
		not_ok "policy: $desc (message)"
		echo "#   expected: $where"
		sed 's/^/#   got: /' "$T/err.log" | head -3
	elif ! one_line "$T/err.log" "error: bad.pol:"; then
		not_ok "policy: $desc (not one line)"
	elif [ -e "$T/t.o" ]; then
		not_ok "policy: $desc (object file left)"
	else
		ok "policy: $desc"
	fi
}

bad_policy "unknown directive" 2 "unknown directive" '# c\nrandomise foo\n'
bad_policy "allow-cast without a glob" 1 "allow-cast: missing the source file glob" \
	'allow-cast\n'
bad_policy "allow-cast without types" 1 "allow-cast: missing the from type" \
	'allow-cast fs/*.c\n'
bad_policy "allow-cast without the to type" 3 "allow-cast: missing the to type" \
	'\n\nallow-cast fs/*.c struct foo # comment\n'
bad_policy "allow-cast: struct without a tag" 1 "allow-cast: 'struct' without a tag" \
	'allow-cast fs/*.c struct\n'
bad_policy "allow-cast: union type" 1 "allow-cast: the from type must be 'struct TAG' or '*', not 'union'" \
	'allow-cast fs/*.c union foo struct bar\n'
bad_policy "allow-cast: tag not an identifier" 1 "allow-cast: the to type's tag is not a C identifier: '9bar'" \
	'allow-cast fs/*.c * struct 9bar\n'
bad_policy "allow-cast: trailing word" 1 "allow-cast: unexpected word after the to type: 'extra'" \
	'allow-cast fs/*.c struct foo struct bar extra\n'
bad_policy "randomize without a tag" 1 "randomize: missing the structure tag" \
	'randomize\n'
bad_policy "exclude: struct without a tag" 1 "exclude: missing the structure tag" \
	'exclude struct\n'
bad_policy "randomize: two tags" 1 "randomize: unexpected word after the tag: 'bar'" \
	'randomize foo bar\n'
bad_policy "exclude: tag not an identifier" 1 "exclude: the structure tag is not a C identifier: 'foo-bar'" \
	'exclude foo-bar\n'
bad_policy "randomize and exclude of one tag" 2 "exclude foo conflicts with randomize at bad.pol:1" \
	'randomize foo\nexclude foo\n'
bad_policy "too many words" 1 "too many words for any directive" \
	'allow-cast a b c d e f g h i\n'
bad_policy "a NUL byte" 1 "the line contains a NUL byte" 'randomize f\0oo\n'

# --- scripts/gen-random-seed.sh ---------------------------------------------
GEN=$top/kernel/scripts/gen-random-seed.sh

# expect_fail DESC PATTERN CMD...: CMD exits non-zero with one line on
# stderr, matching PATTERN.
expect_fail() {
	local desc=$1 pattern=$2 rc=0

	shift 2
	"$@" > "$T/out.log" 2> "$T/err.log" || rc=$?
	if [ "$rc" -eq 0 ]; then
		not_ok "$desc (exit status 0)"
	elif ! grep -q -- "$pattern" "$T/err.log"; then
		not_ok "$desc (message)"
		sed 's/^/#   /' "$T/err.log" | head -5
	elif [ "$(wc -l < "$T/err.log")" -ne 1 ]; then
		not_ok "$desc (not one line)"
		sed 's/^/#   /' "$T/err.log" | head -5
	else
		ok "$desc"
	fi
}

# bad_seedfile DESC PATTERN CONTENT: a pre-placed seed file holding
# CONTENT (printf %b) is refused, and no header is written.
bad_seedfile() {
	rm -rf "$T/gen"
	mkdir "$T/gen"
	printf '%b' "$3" > "$T/gen/seed"
	expect_fail "gen-random-seed.sh: $1" "$2" \
		env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/gen/seed" \
		"$T/gen/seed.h" "$T/gen/hash.h" 1 full none
	check "... no header written" \
		test ! -e "$T/gen/seed.h" -a ! -e "$T/gen/hash.h"
}

expect_fail "gen-random-seed.sh: no arguments" "usage: gen-random-seed.sh" \
	"$GEN"
expect_fail "gen-random-seed.sh: one argument" "usage: gen-random-seed.sh" \
	"$GEN" "$T/x.seed"
expect_fail "gen-random-seed.sh: a hash header without a layout version" \
	"usage: gen-random-seed.sh" "$GEN" "$T/a" "$T/b" "$T/c"
expect_fail "gen-random-seed.sh: five arguments" "usage: gen-random-seed.sh" \
	"$GEN" "$T/a" "$T/b" "$T/c" 1 full
expect_fail "gen-random-seed.sh: a layout version that is no number" \
	"layout version '1 2' must be a number" "$GEN" "$T/a" "$T/b" "$T/c" "1 2" full none
expect_fail "gen-random-seed.sh: a layout mode that is neither full nor performance" \
	"layout mode 'fast' must be 'full' or 'performance'" \
	"$GEN" "$T/a" "$T/b" "$T/c" 1 fast none
expect_fail "gen-random-seed.sh: a policy file that does not exist" \
	"$T/no.policy: policy file is not a readable regular file" \
	"$GEN" "$T/a" "$T/b" "$T/c" 1 full "$T/no.policy"
bad_seedfile "seed file too short" "seed must be exactly 64 hex digits, found 63" \
	"${good:1}\n"
bad_seedfile "seed file not hex" "seed must be lowercase hex digits" \
	"${good:1}g\n"
bad_seedfile "seed file uppercase" "seed must be lowercase hex digits" \
	"$(tr a-f A-F <<< "$good")\n"
bad_seedfile "seed file with a second line" "must hold a single line" \
	"$good\n$good\n"
bad_seedfile "empty seed file" "seed file is empty" ""

rm -rf "$T/gen"
mkdir -p "$T/gen/seed"
expect_fail "gen-random-seed.sh: seed file is a directory" "seed: is a directory" \
	env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/gen/seed" "$T/gen/seed.h"

# bad_env DESC PATTERN VALUE: KBUILD_RANDSTRUCT_SEED=VALUE with no seed
# file is refused; neither seed file nor header is written.
bad_env() {
	rm -rf "$T/gen"
	mkdir "$T/gen"
	expect_fail "gen-random-seed.sh: KBUILD_RANDSTRUCT_SEED $1" "$2" \
		env KBUILD_RANDSTRUCT_SEED="$3" "$GEN" "$T/gen/seed" \
		"$T/gen/seed.h"
	check "... no seed file or header written" \
		test -z "$(ls -A "$T/gen")"
}

bad_env "too short" "KBUILD_RANDSTRUCT_SEED: seed must be exactly 64 hex digits, found 32" \
	"${good:32}"
bad_env "too long" "exactly 64 hex digits, found 65" "${good}a"
bad_env "not hex" "KBUILD_RANDSTRUCT_SEED: seed must be lowercase hex" \
	"${good:1}-"

rm -rf "$T/gen"
mkdir "$T/gen"
printf '%s\n' "$good" > "$T/gen/seed"
expect_fail "gen-random-seed.sh: KBUILD_RANDSTRUCT_SEED differs from the seed file" \
	"differs from existing" env KBUILD_RANDSTRUCT_SEED="$(test_seed other)" \
	"$GEN" "$T/gen/seed" "$T/gen/seed.h"
check "... no header written" test ! -e "$T/gen/seed.h"
mkdir "$T/gen/hdr.h"
expect_fail "gen-random-seed.sh: header path is a directory" \
	"hdr.h: is a directory" env -u KBUILD_RANDSTRUCT_SEED "$GEN" \
	"$T/gen/seed" "$T/gen/hdr.h"
check "... nothing written into it" test -z "$(ls -A "$T/gen/hdr.h")"
rmdir "$T/gen/hdr.h"

# A secret that is a link would be read, and chmod'ed, through the link.
printf '%s\n' "$good" > "$T/elsewhere"
chmod 644 "$T/elsewhere"
ln -s "$T/elsewhere" "$T/gen/link.seed"
expect_fail "gen-random-seed.sh: seed file is a symbolic link" \
	"link.seed: is a symbolic link; the seed must be a regular file" \
	env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/gen/link.seed" "$T/gen/hdr.h"
check "... the link's target keeps its mode, no header written" \
	test "$(stat -c %a "$T/elsewhere")" = 644 -a ! -e "$T/gen/hdr.h"
ln -s "$T/elsewhere" "$T/gen/link.h"
expect_fail "gen-random-seed.sh: seed header is a symbolic link" \
	"link.h: is a symbolic link; the seed header must be a regular file" \
	env -u KBUILD_RANDSTRUCT_SEED "$GEN" "$T/gen/seed" "$T/gen/link.h"
check "... the link's target is untouched" \
	test "$(cat "$T/elsewhere")" = "$good" -a "$(stat -c %a "$T/elsewhere")" = 644
mkfifo "$T/gen/fifo.seed"
expect_fail "gen-random-seed.sh: seed file is a FIFO" \
	"fifo.seed: is not a regular file; the seed must be one" \
	env -u KBUILD_RANDSTRUCT_SEED timeout 10 "$GEN" "$T/gen/fifo.seed" "$T/gen/hdr.h"

# --- kernel trees -----------------------------------------------------------
APPLY=$top/scripts/randstruct-apply
SERIES=$top/scripts/randstruct-series

# fake_tree DIR VERSION.PATCHLEVEL: the few files randstruct-check-tree
# looks at, with the mainline randstruct files of a pristine tree.
fake_tree() {
	mkdir -p "$1/scripts/gcc-plugins" "$1/security"
	printf 'VERSION = %s\nPATCHLEVEL = %s\n' "${2%.*}" "${2#*.}" \
		> "$1/Makefile"
	echo 'source "security/Kconfig"' > "$1/Kconfig"
	echo '/* mainline */' > "$1/scripts/gcc-plugins/randomize_layout_plugin.c"
	echo '#!/bin/sh' > "$1/scripts/gen-randstruct-seed.sh"
	echo 'menu "Security options"' > "$1/security/Kconfig"
}

# tree_sum DIR: a checksum of every file name and content under DIR.
tree_sum() {
	(cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum |
		sha256sum)
}

expect_fail "randstruct-apply: no argument" "usage: randstruct-apply" "$APPLY"
expect_fail "randstruct-apply: nonexistent directory" \
	"$T/none: no such directory" "$APPLY" "$T/none"
mkdir "$T/notlinux"
echo hello > "$T/notlinux/README"
expect_fail "randstruct-apply: a directory that is not a Linux tree" \
	"notlinux: not a Linux source tree" "$APPLY" "$T/notlinux"
fake_tree "$T/k611" 6.11
expect_fail "randstruct-apply: a Linux 6.11 tree" \
	"Linux 6.11, the kit has series for Linux 6.12 and 6.1" "$APPLY" "$T/k611"
fake_tree "$T/k61" 6.1
before=$(tree_sum "$T/k61")
expect_fail "randstruct-apply: 6.12's series given for a Linux 6.1 tree" \
	"series is for Linux 6.12, $T/k61 is Linux 6.1" "$APPLY" "$T/k61" "$top/patches"
check_eq "... left unmodified" "$before" "$(tree_sum "$T/k61")"
fake_tree "$T/k612" 6.12
expect_fail "randstruct-apply: 6.1's series given for a Linux 6.12 tree" \
	"series is for Linux 6.1, $T/k612 is Linux 6.12" "$APPLY" "$T/k612" "$top/patches/6.1"
fake_tree "$T/patched" 6.12
echo 'config RANDSTRUCT_KIT' > "$T/patched/security/Kconfig.randstruct"
before=$(tree_sum "$T/patched")
expect_fail "randstruct-apply: an already-patched tree" \
	"patched: already patched with the randstruct kit" "$APPLY" "$T/patched"
check_eq "... left unmodified" "$before" "$(tree_sum "$T/patched")"
fake_tree "$T/modified" 6.12
rm "$T/modified/scripts/gen-randstruct-seed.sh"
expect_fail "randstruct-apply: mainline randstruct files missing" \
	"mainline randstruct files missing" "$APPLY" "$T/modified"
# Passes the tree check, but the series cannot apply: all or nothing.
fake_tree "$T/fake" 6.12
before=$(tree_sum "$T/fake")
expect_fail "randstruct-apply: a series that does not apply" \
	"does not apply to $T/fake" "$APPLY" "$T/fake"
check_eq "... no file of the tree touched (no half-patched tree)" "$before" \
	"$(tree_sum "$T/fake")"

# make prints its own "***" line after the script's: check the first line.
make_fail() {
	local desc=$1 pattern=$2 rc=0

	shift 2
	make -s -C "$top" "$@" > "$T/out.log" 2> "$T/err.log" || rc=$?
	if [ "$rc" -eq 0 ]; then
		not_ok "$desc (exit status 0)"
	elif ! head -n1 "$T/err.log" | grep -q -- "$pattern"; then
		not_ok "$desc (message)"
		sed 's/^/#   /' "$T/err.log" | head -5
	else
		ok "$desc"
	fi
}

make_fail "make kernel-apply without KSRC" \
	"error: make kernel-apply KSRC=<pristine linux 6.12 or 6.1 tree>" kernel-apply \
	KSRC=
make_fail "make kernel-apply KSRC=nonexistent" "$T/none: no such directory" \
	kernel-apply KSRC="$T/none"

expect_fail "randstruct-series: no argument" "usage: randstruct-series" \
	"$SERIES"
expect_fail "randstruct-series: nonexistent KSRC" \
	"randstruct-series: error: $T/none: no such directory" \
	"$SERIES" "$T/none" "$T/out"
expect_fail "randstruct-series: KSRC not a Linux tree" \
	"notlinux: not a Linux source tree" "$SERIES" "$T/notlinux" "$T/out"
expect_fail "randstruct-series: KSRC already patched" "already patched" \
	"$SERIES" "$T/patched" "$T/out"
expect_fail "randstruct-series: KSRC a file that is not a tarball" \
	"t.c: not a tar archive of a kernel tree" "$SERIES" "$T/t.c" "$T/out"
tar -cf "$T/other.tar" -C "$T" notlinux
expect_fail "randstruct-series: KSRC a tarball of something else" \
	"other.tar: not a tarball of a Linux source tree" \
	"$SERIES" "$T/other.tar" "$T/out"
check "... no OUTDIR created" test ! -e "$T/out"
done_testing
