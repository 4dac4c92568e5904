#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bindeb-pkg ships the seed, the seed header and the plugin in
# linux-headers, and a module built with "make M=" against the unpacked
# headers gets kernel A's vermagic (it is loaded in 50-boot.t).  Of the
# package's files only scripts/basic/randstruct.seed holds the seed's text.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 8

ensure_build A "$SEED_A"
out=$(out_dir A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

deb=$(ensure_headers_deb A)
check "make bindeb-pkg produced a linux-headers package" test -n "$deb"

root=$KDIR/headers-root
rm -rf "$root"
mkdir -p "$root"
[ -n "$deb" ] && dpkg-deb -x "$deb" "$root"
hdr=$(find "$root/usr/src" -maxdepth 1 -name 'linux-headers-*' -type d 2>/dev/null | head -n1)
check "linux-headers carries scripts/basic/randstruct.seed equal to seed A" \
	test -n "$hdr" -a "$(cat "$hdr/scripts/basic/randstruct.seed" 2>/dev/null)" = "$SEED_A"
check "linux-headers carries the plugin, its seed header and its build header" \
	test -s "$hdr/scripts/gcc-plugins/randomize_layout_plugin.so" -a \
	-s "$hdr/scripts/gcc-plugins/randomize_layout_seed.h" -a \
	-s "$hdr/scripts/gcc-plugins/randstruct_build.h"
check "linux-headers carries randstruct_hash.h with seed A's hash" \
	grep -q "$(seed_hash "$SEED_A")" "$hdr/include/generated/randstruct_hash.h"
upper=$(echo "$SEED_A" | tr a-f A-F)
holders=$(grep -r -l -a -i -F -e "$SEED_A" -e "$upper" "$root" 2>/dev/null |
	sed "s|^$root/||")
echo "files of the package holding the seed's text: $holders" | diag
check "the seed's text is only in the package's scripts/basic/randstruct.seed" \
	test -n "$hdr" -a "$holders" = "${hdr#"$root"/}/scripts/basic/randstruct.seed"

mod=$KDIR/rsmod-headers
rm -rf "$mod"
mkdir -p "$mod"
cp "$KIT/boot/rsmod/rsmod.c" "$KIT/boot/rsmod/Kbuild" "$mod/"
if make -C "$hdr" M="$mod" modules >"$mod/build.log" 2>&1; then
	ok "make M= against the unpacked linux-headers builds rsmod.ko"
else
	tail -20 "$mod/build.log" | diag
	not_ok "make M= against the unpacked linux-headers builds rsmod.ko"
fi
check "the headers build used the randstruct plugin" \
	grep -q 'randomize_layout_plugin.so' "$mod/.rsmod.o.cmd"
intree=$(ensure_module A)
vm_hdr=$(modinfo -F vermagic "$mod/rsmod.ko" 2>/dev/null)
vm_tree=$(modinfo -F vermagic "$intree" 2>/dev/null)
echo "vermagic: $vm_hdr" | diag
check "its vermagic equals the in-tree module's and names seed A's layout id" \
	test -n "$vm_hdr" -a "$vm_hdr" = "$vm_tree" -a \
	-n "$(echo "$vm_hdr" | grep "RANDSTRUCT_$(vermagic_id "$SEED_A" "$(layout_version)")")"

done_testing
