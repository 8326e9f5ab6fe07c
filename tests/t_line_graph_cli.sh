#!/bin/sh
# A line graph that defeats the searches' bounds (its clique cover is 7 short) is solved by a
# largest matching of its root, under auto with and without bound-sat, MVC and PVC alike.
. "${top_srcdir:-.}/tests/lib.sh"
g="$top_srcdir/instances/line-gnp31.gr" # the line graph of G(31, 0.32): cover 151 - 15 = 136

for opts in "" "--no-bound-sat"; do
    # shellcheck disable=SC2086 # the options are words
    run $opts --time-limit 20 --stats="$TMP/s.json" "$g"
    is "$status.$(cover_size "$TMP/out")" "0.136" "line graph${opts:+ ($opts)}: minimum cover 136, proven"
    check_cover "$g" "$TMP/out"; ok $? "  the cover passes --check"
    grep -q '"solver": "line-graph"' "$TMP/s.json"; ok $? "  found as a line graph"
    # shellcheck disable=SC2086
    run $opts --k 135 --time-limit 20 "$g"
    is "$status" 3 "  k = 135: no cover (exit 3)"
    # shellcheck disable=SC2086
    run $opts --k 136 --time-limit 20 "$g"
    is "$status.$(cover_size "$TMP/out")" "0.136" "  k = 136: a cover of 136"
done

# one more edge between two vertices with no common end breaks the line graph: the search runs
awk 'NR == 3 { print "p td 151 1379"; next } { print } END { print "1 151" }' "$g" >"$TMP/not.gr"
run --time-limit 0.5 --stats="$TMP/s.json" "$TMP/not.gr"
grep -q '"solver": "line-graph"' "$TMP/s.json"; ok $((!$?)) "not a line graph: not taken for one"
check_cover "$TMP/not.gr" "$TMP/out"; ok $? "  and its cover passes --check"

done_testing
