#!/bin/sh
# The default pipeline on a 3-SAT reduction (PACE 2019 vc-exact_175): the clique-cover bound is
# the optimum, which only the SAT search of the bound proves; MVC, PVC at opt - 1 and opt, and
# the statistics naming the solver that answered. Also with a time limit that leaves it 5 s.
. "${top_srcdir:-.}/tests/lib.sh"
inst="$top_srcdir/instances/vc-exact_175.gr"
opt=2282

run --stats="$TMP/stats" --time-limit 60 "$inst"
is "$status $(cover_size "$TMP/out")" "0 $opt" "vc-exact_175: minimum cover $opt, proven (exit 0)"
check_cover "$inst" "$TMP/out"; ok $? "vc-exact_175: the cover passes --check"
grep -q '"solver": "bound-sat"' "$TMP/stats"; ok $? "vc-exact_175: bound-sat answered"
grep -q '"proven": true' "$TMP/stats"; ok $? "vc-exact_175: the statistics say proven"

run --k $((opt - 1)) "$inst"
is "$status" 3 "vc-exact_175 k=$((opt - 1)): no cover (exit 3)"
run --k "$opt" --time-limit 60 "$inst"
is "$status $(cover_size "$TMP/out")" "0 $opt" "vc-exact_175 k=$opt: a cover of $opt (exit 0)"
check_cover "$inst" "$TMP/out"; ok $? "vc-exact_175 k=$opt: the cover passes --check"

# the same through standard input, relabelled by a random permutation (other vertex order)
awk 'BEGIN { srand(7) } NR == 1 { n = $3; for (i = 1; i <= n; i++) p[i] = i
       for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
       print; next } { print p[$1], p[$2] }' "$inst" >"$TMP/perm.gr"
run --time-limit 60 "$TMP/perm.gr"
is "$status $(cover_size "$TMP/out")" "0 $opt" "vc-exact_175 relabelled: minimum cover $opt"
check_cover "$TMP/perm.gr" "$TMP/out"; ok $? "vc-exact_175 relabelled: the cover passes --check"
done_testing
