#!/bin/sh
# PACE 2019 vertex cover (exact track, public instances): every instance once with
# mvc-gpu's default pipeline and a time limit, answers checked against optima.tsv.
#
#   bench/pace2019.sh NAME LIMIT DIR [BINARY] [DEVICE]
#
# DIR holds vc-exact_*.gr (or .gr.gz) and optima.tsv; results go to
# bench/results/NAME.csv and NAME.md (RESULTS overrides the folder).
set -eu
name=$1 limit=$2 dir=$3
here=$(cd "$(dirname "$0")" && pwd)
binary=${4:-$here/../mvc-gpu}
device=${5:-$(uname -n)}
exec python3 "$here/bench.py" --name "$name" --binary "$binary" --solvers auto --modes mvc \
    --time-limit "$limit" --optima "$dir/optima.tsv" --device "$device" \
    --results "${RESULTS:-$here/results}" "$dir"/vc-exact_*.gr*
