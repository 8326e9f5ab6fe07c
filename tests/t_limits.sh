#!/bin/sh
# Stopping early: --time-limit and SIGTERM print the best cover found (valid), say it is not
# proven, and exit with status 4.
. "${top_srcdir:-.}/tests/lib.sh"

# A graph the plain search cannot finish in a fraction of a second.
random_graph 400 0.5 7 >"$TMP/hard.gr"

run --solver=seq --no-reduce --time-limit 0.3 "$TMP/hard.gr"
is "$status" 4 "time limit: exit 4"
grep -q '^c stopped by the time limit' "$TMP/out"; ok $? "time limit: says it stopped"
grep -q 'not proven' "$TMP/out"; ok $? "time limit: says the cover is not proven"
check_cover "$TMP/hard.gr" "$TMP/out"; ok $? "time limit: best cover is valid"

run --solver=seq --no-reduce --k 1 --time-limit 0.3 "$TMP/hard.gr"
is "$status" 3 "PVC k=1 on a dense graph: proven quickly (high-degree rule), exit 3"

for sig in TERM INT; do
    "$MVC_GPU" --solver=seq --no-reduce "$TMP/hard.gr" >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    sleep 0.5
    kill -"$sig" "$pid"
    status=0
    wait "$pid" || status=$?
    is "$status" 4 "SIG$sig: exit 4"
    grep -q "^c stopped by SIG$sig" "$TMP/out"; ok $? "SIG$sig: says so"
    check_cover "$TMP/hard.gr" "$TMP/out"; ok $? "SIG$sig: best cover is valid"
done

# A signal while the input is still being read (a pipe that waits): the run ends at once,
# with no answer, its outputs as they were; the time limit waits for the input and answers.
mkfifo "$TMP/fifo"
for sig in TERM INT; do
    sleep 5 >"$TMP/fifo" &
    writer=$!
    echo precious >"$TMP/keep.vc"
    rm -f "$TMP/new.json"
    "$MVC_GPU" -o "$TMP/keep.vc" --stats="$TMP/new.json" <"$TMP/fifo" >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    sleep 0.5
    t0=$(date +%s%N)
    kill -"$sig" "$pid"
    status=0
    wait "$pid" || status=$?
    ms=$((($(date +%s%N) - t0) / 1000000))
    kill "$writer" 2>/dev/null
    wait "$writer" 2>/dev/null
    is "$status" 4 "SIG$sig while reading: exit 4"
    [ "$ms" -lt 2000 ]; ok $? "SIG$sig while reading: at once, not when the input ends (${ms} ms)"
    grep -q "stopped by SIG$sig before the input was read" "$TMP/err"; ok $? "SIG$sig while reading: says so"
    is "$(cat "$TMP/keep.vc")" precious "SIG$sig while reading: -o left as it was"
    [ ! -e "$TMP/new.json" ]; ok $? "SIG$sig while reading: --stats file it created removed"
done
status=0
{ sleep 1; cat "$top_srcdir/instances/petersen.gr"; } |
    "$MVC_GPU" --time-limit 0.2 >"$TMP/out" 2>"$TMP/err" || status=$?
is "$status" 4 "time limit while reading: the input is read, exit 4"
check_cover "$top_srcdir/instances/petersen.gr" "$TMP/out"; ok $? "  and a valid cover printed"

run --solver=seq --no-reduce --time-limit 0.3 --stats="$TMP/s.json" "$TMP/hard.gr"
grep -q '"proven": false' "$TMP/s.json"; ok $? "stats say not proven"
grep -q '"outcome": "stopped"' "$TMP/s.json"; ok $? "stats say stopped"

done_testing
