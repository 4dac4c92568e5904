#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# x86_64 allmodconfig with the plugin: every C object under the
# directories of tests/allmodconfig/sample.dirs compiled with seed A
# (make -k DIR/ ..., no link): at least 3,000 objects, no error (allmodconfig
# sets CONFIG_WERROR, so this includes every warning), no internal
# compiler error, no randstruct diagnostic under the kit's policy, and
# every object compiled with the plugin.  Positional initializers of
# randomized structures in that code are errors: the series converts them.

# shellcheck source=tests/allmodconfig/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/allmodconfig/lib.sh missing"; exit 1; }

plan 8

out=$(out_dir A)
log=$out/sample.log
lock_builds
ensure_src || bail "cannot prepare the patched source tree"
"$KIT/scripts/randstruct-kernel" config "$SRC" "$out" | diag ||
	bail "configuring allmodconfig failed"
# shellcheck disable=SC2317 # called through check
full_mode_werror() {
	grep -qx CONFIG_GCC_PLUGIN_RANDSTRUCT=y "$out/.config" &&
		grep -qx CONFIG_RANDSTRUCT_FULL=y "$out/.config" &&
		grep -qx CONFIG_WERROR=y "$out/.config"
}
check "allmodconfig selects the plugin in full mode, with CONFIG_WERROR" \
	full_mode_werror
modules=$(grep -c '=m$' "$out/.config")
echo "allmodconfig: $modules options built as modules" | diag
check "it is allmodconfig ($modules options =m)" test "$modules" -gt 3000

mapfile -t dirs < <(grep -v -e '^#' -e '^$' "$KIT/tests/allmodconfig/sample.dirs")
start=$(date +%s)
rc=0
KBUILD_RANDSTRUCT_SEED=$SEED_A make -C "$SRC" O="$out" -k -j"$JOBS" \
	"${dirs[@]}" >"$log" 2>&1 || rc=$?
echo "allmodconfig sample: make ${dirs[*]}: rc $rc after $(($(date +%s) - start))s," \
	"$(grep -c '^  CC ' "$log") objects compiled in this run" | diag

mapfile -t objects < <(find "${dirs[@]/#/$out/}" -name '.*.o.cmd' \
	! -name '.*.mod.o.cmd' 2>/dev/null | sed 's|/\.\([^/]*\)\.cmd$|/\1|')
c_objects=0
with=0
for o in "${objects[@]}"; do
	cmd="${o%/*}/.${o##*/}.cmd"
	grep -E -q '^savedcmd_.* -c -o [^ ]+\.o [^ ]+\.c( |;|$)' "$cmd" || continue
	c_objects=$((c_objects + 1))
	grep -q -- '-fplugin=[^ ]*randomize_layout_plugin' "$cmd" && with=$((with + 1))
done
echo "allmodconfig sample: $c_objects C objects, $with compiled with the plugin" | diag
for d in "${dirs[@]}"; do
	printf '%s %s\n' "$d" "$(find "$out/$d" -name '.*.o.cmd' ! -name '.*.mod.o.cmd' 2>/dev/null | wc -l)"
done | diag

check "at least 3,000 C objects in the sample ($c_objects)" test "$c_objects" -ge 3000
check "every C object of the sample compiled with the plugin ($with)" \
	test "$with" = "$c_objects"
check "make finished without error (rc $rc)" test "$rc" = 0
errors=$(grep -c -E 'error:' "$log")
grep -E 'error:' "$log" | head -20 | diag
check "no error in the log ($errors)" test "$errors" = 0
ices=$(grep -c 'internal compiler error' "$log")
check "no internal compiler error ($ices)" test "$ices" = 0
diags=$(grep -c -E '(warning|error): randstruct' "$log")
grep -E '(warning|error): randstruct' "$log" | sed 's/^[^ ]*: //' | sort | uniq -c |
	sort -rn | head -20 | diag
check "no randstruct diagnostic under the kit's policy ($diags)" test "$diags" = 0

done_testing
