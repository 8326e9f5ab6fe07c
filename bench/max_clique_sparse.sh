#!/bin/sh
# Maximum clique of large sparse graphs: random graphs of 10^6 and 10^7 edges (10^8 with
# --huge) over m / 10 vertices, each with a planted clique of 12 and of 30 vertices
# (bench/gen_planted), solved by mvc-gpu's sparse path (bench/max_clique_run, which calls
# max_clique_solve) and by PMC beside it, whole-process wall time, every answer checked.
#
#   bench/max_clique_sparse.sh [--huge] [NAME]
#
# Results: bench/results/max-clique-sparse-NAME.csv and .md (NAME defaults to "cpu";
# RESULTS overrides the folder). Environment: BUILD (a configured build directory;
# default $top_builddir, else the current directory), PMC (default /work/shared/peers/pmc;
# "none" leaves it out), THREADS (both solvers; default: the online CPUs), LIMIT (seconds
# a run, default 600),
# GRAPHS (where the graphs are written; default $TMPDIR/mvc-max-clique), KEEP=1 keeps them,
# SIZES (edge counts instead of "1000000 10000000"), PLANTED (clique sizes instead of
# "12 30"), REPEAT (runs of each solver on each graph, the fastest reported; default 1).
set -eu
command="bench/max_clique_sparse.sh${1:+ }$*"
huge=0
if [ "${1:-}" = --huge ]; then
    huge=1
    shift
fi
name=${1:-cpu}
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-${top_builddir:-.}}
build=$(cd "$build" && pwd)
pmc=${PMC:-/work/shared/peers/pmc}
threads=${THREADS:-$(nproc)}
limit=${LIMIT:-600}
graphs=${GRAPHS:-${TMPDIR:-/tmp}/mvc-max-clique}
results=${RESULTS:-$here/results}
csv=$results/max-clique-sparse-$name.csv
md=$results/max-clique-sparse-$name.md

make -C "$build" -s bench/gen_planted bench/max_clique_run
gen=$build/bench/gen_planted
run=$build/bench/max_clique_run
mkdir -p "$graphs" "$results"

cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)
machine="$(nproc) CPUs ($cpu), $(free -g | awk '/^Mem:/ {print $2}') GiB${gpu:+, $gpu}"

now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }

echo "machine,graph,n,m,planted,solver,threads,seconds,solve_seconds,size,status,check" >"$csv"

# row GRAPH N M K SOLVER SECONDS SOLVE SIZE STATUS ANSWER GR: checks ANSWER, appends a line
row() {
    check=missing
    if [ -s "${10}" ]; then
        verdict=$("$run" --check="${10}" "${11}" | tr ',' ';' || true)
        case $verdict in
        "valid $8") check=valid ;;
        valid*) check="valid but of ${verdict#valid } vertices" ;;
        *) check="INVALID: ${verdict#invalid: }" ;;
        esac
        if [ "$check" = valid ] && [ "$8" -lt "$4" ]; then
            check="valid but SMALLER THAN THE PLANTED CLIQUE"
        fi
    fi
    echo "\"$machine\",$1,$2,$3,$4,$5,$threads,$6,$7,$8,$9,\"$check\"" >>"$csv"
    printf '%-26s %-7s %8s s (solve %8s s)  clique %4s  %-8s %s\n' "$1" "$5" "$6" "$7" "$8" "$9" \
        "$check"
}

# One run of mvc-gpu's sparse path (the automatic choice takes it for graphs this sparse):
# sets seconds, solve, size and status; the clique goes to $answer.
run_mvc() {
    rm -f "$answer"
    t0=$(now)
    code=0
    timeout "$limit" "$run" --threads="$threads" --output="$answer" "$gr" >"$log" 2>&1 ||
        code=$?
    seconds=$(minus "$(now)" "$t0")
    size=$(awk '$1 == "size" {print $2}' "$log")
    status=$(awk '$1 == "size" {print $4}' "$log")
    read_s=$(awk '$1 == "size" {print $10}' "$log")
    [ "$code" = 124 ] && status=timeout
    [ -n "$status" ] || status="error $code"
    solve=""
    [ -n "$read_s" ] && solve=$(minus "$seconds" "$read_s")
}

# One run of PMC, the same variables: the clique of its last "Maximum clique:" line (1-based
# ids, as in the file); "Size (omega)" after a search, "Heuristic found optimal solution."
# when there was none.
run_pmc() {
    rm -f "$answer"
    t0=$(now)
    code=0
    timeout "$limit" "$pmc" -f "$mtx" -t "$threads" -a 0 >"$log" 2>&1 || code=$?
    seconds=$(minus "$(now)" "$t0")
    read_s=$(awk '/^Reading time/ {print $3}' "$log")
    solve=""
    [ -n "$read_s" ] && solve=$(minus "$seconds" "$read_s")
    awk -v n="$n" '/Maximum clique:/ {line = $0}
        END {if (line == "") exit; sub(/^.*Maximum clique: */, "", line);
             k = split(line, v, " "); print "s clique " n " " k;
             for (i = 1; i <= k; i++) print v[i]}' "$log" >"$answer"
    size=""
    if grep -q '^Size (omega):' "$log" || grep -q 'Heuristic found optimal solution' "$log"; then
        size=$(awk 'NR == 1 {print $4}' "$answer")
    fi
    status=optimal
    grep -q 'Time limit expired' "$log" && status=stopped
    [ "$code" = 124 ] && status=timeout
    [ -n "$size" ] || status="error $code"
}

# best SOLVER: the fastest of $repeat runs of run_SOLVER, checked and written as a row
best() {
    b_seconds=""
    r=0
    while [ "$r" -lt "$repeat" ]; do
        r=$((r + 1))
        answer=$graphs/$graph.$1.$r.clq log=$graphs/$graph.$1.$r.log
        "run_$1"
        if [ -z "$b_seconds" ] || awk -v a="$seconds" -v b="$b_seconds" 'BEGIN {exit !(a < b)}'
        then
            b_seconds=$seconds b_solve=$solve b_size=${size:-0} b_status=$status
            b_answer=$answer
        fi
    done
    solver=$1
    [ "$solver" = mvc ] && solver=mvc-gpu
    row "$graph" "$n" "$edges" "$k" "$solver" "$b_seconds" "$b_solve" "$b_size" "$b_status" \
        "$b_answer" "$gr"
}

sizes=${SIZES:-1000000 10000000}
[ "$huge" = 1 ] && sizes="$sizes 100000000"
repeat=${REPEAT:-1}
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
echo "machine: $machine; $threads threads each; the fastest of $repeat run(s)"
for m in $sizes; do
    n=$((m / 10))
    for k in ${PLANTED:-12 30}; do
        graph=planted-m$m-k$k
        gr=$graphs/$graph.gr mtx=$graphs/$graph.mtx
        t0=$(now)
        "$gen" "$n" "$m" "$k" "$m" "$gr" "$mtx" >"$graphs/$graph.planted"
        echo "generated $graph in $(minus "$(now)" "$t0") s: $(cut -c1-60 "$graphs/$graph.planted")..."
        edges=$(awk '{print $5}' "$graphs/$graph.planted")
        best mvc
        [ "$pmc" = none ] || best pmc
        [ "${KEEP:-0}" = 1 ] || rm -f "$gr" "$mtx"
    done
done

{
    echo "# Maximum clique of large sparse graphs: mvc-gpu's sparse path beside PMC"
    echo
    echo "Produced by \`$command\` on $machine."
    echo "Graphs from \`bench/gen_planted N M K SEED\`: M uniform random pairs over N = M / 10"
    echo "vertices (repeats merged, loops dropped) plus a clique planted on K random vertices."
    echo "mvc-gpu: \`bench/max_clique_run --threads=$threads\` (max_clique_solve on the graph read"
    echo "from the .gr file; the automatic choice takes the sparse path). PMC:"
    echo "\`pmc -f G.mtx -t $threads -a 0\` on the same graph in Matrix Market form."
    echo "Seconds are whole-process wall time, reading included, the fastest of $repeat run(s);"
    echo "*solve s* leaves reading out (the whole time less graph_read for mvc-gpu, less PMC's"
    echo "own \"Reading time\"). Every clique is checked against the graph"
    echo "(\`bench/max_clique_run --check\`). Load average (1, 5, 15 minutes) before the runs:"
    echo "$load_before; after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)."
    echo
    echo "| graph | vertices | edges | planted | solver | seconds | solve s | clique | status | check |"
    echo "|---|---:|---:|---:|---|---:|---:|---:|---|---|"
    tail -n +2 "$csv" | awk -F, '{ # from the end: the machine field holds commas
        n = NF; check = $n; gsub(/"/, "", check)
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
            $(n-10), $(n-9), $(n-8), $(n-7), $(n-6), $(n-4), $(n-3), $(n-2), $(n-1), check }'
} >"$md"
echo "wrote $csv and $md"
