#!/bin/sh
# Many small components: COPIES disjoint copies of the Petersen graph (minimum cover 6 each),
# solved by each mvc-gpu given, one run at a time, every cover checked.
#
#     bench/components.sh COPIES LIMIT MVC_GPU...   # prints one TSV line per binary
#
# The reductions leave every copy whole (3-regular, no LP fixing), so the kernel is COPIES
# components of 10 vertices: what a kernel of many components costs the pipeline.
set -eu
copies=$1 limit=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v k="$copies" 'BEGIN {
    split("1 2 2 3 3 4 4 5 5 1 1 6 2 7 3 8 4 9 5 10 6 8 8 10 10 7 7 9 9 6", e, " ")
    print "p td " 10 * k " " 15 * k
    for (c = 0; c < k; c++) for (i = 1; i <= 30; i += 2) print 10 * c + e[i] " " 10 * c + e[i + 1]
}' >"$tmp/g.gr"
printf 'binary\tcopies\tlimit_s\texit\tcover\texpected\tseconds\tcheck\n'
for bin in "$@"; do
    start=$(date +%s.%N)
    status=0
    "$bin" --time-limit "$limit" "$tmp/g.gr" >"$tmp/c.vc" 2>/dev/null || status=$?
    end=$(date +%s.%N)
    size=$(awk '$1 == "s" { print $4 }' "$tmp/c.vc")
    check=ok
    "$bin" --check "$tmp/g.gr" "$tmp/c.vc" >/dev/null 2>&1 || check=invalid
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%s\n' "$bin" "$copies" "$limit" "$status" "$size" \
        $((6 * copies)) "$(echo "$end - $start" | bc)" "$check"
done
