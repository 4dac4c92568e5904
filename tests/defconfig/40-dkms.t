#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree modules the way users build them: the defconfig kernel's
# linux-headers package (make bindeb-pkg) installed with dpkg, Debian's
# dkms builds two real modules from Debian's archive against it (LiME and
# lttng-modules, which reads task_struct and friends in its state dump;
# tests/defconfig/fetch-dkms-debs says which suites and why), with the
# plugin and seed the headers package carries, and they load and run in
# the booted kernel.  The packages are removed again at the end (dkms,
# from sid, stays installed).

# shellcheck source=tests/defconfig/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/defconfig/lib.sh missing"; exit 1; }

plan 14

[ "$(id -u)" = 0 ] || bail "dpkg -i and dkms need root"
ensure_build A "$SEED_A"
out=$(out_dir A)
rel=$(cat "$out/include/config/kernel.release")
work=$KDIR/dkms
log=$out/dkms-console.log
rm -rf "$work/extra"
mkdir -p "$work/extra"

deb=$(ensure_headers_deb A -Ppkg.linux-upstream.nokerneldbg)
check "make bindeb-pkg produced linux-headers-$rel" test -n "$deb"

mapfile -t debs < <("$KIT/tests/defconfig/fetch-dkms-debs" "$work/debs")
[ "${#debs[@]}" = 3 ] || bail "cannot download dkms and the DKMS packages"
echo "from Debian's archive: ${debs[*]##*/}" | diag
dpkg -i "${debs[0]}" >"$work/dkms-install.log" 2>&1 ||
	bail "cannot install dkms: $(tail -1 "$work/dkms-install.log")"
debs=("${debs[@]:1}")

packages=(lime-forensics-dkms lttng-modules-dkms "linux-headers-$rel")
purge() {
	dpkg --purge "${packages[@]}" >"$work/purge.log" 2>&1 ||
		tail -5 "$work/purge.log" | diag
}
purge
trap purge EXIT
# The headers first, then the DKMS packages, whose postinst builds them for
# the newest kernel with headers, as on a distribution's machine (and if
# that was not $rel, dkms builds them for $rel).  KBUILD_VERBOSE=1 reaches
# kbuild through dpkg and dkms: make.log shows every compiler command line.
# x86_64_defconfig sets CONFIG_WERROR, which kbuild applies to external
# modules too, and both packages have warnings that 6.12's default
# -Wmissing-prototypes reports with or without the kit; distribution
# kernels are built without WERROR.  KCFLAGS=-Wno-error gives external
# modules that setting back; the plugin's own diagnostics are counted.
export KBUILD_VERBOSE=1 KCFLAGS=-Wno-error
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || tail -5 "$work/dpkg.log" | diag
dpkg -i "${debs[@]}" >>"$work/dpkg.log" 2>&1 || tail -5 "$work/dpkg.log" | diag
for name in lime-forensics lttng-modules; do
	# dkms's version of the package: its source directory's suffix.
	version=$(find /usr/src -maxdepth 1 -type d -name "$name-[0-9]*" | head -n1)
	version=${version##*/"$name"-}
	installed() {
		dkms status -k "$rel" "$name/$version" | grep -q ': installed'
	}
	installed || { dkms build --force -m "$name" -v "$version" -k "$rel" &&
		dkms install --force -m "$name" -v "$version" -k "$rel"; } \
		>>"$work/dkms.log" 2>&1 || tail -20 "$work/dkms.log" | diag
	check "dkms built and installed $name $version for $rel" installed
	# dkms keeps make.log under $rel when the build worked, in build/ if not.
	makelog=$work/$name-make.log
	cat /var/lib/dkms/"$name/$version/$rel"/x86_64/log/make.log >"$makelog" 2>/dev/null ||
		cat /var/lib/dkms/"$name/$version"/build/make.log >"$makelog" 2>/dev/null
	grep -E '(error|warning):' "$makelog" | head -10 | diag
	compiles=$(grep -E -c ' -c -o [^ ]+\.o [^ ]+\.c( |;|$)' "$makelog" 2>/dev/null)
	with=$(grep -E ' -c -o [^ ]+\.o [^ ]+\.c( |;|$)' "$makelog" 2>/dev/null |
		grep -c -- '-fplugin=[^ ]*/randomize_layout_plugin\.so')
	echo "$name: $with of $compiles C objects compiled with the plugin" | diag
	check "every $name object was compiled with linux-headers' plugin" \
		test "${compiles:-0}" -gt 0 -a "$with" = "$compiles"
	diags=$(grep -c -E '(warning|error): randstruct' "$makelog")
	check "no randstruct diagnostic building $name ($diags)" test "$diags" = 0
done
unset KBUILD_VERBOSE KCFLAGS
dkms status -k "$rel" | diag

mapfile -t kos < <(find /var/lib/dkms/lime-forensics /var/lib/dkms/lttng-modules \
	-path "*/$rel/*" -name '*.ko' | sort)
vm_tree=$(modinfo -F vermagic "$(ensure_module A)")
same=0
for ko in "${kos[@]}"; do
	[ "$(modinfo -F vermagic "$ko")" = "$vm_tree" ] && same=$((same + 1))
	cp "$ko" "$work/extra/"
done
check "all ${#kos[@]} dkms modules carry kernel A's vermagic ($same)" \
	test "${#kos[@]}" -gt 1 -a "$same" = "${#kos[@]}"

# Load order: a module after the modules it depends on.
order=()
left=("${kos[@]##*/}")
while [ "${#left[@]}" -gt 0 ]; do
	next=()
	for ko in "${left[@]}"; do
		ready=1
		for dep in $(modinfo -F depends "$work/extra/$ko" | tr , ' '); do
			printf '%s\n' "${order[@]}" | grep -qx "$dep.ko" || ready=0
		done
		if [ "$ready" = 1 ]; then order+=("$ko"); else next+=("$ko"); fi
	done
	[ "${#next[@]}" -lt "${#left[@]}" ] || bail "circular dependencies: ${next[*]}"
	left=("${next[@]}")
done
printf '%s\n' "${order[@]}" >"$work/extra/order"

lttng_src=$(find /usr/src -maxdepth 1 -name 'lttng-modules-*' -type d | head -n1)
gcc -static -O2 -Wall -Wextra -I"$lttng_src/include" -o "$work/extra/lttng-statedump" \
	"$KIT/tests/defconfig/lttng-statedump.c" || bail "cannot build lttng-statedump"
cat >"$work/extra/run.sh" <<'EOF'
#!/bin/sh
# LiME dumps the guest's memory to /dev/null; the rest take no arguments.
cd /extra || exit 1
for ko in $(cat order); do
	args=
	[ "$ko" != lime.ko ] || args="path=/dev/null format=lime"
	# shellcheck disable=SC2086 # no arguments or one per word
	if insmod "./$ko" $args; then
		echo "RANDSTRUCT-DKMS: $ko loaded"
	else
		echo "RANDSTRUCT-DKMS: $ko refused"
	fi
done
./lttng-statedump
echo "RANDSTRUCT-DKMS: $(grep -c . /proc/modules) modules live"
EOF
chmod +x "$work/extra/run.sh"
"$KIT/boot/mkinitramfs.sh" "$out/dkms-initramfs.cpio" --extra "$work/extra" ||
	bail "cannot build the initramfs"
rc=0
"$KIT/boot/run-qemu.sh" "$out/arch/x86/boot/bzImage" "$out/dkms-initramfs.cpio" \
	"$log" 900 || rc=$?
grep -E '^RANDSTRUCT-(DKMS|LTTNG)' "$log" | diag

check "the kernel boots and powers off" test "$rc" = 0
loaded=$(grep -c '^RANDSTRUCT-DKMS: .* loaded$' "$log")
check "all ${#order[@]} dkms modules load ($loaded)" \
	test "$loaded" -gt 1 -a "$loaded" = "${#order[@]}"
check "LiME loaded and dumped memory" grep -qx 'RANDSTRUCT-DKMS: lime.ko loaded' "$log"
check "LTTng's state dump walked every task" grep -qx 'RANDSTRUCT-LTTNG: statedump done' "$log"
check "no oops, BUG or panic" \
	test -z "$(grep -E 'Oops|BUG:|Kernel panic|general protection' "$log")"
check "no module refused for its version magic" \
	test -z "$(grep -E 'version magic|disagrees about version' "$log")"

done_testing
