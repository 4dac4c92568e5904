# SPDX-License-Identifier: GPL-2.0
#
# randstruct: build the GCC plugin standalone, run the tests, and drive the
# kernel, fuzzing and benchmark jobs.  `make help` lists the targets.

GCC		?= gcc
GCC_MAJOR	:= $(shell $(GCC) -dumpversion 2>/dev/null | cut -d. -f1)
PLUGIN_CXX	?= $(subst gcc,g++,$(GCC))
ifeq ($(GCC),gcc)
BUILD		?= build
else
BUILD		?= build/$(notdir $(GCC))
endif
PLUGIN_DIR	= $(shell $(GCC) -print-file-name=plugin)
PLUGIN		:= $(BUILD)/randomize_layout_plugin.so
SEED_FILE	:= build/randstruct.seed
SEED_HEADER	:= $(BUILD)/randomize_layout_seed.h
PLUGIN_SRCS	:= $(wildcard gcc-plugins/*.c)
PLUGIN_HDRS	:= $(wildcard gcc-plugins/*.h)
PLUGIN_CXXFLAGS	:= -std=gnu++11 -fPIC -shared -fno-rtti -fno-exceptions \
		   -fasynchronous-unwind-tables -ggdb -O2 -Wall -Wno-narrowing \
		   -Wno-unused-variable -Wno-format-diag
PROVE		?= prove
export GCC PLUGIN BUILD

.PHONY: all plugin deps-plugin check check-plugin clean help
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

# Created once; an existing seed is never overwritten.
$(SEED_FILE):
	@mkdir -p $(dir $@)
	@echo "  SEED    $@"
	@scripts/gen-random-seed.sh $@ $(BUILD)/.seed-header.tmp
	@rm -f $(BUILD)/.seed-header.tmp

$(SEED_HEADER): $(SEED_FILE) scripts/gen-random-seed.sh
	@mkdir -p $(dir $@)
	@echo "  SEEDHDR $@"
	@scripts/gen-random-seed.sh $(SEED_FILE) $@

$(PLUGIN): $(PLUGIN_SRCS) $(PLUGIN_HDRS) $(SEED_HEADER) | deps-plugin
	@echo "  PLUGIN  $@ ($(GCC) $(GCC_MAJOR))"
	@$(PLUGIN_CXX) $(PLUGIN_CXXFLAGS) -I$(PLUGIN_DIR)/include -I$(BUILD) \
		-Igcc-plugins -o $@ $(PLUGIN_SRCS)

check: check-plugin

check-plugin: $(PLUGIN)
	$(PROVE) tests/plugin/

clean:
	rm -rf $(BUILD)/*.so $(BUILD)/tests

help:
	@echo "randstruct targets:"
	@echo "  make [GCC=gcc-11]        build \$$(BUILD)/randomize_layout_plugin.so"
	@echo "  make check               run every test tier (TAP, via prove)"
	@echo "  make check-plugin        plugin tests on standalone C programs"
	@echo "  make clean               remove built plugins (keeps the seed)"
