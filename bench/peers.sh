#!/bin/sh
# Peer solvers beside mvc-gpu (/work/shared/peers, or --peers DIR): each run under `timeout`,
# every answer checked with mvc-gpu --check and compared with the optimum.
#
#   bench/peers.sh dimacs NAME LIMIT [OPTIONS] [INSTANCE...]     MoMC and parasols
#   bench/peers.sh pace2019 NAME LIMIT [OPTIONS] [INSTANCE...]   WeGotYouCovered and peaty
#
# Options: --solvers LIST (a subset, e.g. --solvers wegotyoucovered), --jobs J (runs at once;
# the single-threaded peers take one CPU each), --threads N (parasols' threads; default CPUs / J),
# --dir DIR (instances), --binary PATH or $MVC_GPU (the mvc-gpu that checks), --results DIR or
# $RESULTS. Writes bench/results/NAME.csv and NAME.md. More: bench/solvers.py --help.
set -eu
if [ "$#" -lt 3 ]; then
    sed -n '2,12s/^# \{0,1\}//p' "$0" >&2
    exit 2
fi
set_name=$1 name=$2 limit=$3
shift 3
case $set_name in
dimacs) solvers=momc,parasols ;;
pace2019) solvers=wegotyoucovered,peaty ;;
*)
    echo "peers.sh: the set is dimacs or pace2019, not '$set_name'" >&2
    exit 2
    ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/solvers.py" --set "$set_name" --solvers "$solvers" \
    --name "$name" --limit "$limit" "$@"
