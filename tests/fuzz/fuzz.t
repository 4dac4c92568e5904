#!/bin/bash
# TAP test: a small fixed-seed batch of differential fuzzing (run-fuzz.sh),
# one test per generated program.  PLUGIN and CC as for run-fuzz.sh;
# FUZZ_CHECK_N and FUZZ_CHECK_START change the batch.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
plugin=${PLUGIN:-$top/build/randomize_layout_plugin.so}
[ -f "$plugin" ] || bail "plugin not built: $plugin (run make)"
# small programs, one plugin seed (4 builds: -O0/-O2, both modes) each
FUZZ_TAP=1 FUZZ_SMALL=1 FUZZ_SEEDS=${FUZZ_SEEDS:-1} PLUGIN=$plugin \
    exec "$here/run-fuzz.sh" -n "${FUZZ_CHECK_N:-25}" -s "${FUZZ_CHECK_START:-1}"
