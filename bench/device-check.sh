#!/bin/sh
# On a machine with a CUDA device: build, run the whole test suite, gather the logs into
# $OUT (or ./device-out), then run any benchmark command given as arguments.
#   bench/device-check.sh [bench/bench.py ARGS...]
set -u
out="${OUT:-device-out}"
mkdir -p "$out"
jobs=$(nproc 2>/dev/null || echo 4)
{
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
    nvcc --version | tail -1
} >"$out/device.txt" 2>&1
cat "$out/device.txt"
status=0
{ autoreconf -fi && ./configure && make -j"$jobs"; } >"$out/build.log" 2>&1 || status=$?
tail -5 "$out/build.log"
if [ "$status" -ne 0 ]; then
    echo "build failed (status $status)"
    exit "$status"
fi
timeout "${CHECK_TIMEOUT:-480}" make -j"$jobs" check >"$out/check.log" 2>&1 || status=$?
grep -E '^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR)|^# (TOTAL|PASS|SKIP|FAIL|ERROR)' "$out/check.log" | sort | uniq -c | sort -rn | head -40
# keep every test's own log, failures first, in one file
for f in $(grep -l -E '^(not ok|Bail out)' tests/*.log 2>/dev/null) tests/*.log; do
    echo "=== $f"
    cat "$f"
done >"$out/test-logs.txt" 2>/dev/null
grep -h -E '^not ok|Bail out' tests/*.log | head -40
if [ "$#" -gt 0 ]; then
    "$@" >"$out/bench.log" 2>&1 || status=$?
    tail -30 "$out/bench.log"
    cp bench/results/*.csv bench/results/*.md "$out/" 2>/dev/null
fi
exit "$status"
