#!/bin/sh
# The command line as new users meet it: the PACE invocation, --clique, --write,
# --check variants, options refused where they do not apply, outputs opened first.
. "${top_srcdir:-.}/tests/lib.sh"
inst="$top_srcdir/instances"
hard="$inst/120-cell.gr" # 4-regular, 600 vertices: not solved within seconds

# --- PACE 2019: no arguments, the graph on standard input -----------------------------
status=0
"$MVC_GPU" <"$inst/petersen.gr" >"$TMP/out" 2>"$TMP/err" || status=$?
is "$status" 0 "no FILE operand: the graph is read from standard input"
is "$(cover_size "$TMP/out")" 6 "and the Petersen graph's minimum cover (6) is printed"
check_cover "$inst/petersen.gr" "$TMP/out"; ok $? "that cover passes --check"
status=0
"$MVC_GPU" - <"$inst/path10.gr" >"$TMP/out" 2>/dev/null || status=$?
is "$status.$(cover_size "$TMP/out")" "0.5" "'-' still names standard input"
if command -v script >/dev/null 2>&1; then
    # script gives the program a terminal as standard input
    script -qec "$MVC_GPU" /dev/null </dev/null >"$TMP/tty" 2>&1; status=$?
    is "$status" 2 "no FILE on a terminal: exit 2"
    grep -q "standard input" "$TMP/tty"; ok $? "with a hint about standard input"
else
    skip "no script(1) to give the program a terminal"
    skip "no script(1) to give the program a terminal"
fi

# --- options that do not apply are refused ---------------------------------------------
stp="$top_srcdir/tests/data/small.stp"
refused() { # refused DESCRIPTION ARGS...: exit 2 and one message naming why
    what=$1; shift
    run "$@"
    is "$status" 2 "refused: $what"
    grep -q "^mvc-gpu: .*\(does not apply\|exclude\)" "$TMP/err"; ok $? "  with a message ($what)"
}
refused "--k with --steiner" --steiner --k 3 "$stp"
refused "--steiner with --complement" --steiner --complement "$stp"
refused "--steiner with --clique" --steiner --clique "$stp"
refused "--clique with --complement" --clique --complement "$inst/petersen.gr"
refused "--steiner-algo without --steiner" --steiner-algo mehlhorn "$inst/petersen.gr"
refused "--sssp without --steiner" --sssp near-far "$inst/petersen.gr"
refused "--improve-time without --steiner" --improve-time 2 "$inst/petersen.gr"
refused "--no-improve without --steiner" --no-improve "$inst/petersen.gr"
refused "--solver with --steiner" --steiner --solver seq "$stp"
refused "--no-reduce with --steiner" --steiner --no-reduce "$stp"
refused "--gpu-after with --steiner" --steiner --gpu-after 1 "$stp"
refused "--block-size with --steiner" --steiner --block-size 64 "$stp"
refused "--solver with --check" --check --solver seq "$inst/petersen.gr" "$inst/petersen.gr"
refused "--time-limit with --check" --check --time-limit 1 "$inst/petersen.gr" "$inst/petersen.gr"
refused "--output with --check" --check -o "$TMP/x" "$inst/petersen.gr" "$inst/petersen.gr"
refused "--k with --check --steiner" --check --steiner --k 3 "$stp" "$stp"
refused "--k with --write" --write "$TMP/w.gr" --k 3 "$inst/petersen.gr"
refused "--solver with --write" --write "$TMP/w.gr" --solver seq "$inst/petersen.gr"
refused "--write-format without --write" --write-format dimacs "$inst/petersen.gr"
refused "--no-bound-sat with --solver bnr" --no-bound-sat --solver bnr "$inst/petersen.gr"
refused "--gpu-after with --solver seq" --gpu-after 1 --solver seq "$inst/petersen.gr"
refused "--no-maxsat with --solver seq" --no-maxsat --solver seq "$inst/petersen.gr"
refused "--no-local-search with --solver bnr" --no-local-search --solver bnr "$inst/petersen.gr"
refused "--no-symmetry with --solver seq" --no-symmetry --solver seq "$inst/petersen.gr"
refused "--complement-memory without --complement" --complement-memory 1G "$inst/petersen.gr"
refused "--complement-memory with --check, no complement" --check --complement-memory 1G \
    "$inst/petersen.gr" "$inst/petersen.gr"
refused "--progress with --quiet" --progress -q "$inst/petersen.gr"
for opts in "--no-maxsat --solver clique" "--no-symmetry --solver clique" \
            "--no-symmetry --solver bnr" "--no-bound-sat" \
            "--clique --complement-memory 1G" "--complement --complement-memory 1G"; do
    # shellcheck disable=SC2086 # the options are words
    run $opts "$inst/petersen.gr"
    is "$status" 0 "accepted where it applies: $opts"
done
if ! has_gpu; then
    echo precious >"$TMP/keep.vc"
    run -o "$TMP/keep.vc" --solver hybrid "$inst/petersen.gr"
    ok $((status == 0)) "--solver hybrid without a GPU: refused (exit $status)"
    grep -q "CUDA" "$TMP/err"; ok $? "  saying why"
    is "$(cat "$TMP/keep.vc")" precious "  before the run: -o left as it was"
else
    skip "a device is present: the GPU solvers apply"
    skip "a device is present: the GPU solvers apply"
    skip "a device is present: the GPU solvers apply"
fi

# GPU tuning without a device (or without CUDA): a warning, and the run goes on
if ! has_gpu; then
    run --block-size 64 "$inst/petersen.gr"
    is "$status" 0 "--block-size without a device: still solved"
    grep -q "^mvc-gpu: warning: --block-size has no effect" "$TMP/err"; ok $? "  with a warning"
else
    skip "a device is present: GPU tuning applies"
    skip "a device is present: GPU tuning applies"
fi

# --- outputs are opened before the solve -------------------------------------------------
elapsed() { # elapsed COMMAND...: runs it, sets status and ms (wall milliseconds)
    t0=$(date +%s%N); status=0
    "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
    ms=$((($(date +%s%N) - t0) / 1000000))
}
elapsed "$MVC_GPU" -o /nonexistent/x.vc "$hard"
is "$status" 2 "-o /nonexistent/x.vc: exit 2"
[ "$ms" -lt 1000 ]; ok $? "  at once, not after the solve (${ms} ms)"
grep -q "^mvc-gpu: /nonexistent/x.vc: " "$TMP/err"; ok $? "  naming the path"
elapsed "$MVC_GPU" --stats=/nonexistent/s.json "$hard"
is "$status" 2 "--stats=/nonexistent/s.json: exit 2"
[ "$ms" -lt 1000 ]; ok $? "  at once (${ms} ms)"
run --stats "$TMP/s.json" "$inst/petersen.gr"
is "$status" 2 "'--stats FILE' (two operands): exit 2"
grep -q -- "--stats=FILE" "$TMP/err"; ok $? "  with a hint to write --stats=FILE"

# --- PVC stopped without a cover of at most K: no answer line ----------------------------
run --k 350 --time-limit 0.3 "$hard"
is "$status" 4 "PVC stopped above K: exit 4"
grep -q '^s ' "$TMP/out"; ok $((!$?)) "  and no 's vc' line"
grep -q '^c .*more than k = 350' "$TMP/out"; ok $? "  the best size in a comment"
run --k 600 --time-limit 5 "$hard"
is "$status" 0 "PVC with a K the search meets at once: exit 0"

# --- labels only when the ids were renumbered --------------------------------------------
printf '1 2\n2 3\n3 1\n3 4\n' >"$TMP/plain.txt"
run --format edges "$TMP/plain.txt"
grep -q '^c label' "$TMP/out"; ok $((!$?)) "edge list with ids 1..n: no 'c label' lines"
printf '10 20\n20 30\n30 10\n30 40\n' >"$TMP/renamed.txt"
run --format edges "$TMP/renamed.txt"
grep -q '^c label [0-9]* 30$' "$TMP/out"; ok $? "renumbered ids: 'c label' gives the input's id"

# --- --check variants ---------------------------------------------------------------------
run --solver=seq "$inst/petersen.gr"
cp "$TMP/out" "$TMP/petersen.vc"
gzip -c "$TMP/petersen.vc" >"$TMP/petersen.vc.gz"
run --check "$inst/petersen.gr" "$TMP/petersen.vc.gz"
is "$status" 0 "--check reads a .gz answer"
run --check --k 6 "$inst/petersen.gr" "$TMP/petersen.vc"
is "$status" 0 "--check --k 6 accepts a cover of 6"
run --check --k 5 "$inst/petersen.gr" "$TMP/petersen.vc"
is "$status" 3 "--check --k 5 rejects a cover of 6 (exit 3)"
grep -q "more than k = 5" "$TMP/err"; ok $? "  saying why"
run --complement "$inst/petersen.clq"
cp "$TMP/out" "$TMP/complement.vc"
run --check --complement "$inst/petersen.clq" "$TMP/complement.vc"
is "$status" 0 "--check --complement accepts a cover of the complement"
run --check "$inst/petersen.clq" "$TMP/complement.vc"
is "$status" 3 "the same cover checked against the graph itself: exit 3"

# --- --clique ------------------------------------------------------------------------------
clique_size() { awk '$1 == "s" && $2 == "clique" { print $4 }' "$1"; }
run --clique "$inst/clique8.gr"
is "$status.$(clique_size "$TMP/out")" "0.8" "--clique on K8: a clique of 8, exit 0"
grep -q '^s clique 8 8$' "$TMP/out"; ok $? "  's clique N SIZE' line"
run --clique "$inst/petersen.gr"
is "$(clique_size "$TMP/out")" 2 "--clique on the Petersen graph (triangle-free): 2"
cp "$TMP/out" "$TMP/petersen.clique"
run --check --clique "$inst/petersen.gr" "$TMP/petersen.clique"
is "$status" 0 "--check --clique accepts it"
printf 's clique 10 2\n1\n3\n' >"$TMP/not.clique" # 1 and 3 are not adjacent in petersen.gr
run --check --clique "$inst/petersen.gr" "$TMP/not.clique"
is "$status" 3 "--check --clique rejects a non-clique (exit 3)"
run --clique --k 3 "$inst/petersen.gr"
is "$status" 3 "--clique --k 3 on a triangle-free graph: proven none (exit 3)"
grep -q '^s ' "$TMP/out"; ok $((!$?)) "  and no answer line"
run --clique --k 5 "$inst/clique8.gr"
is "$status" 0 "--clique --k 5 on K8: exit 0"
status=0
"$MVC_GPU" --clique <"$inst/clique8.gr" >"$TMP/out" 2>/dev/null || status=$?
is "$status.$(clique_size "$TMP/out")" "0.8" "--clique reads standard input too"

# progress lines in clique words, on both paths; statistics in clique words
run --clique --progress "$inst/clique8.gr"
tail -n 1 "$TMP/err" | grep -q '^c .* clique  *8  at most '
ok $? "--clique --progress: the last line gives the clique of 8"
printf '1 2\n2 3\n1 3\n3 4\n' >"$TMP/sparse.txt"
run --clique --progress --complement-memory 1K "$TMP/sparse.txt"
tail -n 1 "$TMP/err" | grep -q '^c .* clique  *3  at most  *3 '
ok $? "  and on the sparse path: a triangle, at most 3"
run --clique --k 3 --stats "$inst/petersen.gr"
grep -q '"outcome": "no-clique"' "$TMP/err"
ok $? "--clique --k 3 --stats on a triangle-free graph: outcome no-clique"
grep -q '"degeneracy"' "$TMP/err"
is "$?" 1 "  and no sparse-path measures on the dense path"

# --complement on an edge list: the clique line's vertices are labelled too
printf '100 200\n200 300\n100 300\n300 7\n7 0\n0 100\n0 300\n' >"$TMP/ids.txt"
run --complement "$TMP/ids.txt"
clique_line=$(awk '$1 == "c" && $2 == "clique" { $1 = $2 = $3 = ""; print }' "$TMP/out")
labelled=1
for v in $clique_line; do
    grep -q "^c label $v " "$TMP/out" || labelled=0
done
is "$labelled" 1 "--complement on an edge list: every vertex of the clique line has its label"

# --- --write converts with the same readers -----------------------------------------------
for fmt in pace dimacs edges mtx; do
    run --write "$TMP/w.$fmt" --write-format "$fmt" "$inst/petersen.gr"
    is "$status" 0 "--write --write-format $fmt: exit 0"
    run --solver=seq "$TMP/w.$fmt"
    is "$(cover_size "$TMP/out")" 6 "  the written $fmt file reads back to the same graph"
done
run --write "$TMP/w.clq" "$inst/petersen.gr"
head -n 5 "$TMP/w.clq" | grep -q '^p edge 10 15$'; ok $? "--write FILE.clq writes DIMACS"
run --write "$TMP/c.gr" --complement "$inst/petersen.gr"
head -n 5 "$TMP/c.gr" | grep -q '^p td 10 30$'; ok $? "--write --complement writes the complement"
run --write /nonexistent/w.gr "$inst/petersen.gr"
is "$status" 2 "--write to an unwritable path: exit 2"
printf 'p edge 6 3\ne 2 3\ne 3 4\ne 2 4\n' >"$TMP/iso.clq"
run --write "$TMP/iso.txt" "$TMP/iso.clq"
grep -q "3 isolated vertices are not written" "$TMP/err"
ok $? "--write to an edge list warns of the isolated vertices it drops"
printf 'p edge 3 0\n' >"$TMP/empty.clq"
run --write "$TMP/empty.txt" "$TMP/empty.clq"
grep -q "the graph has no edge" "$TMP/err"
ok $? "  and of a graph without edges, whose edge list reads back as no graph"

# --- Steiner mode stopped: exit 4, a valid tree --------------------------------------------
awk 'BEGIN { n = 120; print "SECTION Graph"; print "Nodes " n * n; print "Edges " 2 * n * (n - 1)
    for (r = 0; r < n; r++) for (c = 0; c < n; c++) { v = r * n + c + 1
        if (c + 1 < n) print "E " v " " v + 1 " " 1 + (v * 7) % 5
        if (r + 1 < n) print "E " v " " v + n " " 1 + (v * 3) % 7 }
    print "END"; print "SECTION Terminals"; print "Terminals 200"
    for (t = 0; t < 200; t++) print "T " 1 + (t * 7919) % (n * n)
    print "END"; print "EOF" }' >"$TMP/grid.stp"
run --steiner --time-limit 0.001 -o "$TMP/tree" "$TMP/grid.stp"
is "$status" 4 "Steiner mode stopped by the time limit: exit 4"
"$MVC_GPU" --check "$TMP/grid.stp" "$TMP/tree" >/dev/null 2>&1; ok $? "  and its tree is valid"

# --- small things a user meets -----------------------------------------------------------
run --check - - </dev/null
is "$status" 2 "--check - -: refused (one standard input)"
run --stats= "$inst/petersen.gr"
is "$status" 2 "--stats= with no file name: exit 2"
grep -q "needs a file name" "$TMP/err"; ok $? "  saying so"
if [ -w /dev/full ]; then
    status=0; "$MVC_GPU" --help >/dev/full 2>"$TMP/err" || status=$?
    is "$status" 2 "--help to a full device: exit 2, not a silent loss"
else
    skip "no /dev/full"
fi
printf 'c a PACE file that lost its header\n1 2\n2 3\n' >"$TMP/nohead.txt"
run "$TMP/nohead.txt"
is "$status" 2 "'c' comment lines and no header: exit 2"
grep -q "nohead.txt:2: expected a header" "$TMP/err"; ok $? "  one message at the first edge"
is "$(wc -l <"$TMP/err")" 1 "  and no warning besides"
cp "$inst/petersen.gr" "$TMP/$(printf 'name\377.gr')"
run -q --stats="$TMP/odd.json" "$TMP/$(printf 'name\377.gr')"
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$TMP/odd.json"
    ok $? "--stats on a file name that is not UTF-8: still valid JSON"
else
    skip "python3 not installed"
fi
run --write "$TMP/unit.stp" --write-format stp "$inst/petersen.gr"
run --write "$TMP/back.gr" "$TMP/unit.stp"
grep -q "weights are not written" "$TMP/err"; ok $((!$?)) "--write: no weight warning when every weight is 1"

# --- every message names the program -------------------------------------------------------
: >"$TMP/all.err"
for args in "--k x $inst/petersen.gr" "$TMP/none.gr" "--format nope $inst/petersen.gr" \
            "--check $inst/petersen.gr $TMP/none.vc" "--steiner $inst/petersen.gr"; do
    # shellcheck disable=SC2086
    "$MVC_GPU" $args >/dev/null 2>>"$TMP/all.err"
done
bad=$(grep -cv '^mvc-gpu: ' "$TMP/all.err")
is "$bad" 0 "every error and warning line starts with 'mvc-gpu: '"

done_testing
