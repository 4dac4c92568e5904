#!/bin/sh
# TAP test: a small fixed-seed batch of differential fuzzing (run-fuzz.sh),
# one test per generated program.  PLUGIN and CC as for run-fuzz.sh;
# FUZZ_CHECK_N and FUZZ_CHECK_START change the batch.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
plugin=${PLUGIN:-$top/build/randomize_layout_plugin.so}
if [ ! -f "$plugin" ]; then
    echo "Bail out! plugin not built: $plugin (run make)"
    exit 1
fi
# small programs, one plugin seed (4 builds: -O0/-O2, both modes) each
FUZZ_TAP=1 FUZZ_SMALL=1 FUZZ_SEEDS=${FUZZ_SEEDS:-1} PLUGIN=$plugin \
    exec "$here/run-fuzz.sh" -n "${FUZZ_CHECK_N:-25}" -s "${FUZZ_CHECK_START:-1}"
