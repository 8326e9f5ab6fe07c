#!/bin/sh
# Cross-checking soak: bench/soak (every solver, with and without kernelization, MVC
# and PVC at opt - 1 and opt, on COUNT random graphs), then every tenth graph again
# through the command line: the default solver, --check on its answer, PVC at
# opt - 1 (exit 3) and opt (exit 0, checked), each exit status as documented.
#
#   bench/soak.sh NAME [COUNT] [SEED] [DEVICE]     run in a configured build folder
#
# Results: bench/results/NAME.csv (one row per graph) and NAME.md (RESULTS overrides
# the folder). Exit status 1 on any disagreement, invalid cover or wrong exit status.
set -eu
name=$1 count=${2:-1000} seed=${3:-1}
here=$(cd "$(dirname "$0")" && pwd)
device=${4:-$(uname -n)}
results=${RESULTS:-$here/results}
make -s bench/soak mvc-gpu >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

start=$(date +%s)
status=0
./bench/soak --count "$count" --seed "$seed" --csv "$results/$name.csv" \
    --write-every 10 --dir "$work" >"$work/summary.txt" || status=1
cat "$work/summary.txt"

# the command line: exit status and answer of the real binary
cli_runs=0 cli_wrong=0
expect() { # EXPECTED-STATUS WHAT COMMAND...: run, compare the status
    want=$1 what=$2
    shift 2
    got=0
    "$@" >"$work/out" 2>"$work/err" || got=$?
    cli_runs=$((cli_runs + 1))
    if [ "$got" != "$want" ]; then
        cli_wrong=$((cli_wrong + 1))
        echo "soak: $what: exit $got, expected $want: $(head -c 300 "$work/err")"
        return 1
    fi
}
while IFS="$(printf '\t')" read -r file opt; do
    g=$work/$file
    if expect 0 "$file MVC" ./mvc-gpu "$g"; then
        cp "$work/out" "$work/answer.vc"
        size=$(awk '$1 == "s" { print $4 }' "$work/answer.vc")
        [ "$size" = "$opt" ] || { cli_wrong=$((cli_wrong + 1)); echo "soak: $file: size $size, optimum $opt"; }
        expect 0 "$file --check" ./mvc-gpu --check "$g" "$work/answer.vc" || true
    fi
    if [ "$opt" -gt 0 ]; then
        expect 3 "$file --k $((opt - 1))" ./mvc-gpu --k $((opt - 1)) "$g" || true
    fi
    if expect 0 "$file --k $opt" ./mvc-gpu --k "$opt" "$g"; then
        cp "$work/out" "$work/answer.vc"
        expect 0 "$file --k $opt --check" ./mvc-gpu --check "$g" "$work/answer.vc" || true
    fi
done <"$work/optima.tsv"
[ "$cli_wrong" = 0 ] || status=1
seconds=$(($(date +%s) - start))
echo "command line: $cli_runs runs, $cli_wrong wrong"

{
    echo "# $name"
    echo
    echo "Device: $device. \`bench/soak.sh $name $count $seed\` ($seconds s in all)."
    echo "Each graph went through every solver listed, with and without kernelization (MVC),"
    echo "and PVC at k = opt - 1 and k = opt (kernelization alternating); every cover was checked"
    echo "against the edge list, optima cross-checked between solvers and, up to 20 vertices,"
    echo "against a brute force. Every tenth graph also went through the \`mvc-gpu\` command"
    echo "line (default solver, \`--check\`, \`--k opt-1\` exit 3, \`--k opt\` exit 0). Per-graph rows: \`$name.csv\`."
    echo
    echo '```'
    cat "$work/summary.txt"
    echo "command line: $cli_runs runs, $cli_wrong wrong exit statuses or sizes"
    echo '```'
} >"$results/$name.md"
exit $status
