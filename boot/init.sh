#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the randstruct test initramfs: run the smoke test, load the test
# modules found in /modules, run /extra/run.sh if the test supplied one,
# print one marker line per step, power off.

mount -t proc proc /proc
mount -t sysfs sysfs /sys
echo "RANDSTRUCT-BOOT: init running on $(uname -r)"
echo "RANDSTRUCT-BOOT: cmdline $(cat /proc/cmdline)"

/smoke

if [ -r /sys/kernel/btf/vmlinux ]; then
	echo "RANDSTRUCT-BTF: /sys/kernel/btf/vmlinux $(wc -c </sys/kernel/btf/vmlinux) bytes"
else
	echo "RANDSTRUCT-BTF: none"
fi

for ko in /modules/*.ko; do
	[ -e "$ko" ] || continue
	name=${ko##*/}
	if insmod "$ko"; then
		echo "RANDSTRUCT-INSMOD: $name loaded"
		mod=$(sed -n '1s/ .*//p' /proc/modules)
		rmmod "$mod" || echo "RANDSTRUCT-INSMOD: $name rmmod failed"
	else
		echo "RANDSTRUCT-INSMOD: $name refused"
	fi
done

[ ! -x /extra/run.sh ] || /extra/run.sh

echo "RANDSTRUCT-BOOT: done"
reboot -f
