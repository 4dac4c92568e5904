#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The running kernel keeps its layouts to root (CONFIG_RANDSTRUCT_PRIVATE_BTF):
# kernel A boots with an initramfs that loads the in-tree module
# crc-itu-t.ko, then checks, as root and as uid 65534 (boot/asuser.c):
# /sys/kernel/btf/vmlinux and the module's BTF file are mode 0400, root
# reads them and bpftool dumps struct cred from them with the offsets pahole
# finds in vmlinux, uid 65534 gets EACCES, and scripts/randstruct-exposure
# system finds nothing, as root and as uid 65534.  With the BTF file opened
# up (chmod 0444 by root), the audit run by uid 65534 names it and fails.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

plan 12

ensure_build A "$SEED_A"
out=$(out_dir A)
extra=$(mktemp -d)
trap 'rm -rf "$extra"' EXIT
chmod 755 "$extra"

# The initramfs's /extra: the audit, the privilege dropper, the module,
# bpftool with its libraries (run through the dynamic loader) and run.sh.
cp "$SRC/scripts/randstruct-exposure" "$out/lib/crc-itu-t.ko" "$extra/"
gcc -static -O2 -Wall -o "$extra/asuser" "$KIT/boot/asuser.c" ||
	bail "cannot build boot/asuser.c statically"
mkdir -p "$extra/lib"
cp /usr/sbin/bpftool "$extra/"
ldd /usr/sbin/bpftool | awk '$2 == "=>" { print $3 } $1 ~ /^\/.*ld-linux/ { print $1 }' |
	while read -r lib; do cp -L "$lib" "$extra/lib/"; done
cat >"$extra/run.sh" <<'EOF'
#!/bin/sh
# Run by /init as root (tests/kernel/75-exposure.t).
/bin/busybox mkdir -p /usr/bin /sbin /usr/sbin /tmp
/bin/busybox --install -s
# No devtmpfs in the test kernel: a /dev/null that every user can write.
rm -f /dev/null
mknod -m 666 /dev/null c 1 3
btf=/sys/kernel/btf/vmlinux
insmod /extra/crc-itu-t.ko || echo "RANDSTRUCT-EXPOSURE: insmod failed"
for f in /sys/kernel/btf/*; do
	echo "RANDSTRUCT-EXPOSURE: mode $(stat -c '%a %u:%g' "$f") $f"
done
echo "RANDSTRUCT-EXPOSURE: root reads $(wc -c <"$btf") bytes of $btf"
/extra/asuser 65534 id -u | sed 's/^/RANDSTRUCT-EXPOSURE: asuser id -u /'
/extra/asuser 65534 cat "$btf" >/dev/null 2>/tmp/err
echo "RANDSTRUCT-EXPOSURE: uid 65534 cat $btf: rc=$? $(cat /tmp/err)"
/extra/asuser 65534 cat /sys/kernel/btf/crc_itu_t >/dev/null 2>/tmp/err
echo "RANDSTRUCT-EXPOSURE: uid 65534 cat crc_itu_t: rc=$? $(cat /tmp/err)"
/extra/lib/ld-linux-x86-64.so.2 --library-path /extra/lib /extra/bpftool \
	btf dump file "$btf" >/tmp/btf.txt 2>/tmp/err
echo "RANDSTRUCT-EXPOSURE: bpftool btf dump file $btf: rc=$? $(wc -l </tmp/btf.txt) lines $(head -c 200 /tmp/err)"
sed -n "/^\[[0-9]*\] STRUCT 'cred' size=/,/^\[/p" /tmp/btf.txt |
	sed '$d' | sed 's/^/RANDSTRUCT-BPFTOOL: /'
for who in root nobody; do
	if [ $who = root ]; then
		sh /extra/randstruct-exposure system >/tmp/audit 2>&1
	else
		/extra/asuser 65534 sh /extra/randstruct-exposure system >/tmp/audit 2>&1
	fi
	echo "RANDSTRUCT-AUDIT-$who: rc=$?"
	sed "s/^/RANDSTRUCT-AUDIT-$who: /" /tmp/audit
done
chmod 0444 "$btf"
/extra/asuser 65534 sh /extra/randstruct-exposure system >/tmp/audit 2>&1
echo "RANDSTRUCT-AUDIT-open: rc=$?"
sed "s/^/RANDSTRUCT-AUDIT-open: /" /tmp/audit
chmod 0400 "$btf"
EOF
chmod 755 "$extra/run.sh" "$extra/randstruct-exposure"

"$KIT/scripts/randstruct-kernel" initramfs "$out/exposure-initramfs.cpio" \
	--extra "$extra" || bail "cannot build the initramfs"
rc=0
"$KIT/boot/run-qemu.sh" "$out/$IMAGE" "$out/exposure-initramfs.cpio" \
	"$out/exposure-console.log" 300 || rc=$?
log=$out/exposure-console.log
grep -E '^RANDSTRUCT-(EXPOSURE|AUDIT)' "$log" | diag
check "kernel A boots with the exposure initramfs and powers off" test "$rc" = 0

mark() {
	sed -n "s/^RANDSTRUCT-$1: //p" "$log"
}
check "/sys/kernel/btf/vmlinux is mode 0400, owned by root" \
	grep -qx 'mode 400 0:0 /sys/kernel/btf/vmlinux' <(mark EXPOSURE)
check "the module's BTF file /sys/kernel/btf/crc_itu_t is mode 0400, owned by root" \
	grep -qx 'mode 400 0:0 /sys/kernel/btf/crc_itu_t' <(mark EXPOSURE)
size=$(mark EXPOSURE | sed -n 's/^root reads \([0-9]*\) bytes.*/\1/p')
check "root reads it (${size:-0} bytes)" test "${size:-0}" -gt 1000
check "asuser really runs as uid 65534" grep -qx 'asuser id -u 65534' <(mark EXPOSURE)
check "uid 65534 gets EACCES on /sys/kernel/btf/vmlinux" \
	grep -q "^uid 65534 cat /sys/kernel/btf/vmlinux: rc=1 .*Permission denied" <(mark EXPOSURE)
check "uid 65534 gets EACCES on the module's BTF" \
	grep -q "^uid 65534 cat crc_itu_t: rc=1 .*Permission denied" <(mark EXPOSURE)
check "bpftool btf dump file /sys/kernel/btf/vmlinux works as root" \
	grep -q '^bpftool btf dump file /sys/kernel/btf/vmlinux: rc=0 [1-9][0-9]* lines' <(mark EXPOSURE)

# struct cred as bpftool read it from the running kernel, against pahole.
n=0
bad=0
while read -r name bits; do
	n=$((n + 1))
	off=$(pahole_offset A cred "$name")
	[ -n "$off" ] && [ $((bits / 8)) = "$off" ] || bad=$((bad + 1))
done < <(mark BPFTOOL | sed -n "s/^[[:space:]]*'\([a-z_0-9]*\)' type_id=[0-9]* bits_offset=\([0-9]*\)$/\1 \2/p")
check "bpftool's struct cred from the booted kernel: $n members, at pahole's offsets ($bad differ)" \
	test "$n" -gt 10 -a "$bad" = 0
# shellcheck disable=SC2317 # called through check
# audit_clean WHO: the audit run by WHO exited 0, said nothing is exposed
# and nothing else.
audit_clean() {
	test "$(mark "AUDIT-$1" | tr '\n' '|')" = \
		"rc=0|randstruct-exposure: nothing exposed in system|"
}
check "randstruct-exposure system run by root finds nothing" audit_clean root
check "randstruct-exposure system run by uid 65534 finds nothing" audit_clean nobody
check "with the BTF file at 0444, uid 65534's audit fails naming it" \
	test -n "$(mark AUDIT-open | grep -x 'rc=1')" -a \
	-n "$(mark AUDIT-open | grep '^exposed: /sys/kernel/btf/vmlinux ')"

done_testing
