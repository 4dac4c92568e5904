# SPDX-License-Identifier: GPL-2.0
#
# randstruct: build the GCC plugin standalone, run the tests, and drive the
# kernel, fuzzing and benchmark jobs.  `make help` lists the targets.

GCC		?= gcc
GCC_MAJOR	:= $(shell $(GCC) -dumpversion 2>/dev/null | cut -d. -f1)
PLUGIN_CXX	?= $(subst gcc,g++,$(GCC))
# One build directory per compiler: never inherited from the environment,
# so a sub-make for another GCC cannot write into this one's directory.
ifeq ($(GCC),gcc)
BUILD		:= build
else
BUILD		:= build/$(notdir $(GCC))
endif
PLUGIN_DIR	= $(shell $(GCC) -print-file-name=plugin)
PLUGIN		:= $(BUILD)/randomize_layout_plugin.so
SEED_FILE	:= build/randstruct.seed
SEED_HEADER	:= $(BUILD)/randomize_layout_seed.h
POLICY_HEADER	:= $(BUILD)/randstruct_policy.h
# POLICY=FILE compiles a policy into the plugin (kbuild compiles the
# tree's); the default plugin has none, tests give theirs with policy=.
POLICY		?=
# What ships into the kernel lives in kernel/, at its path in the tree.
PLUGIN_SRC_DIR	:= kernel/scripts/gcc-plugins/randstruct
PLUGIN_SRCS	:= $(wildcard $(PLUGIN_SRC_DIR)/*.c)
PLUGIN_HDRS	:= $(wildcard $(PLUGIN_SRC_DIR)/*.h)
GEN_SEED	:= kernel/scripts/gen-random-seed.sh
GEN_POLICY	:= kernel/scripts/gen-randstruct-policy.sh
PLUGIN_CXXFLAGS	:= -std=gnu++11 -fPIC -shared -fno-rtti -fno-exceptions \
		   -fasynchronous-unwind-tables -ggdb -O2 -Wall -Wno-narrowing \
		   -Wno-unused-variable -Wno-format-diag
PROVE		?= prove
TEST_APT	:= gcc g++ gcc-12-plugin-dev gcc-11 g++-11 gcc-11-plugin-dev gdb \
		   dwarves python3 openssl perl
export GCC PLUGIN BUILD

.PHONY: FORCE all plugin deps deps-plugin check check-plugin check-plugin-gcc11 \
	clean help
all: plugin
plugin: $(PLUGIN)

# The plugin headers come from Debian's gcc-N-plugin-dev.
deps-plugin:
	@if [ ! -f "$$($(GCC) -print-file-name=plugin)/include/plugin-version.h" ] || \
	    ! command -v $(PLUGIN_CXX) >/dev/null; then \
		if [ "$$(id -u)" != 0 ]; then \
			echo "error: gcc-$(GCC_MAJOR)-plugin-dev and g++-$(GCC_MAJOR) are needed (apt-get install gcc-$(GCC_MAJOR)-plugin-dev g++-$(GCC_MAJOR))" >&2; \
			exit 1; \
		fi; \
		echo "  APT     gcc-$(GCC_MAJOR)-plugin-dev g++-$(GCC_MAJOR)"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			gcc-$(GCC_MAJOR)-plugin-dev g++-$(GCC_MAJOR) >/dev/null; \
	fi

# Created once; an existing seed is never overwritten.  The seed, its
# header and the plugin (the seed compiled in) are private (mode 0600/0700).
$(SEED_FILE):
	@mkdir -p $(dir $@)
	@echo "  SEED    $@"
	@$(GEN_SEED) $@ $(BUILD)/.seed-header.tmp
	@rm -f $(BUILD)/.seed-header.tmp

$(SEED_HEADER): $(SEED_FILE) $(GEN_SEED)
	@mkdir -p $(dir $@)
	@echo "  SEEDHDR $@"
	@$(GEN_SEED) $(SEED_FILE) $@

$(POLICY_HEADER): $(GEN_POLICY) $(POLICY) FORCE
	@mkdir -p $(dir $@)
	@$(GEN_POLICY) $(POLICY) > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else \
		echo "  POLICY  $@ ($(or $(POLICY),empty))"; mv -f $@.tmp $@; fi

$(PLUGIN): $(PLUGIN_SRCS) $(PLUGIN_HDRS) $(SEED_HEADER) $(POLICY_HEADER) \
	   | deps-plugin
	@echo "  PLUGIN  $@ ($(GCC) $(GCC_MAJOR))"
	@umask 077; $(PLUGIN_CXX) $(PLUGIN_CXXFLAGS) -I$(PLUGIN_DIR)/include -I$(BUILD) \
		-I$(PLUGIN_SRC_DIR) -o $@ $(PLUGIN_SRCS)

# Everything the plugin tests need, from Debian's archive (root only).
deps:
	@missing=$$(for p in $(TEST_APT); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" != 0 ]; then \
			echo "error: missing packages:" $$missing "(apt-get install them)" >&2; \
			exit 1; \
		fi; \
		echo "  APT    " $$missing; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing \
			>/dev/null || { apt-get update -q >/dev/null && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			$$missing >/dev/null; }; \
	fi

# The GCC 11 pass runs first; the final prove's summary counts the rest.
check: deps kernel-deps kernel-deps-tiers
	$(MAKE) GCC=gcc-11 check-plugin
	$(MAKE) plugin
	$(PROVE) --timer tests/plugin/ tests/fuzz/ tests/kernel/ tests/kernel-6.1/ \
		tests/kernel-arm64/

check-plugin: $(PLUGIN)
	$(PROVE) tests/plugin/

check-plugin-gcc11:
	$(MAKE) GCC=gcc-11 check-plugin

clean:
	rm -rf $(BUILD)/*.so $(BUILD)/tests

help:
	@echo "randstruct targets:"
	@echo "  make [GCC=gcc-11]        build \$$(BUILD)/randomize_layout_plugin.so"
	@echo "  make kernel              apply the kit to linux-source-6.12, build,"
	@echo "                           boot in qemu, show task_struct and cred"
	@echo "  make kernel KERNEL_LTS=6.1   the same with linux-source-6.1"
	@echo "  make kernel KERNEL_ARCH=arm64   cross-compiled for arm64, booted in"
	@echo "                           qemu-system-aarch64"
	@echo "  make check               install test dependencies, run every tier"
	@echo "  make check-plugin        plugin tests on standalone C programs; the"
	@echo "                           committed series against kernel/, kernel-edits/"
	@echo "  make check-plugin GCC=gcc-11   the same against GCC 11"
	@echo "  make check-fuzz          a small fixed batch of differential fuzzing"
	@echo "  make check-kernel        kernel tiers (6.12, 6.1, 6.12 on arm64): apply,"
	@echo "                           build, boot, modules, layouts"
	@echo "  make check-rebuild       plugin/seed changes rebuild everything (ccache,"
	@echo "                           icecream); part of check-kernel, alone"
	@echo "  make check-defconfig     x86_64 defconfig + BTF: build, boot, layout"
	@echo "                           truth, dkms modules (about 60 minutes,"
	@echo "                           not in make check)"
	@echo "  make check-allmodconfig  x86_64 allmodconfig: 3,000+ objects of a fixed"
	@echo "                           sample compiled (not in make check)"
	@echo "  make fuzz N=1000         differential fuzzing (START=, JOBS=)"
	@echo "  make series [KSRC=DIR]   regenerate patches/ (6.12) and patches/6.1/"
	@echo "                           from kernel/ and kernel-edits/ (KSRC: only its own);"
	@echo "                           author: RANDSTRUCT_AUTHOR or your git identity"
	@echo "  make kernel-apply KSRC=DIR   apply the series for DIR's version"
	@echo "                           (6.12 or 6.1) to a pristine tree"
	@echo "  make bench               compare with mainline and Clang (bench/)"
	@echo "  make clean               remove built plugins (keeps the seed)"
	@echo "In a kit-applied kernel tree (see README.md):"
	@echo "  make bindeb-pkg          linux-image, linux-headers (seed, plugin,"
	@echo "                           its headers: make M= builds modules)"
	@echo "  make binrpm-pkg RPMOPTS=--nodeps   on Debian (rpm package): kernel,"
	@echo "                           kernel-headers, kernel-devel (the same files"
	@echo "                           as linux-headers, in /usr/src/kernels/)"

include kernel.mk
include tests/fuzz/fuzz.mk
include bench/bench.mk
