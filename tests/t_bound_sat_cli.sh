#!/bin/sh
# The default pipeline on a 3-SAT reduction (PACE 2019 vc-exact_175): the clique-cover bound is
# the optimum, which only the SAT search of the bound proves; MVC, PVC at opt - 1 and opt, and
# the statistics naming the solver that answered; the graph relabelled; two copies in one graph.
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
# two copies of it and a 5-cycle, as components of one graph: each copy proven on its own, and
# PVC's budget shared among the components (the smaller ones first, the largest with what is left)
awk 'NR == 1 { n = $3; m = $4; print "p td", 2 * n + 5, 2 * m + 5; next }
     { e[++k] = $0 }
     END { for (i = 1; i <= k; i++) print e[i]
           for (i = 1; i <= k; i++) { split(e[i], f, " "); print f[1] + n, f[2] + n }
           for (i = 0; i < 5; i++) print 2 * n + 1 + i, 2 * n + 1 + (i + 1) % 5 }' "$inst" >"$TMP/two.gr"
both=$((2 * opt + 3))
run --stats="$TMP/stats" --time-limit 60 "$TMP/two.gr"
is "$status $(cover_size "$TMP/out")" "0 $both" "two copies and a 5-cycle: minimum cover $both (exit 0)"
check_cover "$TMP/two.gr" "$TMP/out"; ok $? "two copies and a 5-cycle: the cover passes --check"
run --k $((both - 1)) --time-limit 60 "$TMP/two.gr"
is "$status" 3 "two copies and a 5-cycle, k=$((both - 1)): no cover (exit 3)"
run --k "$both" --time-limit 60 "$TMP/two.gr"
is "$status $(cover_size "$TMP/out")" "0 $both" "two copies and a 5-cycle, k=$both: a cover of $both"
check_cover "$TMP/two.gr" "$TMP/out"; ok $? "two copies and a 5-cycle, k=$both: the cover passes --check"

# --no-bound-sat leaves it out: the rest of the pipeline does not prove vc-exact_175
run --no-bound-sat --stats="$TMP/stats" --time-limit 1 "$inst"
is "$status" 4 "vc-exact_175 --no-bound-sat: not proven within 1 s (exit 4)"
grep -q '"solver": "bound-sat"' "$TMP/stats"; ok $((!$?)) "vc-exact_175 --no-bound-sat: bound-sat did not run"
check_cover "$inst" "$TMP/out"; ok $? "vc-exact_175 --no-bound-sat: the cover passes --check"
done_testing
