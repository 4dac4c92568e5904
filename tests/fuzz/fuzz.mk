# SPDX-License-Identifier: GPL-2.0
#
# Differential fuzzing of the randstruct plugin (tests/fuzz/README in
# run-fuzz.sh's header).  Included from the top-level Makefile:
#
#   make fuzz [N=100] [START=1] [JOBS=1]       random programs START..START+N-1
#   make check-fuzz                             25 fixed-seed programs, as TAP
#
# The plugin is $(PLUGIN) (default build/randomize_layout_plugin.so); the
# compiler is $(CC) when given on the command line or in the environment,
# else $(GCC), else gcc.  Failures are kept in build/fuzz-failures/.
# `make fuzz GCC=gcc-11` builds and fuzzes the GCC 11 plugin.  A PLUGIN=
# given on the command line is used as it is, never rebuilt: the rule that
# builds it knows only $(GCC), so `make fuzz CC=gcc-11 PLUGIN=...` used to
# overwrite that file with a plugin for the default GCC.

FUZZ_DIR	:= $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
PLUGIN		?= build/randomize_layout_plugin.so
ifeq ($(origin CC),default)
FUZZ_CC		:= $(or $(GCC),gcc)
else
FUZZ_CC		:= $(CC)
endif
N		?= 100
START		?= 1
FUZZ_JOBS	?= $(or $(JOBS),1)
FUZZ_PROVE	:= $(or $(PROVE),prove)
ifeq ($(origin PLUGIN),command line)
FUZZ_PLUGIN_DEP	:=
else
FUZZ_PLUGIN_DEP	:= $(PLUGIN)
endif
FUZZ_PLUGIN_CHECK = @test -f '$(PLUGIN)' || \
	{ echo "error: $(PLUGIN) missing (make GCC=... plugin)" >&2; exit 1; }

.PHONY: fuzz check-fuzz
fuzz: $(FUZZ_PLUGIN_DEP)
	$(FUZZ_PLUGIN_CHECK)
	N='$(N)' START='$(START)' JOBS='$(FUZZ_JOBS)' PLUGIN='$(abspath $(PLUGIN))' \
		FUZZ_CC='$(FUZZ_CC)' $(FUZZ_DIR)/run-fuzz.sh

check-fuzz: $(FUZZ_PLUGIN_DEP)
	$(FUZZ_PLUGIN_CHECK)
	PLUGIN='$(abspath $(PLUGIN))' FUZZ_CC='$(FUZZ_CC)' $(FUZZ_PROVE) $(FUZZ_DIR)/fuzz.t
