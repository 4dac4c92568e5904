#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kit's series for the tree (patches/ for 6.12, patches/6.1/ for 6.1,
# see KERNEL_LTS in lib.sh) applies to the pristine tree with git am and
# quilt, quilt pop -a restores the tree (that the committed series is what
# kernel/ and kernel-edits/ generate: tests/plugin/series.t), and
# randstruct-apply picks it by itself and refuses bad trees
# without touching them.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 18

PATCHES=$PATCHDIR
GIT=$KDIR/git-pristine
QUILT=$KDIR/quilt-pristine
npatches=$(grep -c '\.patch$' "$PATCHES/series")

lock_builds

# A git import of the pristine tree, made once and reset between runs.
if ! git -C "$GIT" rev-parse -q --verify pristine >/dev/null 2>&1; then
	rm -rf "$GIT" "$GIT.tmp"
	mkdir -p "$GIT.tmp"
	tar -xf "$TARBALL" -C "$GIT.tmp"
	mv "$GIT.tmp"/* "$GIT"
	rm -rf "$GIT.tmp"
	(
		cd "$GIT" &&
		git init -q &&
		git config gc.auto 0 &&
		git add -A -f &&
		git -c user.name=kit -c user.email=kit@localhost \
			commit -q -m "linux $LTS pristine" &&
		git tag pristine
	) || bail "cannot import the pristine tree into git"
fi
# No background "git gc --auto": it would hold the build lock for minutes.
git -C "$GIT" config gc.auto 0
git -C "$GIT" am --abort >/dev/null 2>&1 || true
git -C "$GIT" checkout -q -f pristine 2>/dev/null || git -C "$GIT" reset -q --hard pristine
git -C "$GIT" clean -qfdx
[ -z "$(git -C "$GIT" status --porcelain)" ] || bail "cannot reset $GIT"

# 1-3: git am
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$GIT" checkout -q -b "am-$$" pristine
if git -C "$GIT" -c user.name=kit -c user.email=kit@localhost \
	am -q "$PATCHES"/*.patch >"$tmp/am.log" 2>&1; then
	ok "git am applies all $npatches patches"
else
	diag <"$tmp/am.log"
	not_ok "git am applies all $npatches patches"
fi
check "git log shows $npatches commits on top of pristine" \
	test "$(git -C "$GIT" rev-list --count pristine..HEAD)" = "$npatches"
check "git-am'd tree has the kit's Kconfig, plugin and no mainline plugin" \
	test -f "$GIT/security/Kconfig.randstruct" -a \
	-d "$GIT/scripts/gcc-plugins/randstruct" -a \
	! -e "$GIT/scripts/gcc-plugins/randomize_layout_plugin.c"

# 4-5: applying to an already-patched tree fails cleanly.
before=$(git -C "$GIT" status --porcelain | sha256sum)
if "$KIT/scripts/randstruct-apply" "$GIT" >"$tmp/out" 2>&1; then
	not_ok "randstruct-apply refuses an already-patched tree"
else
	diag <"$tmp/out"
	check "randstruct-apply refuses an already-patched tree (one line)" \
		test "$(wc -l <"$tmp/out")" = 1 -a -n "$(grep 'already patched' "$tmp/out")"
fi
check "the already-patched tree is unchanged" \
	test "$(git -C "$GIT" status --porcelain | sha256sum)" = "$before"

git -C "$GIT" checkout -q -f pristine
git -C "$GIT" branch -q -D "am-$$"
git -C "$GIT" clean -qfdx

# The cover letter: [PATCH 0/N], a shortlog of every patch in order; git
# am --empty=drop takes it before the patches, and quilt's series leaves
# it out.
cover=$PATCHES/0000-cover-letter.mbox
grep '\.patch$' "$PATCHES/series" | while read -r p; do
	sed -n '/^Subject: /{s/^Subject: \[PATCH [0-9]*\/[0-9]*\] //;N;s/\n / /;s/\n.*//;p}' "$PATCHES/$p"
done >"$tmp/subjects"
sed -n '/^[^ ].* ([0-9]*):$/,/^$/{s/^  //p}' "$cover" >"$tmp/shortlog"
check "the cover letter is [PATCH 0/$npatches] and lists every patch in order" \
	test -n "$(grep "^Subject: \[PATCH 0*/$npatches\] " "$cover")" -a \
	-s "$tmp/subjects" -a -z "$(diff "$tmp/subjects" "$tmp/shortlog")"
git -C "$GIT" checkout -q -b "cover-$$" pristine
if git -C "$GIT" -c user.name=kit -c user.email=kit@localhost \
	am -q --empty=drop "$cover" "$PATCHES"/*.patch >"$tmp/am.log" 2>&1 &&
   [ "$(git -C "$GIT" rev-list --count pristine..HEAD)" = "$npatches" ] &&
   ! grep -q cover-letter "$PATCHES/series"; then
	ok "git am --empty=drop takes the cover letter and then the $npatches patches; quilt's series leaves it out"
else
	diag <"$tmp/am.log"
	not_ok "git am --empty=drop takes the cover letter and then the $npatches patches; quilt's series leaves it out"
fi
git -C "$GIT" am --abort >/dev/null 2>&1 || true
git -C "$GIT" checkout -q -f pristine
git -C "$GIT" branch -q -D "cover-$$"
git -C "$GIT" clean -qfdx

# 6-7: a series whose third patch does not apply leaves the tree untouched.
cp -r "$PATCHES" "$tmp/broken"
third=$(grep '\.patch$' "$tmp/broken/series" | sed -n 3p)
awk '/^@@/ { hunk = 1 } hunk && !done && /^ / { $0 = $0 " BROKEN CONTEXT"; done = 1 } 1' \
	"$tmp/broken/$third" >"$tmp/p" && mv "$tmp/p" "$tmp/broken/$third"
if "$KIT/scripts/randstruct-apply" "$GIT" "$tmp/broken" >"$tmp/out" 2>&1; then
	not_ok "a series that fails half-way is refused"
else
	diag <"$tmp/out"
	ok "a series that fails half-way is refused"
fi
check "nothing of the failed series was applied" \
	test -z "$(git -C "$GIT" status --porcelain)"

# 8-10: bad KSRC paths and versions.
if "$KIT/scripts/randstruct-apply" "$tmp/nonexistent" >"$tmp/out" 2>&1; then
	not_ok "a missing KSRC is refused"
else
	check "a missing KSRC is refused, naming the path" grep -q "$tmp/nonexistent" "$tmp/out"
fi
mkdir -p "$tmp/fake/scripts"
printf 'VERSION = 6\nPATCHLEVEL = 11\n' >"$tmp/fake/Makefile"
: >"$tmp/fake/Kconfig"
if "$KIT/scripts/randstruct-apply" "$tmp/fake" >"$tmp/out" 2>&1; then
	not_ok "a Linux 6.11 tree is refused"
else
	check "a Linux 6.11 tree is refused, naming the version" grep -q '6\.11' "$tmp/out"
fi
if "$KIT/scripts/randstruct-apply" "$GIT" >"$tmp/out" 2>&1 &&
   [ -f "$GIT/security/Kconfig.randstruct" ] &&
   [ -x "$GIT/scripts/gen-random-seed.sh" ]; then
	ok "randstruct-apply applies the series to a pristine tree"
else
	diag <"$tmp/out"
	not_ok "randstruct-apply applies the series to a pristine tree"
fi
git -C "$GIT" reset -q --hard pristine
git -C "$GIT" clean -qfdx

# 11-14: quilt push -a / pop -a on a pristine extraction.
if [ ! -f "$QUILT/Makefile" ]; then
	rm -rf "$QUILT" "$QUILT.tmp"
	mkdir -p "$QUILT.tmp"
	tar -xf "$TARBALL" -C "$QUILT.tmp"
	mv "$QUILT.tmp"/* "$QUILT"
	rm -rf "$QUILT.tmp"
fi
export QUILT_PATCHES=$PATCHES QUILT_PC=$QUILT/.pc
(cd "$QUILT" && quilt pop -a -q >/dev/null 2>&1) || true
sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$PATCHES"/*.patch | sort -u >"$tmp/files"
sums() {
	while read -r f; do
		if [ -e "$QUILT/$f" ]; then sha256sum "$QUILT/$f"; else echo "absent $f"; fi
	done <"$tmp/files"
}
sums >"$tmp/before"
if (cd "$QUILT" && quilt push -a -q) >"$tmp/out" 2>&1; then
	ok "quilt push -a applies the series"
else
	diag <"$tmp/out"
	not_ok "quilt push -a applies the series"
fi
check "quilt reports all $npatches patches applied" \
	test "$(cd "$QUILT" && quilt applied 2>/dev/null | wc -l)" = "$npatches"
if (cd "$QUILT" && quilt pop -a -q) >"$tmp/out" 2>&1; then
	ok "quilt pop -a removes the series"
else
	diag <"$tmp/out"
	not_ok "quilt pop -a removes the series"
fi
sums >"$tmp/after"
check "after quilt pop -a every touched file is pristine again" \
	cmp -s "$tmp/before" "$tmp/after"

# 15-16: checkpatch on the generated series.  Ignored: MAINTAINERS and
# long-log hints, and the macro-shape complaints that the mandatory
# "randomized_struct_fields_start" = "struct {" definition triggers (as in
# mainline).  In the plugin's C sources, C++ template syntax (vec<tree>)
# makes checkpatch ask for spaces around '<' and '>': those are filtered.
cp_ignore=FILE_PATH_CHANGES,COMMIT_LOG_LONG_LINE,COMPLEX_MACRO
cp_ignore=$cp_ignore,MULTISTATEMENT_MACRO_USE_DO_WHILE,TRAILING_SEMICOLON
: >"$tmp/cp.plugin"
: >"$tmp/cp.kbuild"
for p in "$PATCHES"/*.patch; do
	if grep -q '^+++ b/scripts/gcc-plugins/randstruct/' "$p"; then
		dest=$tmp/cp.plugin
	else
		dest=$tmp/cp.kbuild
	fi
	"$GIT/scripts/checkpatch.pl" --no-tree --no-summary --terse \
		--ignore "$cp_ignore" "$p" >>"$dest" 2>&1 || true
done
diag <"$tmp/cp.kbuild"
check "checkpatch: no errors in the Kbuild/Kconfig/source/doc patches" \
	test -z "$(grep ': ERROR:' "$tmp/cp.kbuild")"
grep ': ERROR:' "$tmp/cp.plugin" |
	grep -v "spaces required around that '[<>]'" >"$tmp/cp.plugin.err" || true
echo "checkpatch on the plugin patch: $(grep -c ': ERROR:' "$tmp/cp.plugin") errors ($(wc -l <"$tmp/cp.plugin.err") not template syntax), $(grep -c ': WARNING:' "$tmp/cp.plugin") warnings" | diag
diag <"$tmp/cp.plugin.err"
check "checkpatch: no errors in the plugin sources (template syntax aside)" \
	test ! -s "$tmp/cp.plugin.err"

done_testing
