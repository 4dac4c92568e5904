#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every step of the series builds (bisectable): the patches are applied to
# the pristine tree one at a time with git am, and after each one a
# tinyconfig with randomization on (mainline's symbols, which every step
# keeps) builds the GCC plugin and a sample of objects that use randomized
# structures, with the plugin.  One O= directory serves all steps, so each
# step only rebuilds what its patch changed.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

PATCHES=$PATCHDIR
GIT=$KDIR/git-pristine
npatches=$(grep -c '\.patch$' "$PATCHES/series")
# Objects that read or write task_struct, cred, file and inode.
SAMPLE=(kernel/cred.o kernel/fork.o kernel/signal.o fs/open.o fs/inode.o)

plan "$npatches"

lock_builds
# The git import of the pristine tree that 10-apply.t makes.
git -C "$GIT" rev-parse -q --verify pristine >/dev/null 2>&1 ||
	bail "no git import of the pristine tree: run tests/kernel/10-apply.t first"
git -C "$GIT" am --abort >/dev/null 2>&1 || true
git -C "$GIT" checkout -q -f pristine
git -C "$GIT" clean -qfdx
git -C "$GIT" checkout -q -b "bisect-$$" pristine

out=$KDIR/out-bisect
tmp=$(mktemp -d)
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	git -C "$GIT" am --abort >/dev/null 2>&1 || true
	git -C "$GIT" checkout -q -f pristine
	git -C "$GIT" branch -q -D "bisect-$$"
	git -C "$GIT" clean -qfdx
	rm -rf "$tmp" "$out"
}
trap cleanup EXIT
rm -rf "$out"
mkdir -p "$out"
cat >"$tmp/randstruct.config" <<'EOF'
CONFIG_GCC_PLUGINS=y
CONFIG_RANDSTRUCT_FULL=y
CONFIG_GCC_PLUGIN_RANDSTRUCT=y
EOF
kmake -s -C "$GIT" O="$out" tinyconfig >/dev/null 2>&1 ||
	bail "make tinyconfig failed on the pristine tree"
"$GIT/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
	"$KIT/boot/kernel.config" "$tmp/randstruct.config" >/dev/null

# build_step: olddefconfig, then the sample; every sample object must have
# been compiled with the plugin.
build_step() {
	local o cmd
	kmake -C "$GIT" O="$out" -j"$JOBS" olddefconfig "${SAMPLE[@]}" \
		>"$tmp/build.log" 2>&1 || return 1
	for o in "${SAMPLE[@]}"; do
		cmd=$out/$(dirname "$o")/.$(basename "$o").cmd
		grep -q 'fplugin=[^ ]*randomize_layout_plugin.so' "$cmd" || {
			echo "$o built without the plugin" >"$tmp/build.log"
			return 1
		}
	done
}

n=0
while read -r patch; do
	n=$((n + 1))
	subject=$(sed -n '/^Subject: /{s/^Subject: \[PATCH [0-9]*\/[0-9]*\] //;N;s/\n / /;s/\n.*//;p}' \
		"$PATCHES/$patch")
	if ! git -C "$GIT" -c user.name=kit -c user.email=kit@localhost \
		am -q "$PATCHES/$patch" >"$tmp/am.log" 2>&1; then
		diag <"$tmp/am.log"
		not_ok "patch $n ($subject) applies"
		git -C "$GIT" am --abort >/dev/null 2>&1 || true
		continue
	fi
	start=$(date +%s)
	if build_step; then
		echo "patch $n: $(grep -c '^  CC ' "$tmp/build.log") objects compiled in $(($(date +%s) - start))s" | diag
		ok "after patch $n ($subject) the plugin and ${#SAMPLE[@]} objects build, with the plugin"
	else
		tail -n 15 "$tmp/build.log" | diag
		not_ok "after patch $n ($subject) the plugin and ${#SAMPLE[@]} objects build, with the plugin"
	fi
done < <(grep '\.patch$' "$PATCHES/series")

done_testing
