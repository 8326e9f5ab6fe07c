#!/bin/sh
# The clique search over the ranks of an MPI job (a build configured --with-mpi: make check-mpi
# builds one and runs this): 4 and 8 CPU ranks under mpirun --oversubscribe. Random graphs
# against brute force and against one process, PVC at opt - 1 and opt, a DIMACS complement, a time
# limit, SIGTERM, and a rank killed mid-search: an error, never an answer claimed minimum.
. "${top_srcdir:-.}/tests/lib.sh"
if ! "$MVC_GPU" --version | grep -q '^MPI: built in'; then
    echo "1..0 # SKIP built without MPI (make check-mpi builds with it)"
    exit 0
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "1..0 # SKIP no mpirun"
    exit 0
fi
# Open MPI: root is refused unless told, and containers often forbid cross-memory attach
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
BRUTE=${top_builddir:-.}/tests/mvc_brute
hard="$top_srcdir/instances/120-cell.gr" # its complement's cliques take minutes to rule out

# mpi NP ARGS...: mvc-gpu on NP ranks; stdout in $TMP/out, stderr in $TMP/err, status in $status
mpi() {
    np=$1
    shift
    status=0
    mpirun --oversubscribe -np "$np" "$MVC_GPU" "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
}

# the search on the ranks: no reduction, so that the clique search itself sees the graph
spread="--solver clique --no-reduce"

for np in 4 8; do
    seed=1
    while [ "$seed" -le 4 ]; do
        n=$((24 + seed % 7))
        p=$(echo "$seed" | awk '{ print 0.2 + 0.2 * ($1 % 3) }')
        random_graph "$n" "$p" "$seed$np" >"$TMP/g.gr"
        opt=$("$BRUTE" "$TMP/g.gr")
        name="$np ranks, G($n, $p) seed $seed"
        # shellcheck disable=SC2086
        mpi "$np" $spread "$TMP/g.gr"
        [ "$status" -eq 0 ] && [ "$(cover_size "$TMP/out")" = "$opt" ] && check_cover "$TMP/g.gr" "$TMP/out"
        ok $? "$name: cover $(cover_size "$TMP/out"), brute force $opt (exit $status)"
        # shellcheck disable=SC2086
        mpi "$np" $spread --k $((opt - 1)) "$TMP/g.gr"
        [ "$status" -eq 3 ] && ! grep -q '^s vc' "$TMP/out"
        ok $? "$name: --k $((opt - 1)): no cover (exit $status)"
        # shellcheck disable=SC2086
        mpi "$np" $spread --k "$opt" "$TMP/g.gr"
        [ "$status" -eq 0 ] && [ "$(cover_size "$TMP/out")" -le "$opt" ] && check_cover "$TMP/g.gr" "$TMP/out"
        ok $? "$name: --k $opt: cover $(cover_size "$TMP/out") (exit $status)"
        seed=$((seed + 1))
    done
    # larger graphs: against one process
    for n in 120 160; do
        random_graph "$n" 0.4 "$n$np" >"$TMP/g.gr"
        # shellcheck disable=SC2086
        "$MVC_GPU" $spread "$TMP/g.gr" >"$TMP/alone" 2>/dev/null
        # shellcheck disable=SC2086
        mpi "$np" $spread "$TMP/g.gr"
        [ "$status" -eq 0 ] && [ "$(cover_size "$TMP/out")" = "$(cover_size "$TMP/alone")" ] &&
            check_cover "$TMP/g.gr" "$TMP/out"
        ok $? "$np ranks, G($n, 0.4): cover $(cover_size "$TMP/out"), one process $(cover_size "$TMP/alone")"
    done
done

# the complement of DIMACS p_hat300-1, with its reductions: minimum cover 292
cop="$top_srcdir/instances/cop_hat300-1.gr"
mpi 4 --solver clique "$cop"
[ "$status" -eq 0 ] && [ "$(cover_size "$TMP/out")" = 292 ] && check_cover "$cop" "$TMP/out"
ok $? "4 ranks, cop_hat300-1: cover $(cover_size "$TMP/out"), minimum 292 (exit $status)"

# a time limit: rank 0 stops every rank and prints the best cover, not claimed minimum
t0=$(date +%s%N)
# shellcheck disable=SC2086
mpi 4 $spread --time-limit 1 --stats="$TMP/stats.json" "$hard"
ms=$((($(date +%s%N) - t0) / 1000000))
# (mpirun starting four ranks on a loaded two-core machine takes 2-3 s of its own)
[ "$status" -eq 4 ] && [ "$ms" -lt 10000 ] && check_cover "$hard" "$TMP/out" && grep -q 'not proven' "$TMP/out"
ok $? "4 ranks, --time-limit 1: exit $status after $ms ms, cover $(cover_size "$TMP/out") not proven"
# a second of work for everyone: every rank searched (the work crossed processes)
ranks=$(grep -o '"ranks": {[^}]*}' "$TMP/stats.json")
fewest=$(echo "$ranks" | sed -n 's/.*"nodes_min": \([0-9]*\).*/\1/p')
echo "$ranks" | grep -q '"count": 4' && [ "${fewest:-0}" -gt 0 ]
ok $? "4 ranks, --stats: every rank searched ($ranks)"

# SIGTERM to mpirun reaches every rank: the best cover is printed
# shellcheck disable=SC2086
mpirun --oversubscribe -np 4 "$MVC_GPU" $spread "$hard" >"$TMP/term" 2>"$TMP/term.err" &
job=$!
sleep 3 # past the ranks' start, slow on a loaded two-core machine
kill -TERM "$job"
wait "$job"
check_cover "$hard" "$TMP/term" && grep -q 'not proven' "$TMP/term"
ok $? "4 ranks, SIGTERM: a valid cover of $(cover_size "$TMP/term"), not proven"

# a rank killed mid-search: mpirun names it and fails; nothing is claimed minimum
# shellcheck disable=SC2086
mpirun --oversubscribe -np 4 "$MVC_GPU" $spread "$hard" >"$TMP/kill" 2>"$TMP/kill.err" &
job=$!
sleep 3 # past the ranks' start, slow on a loaded two-core machine
killed=""
for pid in $(pgrep -P "$job"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=2'; then
        kill -KILL "$pid" && killed=$pid
    fi
done
status=0
wait "$job" || status=$?
if [ -z "$killed" ]; then
    skip "no process of rank 2 found among mpirun's children (not Open MPI?)"
else
    [ "$status" -ne 0 ] && grep -q 'rank 2' "$TMP/kill.err" && ! grep -q '(proven)' "$TMP/kill" &&
        { ! grep -q '^s vc' "$TMP/kill" || check_cover "$hard" "$TMP/kill"; }
    ok $? "4 ranks, rank 2 killed: exit $status, mpirun names the rank, no minimum claimed"
fi
done_testing
