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

run --solver=seq --no-reduce --time-limit 0.3 --stats="$TMP/s.json" "$TMP/hard.gr"
grep -q '"proven": false' "$TMP/s.json"; ok $? "stats say not proven"
grep -q '"outcome": "stopped"' "$TMP/s.json"; ok $? "stats say stopped"

done_testing
