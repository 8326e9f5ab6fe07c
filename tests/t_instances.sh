#!/bin/sh
# Every instance in instances/manifest.tsv: the CPU solvers (seq, bnr) find its known optimum, the
# cover passes --check, and PVC agrees (k = opt - 1: none; k = opt and opt + 1: found).
. "${top_srcdir:-.}/tests/lib.sh"
inst="$top_srcdir/instances"
solvers="${MVC_TEST_SOLVERS:-seq bnr}"

tail -n +2 "$inst/manifest.tsv" | while IFS="$(printf '\t')" read -r file n m opt complement source; do
    flags=""
    [ "$complement" = yes ] && flags="--complement"
    for solver in $solvers; do
        run --solver="$solver" $flags "$inst/$file"
        is "$status $(cover_size "$TMP/out")" "0 $opt" "$solver: $file minimum cover $opt"
        check_cover "$inst/$file" "$TMP/out" $flags; ok $? "$solver: $file cover passes --check"
        if [ "$opt" -gt 0 ]; then
            run --solver="$solver" $flags --k $((opt - 1)) "$inst/$file"
            is "$status" 3 "$solver: $file k=$((opt - 1)): no cover (exit 3)"
            grep -q '^s ' "$TMP/out"; ok $((!$?)) "$solver: $file k=$((opt - 1)): no cover printed"
        fi
        for k in "$opt" $((opt + 1)); do
            run --solver="$solver" $flags --k "$k" "$inst/$file"
            size=$(cover_size "$TMP/out")
            ok $((!(status == 0 && size <= k))) "$solver: $file k=$k: cover of size $size found"
            check_cover "$inst/$file" "$TMP/out" $flags; ok $? "$solver: $file k=$k: cover passes --check"
        done
    done
done > "$TMP/tap"
cat "$TMP/tap"
failed=$(grep -c '^not ok' "$TMP/tap")
count=$(grep -c '^ok\|^not ok' "$TMP/tap")
if [ "$count" -eq 0 ]; then
    # an empty or unreadable manifest must not pass as "nothing to test"
    echo "not ok 1 - instances/manifest.tsv lists no instance"
    echo "1..1"
    exit 1
fi
echo "1..$count"
[ "$failed" -eq 0 ]
