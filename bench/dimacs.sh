#!/bin/sh
# DIMACS maximum clique graphs with mvc-gpu in its two clique modes: the minimum cover of the
# edge complement (--complement) and the maximum clique itself (--clique), one run at a time,
# every answer checked against omega.tsv.
#
#   bench/dimacs.sh NAME LIMIT [OPTIONS] [INSTANCE...]
#
# Reads every *.clq.gz of /work/shared/instances/dimacs (--dir DIR for another folder), runs
# ./mvc-gpu (--binary PATH or $MVC_GPU for another), writes bench/results/NAME.csv and NAME.md
# (--results DIR or $RESULTS for another folder). Other options: bench/solvers.py --help.
set -eu
if [ "$#" -lt 2 ]; then
    sed -n '2,11s/^# \{0,1\}//p' "$0" >&2
    exit 2
fi
name=$1 limit=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/solvers.py" --set dimacs --solvers complement,clique --jobs 1 \
    --name "$name" --limit "$limit" "$@"
