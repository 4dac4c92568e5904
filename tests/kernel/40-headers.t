#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bindeb-pkg ships the seed, the seed header and the plugin in
# linux-headers, and a module built with "make M=" against the unpacked
# headers gets kernel A's vermagic (it is loaded in 50-boot.t).  Of the
# package's files only scripts/basic/randstruct.seed holds the seed's text.
# As dpkg installs them: the seed-bearing files of linux-headers are
# root-only, and so are the image, System.map, the modules and the debug
# package's files (CONFIG_RANDSTRUCT_PRIVATE_FILES); the package files
# are mode 0600; the audit finds nothing in the installed set; and make
# M= as uid 65534 stops with the kit's message naming the seed.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 18

ensure_build A "$SEED_A"
out=$(out_dir A)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seedfiles='/scripts/(basic/randstruct\.seed|gcc-plugins/randomize_layout_(seed\.h|plugin\.so))$'

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
# The seed in any form: hex text (either case), the seed header's byte
# list, the 32 raw bytes.
holders=$(seed_holders "$SEED_A" "$root" | sed "s|^$root/||" | sort | tr '\n' ' ')
echo "files of the package holding the seed in any form: $holders" | diag
others=$(seed_holders "$SEED_A" "$root" | grep -v -E "$seedfiles|/scripts/gcc-plugins/randstruct/[^/]*\.o$")
check "the seed in any form is only in the seed, its header, the plugin (and its objects)" \
	test -n "$hdr" -a -z "$others" -a -n "$(echo "$holders" | grep randstruct.seed)"

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


# File modes inside the packages, as dpkg-deb lists them.
image=$(find "$KDIR" -maxdepth 1 -name 'linux-image-*.deb' ! -name '*-dbg_*' | head -n1)
dbg=$(find "$KDIR" -maxdepth 1 -name 'linux-image-*-dbg_*.deb' | head -n1)
deb_entries "$deb" "$seedfiles" | diag
check "linux-headers ships the seed, its header and the plugin root-only" \
	test "$(deb_entries "$deb" "$seedfiles" | grep -c '^-rw[-x]------ root/root ')" = 3
check "... and no plugin object readable by others" \
	test -z "$(deb_entries "$deb" '/scripts/gcc-plugins/randstruct/.*\.o$' | open_entries)"
imgfiles='^\./(boot/(vmlinuz|System\.map)-|lib/modules/.*\.ko)'
deb_entries "$image" "$imgfiles" | diag
check "linux-image ships the image, System.map and $(deb_entries "$image" '\.ko$' | wc -l) module(s), none readable by others" \
	test "$(deb_entries "$image" "$imgfiles" | wc -l)" -ge 3 -a \
	-z "$(deb_entries "$image" "$imgfiles" | open_entries)"
check "linux-image-dbg ships $(deb_entries "$dbg" '^\./usr/lib/debug/' | wc -l) files, none readable by others" \
	test "$(deb_entries "$dbg" '^\./usr/lib/debug/' | wc -l)" -ge 2 -a \
	-z "$(deb_entries "$dbg" '^\./usr/lib/debug/' | open_entries)"
stat -c '%a %n' "$deb" "$image" "$dbg" | sed "s|$KDIR/||" | diag
check "the package files themselves are mode 600" \
	test "$(stat -c %a "$deb" "$image" "$dbg" | sort -u)" = 600

# Installed as dpkg installs them (as root, modes and owners kept).
inst=$KDIR/installed-root
rm -rf "$inst"
mkdir -p "$inst"
for p in "$deb" "$image" "$dbg"; do
	dpkg-deb -x "$p" "$inst"
done
check "no file of linux-image or linux-image-dbg holds the seed in any form" \
	test -z "$(seed_holders "$SEED_A" "$inst" | grep -v "^$inst/usr/src/")"
rc=0
"$SRC/scripts/randstruct-exposure" root "$inst" >"$tmp/audit.log" 2>&1 || rc=$?
tail -3 "$tmp/audit.log" | diag
check "randstruct-exposure root finds nothing readable by others in the installed packages" \
	test "$rc" = 0

# Another user builds against the installed headers: the kit's message.
pub=$(mktemp -d /tmp/rs-headers.XXXXXX)
chmod 755 "$pub"
dpkg-deb -x "$deb" "$pub"
nobody_mod=$pub/mod
mkdir "$nobody_mod"
cp "$KIT/boot/rsmod/rsmod.c" "$KIT/boot/rsmod/Kbuild" "$nobody_mod/"
chown -R 65534:65534 "$nobody_mod"
pubhdr=$(find "$pub/usr/src" -maxdepth 1 -name 'linux-headers-*' -type d | head -n1)
rc=0
setpriv --reuid=65534 --regid=65534 --clear-groups \
	make -C "$pubhdr" M="$nobody_mod" modules >"$tmp/nobody.log" 2>&1 || rc=$?
tail -3 "$tmp/nobody.log" | diag
check "make M= as uid 65534 against the installed headers fails" \
	test "$rc" != 0 -a ! -e "$nobody_mod/rsmod.ko"
check "... with the kit's message naming the unreadable seed" \
	grep -q "randstruct: $pubhdr/scripts/basic/randstruct.seed is not readable by uid 65534" "$tmp/nobody.log"
rm -rf "$pub"

done_testing
