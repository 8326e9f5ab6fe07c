#!/bin/sh
# The command line: help, version, usage errors, output forms, --check, --output, --stats, stdin.
. "${top_srcdir:-.}/tests/lib.sh"
inst="$top_srcdir/instances"

run --help
is "$status" 0 "--help exits 0"
for opt in --k --solver --time-limit --threads --stats --output --verbose --quiet \
           --complement --format --steiner --check --no-reduce --block-size --blocks \
           --worklist-size --threshold --depth --device-memory --gpu-storage --gpu-domination \
           --no-local-search --no-maxsat --no-symmetry --gpus; do
    grep -q -- "$opt" "$TMP/out"; ok $? "--help describes $opt"
done
run --version
is "$status" 0 "--version exits 0"
grep -q '^mvc-gpu ' "$TMP/out"; ok $? "--version names the program"

run --no-such-option "$inst/path10.gr"
is "$status" 2 "unknown option: exit 2"
grep -q "unknown option '--no-such-option'" "$TMP/err"; ok $? "and says which option"
run -vx "$inst/path10.gr"
grep -q "unknown option '-x'" "$TMP/err"; ok $? "an unknown letter in a cluster is named alone"
run --verbose -xv "$inst/path10.gr"
grep -q "unknown option '-x'" "$TMP/err"; ok $? "  also when it is not the cluster's last"
run --no "$inst/path10.gr"
is "$status" 2 "an ambiguous prefix: exit 2"
grep -q "option '--no' is ambiguous: --no-reduce" "$TMP/err"; ok $? "and the message lists the options"
run --help=3
is "$status" 2 "--help=3: exit 2"
grep -q "option '--help' takes no argument" "$TMP/err"; ok $? "and the message says it takes none"
run </dev/null
is "$status" 2 "no FILE and an empty standard input: exit 2"
grep -q "^mvc-gpu: <stdin>" "$TMP/err"; ok $? "and the message names standard input"
run "$inst/path10.gr" extra
is "$status" 2 "two input files: exit 2"
run --solver=magic "$inst/path10.gr"
is "$status" 2 "unknown solver: exit 2"
run --k -3 "$inst/path10.gr"
is "$status" 2 "negative k: exit 2"
run --k ' 5' "$inst/path10.gr"
is "$status" 2 "a k with a leading blank: exit 2 (a number is taken as written)"
run --time-limit abc "$inst/path10.gr"
is "$status" 2 "non-numeric time limit: exit 2"
run --gpu-storage nowhere "$inst/path10.gr"
is "$status" 2 "unknown --gpu-storage: exit 2"
grep -q "^mvc-gpu: --gpu-storage takes auto, shared or global, not 'nowhere'" "$TMP/err"; ok $? "and says what it takes"
run --gpu-domination maybe "$inst/path10.gr"
is "$status" 2 "unknown --gpu-domination: exit 2"
grep -q "^mvc-gpu: --gpu-domination takes auto, on or off, not 'maybe'" "$TMP/err"; ok $? "and says what it takes"
run "$TMP/does-not-exist.gr"
is "$status" 2 "missing file: exit 2"
grep -q "does-not-exist.gr" "$TMP/err"; ok $? "and the message names the file"
[ "$(wc -l <"$TMP/err")" -eq 1 ]; ok $? "in exactly one line"

run --solver=seq "$inst/path10.gr"
is "$status" 0 "path10 solved"
is "$(cover_size "$TMP/out")" 5 "minimum cover of P10 has 5 vertices"
grep -v '^c ' "$TMP/out" | grep -v '^s vc ' | grep -qv '^[0-9][0-9]*$'; ok $((!$?)) "only c, s and vertex lines"
check_cover "$inst/path10.gr" "$TMP/out"; ok $? "printed cover passes --check"

printf 's vc 10 1\n1\n' >"$TMP/bad.vc"
"$MVC_GPU" --check "$inst/path10.gr" "$TMP/bad.vc" >/dev/null 2>"$TMP/err"; status=$?
is "$status" 3 "--check of a non-cover: exit 3"
grep -q "not covered" "$TMP/err"; ok $? "and names an uncovered edge"
printf 's vc 10 1\n11\n' >"$TMP/bad.vc"
"$MVC_GPU" --check "$inst/path10.gr" "$TMP/bad.vc" >/dev/null 2>"$TMP/err"; status=$?
is "$status" 2 "--check of a malformed solution: exit 2"
grep -q "bad.vc:2:" "$TMP/err"; ok $? "with FILE:LINE"

run --solver=seq --output "$TMP/answer.vc" "$inst/cycle9.gr"
is "$status" 0 "--output: exit 0"
[ ! -s "$TMP/out" ]; ok $? "nothing on stdout with --output"
is "$(cover_size "$TMP/answer.vc")" 5 "--output file holds the cover"

run --solver=seq --stats="$TMP/stats.json" "$inst/petersen.gr"
is "$status" 0 "--stats=FILE: exit 0"
for key in '"n": 10' '"m": 15' '"best": 6' '"proven": true' '"solver": "seq"' '"nodes"' '"load"' '"search"'; do
    grep -q "$key" "$TMP/stats.json"; ok $? "stats JSON has $key"
done
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/stats.json"; ok $? "stats JSON parses"
else
    skip "python3 not installed"
fi

"$MVC_GPU" --solver=seq - <"$inst/grid4x4.gr" >"$TMP/out" 2>"$TMP/err"; status=$?
is "$status" 0 "standard input as -"
is "$(cover_size "$TMP/out")" 8 "grid 4x4 from stdin: 8"

run --solver=seq --quiet --verbose "$inst/path10.gr"
is "$status" 2 "--quiet with --verbose: exit 2"
run --solver=seq --quiet "$inst/path10.gr"
[ ! -s "$TMP/err" ]; ok $? "--quiet: nothing on stderr"
run --solver=seq --verbose "$inst/path10.gr"
grep -q "10 vertices, 9 edges" "$TMP/err"; ok $? "--verbose reports the graph read"

run --solver=seq --complement "$inst/petersen.clq"
is "$status" 0 "--complement solves"
is "$(cover_size "$TMP/out")" 8 "MVC of the Petersen complement is 8"
grep -q '^c clique 2 ' "$TMP/out"; ok $? "and the maximum clique (2) is printed"
check_cover "$inst/petersen.clq" "$TMP/out" --complement; ok $? "complement cover passes --check --complement"
run --complement --complement-memory 1K "$inst/cop_hat300-1.gr"
is "$status" 1 "a complement over the memory cap is refused (exit 1)"
grep -q "complement" "$TMP/err"; ok $? "with a message about the complement"

# cop_hat300-1: its complement is the clique graph p_hat300-1 (ω = 8), a cover of 292
for opts in "" "--no-local-search" "--no-maxsat" "--no-local-search --no-maxsat"; do
    run --solver=clique $opts "$inst/cop_hat300-1.gr"
    is "$(cover_size "$TMP/out")" 292 "--solver=clique $opts: cover of 292"
    check_cover "$inst/cop_hat300-1.gr" "$TMP/out"; ok $? "--solver=clique $opts: the cover passes --check"
done
run --steiner --no-maxsat "$inst/path10.gr"
is "$status" 2 "--no-maxsat outside vertex cover and clique modes: exit 2"
run --steiner --no-symmetry "$inst/path10.gr"
is "$status" 2 "--no-symmetry outside vertex cover and clique modes: exit 2"
"$MVC_GPU" --version >"$TMP/version.out"
grep -q '^nauty: ' "$TMP/version.out"; ok $? "--version says whether nauty is built in"

# the 120-cell (a group of order 14,400): split by its orbits where nauty is built in, not with
# --no-symmetry; under a 0.5-s limit either way a valid cover comes out (exit 4, not proven)
run --solver=clique --time-limit 0.5 --stats="$TMP/sym.json" "$inst/120-cell.gr"
is "$status" 4 "120-cell, --solver=clique, 0.5 s: stopped (exit 4)"
check_cover "$inst/120-cell.gr" "$TMP/out"; ok $? "and its cover passes --check"
if grep -q '^nauty: built in' "$TMP/version.out"; then
    grep -q '"symmetry": {"log10_group": 4.158' "$TMP/sym.json"
    ok $? "--stats reports the split and the group's order (log10 4.158 = 14,400)"
else
    skip "built without nauty: no split to report"
fi
run --solver=clique --no-symmetry --time-limit 0.5 --stats="$TMP/nosym.json" "$inst/120-cell.gr"
is "$status" 4 "120-cell, --no-symmetry, 0.5 s: stopped (exit 4)"
check_cover "$inst/120-cell.gr" "$TMP/out"; ok $? "and its cover passes --check"
! grep -q '"symmetry"' "$TMP/nosym.json"; ok $? "--no-symmetry: no split in --stats"

# --gpus: all, or 1 .. 16 devices; it tunes the GPU searches only
for bad in 0 17 two -1; do
    run --gpus "$bad" "$inst/path10.gr"
    is "$status" 2 "--gpus $bad: exit 2"
done
grep -q "'all' or a number of GPUs" "$TMP/err"; ok $? "and the message says what --gpus takes"
run --steiner --gpus 2 "$inst/path10.gr"
is "$status" 2 "--gpus in Steiner tree mode: exit 2"
if has_gpu; then
    devices=$("$MVC_GPU" --version | sed -n 's/^CUDA devices: \([0-9]*\).*/\1/p')
    devices=${devices:-1}
    for opts in "--gpus 1" "--gpus all" "--gpus $devices"; do
        run --solver=clique-gpu $opts "$inst/cop_hat300-1.gr"
        is "$(cover_size "$TMP/out")" 292 "--solver=clique-gpu $opts ($devices device(s)): cover of 292"
        check_cover "$inst/cop_hat300-1.gr" "$TMP/out"; ok $? "--solver=clique-gpu $opts: the cover passes --check"
    done
    run --solver=clique-gpu --gpus $((devices + 1)) "$inst/cop_hat300-1.gr"
    is "$status" 1 "--gpus $((devices + 1)) on $devices device(s): exit 1"
    grep -q "this machine has $devices CUDA device" "$TMP/err"; ok $? "and the message counts the devices"
else
    run --gpus 2 "$inst/cop_hat300-1.gr"
    is "$status" 0 "--gpus 2 without a GPU: solved on the CPU"
    is "$(cover_size "$TMP/out")" 292 "--gpus 2 without a GPU: cover of 292"
    grep -q "warning: --gpus has no effect" "$TMP/err"; ok $? "with a warning that --gpus has no effect"
fi

if has_gpu; then
    skip "built with CUDA and a device: the CPU-only refusal does not apply"
else
    run --solver=hybrid "$inst/path10.gr"
    ok $((status == 0)) "--solver=hybrid without a GPU is refused (exit $status)"
    grep -q "CUDA" "$TMP/err"; ok $? "and the message says why"
fi

done_testing
