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

.PHONY: fuzz check-fuzz
fuzz: $(PLUGIN)
	N='$(N)' START='$(START)' JOBS='$(FUZZ_JOBS)' PLUGIN='$(abspath $(PLUGIN))' \
		FUZZ_CC='$(FUZZ_CC)' $(FUZZ_DIR)/run-fuzz.sh

check-fuzz: $(PLUGIN)
	PLUGIN='$(abspath $(PLUGIN))' FUZZ_CC='$(FUZZ_CC)' $(FUZZ_PROVE) $(FUZZ_DIR)/fuzz.t
