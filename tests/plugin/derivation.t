#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Known-answer tests for the documented derivation: the plugin's C code,
# an independent Python reference (hashlib/hmac) and pinned values agree,
# so a layout can never change silently between kit versions.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 13
here=$(dirname "$0")
REF="python3 $here/../kat/reference.py"
"$GCC" -O2 -I"$here/../../kernel/scripts/gcc-plugins/randstruct" -o "$T/kat" "$here/../kat/kat.c" \
	"$here/../../kernel/scripts/gcc-plugins/randstruct/rs_sha256.c" \
	"$here/../../kernel/scripts/gcc-plugins/randstruct/rs_permutation.c" \
	"$here/../../kernel/scripts/gcc-plugins/randstruct/rs_seed.c"

seed0=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
id0=$($REF identity task 0 pid tgid comm)
check_eq "identity encoding is pinned" \
	"0d00000072616e647374727563742d7631040000007461736b00030000006e030000007069646e04000000746769646e04000000636f6d6d" \
	"$id0"
check_eq "stream and shuffle are pinned" \
	"identity-sha256 535c89095712f1cb0ae44ecefba65f812b3f1b1c9cd0671a180085dec5f88ffb
words 16fc2cd3 9ae117da a4a17283 9ccc850c ec9768e1 fd2f9d29 a70970b9 12e9cbee
shuffle 2 7 9 1 0 8 5 11 4 6 10 3" "$("$T/kat" "$seed0" "$id0" 12)"

# The C implementation equals the Python reference, over identities of
# many lengths (multi-block SHA-256) and shuffle sizes.
agree=0
for i in 1 2 3 4 5 6; do
	seed=$(test_seed "kat$i")
	# shellcheck disable=SC2046
	id=$($REF identity "tag$i" $((i % 2)) $(seq -f "field%g" 1 $((i * 37))))
	n=$((i * i * 9))
	[ "$("$T/kat" "$seed" "$id" "$n")" = "$($REF kat "$seed" "$id" "$n")" ] &&
		agree=$((agree + 1))
done
check_eq "C derivation equals the Python reference (6 cases)" 6 "$agree"

# End to end: the plugin's layout of a struct of alike fields is exactly
# the reference shuffle of its declaration order.
fields="pid tgid prio flags utime stime start_time min_flt maj_flt nvcsw nivcsw real_parent"
{
	echo "struct task {"
	for f in $fields; do echo "	long $f;"; done
	echo "} __attribute__((randomize_layout));"
	echo "struct task t;"
} > "$T/task.c"
for seed in "$seed0" "$(test_seed e2e)"; do
	rm -f "$T/r.jsonl"
	rs_cc "$RS_ARG-seed=$seed" "$RS_ARG-report=$T/r.jsonl" -c "$T/task.c" \
		-o "$T/task.o"
	# shellcheck disable=SC2086
	check_eq "plugin layout equals the reference (seed ${seed:0:8})" \
		"$($REF order "$seed" task $fields) " "$(field_order "$T/r.jsonl" task)"
done
# shellcheck disable=SC2086
check_eq "report identity is the SHA-256 of the encoded identity" \
	"$(python3 -c 'import hashlib,sys; print(hashlib.sha256(bytes.fromhex(sys.argv[1])).hexdigest())' \
	   "$($REF identity task 0 $fields)")" \
	"$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["identity"])' "$T/r.jsonl")"
rm -f "$T/r.jsonl"
rs_cc "$RS_ARG-seed=$seed0" "$RS_ARG-report=$T/r.jsonl" -c "$T/task.c" \
	-o "$T/task.o"
check_eq "plugin layout for the pinned seed is pinned" \
	"prio min_flt tgid nivcsw pid real_parent nvcsw start_time flags utime stime maj_flt " \
	"$(field_order "$T/r.jsonl" task)"

# Mixed sizes: full mode takes the first of 8 orders that fits as it is
# (a shuffle, then its ends kept and the rest shuffled again: a roomy
# structure), else repairs the 8th by first fit (a tight one).  The
# reference implements both independently; 8 seeds each.
cat > "$T/mix.c" <<'C'
struct roomy { char c1; long l1; short s1; int i1; void *p1; char c2; int i2; }
	__attribute__((randomize_layout));
struct tight { long a; int b; char c; char d; short e; long f; int g; int h; }
	__attribute__((randomize_layout));
struct roomy r; struct tight t;
C
# shellcheck disable=SC2034 # read through ${!tag}
roomy="c1:1:1 l1:8:8 s1:2:2 i1:4:4 p1:8:8 c2:1:1 i2:4:4"
# shellcheck disable=SC2034 # read through ${!tag}
tight="a:8:8 b:4:4 c:1:1 d:1:1 e:2:2 f:8:8 g:4:4 h:4:4"
for tag in roomy tight; do
	same=0
	for i in 1 2 3 4 5 6 7 8; do
		seed=$(test_seed "mix$i")
		rm -f "$T/m.jsonl"
		rs_cc "$RS_ARG-seed=$seed" "$RS_ARG-report=$T/m.jsonl" \
			-c "$T/mix.c" -o "$T/mix.o"
		# shellcheck disable=SC2086 # one word per field
		[ "$($REF full "$seed" "$tag" ${!tag}) " = \
		  "$(field_order "$T/m.jsonl" "$tag")" ] && same=$((same + 1))
	done
	check_eq "full mode of struct $tag equals the reference (8 seeds)" 8 "$same"
done

# RS_LAYOUT_VERSION pins every layout of tests/kat/corpus.c, for several
# seeds and both modes.  A change to the derivation that does not bump the
# version fails here; after a deliberate change, bump RS_LAYOUT_VERSION in
# kernel/scripts/gcc-plugins/randstruct/rs_order.h and add the new digest below.
declare -A pinned_layouts=(
	[1]=1098d98d7d84d92bffcad65b4a62f2aa966c8cf91aa39d2745b9420d1731dd64
	[2]=794ea9ed56dc154e634b5e084aee71f76837791adb191264bb3731c97d16ef72
	[3]=f0b09388e6a21f43326dfc9c2a8326eb183f817413d65d3b1d6947a5c8c6ce41
	[4]=ebab21bbd44eb723b186a172c6e9dd7c34a75887434d84e4414bf0a7226374d3
)
version=$(layout_version)
rm -f "$T"/corpus-*.jsonl
for mode in full performance; do
	margs=
	[ "$mode" = performance ] && margs=$RS_ARG-performance-mode
	for s in corpus1 corpus2 corpus3 corpus4 corpus5 corpus6; do
		# shellcheck disable=SC2086 # no argument, or one
		rs_cc "$RS_ARG-seed=$(test_seed "$s")" $margs \
			"$RS_ARG-report=$T/corpus-$mode.jsonl" \
			-c "$here/../kat/corpus.c" -o "$T/corpus.o"
	done
done
read -r reported digest < <($RSLAYOUT digest "$T"/corpus-*.jsonl)
check_eq "the report names the plugin's layout version" "$version" "$reported"
check "layout version $version has pinned layouts" \
	test -n "${pinned_layouts[$version]:-}"
check_eq "layouts of version $version are the pinned ones (changed? bump RS_LAYOUT_VERSION)" \
	"${pinned_layouts[$version]:-}" "$digest"

# Unbiased draws: shuffles of 3 items over 600 identities hit all six
# orders about equally (chi-square, 5 degrees of freedom, p > 0.001).
counts=$(for i in $(seq 1 600); do
	"$T/kat" "$seed0" "$(printf '%08x' "$i")" 3 | sed -n 3p
done | sort | uniq -c | awk '{print $1}' | tr '\n' ' ')
chi=$(awk -v c="$counts" 'BEGIN { n = split(c, v, " "); e = 100;
	for (i = 1; i <= n; i++) s += (v[i] - e) ^ 2 / e; print (n == 6 && s < 20.5) }')
check_eq "all 6 orders of 3 items appear evenly (chi-square < 20.5)" 1 "$chi"
done_testing
