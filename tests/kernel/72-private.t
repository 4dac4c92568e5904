#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The build tree keeps the seed and the layouts to its owner: the seed,
# the seed header, the plugin and its objects and the layout report are
# owner-only, the output directory (and an M= module's) is mode 0700
# (CONFIG_RANDSTRUCT_PRIVATE_FILES), and so is the source tree's top
# directory in an in-tree build (no O=), a looser seed or output directory is
# tightened with a notice, a seed that is a symbolic link stops the build,
# make modules_install and make install write root-only files, and the
# audit (scripts/randstruct-exposure) finds nothing in the tree, but names
# vmlinux once the tree is opened up.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 19

ensure_build A "$SEED_A"
out=$(out_dir A)
ko=$(ensure_module A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seed=$out/scripts/basic/randstruct.seed

# shellcheck disable=SC2317 # called through check
# owner_only FILE...: none of the files grants group or other any access.
owner_only() {
	[ $# -gt 0 ] && [ -z "$(find "$@" -maxdepth 0 -perm /077)" ]
}

modes() {
	stat -c '%a %n' "$@" | sed "s|$out/||" | diag
}

check "the output directory is private (mode $(stat -c %a "$out"))" \
	test "$(stat -c %a "$out")" = 700
modes "$seed" "$out/scripts/gcc-plugins/randomize_layout_seed.h" \
	"$out/scripts/gcc-plugins/randomize_layout_plugin.so"
check "the seed, its header and the plugin are owner-only" \
	owner_only "$seed" "$out/scripts/gcc-plugins/randomize_layout_seed.h" \
	"$out/scripts/gcc-plugins/randomize_layout_plugin.so"
mapfile -t objs < <(find "$out/scripts/gcc-plugins/randstruct" -name '*.o')
check "all ${#objs[@]} plugin objects are owner-only" \
	owner_only "${objs[@]}"
check "the layout report is owner-only ($(stat -c %a "$out/randstruct-layout.jsonl"))" \
	owner_only "$out/randstruct-layout.jsonl"
check "the M= module directory is private ($(stat -c %a "$(dirname "$ko")"))" \
	test "$(stat -c %a "$(dirname "$ko")")" = 700

# A seed copied in with a looser mode, and an opened-up output directory,
# are tightened by the next make, each with a notice naming it.
chmod 644 "$seed"
chmod 755 "$out"
kmake -s -C "$SRC" O="$out" scripts_basic >"$tmp/tighten.log" 2>&1
diag <"$tmp/tighten.log"
check "a seed of mode 644 is made 600" test "$(stat -c %a "$seed")" = 600
check "... with a notice naming it" \
	grep -q "notice: $seed was mode 644, readable by other users; now 600" "$tmp/tighten.log"
check "an output directory of mode 755 is made 700, with a notice naming it" \
	grep -q "PRIVATE $out: mode 755 -> 700" "$tmp/tighten.log"
check "... and is 700" test "$(stat -c %a "$out")" = 700

# A seed that is a symbolic link stops the build; its target is untouched.
mv "$seed" "$tmp/seed"
chmod 644 "$tmp/seed"
ln -s "$tmp/seed" "$seed"
rc=0
kmake -s -C "$SRC" O="$out" scripts_basic >"$tmp/link.log" 2>&1 || rc=$?
target_mode=$(stat -c %a "$tmp/seed")
rm -f "$seed"
mv "$tmp/seed" "$seed"
chmod 600 "$seed"
diag <"$tmp/link.log"
check "a seed that is a symbolic link stops make, naming it" \
	test "$rc" != 0 -a -n "$(grep "randstruct: .*$seed: is a symbolic link" "$tmp/link.log")"
check "... and the link's target keeps its mode ($target_mode)" \
	test "$target_mode" = 644

# make modules_install (in-tree and M=) and make install, into scratch
# directories; the install script is the simplest installkernel there is.
kmake -s -C "$SRC" O="$out" INSTALL_MOD_PATH="$tmp/root" modules_install \
	>"$tmp/install.log" 2>&1
kmake -s -C "$out" M="$(dirname "$ko")" INSTALL_MOD_PATH="$tmp/root" \
	modules_install >>"$tmp/install.log" 2>&1
mkdir -p "$tmp/bin" "$tmp/root/boot"
cat >"$tmp/bin/rs-installkernel" <<'EOF'
#!/bin/sh
cp "$2" "$4/vmlinuz-$1"
cp "$3" "$4/System.map-$1"
EOF
chmod 755 "$tmp/bin/rs-installkernel"
HOME=$tmp INSTALLKERNEL=rs-installkernel INSTALL_PATH=$tmp/root/boot \
	kmake -s -C "$SRC" O="$out" install >>"$tmp/install.log" 2>&1
diag <"$tmp/install.log"
mapfile -t installed < <(find "$tmp/root" -type f \( -name '*.ko*' -o -name 'vmlinuz-*' -o -name 'System.map-*' \))
printf '%s\n' "${installed[@]}" | sed "s|$tmp/root/||" | xargs -r -I{} stat -c '%a {}' "$tmp/root/{}" | diag
check "make modules_install installs crc-itu-t.ko root-only" \
	owner_only "$tmp"/root/lib/modules/*/kernel/lib/crc-itu-t.ko
check "make M=... modules_install installs rsmod.ko root-only" \
	owner_only "$tmp"/root/lib/modules/*/updates/rsmod.ko
check "make install installs the image and System.map root-only" \
	owner_only "$tmp"/root/boot/vmlinuz-* "$tmp"/root/boot/System.map-*

# In the source tree itself (no O=): a hard-linked copy of the source
# with A's configuration; the kit writes only new files there.
intree=$tmp/intree
cp -al "$SRC" "$intree"
cp "$out/.config" "$intree/.config"
chmod 755 "$intree"
KBUILD_RANDSTRUCT_REPORT=$intree/layout.jsonl kmake -s -C "$intree" -j"$JOBS" \
	olddefconfig modules_prepare kernel/cred.o >"$tmp/intree.log" 2>&1 ||
	bail "the in-tree build failed, see $tmp/intree.log"
grep PRIVATE "$tmp/intree.log" | diag
check "in-tree: the source tree's top directory is made private ($(stat -c %a "$intree"))" \
	test "$(stat -c %a "$intree")" = 700
mapfile -t private < <(find "$intree/scripts/gcc-plugins" -newer "$intree/.config" \
	-type f \( -name '*.o' -o -name '*.so' -o -name 'randomize_layout_seed.h' \))
check "in-tree: the seed, its header, the plugin and its ${#private[@]} files are owner-only" \
	owner_only "$intree/scripts/basic/randstruct.seed" "${private[@]}"
check "in-tree: the layout report of kernel/cred.o is owner-only" \
	owner_only "$intree/layout.jsonl"
rm -rf "$intree"

# The audit, on this tree: nothing; with its top directory opened up,
# vmlinux and the seed among what it names.
AUDIT=$SRC/scripts/randstruct-exposure
rc=0
"$AUDIT" build "$out" >"$tmp/audit.log" 2>&1 || rc=$?
tail -3 "$tmp/audit.log" | diag
check "randstruct-exposure build finds nothing readable by others in kernel A's tree" \
	test "$rc" = 0
chmod 755 "$out"
rc=0
"$AUDIT" build "$out" >"$tmp/audit.log" 2>&1 || rc=$?
chmod 700 "$out"
grep -c '^exposed: ' "$tmp/audit.log" | sed 's/^/exposed paths with the tree at 755: /' | diag
check "with the tree at mode 755 it fails and names vmlinux and the modules" \
	test "$rc" = 1 -a -n "$(grep "^exposed: $out/vmlinux " "$tmp/audit.log")" -a \
	-n "$(grep "^exposed: $out/lib/crc-itu-t.ko " "$tmp/audit.log")"

done_testing
