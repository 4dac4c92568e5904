#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUT.cpio [--extra DIR] [MODULE.ko...]
#
# Build an uncompressed newc initramfs with busybox-static, the static smoke
# test (boot/smoke.c) as /smoke, boot/init.sh as /init, and the given kernel
# modules in /modules (loaded by /init in name order; a module given as
# FILE.ko=NAME.ko is stored under NAME.ko).  --extra DIR copies DIR to
# /extra; /init runs /extra/run.sh, if there is one, after the modules.
#
# BUSYBOX (default /bin/busybox) and CC (default gcc) in the environment
# pick another architecture's static busybox and compiler for the smoke
# test (randstruct-kernel does for KERNEL_ARCH=arm64).

set -eu

die() {
	echo "mkinitramfs.sh: $*" >&2
	exit 1
}

[ $# -ge 1 ] || die "usage: mkinitramfs.sh OUT.cpio [--extra DIR] [MODULE.ko...]"
out=$1
shift
extra=
if [ "${1:-}" = --extra ]; then
	if [ $# -lt 2 ] || [ ! -d "$2" ]; then
		die "--extra needs a directory"
	fi
	extra=$2
	shift 2
fi

here=$(cd "$(dirname "$0")" && pwd)
busybox=${BUSYBOX:-/bin/busybox}
[ -x "$busybox" ] || die "$busybox missing (apt-get install busybox-static)"
ldd "$busybox" 2>&1 | grep -q 'not a dynamic' ||
	die "$busybox is not statically linked (install busybox-static)"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# The initramfs's / (and everything in it) is open to every user: the
# secrecy test runs programs as uid 65534 there.
chmod 755 "$stage"

mkdir -p "$stage/bin" "$stage/proc" "$stage/sys" "$stage/dev" "$stage/modules"
cp "$busybox" "$stage/bin/busybox"
for app in sh mount cat echo uname insmod rmmod reboot dmesg sleep sed wc grep ls; do
	ln -s busybox "$stage/bin/$app"
done
${CC:-gcc} -static -O2 -Wall -Wextra -o "$stage/smoke" "$here/smoke.c" ||
	die "cannot build the static smoke test (is libc6-dev installed?)"
cp "$here/init.sh" "$stage/init"
chmod 755 "$stage/init" "$stage/smoke"
for arg in "$@"; do
	ko=${arg%%=*}
	name=${arg#*=}
	[ "$name" != "$arg" ] || name=${ko##*/}
	[ -f "$ko" ] || die "module $ko not found"
	cp "$ko" "$stage/modules/$name"
done
[ -z "$extra" ] || cp -R "$extra" "$stage/extra"

outdir=$(dirname "$out")
mkdir -p "$outdir"
out=$(cd "$outdir" && pwd)/$(basename "$out")
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --owner=0:0 --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
