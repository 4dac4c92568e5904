#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot kernels A and B in qemu (TCG).  The initramfs runs the smoke test
# (fork, exec, signals, sigprocmask/sigsuspend/pselect round trips through
# task_struct's blocked and saved_sigmask, /proc/self/status) and loads test
# modules: built against A (in-tree, from linux-headers and from
# kernel-devel) they load into A and read the right task_struct fields;
# built against B (its build tree or kernel-devel tree), or with A's seed
# by a plugin of another layout version, in performance mode or with
# another policy, they are refused by A with a vermagic error naming both
# layout ids.  Built against A with -std=gnu99 in its Kbuild, the module
# loads and finds the fields where A's own objects have them.

# shellcheck source=tests/kernel/lib.sh
. "$(dirname "$0")/lib.sh" || { echo "Bail out! tests/kernel/lib.sh missing"; exit 1; }

# The module from the linux-headers package, where the tier builds one
# (40-headers.t beside this test; the arm64 tier has none).
headers=0
[ -e "$(dirname "$0")/40-headers.t" ] && headers=1
# The modules from kernel A's kernel-devel rpm and kernel B's kernel-devel
# tree (42-rpm.t beside this test; B's where the tier has kernel B).
# 6.1's binrpm-pkg makes no kernel-devel package.
rpm=0 rpm_b=0
[ -e "$(dirname "$0")/42-rpm.t" ] && [ "$LTS" != 6.1 ] && rpm=1
[ "$rpm" = 1 ] && has_kernel B && rpm_b=1
# shellcheck disable=SC2086 # one word per kernel
plan $((5 * $(echo $KERNELS | wc -w) + 14 + headers + rpm + rpm_b +
	$(has_kernel B && echo 1 || echo 0)))

ensure_build A "$SEED_A"
ko_a=$(ensure_module A)
if has_kernel B; then
	ensure_build B "$SEED_B"
	ko_b=$(ensure_module B)
else
	ko_b=$(ensure_other_module B "$SEED_B")
fi
ko_v=$(ensure_version_module)
ko_perf=$(ensure_other_module perf "$SEED_A" performance)
ko_pol=$(ensure_other_module policy "$SEED_A" policy)
ko_c99=$(ensure_dialect_module gnu99)
ko_hdr=$KDIR/rsmod-headers/rsmod.ko
mods_a=("$ko_a=1-rsmod-A.ko" "$ko_b=2-rsmod-B.ko" "$ko_v=4-rsmod-nextver.ko"
	"$ko_perf=5-rsmod-perf.ko" "$ko_pol=6-rsmod-policy.ko"
	"$ko_c99=7-rsmod-gnu99.ko")
[ -f "$ko_hdr" ] && mods_a+=("$ko_hdr=3-rsmod-headers.ko")
ko_rpm=$KDIR/rsmod-rpm/rsmod.ko
ko_rpm_b=$KDIR/rsmod-rpm-B/rsmod.ko
[ -f "$ko_rpm" ] && mods_a+=("$ko_rpm=8-rsmod-rpm.ko")
[ -f "$ko_rpm_b" ] && mods_a+=("$ko_rpm_b=9-rsmod-rpm-B.ko")

boot() {
	local k=$1 out
	shift
	out=$(out_dir "$k")
	"$KIT/scripts/randstruct-kernel" initramfs "$out/test-initramfs.cpio" "$@" ||
		bail "cannot build the initramfs for $k"
	local start rc=0
	start=$(date +%s)
	"$KIT/boot/run-qemu.sh" "$out/$IMAGE" \
		"$out/test-initramfs.cpio" "$out/test-console.log" 300 || rc=$?
	echo "kernel $k booted and powered off in $(($(date +%s) - start))s" | diag
	grep -E '^(RANDSTRUCT|rsmod)' "$out/test-console.log" | diag
	return $rc
}

for k in $KERNELS; do
	out=$(out_dir "$k")
	if [ "$k" = A ]; then
		boot A "${mods_a[@]}"
	else
		boot B "$ko_b=1-rsmod-B.ko"
	fi
	rc=$?
	log=$out/test-console.log
	check "kernel $k boots to the initramfs and powers off" test "$rc" = 0
	check "kernel $k: console shows RANDSTRUCT-SMOKE: PASS" \
		grep -qx 'RANDSTRUCT-SMOKE: PASS' "$log"
	check "kernel $k: no smoke check failed" \
		test -z "$(grep '^smoke: FAIL' "$log")"
	check "kernel $k: no oops, BUG or panic" \
		test -z "$(grep -E 'Oops|BUG:|Kernel panic|general protection' "$log")"
	kunit_verdict "$log" | diag
	check "kernel $k: KUnit suite randstruct ok at boot, all $(kunit_cases) cases ok, none skipped" \
		test "$(kunit_verdict "$log")" = "suite ok, $(kunit_cases) ok, 0 not ok, 0 skipped"
done

log_a=$(out_dir A)/test-console.log
log_b=$(out_dir B)/test-console.log
check "module built against A loads into A" \
	grep -qx 'RANDSTRUCT-INSMOD: 1-rsmod-A.ko loaded' "$log_a"
check "and reads A's task_struct correctly (comm=insmod)" \
	grep -q '^rsmod: loaded comm=insmod pid=[1-9]' "$log_a"
# offsets_vs_pahole LINE: compare each "struct.member=offset" of an
# "rsmod: offsets" LINE, where the module found those fields in A's
# running objects, with pahole on A's vmlinux; "BAD of N differ".
offsets_vs_pahole() {
	local field what off n=0 bad=0
	for field in $1; do
		what=${field%%=*}
		n=$((n + 1))
		off=$(pahole_offset A "${what%%.*}" "${what#*.}")
		echo "${what}: ${field#*=} in the booted kernel, ${off:-?} in pahole" | diag >&2
		[ "$off" = "${field#*=}" ] || bad=$((bad + 1))
	done
	[ "$n" = 8 ] || bad=$((bad + 8 - n))
	echo "$bad of $n differ"
}
# module_offsets STDC: the offsets line of the module loaded as C STDC.
module_offsets() {
	sed 's/^\[ *[0-9.]*\] //' "$log_a" | awk -v stdc="$1" '
		/^rsmod: loaded / { mine = ($NF == "stdc=" stdc) }
		mine && sub(/^rsmod: offsets /, "") { print; exit }'
}
differ=$(offsets_vs_pahole "$(sed -n 's/^rsmod: offsets //p' "$log_a" | head -n1)")
check "the offsets of task_struct and cred members read in the booted kernel equal pahole's ($differ)" \
	test "${differ%% *}" = 0
check "module built against A with -std=gnu99 loads into A" \
	grep -qx 'RANDSTRUCT-INSMOD: 7-rsmod-gnu99.ko loaded' "$log_a"
check "and was compiled as C99 (stdc=199901)" \
	grep -q '^rsmod: loaded comm=insmod .* stdc=199901$' "$log_a"
differ=$(offsets_vs_pahole "$(module_offsets 199901)")
check "the gnu99 module reads A's task_struct and cred members where pahole has them ($differ)" \
	test "${differ%% *}" = 0
check "module built against B is refused by A" \
	grep -qx 'RANDSTRUCT-INSMOD: 2-rsmod-B.ko refused' "$log_a"
ver=$(layout_version)
check "A's console shows the vermagic error naming both seeds' layout ids" \
	grep -q "version magic '.*RANDSTRUCT_$(vermagic_id "$SEED_B" "$ver")' should be '.*RANDSTRUCT_$(vermagic_id "$SEED_A" "$ver")'" "$log_a"
check "module built with A's seed by layout version $((ver + 1)) is refused by A" \
	grep -qx 'RANDSTRUCT-INSMOD: 4-rsmod-nextver.ko refused' "$log_a"
check "A's console names both layout versions (v$((ver + 1)) should be v$ver)" \
	grep -q "version magic '.*RANDSTRUCT_$(vermagic_id "$SEED_A" $((ver + 1)))' should be '.*RANDSTRUCT_$(vermagic_id "$SEED_A" "$ver")'" "$log_a"
id_a=$(vermagic_id "$SEED_A" "$ver")
check "module built with A's seed and release in performance mode is refused by A" \
	grep -qx 'RANDSTRUCT-INSMOD: 5-rsmod-perf.ko refused' "$log_a"
check "A's console names both layout ids (performance should be full)" \
	grep -q "version magic '.*RANDSTRUCT_$(vermagic_id "$SEED_A" "$ver" performance)' should be '.*RANDSTRUCT_${id_a}'" "$log_a"
check "module built with A's seed and release and another policy is refused by A" \
	grep -qx 'RANDSTRUCT-INSMOD: 6-rsmod-policy.ko refused' "$log_a"
check "A's console names both layout ids (the other policy's should be A's)" \
	grep -q "version magic '.*RANDSTRUCT_$(vermagic_id "$SEED_A" "$ver" full \
		"$KDIR/linux-policy/scripts/gcc-plugins/randstruct.policy")' should be '.*RANDSTRUCT_${id_a}'" "$log_a"
if [ "$headers" = 1 ] && [ -f "$ko_hdr" ]; then
	check "module built against the bindeb-pkg headers loads into A" \
		grep -qx 'RANDSTRUCT-INSMOD: 3-rsmod-headers.ko loaded' "$log_a"
elif [ "$headers" = 1 ]; then
	not_ok "module built against the bindeb-pkg headers loads into A (40-headers.t did not build it)"
fi
if [ "$rpm" = 1 ]; then
	if [ -f "$ko_rpm" ]; then
		check "module built against the binrpm-pkg kernel-devel loads into A" \
			grep -qx 'RANDSTRUCT-INSMOD: 8-rsmod-rpm.ko loaded' "$log_a"
	else
		not_ok "module built against the binrpm-pkg kernel-devel loads into A (42-rpm.t did not build it)"
	fi
fi
if [ "$rpm_b" = 1 ]; then
	if [ -f "$ko_rpm_b" ]; then
		check "module built against B's kernel-devel tree is refused by A" \
			grep -qx 'RANDSTRUCT-INSMOD: 9-rsmod-rpm-B.ko refused' "$log_a"
	else
		not_ok "module built against B's kernel-devel tree is refused by A (42-rpm.t did not build it)"
	fi
fi
if has_kernel B; then
	check "module built against B loads into B" \
		grep -qx 'RANDSTRUCT-INSMOD: 1-rsmod-B.ko loaded' "$log_b"
fi

done_testing
