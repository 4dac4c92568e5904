# shellcheck shell=bash disable=SC2034
# SPDX-License-Identifier: GPL-2.0
#
# Shared settings for the benchmark scripts in bench/ (see bench/README).
#
# Everything lives under $BENCH_DIR (default build/bench):
#   src/pristine   linux-source-6.12 as Debian ships it (mainline, Clang)
#   src/kit        the same tree with the kit's patches/ applied (ours)
#   out/VARIANT    one kbuild output directory (O=) per variant
#   results/       one Markdown fragment per benchmark, joined into
#                  bench/RESULTS.md by bench/report

KIT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH_DIR=${BENCH_DIR:-$KIT/build/bench}
BENCH_DIR=$(mkdir -p "$BENCH_DIR" && cd "$BENCH_DIR" && pwd)
TARBALL=${KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
SRC_PRISTINE=$BENCH_DIR/src/pristine
SRC_KIT=$BENCH_DIR/src/kit
# BENCH_RESULTS: write the Markdown fragments elsewhere (with BENCH_CG_DIR
# and BENCH_PLUGIN, to measure a plugin build against another worktree's
# benchmark directory without writing into it)
RESULTS=${BENCH_RESULTS:-$BENCH_DIR/results}
NICE=${BENCH_NICE:-nice -n 10}
LLVM_SUFFIX=${BENCH_LLVM_SUFFIX:--19}

# One public, fixed benchmark seed for every implementation, so that a
# rerun measures the same layouts (never use it for a real kernel).
BENCH_SEED=${BENCH_SEED:-$(printf 'randstruct bench seed' | sha256sum | cut -c1-64)}

# Pin what kbuild would otherwise take from the clock and the machine.
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2025'
export KBUILD_BUILD_USER=randstruct
export KBUILD_BUILD_HOST=bench
export KBUILD_BUILD_VERSION=1

# The variants are bench/kbench.py's VARIANTS table; ALL_VARIANTS are the
# builds of their own that the tables compare.
kbench_variant() {
	python3 "$KIT/bench/kbench.py" variant "$@" || exit 1
}
ALL_VARIANTS=$(python3 "$KIT/bench/kbench.py" builds)

variant_tree() {
	case $(kbench_variant "$1" tree) in
	kit) echo "$SRC_KIT" ;;
	*) echo "$SRC_PRISTINE" ;;
	esac
}

variant_is_clang() {
	[ "$(kbench_variant "$1" compiler)" = clang ]
}

# The lines merged on top of tinyconfig + boot/kernel.config.
variant_config() {
	kbench_variant "$1" config
}

# make arguments for a variant (the compiler).
variant_make_args() {
	if variant_is_clang "$1"; then
		echo "LLVM=$LLVM_SUFFIX"
	fi
}

die() {
	echo "bench: error: $*" >&2
	exit 1
}

say() {
	printf '  %-8s %s\n' "$1" "$2" >&2
}

# kmake VARIANT ARGS...: make in the variant's output directory.
kmake() {
	local v=$1
	shift
	# shellcheck disable=SC2046 # one word per argument
	KBUILD_RANDSTRUCT_SEED=$BENCH_SEED $NICE make -C "$(variant_tree "$v")" \
		O="$BENCH_DIR/out/$v" $(variant_make_args "$v") "$@"
}

# The seed file every implementation reads in an output directory.
variant_seed_file() {
	echo "$BENCH_DIR/out/$1/scripts/basic/randstruct.seed"
}
