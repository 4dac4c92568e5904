# SPDX-License-Identifier: GPL-2.0
#
# randstruct benchmarks: the kit against mainline's GCC plugin and Clang's
# native randstruct on Debian's linux-source-6.12.  Included by the top
# Makefile; see bench/README.
#
#   make bench            every benchmark below, then bench/RESULTS.md
#   make bench-setup      packages, pristine and kit trees, one configured
#                         output directory per variant (build/bench/out/)
#   make bench-compile    cc1 instruction counts under callgrind
#   make bench-memory     sizeof of every randomized struct (compiled probe)
#   make bench-strength   entropy per struct, cache-line pairs kept
#   make bench-build      whole kernel build time, none vs ours (BENCH_PAIRS=1,
#                         BENCH_BUILD_VARIANTS="kit-none ours-full")
#   make bench-report     join the results into bench/RESULTS.md
#
# Knobs (environment or make variables): BENCH_DIR (build/bench),
# BENCH_PAIRS, BENCH_JOBS (2), BENCH_NICE ("nice -n 10"), BENCH_SEED,
# BENCH_FORCE=1 (redo callgrind runs), BENCH_SEEDS (seed sweep, 5),
# BENCH_STRENGTH_SEEDS (seeds of the strength measurement, 1000),
# BENCH_CG_DIR, BENCH_RESULTS, BENCH_PLUGIN (see bench/README).

BENCH_RUN	:= bench/run
export BENCH_DIR BENCH_PAIRS BENCH_BUILD_VARIANTS BENCH_JOBS BENCH_NICE BENCH_SEED BENCH_FORCE BENCH_SEEDS BENCH_STRENGTH_SEEDS BENCH_PROBE_KEEP \
	BENCH_CG_DIR BENCH_RESULTS BENCH_PLUGIN

.PHONY: bench bench-setup bench-compile bench-memory bench-strength \
	bench-build bench-report

bench: bench-compile bench-memory bench-strength bench-build
	@$(BENCH_RUN) report

bench-setup:
	@bench/setup

bench-compile: bench-setup
	@$(BENCH_RUN) compile
	@$(BENCH_RUN) report

bench-memory: bench-setup
	@$(BENCH_RUN) memory
	@$(BENCH_RUN) report

bench-strength: bench-memory
	@$(BENCH_RUN) strength
	@$(BENCH_RUN) report

bench-build: bench-setup
	@$(BENCH_RUN) build
	@$(BENCH_RUN) report

bench-report:
	@$(BENCH_RUN) report
