#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The bench's host tool (bench/rs-strength.c, the plugin's own derivation
# code without GCC) replays the plugin's layouts: for the structures of
# tests/kat/corpus.c without bit-field runs (GCC packs those where the
# tool's model does not), every unit's offset, both modes, three seeds.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

plan 2
here=$(dirname "$0")
top=$here/../..
"$GCC" -O2 -I"$top/kernel/scripts/gcc-plugins/randstruct" -o "$T/rs-strength" "$top/bench/rs-strength.c" \
	"$top/kernel/scripts/gcc-plugins/randstruct/rs_order.c" "$top/kernel/scripts/gcc-plugins/randstruct/rs_permutation.c" \
	"$top/kernel/scripts/gcc-plugins/randstruct/rs_sha256.c" "$top/kernel/scripts/gcc-plugins/randstruct/rs_seed.c" -lm
for mode in full performance; do
	margs=
	[ "$mode" = performance ] && margs=$RS_ARG-performance-mode
	same=0 total=0
	for s in strength1 strength2 strength3; do
		seed=$(test_seed "$s")
		rm -f "$T/r.jsonl"
		# shellcheck disable=SC2086 # no argument, or one
		rs_cc "$RS_ARG-seed=$seed" $margs "$RS_ARG-report=$T/r.jsonl" \
			-c "$here/../kat/corpus.c" -o "$T/corpus.o"
		read -r a b < <(python3 - "$T/r.jsonl" "$T/rs-strength" "$seed" <<'P'
import json, subprocess, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
recs = [r for r in recs if len(r["units"]) > 1 and not any(u[3] for u in r["units"])]
spec = "".join("%d %d %s %s\n" % (r["mode"] == "performance", r["size_before"],
                                   r["identity_hex"],
                                   " ".join("%d,%d,%d,%d" % tuple(u[1:]) for u in r["units"]))
               for r in recs)
out = subprocess.run([sys.argv[2], "-s", sys.argv[3]], input=spec, text=True,
                     capture_output=True, check=True).stdout.splitlines()
same = total = 0
for r, line in zip(recs, out):
    model = [int(x) for x in line.split()[2:]]
    real = [r["fields"][u[0]]["bit_offset"] // 8 for u in r["units"]]
    total += len(real)
    same += sum(1 for m, x in zip(model, real) if m == x)
print(same, total)
P
)
		same=$((same + a)) total=$((total + b))
	done
	check "host tool equals the plugin, $mode mode ($same of $total unit offsets)" \
		test "$same" -eq "$total" -a "$total" -gt 50
done
done_testing
