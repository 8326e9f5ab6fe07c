#!/bin/sh
# PACE 2019 ends a run with SIGTERM and takes what is on stdout within a second:
# 20 runs on a hard instance, the machine loaded by busy loops beside them, SIGTERM at
# a random moment; every run must print a valid cover and end within 1 s of the signal.
. "${top_srcdir:-.}/tests/lib.sh"
hard="$top_srcdir/instances/120-cell.gr" # 4-regular, 600 vertices: not solved within seconds
runs=20
limit_ms=1000

# one busy loop per CPU, so that the solver's threads compete for every core
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
loops=""
i=0
while [ "$i" -lt "$cpus" ]; do
    sh -c 'while :; do :; done' &
    loops="$loops $!"
    i=$((i + 1))
done
trap 'kill $loops 2>/dev/null; rm -rf "$TMP"' EXIT

seed=${MVC_TEST_SEED:-$(date +%s)}
diag "seed $seed (MVC_TEST_SEED=$seed replays the signal times)"
slowest=0
r=0
while [ "$r" -lt "$runs" ]; do
    r=$((r + 1))
    # a moment between 0.2 and 2 s into the run (a harness never signals sooner)
    delay=$(awk -v s="$seed" -v r="$r" 'BEGIN { srand(s * 100 + r); printf "%.3f", 0.2 + rand() * 1.8 }')
    "$MVC_GPU" "$hard" >"$TMP/out.$r" 2>"$TMP/err.$r" &
    pid=$!
    sleep "$delay"
    t0=$(date +%s%N)
    kill -TERM "$pid" 2>/dev/null
    status=0
    wait "$pid" || status=$?
    ms=$((($(date +%s%N) - t0) / 1000000))
    [ "$ms" -gt "$slowest" ] && slowest=$ms
    [ "$ms" -le "$limit_ms" ]; ok $? "run $r (SIGTERM after ${delay} s): ended ${ms} ms after the signal"
    check_cover "$hard" "$TMP/out.$r"; ok $? "run $r: the cover printed is valid"
    case $status in
    0 | 4) ok 0 "run $r: exit status $status (4: stopped, best cover printed)" ;;
    *) ok 1 "run $r: exit status $status"; sed 's/^/# /' "$TMP/err.$r" ;;
    esac
done
diag "slowest answer after SIGTERM: ${slowest} ms"
done_testing
