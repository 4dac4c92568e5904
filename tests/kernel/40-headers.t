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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

deb=$(ensure_headers_deb A)
check "make bindeb-pkg produced a linux-headers package" test -n "$deb"

root=$KDIR/headers-root
rm -rf "$root"
mkdir -p "$root"
[ -n "$deb" ] && dpkg-deb -x "$deb" "$root"
hdr=$(find "$root/usr/src" -maxdepth 1 -name 'linux-headers-*' -type d 2>/dev/null | head -n1)
check_devel_tree "$root" "$hdr" linux-headers
check_devel_module "$hdr" "$KDIR/rsmod-headers" linux-headers "$SEED_A"

# File modes inside the packages, as dpkg-deb lists them.
image=$(find "$KDIR" -maxdepth 1 -name 'linux-image-*.deb' ! -name '*-dbg_*' | head -n1)
dbg=$(find "$KDIR" -maxdepth 1 -name 'linux-image-*-dbg_*.deb' | head -n1)
check_seed_modes deb_entries "$deb" linux-headers
check_image_modes deb_entries "$image" linux-image
check "linux-headers ships no plugin object readable by others" \
	test -z "$(deb_entries "$deb" '/scripts/gcc-plugins/randstruct/.*\.o$' | open_entries)"
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
