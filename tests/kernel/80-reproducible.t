#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A plugin change rebuilds everything, and the rebuild can be distributed.
# Kernel B (built through ccache, see lib.sh) gets a plugin whose code
# changed without changing any layout (a constant appended to rs_lists.c,
# as a kit upgrade changes the plugin), then "make bzImage modules" again,
# through ccache in front of icecream, whose scheduler sends the
# compilations to a second daemon in another network namespace
# (tests/kernel/icecream.sh).  Every object compiled with the plugin is
# recompiled, none comes from the cache, at least 90% of them compile on
# the other node, no command line names a file the remote node lacks, an
# external module (M=) is recompiled too, and vmlinux and bzImage are
# bit-identical to the local build before the change (KBUILD_BUILD_*
# pinned by lib.sh), with the same layouts.  The plugin's source is put
# back at the end: 85-rebuild.t goes on from there.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }
# shellcheck source=tests/kernel/icecream.sh
. "$(dirname "$0")/icecream.sh" || bail "tests/kernel/icecream.sh missing"

plan 12

ensure_build A "$SEED_A"
ensure_build B "$SEED_B"
out=$(out_dir B)
keep=$KDIR/repro
rm -rf "$keep"
mkdir -p "$keep"
cp "$out/vmlinux" "$keep/vmlinux"
cp "$out/arch/x86/boot/bzImage" "$keep/bzImage"
pahole_struct B task_struct >"$keep/task_struct.1"
pahole_struct B cred >"$keep/cred.1"
# B has no report; A's names the same randomized structures.
randomized_layouts "$out" "$(tree_report A)" >"$keep/layouts.1"
mod=$KDIR/rebuild-mod
KERNEL_CC=$(tree_cc B) "$KIT/scripts/randstruct-kernel" module "$SRC" "$out" "$mod" ||
	bail "rsmod did not build against B, see $mod/build.log"
cp "$mod/rsmod.ko" "$keep/rsmod.ko"

# Files are replaced, never written in place: other test trees hard-link
# the source (ensure_version_module).
lists=$SRC/scripts/gcc-plugins/randstruct/rs_lists.c
cp "$lists" "$keep/rs_lists.c"
put_back() {
	if ! cmp -s "$keep/rs_lists.c" "$lists"; then
		cp "$keep/rs_lists.c" "$lists.new" && mv "$lists.new" "$lists"
	fi
}
trap 'icecream_down; put_back' EXIT
cp "$lists" "$lists.new"
printf '\nconst char rs_rebuild_test_marker[] = "%s";\n' "$(date +%s%N)" >>"$lists.new"
mv "$lists.new" "$lists"

icecream_up "$KDIR/icecream" || bail "cannot start the icecream farm"
icecream_share_plugin "$out" || bail "cannot give the icecc user the plugin (setfacl)"
ccache -z >/dev/null
touch "$keep/stamp"
sleep 1
start=$(date +%s)
# No layout report: it names a local file (randstruct-kbuild.rst).
KERNEL_CC=$(tree_cc B) KERNEL_REPORT='' CCACHE_PREFIX=icecc icecream_run \
	"$KIT/scripts/randstruct-kernel" build "$SRC" "$out" 8 | diag
echo "distributed rebuild took $(($(date +%s) - start))s" | diag
icecream_down
test -f "$out/vmlinux" || bail "the distributed rebuild failed, see $out/build.log"

plugin_objects "$out" >"$keep/objects"
objects=$(wc -l <"$keep/objects")
recompiled=$(while read -r o; do [ "$o" -nt "$keep/stamp" ] && echo; done \
	<"$keep/objects" | wc -l)
hits=$(($(ccache_stat direct_cache_hit) + $(ccache_stat preprocessed_cache_hit)))
misses=$(ccache_stat cache_miss)
remote=$(icecream_remote_jobs)
echo "plugin change: $recompiled of $objects plugin objects recompiled; ccache $hits hits, $misses misses" | diag
echo "icecream: $remote compile jobs on node-b, $(icecream_local_jobs) run locally" | diag
check "plugin change: every object compiled with the plugin is recompiled ($recompiled of $objects)" \
	test "$recompiled" = "$objects" -a "$objects" -gt 500
check "plugin change: ccache misses every one of them ($misses misses)" \
	test "$misses" -ge "$objects"
check "icecream compiled at least 90% of them on the other node ($remote of $objects)" \
	test "$((remote * 10))" -ge "$((objects * 9))"
paths=$(sed 's|/\([^/]*\)$|/.\1.cmd|' "$keep/objects" |
	xargs grep -l 'randomize_layout_plugin-[a-z-]*=/' | wc -l)
check "no compiler command line gives the plugin a file ($paths do)" \
	test "$paths" = 0

check "the build header names the new plugin" \
	test "$out/scripts/gcc-plugins/randstruct_build.h" -nt "$keep/stamp"
make -s -C "$out" M="$mod" CC="$(tree_cc B)" modules >>"$mod/build.log" 2>&1 ||
	bail "rsmod did not build against B after the plugin change, see $mod/build.log"
check "plugin change: the external module is recompiled (M=)" \
	test "$mod/rsmod.o" -nt "$keep/stamp"
check "and its code is unchanged" cmp -s "$keep/rsmod.ko" "$mod/rsmod.ko"
rm -rf "$mod"
put_back

check "rebuilt vmlinux is bit-identical" cmp -s "$keep/vmlinux" "$out/vmlinux"
check "rebuilt bzImage is bit-identical" cmp -s "$keep/bzImage" "$out/arch/x86/boot/bzImage"
pahole_struct B task_struct >"$keep/task_struct.2"
pahole_struct B cred >"$keep/cred.2"
check "pahole: task_struct layout identical after the rebuild" \
	cmp -s "$keep/task_struct.1" "$keep/task_struct.2"
check "pahole: cred layout identical after the rebuild" \
	cmp -s "$keep/cred.1" "$keep/cred.2"
randomized_layouts "$out" "$(tree_report A)" >"$keep/layouts.2"
check "pahole: every randomized structure's layout identical after the rebuild ($(grep -c '^struct' "$keep/layouts.1") structures)" \
	cmp -s "$keep/layouts.1" "$keep/layouts.2"

done_testing
