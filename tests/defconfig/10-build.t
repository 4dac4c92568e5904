#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build x86_64 defconfig + the plugin + DWARF 5 + BTF (bzImage and
# modules) with seed A: no error, no internal compiler error, no
# randstruct warning under the kit's policy, BTF in vmlinux and in every
# module.  The numbers go into tests/defconfig/RESULTS-defconfig.md.

# shellcheck source=tests/defconfig/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/defconfig/lib.sh missing"; exit 1; }

plan 6

start=$(date +%s)
ensure_build A "$SEED_A"
out=$(out_dir A)
log=$out/build.log
compiled=$(grep -c '^  CC ' "$log")
echo "defconfig: ready after $(($(date +%s) - start))s, $compiled objects compiled in this run" | diag
grep '^  DONE ' "$log" | diag
echo "defconfig: $(plugin_objects "$out" | wc -l) C objects compiled with the plugin" | diag

check "bzImage and vmlinux built" \
	test -s "$out/arch/x86/boot/bzImage" -a -s "$out/vmlinux"
errors=$(grep -c -E '(error|Error):' "$log")
check "no error in the build log ($errors)" test "$errors" = 0
ices=$(grep -c 'internal compiler error' "$log")
check "no internal compiler error ($ices)" test "$ices" = 0
warnings=$(grep -c 'warning: randstruct' "$log")
echo "defconfig: $warnings randstruct warnings in $compiled compiled objects" | diag
grep 'warning: randstruct' "$log" | sort | uniq -c | sort -rn | head -20 | diag
if [ "$compiled" -gt 1000 ]; then
	check "no randstruct warning under the kit's policy ($warnings)" \
		test "$warnings" = 0
else
	ok "randstruct warnings # skip build was cached ($compiled objects compiled)"
fi
has_btf() {
	readelf -S -W "$1" | grep -q ' \.BTF '
}
check "vmlinux carries BTF (.BTF section)" has_btf "$out/vmlinux"
mapfile -t kos < <(find "$out" -name '*.ko' ! -path '*/rsmod/*' ! -path "$out/debian/*")
with=0
for ko in "${kos[@]}"; do
	has_btf "$ko" && with=$((with + 1))
done
check "every module carries BTF ($with of ${#kos[@]})" \
	test "${#kos[@]}" -gt 0 -a "$with" = "${#kos[@]}"

done_testing
