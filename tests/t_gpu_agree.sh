#!/bin/sh
# GPU solvers against the CPU solver: hybrid, stackonly and seq agree on the optimum of every
# instance in instances/ and of random graphs of several densities; every cover is checked;
# PVC at k = opt - 1, opt, opt + 1. Runs only where a CUDA device is present.
. "${top_srcdir:-.}/tests/lib.sh"
inst="$top_srcdir/instances"
if ! has_gpu; then
    echo "1..0 # SKIP no CUDA device"
    exit 0
fi
count="${MVC_GPU_RANDOM:-200}"

# solve SOLVER GRAPH [ARGS...]: prints "STATUS SIZE", cover left in $TMP/SOLVER.vc
solve() {
    s=$1; g=$2; shift 2
    st=0
    "$MVC_GPU" --quiet --solver="$s" "$@" "$g" >"$TMP/$s.vc" 2>"$TMP/$s.err" || st=$?
    echo "$st $(cover_size "$TMP/$s.vc")"
}

agree() { # agree GRAPH LABEL [ARGS...]
    g=$1; label=$2; shift 2
    ref=$(solve seq "$g" "$@")
    for s in hybrid stackonly; do
        got=$(solve "$s" "$g" "$@")
        is "$got" "$ref" "$label: $s agrees with seq ($ref)"
        if [ "${got%% *}" = 0 ]; then
            # --check takes --complement, never solver options such as --no-reduce
            case " $* " in *" --complement "*) cflags=--complement ;; *) cflags="" ;; esac
            check_cover "$g" "$TMP/$s.vc" $cflags; ok $? "$label: $s cover passes --check"
        fi
    done
}

tail -n +2 "$inst/manifest.tsv" | while IFS="$(printf '\t')" read -r file n m opt complement source; do
    flags=""
    [ "$complement" = yes ] && flags="--complement"
    agree "$inst/$file" "$file" $flags
    for k in $((opt - 1)) "$opt" $((opt + 1)); do
        [ "$k" -lt 0 ] && continue
        for s in hybrid stackonly; do
            got=$(solve "$s" "$inst/$file" $flags --k "$k")
            want=0; [ "$k" -lt "$opt" ] && want=3
            is "${got%% *}" "$want" "$file k=$k: $s exit $want"
        done
    done
done >"$TMP/tap1"

i=0
while [ "$i" -lt "$count" ]; do
    n=$((8 + i % 23))
    case $((i % 5)) in 0) p=0.1 ;; 1) p=0.2 ;; 2) p=0.3 ;; 3) p=0.5 ;; *) p=0.8 ;; esac
    random_graph "$n" "$p" "$((1000 + i))" >"$TMP/r.gr"
    agree "$TMP/r.gr" "random n=$n p=$p seed=$((1000 + i))" --no-reduce
    i=$((i + 1))
done >"$TMP/tap2"

# Forced configurations: a tiny worklist and the global-memory kernel still agree.
random_graph 60 0.3 99 >"$TMP/w.gr"
ref=$(solve seq "$TMP/w.gr")
is "$(solve hybrid "$TMP/w.gr" --worklist-size 4 --threshold 1)" "$ref" "hybrid with a 4-entry worklist" >"$TMP/tap3"
is "$(solve hybrid "$TMP/w.gr" --blocks 1)" "$ref" "hybrid with one block" >>"$TMP/tap3"
is "$(solve hybrid "$TMP/w.gr" --block-size 32)" "$ref" "hybrid with 32-thread blocks" >>"$TMP/tap3"
for storage in shared global; do
    for domination in on off; do
        is "$(solve hybrid "$TMP/w.gr" --no-reduce --gpu-storage "$storage" --gpu-domination "$domination")" \
            "$ref" "hybrid, node in $storage memory, domination $domination" >>"$TMP/tap3"
    done
done
is "$(solve stackonly "$TMP/w.gr" --no-reduce --gpu-storage global)" "$ref" "stackonly, node in global memory" >>"$TMP/tap3"

cat "$TMP/tap1" "$TMP/tap2" "$TMP/tap3" | awk '/^(not )?ok/ { n++; sub(/ok [0-9]+/, "ok " n) } { print } END { print "1.." n }' >"$TMP/tap"
cat "$TMP/tap"
! grep -q '^not ok' "$TMP/tap"
